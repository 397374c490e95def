/* SPDX-License-Identifier: MIT */
/*
 * query_edit.h: the pairs of a query after a list of edits, written into a
 * counted buffer (query_edit.c); used by uriscan_query_edit and
 * uriscan_rewrite. Internal; no allocation.
 */
#ifndef URISCAN_QUERY_EDIT_H
#define URISCAN_QUERY_EDIT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "uriscan.h"

/* A result being written: bytes below cap are stored, n counts them all. */
struct qe_out {
	char *p;
	size_t cap, n;
};

static inline void qe_put(struct qe_out *o, const void *b, size_t n)
{
	if (o->n < o->cap) {
		size_t k = o->cap - o->n < n ? o->cap - o->n : n;
		memcpy(o->p + o->n, b, k);
	}
	o->n += n;
}

/* Edits applied to one query. */
struct qe_ctx {
	enum uriscan_grammar g;
	const unsigned char *q; /* the query, without '?' */
	size_t qlen;
	unsigned flags;          /* URISCAN_DECODE_PLUS, _QUERY_* */
	const struct uriscan_query_edit *ed;
	size_t ned;
	/* globs that remove a pair of the query before the edits (the
	 * tracking parameters of uriscan_rewrite); NULL when nstrip is 0 */
	const char *const *strip;
	size_t nstrip;
	/* the first bytes of the strip globs, a bit each (filled when first
	 * needed) */
	uint8_t strip_first[32];
	int strip_ready;
	/* the first original pair whose key is ed[e].key, for e < QE_CACHE
	 * (QE_UNKNOWN until asked; filled when first needed) */
#define QE_CACHE 64
	size_t first[QE_CACHE];
	int first_ready;
};

/* Check the edits: URISCAN_OK, or URISCAN_E_INVALID_ARG with *bad the
 * index of the first bad edit. */
int uriscan__qe_check(const struct uriscan_query_edit *ed, size_t n,
                      size_t *bad);

/* Set up x for query q[0, qlen) (q may be NULL when qlen is 0). */
void uriscan__qe_init(struct qe_ctx *x, enum uriscan_grammar g,
                      const char *q, size_t qlen, unsigned flags,
                      const struct uriscan_query_edit *ed, size_t ned);

/* Does a strip glob of x remove the query's pairs with key k
 * (query_strip.c)? */
struct qkey;
int uriscan__qe_stripped(struct qe_ctx *x, const struct qkey *k);

/* Write the pairs after the edits (without '?') into o; returns how many
 * pairs were written. *touched (may be NULL) is set to 1 when some pair
 * was removed, changed, added or moved. */
size_t uriscan__qe_write(struct qe_ctx *x, struct qe_out *o, int *touched);

#endif
