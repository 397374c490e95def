/* SPDX-License-Identifier: MIT */
/*
 * test_skip.c: the SIMD skips of the fast paths (src/grammars/skip_simd.c:
 * SSSE3, AVX2 and AVX-512, each where the CPU has it) against the scalar class
 * table, for every byte of every class at every offset of a run, in buffers
 * allocated to the exact length (ASan sees any over-read) and again ending
 * at an unreadable page (a masked load that reads past its end faults,
 * whether ASan instruments it or not); and the load-time switch against
 * URISCAN_NO_SIMD, URISCAN_NO_AVX2 and URISCAN_NO_AVX512, with the
 * extraction machines' skip beside it; and that the tables of skips the
 * machines call through are in read-only memory. No timing.
 *   test_skip               all of it
 *   test_skip --dispatch    the load-time switch and the tables only: the
 *                           runs under an environment cap (the byte-by-
 *                           byte checks call each skip directly, so the
 *                           cap does not change them)
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gen.h"
#include "tap.h"

#if URISCAN__HAVE_SKIP_SIMD
/* The scalar answer: from p (in the class), the last byte of the run. */
static size_t ref_skip(const unsigned char *b, size_t n, unsigned cls)
{
	size_t j = 0;
	while (j + 1 < n && (uriscan__gen_class[b[j + 1]] & cls))
		j++;
	return j;
}

/* A page of data followed by an unreadable one: the end of the data page
 * is the end of the copies that check reads past nothing. */
static unsigned char *guard_end;

static int guard_init(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
	                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE) != 0)
		return 0;
	guard_end = m + page;
	return 1;
}

/* Every byte c after a run of k in-class bytes (each k to 72, then in
 * steps: two steps of 64 and more than 256, where a mask from a count of
 * 8 bits would wrap), with tails of 0..20 bytes
 * after c and without c (the run ends the buffer), the run starting at the
 * buffer's start or after a prefix (out of the class, or in it but for
 * one byte in the middle of the 64-byte one: the SIMD skip may load bytes
 * before p, never before the buffer, and must ignore them). 1 if all
 * agree. */
static int check_class(uriscan__skip_fn *skip, unsigned cls,
                       const char *name)
{
	static const size_t pres[] = {0, 3, 16, 21, 32, 37, 64, 70};
	unsigned char in[256];
	size_t nin = 0;

	for (unsigned c = 0; c < 256; c++)
		if (uriscan__gen_class[c] & cls)
			in[nin++] = (unsigned char)c;
	for (size_t pi = 0; pi < sizeof pres / sizeof pres[0]; pi++) {
		size_t pre = pres[pi];
		for (unsigned c = 0; c < 257; c++) {
			for (size_t k = 0; k <= 600;
			     k += k < 72 ? 1 : k < 136 ? 4 : 61) {
				for (size_t tail = 0; tail <= 20; tail += 4) {
					size_t n = c == 256 ? 1 + k : 1 + k + 1 + tail;
					unsigned char *b = malloc(pre + n), *r;
					size_t want, got;

					if (b == NULL)
						return 0;
					for (size_t i = 0; i < pre; i++)
						b[i] = pi % 2 ? 0 : in[i % nin];
					if (pre == 64) /* in the last 64 before pe */
						b[pre / 2] = 0;
					r = b + pre;
					for (size_t i = 0; i < n; i++)
						r[i] = in[(i * 7 + c) % nin];
					if (c < 256)
						r[1 + k] = (unsigned char)c;
					want = ref_skip(r, n, cls);
					got = (size_t)(skip(b, r, r + n, cls) - r);
					if (got == want) {
						/* the same bytes before the unreadable page */
						unsigned char *g = guard_end - (pre + n);
						memcpy(g, b, pre + n);
						got = (size_t)(skip(g, g + pre, guard_end, cls) -
						               (g + pre));
					}
					free(b);
					if (got != want) {
						tap_diag("%s: byte 0x%02x after %zu, tail %zu, "
						         "prefix %zu: %zu, want %zu",
						         name, c, k, tail, pre, got, want);
						return 0;
					}
					if (c == 256)
						break;
				}
			}
		}
	}
	return 1;
}

/* Every class of gen.h that SKIP may hand to the SIMD path. */
static const struct {
	unsigned cls;
	const char *name;
} classes[] = {
	{GEN_CLASS_PCHAR, "pchar"},
	{GEN_CLASS_QUERY, "query"},
	{GEN_CLASS_HOST, "host"},
	{GEN_CLASS_XCHAR, "xchar (RFC 1738)"},
	{GEN_CLASS_HPATH, "hpath (RFC 1738)"},
	{GEN_CLASS_SEARCH, "search (RFC 1738)"},
	{GEN_CLASS_FPATH, "fpath (RFC 1738)"},
	{GEN_CLASS_PATH, "path (RFC 3986, 3987, 2396)"},
	{GEN_CLASS_ALNUM, "alnum (RFC 2396 hostname labels)"},
};

