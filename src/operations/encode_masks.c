/* SPDX-License-Identifier: MIT */
/*
 * encode_masks.c: percent-encoding's fast path for RFC 3986 in SSSE3
 * blocks, every decision a mask (uriscan__encode_masks_ssse3, called by
 * uriscan_percent_encode in encode.c when out has room for ENCODE_ROOM
 * bytes past 3 per byte). Writes only below that room; reads only
 * [s, s + len). tests/core/test_encode.c --runs checks it against the
 * checked writer, at the tightest room and above.
 */
#include "encode_simd.h"

#if URISCAN__HAVE_SKIP_SIMD

/* The hex digits as enc_nib's nibble tables: '0'-'9' (high nibble 3),
 * 'A'-'F' (4), 'a'-'f' (6). */
static const unsigned char hex_nib[16] = {0x08, 0x58, 0x58, 0x58, 0x58, 0x58,
                                          0x58, 0x08, 0x08, 0x08, 0, 0,
                                          0,    0,    0,    0};

/* The hex digits of v, a bit each (enc_hi has no bit for a high nibble
 * >= 8). */
__attribute__((target("ssse3"))) static inline unsigned
hex_mask(__m128i v)
{
	const __m128i bits = _mm_loadu_si128((const __m128i *)(const void *)enc_hi);
	const __m128i hexn = _mm_loadu_si128((const __m128i *)(const void *)hex_nib);
	__m128i hi = _mm_shuffle_epi8(
	    bits, _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(15)));
	__m128i h = _mm_and_si128(_mm_shuffle_epi8(hexn, v), hi);
	return (unsigned)_mm_movemask_epi8(
	           _mm_cmpeq_epi8(h, _mm_setzero_si128())) ^ 0xffffu;
}

/* The first n (1 to 16) bytes of v written at w, and the rest of v
 * (zeros, not in nk) one byte each after them: a '%' of pct_ok (a valid
 * escape) and the other bytes the target keeps as they are, a space as
 * '+' with FORM, every other byte as "%HH" (which is exactly put_unit's
 * answer for RFC 3986: a '%' not followed by two hex digits, a space
 * without FORM, a byte >= 0x80 are plain escapes). Four stores of 16
 * bytes: out has room for 28 bytes past w + 3 * n (the bytes after n are
 * 1 each: the last store ends by w + 3 * min(n, 12) + max(0, 12 - n) +
 * 16). Returns w past the n bytes' result. */
__attribute__((target("ssse3"))) static inline char *
expand_block(__m128i v, unsigned nk, unsigned pct_ok, unsigned flags,
             size_t n, char *w)
{
	const unsigned char *x = &expand4[0][0];
	const __m128i hx =
	    _mm_loadu_si128((const __m128i *)(const void *)hex_digits);
	const __m128i lo4 = _mm_set1_epi8(15), pct = _mm_set1_epi8('%');
	unsigned out = nk & ~pct_ok, m16;
	__m128i hi, lo, a, b, c, d;

	if (flags & URISCAN_ENCODE_FORM) {
		__m128i sp = _mm_cmpeq_epi8(v, _mm_set1_epi8(' '));
		out &= ~(unsigned)_mm_movemask_epi8(sp);
		v = _mm_or_si128(_mm_andnot_si128(sp, v),
		                 _mm_and_si128(sp, _mm_set1_epi8('+')));
	}
	hi = _mm_shuffle_epi8(hx, _mm_and_si128(_mm_srli_epi16(v, 4), lo4));
	lo = _mm_shuffle_epi8(hx, _mm_and_si128(v, lo4));
	a = _mm_unpacklo_epi32(v, hi);
	b = _mm_unpacklo_epi32(lo, pct);
	c = _mm_unpackhi_epi32(v, hi);
	d = _mm_unpackhi_epi32(lo, pct);

	/* group g's row of expand4 at byte (out >> 4g & 15) * 16 of it, its
	 * length at byte 15 of the row */
	out <<= 4;
#define EXPAND4(src, g)                                                        \
	m16 = (out >> (4 * (g))) & 0xf0u;                                      \
	_mm_storeu_si128((__m128i *)(void *)w,                                 \
	                 _mm_shuffle_epi8((src), _mm_loadu_si128(               \
	                     (const __m128i *)(const void *)(x + m16))));      \
	w += x[m16 + 15]
	EXPAND4(_mm_unpacklo_epi64(a, b), 0);
	EXPAND4(_mm_unpackhi_epi64(a, b), 1);
	EXPAND4(_mm_unpacklo_epi64(c, d), 2);
	EXPAND4(_mm_unpackhi_epi64(c, d), 3);
#undef EXPAND4
	return w - (16 - n);
}

