/* SPDX-License-Identifier: MIT */
/*
 * sse2_mask.h: the two SSE2 steps the confusion fast path's files share
 * (confusion_plain_host.c, confusion_fast_rest.c), and its walk over a span in
 * blocks of sixteen bytes. Internal; static inline, no symbols.
 */
#ifndef URISCAN_SSE2_MASK_H
#define URISCAN_SSE2_MASK_H

#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/* One bit per byte of m (its high bits). */
static inline unsigned uriscan__mask16(__m128i m)
{
	return (unsigned)_mm_movemask_epi8(m);
}

/* The bytes of v equal to c. */
static inline __m128i uriscan__eq8(__m128i v, char c)
{
	return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
}
#endif

/* The blocks of sixteen bytes that cover s[i, len) (i < len, len >= 17):
 * the first at *k, *keep its bits from i on (a span shorter than sixteen
 * bytes is read in the last sixteen of s, the bytes before i masked
 * off); uriscan__next_block moves *k to the next, the last overlapping
 * the one before, and returns 0 after the last. */
static inline void uriscan__first_block(size_t i, size_t len, size_t *k,
                                        unsigned *keep)
{
	*k = len - i < 16 ? len - 16 : i;
	*keep = (0xFFFFu << (i - *k)) & 0xFFFFu;
}

static inline int uriscan__next_block(size_t *k, size_t len)
{
	if (*k + 16 >= len)
		return 0;
	*k = *k + 32 <= len ? *k + 16 : len - 16;
	return 1;
}

#endif
