/* SPDX-License-Identifier: MIT */
/*
 * query_strip.c: whether the strip globs of uriscan_rewrite (the tracking
 * parameters) remove the pairs with a key: the default list looked up by
 * the key's first byte (tracking_list.c indexes it), another list through
 * a bitmap of its globs' first bytes. No allocation.
 */
#include <string.h>

#include "internal.h"
#include "query_edit.h"
#include "query_key.h"

/* Does the glob g match key k? */
static int glob_is(const struct qe_ctx *x, const char *g, const struct qkey *k)
{
	return qkey_glob((const unsigned char *)g, strlen(g), k, (x->flags & URISCAN_DECODE_PLUS) != 0,
	                 (x->flags & URISCAN_QUERY_ICASE) != 0);
}

/* The default list: only the globs that start with the key's first byte
 * (either case with URISCAN_QUERY_ICASE). */
static int stripped_default(const struct qe_ctx *x, const struct qkey *k,
                            unsigned char c0)
{
	unsigned char b[2] = {c0, c0};
	int nb = 1;

	if ((x->flags & URISCAN_QUERY_ICASE) != 0 && c0 >= 'a' && c0 <= 'z')
		b[1] = (unsigned char)(c0 - 32), nb = 2;
	for (int j = 0; j < nb; j++)
		for (unsigned i = uriscan__tracking_first[b[j]];
		     i < uriscan__tracking_first[b[j] + 1]; i++)
			if (glob_is(x, uriscan__tracking_by_first[i], k))
				return 1;
	return 0;
}

/* Does a strip glob remove the query's pairs with key k? */
int uriscan__qe_stripped(struct qe_ctx *x, const struct qkey *k)
{
	struct qkey_it it;
	unsigned char c0 = 0;
	int icase = (x->flags & URISCAN_QUERY_ICASE) != 0;

	/* the key's first byte: most keys begin no glob */
	qkey_it_init(&it, k, (x->flags & URISCAN_DECODE_PLUS) != 0, icase);
	if (!qkey_next(&it, &c0))
		c0 = 0;
	if (x->strip == uriscan__tracking_list)
		return stripped_default(x, k, c0);
	if (!x->strip_ready) {
		memset(x->strip_first, 0, sizeof x->strip_first);
		for (size_t i = 0; i < x->nstrip; i++) {
			unsigned char g0 = (unsigned char)x->strip[i][0];
			if (icase && g0 >= 'A' && g0 <= 'Z')
				g0 = (unsigned char)(g0 + 32);
			x->strip_first[g0 >> 3] |= (uint8_t)(1u << (g0 & 7));
		}
		x->strip_ready = 1;
	}
	if (!(x->strip_first[c0 >> 3] & (1u << (c0 & 7))) &&
	    !(x->strip_first['*' >> 3] & (1u << ('*' & 7))))
		return 0;
	for (size_t i = 0; i < x->nstrip; i++) {
		const char *g = x->strip[i];
		unsigned char g0 = (unsigned char)g[0];
		if (icase && g0 >= 'A' && g0 <= 'Z')
			g0 = (unsigned char)(g0 + 32);
		if ((g0 == '*' || g0 == c0) && glob_is(x, g, k))
			return 1;
	}
	return 0;
}
