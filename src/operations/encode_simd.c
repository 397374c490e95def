/* SPDX-License-Identifier: MIT */
/*
 * encode_simd.c: percent-encoding's fast path in SSSE3 blocks (the level
 * the machines' skips use; uriscan__encode_ssse3, called by encode.c).
 * Writes only where encode.c's room argument allows; reads only
 * [s, s + len). tests/core/test_encode.c --runs checks it against the
 * checked writer.
 */
#include "encode_simd.h"

#if URISCAN__HAVE_SKIP_SIMD

/* The first n (1 to 16) bytes of v written at w, those of mask `out`
 * (none of them '%', ' ' or >= 0x80) escaped from their hex digits,
 * four at a time by expand4 and stored 16 bytes a time: out has room for
 * 16 bytes past w + 3 * n. Returns w past the n bytes' result (bytes of a
 * last group past n are kept bytes, one each, at its end: not counted). */
__attribute__((target("ssse3"))) static inline char *
expand_ssse3(__m128i v, unsigned out, size_t n, char *w)
{
	const __m128i hx =
	    _mm_loadu_si128((const __m128i *)(const void *)hex_digits);
	const __m128i lo4 = _mm_set1_epi8(15);
	__m128i hi = _mm_shuffle_epi8(hx, _mm_and_si128(_mm_srli_epi16(v, 4), lo4));
	__m128i lo = _mm_shuffle_epi8(hx, _mm_and_si128(v, lo4));
	__m128i a = _mm_unpacklo_epi32(v, hi), b = _mm_unpacklo_epi32(lo, _mm_set1_epi8('%'));
	__m128i c = _mm_unpackhi_epi32(v, hi), d = _mm_unpackhi_epi32(lo, _mm_set1_epi8('%'));
	__m128i src[4] = {_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b),
	                  _mm_unpacklo_epi64(c, d), _mm_unpackhi_epi64(c, d)};
	static const unsigned char len4[16] = {4, 6, 6, 8, 6, 8, 8, 10,
	                                       6, 8, 8, 10, 8, 10, 10, 12};
	size_t g = 0;

	for (; g * 4 < n; g++) {
		unsigned m = (out >> (4 * g)) & 15u;
		__m128i sh =
		    _mm_loadu_si128((const __m128i *)(const void *)expand4[m]);
		_mm_storeu_si128((__m128i *)(void *)w, _mm_shuffle_epi8(src[g], sh));
		w += len4[m];
	}
	return w - (4 * g - n);
}

/* The last r bytes (8 <= r < 16) as one block: byte j of {the 8 at s + i,
 * the 8 before len} put at j (j < r), zeros after (tail16[r - 8]). */
static const unsigned char tail16[8][16] = {
	{0, 1, 2, 3, 4, 5, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 0x80},
};

/* The bytes of v's first n that put_unit must look at ('%', ' ', >=
 * 0x80), a bit each. */
__attribute__((target("ssse3"))) static inline unsigned
special(__m128i v)
{
	__m128i e = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('%')),
	                         _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(e, v));
}

/* encode_scalar with the runs of kept bytes read 16, then 8 at a time,
 * the last 3 to 7 bytes by a load of the 8 before len, the last 1 or 2
 * one at a time. Each block is stored whole at w and w moves past its
 * kept prefix: out has room for it, as w - out <= 3 * i and a block of
 * b <= len - i bytes needs 3 * i + b <= 3 * len (b = 8 for the last 3 to
 * 7: 3 * 3 >= 8). Nothing is read outside s[0, len) (len >= 8). */
__attribute__((target("ssse3"))) char *
uriscan__encode_ssse3(const unsigned char *s, size_t len, unsigned target,
                      unsigned flags, int iri, int slack, char *w)
{
	const __m128i nib =
	    _mm_loadu_si128((const __m128i *)(const void *)enc_nib[target]);
	size_t i = 0;

	for (;;) {
		size_t r = len - i, k, b;
		unsigned out; /* bit j: s[i + j] is not kept (j < b) */
		__m128i v;    /* its byte j is s[i + j] (j < b), then zeros */
		if (r >= 16) {
			v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
			out = not_kept(v, nib);
			_mm_storeu_si128((__m128i *)(void *)w, v);
			b = 16;
		} else if (r >= 8) {
			/* all that is left, from two loads of 8 (they may
			 * overlap): 16 bytes stored (3 * 8 >= 16) */
			__m128i a = _mm_loadl_epi64(
			    (const __m128i *)(const void *)(s + i));
			__m128i z = _mm_loadl_epi64(
			    (const __m128i *)(const void *)(s + len - 8));
			v = _mm_shuffle_epi8(
			    _mm_unpacklo_epi64(a, z),
			    _mm_loadu_si128(
			        (const __m128i *)(const void *)tail16[r - 8]));
			out = not_kept(v, nib) & ((1u << r) - 1u);
			_mm_storeu_si128((__m128i *)(void *)w, v);
			b = r;
		} else if (r >= 3) {
			/* the r bytes are the last of the 8 before len */
			uint64_t u;
			v = _mm_loadl_epi64(
			    (const __m128i *)(const void *)(s + len - 8));
			out = (not_kept(v, nib) & 0xffu) >> (8 - r);
			memcpy(&u, s + len - 8, 8);
			u >>= 8 * (8 - r); /* little-endian: the last r bytes first */
			memcpy(w, &u, 8);
			v = _mm_cvtsi64_si128((long long)u);
			b = r;
		} else if (r > 0) {
			/* the last one or two bytes */
			if (keep[s[i]] & (1u << target))
				*w++ = (char)s[i++];
			else
				w = put_unit(s, len, &i, w, target, flags, iri);
			continue;
		} else
			return w;
		if (out != 0 && slack && (special(v) & out) == 0) {
			/* every byte not kept is a plain escape: the block
			 * expanded without a branch per byte */
			w = expand_ssse3(v, out, b, w);
			i += b;
			if (b == r)
				return w;
			continue;
		}
		if (out == 0) {
			w += b;
			i += b;
			if (b == r)
				return w;
			continue;
		}
		k = (unsigned)__builtin_ctz(out);
		w += k;
		i += k;
		out >>= k;
		/* the bytes the target does not keep from s[i] on, while they
		 * follow one another in the block: an escape of the table, or
		 * put_unit for the few it must look at (then the next block
		 * starts after the unit) */
		do {
			uint32_t e = esc[s[i]];
			if (e >> 24) {
				w = put_unit(s, len, &i, w, target, flags, iri);
				break;
			}
			w[0] = '%';
			w[1] = (char)((e >> 8) & 0xff);
			w[2] = (char)((e >> 16) & 0xff);
			w += 3;
			i++;
			out >>= 1;
		} while (out & 1u);
	}
}
#endif
