/* SPDX-License-Identifier: MIT */
/*
 * buf.c: a growable byte buffer, shared by the files of test_uriparser
 * (see buf.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

void buf_reserve(struct buf *b, size_t need)
{
	if (b->cap >= need)
		return;
	while (b->cap < need)
		b->cap = b->cap ? b->cap * 2 : 256;
	b->p = realloc(b->p, b->cap);
	if (b->p == NULL) {
		fputs("out of memory\n", stderr);
		exit(99);
	}
}

void buf_add(struct buf *b, const char *p, size_t n)
{
	buf_reserve(b, b->n + n + 1);
	if (n)
		memcpy(b->p + b->n, p, n);
	b->n += n;
}

void buf_addc(struct buf *b, char c) { buf_add(b, &c, 1); }
