/* SPDX-License-Identifier: MIT */
/*
 * skip_simd.c: SIMD intrinsics (AVX-512, AVX2 or SSSE3, chosen at run time)
 * for the fast paths of the parse machines: skip a run of bytes of one
 * class (gen.h). No allocation; reads only [s, pe); the only state is the
 * load-time switch.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#if URISCAN__HAVE_SKIP_SIMD
#include <immintrin.h>

/* The classes of uriscan__gen_class (grammar.c) as nibble tables, indexed
 * by the class's bit number: byte c (< 0x80) is in the class when bit
 * (c >> 4) of lo[c & 15] is set; no byte >= 0x80 is. Derived from
 * uriscan__gen_class; tests/core/test_skip.c checks every byte of every
 * class against it. Each 16-byte table twice, as AVX2 wants it in both
 * lanes: one load, where a broadcast cost the extraction machines' skips
 * (a few calls a URL, most of them one block long) four instructions a
 * call (docs/performance.md, issue 53). */
#define NIB(...) {__VA_ARGS__, __VA_ARGS__}
static const unsigned char nib_tab[9][32] __attribute__((aligned(32))) = {
	/* GEN_CLASS_PCHAR */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x70),
	/* GEN_CLASS_QUERY */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x7c),
	/* GEN_CLASS_HOST */
	NIB(0xa8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xf4, 0x5c, 0x54, 0x5c, 0xd4, 0x70),
	/* GEN_CLASS_XCHAR (RFC 1738) */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x7c),
	/* GEN_CLASS_HPATH (RFC 1738) */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x74),
	/* GEN_CLASS_SEARCH (RFC 1738) */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0x54, 0x70),
	/* GEN_CLASS_FPATH (RFC 1738) */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x54, 0x54, 0x5c, 0x54, 0x7c),
	/* GEN_CLASS_PATH */
	NIB(0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	    0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x74),
	/* GEN_CLASS_ALNUM (RFC 2396 and RFC 1738 hostname labels) */
	NIB(0xa8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8, 0xf8,
	    0xf8, 0xf8, 0xf0, 0x50, 0x50, 0x50, 0x50, 0x50),
};
#undef NIB

/* The other half of the lookup: bit (c >> 4) for byte c, by its high
 * nibble; 0 for a byte >= 0x80. Each width loads it into every 16-byte
 * lane (twice here: AVX2's two, as nib_tab). */
static const unsigned char hi_bits[32] __attribute__((aligned(32))) = {
	1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0};

/* Is environment variable name set, and not to "" nor "0"? */
static int env_set(const char *name)
{
	const char *env = getenv(name);

	return env != NULL && env[0] != '\0' && strcmp(env, "0") != 0;
}

int uriscan__simd_level_cpu(void)
{
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi") &&
	    __builtin_cpu_supports("bmi2"))
		return URISCAN__SIMD_AVX512;
	if (__builtin_cpu_supports("avx2"))
		return URISCAN__SIMD_AVX2;
	if (__builtin_cpu_supports("ssse3"))
		return URISCAN__SIMD_SSSE3;
	return URISCAN__SIMD_NONE;
}

/* The highest level up to `level` that the CPU has (the levels build on
 * each other). */
static int cpu_level(int level)
{
	const int cpu = uriscan__simd_level_cpu();

	return level < cpu ? level : cpu;
}

static int level_from_env(void)
{
	if (env_set("URISCAN_NO_SIMD"))
		return URISCAN__SIMD_NONE;
	return cpu_level(env_set("URISCAN_NO_AVX2")     ? URISCAN__SIMD_SSSE3
	                 : env_set("URISCAN_NO_AVX512") ? URISCAN__SIMD_AVX2
	                                                : URISCAN__SIMD_AVX512);
}

/* Read once, when the library is loaded (skip_simd_init, below), before
 * any thread of the caller's: every uriscan_extract and extractor asks,
 * and three getenv calls were a third of the time of uriscan_extract with
 * URISCAN_EXTRACT_DEFANGED on a log line. -1 until then (a caller's
 * constructor that runs first reads the environment itself). */
static int wanted_lv = -1;

int uriscan__simd_level_wanted(void)
{
	return wanted_lv >= 0 ? wanted_lv : level_from_env();
}

