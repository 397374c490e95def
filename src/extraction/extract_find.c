/* SPDX-License-Identifier: MIT */
/*
 * extract_find.c: the URL extractor's search for candidate ':' bytes (AVX2
 * or memchr, chosen at run time): the only place that touches SIMD
 * intrinsics. No allocation, no state, reads only [b, b + len).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "extract_find.h"
#include "gen.h" /* uriscan__simd_level_wanted */
#include "uriscan.h"

#if URISCAN__HAVE_AVX2_PATH
#include <immintrin.h>
#endif

int uriscan__find_simd_wanted(unsigned flags)
{
#if URISCAN__HAVE_AVX2_PATH
	if (flags & URISCAN_EXTRACT_SCALAR)
		return 0;
	return uriscan__simd_level_wanted() >= URISCAN__SIMD_AVX2;
#else
	(void)flags;
	return 0;
#endif
}

/* The first i in [from, lim) with b[i] == ':' and b[i+1..i+3) == "//"
 * (i + 2 < len), else lim. Portable: memchr. */
size_t uriscan__find_css_scalar(const unsigned char *b, size_t from,
                                size_t lim, size_t len)
{
	while (from < lim) {
		const unsigned char *q = memchr(b + from, ':', lim - from);
		size_t c;

		if (q == NULL)
			return lim;
		c = (size_t)(q - b);
		if (c + 2 < len && b[c + 1] == '/' && b[c + 2] == '/')
			return c;
		from = c + 1;
	}
	return lim;
}

#if URISCAN__HAVE_AVX2_PATH
/* ':' at i and '/' at i+1, 32 positions from b + at: a bit mask. */
__attribute__((target("avx2"))) static inline __m256i
css_mask(const unsigned char *b, size_t at)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)(b + at));
	__m256i s1 = _mm256_loadu_si256((const __m256i *)(b + at + 1));
	return _mm256_and_si256(_mm256_cmpeq_epi8(a, _mm256_set1_epi8(':')),
	                        _mm256_cmpeq_epi8(s1, _mm256_set1_epi8('/')));
}

/* The same as uriscan__find_css_scalar, 64 positions at a time: ":/" found
 * by vector compares (two 32-byte blocks tested at once), the second '/'
 * checked for each hit. The loads of a block at `from` read b[from, from +
 * 65), so from + 64 <= end = min(lim, len - 1) (lim <= len): one bound. */
__attribute__((target("avx2"))) size_t
uriscan__find_css_avx2(const unsigned char *b, size_t from, size_t lim,
                       size_t len)
{
	size_t end = lim < len ? lim : len - 1;

	if (lim == 0)
		return lim;
	for (; from + 64 <= end; from += 64) {
		__m256i m0 = css_mask(b, from), m1 = css_mask(b, from + 32);
		__m256i m = _mm256_or_si256(m0, m1);
		uint64_t bits;

		if (_mm256_testz_si256(m, m))
			continue;
		bits = (uint32_t)_mm256_movemask_epi8(m0) |
		       (uint64_t)(uint32_t)_mm256_movemask_epi8(m1) << 32;
		do {
			size_t c = from + (size_t)__builtin_ctzll(bits);
			if (c + 2 < len && b[c + 2] == '/')
				return c;
			bits &= bits - 1;
		} while (bits != 0);
	}
	if (from + 32 <= end) {
		uint32_t bits = (uint32_t)_mm256_movemask_epi8(css_mask(b, from));
		while (bits != 0) {
			size_t c = from + (size_t)__builtin_ctz(bits);
			if (c + 2 < len && b[c + 2] == '/')
				return c;
			bits &= bits - 1;
		}
		from += 32;
	}
	return uriscan__find_css_scalar(b, from, lim, len);
}

/* "://" at i: bit i - at of the mask, 32 positions from b + at (css_mask
 * and the second '/'); reads b[at, at + 34). */
__attribute__((target("avx2"))) static inline uint32_t
css3_bits(const unsigned char *b, size_t at)
{
	__m256i s2 = _mm256_loadu_si256((const __m256i *)(b + at + 2));

	return (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(
	    css_mask(b, at), _mm256_cmpeq_epi8(s2, _mm256_set1_epi8('/'))));
}

__attribute__((target("avx2"))) unsigned
uriscan__find_css_avx2_bulk(const unsigned char *b, size_t from,
                            size_t ahead, uint16_t *pos)
{
	unsigned n = 0;

	for (unsigned f = 0; f < URISCAN__FIND_BULK; f += 64) {
		/* the next window, while this one's URLs are parsed */
		if (f < ahead)
			_mm_prefetch((const char *)b + from + URISCAN__FIND_BULK + f,
			             _MM_HINT_T0);
		uint64_t m = css3_bits(b, from + f) |
		             (uint64_t)css3_bits(b, from + f + 32) << 32;
		/* most blocks have no "://", the others one: the first without
		 * a branch (written always, counted when there is one) */
		pos[n] = (uint16_t)(f + (unsigned)__builtin_ctzll(m | 1ull << 63));
		n += m != 0;
		m &= m - 1;
		while (m != 0) {
			pos[n++] = (uint16_t)(f + (unsigned)__builtin_ctzll(m));
			m &= m - 1;
		}
	}
	return n;
}
#endif
