/* SPDX-License-Identifier: MIT */
/*
 * extract_defang.c: URISCAN_EXTRACT_DEFANGED (uriscan.h, "Defanged URLs").
 * The caller's chunks go through the refanger (defang.c) into a buffer of
 * DEFANG_PIECE bytes that an extractor without the flag (the inner one)
 * reads as its chunks, except the runs of DIRECT_MIN bytes or more in which
 * no form can start (defang_find.c), which it reads in the caller's chunk;
 * each of its matches is mapped back to the text as written by the
 * refanger's records of where it replaced a form.
 *
 * Bounds: the refanger keeps at most DEFANG_LOOK written bytes of a chunk
 * (a form not decided at its end) and DEFANG_HOLD refanged bytes from the
 * inner extractor (a scheme word or a space it may still rewrite). The
 * records (8 bytes each, defang.h) are a ring of 2 * max_len + about
 * 12.5 K entries (rounded up to a power of two: 32 K for the default
 * max_len, 256 KiB; and a quarter as many scheme words of 16 bytes, 128
 * KiB): at least one refanged byte each, and room for a
 * run's, so it holds every record of the bytes the inner
 * extractor may still report a match in (its seam: an open match of at
 * most max_len bytes and the head of the next piece). A truncated match
 * may begin or end before that: its ends are mapped while it is open,
 * before any run of the refanger that may drop a record (keep_trunc).
 */
#include <stdlib.h>
#include <string.h>

#include "defang.h"
#include "defang_map.h"
#include "extract_defang.h"
#include "extract_find.h" /* uriscan__find_simd_wanted */
#include "extract_stream.h"
#include "gen.h"          /* uriscan__simd_level_wanted */

enum { D_IDLE, D_CHUNK, D_FINAL, D_DONE };

struct uriscan__defang {
	uriscan_extractor *in;
	int phase;
	int fed;      /* the inner extractor has a piece not drained */
	int finished; /* it was given finish() */
	const unsigned char *chunk;
	size_t clen, ccur;
	uint64_t wpos; /* written offset of chunk[0] */
	unsigned char pend[DEFANG_LOOK];
	size_t npend; /* written bytes before chunk[0] not read yet */
	uint64_t cur; /* where the last lookup ended (lookup) */
	/* the ends of the inner extractor's open truncated match, mapped */
	int has_ms, has_lf;
	uint64_t c_ms, c_lf;
	struct mapped m_ms, m_lf;
	/* room for max_len + 7: a match re-read with a scheme word as
	 * written (word_as_written), by the inner extractor's options */
	char *reread;
	struct uriscan__refang f;
};

/* Map the ends of the inner extractor's open truncated match while the
 * ring has them: before each run of the refanger that may drop records
 * (only the start of a run drops them), so that every end is mapped
 * before its record can go. */
static void keep_trunc(struct uriscan__defang *d)
{
	uint64_t ms, lf;

	const struct uriscan__refang *f = &d->f;
	if (f->rn == 0 ||
	    (f->rn + f->run_subs <= f->rcap &&
	     ((f->obase + f->olen) ^ f->tail_end) >> 29 == 0))
		return; /* the next run drops none (defang.c, make_room) */
	if (!uriscan__extractor_open_trunc(d->in, &ms, &lf))
		return;
	if (!d->has_ms || d->c_ms != ms) {
		lookup(&d->f, ms, &d->m_ms, &d->cur);
		d->c_ms = ms;
		d->has_ms = 1;
	}
	if (!d->has_lf || d->c_lf != lf) {
		lookup(&d->f, lf, &d->m_lf, &d->cur);
		d->c_lf = lf;
		d->has_lf = 1;
	}
}

/* The first match of a re-read, when it starts at its first byte. */
struct first {
	struct uriscan_match m;
	int found;
};

static int first_at_0(void *user, const struct uriscan_match *m)
{
	struct first *r = user;

	r->found = m->offset == 0;
	r->m = *m;
	return 1; /* the first match is all */
}

/*
 * m (refanged [rs, re), from s) ends at the end of a scheme word, the
 * replacement before the record count e->cnt, and its colon form (the
 * refanger rewrote the word because of it) is outside the match: that
 * word stands for no scheme here (" hxxp://hxxp://" under RFC 1738 ends
 * before the second ":", no empty port). Re-read the match by the grammar
 * with the word as written, as the span alone is read (the form only
 * counts where it gives the URL its scheme: docs/extraction.md). 0: no
 * URL is left (a bracketed word's "[" ends it before any).
 */
/* (not inlined: rare, and its match and buffers would make map's frame,
 * which every match goes through, 450 bytes) */
