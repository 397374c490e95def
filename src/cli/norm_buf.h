/* SPDX-License-Identifier: MIT */
/*
 * norm_buf.h: uriscan_normalize into a buffer that grows to the result, for
 * the commands that print or count normal forms (normalize, extract
 * --normalize, log --normalize). Memory only; no output.
 */
#ifndef URISCAN_CLI_NORM_BUF_H
#define URISCAN_CLI_NORM_BUF_H

#include <stddef.h>

#include "uriscan.h"

struct norm_buf {
	char *p; /* the last result, NUL-terminated; NULL before the first */
	size_t cap;
};

/* uriscan_normalize(g, s, len, ..., flags) into b->p: its status, the
 * length in *n and the offset of an error in *off (may be NULL). */
int norm_buf_run(struct norm_buf *b, enum uriscan_grammar g, const char *s,
                 size_t len, unsigned flags, size_t *n, size_t *off);
void norm_buf_free(struct norm_buf *b);

#endif
