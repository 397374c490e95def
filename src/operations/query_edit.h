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

/* A pair in the order of a SORT: its creation rank (an offset in the
 * query for its own pairs, qlen + 1 + j for the one edit j created), the
 * length of its key (its own pairs) and the edit whose value it ends with
 * (QE_REC_OWN: its own). */
struct qe_rec {
	uint64_t rank;
	uint32_t klen;
	uint32_t val;
};
#define QE_REC_OWN UINT32_MAX
/* Records a SORT keeps on the stack when the caller gives less room
 * (4 KiB): a query of more alive pairs is read once per this many. */
#define QE_SORT_STACK 256

/* The k first records in an order (before(ctx, a, b): a comes first; a
 * total order), in rec[0, cap) (query_sort.c). */
struct qe_heap {
	struct qe_rec *rec;
	size_t n, cap;
	int (*before)(void *ctx, const struct qe_rec *a, const struct qe_rec *b);
	void *ctx;
};

/* Offer r: kept among the cap first seen so far. Returns 0 when the heap
 * was full (r or another record was left out: a later read must look
 * again). */
int uriscan__qe_heap_offer(struct qe_heap *h, const struct qe_rec *r);
/* Sort rec[0, n) in order (the heap is used up). */
void uriscan__qe_heap_sort(struct qe_heap *h);

/* A SET edit's key and the offset of the first pair of the query with it
 * (QE_FIRST_NONE: none). */
struct qe_first {
	uint32_t edit;
	uint32_t off;
};
#define QE_FIRST_NONE UINT32_MAX

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
	/* the first original pair with the key of each SET edit: one entry
	 * per distinct key, sorted by key (query_first.c), in first_own or
	 * in the part of the caller's sort_work a SORT cannot use; built
	 * when first needed. first_all: every SET edit's key is in it. */
#define QE_FIRST_STACK 256
	struct qe_first first_own[QE_FIRST_STACK];
	struct qe_first *first;
	size_t nfirst;
	int first_ready, first_all;
	/* room for a SORT (the caller's sort_work; query_sort.c), NULL when
	 * none was given: then a buffer on the stack */
	struct qe_rec *work;
	size_t work_n;
};

/* Set x's room for a SORT from the caller's buffer (may be NULL): aligned,
 * whole records. */
static inline void qe_set_work(struct qe_ctx *x, void *buf, size_t size)
{
	uintptr_t a = (uintptr_t)buf, pad;

	x->work = NULL;
	x->work_n = 0;
	if (buf == NULL)
		return;
	pad = (_Alignof(struct qe_rec) - a % _Alignof(struct qe_rec)) %
	      _Alignof(struct qe_rec);
	if (size < pad + sizeof(struct qe_rec))
		return;
	x->work = (struct qe_rec *)(void *)((unsigned char *)buf + pad);
	x->work_n = (size - pad) / sizeof(struct qe_rec);
}

/* The pairs of the query, as uriscan_query_next splits them (none when
 * the query is empty), read with memchr. */
struct pit {
	size_t pos;
	int done;
};

static inline void iter_init(const struct qe_ctx *x, struct pit *it)
{
	it->pos = 0;
	it->done = x->qlen == 0;
}

static inline int pit_next(const struct qe_ctx *x, struct pit *it,
                           struct uriscan_query_pair *p)
{
	const unsigned char *q = x->q, *end, *eq;
	size_t i = it->pos, rest;

	if (it->done)
		return 0;
	rest = x->qlen - i;
	end = memchr(q + i, '&', rest);
	if (x->flags & URISCAN_QUERY_SEMICOLON) {
		const unsigned char *sc = memchr(q + i, ';', rest);
		if (sc != NULL && (end == NULL || sc < end))
			end = sc;
	}
	size_t j = end ? (size_t)(end - q) : x->qlen;
	eq = memchr(q + i, '=', j - i);
	p->pair.off = (uint32_t)i;
	p->pair.len = (uint32_t)(j - i);
	p->key.off = (uint32_t)i;
	p->has_value = eq != NULL;
	if (eq) {
		p->key.len = (uint32_t)((size_t)(eq - q) - i);
		p->value.off = (uint32_t)((size_t)(eq - q) + 1);
		p->value.len = (uint32_t)(j - (size_t)(eq - q) - 1);
	} else {
		p->key.len = p->pair.len;
		p->value.off = (uint32_t)j;
		p->value.len = 0;
	}
	if (j < x->qlen)
		it->pos = j + 1;
	else
		it->done = 1;
	return 1;
}

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

/* The offset of the first pair of the query with the key of SET edit e
 * (query_first.c): *off, or QE_FIRST_NONE when no pair has it. Returns 0
 * when the index does not know (more distinct keys than its room): the
 * caller reads the query. O(log n) key compares once the index is built,
 * in one read of the query (O((pairs + SET edits) log SET edits)). */
int uriscan__qe_first(struct qe_ctx *x, size_t e, uint32_t *off);

/* Write the pairs after the edits (without '?') into o; returns how many
 * pairs were written. *touched (may be NULL) is set to 1 when some pair
 * was removed, changed, added or moved. */
size_t uriscan__qe_write(struct qe_ctx *x, struct qe_out *o, int *touched);

#endif
