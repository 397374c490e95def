/* SPDX-License-Identifier: MIT */
/*
 * psl_site.c: the registrable domain from the compiled Public Suffix
 * List (psl_table.h), with libpsl's semantics (psl_registrable_domain:
 * both sections, the '*' default rule: the last two labels when no rule
 * matches; a suffix read without one leading dot, as libpsl does).
 *
 * One walk from the last byte to the first hashes every suffix of the
 * name (FNV-1a extended one byte leftwards) and looks each one up, until
 * a suffix that no rule ends with: a few lookups a name, no allocation.
 */
#include <string.h>

#include "psl_table.h"

#define MAX_LABELS 258

static unsigned lookup(const char *s, size_t n, uint32_t h)
{
	size_t i = h & uriscan__psl_mask;

	for (;;) {
		unsigned e = uriscan__psl_slots[i];
		const struct psl_entry *p;

		if (e == 0)
			return 0;
		p = &uriscan__psl_entries[e - 1];
		if (p->hash == h && p->len == n &&
		    memcmp(uriscan__psl_pool[p->off >> 12] + (p->off & 4095), s, n) == 0)
			return p->flags;
		i = (i + 1) & uriscan__psl_mask;
	}
}

/* libpsl's is_public_suffix on the suffix of j+1 labels, without its
 * leading-dot step: one label (the '*' default rule), a rule that is no
 * exception, or a label under a wildcard. */
static int raw_public(const unsigned char *fl, size_t j)
{
	if (j == 0)
		return 1;
	if (fl[j] & (PSL_RULE | PSL_EXCEPTION))
		return !(fl[j] & PSL_EXCEPTION);
	return j >= 1 && (fl[j - 1] & PSL_WILDCARD);
}

long uriscan__psl_site(const char *z, size_t len)
{
	unsigned char fl[MAX_LABELS];
	size_t start[MAX_LABELS], m = 0, k;
	uint32_t h = PSL_FNV_BASIS;
	int alive = 1;

	if (len == 0 || z[0] == '.')
		return -1;
	if (z[len - 1] == '.') { /* an empty last label: no rule */
		start[m] = len;
		fl[m++] = 0;
		alive = 0;
	}
	for (size_t i = len; i-- > 0;) {
		h = (h ^ (unsigned char)z[i]) * PSL_FNV_PRIME;
		if (i == 0 || z[i - 1] == '.') {
			start[m] = i;
			fl[m] = alive ? (unsigned char)lookup(z + i, len - i, h) : 0;
			if (fl[m] == 0)
				alive = 0;
			m++;
		}
	}
	/* libpsl walks from the whole name rightwards and stops at the first
	 * public suffix; a suffix with a leading dot is read without it */
	for (k = m; k-- > 0;) {
		int pub = start[k] < len && z[start[k]] == '.'
		              ? raw_public(fl, k - 1)
		              : raw_public(fl, k);
		if (pub)
			return k + 1 == m ? -1 : (long)start[k + 1];
	}
	return -1; /* not reached: the last label is public */
}
