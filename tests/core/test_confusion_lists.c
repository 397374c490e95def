/* SPDX-License-Identifier: MIT */
/*
 * test_confusion_lists.c: the fast paths of inspect's host fields against
 * the full readings, on every URL of the lists given (data/urls) and on
 * random mutations of each (a byte replaced by one that matters to a host
 * or a path, or by any byte; a byte inserted or removed; an "xn--" or a
 * digit-only label put in; the case changed; the URL cut short):
 * uriscan_confusion_parsed (its quick window, confusion_fast_parsed.c, and the
 * fast path, confusion_fast.c) and uriscan_confusion (its plain path and
 * plain host, confusion_plain_host.c) against uriscan__confusion_full with the
 * same parse, for RFC 3986 and RFC 2396 when built, and with no parse; and
 * uriscan_browser_host against uriscan__browser_host_full; and
 * uriscan__lower_copy against a byte at a time. Every URL is
 * copied into a buffer of exactly its length. One TAP line per list and
 * check, the first inputs that differ printed. Run with and without AVX2
 * (URISCAN_NO_AVX2=1).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "gen.h"
#include "address.h"
#include "list_inputs.h"
#include "tap.h"
#include "uriscan.h"

#define MUTATIONS 6
#define MAX_URL LIST_MAX_URL

struct tally {
	unsigned long inputs, conf_bad, host_bad, quick;
};

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next(void)
{
	return list_next(&rng);
}

/* One input s[0, n) (a buffer of exactly n bytes). */
static void check(const char *s, size_t n, struct tally *t)
{
	static const enum uriscan_grammar gs[] = {URISCAN_RFC3986,
	                                          URISCAN_RFC2396};
	char a[2048], b[2048];
	size_t an = 0, bn = 0, eo = 0;
	int as, bs;

	t->inputs++;
	for (size_t k = 0; k < sizeof gs / sizeof gs[0]; k++) {
		const struct uriscan__gen *gen;
		struct uriscan_uri u;
		const struct uriscan_uri *pu;
		uint32_t got = ~0u, full, q = ~0u;

		if (uriscan__grammar_gen(gs[k], &gen) != URISCAN_OK)
			continue;
		pu = uriscan_parse(gs[k], s, n, 0, &u) == URISCAN_OK ? &u : NULL;
		full = uriscan__confusion_full(s, n, pu);
		if (uriscan_confusion_parsed(s, n, pu, 0, &got, NULL) !=
		        URISCAN_OK ||
		    got != full) {
			if (t->conf_bad++ < 5) {
				list_show("confusion_parsed differs from the full reading", s,
				     n);
				printf("#   grammar %d: %#x, full %#x\n", (int)gs[k],
				       (unsigned)got, (unsigned)full);
			}
		}
		/* uriscan_confusion (its plain path, confusion_fast.c, the
		 * plain host of confusion_plain_host.c) parses with the grammar */
		got = ~0u;
		if (uriscan_confusion(gs[k], s, n, 0, &got, NULL) != URISCAN_OK ||
		    got != full) {
			if (t->conf_bad++ < 5) {
				list_show("uriscan_confusion differs from the full reading", s,
				     n);
				printf("#   grammar %d: %#x, full %#x\n", (int)gs[k],
				       (unsigned)got, (unsigned)full);
			}
		}
		if (pu != NULL &&
		    uriscan__cf_quick((const unsigned char *)s, n, pu, &q) == 1)
			t->quick++;
	}
	as = uriscan_browser_host(s, n, 0, a, sizeof a, &an, NULL);
	bs = uriscan__browser_host_full((const unsigned char *)s, n, b, sizeof b,
	                                &bn, &eo);
	if (as != bs || (as == URISCAN_OK && (an != bn || memcmp(a, b, an) != 0))) {
		if (t->host_bad++ < 5)
			list_show("browser_host differs from the full reading", s, n);
	}
}

/* s[0, n) changed at random into m (MAX_URL bytes): its length. */
static size_t mutate(const char *s, size_t n, char *m)
{
	size_t p = n ? (size_t)(next() % (n + 1)) : 0, r;
	unsigned kind;

	memcpy(m, s, n);
	switch (kind = (unsigned)(next() % 8)) {
	case 0: /* a byte that matters, any byte, one inserted, one removed */
	case 1:
	case 2:
	case 3:
		return list_mutate_byte(kind, m, n, p, &rng);
	case 4: /* a label "xn--" or "1" after a '.' or the "//" */
		for (r = p; r < n && m[r] != '.' && m[r] != '/'; r++)
			;
		if (r < n && n + 4 <= MAX_URL) {
			const char *ins = next() & 1 ? "xn--" : "1.";
			size_t k = strlen(ins);
			memmove(m + r + 1 + k, m + r + 1, n - r - 1);
			memcpy(m + r + 1, ins, k);
			return n + k;
		}
		return n;
	case 5: /* the case of a letter */
		return list_mutate_byte(4, m, n, p, &rng);
	case 6: /* cut short */
		return p;
	default: /* a digit-only last label */
		if (n + 3 <= MAX_URL) {
			for (r = 8 < n ? 8 : n; r < n && m[r] != '/'; r++)
				;
			memmove(m + r + 3, m + r, n - r);
			memcpy(m + r, ".99", 3);
			return n + 3;
		}
		return n;
	}
}

static void check_one(const char *s, size_t n, void *t)
{
	check(s, n, t);
}

static void run_list(const char *path)
{
	struct tally t = {0, 0, 0, 0};

	if (!list_each(path, MUTATIONS, mutate, check_one, &t)) {
		tap_ok(0, "%s: cannot open", path);
		return;
	}
	printf("# %s: %lu inputs, %lu on the quick window\n", path, t.inputs,
	       t.quick);
	tap_ok(t.inputs > 0 && t.conf_bad == 0,
	       "%s: uriscan_confusion(_parsed) == the full reading (%lu differ)",
	       path, t.conf_bad);
	tap_ok(t.inputs > 0 && t.host_bad == 0,
	       "%s: uriscan_browser_host == the full reading (%lu differ)", path,
	       t.host_bad);
}

/* uriscan__lower_copy (the browser's plain host, in lower case; SSE2
 * from eight bytes) against a byte at a time, every length to 80, at
 * every offset of 0 to 15, over every byte value: no byte written
 * outside d[0, n). */
static void lower_copy_check(void)
{
	unsigned char src[128];
	char d[128], want[128];
	unsigned long bad = 0, runs = 0;

	for (int round = 0; round < 64; round++) {
		for (size_t k = 0; k < sizeof src; k++)
			src[k] = round < 2 ? (unsigned char)(k * 2 + (size_t)round)
			                   : (unsigned char)next();
		for (size_t off = 0; off < 16; off++)
			for (size_t n = 0; n <= 80; n++) {
				memset(d, 0x5a, sizeof d);
				memset(want, 0x5a, sizeof want);
				for (size_t k = 0; k < n; k++) {
					unsigned char c = src[off + k];
					want[16 + k] =
					    (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
				}
				uriscan__lower_copy(d + 16, src + off, n);
				runs++;
				if (memcmp(d, want, sizeof d) != 0 && bad++ < 3)
					printf("# lower_copy differs: offset %zu, %zu bytes\n",
					       off, n);
			}
	}
	tap_ok(bad == 0, "uriscan__lower_copy == a byte at a time (%lu of %lu "
	                 "differ)",
	       bad, runs);
}

int main(int argc, char **argv)
{
	lower_copy_check();
	for (int i = 1; i < argc; i++)
		run_list(argv[i]);
	return tap_done();
}
