/* SPDX-License-Identifier: MIT */
/*
 * test_encode.c: uriscan_percent_encode.
 *   --vectors GRAMMAR FILE   tests/vectors/encode-*.tsv at every output
 *                            capacity (canaries after it)
 *   --sweep GRAMMAR          every byte 0-255 alone and between two
 *                            letters, every '%' + two bytes, and (RFC 3987)
 *                            every code point as UTF-8, for every target:
 *                            the result passes the grammar's own rule for
 *                            the target (uriscan_validate_rule) and
 *                            decodes back to the input
 *   --runs GRAMMAR           every byte, and a valid escape, at every
 *                            place of inputs of 1 to 40 kept bytes, for
 *                            every target and flag: the result with room
 *                            for any (the fast paths: SIMD blocks of 16
 *                            and 8 and a last load of 8; for RFC 3986
 *                            with 32 bytes more, blocks decided by masks
 *                            and a last load of 16 or four of 4; or the
 *                            scalar loop with URISCAN_NO_SIMD=1) is the
 *                            one written into its exact size (the checked
 *                            path); the input is its own allocation, so
 *                            ASan sees a read past it; and random mixtures
 *                            of kept bytes, escapes and units put_unit
 *                            reads (every mask of a block's expansion);
 *                            and a '%' at every place with every byte
 *                            after it and the one after; each with room
 *                            for 3 bytes a byte and 16, 31, 32 more (the
 *                            RFC 3986 masks), canaries after it
 *   --args                   the argument checks
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define LINE_MAX_ (1 << 16)
#define GUARD 8

static char line[LINE_MAX_];
static unsigned char in[LINE_MAX_], want[LINE_MAX_];
static char out[3 * LINE_MAX_ + GUARD], dec[3 * LINE_MAX_];

static int split(char *s, char **f, int max)
{
	int n = 0;
	s[strcspn(s, "\r\n")] = '\0';
	f[n++] = s;
	while (n < max && (s = strchr(s, '\t')) != NULL) {
		*s++ = '\0';
		f[n++] = s;
	}
	return n;
}

static enum uriscan_grammar grammar_of(const char *name)
{
	enum uriscan_grammar g;
	if (uriscan_grammar_from_name(name, &g) != URISCAN_OK) {
		tap_ok(0, "unknown grammar %s", name);
		exit(tap_done());
	}
	return g;
}

static unsigned flags_of(const char *s)
{
	return (strstr(s, "all-percent") ? URISCAN_ENCODE_ALL_PERCENT : 0) |
	       (strstr(s, "form") ? URISCAN_ENCODE_FORM : 0);
}

static int guard_ok(size_t cap)
{
	for (size_t i = 0; i < GUARD; i++)
		if ((unsigned char)out[cap + i] != 0xA5)
			return 0;
	return 1;
}

static void run_vectors(enum uriscan_grammar g, const char *path)
{
	FILE *fp = fopen(path, "r");
	char *f[5];

	if (!fp) {
		tap_ok(0, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (split(line, f, 5) < 4) {
			tap_ok(0, "short line: %s", line);
			continue;
		}
		struct uriscan_encode_options o = {sizeof o, 0, flags_of(f[1])};
		long n = vec_unescape(f[2], in, 0);
		long wn = vec_unescape(f[3], want, 0);
		if (n < 0 || wn < 0 ||
		    uriscan_encode_target_from_name(f[0], &o.target) != URISCAN_OK) {
			tap_ok(0, "bad line: %s", f[2]);
			continue;
		}
		int all = 1;
		/* every capacity up to the result and one more, then room
		 * for 32 bytes past 3 per byte (the RFC 3986 masks of
		 * src/operations/encode_simd.c) */
		size_t room = 3 * (size_t)n + 32;
		for (size_t cap = 0; cap <= room;
		     cap = cap == (size_t)wn + 1 ? room : cap + 1) {
			size_t len = 99;
			struct uriscan_error err = {99, 99, URISCAN_INPUT_SECOND, 99};
			memset(out, 0xA5, cap + GUARD);
			int st = uriscan_percent_encode(g, n ? (char *)in : NULL,
			                                (size_t)n, &o, cap ? out : NULL,
			                                cap, &len, &err);
			int exp = cap >= (size_t)wn ? URISCAN_OK
			                            : URISCAN_E_BUFFER_TOO_SMALL;
			size_t shown = cap < (size_t)wn ? cap : (size_t)wn;
			if (st != exp || len != (size_t)wn || !guard_ok(cap) ||
			    err.status != st || err.offset != 0 ||
			    err.input != URISCAN_INPUT_NONE ||
			    (shown && memcmp(out, want, shown) != 0)) {
				tap_diag("cap %zu: %s, len %zu: %.*s", cap,
				         uriscan_status_name(st), len,
				         (int)(len < cap ? len : cap), out);
				all = 0;
				break;
			}
		}
		tap_ok(all, "%s encode %s [%s] \"%s\"", uriscan_grammar_name(g),
		       f[0], f[1], f[2]);
	}
	fclose(fp);
}

