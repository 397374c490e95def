/* SPDX-License-Identifier: MIT */
/*
 * counted_set.h: a set of byte strings with a count each (extract --unique
 * and --top, log --summary). Memory only; no output.
 */
#ifndef URISCAN_CLI_COUNTED_SET_H
#define URISCAN_CLI_COUNTED_SET_H

#include <stddef.h>
#include <stdint.h>

struct counted_entry {
	char *key; /* a copy of the bytes (not NUL-terminated) */
	size_t len;
	uint64_t count;
};

/* Zero-initialize ({0}) before use. */
struct counted_set {
	struct counted_entry *v; /* open addressing; after sorting: dense */
	size_t cap, n;
	int sorted;
};

/* One more occurrence of [k, k + n); returns 1 when it is new. Not after
 * counted_set_sorted. Out of memory: exits with status 2. */
int counted_set_add(struct counted_set *s, const char *k, size_t n);
/* The s->n entries, most frequent first, then by bytes; the set takes no
 * more adds. */
const struct counted_entry *counted_set_sorted(struct counted_set *s);
void counted_set_free(struct counted_set *s);

#endif
