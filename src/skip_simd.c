/*
 * skip_simd.c: SIMD intrinsics (SSSE3, chosen at run time) for the fast
 * paths of the parse machines: skip a run of bytes of one class (gen.h).
 * No allocation; reads only [s, pe); the only state is the load-time switch.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#if URISCAN__HAVE_SKIP_SIMD
#include <immintrin.h>

/* The classes of uriscan__gen_class (grammar.c) as nibble tables, indexed
 * by the class's bit number: byte c (< 0x80) is in the class when bit
 * (c >> 4) of lo[c & 15] is set; no byte >= 0x80 is. Derived from
 * uriscan__gen_class; tests/core/test_skip.c checks every byte of every
 * class against it. */
static const unsigned char nib_tab[9][16] = {
	/* GEN_CLASS_PCHAR */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x70},
	/* GEN_CLASS_QUERY */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x7c},
	/* GEN_CLASS_HOST */
	{0xa8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xf4, 0x5c, 0x54, 0x5c, 0xd4, 0x70},
	/* GEN_CLASS_XCHAR (RFC 1738) */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x7c},
	/* GEN_CLASS_HPATH (RFC 1738) */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x74},
	/* GEN_CLASS_SEARCH (RFC 1738) */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x70},
	/* GEN_CLASS_FPATH (RFC 1738) */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x54, 0x54, 0x5c, 0x54, 0x7c},
	/* GEN_CLASS_PATH */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x74},
	/* GEN_CLASS_ALNUM (RFC 2396 hostname labels) */
	{0xa8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8,
	 0xf8, 0xf8, 0xf0, 0x50, 0x50, 0x50, 0x50, 0x50},
};

int uriscan__skip_simd = 0;

/* Set once when the library is loaded: the CPU has SSSE3 and
 * URISCAN_NO_SIMD is unset (or "0"). */
__attribute__((constructor)) static void skip_simd_init(void)
{
	const char *env = getenv("URISCAN_NO_SIMD");

	if (env != NULL && env[0] != '\0' && strcmp(env, "0") != 0)
		return;
	__builtin_cpu_init();
	uriscan__skip_simd = __builtin_cpu_supports("ssse3") != 0;
}

/* 16 bits: bit i set when q[i] is in the class of table nib. */
__attribute__((target("ssse3"))) static inline unsigned
in_class16(const unsigned char *q, __m128i nib)
{
	const __m128i bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0,
	                                   0, 0, 0, 0, 0, 0);
	__m128i v = _mm_loadu_si128((const __m128i *)q);
	__m128i lo = _mm_shuffle_epi8(nib, _mm_and_si128(v, _mm_set1_epi8(15)));
	/* hi nibble 8..15 (bytes >= 0x80) index a 0 of bits */
	__m128i hi = _mm_shuffle_epi8(
	    bits, _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(15)));
	__m128i hit = _mm_and_si128(lo, hi);
	return (unsigned)_mm_movemask_epi8(
	           _mm_cmpeq_epi8(hit, _mm_setzero_si128())) ^
	       0xffffu;
}

__attribute__((target("ssse3"))) const unsigned char *
uriscan__skip_ssse3(const unsigned char *s, const unsigned char *p,
                    const unsigned char *pe, unsigned cls)
{
	const __m128i nib =
	    _mm_loadu_si128((const __m128i *)nib_tab[__builtin_ctz(cls)]);

	/* p + 1 .. p + 16 all before pe */
	while (pe - p > 16) {
		unsigned m = in_class16(p + 1, nib);
		if (m != 0xffffu)
			return p + __builtin_ctz(~m);
		p += 16;
	}
	/* the r < 16 bytes p + 1 .. pe - 1 are the last r of the 16 before
	 * pe, when the input has 16 bytes */
	unsigned r = (unsigned)(pe - p - 1);
	if (pe - s >= 16) {
		unsigned m = ~(in_class16(pe - 16, nib) >> (16 - r));
		m &= (1u << r) - 1;
		return m ? p + __builtin_ctz(m) : pe - 1;
	}
	while (p + 1 < pe && (uriscan__gen_class[p[1]] & cls))
		p++;
	return p;
}
#endif