/* The rule a target's result must match, by grammar. */
static unsigned target_rule(enum uriscan_grammar g, unsigned t)
{
	static const char *const r3986[] = {"userinfo", "reg-name", "path",
	                                    "segment",  "query",    "query",
	                                    "query",    "fragment"};
	static const char *const r3987[] = {"iuserinfo", "ireg-name", "ipath",
	                                    "isegment",  "iquery",    "iquery",
	                                    "iquery",    "ifragment"};
	unsigned r = ~0u;
	uriscan_rule_from_name(g, g == URISCAN_RFC3987 ? r3987[t] : r3986[t], &r);
	return r;
}

struct sweep {
	enum uriscan_grammar g;
	unsigned rule[URISCAN_ENCODE_TARGET_COUNT];
	unsigned long bad[URISCAN_ENCODE_TARGET_COUNT];
	unsigned long n[URISCAN_ENCODE_TARGET_COUNT];
	char first[URISCAN_ENCODE_TARGET_COUNT][80];
};

/* Encode s for target t with flags; the result must match the rule, hold
 * no separator in a key or value, and decode to s (or, keeping escapes,
 * to s decoded leniently). */
static void check_one(struct sweep *sw, unsigned t, unsigned flags,
                      const unsigned char *s, size_t len)
{
	struct uriscan_encode_options o = {sizeof o, t, flags};
	size_t n = 0, dn = 0, wn = 0;
	const char *why = NULL;
	int kv = t == URISCAN_ENCODE_QUERY_KEY || t == URISCAN_ENCODE_QUERY_VALUE;
	unsigned dflags = (flags & URISCAN_ENCODE_FORM) ? URISCAN_DECODE_PLUS : 0;

	sw->n[t]++;
	if (uriscan_percent_encode(sw->g, (const char *)s, len, &o, out,
	                           sizeof out - GUARD, &n, NULL) != URISCAN_OK)
		why = "status";
	else if (uriscan_validate_rule(sw->g, sw->rule[t], out, n, 0, NULL) !=
	         URISCAN_OK)
		why = "rule";
	else if (kv && memchr(out, '&', n) != NULL)
		why = "'&'";
	else if (kv && (memchr(out, '=', n) || memchr(out, ';', n)))
		why = "'=' or ';'";
	else if (kv && !(flags & URISCAN_ENCODE_FORM) && memchr(out, '+', n))
		why = "'+'";
	else if (uriscan_percent_decode(out, n, dflags, dec, sizeof dec, &dn,
	                                NULL, NULL) != URISCAN_OK)
		why = "decode";
	else {
		if (flags & URISCAN_ENCODE_ALL_PERCENT) {
			memcpy(want, s, len);
			wn = len;
		} else
			uriscan_percent_decode((const char *)s, len,
			                       URISCAN_DECODE_LENIENT, (char *)want,
			                       sizeof want, &wn, NULL, NULL);
		if (dn != wn || memcmp(dec, want, dn) != 0)
			why = "round trip";
	}
	if (why && sw->bad[t]++ == 0) {
		int k = 0;
		for (size_t i = 0; i < len && k < 60; i++)
			k += snprintf(sw->first[t] + k, sizeof sw->first[t] - (size_t)k,
			              "%02x", s[i]);
		snprintf(sw->first[t] + k, sizeof sw->first[t] - (size_t)k, " %s",
		         why);
	}
}

