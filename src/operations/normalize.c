/* SPDX-License-Identifier: MIT */
/*
 * normalize.c: uriscan_normalize, the normal form (normgen.c) written into
 * the caller's buffer. No allocation; never writes outside out[0, out_cap).
 */
#include "internal.h"
#include "normgen.h"

static int normalize(enum uriscan_grammar g, const char *s, size_t len,
                     char *out, size_t out_cap, size_t *out_len,
                     unsigned flags, size_t *error_offset)
{
	struct uriscan__norm n;
	unsigned char rest[256];
	size_t o = 0, k;
	int st;

	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
	if (error_offset)
		*error_offset = 0;
	if (out_len == NULL || (out == NULL && out_cap != 0))
		return URISCAN_E_INVALID_ARG;
	st = uriscan__norm_init(&n, g, s, len, flags, error_offset);
	if (st != URISCAN_OK)
		return st;
	if (out_cap > 0) {
		o = uriscan__norm_fill(&n, (unsigned char *)out, out_cap);
		if (o < out_cap) { /* the whole normal form, and room for the NUL */
			out[o] = '\0';
			*out_len = o;
			return URISCAN_OK;
		}
	}
	/* too small: out holds a prefix; count the rest */
	while ((k = uriscan__norm_fill(&n, rest, sizeof rest)) > 0)
		o += k;
	*out_len = o;
	return URISCAN_E_BUFFER_TOO_SMALL;
}

int uriscan_normalize(enum uriscan_grammar g, const char *s, size_t len,
                      unsigned flags, char *out, size_t out_cap,
                      size_t *out_len, struct uriscan_error *err)
{
	size_t off = 0;
	int st = normalize(g, s, len, out, out_cap, out_len, flags, &off);

	return uriscan__error1(err, st, off);
}