uriscan__skip_fn *const uriscan__skip_tab[4] = {
    [URISCAN__SIMD_SSSE3] = uriscan__skip_ssse3,
    [URISCAN__SIMD_AVX2] = uriscan__skip_avx2,
    [URISCAN__SIMD_AVX512] = uriscan__skip_avx512,
};
uriscan__skip_fn *const uriscan__skip_tab_x[4] = {
    [URISCAN__SIMD_SSSE3] = uriscan__skip_ssse3,
    [URISCAN__SIMD_AVX2] = uriscan__skip_avx2,
    [URISCAN__SIMD_AVX512] = uriscan__skip_avx2,
};
unsigned char uriscan__skip_lv = URISCAN__SIMD_NONE;

int uriscan__skip_use(int level)
{
	level = cpu_level(level < URISCAN__SIMD_NONE ? URISCAN__SIMD_NONE : level);
	uriscan__skip_lv = (unsigned char)level;
	return level;
}

int uriscan__skip_level(void)
{
	return uriscan__skip_lv;
}

/* Once, when the library is loaded. */
__attribute__((constructor)) static void skip_simd_init(void)
{
	wanted_lv = level_from_env();
	uriscan__skip_use(wanted_lv);
}

/* 16 bits: bit i set when q[i] is in the class of table nib. */
__attribute__((target("ssse3"))) static inline unsigned
in_class16(const unsigned char *q, __m128i nib)
{
	const __m128i bits = _mm_loadu_si128((const __m128i *)hi_bits);
	__m128i v = _mm_loadu_si128((const __m128i *)q);
	/* pshufb reads the low nibble of each index byte, and gives 0 for
	 * an index byte >= 0x80: bytes >= 0x80 are in no class */
	__m128i lo = _mm_shuffle_epi8(nib, v);
	__m128i hi = _mm_shuffle_epi8(
	    bits, _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(15)));
	__m128i hit = _mm_and_si128(lo, hi);
	return (unsigned)_mm_movemask_epi8(
	           _mm_cmpeq_epi8(hit, _mm_setzero_si128())) ^
	       0xffffu;
}

/* The end of the run from p when the r = pe - p - 1 < w bytes after p are
 * the last r of a w-byte load (w <= 64) ending at pe whose class bits are
 * `in` (bit i set: byte i of the load is in the class; none above w): the
 * last byte of the run. The bits inverted, the top r of the w brought down
 * (in two shifts: r may be 0, and a shift by 64 is undefined); for w < 64
 * the inverted bits above w come down as ones past the r, so a run to pe
 * gives bit r, p + r = pe - 1, as out == 0 does for w == 64. */
static inline const unsigned char *tail_end(const unsigned char *p,
                                            const unsigned char *pe,
                                            uint64_t in, unsigned w)
{
	unsigned r = (unsigned)(pe - p - 1);
	uint64_t out = ~in >> (w - 1 - r) >> 1;

	return out ? p + __builtin_ctzll(out) : pe - 1;
}

/* The skip of uriscan__skip_ssse3 with the class table nib; inlined into
 * both entry points (the AVX2 one for inputs under 32 bytes). */
__attribute__((target("ssse3"))) static inline const unsigned char *
skip16(const unsigned char *s, const unsigned char *p,
       const unsigned char *pe, __m128i nib, unsigned cls)
{
	/* p + 1 .. p + 16 all before pe */
	while (pe - p > 16) {
		unsigned m = in_class16(p + 1, nib);
		if (m != 0xffffu)
			return p + __builtin_ctz(~m);
		p += 16;
	}
	/* the bytes p + 1 .. pe - 1 are the last of the 16 before pe, when
	 * the input has 16 bytes */
	if (pe - s >= 16)
		return tail_end(p, pe, in_class16(pe - 16, nib), 16);
	while (p + 1 < pe && (uriscan__gen_class[p[1]] & cls))
		p++;
	return p;
}

__attribute__((target("ssse3"))) const unsigned char *
uriscan__skip_ssse3(const unsigned char *s, const unsigned char *p,
                    const unsigned char *pe, unsigned cls)
{
	return skip16(s, p, pe,
	              _mm_loadu_si128((const __m128i *)nib_tab[__builtin_ctz(cls)]),
	              cls);
}