static size_t put_utf8(unsigned char *p, unsigned long c)
{
	if (c < 0x80) {
		p[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		p[0] = (unsigned char)(0xC0 | c >> 6);
		p[1] = (unsigned char)(0x80 | (c & 63));
		return 2;
	}
	if (c < 0x10000) {
		p[0] = (unsigned char)(0xE0 | c >> 12);
		p[1] = (unsigned char)(0x80 | (c >> 6 & 63));
		p[2] = (unsigned char)(0x80 | (c & 63));
		return 3;
	}
	p[0] = (unsigned char)(0xF0 | c >> 18);
	p[1] = (unsigned char)(0x80 | (c >> 12 & 63));
	p[2] = (unsigned char)(0x80 | (c >> 6 & 63));
	p[3] = (unsigned char)(0x80 | (c & 63));
	return 4;
}

static void run_sweep(enum uriscan_grammar g)
{
	static struct sweep sw;
	static const unsigned flag_sets[] = {0, URISCAN_ENCODE_ALL_PERCENT,
	                                     URISCAN_ENCODE_FORM,
	                                     URISCAN_ENCODE_FORM |
	                                         URISCAN_ENCODE_ALL_PERCENT};
	unsigned char s[8];

	memset(&sw, 0, sizeof sw);
	sw.g = g;
	for (unsigned t = 0; t < URISCAN_ENCODE_TARGET_COUNT; t++)
		sw.rule[t] = target_rule(g, t);
	for (unsigned t = 0; t < URISCAN_ENCODE_TARGET_COUNT; t++) {
		int kv = t == URISCAN_ENCODE_QUERY_KEY ||
		         t == URISCAN_ENCODE_QUERY_VALUE;
		for (unsigned fi = 0; fi < (kv ? 4u : 2u); fi++) {
			unsigned fl = flag_sets[fi];
			for (unsigned b = 0; b < 256; b++) {
				s[0] = (unsigned char)b;
				check_one(&sw, t, fl, s, 1);
				s[0] = 'a', s[1] = (unsigned char)b, s[2] = 'b';
				check_one(&sw, t, fl, s, 3);
			}
			/* '%' and any two bytes: escapes kept or encoded */
			for (unsigned b = 0; b < 65536; b += (fi == 0 ? 1 : 7)) {
				s[0] = '%', s[1] = (unsigned char)(b >> 8),
				s[2] = (unsigned char)b;
				check_one(&sw, t, fl, s, 3);
			}
			if (g == URISCAN_RFC3987 && fi == 0)
				for (unsigned long c = 0x80; c <= 0x10FFFF; c++) {
					/* surrogates: their 3-byte forms are bad UTF-8,
					 * encoded byte by byte like any other */
					size_t k = put_utf8(s, c);
					check_one(&sw, t, fl, s, k);
				}
		}
		tap_ok(sw.rule[t] != ~0u && sw.bad[t] == 0,
		       "%s %s: %lu inputs valid and decoded back%s%s",
		       uriscan_grammar_name(g), uriscan_encode_target_name(t),
		       sw.n[t], sw.bad[t] ? "; first bad: " : "", sw.first[t]);
	}
}

static void run_args(void)
{
	struct uriscan_encode_options o = {sizeof o, URISCAN_ENCODE_PATH, 0};
	struct uriscan_error err;
	size_t n = 7;

	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, NULL, out, 8, &n,
	                              &err) == URISCAN_E_INVALID_ARG &&
	           n == 0,
	       "options NULL");
	o.size = sizeof o - 1;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "options size too small");
	o.size = sizeof o;
	o.flags = URISCAN_ENCODE_FORM;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "form outside a key or value");
	o.flags = 4;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "unknown flag");
	o.flags = 0;
	o.target = URISCAN_ENCODE_TARGET_COUNT;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "unknown target");
	o.target = URISCAN_ENCODE_PATH;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, NULL, 1, &o, out, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "s NULL with a length");
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, NULL, 8, &n,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "out NULL with a capacity");
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", 1, &o, out, 8, NULL,
	                              NULL) == URISCAN_E_INVALID_ARG,
	       "out_len NULL");
	tap_ok(uriscan_percent_encode(URISCAN_RFC2396, "a", 1, &o, out, 8, &n,
	                              &err) == URISCAN_E_UNSUPPORTED &&
	           err.status == URISCAN_E_UNSUPPORTED,
	       "RFC 2396 unsupported");
	tap_ok(uriscan_percent_encode((enum uriscan_grammar)9, "a", 1, &o, out,
	                              8, &n, NULL) == URISCAN_E_GRAMMAR_UNKNOWN,
	       "unknown grammar");
	/* E_TOO_LONG before any byte is read or written: s is never read */
	memset(out, 0xA5, GUARD);
	n = 7;
	tap_ok(uriscan_percent_encode(URISCAN_RFC3986, "a", (size_t)UINT32_MAX + 1,
	                              &o, out, 8, &n, NULL) == URISCAN_E_TOO_LONG &&
	           n == 0 && guard_ok(0),
	       "too long: nothing written");
	unsigned t = 99;
	tap_ok(uriscan_encode_target_from_name("Query_Value", &t) == URISCAN_OK &&
	           t == URISCAN_ENCODE_QUERY_VALUE &&
	           uriscan_encode_target_from_name("scheme", &t) ==
	               URISCAN_E_INVALID_ARG &&
	           strcmp(uriscan_encode_target_name(99), "unknown") == 0,
	       "target names");
}

