/* SPDX-License-Identifier: MIT */
/*
 * extract.c: find URLs in free text, in chunks of any size (uriscan.h,
 * "Extracting URLs from free text", states the definition of a match): the
 * public calls: one buffer at once (the scan, extract_scan.c), and the
 * extractor, which hands each call to the streaming extractor
 * (extract_stream.c: chunks, seam, truncation) or, for
 * URISCAN_EXTRACT_DEFANGED, to the defanged one (extract_defang.c), itself
 * above a streaming extractor. Allocates only in uriscan_extractor_new.
 *
 * Shape (docs/grammars.md, "The extractor: a search, a walk back, an
 * anchored machine"): a fast search for candidate
 * ':' bytes ("://", or any ':' when opaque schemes are asked for;
 * extract_find.c), a walk back over the scheme, then the grammar's anchored
 * extraction machine (extract=RULE in ragel/<grammar>.rules) run forward
 * from the scheme, remembering where the longest matching prefix ends
 * (extract_scan.c). Every byte is read a bounded number of times: the walk
 * back stops at the previous match and at URISCAN_EXTRACT_SCHEME_MAX bytes,
 * and the machine at max_len + 1 bytes unless the match is truncated (then
 * it runs on without storing bytes).
 */
#include <stdlib.h>
#include <string.h>

#include "extract_defang.h"
#include "extract_find.h"
#include "extract_stream.h"

/* ------------------------------------------------------------------ */
/* The whole buffer                                                    */

int uriscan_extract(enum uriscan_grammar g, const char *s, size_t len,
                    const struct uriscan_extract_options *opt,
                    uriscan_match_fn cb, void *user, uint64_t *count)
{
	struct xcfg k;
	int st;

	if (count)
		*count = 0;
	st = uriscan__extract_cfg_init(&k, g, opt);
	if (st != URISCAN_OK)
		return st;
	if (cb == NULL || (s == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (k.flags & URISCAN_EXTRACT_DEFANGED) /* extract_defang.c */
		return uriscan__defang_extract(g, s, len, opt, cb, user, count);
	uriscan__extract_buffer(&k, (const unsigned char *)s, len, cb, user,
	                        count);
	return URISCAN_OK;
}

/* ------------------------------------------------------------------ */
/* The extractor: a plain one (extract_stream.c) or a defanged one     */
/* (extract_defang.c)                                                  */

int uriscan_extractor_new(enum uriscan_grammar g,
                          const struct uriscan_extract_options *opt,
                          uriscan_extractor **out)
{
	struct uriscan_extractor *x;
	struct xcfg k;
	int st;

	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	*out = NULL;
	st = uriscan__extract_cfg_init(&k, g, opt);
	if (st != URISCAN_OK)
		return st;
	if (!(k.flags & URISCAN_EXTRACT_DEFANGED))
		return uriscan__xs_open(g, opt, out);
	x = calloc(1, sizeof *x);
	if (x == NULL)
		return URISCAN_E_NO_MEMORY;
	x->k = k;
	st = uriscan__defang_new(g, opt, 0, &x->dfg);
	if (st != URISCAN_OK) {
		free(x);
		return st;
	}
	*out = x;
	return URISCAN_OK;
}

void uriscan_extractor_free(uriscan_extractor *x)
{
	if (x == NULL)
		return;
	if (x->dfg) {
		uriscan__defang_free(x->dfg);
		free(x);
		return;
	}
	uriscan__xs_free(x);
}

void uriscan_extractor_reset(uriscan_extractor *x)
{
	if (x == NULL)
		return;
	if (x->dfg)
		uriscan__defang_reset(x->dfg);
	else
		uriscan__xs_reset(x);
}

uint64_t uriscan_extractor_offset(const uriscan_extractor *x)
{
	if (x == NULL)
		return 0;
	if (x->dfg)
		return uriscan__defang_offset(x->dfg);
	return uriscan__xs_offset(x);
}

int uriscan_extractor_feed(uriscan_extractor *x, const char *buf, size_t len)
{
	if (x == NULL || (buf == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (x->dfg)
		return uriscan__defang_feed(x->dfg, buf, len);
	return uriscan__xs_feed(x, buf, len);
}

int uriscan_extractor_finish(uriscan_extractor *x)
{
	if (x == NULL)
		return URISCAN_E_INVALID_ARG;
	if (x->dfg)
		return uriscan__defang_finish(x->dfg);
	return uriscan__xs_finish(x);
}

int uriscan_extractor_next(uriscan_extractor *x, struct uriscan_match *m)
{
	if (x == NULL || m == NULL)
		return URISCAN_E_INVALID_ARG;
	if (__builtin_expect(x->dfg != NULL, 0))
		return uriscan__defang_next(x->dfg, m);
	return uriscan__xs_next(x, m);
}