static __attribute__((noinline)) int
word_as_written(struct uriscan__defang *d, struct uriscan_match *m,
                const struct mapped *s, const struct mapped *e, uint64_t word)
{
	const struct uriscan__refang *f = &d->f;
	size_t k = (size_t)(e->cnt - 1 - f->base_cnt);
	const struct uriscan__dsub *r = rec(f, k);
	size_t rlen = DSUB_RLEN(r), wlen = DSUB_WLEN(r);
	size_t pre = m->nbytes - rlen; /* the refanged bytes before the word */
	uint64_t rs = m->offset, rr = dsub_r(f, r), rw = dsub_w(f, r, rr);
	struct first one;
	struct mapped e2;

	memcpy(d->reread, m->bytes, pre);
	memcpy(d->reread + pre, &word, wlen);
	one.found = 0;
	uriscan__extract_buffer(uriscan__xs_cfg(d->in),
	                        (const unsigned char *)d->reread, pre + wlen,
	                        first_at_0, &one, NULL);
	if (!one.found)
		return 0;
	*m = one.m; /* bytes: d->reread, until the next call */
	m->offset = s->w;
	if (one.m.length > pre) { /* into the word, as written: byte for byte */
		m->length = rw + (one.m.length - pre) - s->w;
		e2.cnt = e->cnt - 1; /* the word is read as written */
	} else {
		lookup(f, rs + one.m.length, &e2, &d->cur);
		if (e2.inside)
			return 0;
		m->length = e2.w - s->w;
	}
	if (e2.cnt > s->cnt || s->inside)
		m->flags |= URISCAN_MATCH_DEFANGED;
	else if (d->phase == D_CHUNK && s->w >= d->wpos &&
	         s->w - d->wpos + m->nbytes <= d->clen)
		/* no form left: as written, in the caller's chunk (map) */
		m->bytes = (const char *)d->chunk + (s->w - d->wpos);
	return 1;
}

/* Does the inner match m (ending at refanged re, read back as e) end at
 * the end of a scheme word (the only replacement that writes letters)
 * whose colon form it does not hold? Then *word: its written bytes. */
static int ends_at_word(const struct uriscan__defang *d,
                        const struct uriscan_match *m, uint64_t re,
                        const struct mapped *e, uint64_t *word)
{
	const struct uriscan__refang *f = &d->f;
	const struct uriscan__dsub *r;
	unsigned char last;

	if (!e->ok || e->inside || e->cnt <= f->base_cnt ||
	    m->nbytes != m->length || m->nbytes == 0)
		return 0;
	last = (unsigned char)m->bytes[m->nbytes - 1] | 0x20;
	if (last < 'a' || last > 'z')
		return 0;
	r = rec(f, (size_t)(e->cnt - 1 - f->base_cnt));
	return dsub_r(f, r) + DSUB_RLEN(r) == re && DSUB_RLEN(r) < m->nbytes &&
	       word_bytes(f, e->cnt - 1, word);
}

/* The inner match m as the caller sees it; 0: not reported (it ends
 * inside a form's refanged bytes). */
static int map(struct uriscan__defang *d, struct uriscan_match *m)
{
	struct mapped s, e;
	uint64_t word;
	uint64_t rs = m->offset, re = m->offset + m->length;

	if (rs >= d->f.tail_end) { /* after every replacement: most matches */
		uint64_t w = (uint64_t)((int64_t)rs + d->f.tail_delta);
		d->cur = d->f.base_cnt + d->f.rn;
		m->offset = w;
		if (d->phase == D_CHUNK && w >= d->wpos &&
		    w - d->wpos + m->nbytes <= d->clen)
			m->bytes = (const char *)d->chunk + (w - d->wpos);
		return 1;
	}
	lookup(&d->f, rs, &s, &d->cur);
	if (!s.ok && d->has_ms && d->c_ms == rs)
		s = d->m_ms;
	lookup(&d->f, re, &e, &d->cur);
	if (!e.ok && d->has_lf && d->c_lf == re)
		e = d->m_lf;
	if (e.inside)
		return 0;
	if (ends_at_word(d, m, re, &e, &word))
		return word_as_written(d, m, &s, &e, word);
	m->offset = s.w;
	m->length = e.w - s.w;
	if (e.cnt > s.cnt || s.inside)
		m->flags |= URISCAN_MATCH_DEFANGED;
	else if (d->phase == D_CHUNK && s.w >= d->wpos &&
	         s.w - d->wpos + m->nbytes <= d->clen)
		/* as written: in the caller's chunk, as without the flag */
		m->bytes = (const char *)d->chunk + (s.w - d->wpos);
	return 1;
}

