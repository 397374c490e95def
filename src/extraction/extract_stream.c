/* SPDX-License-Identifier: MIT */
/*
 * extract_stream.c: the streaming extractor (extract_stream.h): chunks of
 * any size, the seam between them, a truncated match left open. The
 * public calls (extract.c) hand a plain extractor's work here, and so does
 * the defanged one (extract_defang.c) for the refanged text it reads.
 * Allocates only in uriscan__xs_open; no SIMD here (extract_find.c).
 *
 * The scan (uriscan__extract_scan) works on one contiguous buffer
 * and, when it cannot decide, says which bytes a later decision still needs
 * (`keep`: the scheme of a match still open, or the run of scheme characters
 * at the end, at most 66 bytes). The extractor copies those bytes (at most
 * max_len) into its seam buffer and, on the next feed, scans them together
 * with a copy of the head of the new chunk; past the seam it scans the
 * caller's chunk in place. A truncated match still open at the end of a
 * chunk keeps only the machine's state and its first max_len bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "extract_stream.h"
#include "extract_find.h"

/* The seam first copies this much of a new chunk: enough to decide every
 * candidate whose scheme starts in the carried bytes unless one is long. */
#define SEAM_HEAD (2 * SCHEME_MAX + 16)

int uriscan__xs_open(enum uriscan_grammar g,
                     const struct uriscan_extract_options *opt,
                     uriscan_extractor **out)
{
	struct uriscan_extractor *x;
	struct xcfg k;
	int st;

	*out = NULL;
	st = uriscan__extract_cfg_init(&k, g, opt);
	if (st != URISCAN_OK)
		return st;
	x = calloc(1, sizeof *x);
	if (x == NULL)
		return URISCAN_E_NO_MEMORY;
	x->k = k;
	/* carried: an open match (<= max_len) or a scheme run (<= 66); then
	 * up to max_len + SEAM_HEAD bytes of the new chunk */
	x->seam_cap = 2 * k.max_len + 2 * SEAM_HEAD;
	x->seam = malloc(x->seam_cap + k.max_len);
	if (k.opaque != NULL)
		x->opaque_copy = malloc(k.opaque_len + 1);
	if (x->seam == NULL || (k.opaque != NULL && x->opaque_copy == NULL)) {
		free(x->seam);
		free(x->opaque_copy);
		free(x);
		return URISCAN_E_NO_MEMORY;
	}
	x->tbuf = x->seam + x->seam_cap;
	if (k.opaque != NULL) {
		memcpy(x->opaque_copy, k.opaque, k.opaque_len + 1);
		x->k.opaque = x->opaque_copy;
	}
	uriscan__xs_reset(x);
	*out = x;
	return URISCAN_OK;
}

void uriscan__xs_free(uriscan_extractor *x)
{
	free(x->seam);
	free(x->opaque_copy);
	free(x);
}

void uriscan__xs_reset(uriscan_extractor *x)
{
	x->phase = P_IDLE;
	x->pos = x->from = x->floor = x->cabs = 0;
	x->chunk = NULL;
	x->clen = x->carry_len = x->seam_len = x->take = x->tcur = 0;
	x->t_open = 0;
}

uint64_t uriscan__xs_offset(const uriscan_extractor *x)
{
	return x->phase == P_IDLE || x->phase >= P_FINAL ? x->pos
	                                                 : x->pos + x->clen;
}

/* The head of a new chunk into the seam: n (at most SEAM_HEAD) bytes, in
 * 16-byte moves (the last one overlapping). A memcpy of a size known
 * to be at most SEAM_HEAD is compiled by gcc 12 to `rep movsq`,
 * whose start-up was two thirds of this call's time where the defanged
 * extractor feeds a piece every few hundred bytes (docs/performance.md,
 * "The sixth round"). */
