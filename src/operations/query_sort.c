/* SPDX-License-Identifier: MIT */
/*
 * query_sort.c: the order of a SORT edit (query_edit.c) in a bounded
 * buffer: the k first pairs after a given one, kept in a max-heap while
 * the pairs are read once, then sorted in place (heapsort). With room for
 * every pair one read sorts them all: O(n log n) compares, no allocation;
 * with less, each read gives the next k (O(n/k) reads).
 * The order is total (ties broken by creation rank), so the unstable
 * heapsort gives the stable order of the keys.
 */
#include "query_edit.h"

static void swap(struct qe_rec *a, struct qe_rec *b)
{
	struct qe_rec t = *a;
	*a = *b;
	*b = t;
}

/* Restore the max-heap below i, in rec[0, n). */
static void sift_down(const struct qe_heap *h, size_t i, size_t n)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		if (l < n && h->before(h->ctx, &h->rec[m], &h->rec[l]))
			m = l;
		if (l + 1 < n && h->before(h->ctx, &h->rec[m], &h->rec[l + 1]))
			m = l + 1;
		if (m == i)
			return;
		swap(&h->rec[i], &h->rec[m]);
		i = m;
	}
}

int uriscan__qe_heap_offer(struct qe_heap *h, const struct qe_rec *r)
{
	if (h->n < h->cap) {
		size_t i = h->n++;
		h->rec[i] = *r;
		while (i > 0 && h->before(h->ctx, &h->rec[(i - 1) / 2], &h->rec[i])) {
			swap(&h->rec[(i - 1) / 2], &h->rec[i]);
			i = (i - 1) / 2;
		}
		return 1;
	}
	/* full: r replaces the greatest if it comes before it; one of the
	 * two is left for a later read */
	if (h->before(h->ctx, r, &h->rec[0])) {
		h->rec[0] = *r;
		sift_down(h, 0, h->n);
	}
	return 0;
}

void uriscan__qe_heap_sort(struct qe_heap *h)
{
	for (size_t n = h->n; n > 1; n--) {
		swap(&h->rec[0], &h->rec[n - 1]);
		sift_down(h, 0, n - 1);
	}
}
