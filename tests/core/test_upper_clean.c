/* SPDX-License-Identifier: MIT */
/*
 * test_upper_clean.c: no call leaves the upper halves of the vector
 * registers in use. The library's AVX2 and AVX-512 code must clear them
 * (vzeroupper) on every way out: a caller's SSE code that runs after a
 * call that left them dirty pays for it on every SSE instruction until
 * the next vzeroupper (measured: 13-30 % of a parse whose caller is built
 * without AVX, as every caller of the library may be). The compiler
 * inserts vzeroupper itself, and has missed a way out before
 * (src/grammars/uri_fast.c, fast_v and fast_p, after a call it took for one
 * that clears them).
 *
 * For each line of the files given (uri-fast-taken.txt's format, the
 * input in column 2, with escapes; the vectors' .tsv, in column 3), and
 * its variants (cut at every length, each byte set to
 * each of a few that change the path the read takes, a run of path bytes
 * put in to move its parts across the 64-byte rows): uriscan_validate,
 * uriscan_parse and uriscan_extract, for every grammar built, each called
 * with the upper halves clear, then the state asked of the CPU (XGETBV
 * with ECX 1: bit 2, the upper halves of YMM0-15; bit 6, those of ZMM0-15).
 * Skipped where the CPU has no AVX or cannot tell (no XGETBV ECX 1).
 * No timing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>

/* The CPU has AVX (the OS saving its registers) and tells which state is
 * in use (CPUID leaf 0xD, sub-leaf 1, EAX bit 2). */
static int can_tell(void)
{
	unsigned a, b, c, d;

	__builtin_cpu_init();
	if (!__builtin_cpu_supports("avx"))
		return 0;
	if (__get_cpuid_max(0, NULL) < 0xd)
		return 0;
	__cpuid_count(0xd, 1, a, b, c, d);
	return (a >> 2) & 1;
}

/* Bits 2 and 6 of XINUSE: the upper halves of YMM0-15 and ZMM0-15. */
static uint64_t upper_in_use(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
	return (((uint64_t)hi << 32) | lo) & ((1u << 2) | (1u << 6));
}

static void clear_upper(void)
{
	__asm__ volatile("vzeroupper" ::: "memory");
}
#else
static int can_tell(void)
{
	return 0;
}
static uint64_t upper_in_use(void)
{
	return 0;
}
static void clear_upper(void)
{
}
#endif

static int on_match(void *user, const struct uriscan_match *m)
{
	(void)m;
	++*(unsigned *)user;
	return 0;
}

static unsigned calls, dirty;

/* The call `call` (named `what`; of grammar g on len bytes, as in
 * calls_on) from a clear state: counted, and counted dirty when it
 * leaves the upper halves in use (the first few printed). */
#define CHECK(what, call)                                                      \
	do {                                                                       \
		clear_upper();                                                         \
		(void)(call);                                                          \
		const uint64_t in_use_ = upper_in_use();                               \
		calls++;                                                               \
		if (in_use_ && dirty++ < 10)                                           \
			tap_diag("  %s, %s, %zu bytes: left in use (XINUSE & 0x44 = "     \
			         "%#llx)",                                                 \
			         what, uriscan_grammar_name(g), len,                       \
			         (unsigned long long)in_use_);                             \
	} while (0)

/* Every entry point on s[0, len) (a heap copy: ASan sees a read past it),
 * for every grammar built. */
static void calls_on(const unsigned char *in, size_t len)
{
	char *s = malloc(len ? len : 1);

	if (s == NULL)
		return;
	memcpy(s, in, len);
	for (int gi = 0; gi < URISCAN_GRAMMAR_COUNT; gi++) {
		const enum uriscan_grammar g = (enum uriscan_grammar)gi;
		struct uriscan_uri u;
		unsigned found = 0;

		if (uriscan_validate(g, "", 0, 0, NULL) ==
		    URISCAN_E_GRAMMAR_UNAVAILABLE)
			continue;
		CHECK("validate", uriscan_validate(g, s, len, 0, NULL));
		CHECK("parse", uriscan_parse(g, s, len, 0, &u));
		CHECK("extract",
		      uriscan_extract(g, s, len, NULL, on_match, &found, NULL));
	}
	free(s);
}

/* Bytes that send the read down another path where they stand. */
static const unsigned char swaps[] = {'%', '#', '?', '@', ':', '/',
                                      '[', ' ', '1', 0x80, 0xc3};

static void variants(const unsigned char *in, size_t n)
{
	unsigned char buf[1024];

	calls_on(in, n);
	for (size_t k = 0; k < n; k++) /* cut */
		calls_on(in, k);
	for (size_t i = 0; i < n && n <= sizeof buf; i++) /* each byte */
		for (size_t c = 0; c < sizeof swaps; c++) {
			memcpy(buf, in, n);
			buf[i] = swaps[c];
			calls_on(buf, n);
		}
	/* a run of path bytes at the end: the parts across the rows */
	for (size_t k = 1; k <= 130 && n + k <= sizeof buf; k += 7) {
		memcpy(buf, in, n);
		memset(buf + n, 'z', k);
		calls_on(buf, n + k);
	}
}

int main(int argc, char **argv)
{
	char line[2048];
	unsigned char in[sizeof line]; /* an escape is never shorter */
	unsigned lines = 0, bad_lines = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: test_upper_clean FILE...\n");
		return 2;
	}
	if (!can_tell()) {
		tap_skip("the CPU has no AVX, or does not tell which state is in "
		         "use (XGETBV with ECX 1)");
		return tap_done();
	}
	tap_diag("SIMD level in use: %s", uriscan_simd_level());
	for (int a = 1; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (f == NULL) {
			tap_ok(0, "open %s", argv[a]);
			continue;
		}
		const int taken_fmt = strstr(argv[a], ".txt") != NULL;
		while (fgets(line, sizeof line, f)) {
			line[strcspn(line, "\r\n")] = 0;
			if (line[0] == '#' || line[0] == 0)
				continue;
			/* the input: column 2 of a .txt, 3 of a .tsv */
			char *input = line;
			for (int col = taken_fmt ? 1 : 2; col > 0 && input; col--)
				if ((input = strchr(input, '\t')) != NULL)
					input++;
			if (input == NULL)
				continue;
			input[strcspn(input, "\t")] = 0;
			const long n = vec_unescape(input, in, 0);
			if (n < 0) {
				tap_diag("  %s: a bad escape: %s", argv[a], input);
				bad_lines++;
				continue;
			}
			variants(in, (size_t)n);
			lines++;
		}
		fclose(f);
	}
	tap_ok(lines >= 20 && bad_lines == 0, "%u lines read (%u bad)", lines,
	       bad_lines);
	tap_ok(dirty == 0,
	       "no call of %u leaves the upper halves of the vector registers "
	       "in use (%u did)",
	       calls, dirty);
	return tap_done();
}
