/* SPDX-License-Identifier: MIT */
/*
 * counted_set.c: the counted set of byte strings (counted_set.h), an open
 * addressing table that doubles. No output.
 */
#include "counted_set.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"

/* FNV-1a */
static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static void grow(struct counted_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 1024;
	struct counted_entry *v = cli_calloc(cap, sizeof *v);

	for (size_t j = 0; j < s->cap; j++) {
		size_t i;
		if (s->v[j].key == NULL)
			continue;
		i = hash(s->v[j].key, s->v[j].len) & (cap - 1);
		while (v[i].key != NULL)
			i = (i + 1) & (cap - 1);
		v[i] = s->v[j];
	}
	free(s->v);
	s->v = v;
	s->cap = cap;
}

int counted_set_add(struct counted_set *s, const char *k, size_t n)
{
	size_t i;

	if (2 * (s->n + 1) > s->cap)
		grow(s);
	i = hash(k, n) & (s->cap - 1);
	while (s->v[i].key != NULL) {
		if (s->v[i].len == n && memcmp(s->v[i].key, k, n) == 0) {
			s->v[i].count++;
			return 0;
		}
		i = (i + 1) & (s->cap - 1);
	}
	s->v[i].key = cli_malloc(n);
	memcpy(s->v[i].key, k, n);
	s->v[i].len = n;
	s->v[i].count = 1;
	s->n++;
	return 1;
}

static int by_count(const void *a, const void *b)
{
	const struct counted_entry *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	c = memcmp(x->key, y->key, n);
	if (c != 0)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

const struct counted_entry *counted_set_sorted(struct counted_set *s)
{
	size_t k = 0;

	if (!s->sorted) {
		for (size_t i = 0; i < s->cap; i++)
			if (s->v[i].key != NULL)
				s->v[k++] = s->v[i];
		s->cap = k;
		s->sorted = 1;
		if (k > 0)
			qsort(s->v, k, sizeof *s->v, by_count);
	}
	return s->v;
}

void counted_set_free(struct counted_set *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->v[i].key);
	free(s->v);
	memset(s, 0, sizeof *s);
}
