/* SPDX-License-Identifier: MIT */
/*
 * defang_find.c: where a defanged form can start (defang.h,
 * uriscan__defang_skip): the refanger copies the bytes before it in one run
 * and, where none is near, the extractor reads the caller's bytes in place.
 * A position is a candidate when its byte and the next one can begin a
 * form of defang.c:
 *   "[" before one of . : / @ d a h f p (either case)
 *   "(" or "{" before "." or "d" (either case); a backslash before "."
 *   ":" before a backslash, or before "/" with an x (either case) among
 *      the five bytes before it (only a defanged scheme word, which has
 *      one, changes anything at a plain "://")
 *   "_" before "_"; " " before "." or "D"
 * At the end of the bytes there (n) a byte that could begin a pair is a
 * candidate, and so is ":" with fewer than five bytes before it: a
 * candidate is only where defang.c looks, so one too many costs a look and
 * one too few would miss a form. AVX2 when the extractor uses it (the
 * pairs classified by nibble tables, 64 bytes a test, below; with AVX-512
 * where the CPU has it and URISCAN_NO_AVX512 is not set, the same tables
 * a block of 64 bytes at once: half the shuffles; with VBMI too, a byte's
 * classes by one vpermi2b of 128-byte tables and no branch per block),
 * SSE2 (16
 * bytes, comparisons), else a byte at a time.
 */
#include "defang.h"
#include "extract_find.h" /* URISCAN__HAVE_AVX2_PATH */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if URISCAN__HAVE_AVX2_PATH
#include <immintrin.h>
#endif

static int lower_is(unsigned char c, const char *set)
{
	for (; *set; set++)
		if ((c | 0x20) == (unsigned char)*set)
			return 1;
	return 0;
}

static int starts_form(const unsigned char *s, size_t i, size_t n)
{
	unsigned char c = s[i], d;

	if (c != '[' && c != ':' && c != '_' && c != ' ' && c != '(' &&
	    c != '{' && c != '\\')
		return 0;
	if (i + 1 >= n)
		return 1;
	d = s[i + 1];
	switch (c) {
	case '[':
		return d == '.' || d == ':' || d == '/' || d == '@' ||
		       lower_is(d, "dahfp");
	case ':':
		if (d == '\\')
			return 1;
		if (d != '/')
			return 0;
		if (i < 5)
			return 1;
		return lower_is(s[i - 1], "x") || lower_is(s[i - 2], "x") ||
		       lower_is(s[i - 3], "x") || lower_is(s[i - 4], "x") ||
		       lower_is(s[i - 5], "x");
	case '_':
		return d == '_';
	case ' ':
		return d == '.' || d == 'D';
	case '\\':
		return d == '.';
	default: /* ( { */
		return d == '.' || (d | 0x20) == 'd';
	}
}

/* The SIMD loops: the candidates of a block as a mask, the ":/" ones
 * apart (they need the five bytes before each, and are rare: checked only
 * when the block has one). One macro for both widths; the constants are
 * made once, before the loop. */
#define DEFANG_CONSTS(V, SET)                                                  \
	const V c_lp = SET('('), c_lc = SET('{'), c_lb = SET('['),               \
	        c_bs = SET('\\'), c_co = SET(':'), c_sl = SET('/'),              \
	        c_us = SET('_'), c_sp = SET(' '), c_dt = SET('.'),               \
	        c_dd = SET('D'), c_at = SET('@'), c_low = SET(0x20),             \
	        c_d = SET('d'), c_a = SET('a'), c_h = SET('h'), c_f = SET('f'),  \
	        c_p = SET('p'), c_x = SET('x')
/* An x (either case) among the five bytes before each of p_[0, width):
 * a vector of 0xff where there is one (LD loads a vector at a pointer). */
#define DEFANG_X_BEFORE(LD, EQ, OR, low_, x_, p_)                              \
	OR(OR(OR(EQ(OR(LD((p_) - 1), low_), x_), EQ(OR(LD((p_) - 2), low_), x_)),   \
	      OR(EQ(OR(LD((p_) - 3), low_), x_), EQ(OR(LD((p_) - 4), low_), x_))),  \
	   EQ(OR(LD((p_) - 5), low_), x_))
