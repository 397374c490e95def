/* SPDX-License-Identifier: MIT */
/*
 * test_defang_find.c: where the refanger looks for a defanged form
 * (src/extraction/defang_find.c, uriscan__defang_skip), with AVX2, AVX-512
 * and AVX-512 VBMI where the CPU has them and without: every pair of bytes
 * (65,536) at offsets inside, across and at the ends of the 32-byte
 * blocks, and a first byte at
 * the very end, against the pairs docs/extraction.md's forms can start with
 * (written out here again): each of them is found, and nothing before it; a
 * pair that is none may be a candidate (a look too many) only in the few
 * cases the nibble tables allow. Then random texts of form bytes walked
 * candidate by candidate with the kept block (struct uriscan__dscan) and
 * without, and with lim before the end, must give the same answers. Each
 * buffer is allocated to its exact length (ASan sees a load past it). No
 * timing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "defang.h"
#include "extract_find.h" /* uriscan__find_simd_wanted */
#include "gen.h"          /* uriscan__simd_level_wanted */
#include "tap.h"

static int low_in(int c, const char *set)
{
	return strchr(set, c | 0x20) != NULL;
}

/* Can a form start at s[i] (s[i + 1] is there)? */
static int want_at(const unsigned char *s, size_t i)
{
	int a = s[i], b = s[i + 1];

	switch (a) {
	case '[':
		return b == '.' || b == ':' || b == '/' || b == '@' ||
		       low_in(b, "dahfp");
	case '(':
	case '{':
		return b == '.' || (b | 0x20) == 'd';
	case '\\':
		return b == '.';
	case ':':
		return b == '\\';
	case 'x':
	case 'X': /* a defanged scheme word: "hxxp", "fxp", "xxxx"... */
		return low_in(b, "xp");
	case '_':
		return b == '_';
	case ' ':
		return b == '.' || b == 'D';
	default:
		return 0;
	}
}

/* The first i' in [i, lim) of s[0, n) where a form can start (the last
 * byte: when a pair can begin with it), or lim. */
static size_t ref(const unsigned char *s, size_t i, size_t lim, size_t n)
{
	for (; i < lim; i++) {
		if (i + 1 < n ? want_at(s, i)
		              : s[i] != 0 && strchr("[({\\:_ xX", s[i]) != NULL)
			return i;
	}
	return lim;
}

#define LEN 100
static const size_t offs[] = {5, 6, 20, 30, 31, 32, 33, 36, 37, 63, 64, 65,
                              69, 70, LEN - 34, LEN - 33, LEN - 32, LEN - 2};

/* Every pair at every offset of offs, after an x five bytes before
 * (with_x 1), one byte before (2: with an x or a p first, the x begins a
 * pair itself) or none: 1 if each answer is right;
 * *extra: the pairs found that are none. */
static int pairs(int simd, int with_x, unsigned *extra)
{
	unsigned char *s = malloc(LEN);
	int ok = 1;

	*extra = 0;
	for (unsigned a = 0; a < 256; a++) {
		for (unsigned b = 0; b < 256; b++) {
			int seen = 0;
			for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++) {
				size_t p = offs[k], r;
				memset(s, 'e', LEN); /* "e" begins no pair, ends none */
				if (with_x) /* the first or the last of the five */
					s[with_x == 1 ? p - 5 : p - 1] = 'X';
				s[p] = (unsigned char)a;
				s[p + 1] = (unsigned char)b;
				r = uriscan__defang_skip(s, 0, LEN, LEN, simd, NULL);
				/* the first form start, or a look too many at p before it */
				if (r != ref(s, 0, LEN, LEN) &&
				    !(r == p && r < ref(s, 0, LEN, LEN))) {
					tap_diag("simd %d: %02x %02x at %zu: %zu", simd, a, b,
					         p, r);
					ok = 0;
				}
				if (r == p && !want_at(s, p))
					seen = 1;
			}
			*extra += (unsigned)seen;
		}
		/* the last byte: a candidate when a pair may begin with it */
		memset(s, 'e', LEN);
		s[LEN - 1] = (unsigned char)a;
		{
			size_t r = uriscan__defang_skip(s, 0, LEN, LEN, simd, NULL);
			if (r != ref(s, 0, LEN, LEN)) {
				tap_diag("simd %d: %02x last: %zu", simd, a, r);
				ok = 0;
			}
		}
	}
	free(s);
	return ok;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

/* Random texts: walked from each candidate to the next with the kept
 * block and without, to lim; every form start is among them. */
static int walks(int simd)
{
	static const char bytes[] = "[({\\:_ ./@dDahfpxXe";
	int ok = 1;

	for (unsigned t = 0; t < 3000 && ok; t++) {
		size_t n = 1 + rnd() % 300, lim = n - rnd() % (n < 40 ? n : 40);
		unsigned char *s = malloc(n);
		struct uriscan__dscan c = {NULL, 0, 0, 0};
		size_t i = 0;
		for (size_t k = 0; k < n; k++)
			s[k] = rnd() % 6 == 0 ? (unsigned char)(rnd() & 0xff)
			                      : (unsigned char)bytes[rnd() % (sizeof bytes - 1)];
		for (;;) {
			/* with the kept block and without: at or before the first
			 * form start (a look too many is allowed), never past lim */
			size_t r = uriscan__defang_skip(s, i, lim, n, simd, &c);
			size_t q = uriscan__defang_skip(s, i, lim, n, simd, NULL);
			size_t want = ref(s, i, lim, n);
			if (r > want || q > want || r < i || q < i) {
				tap_diag("simd %d: n %zu lim %zu from %zu: %zu, %zu, want "
				         "%zu", simd, n, lim, i, r, q, want);
				ok = 0;
			}
			if (!ok || r >= lim)
				break;
			i = r + 1 + (rnd() % 4 == 0 ? rnd() % 40 : 0);
			if (i >= lim)
				break;
		}
		free(s);
	}
	return ok;
}

int main(void)
{
	int simd_levels = uriscan__find_simd_wanted(0) ? 2 : 1;
	static const char *const name[] = {"without AVX2", "AVX2", "AVX-512",
	                                   "AVX-512 VBMI"};

	/* AVX-512 (simd 2) where the extractor would use it, and VBMI (simd
	 * 3) where the CPU has it too */
	if (simd_levels == 2 && uriscan__simd_level_wanted() >= URISCAN__SIMD_AVX512)
		simd_levels = uriscan__defang_vbmi() ? 4 : 3;
	for (int simd = 0; simd < simd_levels; simd++) {
		unsigned extra, extra_x, extra_x1;
		int ok = pairs(simd, 0, &extra) & pairs(simd, 1, &extra_x) &
		         pairs(simd, 2, &extra_x1);
		tap_ok(ok, "%s: every pair that begins a form is found at each "
		       "offset, nothing before it; the last byte",
		       name[simd]);
		/* the nibble tables' 37 pairs more (defang_find.c) */
		tap_ok(extra <= 40 && extra_x <= 40 && extra_x1 <= 40,
		       "%s: %u pairs that begin no form are looked at (%u after "
		       "an x)", name[simd], extra, extra_x);
		tap_ok(walks(simd), "%s: random texts walked with the kept block "
		       "and without: never past the next form start",
		       name[simd]);
	}
	if (simd_levels == 1)
		tap_skip("AVX2: not in this CPU or build");
	if (simd_levels < 3)
		tap_skip("AVX-512: not in this CPU or build, or URISCAN_NO_AVX512");
	if (simd_levels < 4)
		tap_skip("AVX-512 VBMI: not in this CPU or build, or "
		         "URISCAN_NO_AVX512");
	return tap_done();
}
