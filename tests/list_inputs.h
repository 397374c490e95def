/* SPDX-License-Identifier: MIT */
/*
 * list_inputs.h: the inputs of the tests that read every URL of a list
 * and random mutations of each (test_confusion_lists.c,
 * test_host_fields.c): xorshift numbers, the byte mutations both make,
 * an input shown escaped in a TAP comment, and the walk over a list, each input in a heap block of exactly
 * its size (so ASan and valgrind see a read past it). Each test keeps its
 * own seed and its own mutations.
 */
#ifndef URISCAN_TESTS_LIST_INPUTS_H
#define URISCAN_TESTS_LIST_INPUTS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_MAX_URL 4096 /* the longest line read, and a mutation's room */

/* The next number of the xorshift generator whose state is *s. */
static inline uint64_t list_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* The bytes that matter to a URL's reading, for the mutations below. */
static const char list_interesting[] = ".-%/:@?#[]0123456789aAzZxX\\\t _~!";

/* The mutations both tests make of m[0, n) at p (p <= n; *s: the test's
 * generator), by kind: 0 a byte that matters put at p, 1 any byte put at
 * p, 2 a byte that matters inserted at p, 3 the byte at p removed, 4 the
 * case of a letter at p changed. The new length. */
static inline size_t list_mutate_byte(unsigned kind, char *m, size_t n,
                                      size_t p, uint64_t *s)
{
	switch (kind) {
	case 0:
		if (p < n)
			m[p] = list_interesting[list_next(s) %
			                        (sizeof list_interesting - 1)];
		return n;
	case 1:
		if (p < n)
			m[p] = (char)(list_next(s) & 0xff);
		return n;
	case 2:
		if (n + 1 > LIST_MAX_URL)
			return n;
		memmove(m + p + 1, m + p, n - p);
		m[p] = list_interesting[list_next(s) % (sizeof list_interesting - 1)];
		return n + 1;
	case 3:
		if (p < n) {
			memmove(m + p, m + p + 1, n - p - 1);
			return n - 1;
		}
		return n;
	default:
		if (p < n && ((m[p] | 0x20) >= 'a' && (m[p] | 0x20) <= 'z'))
			m[p] ^= 0x20;
		return n;
	}
}

/* s[0, n) in a TAP comment, as "# what: "...": printable ASCII as it is,
 * the rest as \xHH. */
static inline void list_show(const char *what, const char *s, size_t n)
{
	printf("# %s: \"", what);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			putchar(c);
		else
			printf("\\x%02x", c);
	}
	printf("\"\n");
}

/* Every line of path (its CR LF or LF cut) and `mutations` mutations of
 * each (mutate writes one into m, LIST_MAX_URL bytes, and returns its
 * length) to check, each in a heap block of exactly its size: 1, or 0
 * when path cannot be opened. */
static inline int list_each(const char *path, int mutations,
                            size_t (*mutate)(const char *s, size_t n,
                                             char *m),
                            void (*check)(const char *s, size_t n,
                                          void *ctx),
                            void *ctx)
{
	FILE *fp = fopen(path, "r");
	char line[LIST_MAX_URL + 2], m[LIST_MAX_URL];

	if (fp == NULL)
		return 0;
	while (fgets(line, sizeof line, fp)) {
		size_t n = strcspn(line, "\r\n");
		char *buf = malloc(n ? n : 1);
		if (buf == NULL)
			abort();
		memcpy(buf, line, n);
		check(buf, n, ctx);
		for (int k = 0; k < mutations; k++) {
			size_t mn = mutate(buf, n, m);
			char *mb = malloc(mn ? mn : 1);
			if (mb == NULL)
				abort();
			memcpy(mb, m, mn);
			check(mb, mn, ctx);
			free(mb);
		}
		free(buf);
	}
	fclose(fp);
	return 1;
}

#endif
