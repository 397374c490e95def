/* SPDX-License-Identifier: MIT */
/*
 * compare.c: uriscan_equivalent, two normal forms (normgen.c) compared as
 * they are produced, a window of each at a time. No allocation; any
 * length.
 */
#include <string.h>

#include "internal.h"
#include "normgen.h"

static int equivalent(enum uriscan_grammar g, const char *a, size_t alen,
                      const char *b, size_t blen, unsigned flags, int *equal,
                      size_t *error_offset, unsigned *error_input)
{
	struct uriscan__norm na, nb;
	unsigned norm_flags = flags & ~URISCAN_EQUIV_STRING;
	unsigned char wa[128], wb[128];
	size_t la = 0, ia = 0, lb = 0, ib = 0, m;
	int st;

	if (error_offset)
		*error_offset = 0;
	if (error_input)
		*error_input = 0;
	if (equal == NULL)
		return URISCAN_E_INVALID_ARG;
	*equal = 0;
	if ((flags & URISCAN_EQUIV_STRING) && norm_flags != 0)
		return URISCAN_E_INVALID_ARG;
	st = uriscan__norm_init(&na, g, a, alen, norm_flags, error_offset);
	if (st != URISCAN_OK) {
		if (error_input && st != URISCAN_E_INVALID_ARG)
			*error_input = 1;
		return st;
	}
	st = uriscan__norm_init(&nb, g, b, blen, norm_flags, error_offset);
	if (st != URISCAN_OK) {
		if (error_input && st != URISCAN_E_INVALID_ARG)
			*error_input = 2;
		return st;
	}
	if (flags & URISCAN_EQUIV_STRING) {
		*equal = alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
		return URISCAN_OK;
	}
	for (;;) {
		if (ia == la) {
			la = uriscan__norm_fill(&na, wa, sizeof wa);
			ia = 0;
		}
		if (ib == lb) {
			lb = uriscan__norm_fill(&nb, wb, sizeof wb);
			ib = 0;
		}
		if (la == 0 || lb == 0) { /* one has ended: equal if both have */
			*equal = la == 0 && lb == 0;
			return URISCAN_OK;
		}
		m = la - ia < lb - ib ? la - ia : lb - ib;
		if (memcmp(wa + ia, wb + ib, m) != 0)
			return URISCAN_OK;
		ia += m;
		ib += m;
	}
}

int uriscan_equivalent(enum uriscan_grammar g, const char *a, size_t alen,
                       const char *b, size_t blen, unsigned flags, int *equal,
                       struct uriscan_error *err)
{
	size_t off = 0;
	unsigned in = 0;
	int st = equivalent(g, a, alen, b, blen, flags, equal, &off, &in);

	return uriscan__error(err, st, off, (enum uriscan_input)in,
	                      URISCAN_COMPONENT_NONE);
}
