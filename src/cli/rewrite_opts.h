/* SPDX-License-Identifier: MIT */
/*
 * rewrite_opts.h: the rewrite options (`--strip-tracking`, `--query-set`,
 * ...) shared by `uriscan rewrite`, `extract` and `log`: their scan, their
 * checks, the tracking file, and the rewrite of one URL
 * (uriscan_rewrite) with buffers that grow as needed.
 */
#ifndef URISCAN_CLI_REWRITE_OPTS_H
#define URISCAN_CLI_REWRITE_OPTS_H

#include <stddef.h>

#include "uriscan.h"

#include "args.h"

/* Option ids (struct cli_optdef.id), above any command's own. */
enum {
	RW_SET = 0x10000,
	RW_REMOVE_COMPONENT,
	RW_QUERY_SET,
	RW_QUERY_APPEND,
	RW_QUERY_REMOVE,
	RW_QUERY_KEEP,
	RW_QUERY_SORT,
	RW_STRIP_TRACKING,
	RW_DROP_FRAGMENT,
	RW_DROP_DEFAULT_PORT,
	RW_LOWER,
	RW_NORMALIZE,
	RW_SCHEME_BASED,
	RW_QUERY_ICASE,
	RW_FORM,
	RW_SEMICOLON,
	RW_KEEP_EMPTY,
	RW_END
};

/* The options, in --help order; RW_NORMALIZE and RW_SCHEME_BASED last (a
 * command with its own --normalize takes the first rw_n_optdefs_base). */
extern const struct cli_optdef rw_optdefs[];
extern const size_t rw_n_optdefs, rw_n_optdefs_base;
/* Their --help lines (rw_help_base: without --normalize, --scheme-based). */
extern const char rw_help_base[], rw_help_normalize[];

static inline int rw_is_option(int id)
{
	return id >= RW_SET && id < RW_END;
}

struct rw_spec {
	struct uriscan_rewrite_options o;
	struct uriscan_set_options *sets;
	struct uriscan_query_edit *edits;
	size_t cap_sets, cap_edits;
	const char *tracking_file; /* --strip-tracking=FILE */
	char **tracking;           /* the globs read from it */
	size_t n_tracking, cap_tracking;
	int any;                   /* some option was given */
	char *buf, *work;          /* the result and the work buffer */
	size_t cap;
	int sorts;                 /* a --query-sort was given */
	void *sort_work;           /* records of a SORT: one read of any query */
	size_t sort_cap;
};

/* One option (from the command's cli_parse_args callback). */
void rw_set(struct rw_spec *r, const struct cli_optdef *d, const char *spelled,
            const char *arg);
/* After the scan: the combinations, the tracking file (a usage error or
 * a message and EXIT_TROUBLE). 0 or EXIT_TROUBLE. */
int rw_finish(struct rw_spec *r);
/* Rewrite in[0, len): URISCAN_OK and *res, *rlen (valid until the next
 * call), or a status and *err. Without any option: the input itself. */
int rw_apply(struct rw_spec *r, enum uriscan_grammar g, const char *in,
             size_t len, const char **res, size_t *rlen,
             struct uriscan_error *err);
void rw_free(struct rw_spec *r);

#endif