/* The fast paths against the checked one for in[0, len) (malloc'd,
 * len <= 40): the result written into its exact size (the checked
 * writer), then with room for 3 bytes a byte (the scalar fast path or
 * the SSSE3 blocks), 16 and 31 more (their expansion), 32 more (RFC 3986:
 * the masks of src/operations/encode_simd.c, at their tightest) and
 * more: the same bytes, nothing written past the capacity. */
static int same_both_ways(enum uriscan_grammar g,
                          const struct uriscan_encode_options *o,
                          const unsigned char *s, size_t len)
{
	static char slow[3 * 64 + GUARD], fast[3 * 64 + GUARD];
	const size_t caps[] = {3 * len, 3 * len + 16, 3 * len + 31,
	                       3 * len + 32, 3 * 64};
	size_t ns = 0;

	memset(slow, 0xA5, sizeof slow);
	if (uriscan_percent_encode(g, (const char *)s, len, o, slow, 3 * 64,
	                           &ns, NULL) != URISCAN_OK)
		return 0;
	memset(slow, 0xA5, sizeof slow);
	if (uriscan_percent_encode(g, (const char *)s, len, o, slow, ns, &ns,
	                           NULL) != URISCAN_OK)
		return 0;
	for (size_t i = ns; i < sizeof slow; i++)
		if ((unsigned char)slow[i] != 0xA5)
			return 0;
	for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
		size_t nf = 0;
		memset(fast, 0xA5, sizeof fast);
		if (uriscan_percent_encode(g, (const char *)s, len, o, fast,
		                           caps[c], &nf, NULL) != URISCAN_OK ||
		    nf != ns || memcmp(fast, slow, ns) != 0)
			return 0;
		for (size_t i = caps[c]; i < sizeof fast; i++)
			if ((unsigned char)fast[i] != 0xA5)
				return 0;
	}
	return 1;
}

