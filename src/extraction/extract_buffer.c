/* SPDX-License-Identifier: MIT */
/*
 * extract_buffer.c: the matches of one whole buffer, each handed to a
 * callback as the scan finds it (extract_scan.c with an emit): the body of
 * uriscan_extract (extract.c) and the defanged extractor's re-read of a
 * match with a scheme word as written (extract_defang.c), both by options
 * already read (struct xcfg). No allocation.
 */
#include <string.h>

#include "extract.h"
#include "extract_find.h"

/* uriscan_extract's matches, handed over by the scan (extract.h) */
struct emit_ctx {
	const struct xcfg *k;
	const unsigned char *b;
	struct uriscan_match *m;
	uriscan_match_fn cb;
	void *user;
	uint64_t n;
};

static int emit(void *ctx, const struct scan_out *o)
{
	struct emit_ctx *e = ctx;

	uriscan__extract_fill(e->k, o, e->b, 0, e->m);
	e->n++;
	return e->cb(e->user, e->m) != 0;
}

void uriscan__extract_buffer(const struct xcfg *k, const unsigned char *s,
                             size_t len, uriscan_match_fn cb, void *user,
                             uint64_t *count)
{
	struct uriscan_match m;
	struct scan_out o;
	struct emit_ctx e;
	struct uriscan__cands cands;
	size_t from = 0, floor = 0;

	if (len == 0)
		return;
	/* every field a match reads is set by the scan; one call of the scan
	 * runs over the whole buffer, handing each match to emit */
	memset(&o, 0, sizeof o);
	o.uri = (k->flags & URISCAN_EXTRACT_NO_COMPONENTS) ? NULL : &m.uri;
	uriscan__cands_init(&cands);
	o.cands = &cands;
	e.k = k;
	e.b = s;
	e.m = &m;
	e.cb = cb;
	e.user = user;
	e.n = 0;
	o.emit = emit;
	o.emit_ctx = &e;
	uriscan__extract_scan(k, s, len, 1, &from, &floor, &o);
	if (count)
		*count = e.n;
}
