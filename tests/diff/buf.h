/* SPDX-License-Identifier: MIT */
/*
 * buf.h: a growable byte buffer, shared by the files of test_uriparser
 * (test_uriparser.c, uriparser_compare.c, uriparser_gen.c). Out of memory
 * ends the program with status 99.
 */
#ifndef URISCAN_TESTS_DIFF_BUF_H
#define URISCAN_TESTS_DIFF_BUF_H

#include <stddef.h>

struct buf {
	char *p;
	size_t n, cap;
};

/* Room for need bytes in all (never shrinks). */
void buf_reserve(struct buf *b, size_t need);
/* Append n bytes, keeping room for one byte more. */
void buf_add(struct buf *b, const char *p, size_t n);
void buf_addc(struct buf *b, char c);

#endif
