/* SPDX-License-Identifier: MIT */
/*
 * url_regex.h: the URL regex of the extraction peers (PCRE2-JIT,
 * Hyperscan), one string for both; no code.
 *
 * An absolute URL as an extractor of log text sees it:
 * an RFC 3986 scheme, "://", then the longest run of bytes RFC 3986 allows
 * in a URI (unreserved, gen-delims, sub-delims, '%'). No grammar beyond
 * that: this is the "reasonable regex" people use, not a validator, and it
 * keeps trailing punctuation such as ')' (RFC 3986 allows it).
 *
 * One difference of rule with the extractor, stated in bench/README.md: a
 * run the regex ends at a byte >= 0x80 ("http://m" of "http://m\xc3\xbc
 * nchen.de/") is a match here, while the extractor drops such a cut match
 * (include/uriscan.h, "What is a match", rule 8; its bench rows run with
 * the default flags). The regex cannot say it (Hyperscan has no
 * lookahead); the logs of the bench hold few such bytes, and the rows
 * show both counts ("found").
 */
#ifndef URISCAN_BENCH_URL_REGEX_H
#define URISCAN_BENCH_URL_REGEX_H

#define BENCH_URL_SCHEME "[A-Za-z][A-Za-z0-9+.\\-]*://"
#define BENCH_URL_CHARS "A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=%"
#define BENCH_URL_REGEX BENCH_URL_SCHEME "[" BENCH_URL_CHARS "]+"

#endif
