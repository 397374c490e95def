/* SPDX-License-Identifier: MIT */
/*
 * query_first.c: the first pair of the query with the key of each SET
 * edit (query_edit.c asks it for every SET): an index of the SET edits'
 * keys, sorted (heapsort) and one entry per distinct key, filled by one
 * read of the query with a binary search per pair. O((pairs + SET edits)
 * log SET edits) key compares in all, then O(log) per question, instead
 * of a read of the query per question.
 *
 * Room, no allocation: QE_FIRST_STACK entries in the context, or the part
 * of the caller's sort_work that a SORT never uses (a SORT keeps at most
 * a record per pair and per edit: qlen + 1 + ned records), whichever
 * holds more. With less room than SET edits, the index holds the first
 * ones; a key it does not hold is answered "unknown" and query_edit.c
 * reads the query for it (correct, as before, only slower).
 */
#include "query_edit.h"
#include "query_key.h"

static struct qkey key_of(const struct qe_ctx *x, uint32_t e)
{
	struct qkey k = {(const unsigned char *)x->ed[e].key, x->ed[e].key_len,
	                 0};
	return k;
}

static int cmp_keys(const struct qe_ctx *x, const struct qkey *a,
                    const struct qkey *b)
{
	return qkey_cmp(a, b, (x->flags & URISCAN_DECODE_PLUS) != 0,
	                (x->flags & URISCAN_QUERY_ICASE) != 0);
}

/* a before b: key order, then edit order (a total order). */
static int before(const struct qe_ctx *x, const struct qe_first *a,
                  const struct qe_first *b)
{
	struct qkey ka = key_of(x, a->edit), kb = key_of(x, b->edit);
	int c = cmp_keys(x, &ka, &kb);
	return c < 0 || (c == 0 && a->edit < b->edit);
}

static void sift_down(const struct qe_ctx *x, struct qe_first *f, size_t i,
                      size_t n)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct qe_first t;
		if (l < n && before(x, &f[m], &f[l]))
			m = l;
		if (l + 1 < n && before(x, &f[m], &f[l + 1]))
			m = l + 1;
		if (m == i)
			return;
		t = f[i];
		f[i] = f[m];
		f[m] = t;
		i = m;
	}
}

static void heapsort_first(const struct qe_ctx *x, struct qe_first *f,
                           size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift_down(x, f, i, n);
	for (size_t end = n; end-- > 1;) {
		struct qe_first t = f[0];
		f[0] = f[end];
		f[end] = t;
		sift_down(x, f, 0, end);
	}
}

/* The first entry whose key is not below k; *eq: its key is k. */
static size_t lower_bound(const struct qe_ctx *x, const struct qkey *k,
                          int *eq)
{
	size_t lo = 0, hi = x->nfirst;

	*eq = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct qkey km = key_of(x, x->first[mid].edit);
		int c = cmp_keys(x, &km, k);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < x->nfirst) {
		struct qkey kl = key_of(x, x->first[lo].edit);
		*eq = cmp_keys(x, &kl, k) == 0;
	}
	return lo;
}

/* Choose the room, gather the SET edits, sort, keep one per key, read the
 * query once. */
static void build(struct qe_ctx *x)
{
	size_t sets = 0, cap = QE_FIRST_STACK, n = 0, found = 0;
	struct qe_first *f = x->first_own;
	struct pit it;
	struct uriscan_query_pair p;

	for (size_t e = 0; e < x->ned; e++)
		sets += x->ed[e].op == URISCAN_QUERY_SET;
	if (sets > cap && x->work != NULL) {
		/* records a SORT may use: one per pair (<= qlen + 1) and per
		 * edit; the rest (2 entries a record) is free for the index */
		size_t used = x->qlen + 1 + x->ned;
		if (x->work_n > used &&
		    (x->work_n - used) * (sizeof(struct qe_rec) /
		                          sizeof(struct qe_first)) > cap) {
			f = (struct qe_first *)(void *)(x->work + used);
			cap = (x->work_n - used) *
			      (sizeof(struct qe_rec) / sizeof(struct qe_first));
			/* the SORT stays below (it never offers more
			 * than used records, even when the index is
			 * built while it runs) */
			x->work_n = used;
		}
	}
	for (size_t e = 0; e < x->ned && n < cap; e++)
		if (x->ed[e].op == URISCAN_QUERY_SET) {
			f[n].edit = (uint32_t)e;
			f[n].off = QE_FIRST_NONE;
			n++;
		}
	x->first = f;
	x->first_all = n == sets;
	heapsort_first(x, f, n);
	/* one entry per key: the first of each run of equal keys */
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		struct qkey a = key_of(x, f[i].edit);
		if (m > 0) {
			struct qkey b = key_of(x, f[m - 1].edit);
			if (cmp_keys(x, &a, &b) == 0)
				continue;
		}
		f[m++] = f[i];
	}
	x->nfirst = m;
	iter_init(x, &it);
	while (found < m && pit_next(x, &it, &p)) {
		struct qkey k = {x->q + p.key.off, p.key.len, 1};
		int eq;
		size_t i = lower_bound(x, &k, &eq);
		if (eq && f[i].off == QE_FIRST_NONE) {
			f[i].off = p.pair.off;
			found++;
		}
	}
	x->first_ready = 1;
}

int uriscan__qe_first(struct qe_ctx *x, size_t e, uint32_t *off)
{
	struct qkey k = key_of(x, (uint32_t)e);
	int eq;
	size_t i;

	if (!x->first_ready)
		build(x);
	i = lower_bound(x, &k, &eq);
	if (eq) {
		*off = x->first[i].off;
		return 1;
	}
	if (x->first_all) { /* e is a SET edit: its key would be here */
		*off = QE_FIRST_NONE;
		return 1;
	}
	return 0;
}
