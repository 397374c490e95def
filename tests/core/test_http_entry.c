/* SPDX-License-Identifier: MIT */
/*
 * test_http_entry.c: the start of the default rule's machines after a
 * literal "http://" or "https://" (src/grammars/http_entry.c, gen.h
 * GEN_HTTP_ENTRY_V/_P). For every grammar built:
 *  - every machine with the entry has found both states (the shortcut is
 *    really taken: the comparisons below would pass without it);
 *  - uriscan_validate, uriscan_parse and their _rule forms on the default
 *    rule give what the -T0 build gives (which has no entry: it reads
 *    every input from its first byte), whole result compared (status,
 *    error offset, present bits, every component's offset and length,
 *    host type, kind, form), for each of a list of prefixes (the two
 *    literals, their near misses) followed by every byte and each of a
 *    list of tails;
 *  - the same again with every entry turned off (the slots set to "none"),
 *    so the library's own machines are compared with and without it.
 * Each input is copied into a heap block of its exact size (ASan sees a
 * read past it). No timing.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_entry.h"
#include "internal.h"
#include "t0_compare.h"
#include "tap.h"
#include "uri_reset.h"
#include "uriscan-config.h"

/* The -T0 builds and the entry tables of the library's (ragel/meson.build,
 * scripts/gen_rules.py). */
#define BUILD(n)                                                               \
	extern const struct uriscan__gen uriscan__gen_##n##_t0;                    \
	extern const struct uriscan__http_ref uriscan__http_refs_##n##_main[];
#if URISCAN_HAVE_RFC3986
BUILD(rfc3986)
#endif
#if URISCAN_HAVE_RFC2396
BUILD(rfc2396)
#endif
#if URISCAN_HAVE_RFC1738
BUILD(rfc1738)
#endif
#if URISCAN_HAVE_RFC3987
BUILD(rfc3987)
#endif

static const struct {
	enum uriscan_grammar g;
	const struct uriscan__gen *t0;
	const struct uriscan__http_ref *refs;
} builds[] = {
#define ROW(e, n) {e, &uriscan__gen_##n##_t0, uriscan__http_refs_##n##_main},
#if URISCAN_HAVE_RFC3986
    ROW(URISCAN_RFC3986, rfc3986)
#endif
#if URISCAN_HAVE_RFC2396
        ROW(URISCAN_RFC2396, rfc2396)
#endif
#if URISCAN_HAVE_RFC1738
            ROW(URISCAN_RFC1738, rfc1738)
#endif
#if URISCAN_HAVE_RFC3987
                ROW(URISCAN_RFC3987, rfc3987)
#endif
};
#define NBUILDS (sizeof builds / sizeof builds[0])

static const char *const prefixes[] = {
    "http://", "https://", "http:/", "https:/", "HTTPS://", "httpx://",
};
#define NPREFIXES (sizeof prefixes / sizeof prefixes[0])

/* After the prefix and one byte (any of 256): nothing, a host, every
 * component, an IP literal, userinfo and port, escapes (a cut one), a
 * non-ASCII end (RFC 3987's own machine rather than its ASCII twin), bytes
 * no URI has, and runs long enough for the SIMD skips. */
#define T(lit) {lit, sizeof lit - 1}
static const struct {
	const char *s;
	size_t n;
} tails[] = {
    T(""),
    T("x"),
    T("a.b/c?d#e"),
    T("[::1]:80/p"),
    T("]"),
    T("u@h:1/"),
    T("%41%"),
    T("/\xc3\xa9"),
    T("\xff"),
    T("h\x00y"),
    T("1.2.3.4"),
    T("?q#f"),
    T(".example.com/path/to/a/run/long/enough/for/the/skips/x?y=z&w=1#frag"),
    T("example.com:8080/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t?" "%zz"),
};
#define NTAILS (sizeof tails / sizeof tails[0])

/* Every input of the lists for grammar b: the number that differ. */
static unsigned run_all(size_t b)
{
	unsigned bad = 0;

	for (size_t i = 0; i < NPREFIXES; i++) {
		const size_t pl = strlen(prefixes[i]);
		for (size_t t = 0; t < NTAILS; t++) {
			const size_t tl = tails[t].n;
			for (unsigned c = 0; c < 257; c++) {
				/* c == 256: the prefix and the tail, no byte between;
				 * and the prefix cut to each length, once */
				size_t len = pl + (c < 256) + tl;
				char *s = malloc(len ? len : 1);
				if (s == NULL)
					return bad + 1;
				memcpy(s, prefixes[i], pl);
				if (c < 256)
					s[pl] = (char)c;
				memcpy(s + pl + (c < 256), tails[t].s, tl);
				if (!t0_compare(builds[b].g, builds[b].t0, s, len)) {
					if (bad++ < 5)
						tap_diag("  differs: prefix %s, byte %u, tail %zu",
						         prefixes[i], c, t);
				}
				free(s);
			}
		}
		for (size_t k = 0; k <= pl; k++) {
			char *s = malloc(k ? k : 1);
			if (s == NULL)
				return bad + 1;
			memcpy(s, prefixes[i], k);
			if (!t0_compare(builds[b].g, builds[b].t0, s, k) && bad++ < 5)
				tap_diag("  differs: prefix %s cut to %zu", prefixes[i], k);
			free(s);
		}
	}
	return bad;
}

/* Set every slot of grammar b's machines to v (1: no entry; 0, then
 * computed again: as the first use left it). */
static void set_slots(size_t b, int v)
{
	for (const struct uriscan__http_ref *r = builds[b].refs; r->name; r++) {
		for (int i = 0; i < 2; i++)
			atomic_store(&r->slot->state[i], v);
		if (v == 0)
			uriscan__http_entry_compute(r->machine, r->slot);
	}
}

int main(void)
{
	for (size_t b = 0; b < NBUILDS; b++) {
		const char *gn = uriscan_grammar_name(builds[b].g);
		unsigned bad = run_all(b);
		tap_ok(bad == 0, "%s: the library with the http entry == -T0 "
		       "(%u differ)", gn, bad);

		/* run_all ran every machine of the entry on both literals */
		unsigned n = 0;
		for (const struct uriscan__http_ref *r = builds[b].refs; r->name;
		     r++, n++)
			for (int i = 0; i < 2; i++) {
				int v = atomic_load(&r->slot->state[i]);
				tap_ok(v >= 2, "%s: %s has its entry after \"%s\" "
				       "(state %d)", gn, r->name,
				       i ? "https://" : "http://", v - 2);
			}
		tap_ok(n > 0, "%s: %u machines with the entry", gn, n);

		set_slots(b, 1);
		bad = run_all(b);
		tap_ok(bad == 0, "%s: the library without the http entry == -T0 "
		       "(%u differ)", gn, bad);
		set_slots(b, 0);
	}
	return tap_done();
}
