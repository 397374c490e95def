/* SPDX-License-Identifier: MIT */
/*
 * defang.h: the refanger of URISCAN_EXTRACT_DEFANGED (defang.c) and what
 * the streaming wrapper (extract_defang.c) keeps of it. The refanger reads
 * the text as written and writes the text the extractor sees: each
 * defanged form (docs/extraction.md, "Defanged URLs") replaced by the bytes
 * it stands for, with a record of where each replacement was written, so
 * that a match found in the refanged text is mapped back to the text as
 * written. Internal; not installed.
 */
#ifndef URISCAN_DEFANG_H
#define URISCAN_DEFANG_H

#include <string.h>

#include "internal.h"

/* Refanged bytes handed to the extractor at once. */
#define DEFANG_PIECE 4096u
/* The most refanged bytes kept back from the extractor: a scheme word
 * rewritten in place ("hxxps" before "://", "htt" of "htt[p]") is at most
 * 5 bytes before the byte that decides it (extract_defang.c, held()). */
#define DEFANG_HOLD 8u
/* Refanged bytes kept at the front of the buffer once a piece is
 * drained (DEFANG_HOLD of them not handed yet; the others are read as
 * the byte before a scheme word). */
#define DEFANG_KEEP 16u
/* The most bytes a form needs from its first byte to be decided
 * ("[https]" and a colon form after it: 7 + 5 and the byte after). */
#define DEFANG_LOOK 16u

/* One replacement: refanged bytes [r, r + rlen) stand for the written
 * bytes [w, w + wlen), in 8 bytes: r's low 32 bits, and w - r (the
 * written - refanged offset before it) as its low 26 bits with rlen (1 to
 * 5) and wlen (2 to 7) in 3 bits each. Read back (dsub_r, dsub_w) from the
 * newest replacement's full offsets: every kept one is less than
 * DSUB_SPAN + 2^29 bytes before it, and w - r changes by at most 4 a
 * replacement, at most 4 * 2^23 in a ring (uriscan__defang_new keeps it
 * to 2^23: URISCAN_EXTRACT_DEFANGED_MAX_LEN). */
struct uriscan__dsub {
	uint32_t r;
	uint32_t dl;
};
#define DSUB_RLEN(d) ((size_t)((d)->dl >> 26 & 7u))
#define DSUB_WLEN(d) ((size_t)((d)->dl >> 29))
#define DSUB_SPAN ((uint64_t)1 << 30)

struct uriscan__refang {
	/* out[0, olen): refanged bytes; out[0] is at refanged offset obase;
	 * out[0, ohand) were handed to the extractor (read only) */
	unsigned char out[DEFANG_PIECE + DEFANG_HOLD + 4 * DEFANG_LOOK];
	size_t olen, ohand;
	uint64_t obase;
	uint64_t wnext; /* written offset of the next byte read */
	int more;       /* the last run stopped at a form it could not decide */
	int brk;        /* the last run stopped before a run without forms, */
	size_t brk_to;  /* which goes on to there at least (an index of the
	                 * run's bytes), */
	int brk_form;   /* and ends there (a form can start there) */
	int simd;       /* 1: AVX2 may be used (uriscan__find_simd_wanted),
	                 * 2: AVX-512 too */
	/* the replacements, oldest first, in a ring of rcap (a power of two,
	 * at least the refanged bytes a match may still be reported in: one
	 * at least each); one
	 * DSUB_SPAN bytes or more before a new one is dropped */
	struct uriscan__dsub *ring;
	size_t rcap, rfirst, rn;
	/* the most replacements a run adds (DEFANG_RUN_SUBS, or fewer for
	 * one whole buffer: uriscan__defang_new) */
	size_t run_subs;
	/* The scheme words (the only replacements that write letters), the
	 * newest wcap (rcap / 4) of the wn since the start: each one's
	 * replacement (its count from the start of the stream) and written
	 * bytes (in the low bytes). A match that ends at such a word, its
	 * colon form outside the match, reads it as written (extract_defang.c,
	 * word_as_written). Enough: each word and the "://" after it are 6
	 * refanged bytes at least, so the window a match may end in (rcap
	 * bytes at most) holds fewer than rcap / 4 of them. */
	struct uriscan__word {
		uint64_t cnt, bytes;
	} *words;
	size_t wcap;
	uint64_t wn;
	uint64_t base_cnt;  /* replacements dropped from the ring */
	int64_t base_delta; /* written - refanged offset after the last dropped */
	uint64_t ev_end;    /* refanged end of the last dropped (0: none) */
	uint64_t tail_end;  /* refanged end of the newest replacement (0: none) */
	int64_t tail_delta; /* written - refanged offset after it */
};

/* The full refanged offset of d. */
static inline uint64_t dsub_r(const struct uriscan__refang *f,
                              const struct uriscan__dsub *d)
{
	return f->tail_end - (uint32_t)((uint32_t)f->tail_end - d->r);
}

