/*
 * compare.c: uriscan_equivalent, two normal forms (normgen.c) compared as
 * they are produced. No allocation, no buffer; any length.
 */
#include <string.h>

#include "normgen.h"

int uriscan_equivalent(enum uriscan_grammar g, const char *a, size_t alen,
                       const char *b, size_t blen, unsigned flags, int *equal,
                       size_t *error_offset, unsigned *error_input)
{
	struct uriscan__norm na, nb;
	unsigned norm_flags = flags & ~URISCAN_EQUIV_STRING;
	int st, ca, cb;

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
	do {
		ca = uriscan__norm_next(&na);
		cb = uriscan__norm_next(&nb);
	} while (ca == cb && ca >= 0);
	*equal = ca == cb;
	return URISCAN_OK;
}
