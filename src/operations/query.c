/* SPDX-License-Identifier: MIT */
/*
 * query.c: the key=value pairs of a query (uriscan_query_*): an iterator
 * and a lookup by decoded key. No allocation; offsets into the caller's
 * bytes; reads only [q, q + len).
 */
#include <stdint.h>

#include "pct.h"
#include "uriscan.h"

#define QUERY_FLAGS (URISCAN_DECODE_PLUS | URISCAN_QUERY_SEMICOLON)

static int is_sep(unsigned char c, unsigned flags)
{
	return c == '&' || (c == ';' && (flags & URISCAN_QUERY_SEMICOLON));
}

int uriscan_query_iter_init(struct uriscan_query_iter *it, const char *q,
                            size_t len, unsigned flags)
{
	if (it == NULL)
		return URISCAN_E_INVALID_ARG;
	it->q = q;
	it->len = 0;
	it->pos = 0;
	it->flags = flags;
	it->done = 1;
	if ((q == NULL && len != 0) || (flags & ~QUERY_FLAGS) != 0)
		return URISCAN_E_INVALID_ARG;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;
	it->len = len;
	it->done = 0;
	return URISCAN_OK;
}

int uriscan_query_next(struct uriscan_query_iter *it,
                       struct uriscan_query_pair *p)
{
	const unsigned char *q;
	size_t i, eq;

	if (it == NULL || p == NULL)
		return URISCAN_E_INVALID_ARG;
	if (it->done)
		return URISCAN_DONE;
	q = (const unsigned char *)it->q;
	i = it->pos;
	eq = SIZE_MAX;
	while (i < it->len && !is_sep(q[i], it->flags)) {
		if (q[i] == '=' && eq == SIZE_MAX)
			eq = i;
		i++;
	}
	p->pair.off = (uint32_t)it->pos;
	p->pair.len = (uint32_t)(i - it->pos);
	p->key.off = p->pair.off;
	p->has_value = eq != SIZE_MAX;
	if (p->has_value) {
		p->key.len = (uint32_t)(eq - it->pos);
		p->value.off = (uint32_t)(eq + 1);
		p->value.len = (uint32_t)(i - eq - 1);
	} else {
		p->key.len = p->pair.len;
		p->value.off = (uint32_t)i;
		p->value.len = 0;
	}
	if (i < it->len)
		it->pos = i + 1; /* past the separator: one more pair follows */
	else
		it->done = 1;
	return URISCAN_OK;
}

/* 1 if q[off, off + n), decoded (malformed escapes stand for themselves),
 * equals key[0, key_len). */
static int key_eq(const unsigned char *q, size_t off, size_t n,
                  const unsigned char *key, size_t key_len, int plus)
{
	size_t i = 0, j = 0;
	const unsigned char *s;

	if (n == 0) /* q may be NULL */
		return key_len == 0;
	s = q + off;
	while (i < n) {
		unsigned char c;
		size_t bad;
		size_t k = uriscan__pct_unit(s, n, i, plus, &c, &bad);
		if (j >= key_len || key[j] != c)
			return 0;
		i += k ? k : 1;
		j++;
	}
	return j == key_len;
}

int uriscan_query_get(const char *q, size_t len, const char *key,
                      size_t key_len, unsigned flags, int *found,
                      struct uriscan_query_pair *p)
{
	struct uriscan_query_iter it;
	struct uriscan_query_pair cur;
	int st;

	if (found)
		*found = 0;
	if (found == NULL || p == NULL || (key == NULL && key_len != 0))
		return URISCAN_E_INVALID_ARG;
	st = uriscan_query_iter_init(&it, q, len, flags);
	if (st != URISCAN_OK)
		return st;
	while (uriscan_query_next(&it, &cur) == URISCAN_OK) {
		if (key_eq((const unsigned char *)q, cur.key.off, cur.key.len,
		           (const unsigned char *)key, key_len,
		           (flags & URISCAN_DECODE_PLUS) != 0)) {
			*p = cur;
			*found = 1;
			break;
		}
	}
	return URISCAN_OK;
}
