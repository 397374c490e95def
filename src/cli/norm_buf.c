/* SPDX-License-Identifier: MIT */
/*
 * norm_buf.c: uriscan_normalize into a growing buffer (norm_buf.h). Memory
 * only; no output.
 */
#include "norm_buf.h"

#include <stdlib.h>

#include "report.h"

int norm_buf_run(struct norm_buf *b, enum uriscan_grammar g, const char *s,
                 size_t len, unsigned flags, size_t *n, size_t *off)
{
	struct uriscan_error err;
	int st;

	for (;;) {
		st = uriscan_normalize(g, s, len, flags, b->p, b->cap, n, &err);
		if (off)
			*off = err.offset;
		if (st != URISCAN_E_BUFFER_TOO_SMALL)
			return st;
		b->p = cli_realloc(b->p, *n + 1);
		b->cap = *n + 1;
	}
}

void norm_buf_free(struct norm_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->cap = 0;
}