#define DEFANG_BLOCK(V, EQ, OR, AND, MASK, a_, b_, other, colon)              \
	do {                                                                      \
		V bdot = EQ(b_, c_dt), blow = OR(b_, c_low);                          \
		V bd = EQ(blow, c_d);                                                 \
		V t = AND(OR(EQ(a_, c_lp), EQ(a_, c_lc)), OR(bdot, bd));              \
		V lb = OR(OR(OR(bdot, EQ(b_, c_co)), OR(EQ(b_, c_sl), EQ(b_, c_at))), \
		          OR(OR(bd, EQ(blow, c_a)),                                   \
		             OR(OR(EQ(blow, c_h), EQ(blow, c_f)), EQ(blow, c_p))));   \
		V bslash = EQ(b_, c_bs);                                              \
		V aco = EQ(a_, c_co);                                                 \
		t = OR(t, AND(EQ(a_, c_lb), lb));                                     \
		t = OR(t, AND(EQ(a_, c_bs), bdot));                                   \
		t = OR(t, AND(aco, bslash));                                          \
		t = OR(t, AND(EQ(a_, c_us), EQ(b_, c_us)));                           \
		t = OR(t, AND(EQ(a_, c_sp), OR(bdot, EQ(b_, c_dd))));                 \
		other = MASK(t);                                                      \
		colon = MASK(AND(aco, EQ(b_, c_sl)));                                 \
	} while (0)

#if URISCAN__HAVE_AVX2_PATH
/* AVX2: each pair classified by four nibble tables (a "double shufti"):
 * bit k of lo_a[a & 15] & hi_a[a >> 4] & lo_b[b & 15] & hi_b[b >> 4] is
 * set when a is in the k-th set of first bytes and b in its set of second
 * bytes, each set a product of high and low nibbles:
 *   0x01 "["        before . / : * > ?
 *   0x02 "[" "{"    before @ A D F H P Q T V X ` a d f h p q t v x
 *   0x04 "(" " "    before .
 *   0x08 "[" "{" "\" "|"   before .
 *   0x10 "("        before d D
 *   0x20 " "        before D
 *   0x40 ":" "_" "?" "Z"    before \ _
 *   0x80 ":"        before /  (then the x among the five bytes before)
 * A superset of the pairs above (37 more, none frequent in text or logs:
 * "[t", "{a", "|.", "?_", ...), which only costs a look; a test over all
 * 65,536 pairs (tests/core/test_defang_find.c) holds it to that. The
 * tables are read once per call; a block is 4 shuffles, and its mask is
 * kept (struct uriscan__dscan) for the next call in the same block. */
static const unsigned char tbl[4][32] __attribute__((aligned(32))) = {
#define DUP(...) {__VA_ARGS__, __VA_ARGS__}
    DUP(0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0xc0, 0x0b,
        0x08, 0x00, 0x00, 0x40),
    DUP(0x00, 0x00, 0x34, 0xc0, 0x00, 0x4b, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00),
    DUP(0x02, 0x02, 0x00, 0x00, 0x32, 0x00, 0x02, 0x00, 0x02, 0x00, 0x01, 0x00,
        0x40, 0x00, 0x0d, 0xc1),
    DUP(0x00, 0x00, 0x8d, 0x01, 0x32, 0x42, 0x12, 0x02, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00),
#undef DUP
};

/* A block at s[i, i + len) with candidates m (bit k: s[i + k]): kept in
 * c (when not NULL) for the next call, *found set; the first one. */
static inline size_t found_at(struct uriscan__dscan *c, const unsigned char *s,
                              size_t i, size_t len, uint64_t m, int *found)
{
	if (c) {
		c->s = s;
		c->base = i;
		c->len = len;
		c->mask = m;
	}
	*found = 1;
	return i + (size_t)__builtin_ctzll(m);
}

#define A_LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define A_MASK(v) ((uint32_t)_mm256_movemask_epi8(v))
/* The classes of the pairs at s[i, i + 32): 0 where none. The low
 * nibble's shuffle takes the byte itself: a byte >= 0x80 reads 0, as it
 * should (no form starts with one or has one second). */
