/* SPDX-License-Identifier: MIT */
/*
 * test_find.c: the extractor's candidate search
 * (src/extraction/extract_find.h) with its bulk window and queue against the
 * portable search, candidate by candidate, on random text of ':', '/' and
 * letters around the sizes where the window starts to be used, with the scan's
 * ways of moving on (the byte after a candidate, or past a match of any
 * length), lim at the end, two bytes before it (a chunk of a stream) and
 * anywhere, and steps back (which the scan never takes; the queue starts
 * over); each buffer allocated to its exact length, so ASan sees a load past
 * it. No timing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "extract_find.h"
#include "tap.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

#if URISCAN__HAVE_AVX2_PATH
/* Walk [0, lim) of b[0, len) with both searches; 1 if every answer agrees.
 * jump: the most a step may move past a candidate (a match's length); back:
 * one step in four goes back up to 99 bytes instead (the scan never does;
 * the queue starts over then). */
static int walk(const unsigned char *b, size_t len, size_t lim, size_t jump,
                int back, size_t *found)
{
	struct uriscan__cands q;
	size_t from = 0, steps = 0;

	uriscan__cands_init(&q);
	for (;;) {
		size_t c = uriscan__find_candidate(0, 1, &q, b, from, lim, len);
		size_t want = uriscan__find_css_scalar(b, from, lim, len);
		if (c != want) {
			tap_diag("len %zu lim %zu from %zu: %zu, want %zu", len,
			         lim, from, c, want);
			return 0;
		}
		if (c >= lim || ++steps > 2 * len)
			return 1;
		++*found;
		if (back && next() % 4 == 0)
			from = c - (c < 99 ? c : next() % 99);
		else
			from = c + 1 + (jump && next() % 3 == 0 ? next() % jump : 0);
	}
}

/* A random buffer of n bytes: "://" with one chance in `dense`, else one
 * of ":/ah" or a space. */
static unsigned char *text(size_t n, unsigned dense)
{
	unsigned char *b = malloc(n ? n : 1);
	static const char bytes[] = ":/ah ";

	for (size_t i = 0; i < n; i++) {
		if (i + 3 <= n && next() % dense == 0) {
			memcpy(b + i, "://", 3);
			i += 2;
		} else {
			b[i] = (unsigned char)bytes[next() % 5];
		}
	}
	return b;
}
#endif

int main(void)
{
#if URISCAN__HAVE_AVX2_PATH
	static const size_t sizes[] = {0,    1,    2,    3,     63,    64,
	                               65,   130,  2047, 2048,  2049,  2050,
	                               2051, 2052, 2115, 4096,  4099,  4100,
	                               6150, 9000, 20000, 65536, 70001};
	static const unsigned dens[] = {2, 7, 40, 300};
	size_t found = 0, walks = 0;
	int all = 1;

	if (!uriscan__find_simd_wanted(0)) {
		tap_skip("no AVX2 search here (CPU or environment)");
		return tap_done();
	}
	for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
		for (size_t di = 0; di < sizeof dens / sizeof *dens; di++) {
			size_t n = sizes[si];
			unsigned char *b = text(n, dens[di]);
			size_t lims[4] = {n, n >= 2 ? n - 2 : 0, n ? next() % n : 0,
			                  n / 2};
			for (int li = 0; li < 4; li++) {
				all &= walk(b, n, lims[li], 0, 0, &found);
				all &= walk(b, n, lims[li], 3000, 0, &found);
				all &= walk(b, n, lims[li], 3000, 1, &found);
				walks += 3;
			}
			free(b);
		}
	}
	tap_ok(all, "%zu walks, %zu candidates: every answer of the bulk "
	            "search and its queue is the portable search's",
	       walks, found);

	/* nothing but "://": the most a window can hold */
	{
		size_t n = 3 * 2048 + 1, k = 0;
		unsigned char *b = malloc(n);
		for (size_t i = 0; i + 3 <= n; i += 3)
			memcpy(b + i, "://", 3);
		b[n - 1] = ':';
		all = walk(b, n, n, 0, 0, &k);
		tap_ok(all && k == 2048, "a text of \"://\" only: all %zu found",
		       k);
		free(b);
	}
	/* "://" at the first and the last position of 64-byte blocks (of the
	 * first window, which starts at 0): the bits at both ends of a mask */
	{
		size_t n = 5000, k = 0, want = 0;
		unsigned char *b = malloc(n);
		memset(b, 'a', n);
		for (size_t i = 0; i + 3 <= n; i += 128) {
			memcpy(b + i, "://", 3);
			want++;
			if (i + 63 + 3 <= n) {
				memcpy(b + i + 63, "://", 3);
				want++;
			}
		}
		all = walk(b, n, n, 0, 0, &k);
		tap_ok(all && k == want, "\"://\" at both ends of each block: "
		                         "%zu of %zu", k, want);
		free(b);
	}
#else
	tap_skip("no AVX2 search in this build");
#endif
	return tap_done();
}