int uriscan__defang_new(enum uriscan_grammar g,
                        const struct uriscan_extract_options *opt,
                        size_t whole, struct uriscan__defang **out)
{
	struct uriscan_extract_options o;
	struct uriscan__defang *d;
	size_t max_len, cap, need, run_subs = DEFANG_RUN_SUBS, reread;
	int st;

	*out = NULL;
	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	o.flags = opt->flags & ~URISCAN_EXTRACT_DEFANGED;
	o.max_len = opt->max_len;
	o.opaque_schemes = opt->opaque_schemes;
	max_len = o.max_len ? o.max_len : URISCAN_EXTRACT_MAX_LEN_DEFAULT;
	/* the records' 26 bits of w - r hold 4 * 2^23 replacements */
	if (max_len > URISCAN_EXTRACT_DEFANGED_MAX_LEN)
		return URISCAN_E_INVALID_ARG;
	/* the inner extractor's seam (2 * max_len + 2 * (2 * 64 + 16)), a
	 * piece and what is held back: the refanged bytes a match may still
	 * be reported in, each record one of them at least */
	need = 2 * (max_len + 2 * URISCAN_EXTRACT_SCHEME_MAX + 16) +
	       2 * (size_t)DEFANG_OUT_FULL + 64;
	reread = max_len;
	if (whole > 0 && whole < need) {
		/* one buffer of whole bytes: fewer than 2 * whole + 64
		 * replacements in all (each covers two written bytes or
		 * more, none the same), so a ring of that and a run's never
		 * drops one; a match is fewer than 2 * whole refanged bytes
		 * ("http__" gives "http://": one more in six at most). What
		 * uriscan_extract on a log line allocates: tens of KiB, not
		 * 400 (every call its own) */
		need = 2 * whole + 64;
		if (run_subs > need)
			run_subs = need;
		if (reread > 2 * whole)
			reread = 2 * whole;
	}
	/* and room for a run's (defang.c, make_room); a power of two: no
	 * division */
	for (cap = 64; cap < need + run_subs; cap *= 2)
		;
	d = calloc(1, sizeof *d);
	if (d == NULL)
		return URISCAN_E_NO_MEMORY;
	d->f.ring = malloc(cap * sizeof *d->f.ring);
	d->f.wcap = cap / 4;
	d->f.words = malloc(d->f.wcap * sizeof *d->f.words);
	d->reread = malloc(reread + 8);
	if (d->f.ring == NULL || d->f.words == NULL || d->reread == NULL) {
		free(d->f.ring);
		free(d->f.words);
		free(d->reread);
		free(d);
		return URISCAN_E_NO_MEMORY;
	}
	d->f.rcap = cap;
	d->f.run_subs = run_subs;
	d->f.simd = uriscan__find_simd_wanted(o.flags);
	if (d->f.simd && uriscan__simd_level_wanted() >= URISCAN__SIMD_AVX512)
		/* the form search's AVX-512 blocks, VBMI where the CPU has it
		 * (defang_find.c) */
		d->f.simd = uriscan__defang_vbmi() ? 3 : 2;
	st = uriscan__xs_open(g, &o, &d->in);
	if (st != URISCAN_OK) {
		free(d->f.ring);
		free(d->f.words);
		free(d->reread);
		free(d);
		return st;
	}
	uriscan__defang_reset(d);
	*out = d;
	return URISCAN_OK;
}

void uriscan__defang_free(struct uriscan__defang *d)
{
	if (d == NULL)
		return;
	uriscan__xs_free(d->in);
	free(d->f.ring);
	free(d->f.words);
	free(d->reread);
	free(d);
}

void uriscan__defang_reset(struct uriscan__defang *d)
{
	uriscan__xs_reset(d->in);
	uriscan__refang_reset(&d->f);
	d->phase = D_IDLE;
	d->fed = d->finished = 0;
	d->chunk = NULL;
	d->clen = d->ccur = d->npend = 0;
	d->wpos = 0;
	d->has_ms = d->has_lf = 0;
	d->cur = 0;
}

uint64_t uriscan__defang_offset(const struct uriscan__defang *d)
{
	return d->phase == D_CHUNK ? d->wpos + d->clen : d->wpos;
}

int uriscan__defang_feed(struct uriscan__defang *d, const char *buf,
                         size_t len)
{
	if (d->phase != D_IDLE)
		return URISCAN_E_STATE;
	d->chunk = (const unsigned char *)buf;
	d->clen = len;
	d->ccur = 0;
	d->phase = D_CHUNK;
	return URISCAN_OK;
}