/* The '%' of v that begin a valid escape (its next two bytes hex digits;
 * hx_next: the bits of those after the block, from bit 16), none with
 * ALL_PERCENT. */
__attribute__((target("ssse3"))) static inline unsigned
pct_ok(__m128i v, unsigned hx_next, unsigned flags)
{
	unsigned p = (unsigned)_mm_movemask_epi8(
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
	unsigned hx;
	if (p == 0 || (flags & URISCAN_ENCODE_ALL_PERCENT))
		return 0;
	hx = hex_mask(v) | hx_next;
	return p & (hx >> 1) & (hx >> 2);
}

/* An input of len bytes (1 <= len <= 16) from four loads of 4 at d_k =
 * min(4k, len - 4) (k = 0..3; all inside s when len >= 4): byte j (j <
 * len) is byte j - d_k of load k = j / 4, put at j; zeros after
 * (short16[len]). */
static const unsigned char short16[17][16] = {
	{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{2, 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{1, 2, 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 5, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 0x80, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x80, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 0x80, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 0x80, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};

/* The last n bytes of the input (1 to 16) in v, zeros after, encoded at
 * w: the bytes past n are not hex digits, not '%' and not kept. */
__attribute__((target("ssse3"))) static inline char *
last_block(__m128i v, __m128i nib, unsigned flags, size_t n, char *w)
{
	unsigned nk = not_kept(v, nib) & ((1u << n) - 1u);
	if (nk == 0) {
		_mm_storeu_si128((__m128i *)(void *)w, v);
		return w + n;
	}
	return expand_block(v, nk, pct_ok(v, 0, flags), flags, n, w);
}

/* min(t, 0) without a branch. */
static inline ptrdiff_t min0(ptrdiff_t t)
{
	return t & -(ptrdiff_t)(t < 0);
}

/* s[0, len) (1 <= len <= 16) encoded at w (as
 * uriscan__encode_masks_ssse3). */
__attribute__((target("ssse3"))) static inline char *
short_block(const unsigned char *s, size_t len, __m128i nib, unsigned flags,
            char *w)
{
	__m128i v;

	if (len >= 4) {
		/* d_k = min(4k, len - 4) = 4k + min(0, len - 4 - 4k) */
		ptrdiff_t t = (ptrdiff_t)len - 4;
		uint32_t l0, l1, l2, l3;
		memcpy(&l0, s + min0(t), 4);
		memcpy(&l1, s + 4 + min0(t - 4), 4);
		memcpy(&l2, s + 8 + min0(t - 8), 4);
		memcpy(&l3, s + t, 4);
		v = _mm_unpacklo_epi64(
		    _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)l0),
		                       _mm_cvtsi32_si128((int)l1)),
		    _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)l2),
		                       _mm_cvtsi32_si128((int)l3)));
		v = _mm_shuffle_epi8(
		    v, _mm_loadu_si128((const __m128i *)(const void *)short16[len]));
	} else {
		/* s[0], s[len / 2], s[len - 1]: the len bytes, then zeros */
		uint32_t x = (uint32_t)s[0] | (uint32_t)s[len >> 1] << 8 |
		             (uint32_t)s[len - 1] << 16;
		v = _mm_cvtsi32_si128((int)(x & ((1u << (8 * len)) - 1u)));
	}
	return last_block(v, nib, flags, len, w);
}

/* Byte j of shift16[r] (j < r): 16 - r + j, zeros after: the last r
 * bytes of a load of 16 moved to its start. */
