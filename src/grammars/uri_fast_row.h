/* SPDX-License-Identifier: MIT */
/*
 * uri_fast_row.h: the masks of a row of 64 bytes for src/grammars/uri_fast.c
 * (its only includer), with AVX2 (two 32-byte loads, the end of the input by
 * loads shifted back) or AVX-512 (one load masked to the input). Internal.
 *
 * One 64-bit word per class (bit i for byte i of the row): the set of
 * valid bytes by a nibble lookup (as skip_simd.c's classes), the others by
 * compares. No load reads a byte outside the input.
 */
#ifndef URISCAN_URI_FAST_ROW_H
#define URISCAN_URI_FAST_ROW_H

#include <stddef.h>
#include <stdint.h>

#include <immintrin.h>

/* The masks of a row: bit i for byte i (from the row's start o in the
 * input). */
struct row {
	uint64_t odd;   /* '%', '#', and every byte not in pchar, '/', '?' */
	uint64_t q;     /* '?' (a parse's) */
	uint64_t slash; /* '/' (row 0's) */
	uint64_t rare;  /* '?', '#', '@', ':' (row 0's) */
};

/* Vector constants, loaded (or folded into the compare) from memory: from
 * _mm256_set1_epi8 in a function of target("avx2"), in a file built
 * without it, gcc made a mov, a vmovd and a vpbroadcastb each. */
enum { K_LO, K_HI, K_NIB, K_SLASH, K_Q, K_HASH, K_AT, K_COLON, K_PCT, K_N };
#define K32(c)                                                                 \
	{c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c,                           \
	 c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c}
/* The allowed bytes by nibbles (both lanes): bit k of K_LO[lo] is set when
 * byte (k + 2) << 4 | lo is in pchar (but '%'), '/', '?' or '#'; K_HI[hi]
 * is bit hi - 2 for the rows 0x20-0x7F, 0 for the others (controls and
 * every byte of 0x80 or more, which pshufb reads as 0). Not allowed: space
 * '"' '<' '>' '[' '\' ']' '^' '`' '{' '|' '}' DEL. */
#define LO16                                                                   \
	0x2E, 0x3F, 0x3E, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x17,    \
	    0x15, 0x17, 0x35, 0x1F
#define HI16 0, 0, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0, 0, 0, 0, 0, 0, 0, 0
static const unsigned char k_tab[K_N][32] __attribute__((aligned(32))) = {
    [K_LO] = {LO16, LO16}, [K_HI] = {HI16, HI16}, [K_NIB] = K32(15),
    [K_SLASH] = K32('/'),  [K_Q] = K32('?'),      [K_HASH] = K32('#'),
    [K_AT] = K32('@'),     [K_COLON] = K32(':'),  [K_PCT] = K32('%')};

#define AVX2 __attribute__((target("avx2")))
/* The AVX-512 read's: AVX-512 F and BW, BMI1 and BMI2, as skip_simd.c's
 * level URISCAN__SIMD_AVX512 asks of the CPU (which has them when the
 * level is in use). */
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,bmi,bmi2")))
#define INLINE static inline __attribute__((always_inline))
/* The table through a pointer the compiler cannot see into (an empty asm
 * that may change it): else it folds the loads into constants again, and
 * builds each one as above. */
static inline const unsigned char (*k_tab_ptr(void))[32]
{
	const unsigned char(*k)[32] = k_tab;
	__asm__("" : "+r"(k));
	return k;
}
#define K256(k) _mm256_load_si256((const __m256i *)(const void *)kt[k])
#define K128(k) _mm_load_si128((const __m128i *)(const void *)kt[k])

/* The masks of the 32 bytes at p (in the low 32 bits); slash and rare only
 * with auth. */
AVX2 INLINE void classify32(const unsigned char (*kt)[32],
                            const unsigned char *p, struct row *r, int auth)
{
	const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
	const __m256i nib = K256(K_NIB);
	const __m256i ok = _mm256_and_si256(
	    _mm256_shuffle_epi8(K256(K_LO), _mm256_and_si256(v, nib)),
	    _mm256_shuffle_epi8(K256(K_HI),
	                        _mm256_and_si256(_mm256_srli_epi16(v, 4), nib)));
	const __m256i hash = _mm256_cmpeq_epi8(v, K256(K_HASH));
	const __m256i q = _mm256_cmpeq_epi8(v, K256(K_Q));

	r->odd = (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
	    _mm256_cmpeq_epi8(ok, _mm256_setzero_si256()),
	    _mm256_or_si256(hash, _mm256_cmpeq_epi8(v, K256(K_PCT)))));
	r->q = (uint32_t)_mm256_movemask_epi8(q);
	if (!auth)
		return;
	r->slash =
	    (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, K256(K_SLASH)));
	r->rare = (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
	    _mm256_or_si256(hash, q),
	    _mm256_or_si256(_mm256_cmpeq_epi8(v, K256(K_AT)),
	                    _mm256_cmpeq_epi8(v, K256(K_COLON)))));
}