#define A_CLASS(s, i)                                                          \
	_mm256_and_si256(                                                          \
	    _mm256_and_si256(                                                      \
	        _mm256_shuffle_epi8(la, A_LD((s) + (i))),                          \
	        _mm256_shuffle_epi8(                                               \
	            ha, _mm256_and_si256(_mm256_srli_epi16(A_LD((s) + (i)), 4),    \
	                                 m0f))),                                   \
	    _mm256_and_si256(                                                      \
	        _mm256_shuffle_epi8(lb, A_LD((s) + (i) + 1)),                      \
	        _mm256_shuffle_epi8(                                               \
	            hb, _mm256_and_si256(_mm256_srli_epi16(A_LD((s) + (i) + 1), 4), \
	                                 m0f))))

/* The candidates of a block from its classes t (s[i, i + 32), i >= 5). */
__attribute__((target("avx2"))) static inline uint32_t
block_mask(const unsigned char *s, size_t i, __m256i t)
{
	uint32_t colon = A_MASK(t);
	uint32_t any = ~A_MASK(_mm256_cmpeq_epi8(t, _mm256_setzero_si256()));

	if (colon) { /* ":/": an x (either case) among the five bytes before */
		const __m256i low = _mm256_set1_epi8(0x20), x = _mm256_set1_epi8('x');
		__m256i n = DEFANG_X_BEFORE(A_LD, _mm256_cmpeq_epi8, _mm256_or_si256,
		                            low, x, s + i);
		return (any & ~colon) | (colon & A_MASK(n));
	}
	return any;
}

/* AVX-512 (simd 2): the same tables, a block of 64 bytes a test (one
 * shuffle a table where AVX2 takes two), the ":/" pairs checked against
 * the five bytes before each at once; the candidates of the block kept as
 * skip_avx2 keeps two. The first candidate at or after i (*found), or
 * where the blocks stopped (at lim - 32 or after, or where s[i + 64] is
 * past s[0, n): skip_avx2 goes on from there; i >= 5). */
__attribute__((target("avx512f,avx512bw"))) static size_t
skip_avx512(const unsigned char *s, size_t i, size_t lim, size_t n,
            struct uriscan__dscan *c, int *found)
{
#define Z_LD(p) _mm512_loadu_si512((const void *)(p))
#define Z_X(p) _mm512_cmpeq_epi8_mask(_mm512_or_si512(Z_LD(p), low), x)
	const __m512i la = _mm512_broadcast_i64x4(A_LD(tbl[0])),
	              ha = _mm512_broadcast_i64x4(A_LD(tbl[1])),
	              lb = _mm512_broadcast_i64x4(A_LD(tbl[2])),
	              hb = _mm512_broadcast_i64x4(A_LD(tbl[3])),
	              m0f = _mm512_set1_epi8(0x0f), low = _mm512_set1_epi8(0x20),
	              x = _mm512_set1_epi8('x');
	/* as skip_avx2's two blocks: while i + 32 < lim and i + 64 < n */
	const size_t e2 = lim > 32 && n > 64 ? (lim - 32 < n - 64 ? lim - 32 : n - 64)
	                                     : 0;

	while (i < e2) {
		const __m512i a = Z_LD(s + i), b = Z_LD(s + i + 1);
		const __m512i t = _mm512_and_si512(
		    _mm512_and_si512(
		        _mm512_shuffle_epi8(la, a),
		        _mm512_shuffle_epi8(
		            ha, _mm512_and_si512(_mm512_srli_epi16(a, 4), m0f))),
		    _mm512_and_si512(
		        _mm512_shuffle_epi8(lb, b),
		        _mm512_shuffle_epi8(
		            hb, _mm512_and_si512(_mm512_srli_epi16(b, 4), m0f))));
		const uint64_t any = _mm512_test_epi8_mask(t, t);
		uint64_t m, colon;
		if (any == 0) {
			i += 64;
			continue;
		}
		colon = _mm512_movepi8_mask(t); /* class 0x80: ":/" */
		m = any & ~colon;
		if (colon) /* an x (either case) among the five bytes before */
			m |= colon & (Z_X(s + i - 1) | Z_X(s + i - 2) | Z_X(s + i - 3) |
			              Z_X(s + i - 4) | Z_X(s + i - 5));
		if (m)
			return found_at(c, s, i, 64, m, found);
		i += 64;
	}
	return i;
#undef Z_X
#undef Z_LD
}

