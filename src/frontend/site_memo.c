/* SPDX-License-Identifier: MIT */
/*
 * site_memo.c: uriscan_site behind a direct-mapped memo of 256 names per
 * thread (site_memo.h). No allocation of its own: the memo is
 * thread-local storage (static in the executable; in the Python
 * extension, which is loaded later, the C library sets it up per thread).
 */
#include <stdint.h>
#include <string.h>

#include "site_memo.h"
#include "uriscan.h"

#define SLOTS 256

struct slot {
	uint8_t used, name_len, site_len;
	char name[FRONTEND_SITE_MEMO_NAME];
	char site[FRONTEND_SITE_MEMO_NAME];
};

static _Thread_local struct slot memo[SLOTS];

/* FNV-1a over the name's bytes, folded to a slot */
static unsigned slot_of(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return (h ^ h >> 16) % SLOTS;
}

int frontend_site_memo(const char *name, size_t len, char *out, size_t cap,
                       size_t *out_len)
{
	struct slot *m;
	int st;

	if (name == NULL || len == 0 || len > FRONTEND_SITE_MEMO_NAME)
		return uriscan_site(name, len, 0, out, cap, out_len, NULL);
	m = &memo[slot_of(name, len)];
	if (m->used && m->name_len == len && memcmp(m->name, name, len) == 0 &&
	    m->site_len <= cap) {
		memcpy(out, m->site, m->site_len);
		*out_len = m->site_len;
		return URISCAN_OK;
	}
	st = uriscan_site(name, len, 0, out, cap, out_len, NULL);
	if (st == URISCAN_OK && *out_len <= FRONTEND_SITE_MEMO_NAME) {
		m->used = 1;
		m->name_len = (uint8_t)len;
		memcpy(m->name, name, len);
		m->site_len = (uint8_t)*out_len;
		memcpy(m->site, out, *out_len);
	}
	return st;
}