/* The full written offset of d (r: dsub_r). */
static inline uint64_t dsub_w(const struct uriscan__refang *f,
                              const struct uriscan__dsub *d, uint64_t r)
{
	uint32_t diff = ((uint32_t)f->tail_delta - d->dl) & 0x3ffffffu;
	int64_t back = (int64_t)(int32_t)(diff << 6) >> 6; /* sign of bit 25 */
	return (uint64_t)((int64_t)r + f->tail_delta - back);
}

/* Stop adding to out at this length (a form adds at most 5 bytes). */
#define DEFANG_OUT_FULL (DEFANG_PIECE + DEFANG_HOLD)
/* The most replacements one run adds: one per refanged byte it writes,
 * and a scheme word's before its colon form. */
#define DEFANG_RUN_SUBS (DEFANG_OUT_FULL + 64)

/* What the readers of the forms share (defang.c, defang_scheme.c). */

static inline int alnum(int c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static inline int alpha(int c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/*
 * Does s[0, n) start with pattern p? 1 yes, 0 no, -1 not decided (s ends
 * first and more may follow: !eof). In p, a lower-case letter matches
 * either case when ci, '#' any ASCII letter or digit, '~' a lower-case
 * letter.
 */
static inline int pat(const unsigned char *s, size_t n, const char *p,
                      int ci, int eof)
{
	size_t k;

	for (k = 0; p[k]; k++) {
		unsigned char c, q = (unsigned char)p[k];
		if (k >= n)
			return eof ? 0 : -1;
		c = s[k];
		if (q == '#') {
			if (!alnum(c))
				return 0;
		} else if (q == '~') {
			if (c < 'a' || c > 'z')
				return 0;
		} else if (ci && q >= 'a' && q <= 'z') {
			if ((c | 0x20) != q)
				return 0;
		} else if (c != q) {
			return 0;
		}
	}
	return 1;
}

/* s[0, l) is the lower-case letters w in either case. */
static inline int ci_is(const unsigned char *s, const char *w, size_t l)
{
	for (size_t k = 0; k < l; k++)
		if ((s[k] | 0x20) != (unsigned char)w[k])
			return 0;
	return 1;
}

/* Are out[at, olen) plain copies not handed yet (may be replaced)? */
static inline int plain_tail(struct uriscan__refang *f, size_t at)
{
	if (at < f->ohand)
		return 0;
	return f->tail_end <= f->obase + at; /* (0 when none yet) */
}

/* Is the refanged byte before out[at] no letter (or none)? A scheme word
 * starts there: the extractor's scheme starts at its first letter too. */
static inline int boundary_before(const struct uriscan__refang *f, size_t at)
{
	if (at == 0)
		return f->obase == 0; /* the start of the text */
	return !alpha(f->out[at - 1]);
}

/* (the ring has room: make_room) */
static inline void add_sub(struct uriscan__refang *f, uint64_t r, uint64_t w,
                    size_t rlen, size_t wlen)
{
	struct uriscan__dsub *d = &f->ring[(f->rfirst + f->rn) & (f->rcap - 1)];

	d->r = (uint32_t)r;
	d->dl = ((uint32_t)(w - r) & 0x3ffffffu) | (uint32_t)rlen << 26 |
	        (uint32_t)wlen << 29;
	f->rn++;
	f->tail_end = r + rlen;
	f->tail_delta = (int64_t)(w + wlen) - (int64_t)(r + rlen);
}

/* The newest replacement is a scheme word written as w[0, wlen). */
static inline void note_word(struct uriscan__refang *f, const unsigned char *w,
                             size_t wlen)
{
	struct uriscan__word *e = &f->words[f->wn & (f->wcap - 1)];

	e->cnt = f->base_cnt + f->rn - 1;
	e->bytes = 0;
	memcpy(&e->bytes, w, wlen); /* (wlen <= 7; read back the same way) */
	f->wn++;
}

/* The written bytes of the scheme word that is replacement cnt (from the
 * start of the stream): 1 and *bytes, or 0 when it is none (or no longer
 * kept: never for one a match can end at). The words kept are in order. */
static inline int word_bytes(const struct uriscan__refang *f, uint64_t cnt,
                             uint64_t *bytes)
{
	uint64_t lo = f->wn > f->wcap ? f->wn - f->wcap : 0, hi = f->wn;

	while (lo < hi) { /* the first kept with a count >= cnt */
		uint64_t mid = lo + (hi - lo) / 2;
		if (f->words[mid & (f->wcap - 1)].cnt < cnt)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == f->wn || f->words[lo & (f->wcap - 1)].cnt != cnt)
		return 0;
	*bytes = f->words[lo & (f->wcap - 1)].bytes;
	return 1;
}

/* Write out text (rlen bytes) for the wlen written bytes at f->wnext. */
static inline void put(struct uriscan__refang *f, const char *text, size_t rlen,
                size_t wlen)
{
	add_sub(f, f->obase + f->olen, f->wnext, rlen, wlen);
	memcpy(f->out + f->olen, text, rlen);
	f->olen += rlen;
	f->wnext += wlen;
}

/* The colon forms and the scheme words before them (defang_scheme.c): a
 * colon form at s[0, n) (':', '_' or '[' first), after out's scheme word
 * or none; and a scheme word in brackets or "htt[p]" before one ('['
 * first). The bytes of s read, 0 none, -1 not decided. */
int uriscan__defang_colon(struct uriscan__refang *f, const unsigned char *s,
                          size_t n, int eof);
int uriscan__defang_bracket(struct uriscan__refang *f, const unsigned char *s,
                            size_t n, int eof);

/* Forget the stream (the ring keeps its memory). */
void uriscan__refang_reset(struct uriscan__refang *f);

/*
 * Read s[i, n) (s[i] is the written byte at f->wnext) into f->out, and
 * return where it stopped: at n, at stop when a plain byte is next, when
 * out holds DEFANG_OUT_FULL bytes, or (f->more set) at a form that the
 * bytes up to n cannot decide (never when eof: then s[n] is the end of
 * the text), or (f->brk set; direct > 0) before direct bytes or more in
 * which no form can start (the caller hands those to the extractor in
 * place).
 */
size_t uriscan__refang_run(struct uriscan__refang *f, const unsigned char *s,
                           size_t n, size_t i, size_t stop, int eof,
                           size_t direct);

/* The candidates of the last blocks uriscan__defang_skip read: bit k for
 * s[base + k], k < len (32 or 64); s NULL: none. Valid only while s[0, n)
 * is unchanged. */
struct uriscan__dscan {
	const unsigned char *s;
	size_t base, len;
	uint64_t mask;
};

/* The first i' in [i, lim) where a form can start in s[0, n) (lim <= n;
 * the bytes before i are the text's too), or lim; simd: 1 AVX2 allowed
 * (uriscan__find_simd_wanted), 2 AVX-512 too (the CPU has it: the caller
 * asks uriscan__simd_level_wanted), 3 AVX-512 VBMI too
 * (uriscan__defang_vbmi); c (may be NULL): the block read last, kept
 * for the next call on the same bytes. defang_find.c. */
size_t uriscan__defang_skip(const unsigned char *s, size_t i, size_t lim,
                            size_t n, int simd, struct uriscan__dscan *c);

/* Whether the CPU has AVX-512 VBMI (simd 3 of uriscan__defang_skip: its
 * blocks classify a byte by one vpermi2b; defang_find.c). */
int uriscan__defang_vbmi(void);

/* A candidate at s[j] that the refanger would copy as it is (defang.c,
 * form_at, and defang_scheme.c), decided from the written bytes alone:
 * s[j - 1], a plain byte (j > 0, and the caller copies s[j - 1] as it is:
 * the byte before a form is the refanged one it reads), and the bytes
 * after it up to n. 1: surely none; 0: look (a form, or not decided). A
 * run without forms goes on past such a candidate: a log's " ." and "__",
 * "(d" in text, an "xp" with no ':' after it do not end it. */
static inline int defang_plain_at(const unsigned char *s, size_t j, size_t n)
{
	const unsigned char c = s[j], p = s[j - 1], lp = p | 0x20;

	switch (c) {
	case ' ': /* " .~" and " DOT #" after a letter or a digit */
		if (!alnum(p))
			return 1;
		if (j + 1 < n && s[j + 1] == '.')
			return j + 2 < n && !(s[j + 2] >= 'a' && s[j + 2] <= 'z');
		return j + 5 < n &&
		       !(memcmp(s + j + 1, "DOT ", 4) == 0 && alnum(s[j + 5]));
	case '(': /* "(.)#" and "(dot)#" after a letter or a digit */
		return !alnum(p);
	case '_': /* "__#" after a scheme word: each ends in p, s or x */
		return lp != 'p' && lp != 's' && lp != 'x';
	case 'x':
	case 'X': /* (word_colon) the ':' after a scheme word's letters: two
	           * to four bytes after its x pair ("fxp:", "hxxps:") */
		return j + 4 < n && s[j + 2] != ':' && s[j + 3] != ':' &&
		       s[j + 4] != ':';
	default:
		return 0;
	}
}

/* The same, the kept blocks read here first (the refanger's loop). */
static inline size_t defang_skip_kept(const unsigned char *s, size_t i,
                                      size_t lim, size_t n, int simd,
                                      struct uriscan__dscan *c)
{
	if (c->s == s && i >= c->base && i - c->base < c->len) {
		uint64_t m = c->mask >> (i - c->base);
		if (m) {
			i += (size_t)__builtin_ctzll(m);
			return i < lim ? i : lim;
		}
	}
	return uriscan__defang_skip(s, i, lim, n, simd, c);
}

#endif
