/* SPDX-License-Identifier: MIT */
/*
 * site_memo.c: uriscan_site behind a memo of 512 names per thread, two
 * ways in each of 256 sets (site_memo.h). No allocation of its own: the memo is
 * thread-local storage (static in the executable; in the Python
 * extension, which is loaded later, the C library sets it up per thread).
 */
#include <stdint.h>
#include <string.h>

#include "site_memo.h"
#include "uriscan.h"

/* 256 sets of two names each; a set's next victim is the name it did not
 * give last (two hosts whose names fall into one set both stay) */
#define SETS 256

struct slot {
	uint8_t used, name_len, site_len;
	char name[FRONTEND_SITE_MEMO_NAME];
	char site[FRONTEND_SITE_MEMO_NAME];
};

struct set {
	struct slot way[2];
	uint8_t victim;
};

static _Thread_local struct set memo[SETS];

/* The name's set: from its length and its first and last eight bytes
 * (a name that differs elsewhere only shares a set; the memo compares
 * whole names), or FNV-1a over a name shorter than eight. */
static unsigned set_of(const char *s, size_t n)
{
	uint64_t a, b, h;
	size_t i;

	if (n < 8) {
		uint32_t f = 2166136261u;
		for (i = 0; i < n; i++)
			f = (f ^ (unsigned char)s[i]) * 16777619u;
		return (f ^ f >> 16) % SETS;
	}
	memcpy(&a, s, 8);
	memcpy(&b, s + n - 8, 8);
	h = (a * 0x9E3779B97F4A7C15ull) ^ (b + n) * 0xC2B2AE3D27D4EB4Full;
	return (unsigned)(h >> 56) % SETS;
}

int frontend_site_memo(const char *name, size_t len, char *out, size_t cap,
                       size_t *out_len)
{
	struct set *set;
	struct slot *m;
	unsigned w;
	int st;

	if (name == NULL || len == 0 || len > FRONTEND_SITE_MEMO_NAME)
		return uriscan_site(name, len, 0, out, cap, out_len, NULL);
	set = &memo[set_of(name, len)];
	for (w = 0; w < 2; w++) {
		m = &set->way[w];
		if (m->used && m->name_len == len &&
		    memcmp(m->name, name, len) == 0 && m->site_len <= cap) {
			memcpy(out, m->site, m->site_len);
			*out_len = m->site_len;
			set->victim = (uint8_t)(w ^ 1);
			return URISCAN_OK;
		}
	}
	st = uriscan_site(name, len, 0, out, cap, out_len, NULL);
	if (st == URISCAN_OK && *out_len <= FRONTEND_SITE_MEMO_NAME) {
		m = &set->way[set->victim];
		m->used = 1;
		m->name_len = (uint8_t)len;
		memcpy(m->name, name, len);
		m->site_len = (uint8_t)*out_len;
		memcpy(m->site, out, *out_len);
		set->victim ^= 1;
	}
	return st;
}