int uriscan__defang_finish(struct uriscan__defang *d)
{
	if (d->phase != D_IDLE)
		return URISCAN_E_STATE;
	d->phase = D_FINAL;
	return URISCAN_OK;
}

/* A run of at least this many bytes of the caller's chunk in which no form
 * can start is read by the extractor in place, not copied. Each run read
 * in place is a hand-over (a feed, a seam, a scan started again: about
 * 2,000 instructions) where copying 3 KiB costs a tenth of that; with 256
 * a report with an indicator every few hundred bytes spent a quarter of
 * its time handing runs over (docs/performance.md, "The sixth round"). */
#define DIRECT_MIN 3072u

/* Hand such a run to the inner extractor when it comes next (nothing of
 * the refanger's waits): 1 if done. Its last DEFANG_HOLD bytes are left
 * to the refanger (a scheme word before a form, or before the next
 * chunk's), and its last DEFANG_KEEP bytes become the refanger's history
 * (the bytes a form looks back at). */
static int direct_piece(struct uriscan__defang *d)
{
	struct uriscan__refang *f = &d->f;
	size_t j, end, len;

	if (d->npend > 0 || f->olen != f->ohand ||
	    d->clen - d->ccur < DIRECT_MIN + DEFANG_HOLD)
		return 0;
	/* where the refanger's last run found the next form, else search
	 * (from where its search stopped, when it found none) */
	j = f->brk && f->brk_to > d->ccur ? f->brk_to : d->ccur;
	if (!(f->brk && f->brk_form && j > d->ccur))
		j = uriscan__defang_skip(d->chunk, j, d->clen, d->clen, f->simd,
		                         NULL);
	/* past the candidates that are surely no form (defang.h) */
	while (j > d->ccur && j < d->clen &&
	       defang_plain_at(d->chunk, j, d->clen))
		j = uriscan__defang_skip(d->chunk, j + 1, d->clen, d->clen,
		                         f->simd, NULL);
	f->brk = 0;
	if (j - d->ccur < DIRECT_MIN + DEFANG_HOLD)
		return 0;
	end = j - DEFANG_HOLD;
	len = end - d->ccur;
	uriscan__xs_feed(d->in, (const char *)d->chunk + d->ccur, len);
	d->fed = 1;
	f->obase += f->olen + len - DEFANG_KEEP;
	memcpy(f->out, d->chunk + end - DEFANG_KEEP, DEFANG_KEEP);
	f->olen = f->ohand = DEFANG_KEEP;
	f->wnext += len;
	d->ccur = end;
	return 1;
}

/* Read more of the chunk into the refanger's buffer. */
static void produce(struct uriscan__defang *d)
{
	struct uriscan__refang *f = &d->f;
	size_t i;

	if (d->npend > 0 && d->ccur == 0) {
		/* the bytes kept from the last chunk, and enough of this one
		 * to decide a form that starts in them */
		unsigned char tmp[2 * DEFANG_LOOK];
		size_t take = d->clen < DEFANG_LOOK ? d->clen : DEFANG_LOOK;
		size_t n = d->npend + take;
		memcpy(tmp, d->pend, d->npend);
		memcpy(tmp + d->npend, d->chunk, take);
		keep_trunc(d);
		i = uriscan__refang_run(f, tmp, n, 0, d->npend, 0, 0);
		if (i >= d->npend) {
			d->ccur = i - d->npend;
			d->npend = 0;
		} else if (f->more) {
			/* undecided at the end of tmp: all of this chunk is in
			 * it, and a form needs fewer than DEFANG_LOOK bytes */
			memcpy(d->pend, tmp + i, n - i);
			d->npend = n - i;
			d->ccur = d->clen;
			return;
		} else { /* the buffer is full */
			memmove(d->pend, d->pend + i, d->npend - i);
			d->npend -= i;
			return;
		}
	}
	if (d->ccur < d->clen) {
		keep_trunc(d);
		i = uriscan__refang_run(f, d->chunk, d->clen, d->ccur, d->clen, 0,
		                        DIRECT_MIN + DEFANG_HOLD);
		if (f->more) {
			memcpy(d->pend, d->chunk + i, d->clen - i);
			d->npend = d->clen - i;
			i = d->clen;
		}
		d->ccur = i;
	}
}

/* The refanged bytes at the end of out that a later byte may still
 * rewrite: up to 5 letters after a byte that is not one (a scheme word,
 * "htt" of "htt[p]"). Only those are held back: a match that ends before
 * a newline is decided in its chunk, as without the flag. */
