/* SPDX-License-Identifier: MIT */
/*
 * query_key.h: query keys compared as they are decoded, without a copy:
 * equality, order and globs ('*' any run of bytes), ASCII case folded on
 * request. Shared by query_edit.c and rewrite.c. Internal; header-only; no
 * allocation, never reads outside a key's bytes.
 */
#ifndef URISCAN_QUERY_KEY_H
#define URISCAN_QUERY_KEY_H

#include <stddef.h>

#include "pct.h"

/* A key: raw (percent-encoded as found in a query; '+' a space when plus)
 * or plain (given decoded by the caller). */
struct qkey {
	const unsigned char *p;
	size_t n;
	int raw;
};

/* Reads a key one decoded byte at a time. */
struct qkey_it {
	const unsigned char *p;
	size_t n, i;
	int raw, plus, icase;
};

static inline void qkey_it_init(struct qkey_it *k, const struct qkey *key,
                                int plus, int icase)
{
	k->p = key->p;
	k->n = key->n;
	k->i = 0;
	k->raw = key->raw;
	k->plus = plus && key->raw;
	k->icase = icase;
}

/* The next decoded byte into *c: 1, or 0 at the end. A malformed escape
 * stands for itself. */
static inline int qkey_next(struct qkey_it *k, unsigned char *c)
{
	size_t bad, u = 1;

	if (k->i >= k->n)
		return 0;
	if (k->raw) {
		u = uriscan__pct_unit(k->p, k->n, k->i, k->plus, c, &bad);
		if (u == 0)
			u = 1;
	} else
		*c = k->p[k->i];
	k->i += u;
	if (k->icase && *c >= 'A' && *c <= 'Z')
		*c = (unsigned char)(*c + 32);
	return 1;
}

/* <0, 0, >0 as a's decoded bytes sort before, equal or after b's. */
static inline int qkey_cmp(const struct qkey *a, const struct qkey *b,
                           int plus, int icase)
{
	struct qkey_it x, y;
	unsigned char c, d;

	qkey_it_init(&x, a, plus, icase);
	qkey_it_init(&y, b, plus, icase);
	for (;;) {
		int more_a = qkey_next(&x, &c);
		int more_b = qkey_next(&y, &d);
		if (!more_a || !more_b)
			return more_a - more_b;
		if (c != d)
			return c < d ? -1 : 1;
	}
}

/* 1 if the decoded key matches the glob pat[0, n) (plain bytes, '*' any
 * run of bytes, '*' included). Linear backtracking to the last '*'. */
static inline int qkey_glob(const unsigned char *pat, size_t n,
                            const struct qkey *key, int plus, int icase)
{
	struct qkey_it k, save;
	size_t pi = 0, star = (size_t)-1;
	unsigned char c;

	qkey_it_init(&k, key, plus, icase);
	save = k;
	for (;;) {
		if (pi < n && pat[pi] == '*') {
			star = ++pi;
			save = k;
			continue;
		}
		struct qkey_it peek = k;
		if (qkey_next(&peek, &c)) {
			unsigned char p = pi < n ? pat[pi] : 0;
			if (icase && p >= 'A' && p <= 'Z')
				p = (unsigned char)(p + 32);
			if (pi < n && p == c) {
				pi++;
				k = peek;
				continue;
			}
		} else if (pi == n)
			return 1;
		/* mismatch: the last '*' takes one more byte */
		if (star == (size_t)-1 || !qkey_next(&save, &c))
			return 0;
		k = save;
		pi = star;
	}
}

#endif
