/* SPDX-License-Identifier: MIT */
/*
 * cmd_log.h: the parts of `uriscan log` (cmd_log.c: judging, the FILE loop;
 * log_opts.c: the options; log_line.h: the access-log line format;
 * log_output.c: the records; log_summary.c: the summary; log_hosts.c:
 * --hosts). Internal to log; other commands do not include it.
 */
#ifndef URISCAN_CLI_LOG_H
#define URISCAN_CLI_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#include "counted_set.h"
#include "host_info.h"
#include "input.h"
#include "log_line.h"
#include "norm_buf.h"
#include "rewrite_opts.h"

/* --hosts: what the hosts of the line's target and referer mean
 * (log_hosts.c), and their counts for --summary. */
struct log_hosts {
	struct host_info target, referer;
	int has_target, has_referer; /* each was read (else its fields null) */
	char *buf;                   /* "http://" and a CONNECT target */
	size_t cap;
	uint64_t target_class[URISCAN_IP_CLASS_COUNT], target_flag[32];
	uint64_t referer_class[URISCAN_IP_CLASS_COUNT], referer_flag[32];
};

/* The rewrite options: the line's target and referer rewritten
 * (log_rewrite.c). */
struct log_rewritten {
	char *target, *referer;
	size_t tcap, rcap, tlen, rlen;
	int has_target, has_referer;
};

struct logrun {
	struct record_loop loop;
	enum frontend_log_format fmt;
	enum uriscan_grammar g;
	int tsv, summary, verbose;
	int normalize; /* --normalize: --summary counts normal forms */
	int with_hosts; /* --hosts */
	struct log_hosts *lh; /* with --hosts */
	struct norm_buf norm;
	unsigned long top; /* --top=N; 0: all */
	/* counts */
	uint64_t lines, not_in_format, tv, ti, rv, ri, rabsent;
	struct counted_set hosts, paths, errors;
	struct frontend_log_fields f;
	struct rw_spec rw;         /* the rewrite options (rw.any: given) */
	struct log_rewritten lrw;  /* with them: this line's */
};

/* The judgement of one line's request line and referer (cmd_log.c). */
struct log_verdict {
	struct uriscan_request q; /* q.uri: the target's components */
	int st;                   /* status of the request line */
	struct uriscan_uri ru;    /* the referer */
	int rst;                  /* its status (OK when absent) */
};

/* Scan the options into r (r zeroed but for its defaults); returns the
 * number of FILE operands, left in argv[0, n) (log_opts.c). Usage errors
 * exit. */
int log_options(struct logrun *r, int argc, char **argv);

/* Whether the request line was split as far as its target. */
static inline int log_has_target(const struct log_verdict *v)
{
	return v->st == URISCAN_OK || v->q.error_part >= URISCAN_REQUEST_TARGET;
}

/* --hosts (log_hosts.c): read the hosts of the line's target and referer
 * into r->lh (and count them with --summary). */
void log_hosts_read(struct logrun *r, const struct log_verdict *v);
void log_hosts_free(struct logrun *r);

/* The rewrite options (log_rewrite.c): rewrite the line's target and
 * referer into r->lrw; print them (target_rewritten, referer_rewritten);
 * free. */
void log_rewrite_read(struct logrun *r, const struct log_verdict *v);
void log_rewrite_print(const struct logrun *r);
void log_rewrite_free(struct logrun *r);

/* One output record for the line (log_output.c). */
void log_print_line(struct logrun *r, const struct log_verdict *v);
/* --summary: the counts and the top lists (log_summary.c). */
void log_print_summary(struct logrun *r);

#endif
