/* SPDX-License-Identifier: MIT */
/*
 * confusion.h: the byte-level and host-level parts of the URL-confusion
 * flags (confusion_bytes.c), shared with confusion.c, which reads the
 * authority and compares the browser's host with the grammar's.
 * Internal; hidden. No allocation; reads only the spans given.
 */
#ifndef URISCAN_CONFUSION_H
#define URISCAN_CONFUSION_H

#include <stddef.h>
#include <stdint.h>

/* The flags the bytes show anywhere in s[0, len), in one pass over a
 * 256-entry class table: backslash, whitespace, nul (a NUL byte or
 * "%00"), encoded_delimiter (%2F %5C %3F %23 %40 %2E, any case). */
uint32_t uriscan__cf_bytes(const unsigned char *s, size_t len);

/* The host s[b, e) without tabs and newlines, percent-decoded (at most
 * cap bytes): its length; *out gets where it is: s + b when there was
 * nothing to remove or decode and it fits, else d. */
size_t uriscan__cf_decode_host(const unsigned char *s, size_t b, size_t e,
                               unsigned char *d, size_t cap,
                               const unsigned char **out);

/* What the decoded host d[0, n) shows: idn, fullwidth_dot, trailing_dot. */
uint32_t uriscan__cf_host(const unsigned char *d, size_t n);

/* dot_segment for the path from s[pb] to the first '?' or '#' before
 * end: segments split at '/', and at '\' too when special. */
uint32_t uriscan__cf_dots(const unsigned char *s, size_t pb, size_t end,
                          int special);

/* The fast path (confusion_fast.c): 1 when s[0, len) is a plain URL,
 * "http://example.com/a?b#c" as its comment says, that has no flag
 * except, perhaps, browser_host_differs; [*hb, *he) its host. 0 on any
 * doubt (the full reading decides). */
int uriscan__cf_plain(const unsigned char *s, size_t len, size_t *hb,
                      size_t *he);

struct uriscan_uri;

/* 1 when the flags of s[0, len) with the grammar's parse u (NULL: s is
 * not valid for the grammar) are none: a plain URL whose host is u's;
 * 0 when the full reading must decide. */
int uriscan__cf_fast(const unsigned char *s, size_t len,
                     const struct uriscan_uri *u);

/* The full reading, without the fast path: what
 * uriscan_confusion_parsed(s, len, u, 0, ...) gives. For the tests and
 * the fuzz target, which compare the two on every input. */
uint32_t uriscan__confusion_full(const char *s, size_t len,
                                 const struct uriscan_uri *u);

#endif
