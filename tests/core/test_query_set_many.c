/* SPDX-License-Identifier: MIT */
/*
 * test_query_set_many.c: many SET edits in one uriscan_query_edit call
 * (2,000 on a query of 2,000 pairs, keys repeated and some
 * percent-encoded, some absent: appended) give, byte for byte, the URL
 * that applying them one call at a time gives; 1,000 on 1,000 with a SORT
 * and a REMOVE among them, and with ICASE. Each call with no sort_work (the index
 * of the SET keys on the stack: 256 keys, the others found by reading the
 * query), with sort_work of the size of before this index (no room for
 * it) and with URISCAN_QUERY_SORT_WORK (the index in it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"

#define N 2000
#define CAP (1 << 19)

static char url[CAP], one[2][CAP], all[CAP];
static char keys[N][16], vals[N][16];
static struct uriscan_query_edit ed[N + 2];
static unsigned char work[URISCAN_QUERY_SORT_WORK(CAP, N + 2) + 16];

static unsigned rnd(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

/* The edits one call at a time, from url[0, len): the result's length in
 * *n; 0 on an error. */
static const char *one_by_one(size_t len, size_t ned, unsigned flags,
                              size_t *n)
{
	const char *cur = url;
	size_t cl = len;

	for (size_t e = 0; e < ned; e++) {
		struct uriscan_query_edit_options o = {sizeof o, flags, &ed[e], 1,
		                                       work, sizeof work};
		char *dst = one[e % 2];
		if (uriscan_query_edit(URISCAN_RFC3986, cur, cl, &o, dst, CAP, &cl,
		                       NULL) != URISCAN_OK)
			return NULL;
		cur = dst;
	}
	*n = cl;
	return cur;
}

static void run(size_t n_pairs, unsigned seed, int with_sort, unsigned flags)
{
	size_t len = (size_t)sprintf(url, "http://h/p?"), ned = 0, want_n = 0;
	const char *want;
	const unsigned seed0 = seed;

	for (size_t i = 0; i < n_pairs; i++) {
		unsigned k = rnd(&seed) % (unsigned)(n_pairs * 3 / 4);
		if (i > 0)
			url[len++] = '&';
		if (rnd(&seed) % 4 == 0) /* 'k' percent-encoded */
			len += (size_t)sprintf(url + len, "%%6%c%u=v%zu",
			                       rnd(&seed) % 2 ? 'B' : 'b', k, i);
		else
			len += (size_t)sprintf(url + len, "%c%u=v%zu",
			                       (flags & URISCAN_QUERY_ICASE) &&
			                               rnd(&seed) % 2
			                           ? 'K'
			                           : 'k',
			                       k, i);
	}
	for (size_t e = 0; e < n_pairs; e++) {
		struct uriscan_query_edit *d = &ed[ned++];
		snprintf(keys[e], sizeof keys[e], "k%u",
		         rnd(&seed) % (unsigned)n_pairs);
		snprintf(vals[e], sizeof vals[e], "s %zu", e);
		d->op = URISCAN_QUERY_SET;
		d->key = keys[e];
		d->key_len = strlen(keys[e]);
		d->value = vals[e];
		d->value_len = strlen(vals[e]);
		if (with_sort && e == n_pairs / 2) {
			ed[ned++] = (struct uriscan_query_edit){URISCAN_QUERY_SORT,
			                                        NULL, 0, NULL, 0};
			ed[ned++] = (struct uriscan_query_edit){
			    URISCAN_QUERY_REMOVE, "k1*", 3, NULL, 0};
		}
	}
	want = one_by_one(len, ned, flags, &want_n);
	tap_ok(want != NULL, "seed %u%s flags %u: %zu edits one at a time",
	       seed0, with_sort ? " with SORT" : "", flags, ned);
	if (want == NULL)
		return;
	/* no sort_work; the size of before (no room for the index); enough */
	size_t rooms[3] = {0, ((size_t)len + ned + 2) * 16,
	                   URISCAN_QUERY_SORT_WORK(len, ned)};
	for (int r = 0; r < 3; r++) {
		struct uriscan_query_edit_options o = {
		    sizeof o, flags, ed, ned, r ? work : NULL, rooms[r]};
		size_t n = 0;
		int st = uriscan_query_edit(URISCAN_RFC3986, url, len, &o, all,
		                            CAP, &n, NULL);
		tap_ok(st == URISCAN_OK && n == want_n && memcmp(all, want, n) == 0,
		       "seed %u%s flags %u, sort_work %zu bytes: %zu edits in one "
		       "call as one at a time (%zu bytes)",
		       seed0, with_sort ? " with SORT" : "", flags, rooms[r], ned,
		       want_n);
	}
}

int main(void)
{
	run(N, 1, 0, 0);
	run(1000, 2, 1, 0);
	run(1000, 3, 0, URISCAN_QUERY_ICASE);
	return tap_done();
}
