/* SPDX-License-Identifier: MIT */
/*
 * psl_site.c: the registrable domain from the compiled Public Suffix
 * List (psl_table.h), with libpsl's semantics (psl_registrable_domain:
 * both sections, the '*' default rule: the last two labels when no rule
 * matches; a suffix read without one leading dot, as libpsl does).
 *
 * One walk from the last byte to the first lower-cases the name, hashes
 * every suffix (FNV-1a extended one byte leftwards) and looks up each one
 * that starts a label, until a suffix that no rule ends with; two labels
 * further nothing can match, and the rest of the name is only checked for
 * the bytes uriscan_site refuses. No allocation, read-only data.
 */
#include <string.h>

#include "psl_table.h"

#define MAX_LABELS 258

#define ONES 0x0101010101010101u
#define HIGHS 0x8080808080808080u
/* Has x a zero byte? Has it a byte below n (n <= 128)? */
#define HAS_ZERO(x) (((x)-ONES) & ~(x)&HIGHS)
#define HAS_LESS(x, n) (((x) - ONES * (n)) & ~(x)&HIGHS)

/* Does s[0, len) hold a byte uriscan_site refuses (controls, space, DEL,
 * non-ASCII, '%')? 1 if so, else 2 if it holds a ':', else 0. Eight
 * bytes at once. */
static int refused(const unsigned char *s, size_t len)
{
	size_t i = 0;
	int colon = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		if ((x & HIGHS) | HAS_LESS(x, 0x21) | HAS_ZERO(x ^ (ONES * 0x7F)) |
		    HAS_ZERO(x ^ (ONES * '%')))
			return 1;
		colon |= HAS_ZERO(x ^ (ONES * ':')) != 0;
	}
	for (; i < len; i++) {
		if ((unsigned char)(s[i] - 0x21) >= 0x5E || s[i] == '%')
			return 1;
		colon |= s[i] == ':';
	}
	return colon ? 2 : 0;
}

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
		    memcmp(uriscan__psl_pool[p->off >> 12] + (p->off & 4095), s, n) ==
		        0)
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
	return (fl[j - 1] & PSL_WILDCARD) != 0;
}

long uriscan__psl_site(const char *s, size_t len, char *z, size_t *zfrom,
                       int *maybe_addr)
{
	unsigned char fl[MAX_LABELS];
	size_t start[MAX_LABELS], m = 0, k, i = len, dead = MAX_LABELS;
	uint32_t h = PSL_FNV_BASIS;
	int whole; /* were all the labels recorded? */

	*maybe_addr = 0;
	*zfrom = len;
	/* libpsl: none for a name that starts with a dot */
	if (len == 0 || s[0] == '.')
		return -1;
	if (s[len - 1] == '.') { /* an empty last label: no rule */
		start[m] = len;
		fl[m++] = 0;
		dead = 0;
	}
	*maybe_addr = s[0] == '[';
	/* while a rule may end with the suffix: lower case, hash, and look
	 * up each suffix that starts a label */
	while (dead == MAX_LABELS && i > 0) {
		unsigned char c = (unsigned char)s[i - 1];

		if (c != '.') {
			c = uriscan__psl_lower[c];
			if (c == 0) {
				if (s[i - 1] != ':')
					return -1;
				c = ':';
				*maybe_addr = 1;
			}
			z[--i] = (char)c;
			h = (h ^ c) * PSL_FNV_PRIME;
			if (i > 0)
				continue;
		}
		start[m] = i;
		fl[m] = (unsigned char)lookup(z + i, len - i, h);
		if (fl[m] == 0)
			dead = m;
		m++;
		if (c == '.' && dead == MAX_LABELS) {
			z[--i] = '.';
			h = (h ^ '.') * PSL_FNV_PRIME;
		}
	}
	*zfrom = i; /* the walk read s[i, len) */
	/* past the first suffix no rule ends with, a suffix is public at most
	 * one label further (a wildcard): its site starts at the label after
	 * it; only the starts of those two labels are needed */
	while (i > 0 && m <= dead + 2) {
		for (i--; i > 0 && s[i - 1] != '.'; i--)
			;
		start[m] = i;
		fl[m++] = 0;
	}
	whole = i == 0;
	/* the bytes the walk did not read */
	switch (refused((const unsigned char *)s, *zfrom)) {
	case 1:
		return -1;
	case 2:
		*maybe_addr = 1;
	}
	/* a number as the last label (digits, or "0x" and hex digits) */
	if (s[len - 1] != '.' && (unsigned char)(s[start[0]] - '0') < 10)
		*maybe_addr = 1;
	/* libpsl's walk from the whole name rightwards stops at the first
	 * public suffix; a suffix with a leading dot is read without it */
	for (k = m; k-- > 0;) {
		int pub = start[k] < len && s[start[k]] == '.'
		              ? raw_public(fl, k - 1)
		              : raw_public(fl, k);
		if (pub)
			return whole && k + 1 == m ? -1 : (long)start[k + 1];
	}
	return -1; /* not reached: the last label is public */
}