/* AVX-512 VBMI (simd 3): the classes of tbl as two tables of the 128
 * ASCII bytes (tbl's nibble products written out: the same classes), one
 * vpermi2b a byte's role per 64 bytes where the nibbles take two shuffles,
 * a shift and an and; the x before a ":/" from the block's own x mask,
 * shifted (the bytes before the block carried over), with no branch per
 * block: only a candidate stops the loop. A byte >= 0x80 reads 0 (its
 * lane masked off). */
static const unsigned char cls_a[128] __attribute__((aligned(64))) = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x0b, 0x08, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a, 0x08, 0x00, 0x00, 0x00,
};
static const unsigned char cls_b[128] __attribute__((aligned(64))) = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0d, 0x81,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x01,
    0x02, 0x02, 0x00, 0x00, 0x32, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x02, 0x02, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40,
    0x02, 0x02, 0x00, 0x00, 0x12, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x02, 0x02, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static size_t
skip_vbmi(const unsigned char *s, size_t i, size_t lim, size_t n,
          struct uriscan__dscan *c, int *found)
{
#define Z_LD(p) _mm512_loadu_si512((const void *)(p))
	const __m512i a0 = Z_LD(cls_a), a1 = Z_LD(cls_a + 64),
	              b0 = Z_LD(cls_b), b1 = Z_LD(cls_b + 64),
	              low = _mm512_set1_epi8(0x20), x = _mm512_set1_epi8('x');
	/* as skip_avx2's two blocks: while i + 32 < lim and i + 64 < n */
	const size_t e2 = lim > 32 && n > 64 ? (lim - 32 < n - 64 ? lim - 32 : n - 64)
	                                     : 0;
	uint64_t xprev = 0; /* bits 59-63: an x at s[i - 5, i) */

	for (int k = 1; k <= 5; k++)
		xprev |= (uint64_t)((s[i - k] | 0x20) == 'x') << (64 - k);
	while (i < e2) {
		const __m512i a = Z_LD(s + i), b = Z_LD(s + i + 1);
		const __m512i t = _mm512_and_si512(
		    _mm512_maskz_permutex2var_epi8(~_mm512_movepi8_mask(a), a0, a, a1),
		    _mm512_maskz_permutex2var_epi8(~_mm512_movepi8_mask(b), b0, b, b1));
		const uint64_t any = _mm512_test_epi8_mask(t, t);
		const uint64_t colon = _mm512_movepi8_mask(t); /* class 0x80: ":/" */
		const uint64_t xm =
		    _mm512_cmpeq_epi8_mask(_mm512_or_si512(a, low), x);
		/* an x (either case) among the five bytes before each */
		const uint64_t near = xm << 1 | xm << 2 | xm << 3 | xm << 4 |
		                      xm << 5 | xprev >> 59 | xprev >> 60 |
		                      xprev >> 61 | xprev >> 62 | xprev >> 63;
		const uint64_t m = (any & ~colon) | (colon & near);
		if (m)
			return found_at(c, s, i, 64, m, found);
		xprev = xm;
		i += 64;
	}
	return i;
#undef Z_LD
}

/* The first candidate at or after i (*found), or where the blocks
 * stopped: at lim or after, or where s[i + 32] is past s[0, n) (i >= 5).
 * Two blocks at a time while there is room, one test for both. */
__attribute__((target("avx2"))) static size_t
skip_avx2(const unsigned char *s, size_t i, size_t lim, size_t n,
          struct uriscan__dscan *c, int *found)
{
	const __m256i la = _mm256_load_si256((const __m256i *)(const void *)tbl[0]),
	              ha = _mm256_load_si256((const __m256i *)(const void *)tbl[1]),
	              lb = _mm256_load_si256((const __m256i *)(const void *)tbl[2]),
	              hb = _mm256_load_si256((const __m256i *)(const void *)tbl[3]),
	              m0f = _mm256_set1_epi8(0x0f);

