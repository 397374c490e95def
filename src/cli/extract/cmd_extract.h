/* SPDX-License-Identifier: MIT */
/*
 * cmd_extract.h: the parts of `uriscan extract` (cmd_extract.c: options and the
 * FILE loop; extract_output.c: what a match prints; extract_jobs.c: -j N).
 * Internal to extract; other commands do not include it.
 */
#ifndef URISCAN_CLI_EXTRACT_H
#define URISCAN_CLI_EXTRACT_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#include "counted_set.h"
#include "grammar_opts.h"
#include "host_info.h"
#include "norm_buf.h"
#include "rewrite_opts.h"

enum xformat { XF_TSV, XF_JSONL };
enum xmode { XM_LIST, XM_ONLY, XM_COUNT, XM_UNIQUE, XM_TOP };

struct xopts {
	const char *grammar;
	enum xformat format;
	int format_given; /* --format was given (-u then prints records) */
	enum xmode mode;
	int count_unique; /* -c -u: the number of distinct URLs */
	unsigned long top; /* --top=N; 0: all */
	unsigned long jobs;
	int normalize; /* --normalize: URLs printed and counted normalized */
	int keep_cut;  /* --keep-cut: cut matches printed, marked */
	int hosts;     /* --hosts: the host fields in each record */
	int defanged;  /* --defanged: defanged URLs too, marked */
	struct uriscan_extract_options ex;
	struct rw_spec rw; /* the rewrite options (after --normalize) */
	char **files;
	int nfiles;
};

struct xrun {
	struct xopts *o;
	enum uriscan_grammar g;
	const struct grammar_fields *fields; /* the JSON keys */
	const char *label; /* the FILE operand, "-" for standard input */
	int label_column;  /* TSV: print the FILE column (several FILEs) */
	uint64_t matches;
	uint64_t cut; /* matches dropped as cut (URISCAN_MATCH_CUT) */
	struct counted_set set; /* --unique: URLs; --top: hosts */
	struct norm_buf norm;   /* --normalize: the current match's normal form */
	char *host;             /* --top: the lowercased host (any length) */
	size_t host_cap;
	struct host_info *hi;   /* --hosts: the current match's */
	/* --hosts: the matches carry their confusion flags
	 * (URISCAN_EXTRACT_CONFUSION; the streamed ones, not -j's) */
	int match_flags;
};

/* Scan the options (extract_opts.c): o zeroed but for its defaults;
 * usage errors exit. */
void extract_options(struct xopts *o, int argc, char **argv);

/* Print (or count) one match on line `line` (1-based); m->uri must hold
 * the components when need_components() and the match is not truncated. */
void extract_emit(struct xrun *r, const struct uriscan_match *m,
                  uint64_t line);
/* After the last FILE: --count's number, --top's hosts. */
void extract_finish(struct xrun *r);
/* After the output: how many cut matches were dropped, on stderr. */
void extract_report_cut(const struct xrun *r);
/* Whether the output shows components (the extractor must split). */
int extract_need_components(const struct xopts *o);
/* Whether -u prints records (with --format or --hosts), not URLs. */
int extract_unique_records(const struct xopts *o);
/* The number of '\n' in [p, p + n). */
uint64_t extract_count_nl(const char *p, size_t n);

/* -j N over the mapped bytes [map, map + size) of a regular file; returns
 * 0, or -1 with errno set (ENOMEM) when extraction failed. */
int extract_mapped(struct xrun *r, const char *map, size_t size);
/* The smallest file -j N maps (smaller ones are streamed). */
#define EXTRACT_BLOCK_MIN ((size_t)1 << 20)

#endif