static const unsigned char shift16[17][16] = {
	{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80},
	{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80},
	{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80},
	{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80},
	{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80},
	{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};

/* The end of uriscan__encode_masks_ssse3: *out_len, err. */
static inline int encode_done(const char *out, const char *w, size_t *out_len,
                              struct uriscan_error *err)
{
	*out_len = (size_t)(w - out);
	if (err != NULL)
		uriscan__error1(err, URISCAN_OK, 0);
	return URISCAN_OK;
}

/* uriscan__encode_masks_ssse3 when len > 16 (its arguments: a call with
 * no moves): blocks of 16 while more than 16 bytes are left, then the
 * last. */
#if defined(__has_attribute)
#if __has_attribute(noipa)
#define ENCODE_NOIPA __attribute__((noipa)) /* gcc: no IPA-SRA */
#endif
#endif
#ifndef ENCODE_NOIPA
#define ENCODE_NOIPA __attribute__((noinline))
#endif
ENCODE_NOIPA __attribute__((target("ssse3"))) static int
encode_blocks(enum uriscan_grammar g, const char *in, size_t len,
              const struct uriscan_encode_options *opt, char *out,
              size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	const unsigned char *s = (const unsigned char *)in;
	const __m128i nib =
	    _mm_loadu_si128((const __m128i *)(const void *)enc_nib[opt->target]);
	unsigned flags = opt->flags;
	char *w = out;
	size_t i = 0;

	(void)g;
	(void)out_cap;
	for (; len - i > 16; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned nk = not_kept(v, nib), hx = 0;
		if (nk == 0) {
			/* every byte kept (most blocks of most URLs) */
			_mm_storeu_si128((__m128i *)(void *)w, v);
			w += 16;
			continue;
		}
		if (nk & 0xc000u && (s[i + 14] == '%' || s[i + 15] == '%')) {
			/* a '%' at 14 or 15: its digits are in the next block
			 * (s[i + 16] exists: more than 16 bytes are left) */
			unsigned h16 = uriscan__hexdig(s[i + 16]) >= 0;
			unsigned h17 = i + 17 < len && uriscan__hexdig(s[i + 17]) >= 0;
			hx = (h16 << 16) | (h17 << 17);
		}
		w = expand_block(v, nk, pct_ok(v, hx, flags), flags, 16, w);
	}
	/* the last len - i bytes (1 to 16): the 16 before len, moved down
	 * by 16 - (len - i) */
	w = last_block(
	    _mm_shuffle_epi8(
	        _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16)),
	        _mm_loadu_si128(
	            (const __m128i *)(const void *)shift16[len - i])),
	    nib, flags, len - i, w);
	return encode_done(out, w, out_len, err);
}

/* uriscan_percent_encode of s[0, len) for RFC 3986 (no put_unit: its
 * units are masks here) into out when it has room for ENCODE_ROOM bytes
 * past 3 per byte: blocks of 16 while more than 16 bytes are left, then
 * the last 1 to 16 from one load of the 16 before len; an input of at
 * most 16 bytes from four loads of 4 (three of one byte under 4). A '%'
 * is kept when the two bytes after it are hex digits (a valid escape,
 * unless ALL_PERCENT); its two digits are kept bytes in every target.
 * Every block without a byte to change is stored as it is, the others
 * expanded without a branch per byte. Nothing is read outside s[0, len). */
__attribute__((target("ssse3"))) int
uriscan__encode_masks_ssse3(enum uriscan_grammar g, const char *in,
                            size_t len,
                            const struct uriscan_encode_options *opt,
                            char *out, size_t out_cap, size_t *out_len,
                            struct uriscan_error *err)
{
	const unsigned char *s = (const unsigned char *)in;
	(void)g;
	(void)out_cap;
	if (len > 16)
		return encode_blocks(g, in, len, opt, out, out_cap, out_len,
		                     err);
	if (len == 0)
		return encode_done(out, out, out_len, err);
	return encode_done(
	    out,
	    short_block(s, len,
	                _mm_loadu_si128(
	                    (const __m128i *)(const void *)enc_nib[opt->target]),
	                opt->flags, out),
	    out_len, err);
}
#endif