/* Is environment variable name set, and not to "" nor "0"? */
static int env_set(const char *name)
{
	const char *env = getenv(name);

	return env != NULL && env[0] != '\0' && strcmp(env, "0") != 0;
}
#endif

/* Is the object at a in a mapping of this process that cannot be written
 * (/proc/self/maps)? 1 yes, 0 no, -1 unknown (no such file: not Linux). */
static int read_only_at(const void *a)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int r = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		unsigned long lo, hi;
		char perms[5];
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) == 3 &&
		    (uintptr_t)a >= lo && (uintptr_t)a < hi) {
			r = perms[1] != 'w';
			break;
		}
	}
	fclose(f);
	return r;
}

/* The extraction machines' skip at the level in use: AVX2 where the
 * others' is AVX-512, the same otherwise (src/grammars/gen.h). */
static int skip_x_ok(int level)
{
	return uriscan__skip_level() == level &&
	       uriscan__skip_tab_x[level] == (level == URISCAN__SIMD_AVX512
	                                          ? uriscan__skip_avx2
	                                          : uriscan__skip_tab[level]);
}

int main(int argc, char **argv)
{
#if URISCAN__HAVE_SKIP_SIMD
	static const struct {
		uriscan__skip_fn *fn;
		int level;
		const char *name;
	} skips[] = {
		{uriscan__skip_ssse3, URISCAN__SIMD_SSSE3, "SSSE3"},
		{uriscan__skip_avx2, URISCAN__SIMD_AVX2, "AVX2"},
		{uriscan__skip_avx512, URISCAN__SIMD_AVX512, "AVX-512"},
	};
	static const char *const missing[] = {
	    "", "no SSSE3 on this CPU", "no AVX2 on this CPU",
	    "no AVX-512 BW (or BMI1, BMI2) on this CPU"};
	const int dispatch_only = argc > 1 && strcmp(argv[1], "--dispatch") == 0;
	int has[4], want;

	if (!guard_init()) {
		tap_ok(0, "mmap of a guard page");
		return tap_done();
	}

	for (int lv = URISCAN__SIMD_NONE; lv <= URISCAN__SIMD_AVX512; lv++)
		has[lv] = lv <= uriscan__simd_level_cpu();
	/* the load-time choice: the highest level the CPU has, capped by
	 * the environment */
	want = env_set("URISCAN_NO_SIMD")     ? URISCAN__SIMD_NONE
	       : env_set("URISCAN_NO_AVX2")   ? URISCAN__SIMD_SSSE3
	       : env_set("URISCAN_NO_AVX512") ? URISCAN__SIMD_AVX2
	                                      : URISCAN__SIMD_AVX512;
	while (!has[want])
		want--;
	tap_ok(uriscan__skip_level() == want &&
	           (uriscan__skip_tab[want] == NULL) == (want == URISCAN__SIMD_NONE),
	       "the SIMD skip in use is level %d, want %d (URISCAN_NO_SIMD "
	       "%s, URISCAN_NO_AVX2 %s, URISCAN_NO_AVX512 %s)",
	       uriscan__skip_level(), want,
	       env_set("URISCAN_NO_SIMD") ? "set" : "unset",
	       env_set("URISCAN_NO_AVX2") ? "set" : "unset",
	       env_set("URISCAN_NO_AVX512") ? "set" : "unset");
	/* the extraction machines' skip at load time and at every level */
	{
		const int was = uriscan__skip_level();
		int ok = skip_x_ok(was);

		for (int lv = URISCAN__SIMD_NONE; lv <= URISCAN__SIMD_AVX512; lv++)
			ok &= skip_x_ok(uriscan__skip_use(lv));
		uriscan__skip_use(was);
		tap_ok(ok && uriscan__skip_level() == was,
		       "the extraction machines' skip is AVX2 at AVX-512, the "
		       "same skip at every other level");
	}
	/* the pointers the machines call through: relocated, then made
	 * read-only by the loader (src/grammars/gen.h); the level is all that a
	 * write can change */
	{
		const int a = read_only_at(&uriscan__skip_tab[URISCAN__SIMD_AVX2]);
		const int b = read_only_at(&uriscan__skip_tab_x[URISCAN__SIMD_AVX2]);
		if (a < 0 || b < 0)
			tap_skip("no /proc/self/maps");
		else
			tap_ok(a && b,
			       "the tables of skips are in read-only memory "
			       "(uriscan__skip_tab %s, uriscan__skip_tab_x %s)",
			       a ? "read-only" : "WRITABLE",
			       b ? "read-only" : "WRITABLE");
	}
	for (size_t k = 0; !dispatch_only && k < sizeof skips / sizeof skips[0];
	     k++) {
		if (!has[skips[k].level]) {
			tap_skip(missing[skips[k].level]);
			continue;
		}
		for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
			tap_ok(check_class(skips[k].fn, classes[i].cls,
			                   classes[i].name),
			       "%s skip == class table: %s", skips[k].name,
			       classes[i].name);
	}
#else
	(void)argc;
	(void)argv;
	tap_skip("no SIMD skip on this target");
#endif
	return tap_done();
}