/* The same for the 16 bytes at p (VEX-encoded, as AVX2's), in row 0. */
AVX2 INLINE void classify16(const unsigned char (*kt)[32],
                            const unsigned char *p, struct row *r)
{
	const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	const __m128i nib = K128(K_NIB);
	const __m128i ok = _mm_and_si128(
	    _mm_shuffle_epi8(K128(K_LO), _mm_and_si128(v, nib)),
	    _mm_shuffle_epi8(K128(K_HI), _mm_and_si128(_mm_srli_epi16(v, 4), nib)));
	const __m128i hash = _mm_cmpeq_epi8(v, K128(K_HASH));
	const __m128i q = _mm_cmpeq_epi8(v, K128(K_Q));

	r->odd = (unsigned)_mm_movemask_epi8(
	    _mm_or_si128(_mm_cmpeq_epi8(ok, _mm_setzero_si128()),
	                 _mm_or_si128(hash, _mm_cmpeq_epi8(v, K128(K_PCT)))));
	r->q = (unsigned)_mm_movemask_epi8(q);
	r->slash = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, K128(K_SLASH)));
	r->rare = (unsigned)_mm_movemask_epi8(
	    _mm_or_si128(_mm_or_si128(hash, q),
	                 _mm_or_si128(_mm_cmpeq_epi8(v, K128(K_AT)),
	                              _mm_cmpeq_epi8(v, K128(K_COLON)))));
}

/* Row r and its part h at bit k (k < 64; where the two overlap, their
 * bits agree). */
INLINE void join(struct row *r, const struct row *h, unsigned k, int auth)
{
	r->odd |= h->odd << k, r->q |= h->q << k;
	if (auth)
		r->slash |= h->slash << k, r->rare |= h->rare << k;
}

/* The masks of s[o, min(o + 64, n)) (16 <= n, o < n; auth: row 0, with
 * slash and rare), bits past n - o clear. */
AVX2 INLINE void load_row(const unsigned char *s, size_t n, size_t o,
                          struct row *r, int auth)
{
	const unsigned char(*kt)[32] = k_tab_ptr();
	struct row h;

	if (o + 64 <= n) {
		classify32(kt, s + o, r, auth), classify32(kt, s + o + 32, &h, auth);
		join(r, &h, 32, auth);
	} else if (n >= 64) {
		/* not row 0: the last 64 bytes, from n - 64 > o - 64, those
		 * before o dropped */
		const unsigned k = (unsigned)(o - (n - 64));
		classify32(kt, s + n - 64, r, 0), classify32(kt, s + n - 32, &h, 0);
		join(r, &h, 32, 0);
		r->odd >>= k, r->q >>= k;
	} else if (n >= 32) { /* row 0 */
		classify32(kt, s, r, 1), classify32(kt, s + n - 32, &h, 1);
		join(r, &h, (unsigned)(n - 32), 1);
	} else {
		classify16(kt, s, r), classify16(kt, s + n - 16, &h);
		join(r, &h, (unsigned)(n - 16), 1);
	}
}

/* The same as load_row, with AVX-512: one load masked to the input (it
 * reads no byte past n, nor faults on one; those read as 0), whatever n.
 * The masks' bits for bytes past n are clear: such a byte, 0, is outside
 * the set, and its bit of odd is cleared by the mask. */
AVX512 INLINE void load_row512(const unsigned char *s, size_t n, size_t o,
                               struct row *r, int auth)
{
	const unsigned char(*kt)[32] = k_tab_ptr();
	const __mmask64 in =
	    n - o >= 64 ? ~(__mmask64)0 : _bzhi_u64(~0ULL, (unsigned)(n - o));
	const __m512i v = _mm512_maskz_loadu_epi8(in, s + o);
#define K512(k) _mm512_broadcast_i64x4(K256(k))
	const __m512i nib = K512(K_NIB);
	const __mmask64 ok = _mm512_test_epi8_mask(
	    _mm512_shuffle_epi8(K512(K_LO), _mm512_and_si512(v, nib)),
	    _mm512_shuffle_epi8(K512(K_HI),
	                        _mm512_and_si512(_mm512_srli_epi16(v, 4), nib)));
	const __mmask64 hash = _mm512_cmpeq_epi8_mask(v, K512(K_HASH));
	const __mmask64 q = _mm512_cmpeq_epi8_mask(v, K512(K_Q));

	r->odd = (~ok | hash | _mm512_cmpeq_epi8_mask(v, K512(K_PCT))) & in;
	r->q = q;
	if (!auth)
		return;
	r->slash = _mm512_cmpeq_epi8_mask(v, K512(K_SLASH));
	r->rare = hash | q | _mm512_cmpeq_epi8_mask(v, K512(K_AT)) |
	          _mm512_cmpeq_epi8_mask(v, K512(K_COLON));
#undef K512
}

#endif
