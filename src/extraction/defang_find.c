/* SPDX-License-Identifier: MIT */
/*
 * defang_find.c: where a defanged form can start (defang.h,
 * uriscan__defang_skip): the refanger copies the bytes before it in one run
 * and, where none is near, the extractor reads the caller's bytes in place.
 * A position is a candidate when its byte and the next one can begin a
 * form of defang.c:
 *   "[" before one of . : / @ d a h f p (either case)
 *   "(" or "{" before "." or "d" (either case); a backslash before "."
 *   ":" before a backslash; "_" before "_"; " " before "." or "D"
 *   "x" before "x" or "p" (either case): a defanged scheme word ("hxxp",
 *      "fxp", "xxxx"...), the only thing that changes anything at a plain
 *      "://" after it; defang.c looks for the ':' after the word from
 *      there (a log's "http://" is then no candidate, and the search no
 *      longer looks back five bytes at each ':' before a '/')
 * At the end of the bytes there (n) a byte that could begin a pair is a
 * candidate: a candidate is only where defang.c looks, so one too many
 * costs a look and one too few would miss a form. AVX2 when the extractor uses it (the
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
	    c != '{' && c != '\\' && (c | 0x20) != 'x')
		return 0;
	if (i + 1 >= n)
		return 1;
	d = s[i + 1];
	switch (c) {
	case '[':
		return d == '.' || d == ':' || d == '/' || d == '@' ||
		       lower_is(d, "dahfp");
	case ':':
		return d == '\\';
	case '_':
		return d == '_';
	case ' ':
		return d == '.' || d == 'D';
	case '\\':
		return d == '.';
	case 'x':
	case 'X':
		return lower_is(d, "xp");
	default: /* ( { */
		return d == '.' || (d | 0x20) == 'd';
	}
}

/* The SSE2 loop: the candidates of a block as a mask. The constants are
 * made once, before the loop. */
#define DEFANG_CONSTS(V, SET)                                                  \
	const V c_lp = SET('('), c_lc = SET('{'), c_lb = SET('['),               \
	        c_bs = SET('\\'), c_co = SET(':'), c_sl = SET('/'),              \
	        c_us = SET('_'), c_sp = SET(' '), c_dt = SET('.'),               \
	        c_dd = SET('D'), c_at = SET('@'), c_low = SET(0x20),             \
	        c_d = SET('d'), c_a = SET('a'), c_h = SET('h'), c_f = SET('f'),  \
	        c_p = SET('p'), c_x = SET('x')
