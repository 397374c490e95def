/* SPDX-License-Identifier: MIT */
/*
 * test_ascii_ends.c: the check that chooses between a rule's ASCII twin
 * and its own machine (src/grammars/gen.h, uriscan__gen_ascii_ends) against a
 * byte by byte answer: every length from 0 to 48, ASCII, and with one byte of
 * 0x80, 0xc3 or 0xff at each offset, in a buffer allocated to the exact
 * length (ASan sees any read outside it). Either answer gives the right
 * result (the twin hands a non-ASCII input over), so what is checked is
 * that the ends are looked at in full and nothing else is read. No timing.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "tap.h"

/* The first and the last 16 bytes of b[0..n) are ASCII. */
static int ref_ends(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i] >= 0x80 && (i < 16 || i + 16 >= n))
			return 0;
	return 1;
}

int main(void)
{
	static const unsigned char high[] = {0x80, 0xc3, 0xff};
	size_t cases = 0, wrong = 0, looked = 0;

	for (size_t n = 0; n <= 48; n++) {
		/* at = n: the ASCII input */
		for (size_t at = 0; at <= n; at++) {
			for (size_t h = 0; h < sizeof high; h++) {
				unsigned char *b = malloc(n ? n : 1);
				if (b == NULL) {
					tap_ok(0, "out of memory");
					return tap_done();
				}
				for (size_t i = 0; i < n; i++)
					b[i] = (unsigned char)('a' + i % 26);
				if (at < n)
					b[at] = high[h];
				int want = ref_ends(b, n);
				int got = uriscan__gen_ascii_ends(b, b + n);
				cases++;
				looked += !want;
				if (got != want) {
					wrong++;
					tap_diag("length %zu, 0x%02x at %zu: %d, want %d", n,
					         high[h], at, got, want);
				}
				free(b);
				if (at == n)
					break;
			}
		}
	}
	tap_ok(wrong == 0, "%zu inputs of 0-48 bytes: the first and last 16 "
	                   "bytes checked, nothing outside", cases);
	/* a byte >= 0x80 within 16 of an end is seen at every length */
	tap_ok(looked > 1000, "%zu inputs with a byte >= 0x80 at an end", looked);
	return tap_done();
}
