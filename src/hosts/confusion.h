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

#include "uriscan.h"

/* The flags the bytes show anywhere in s[0, len), in one pass over a
 * 256-entry class table: backslash, whitespace, nul (a NUL byte or
 * "%00"), encoded_delimiter (%2F %5C %3F %23 %40 %2E, any case). */
uint32_t uriscan__cf_bytes(const unsigned char *s, size_t len);

/* The flags of the '%' at s[i] (of s[0, len)) as uriscan__cf_bytes reads
 * it: nul for "%00", encoded_delimiter for the encoded delimiters, else
 * (another pair, or fewer than two bytes after it) none. */
uint32_t uriscan__cf_pct(const unsigned char *s, size_t len, size_t i);

/* The host s[b, e) without tabs and newlines, percent-decoded (at most
 * cap bytes): its length; *out gets where it is: s + b when there was
 * nothing to remove or decode and it fits, else d. */
size_t uriscan__cf_decode_host(const unsigned char *s, size_t b, size_t e,
                               unsigned char *d, size_t cap,
                               const unsigned char **out);

/* What the host s[b, e) shows once tabs and newlines are removed and
 * escapes decoded, all of it (no copy, no limit): idn, fullwidth_dot,
 * trailing_dot. */
uint32_t uriscan__cf_host(const unsigned char *s, size_t b, size_t e);

/* dot_segment for the path from s[pb] to the first '?' or '#' before
 * end: segments split at '/', and at '\' too when special. */
uint32_t uriscan__cf_dots(const unsigned char *s, size_t pb, size_t end,
                          int special);

/* The fast path (confusion_fast.c): 1 when s[0, len) is a plain URL,
 * "http://example.com/a?b#c" as its comment says, whose flags are *flags
 * (none, or nul and encoded_delimiter from a '%' after the authority)
 * and, perhaps, browser_host_differs; [*hb, *he) its host. 0 on any
 * doubt (the full reading decides). */
int uriscan__cf_plain(const unsigned char *s, size_t len, size_t *hb,
                      size_t *he, uint32_t *flags);

/* The plain host of the fast path (confusion_plain_host.c): labels of ASCII
 * letters, digits and '-', none empty, none "xn--", no trailing dot, the
 * last not a number, at most 253 bytes. uriscan__cf_host_end: 1 when the
 * longest run of such bytes from s[hb] is one, *he its end; 0 when not.
 * uriscan__cf_host_span, for the span s[hb, he) a parse gave: 1 when
 * plain, 0 when not (or perhaps an "xn--" label), -1 when it cannot say
 * (more than 32 bytes, s shorter than 32, no SSE2). */
int uriscan__cf_host_end(const unsigned char *s, size_t hb, size_t len,
                         size_t *he);
int uriscan__cf_host_span(const unsigned char *s, size_t hb, size_t he,
                          size_t len);

/* The fast path after the authority (confusion_fast_rest.c), s[i] the first
 * byte after it ('/', '?' or '#'; i >= 1), or the first byte of a path
 * that has no authority before it (not a '.'; s[i - 1] is '/' or ':'),
 * when i < len: 1 when s[i, len) raises no flag but nul or
 * encoded_delimiter from a '%' (added to *f) and holds no dot segment, 0
 * on any doubt. */
int uriscan__cf_tail(const unsigned char *s, size_t i, size_t len,
                     uint32_t *f);

/* The '%' at s[j] of the tail (in the path when in_path): 1, and the
 * flags it raises (nul, encoded_delimiter: uriscan__cf_pct) added to *f;
 * or 0 for "%2E" in the path, with which a dot segment may be written
 * (the full reading decides). */
int uriscan__cf_tail_pct(const unsigned char *s, size_t j, size_t len,
                         int in_path, uint32_t *f);

/* The same for an s that a parse by an ASCII grammar (RFC 3986, 2396,
 * 1738) found valid, from s[i] (i >= 1; the authority's end, or any byte
 * after it), its path ending at pe: only the '%'s and the path's dots are
 * read (such a parse has no byte that would be slow). */
int uriscan__cf_tail_parsed(const unsigned char *s, size_t i, size_t pe,
                            size_t len, uint32_t *f);

/* The plain authority (confusion_fast.c) at the start of s, written
 * "scheme://" with a special scheme: a host of ASCII letters, digits, '-'
 * and '.' as uriscan__cf_host_end has it (file's may be empty), a port
 * empty or up to 65535 without a leading zero (file: none), then '/', '?',
 * '#' or the end. 1 and [*hb, *he), *file when it is one, else 0. The
 * browser's host of such a URL is that host in lower case (file's
 * "localhost": the empty host). */
int uriscan__plain_host(const unsigned char *s, size_t len, size_t *hb,
                        size_t *he, int *file);

/* The fast path for a parse u by an ASCII grammar (confusion_fast_parsed.c)
 * whose host starts the authority at s[i]: the first 64 bytes of s at
 * once with AVX2. 1 and *flags when decided, 0 when the full reading
 * must decide, -1 when it cannot say (no AVX2 in use, fewer than 32
 * bytes, a host or port past the 64): the other fast paths decide. */
int uriscan__cf_window(const unsigned char *s, size_t len, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags);

/* uriscan__cf_window for the most common URL, without uriscan__cf_fast's
 * steps before it: an http(s) URL whose parse u (not NULL) has its host
 * at the authority's start, as uriscan__cf_fast would reach the window:
 * 1 and *flags when decided, 0 when the full reading must decide, -1 when
 * this does not say (uriscan__cf_fast decides, as if not called). */
int uriscan__cf_quick(const unsigned char *s, size_t len,
                      const struct uriscan_uri *u, uint32_t *flags);

/* 1 when the flags of s[0, len) with the grammar's parse u (NULL: s is
 * not valid for the grammar) are decided, *flags: a plain URL whose host
 * is u's; 0 when the full reading must decide. */
int uriscan__cf_fast(const unsigned char *s, size_t len,
                     const struct uriscan_uri *u, uint32_t *flags);

/* The full reading, without the fast path: what
 * uriscan_confusion_parsed(s, len, u, 0, ...) gives. For the tests and
 * the fuzz target, which compare the two on every input. */
uint32_t uriscan__confusion_full(const char *s, size_t len,
                                 const struct uriscan_uri *u);

/* The flags of an extraction match s[0, len) (uriscan.h,
 * URISCAN_EXTRACT_CONFUSION): with its components u (the parse of s by
 * the extractor's grammar) as uriscan_confusion_parsed, without its
 * argument checks; u NULL (truncated, or no components asked for) as
 * uriscan_confusion(g, s, len). len is below 2^32 (max_len). */
uint32_t uriscan__confusion_match(enum uriscan_grammar g, const char *s,
                                  size_t len, const struct uriscan_uri *u);

#endif