static inline void seam_head_copy(unsigned char *d, const unsigned char *s,
                                  size_t n)
{
	size_t k;

	if (n < 16) {
		if (n >= 8) {
			memcpy(d, s, 8);
			memcpy(d + n - 8, s + n - 8, 8);
		} else {
			memcpy(d, s, n);
		}
		return;
	}
	for (k = 0; k + 16 < n; k += 16) {
		memcpy(d + k, s + k, 16);
#if defined(__GNUC__)
		/* (k opaque: else gcc sees a memcpy of n bytes again) */
		__asm__("" : "+r"(k));
#endif
	}
	memcpy(d + n - 16, s + n - 16, 16);
}

int uriscan__xs_feed(uriscan_extractor *x, const char *buf, size_t len)
{
	if (x->phase != P_IDLE)
		return URISCAN_E_STATE;
	x->chunk = (const unsigned char *)buf;
	x->clen = len;
	uriscan__cands_init(&x->cands);
	if (len == 0)
		return URISCAN_OK;
	if (x->t_open) {
		x->tcur = 0;
		x->phase = P_TRUNC;
	} else if (x->carry_len > 0) {
		x->take = len < SEAM_HEAD ? len : SEAM_HEAD;
		seam_head_copy(x->seam + x->carry_len, (const unsigned char *)buf,
		               x->take);
		x->seam_len = x->carry_len + x->take;
		x->phase = P_SEAM;
	} else {
		x->phase = P_DIRECT;
	}
	return URISCAN_OK;
}

int uriscan__xs_finish(uriscan_extractor *x)
{
	if (x->phase != P_IDLE)
		return URISCAN_E_STATE;
	x->seam_len = x->carry_len;
	x->take = 0;
	x->phase = P_FINAL;
	return URISCAN_OK;
}

/* Remember an open truncated match found in buffer b (stream offset abs). */
static void open_trunc(uriscan_extractor *x, const struct scan_out *o,
                       const unsigned char *b, uint64_t abs)
{
	x->t_open = 1;
	x->t_cs = o->cs;
	x->t_ms = abs + o->ms;
	x->t_lf = abs + o->lf;
	x->t_after = o->after;
	x->t_scheme_len = (uint32_t)o->scheme_len;
	memcpy(x->tbuf, b + o->ms, x->k.max_len);
}

static void close_trunc(uriscan_extractor *x, uint64_t end,
                        struct uriscan_match *m)
{
	x->t_open = 0;
	m->offset = x->t_ms;
	m->length = x->t_lf - x->t_ms;
	m->bytes = (const char *)x->tbuf;
	m->nbytes = m->length < x->k.max_len ? (size_t)m->length
	                                     : x->k.max_len;
	m->flags = URISCAN_MATCH_TRUNCATED;
	if (uriscan__extract_cuts(x->k.g, x->t_after))
		m->flags |= URISCAN_MATCH_CUT;
	m->scheme_len = x->t_scheme_len;
	memset(&m->uri, 0, sizeof m->uri);
	m->uri.grammar = x->k.g;
	m->confusion = 0;
	if (x->k.flags & URISCAN_EXTRACT_CONFUSION)
		uriscan__extract_confusion(&x->k, m);
	x->from = x->floor = end;
}

/* The chunk is used up: carry the bytes [keep, end) of buffer b. */
static void end_chunk(uriscan_extractor *x, const unsigned char *b,
                      uint64_t abs, size_t len, size_t keep)
{
	size_t n = len - keep;

	memmove(x->seam, b + keep, n);
	x->carry_len = n;
	x->cabs = abs + keep;
	if (x->floor < x->cabs)
		x->floor = x->cabs;
	x->pos += x->clen;
	x->phase = P_IDLE;
}

static size_t idx(uint64_t off, uint64_t abs)
{
	return off > abs ? (size_t)(off - abs) : 0;
}

/* The chunk read in place is used up, the scan over it ended with r
 * (S_OPEN: a truncated match runs on into the next chunk; else S_MORE). */
static inline __attribute__((always_inline)) void
direct_done(uriscan_extractor *x, int r, const struct scan_out *o)
{
	if (r == S_OPEN) {
		open_trunc(x, o, x->chunk, x->pos);
		x->carry_len = 0;
		x->pos += x->clen;
		x->phase = P_IDLE;
	} else {
		end_chunk(x, x->chunk, x->pos, x->clen, o->keep);
	}
}