static size_t held(const struct uriscan__refang *f)
{
	size_t k = 0;

	while (k < f->olen && k < DEFANG_HOLD &&
	       ((f->out[f->olen - 1 - k] | 0x20) >= 'a' &&
	        (f->out[f->olen - 1 - k] | 0x20) <= 'z'))
		k++;
	return k <= 5 ? k : 0;
}

/* Give the inner extractor the refanged bytes it may read (all at eof):
 * 1 if there were any. */
static int hand(struct uriscan__defang *d, int eof)
{
	struct uriscan__refang *f = &d->f;
	size_t end = eof ? f->olen : f->olen - held(f);

	if (end <= f->ohand)
		return 0;
	uriscan__xs_feed(d->in, (const char *)f->out + f->ohand,
	                       end - f->ohand);
	f->ohand = end;
	d->fed = 1;
	return 1;
}

/* The inner extractor drained its piece: keep DEFANG_KEEP bytes. */
static void piece_done(struct uriscan__defang *d)
{
	struct uriscan__refang *f = &d->f;
	size_t k = f->olen < DEFANG_KEEP ? f->olen : DEFANG_KEEP;
	size_t shift = f->olen - k;

	memmove(f->out, f->out + shift, k);
	f->olen = k;
	f->obase += shift;
	f->ohand -= shift;
}

int uriscan__defang_next(struct uriscan__defang *d, struct uriscan_match *m)
{
	for (;;) {
		if (d->fed) {
			int st = uriscan__xs_next(d->in, m);
			if (st == URISCAN_OK) {
				if (map(d, m))
					return URISCAN_OK;
				continue;
			}
			d->fed = 0;
			if (d->finished) {
				d->phase = D_DONE;
				return URISCAN_DONE;
			}
			piece_done(d);
			continue;
		}
		switch (d->phase) {
		case D_CHUNK:
			if (direct_piece(d))
				continue;
			produce(d);
			/* before a run without forms nothing can rewrite the
			 * bytes at the end: all of them */
			if (hand(d, d->f.brk))
				continue;
			if (d->ccur < d->clen)
				continue; /* (the buffer was full: never here) */
			d->wpos += d->clen;
			d->phase = D_IDLE;
			return URISCAN_DONE;
		case D_FINAL:
			if (d->npend > 0) {
				keep_trunc(d);
				uriscan__refang_run(&d->f, d->pend, d->npend, 0, d->npend,
				                    1, 0);
				d->npend = 0;
			}
			if (hand(d, 1))
				continue;
			uriscan__xs_finish(d->in);
			d->finished = 1;
			d->fed = 1;
			continue;
		default:
			return URISCAN_DONE;
		}
	}
}

/* uriscan_extract's callback and count */
struct sink {
	struct uriscan__defang *d;
	uriscan_match_fn cb;
	void *user;
	uint64_t n;
};

static int to_sink(void *ctx, struct uriscan_match *m)
{
	struct sink *k = ctx;

	if (!map(k->d, m))
		return 0;
	k->n++;
	return k->cb(k->user, m) != 0;
}

/* Every match up to the end of what d was given, to k: 1 if its callback
 * asked to stop. The inner extractor's matches in the bytes it reads in
 * place (the runs without forms and the refanger's pieces alike) are
 * handed over by its scan as it finds them (uriscan__xs_drain), not
 * returned one by one: what uriscan_extract saves over the streaming
 * extractor. */
static int drain_all(struct uriscan__defang *d, struct sink *k,
                     struct uriscan_match *m)
{
	for (;;) {
		if (d->fed && uriscan__xs_drain(d->in, m, to_sink, k))
			return 1;
		if (uriscan__defang_next(d, m) != URISCAN_OK)
			return 0;
		k->n++;
		if (k->cb(k->user, m) != 0)
			return 1;
	}
}

int uriscan__defang_extract(enum uriscan_grammar g, const char *s, size_t len,
                            const struct uriscan_extract_options *opt,
                            uriscan_match_fn cb, void *user, uint64_t *count)
{
	struct uriscan__defang *d;
	struct uriscan_match m;
	struct sink k;
	int st = uriscan__defang_new(g, opt, len, &d);

	if (st != URISCAN_OK)
		return st;
	k.d = d;
	k.cb = cb;
	k.user = user;
	k.n = 0;
	uriscan__defang_feed(d, s, len);
	if (!drain_all(d, &k, &m)) {
		uriscan__defang_finish(d);
		drain_all(d, &k, &m);
	}
	uriscan__defang_free(d);
	if (count)
		*count = k.n;
	return URISCAN_OK;
}