	/* two blocks a test: while i + 32 < lim and i + 64 < n */
	const size_t e2 = lim > 32 && n > 64 ? (lim - 32 < n - 64 ? lim - 32 : n - 64)
	                                     : 0;
	for (;;) {
		__m256i t0, t1;
		uint64_t m;
		size_t len = 32;
		if (i < e2) {
			t0 = A_CLASS(s, i);
			t1 = A_CLASS(s, i + 32);
			__m256i u = _mm256_or_si256(t0, t1);
			if (_mm256_testz_si256(u, u)) {
				i += 64;
				continue;
			}
			/* only ":/" pairs (a log's "http://"): none counts
			 * without an x in s[i - 5, i + 63) */
			if (_mm256_testz_si256(u, _mm256_set1_epi8(0x7f))) {
				const __m256i low = _mm256_set1_epi8(0x20),
				              x = _mm256_set1_epi8('x');
				__m256i xs = _mm256_or_si256(
				    _mm256_or_si256(
				        _mm256_cmpeq_epi8(_mm256_or_si256(A_LD(s + i - 5), low), x),
				        _mm256_cmpeq_epi8(_mm256_or_si256(A_LD(s + i + 27), low), x)),
				    _mm256_cmpeq_epi8(_mm256_or_si256(A_LD(s + i + 31), low), x));
				if (_mm256_testz_si256(xs, xs)) {
					i += 64;
					continue;
				}
			}
			/* both blocks' candidates, kept for the next calls */
			m = block_mask(s, i, t0) |
			    (uint64_t)block_mask(s, i + 32, t1) << 32;
			len = 64;
		} else if (i < lim && i + 32 < n) {
			t0 = A_CLASS(s, i);
			m = block_mask(s, i, t0);
		} else {
			return i;
		}
		if (m)
			return found_at(c, s, i, len, m, found);
		i += len;
	}
}
#endif

int uriscan__defang_vbmi(void)
{
#if URISCAN__HAVE_AVX2_PATH
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512vbmi") &&
	       __builtin_cpu_supports("avx512bw");
#else
	return 0;
#endif
}

size_t uriscan__defang_skip(const unsigned char *s, size_t i, size_t lim,
                            size_t n, int simd, struct uriscan__dscan *c)
{
	/* the first bytes one at a time: ":/" looks five bytes back */
	while (i < 5 && i < lim && !starts_form(s, i, n))
		i++;
	if (i < 5 || i >= lim)
		return i;
#if URISCAN__HAVE_AVX2_PATH
	if (simd) {
		if (c && c->s == s && i >= c->base && i - c->base < c->len) {
			/* in the blocks the last call read */
			uint64_t m = c->mask >> (i - c->base);
			if (m) {
				i += (size_t)__builtin_ctzll(m);
				return i < lim ? i : lim;
			}
			i = c->base + c->len;
			if (i >= lim)
				return lim;
		}
		int found = 0;
		if (simd > 1) {
			i = simd > 2 ? skip_vbmi(s, i, lim, n, c, &found)
			             : skip_avx512(s, i, lim, n, c, &found);
			if (found || i >= lim)
				return i < lim ? i : lim;
		}
		i = skip_avx2(s, i, lim, n, c, &found);
		if (found || i >= lim)
			return i < lim ? i : lim;
	}
#else
	(void)simd;
	(void)c;
#endif
#if defined(__SSE2__)
	{
#define S_LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define S_MASK(v) ((unsigned)_mm_movemask_epi8(v))
		DEFANG_CONSTS(__m128i, _mm_set1_epi8);
		while (i + 16 < lim) {
			__m128i a = S_LD(s + i), b = S_LD(s + i + 1);
			unsigned other, colon;
			DEFANG_BLOCK(__m128i, _mm_cmpeq_epi8, _mm_or_si128, _mm_and_si128,
			             S_MASK, a, b, other, colon);
			if (colon) {
				__m128i m = DEFANG_X_BEFORE(S_LD, _mm_cmpeq_epi8,
				                            _mm_or_si128, c_low, c_x,
				                            s + i);
				colon &= S_MASK(m);
			}
			if (other | colon)
				return i + (size_t)__builtin_ctz(other | colon);
			i += 16;
		}
	}
#endif
	while (i < lim && !starts_form(s, i, n))
		i++;
	return i;
}