/* *o set up for a scan of x's that fills m, with emit and its ctx (NULL:
 * none). Field by field: gcc makes a `rep stos` of a memset of *o, whose
 * start-up perf put at 7 % of the streaming extractor's time (-10 %
 * without it: docs/performance.md, "The streaming extractor"). */
static inline __attribute__((always_inline)) void
scan_out_init(const uriscan_extractor *x, struct scan_out *o,
              struct uriscan_match *m,
              int (*emit)(void *, const struct scan_out *), void *emit_ctx)
{
	o->ms = o->me = o->lf = o->scheme_len = o->keep = 0;
	o->truncated = o->cs = o->cut = 0;
	o->after = -1;
	o->emit = emit;
	o->emit_ctx = emit_ctx;
	o->uri = (x->k.flags & URISCAN_EXTRACT_NO_COMPONENTS) ? NULL : &m->uri;
}

/* Scan buffer b (stream offset abs) once; 1 with *m on a match. Inlined:
 * as a call it was one more level of saved registers per match, 37 of the
 * about 150 instructions per URL that the streaming extractor spent over
 * uriscan_extract on the synthetic log (docs/performance.md, "The
 * streaming extractor"). */
static inline __attribute__((always_inline)) int
scan_buffer(uriscan_extractor *x, const unsigned char *b, uint64_t abs,
            size_t len, int eof, struct uriscan_match *m, int *res,
            struct scan_out *o)
{
	size_t from = idx(x->from, abs), floor = idx(x->floor, abs);
	int r;

	scan_out_init(x, o, m, NULL, NULL);
	/* the chunk in place: the same buffer from feed to the next feed */
	o->cands = b == x->chunk ? &x->cands : NULL;
	r = uriscan__extract_scan(&x->k, b, len, eof, &from, &floor, o);
	*res = r;
	if (r == S_MATCH) {
		uriscan__extract_fill(&x->k, o, b, abs, m);
		x->from = abs + from;
		x->floor = abs + floor;
		return 1;
	}
	if (r == S_MORE) {
		x->from = abs + from;
		if (!eof && x->floor < abs + o->keep)
			x->floor = abs + o->keep;
	}
	return 0;
}

