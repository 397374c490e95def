/* SPDX-License-Identifier: MIT */
/*
 * sql_common.h: what the PostgreSQL extension (src/sql/postgresql/) and
 * the SQLite extension (src/sql/sqlite/) share, so both engines answer
 * alike: the grammar named by an SQL argument, the text of an error
 * ("bad_char at byte 12 (0x20)"), percent-encoding, the path's segments
 * and the normalization flags of the normal form. No engine header, no
 * allocation; include/uriscan.h only.
 */
#ifndef URISCAN_SQL_COMMON_H
#define URISCAN_SQL_COMMON_H

#include <stddef.h>

#include "uriscan.h"

/* The normal form the extensions compare, group and index on: syntax-based
 * and scheme-based normalization (RFC 3986 6.2.2 and 6.2.3), so that
 * "HTTP://Example.com:80/%7e" and "http://example.com/~" are one; for RFC
 * 3987 also the percent-encoded UTF-8 decoded where the IRI allows it. */
unsigned usql_norm_flags(enum uriscan_grammar g);

/* The grammar named name[0, len) ("rfc3986", "3986", "RFC-3987", ...):
 * URISCAN_OK and *g, URISCAN_E_GRAMMAR_UNKNOWN (also for a name over 31
 * bytes or holding a NUL) or URISCAN_E_GRAMMAR_UNAVAILABLE. */
int usql_grammar(const char *name, size_t len, enum uriscan_grammar *g);

/* Room for usql_error_text's text (a status name, an offset, a byte). */
#define USQL_ERROR_TEXT_MAX 96

/* The text of a failed check of s[0, len): "bad_char at byte 12 (0x20)",
 * "incomplete at byte 7 (end of input)" (offset == len), or the status
 * name alone for a status without an offset (too_long). NUL-terminated in
 * buf[USQL_ERROR_TEXT_MAX]; returns its length. */
size_t usql_error_text(char *buf, int status, size_t off, const char *s,
                       size_t len);

/* Percent-encode s[0, len) into out (room for 3 * len bytes): every byte
 * but RFC 3986's unreserved (ALPHA DIGIT - . _ ~) as %HH, upper-case hex.
 * Returns the length written. */
size_t usql_percent_encode(const char *s, size_t len, char *out);

/* 1 when s[0, len) is strict UTF-8 (RFC 3629: no overlong form, no
 * surrogate, nothing above U+10FFFF) without a NUL byte, else 0. */
int usql_is_text(const char *s, size_t len);

/* The segments of a path: a leading '/' starts none ("/a/b" gives a, b;
 * "/" gives one empty segment; "" none; "a//b/" gives a, "", b, ""). */
struct usql_segs {
	const char *p;
	size_t len, pos;
	int done;
};
void usql_segs_init(struct usql_segs *it, const char *p, size_t len);
/* 1 and the next segment p[*off, *off + *n), or 0 after the last. */
int usql_segs_next(struct usql_segs *it, size_t *off, size_t *n);

#endif