#define DEFANG_BLOCK(V, EQ, OR, AND, MASK, a_, b_, mask)                      \
	do {                                                                      \
		V bdot = EQ(b_, c_dt), blow = OR(b_, c_low);                          \
		V bd = EQ(blow, c_d);                                                 \
		V t = AND(OR(EQ(a_, c_lp), EQ(a_, c_lc)), OR(bdot, bd));              \
		V lb = OR(OR(OR(bdot, EQ(b_, c_co)), OR(EQ(b_, c_sl), EQ(b_, c_at))), \
		          OR(OR(bd, EQ(blow, c_a)),                                   \
		             OR(OR(EQ(blow, c_h), EQ(blow, c_f)), EQ(blow, c_p))));   \
		t = OR(t, AND(EQ(a_, c_lb), lb));                                     \
		t = OR(t, AND(EQ(a_, c_bs), bdot));                                   \
		t = OR(t, AND(EQ(a_, c_co), EQ(b_, c_bs)));                           \
		t = OR(t, AND(EQ(a_, c_us), EQ(b_, c_us)));                           \
		t = OR(t, AND(EQ(a_, c_sp), OR(bdot, EQ(b_, c_dd))));                 \
		t = OR(t, AND(EQ(OR(a_, c_low), c_x),                                 \
		              OR(EQ(blow, c_x), EQ(blow, c_p))));                     \
		mask = MASK(t);                                                       \
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
 *   0x80 "x" "X"    before p P x X
 * A superset of the pairs above (37 more, none frequent in text or logs:
 * "[t", "{a", "|.", "?_", ...), which only costs a look; a test over all
 * 65,536 pairs (tests/core/test_defang_find.c) holds it to that. The
 * tables are read once per call; a block is 4 shuffles, and its mask is
 * kept (struct uriscan__dscan) for the next call in the same block. */
static const unsigned char tbl[4][32] __attribute__((aligned(32))) = {
#define DUP(...) {__VA_ARGS__, __VA_ARGS__}
    DUP(0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x94, 0x00, 0x40, 0x0b,
        0x08, 0x00, 0x00, 0x40),
    DUP(0x00, 0x00, 0x34, 0x40, 0x00, 0xcb, 0x00, 0x8a, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00),
    DUP(0x82, 0x02, 0x00, 0x00, 0x32, 0x00, 0x02, 0x00, 0x82, 0x00, 0x01, 0x00,
        0x40, 0x00, 0x0d, 0x41),
    DUP(0x00, 0x00, 0x0d, 0x01, 0x32, 0xc2, 0x12, 0x82, 0x00, 0x00, 0x00, 0x00,
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

/* The candidates of a block from its classes t. */
__attribute__((target("avx2"))) static inline uint32_t block_mask(__m256i t)
{
	return ~A_MASK(_mm256_cmpeq_epi8(t, _mm256_setzero_si256()));
}

/* AVX-512 (simd 2): the same tables, a block of 64 bytes a test (one
 * shuffle a table where AVX2 takes two); the candidates of the block kept
 * as skip_avx2 keeps two. The first candidate at or after i (*found), or
 * where the blocks stopped (at lim - 32 or after, or where s[i + 64] is
 * past s[0, n): skip_avx2 goes on from there). */
__attribute__((target("avx512f,avx512bw"))) static size_t
skip_avx512(const unsigned char *s, size_t i, size_t lim, size_t n,
            struct uriscan__dscan *c, int *found)
{
#define Z_LD(p) _mm512_loadu_si512((const void *)(p))
	const __m512i la = _mm512_broadcast_i64x4(A_LD(tbl[0])),
	              ha = _mm512_broadcast_i64x4(A_LD(tbl[1])),
	              lb = _mm512_broadcast_i64x4(A_LD(tbl[2])),
	              hb = _mm512_broadcast_i64x4(A_LD(tbl[3])),
	              m0f = _mm512_set1_epi8(0x0f);
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
		const uint64_t m = _mm512_test_epi8_mask(t, t);
		if (m)
			return found_at(c, s, i, 64, m, found);
		i += 64;
	}
	return i;
#undef Z_LD
}

/* AVX-512 VBMI (simd 3): the classes of tbl as two tables of the 128
 * ASCII bytes (tbl's nibble products written out: the same classes), one
 * vpermi2b a byte's role per 64 bytes where the nibbles take two shuffles,
 * a shift and an and. A byte >= 0x80 reads 0 (its lane masked off). */
static const unsigned char cls_a[128] __attribute__((aligned(64))) = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x40, 0x0b, 0x08, 0x00, 0x00, 0x40,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x0a, 0x08, 0x00, 0x00, 0x00,
};
static const unsigned char cls_b[128] __attribute__((aligned(64))) = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0d, 0x01,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x01,
    0x02, 0x02, 0x00, 0x00, 0x32, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x82, 0x02, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x82, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x40,
    0x02, 0x02, 0x00, 0x00, 0x12, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x82, 0x02, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00, 0x82, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static size_t
skip_vbmi(const unsigned char *s, size_t i, size_t lim, size_t n,
          struct uriscan__dscan *c, int *found)
{
#define Z_LD(p) _mm512_loadu_si512((const void *)(p))
	const __m512i a0 = Z_LD(cls_a), a1 = Z_LD(cls_a + 64),
	              b0 = Z_LD(cls_b), b1 = Z_LD(cls_b + 64);
	/* as skip_avx2's two blocks: while i + 32 < lim and i + 64 < n */
	const size_t e2 = lim > 32 && n > 64 ? (lim - 32 < n - 64 ? lim - 32 : n - 64)
	                                     : 0;
	while (i < e2) {
		const __m512i a = Z_LD(s + i), b = Z_LD(s + i + 1);
		const __m512i t = _mm512_and_si512(
		    _mm512_maskz_permutex2var_epi8(~_mm512_movepi8_mask(a), a0, a, a1),
		    _mm512_maskz_permutex2var_epi8(~_mm512_movepi8_mask(b), b0, b, b1));
		const uint64_t m = _mm512_test_epi8_mask(t, t);
		if (m)
			return found_at(c, s, i, 64, m, found);
		i += 64;
	}
	return i;
#undef Z_LD
}

/* The first candidate at or after i (*found), or where the blocks
 * stopped: at lim or after, or where s[i + 32] is past s[0, n). Two
 * blocks at a time while there is room, one test for both. */
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
			/* both blocks' candidates, kept for the next calls */
			m = block_mask(t0) | (uint64_t)block_mask(t1) << 32;
			len = 64;
		} else if (i < lim && i + 32 < n) {
			t0 = A_CLASS(s, i);
			m = block_mask(t0);
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
	if (i >= lim)
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
			unsigned m;
			DEFANG_BLOCK(__m128i, _mm_cmpeq_epi8, _mm_or_si128, _mm_and_si128,
			             S_MASK, a, b, m);
			if (m)
				return i + (size_t)__builtin_ctz(m);
			i += 16;
		}
	}
#endif
	while (i < lim && !starts_form(s, i, n))
		i++;
	return i;
}