/* 32 bits: bit i set when q[i] is in the class of table nib (both lanes). */
__attribute__((target("avx2"))) static inline unsigned
in_class32(const unsigned char *q, __m256i nib)
{
	const __m256i bits = _mm256_load_si256((const __m256i *)hi_bits);
	__m256i v = _mm256_loadu_si256((const __m256i *)q);
	__m256i lo = _mm256_shuffle_epi8(nib, v); /* as in in_class16 */
	__m256i hi = _mm256_shuffle_epi8(
	    bits,
	    _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(15)));
	__m256i hit = _mm256_and_si256(lo, hi);
	return ~(unsigned)_mm256_movemask_epi8(
	    _mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
}

__attribute__((target("avx2"))) const unsigned char *
uriscan__skip_avx2(const unsigned char *s, const unsigned char *p,
                   const unsigned char *pe, unsigned cls)
{
	const unsigned char *const tab = nib_tab[__builtin_ctz(cls)];

	if (pe - s < 32)
		return skip16(s, p, pe, _mm_load_si128((const __m128i *)tab), cls);
	const __m256i nib = _mm256_load_si256((const __m256i *)tab);
	/* p + 1 .. p + 32 all before pe */
	while (pe - p > 32) {
		unsigned m = in_class32(p + 1, nib);
		if (m != 0xffffffffu)
			return p + __builtin_ctz(~m);
		p += 32;
	}
	/* the bytes p + 1 .. pe - 1 are the last of the 32 before pe */
	return tail_end(p, pe, in_class32(pe - 32, nib), 32);
}

/* 64 bits: bit i set when q[i] is in the class of table nib (in every
 * lane), for the bytes of mask k only. The load is masked to k: it reads no
 * byte outside k (nor faults on one), and gives 0, in no class, for those. */
__attribute__((target("avx512f,avx512bw"))) static inline uint64_t
in_class64(const unsigned char *q, __mmask64 k, __m512i nib)
{
	const __m512i bits =
	    _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)hi_bits));
	__m512i v = _mm512_maskz_loadu_epi8(k, q);
	__m512i lo = _mm512_shuffle_epi8(nib, v); /* as in in_class16 */
	__m512i hi = _mm512_shuffle_epi8(
	    bits,
	    _mm512_and_si512(_mm512_srli_epi16(v, 4), _mm512_set1_epi8(15)));
	return _mm512_test_epi8_mask(lo, hi);
}

/* The shape of uriscan__skip_avx2, 64 bytes per step. No load's address or
 * mask depends on p but through a branch the CPU predicts (a mask computed
 * from p would put its arithmetic before every load). An input under 64
 * bytes is one load masked to it, from s; the last bytes of a longer one,
 * the load of the 64 before pe. */
__attribute__((target("avx512f,avx512bw,bmi2"))) const unsigned char *
uriscan__skip_avx512(const unsigned char *s, const unsigned char *p,
                     const unsigned char *pe, unsigned cls)
{
	const __m512i nib = _mm512_broadcast_i32x4(
	    _mm_loadu_si128((const __m128i *)nib_tab[__builtin_ctz(cls)]));
	uint64_t out;

	if (pe - s < 64) {
		/* bit j of out: byte p + 1 + j not in the class; a byte at or
		 * past pe reads as 0, in no class, so the run ends by pe - 1 */
		const __mmask64 k = _bzhi_u64(~0ull, (unsigned)(pe - s));
		out = ~(in_class64(s, k, nib) >> (p + 1 - s));
		return p + __builtin_ctzll(out);
	}
	/* p + 1 .. p + 64 all before pe */
	while (pe - p > 64) {
		out = ~in_class64(p + 1, ~(__mmask64)0, nib);
		if (out != 0)
			return p + __builtin_ctzll(out);
		p += 64;
	}
	/* the bytes p + 1 .. pe - 1 are the last of the 64 before pe */
	return tail_end(p, pe, in_class64(pe - 64, ~(__mmask64)0, nib), 64);
}
#endif

const char *uriscan_simd_level(void)
{
#if URISCAN__HAVE_SKIP_SIMD
	static const char *const names[4] = {
	    [URISCAN__SIMD_NONE] = "none",
	    [URISCAN__SIMD_SSSE3] = "ssse3",
	    [URISCAN__SIMD_AVX2] = "avx2",
	    [URISCAN__SIMD_AVX512] = "avx512",
	};
	return names[uriscan__skip_level() & 3];
#else
	return "none";
#endif
}