static void run_runs(enum uriscan_grammar g)
{
	static const unsigned flag_sets[] = {
	    0, URISCAN_ENCODE_ALL_PERCENT, URISCAN_ENCODE_FORM,
	    URISCAN_ENCODE_FORM | URISCAN_ENCODE_ALL_PERCENT};

	for (unsigned t = 0; t < URISCAN_ENCODE_TARGET_COUNT; t++)
		for (size_t f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++) {
			struct uriscan_encode_options o = {sizeof o, t, flag_sets[f]};
			unsigned long bad = 0, calls = 0;
			if ((o.flags & URISCAN_ENCODE_FORM) &&
			    t != URISCAN_ENCODE_QUERY_KEY &&
			    t != URISCAN_ENCODE_QUERY_VALUE)
				continue;
			for (size_t len = 1; len <= 40; len++) {
				unsigned char *s = malloc(len);
				if (s == NULL)
					abort();
				for (size_t at = 0; at < len; at++) {
					for (unsigned b = 0; b < 257; b++) {
						memset(s, 'a', len);
						if (b < 256)
							s[at] = (unsigned char)b;
						else if (at + 3 <= len)
							memcpy(s + at, "%4a", 3); /* a valid escape */
						else
							continue;
						calls++;
						bad += !same_both_ways(g, &o, s, len);
					}
					/* a '%' at `at` and every byte one or
					 * two after it (its escape's digits or
					 * not), where a block of 16 or the
					 * input ends within them (elsewhere as
					 * every byte alone above) */
					int edge = at % 16 >= 12 || at + 4 >= len;
					for (unsigned b = 0; edge && b < 512 && at + 1 < len; b++) {
						size_t d = at + 1 + (b >> 8);
						if (d >= len)
							break;
						memset(s, 'a', len);
						s[at] = '%';
						s[d] = (unsigned char)b;
						calls++;
						bad += !same_both_ways(g, &o, s, len);
					}
				}
				free(s);
			}
			tap_ok(bad == 0, "%s, %s, flags %u: %lu inputs, %lu differ",
			       uriscan_grammar_name(g), uriscan_encode_target_name(t),
			       o.flags, calls, bad);
			/* mixtures: every mask of kept and escaped bytes in a
			 * block (the expansion of src/operations/encode.c), with and
			 * without the units put_unit looks at */
			static const unsigned char alpha[] = {
			    'a', 'a', '&', '=', '/', '#', '[', '%', '4', ' ',
			    0xC3, 0xA9, '+', ':', '@', 0x7f};
			unsigned seed = t * 7 + (unsigned)f;
			bad = calls = 0;
			for (size_t len = 1; len <= 40; len++) {
				unsigned char *s = malloc(len);
				if (s == NULL)
					abort();
				for (int k = 0; k < 400; k++) {
					/* half the inputs without '%', ' ', >= 0x80 */
					unsigned n = k % 2 ? 16 : 7;
					for (size_t j = 0; j < len; j++) {
						seed = seed * 1103515245u + 12345u;
						s[j] = alpha[(seed >> 16) % n];
					}
					calls++;
					bad += !same_both_ways(g, &o, s, len);
				}
				free(s);
			}
			tap_ok(bad == 0,
			       "%s, %s, flags %u: %lu mixtures, %lu differ",
			       uriscan_grammar_name(g), uriscan_encode_target_name(t),
			       o.flags, calls, bad);
		}
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--vectors") == 0 && i + 2 < argc) {
			enum uriscan_grammar g = grammar_of(argv[i + 1]);
			run_vectors(g, argv[i + 2]);
			i += 2;
		} else if (strcmp(argv[i], "--sweep") == 0 && i + 1 < argc)
			run_sweep(grammar_of(argv[++i]));
		else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
			run_runs(grammar_of(argv[++i]));
		else if (strcmp(argv[i], "--args") == 0)
			run_args();
		else {
			tap_ok(0, "unknown argument %s", argv[i]);
		}
	}
	return tap_done();
}