int uriscan__xs_next(uriscan_extractor *x, struct uriscan_match *m)
{
	struct scan_out o;
	int r;

	for (;;) {
		/* the usual call: the next match in the caller's chunk, found
		 * in place; tested before the switch (its jump table) */
		if (x->phase == P_DIRECT) {
			if (scan_buffer(x, x->chunk, x->pos, x->clen, 0, m, &r, &o))
				return URISCAN_OK;
			direct_done(x, r, &o);
			return URISCAN_DONE;
		}
		switch (x->phase) {
		case P_IDLE:
		case P_DIRECT: /* above */
		case P_DONE:
			return URISCAN_DONE;

		case P_TRUNC: {
			const unsigned char *lf = NULL;
			size_t n;
			/* the byte after the match, when it starts this chunk */
			if (x->t_after < 0 && x->t_lf == x->pos + x->tcur)
				x->t_after = x->chunk[x->tcur];
			n = x->k.xm->exec(&x->t_cs, x->chunk + x->tcur,
			                  x->chunk + x->clen, &lf);
			if (lf != NULL) {
				x->t_lf = x->pos + (uint64_t)(lf - x->chunk);
				x->t_after =
				    lf < x->chunk + x->clen ? *lf : -1;
			}
			if (x->t_cs == x->k.xm->error) {
				close_trunc(x, x->pos + x->tcur + n, m);
				x->phase = P_DIRECT;
				if ((m->flags & URISCAN_MATCH_CUT) &&
				    !(x->k.flags & URISCAN_EXTRACT_KEEP_CUT))
					continue;
				return URISCAN_OK;
			}
			x->carry_len = 0;
			x->pos += x->clen;
			x->phase = P_IDLE;
			return URISCAN_DONE;
		}

		case P_SEAM:
			if (scan_buffer(x, x->seam, x->cabs, x->seam_len, 0, m, &r,
			                &o)) {
				/* in the caller's chunk when it lies there */
				if (m->offset >= x->pos && !(m->flags &
				                             URISCAN_MATCH_TRUNCATED))
					m->bytes = (const char *)x->chunk +
					           (m->offset - x->pos);
				return URISCAN_OK;
			}
			if (r == S_OPEN) {
				open_trunc(x, &o, x->seam, x->cabs);
				x->carry_len = 0;
				if (x->take < x->clen) {
					x->tcur = x->take;
					x->phase = P_TRUNC;
				} else {
					x->pos += x->clen;
					x->phase = P_IDLE;
				}
				continue;
			}
			if (x->take == x->clen) {
				end_chunk(x, x->seam, x->cabs, x->seam_len, o.keep);
				continue;
			}
			if (x->cabs + o.keep < x->pos &&
			    x->take < SEAM_HEAD + x->k.max_len) {
				/* a match that starts in the carried bytes is
				 * still open: copy more of the chunk, up to
				 * max_len + SEAM_HEAD bytes, by which it is
				 * decided or truncated */
				size_t more = x->clen - x->take;
				if (more > SEAM_HEAD + x->k.max_len - x->take)
					more = SEAM_HEAD + x->k.max_len - x->take;
				memcpy(x->seam + x->seam_len, x->chunk + x->take,
				       more);
				x->take += more;
				x->seam_len += more;
				continue;
			}
			/* everything that needed the carried bytes is decided */
			x->carry_len = 0;
			x->phase = P_DIRECT;
			continue;

		case P_FINAL:
			if (x->t_open) {
				close_trunc(x, x->pos, m);
				x->carry_len = 0;
				x->seam_len = 0;
				if (!(m->flags & URISCAN_MATCH_CUT) ||
				    (x->k.flags & URISCAN_EXTRACT_KEEP_CUT))
					return URISCAN_OK;
			}
			if (x->seam_len > 0 &&
			    scan_buffer(x, x->seam, x->cabs, x->seam_len, 1, m, &r,
			                &o))
				return URISCAN_OK;
			x->carry_len = x->seam_len = 0;
			x->phase = P_DONE;
			return URISCAN_DONE;
		}
	}
}

/* uriscan__xs_drain: the matches in place, handed over by the scan */
struct drain {
	uriscan_extractor *x;
	struct uriscan_match *m;
	int (*fn)(void *ctx, struct uriscan_match *m);
	void *ctx;
	int n;
};

static int drain_emit(void *ctx, const struct scan_out *o)
{
	struct drain *d = ctx;

	uriscan__extract_fill(&d->x->k, o, d->x->chunk, d->x->pos, d->m);
	d->n++;
	return d->fn(d->ctx, d->m);
}

int uriscan__xs_drain(uriscan_extractor *x, struct uriscan_match *m,
                      int (*fn)(void *ctx, struct uriscan_match *m),
                      void *ctx)
{
	struct drain d = {x, m, fn, ctx, 0};
	struct scan_out o;
	size_t from, floor;
	int r;

	if (x->phase != P_DIRECT)
		return 0;
	from = idx(x->from, x->pos);
	floor = idx(x->floor, x->pos);
	scan_out_init(x, &o, m, drain_emit, &d);
	o.cands = &x->cands;
	r = uriscan__extract_scan(&x->k, x->chunk, x->clen, 0, &from, &floor,
	                          &o);
	/* where xs_next would be after the same matches: each moved from
	 * and floor past it (S_MATCH), the end of the scan moves from
	 * (S_MORE) */
	if (d.n > 0 || r == S_MORE)
		x->from = x->pos + from;
	if (d.n > 0)
		x->floor = x->pos + floor;
	if (r == S_STOP)
		return 1;
	if (r == S_MORE && x->floor < x->pos + o.keep)
		x->floor = x->pos + o.keep; /* (scan_buffer's, at S_MORE) */
	direct_done(x, r, &o);
	return 0;
}

int uriscan__extractor_open_trunc(const uriscan_extractor *x, uint64_t *ms,
                                  uint64_t *lf)
{
	if (!x->t_open)
		return 0;
	*ms = x->t_ms;
	*lf = x->t_lf;
	return 1;
}
