/*
 * cmd_log.h: the parts of `uriscan log` (cmd_log.c: options, judging, the FILE
 * loop; log_line.c: the access-log line format; log_output.c: the records
 * and the summary). Internal to log; other commands do not include it.
 */
#ifndef URISCAN_CLI_LOG_H
#define URISCAN_CLI_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#include "counted_set.h"
#include "input.h"
#include "norm_buf.h"

enum logfmt { FMT_AUTO, FMT_COMMON, FMT_COMBINED };

/* The fields of one log line that are judged, decoded (log_line.c). */
struct log_fields {
	char *req, *ref;          /* the request line and the referer */
	size_t cap;               /* room in each buffer */
	uint32_t *req_esc, *ref_esc; /* offsets of the bytes from escapes */
	size_t nreq_esc, nref_esc;
	long rl, fl;              /* decoded lengths (fl: -1 without referer) */
	int has_ref;              /* a referer other than "-" */
	unsigned status;          /* the HTTP status, 100..599 */
};

/* Split the line [rec, rec + len) in format fmt into f (its buffers grow
 * to the line). Returns NULL, or why the line is not in the format. */
const char *log_line_split(enum logfmt fmt, const char *rec, size_t len,
                           struct log_fields *f);
void log_fields_free(struct log_fields *f);

struct logrun {
	struct record_loop loop;
	enum logfmt fmt;
	enum uriscan_grammar g;
	int tsv, summary, verbose;
	int normalize; /* --normalize: --summary counts normal forms */
	struct norm_buf norm;
	unsigned top;
	/* counts */
	uint64_t lines, not_in_format, tv, ti, rv, ri, rabsent;
	struct counted_set hosts, paths, errors;
	struct log_fields f;
};

/* The judgement of one line's request line and referer (cmd_log.c). */
struct log_verdict {
	struct uriscan_request q; /* q.uri: the target's components */
	int st;                   /* status of the request line */
	struct uriscan_uri ru;    /* the referer */
	int rst;                  /* its status (OK when absent) */
};

/* "method", "target", "version", or NULL. */
const char *log_part_name(enum uriscan_request_part p);
/* One output record for the line (log_output.c). */
void log_print_line(struct logrun *r, const struct log_verdict *v);
/* --summary: the counts and the top lists (log_output.c). */
void log_print_summary(struct logrun *r);

#endif
