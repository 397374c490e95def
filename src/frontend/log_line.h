/* SPDX-License-Identifier: MIT */
/*
 * log_line.h: the Apache/nginx access-log line formats (log_line.c), split
 * without allocating. Part of the front ends' library (src/frontend/,
 * names prefixed frontend_): shared by `uriscan log` (src/cli/log/cmd_log.c)
 * and the Python extension (python/uriscan/py_log.c: uriscan.logformat,
 * uriscan.dask's log_bag), so both read a line alike. Not part of the
 * library's API.
 *
 *   common:   %h %l %u %t "%r" %>s %b
 *   combined: common "%{Referer}i" "%{User-agent}i"
 */
#ifndef URISCAN_FRONTEND_LOG_LINE_H
#define URISCAN_FRONTEND_LOG_LINE_H

#include <stddef.h>
#include <stdint.h>

enum frontend_log_format { FRONTEND_LOG_AUTO, FRONTEND_LOG_COMMON, FRONTEND_LOG_COMBINED };

/* A field of the line: [off, off + len) of the line as written. */
struct frontend_log_span {
	size_t off, len;
};

/* The fields of one line. The caller owns the buffers, each of cap
 * elements, cap > the line's length (a decoded field is never longer than
 * the line); req_esc and ref_esc may be NULL: the escapes' offsets are not
 * recorded (nreq_esc and nref_esc stay 0). */
struct frontend_log_fields {
	char *req, *ref;          /* the request line and the referer, decoded */
	size_t cap;               /* room in each buffer */
	uint32_t *req_esc, *ref_esc; /* offsets of the bytes from escapes */
	size_t nreq_esc, nref_esc;
	long rl, fl;              /* decoded lengths (fl: -1 without referer) */
	int has_ref;              /* a referer other than "-" */
	unsigned status;          /* the HTTP status, 100..599 */
	/* as written: %h %l %u, %t without its brackets, %>s, %b, and the
	 * quoted fields without their quotes (agent.len: 0 without one) */
	struct frontend_log_span host, ident, user, time, request, status_s, size,
	    referer, agent;
	size_t stop; /* the line is not in the format: the offset where the
	              * split stopped (0 when it is) */
};

/* Split the line [rec, rec + len) in format fmt into f. Returns NULL, or
 * why the line is not in the format (a static string; f->stop then holds
 * the offset, and the spans and decoded fields are not to be read). Reads
 * no byte outside the line; writes at most len bytes into each of f's
 * buffers, and "buffers too small" when f->cap <= len. */
const char *frontend_log_split(enum frontend_log_format fmt, const char *rec, size_t len,
                           struct frontend_log_fields *f);

/* Decode the quoted field [p, e) (its bytes between the quotes, a span
 * of frontend_log_split, so no quote in it that no backslash escapes) into
 * out (room for e - p bytes): the escapes \" \\ \xHH \b \n \r \t \v;
 * another backslash is kept. Returns the decoded length. */
size_t frontend_log_unquote(const char *p, const char *e, char *out);

#endif
