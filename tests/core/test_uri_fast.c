/* SPDX-License-Identifier: MIT */
/*
 * test_uri_fast.c: the AVX2 and AVX-512 read of RFC 3986 URIs after
 * "http://" or "https://" (src/grammars/uri_fast.c; gen.h
 * GEN_URI_FAST_OR_V/_P), against the -T0 build, which has neither it nor the
 * http entry: it reads every input from its first byte. For each line of
 * tests/vectors/uri-fast-taken.txt (argv[1]):
 *  - the read answers the input itself (valid, or RFC 3986's error at a
 *    byte >= 0x80, every byte before it valid) or hands it to the
 *    machine, as the line says (called with a machine that records the
 *    call), when the CPU has AVX2 and it is in use; otherwise it is never
 *    taken, and the test says so; RFC 3987's entries (_iri_) answer the
 *    same but hand a "rejected" line to the machine;
 *  - the line, the line with each byte replaced by each of 256, cut to
 *    every length, and with a run of 0-130 bytes put into it (before its
 *    query, or at its end) to move its parts across the 64-byte rows: the
 *    library's uriscan_validate, uriscan_parse and their _rule forms give
 *    what the -T0 build gives, whole result compared (status, error
 *    offset, present bits, every component, host type, kind), for RFC
 *    3986's URI-reference and RFC 3987's IRI-reference.
 * Each input is copied into a heap block of its exact size (ASan sees a
 * read past it). No timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "internal.h"
#include "t0_compare.h"
#include "tap.h"
#include "uri_fast.h"
#include "uri_reset.h"
#include "uriscan-config.h"

extern const struct uriscan__gen uriscan__gen_rfc3986_t0;
#if URISCAN_HAVE_RFC3987
extern const struct uriscan__gen uriscan__gen_rfc3987_t0;
#endif

static const struct {
	enum uriscan_grammar g;
	const struct uriscan__gen *t0;
} builds[] = {
    {URISCAN_RFC3986, &uriscan__gen_rfc3986_t0},
#if URISCAN_HAVE_RFC3987
    {URISCAN_RFC3987, &uriscan__gen_rfc3987_t0},
#endif
};
#define NBUILDS (sizeof builds / sizeof builds[0])

/* The library against the -T0 build on a heap copy of in[0, len) for
 * grammar b (ASan sees a read past it). */
static int compare(size_t b, const unsigned char *in, size_t len)
{
	char *s = malloc(len ? len : 1);

	if (s == NULL)
		return 0;
	memcpy(s, in, len);
	int same = t0_compare(builds[b].g, builds[b].t0, s, len);
	free(s);
	return same;
}

/* The machines the read hands an input to, here: they count the call. */
static unsigned handed;
static int machine_v(const unsigned char *p, const unsigned char *pe,
                     size_t *eo)
{
	(void)p, (void)pe, (void)eo;
	handed++;
	return -1000;
}
static int machine_p(const unsigned char *p, const unsigned char *pe,
                     struct uriscan_uri *u, size_t *eo)
{
	(void)p, (void)pe, (void)u, (void)eo;
	handed++;
	return -1000;
}

/* What the read does with s[0, len): MACHINE, TAKEN (valid), REJECTED
 * (an error, the machine not called; its status and offset the -T0
 * comparison checks); -1 when validation and parse disagree. rfc3986:
 * RFC 3986's entries, else RFC 3987's (_iri_), which never reject. As
 * gen.h calls them: 16 bytes or more, "http", AVX2 in use; AVX-512's
 * entries at that level. */
enum { MACHINE, TAKEN, REJECTED };
#if URISCAN__HAVE_SKIP_SIMD
static int read_by(const unsigned char *s, size_t len, int rfc3986)
{
	struct uriscan_uri u;
	unsigned before = handed;
	size_t ev = 0, ep = 0;

	/* the entries of the level in use, picked as gen.h picks them */
	uriscan__uri_reset(&u, URISCAN_RFC3986,
	                   uriscan_rule_default(URISCAN_RFC3986));
	int v = rfc3986 ? GEN_URI_FAST_(_v, s, s + len, &ev, machine_v)
	                : GEN_URI_FAST_(_iri_v, s, s + len, &ev, machine_v);
	const unsigned mid = handed;
	int p = rfc3986 ? GEN_URI_FAST_(_p, s, s + len, &u, &ep, machine_p)
	                : GEN_URI_FAST_(_iri_p, s, s + len, &u, &ep, machine_p);
	if (v != p || ev != ep || (mid - before) != (handed - mid))
		return -1;
	if (v == URISCAN_OK)
		return TAKEN;
	return handed != before ? MACHINE : REJECTED;
}
#endif

/* RFC 3986's answer, when RFC 3987's is the same but for REJECTED (a
 * byte >= 0x80: the machine's); else -1. */
static int taken(const unsigned char *s, size_t len)
{
#if URISCAN__HAVE_SKIP_SIMD
	if (!uriscan__gen_fast_ok(s, s + len))
		return MACHINE;
	const int a = read_by(s, len, 1), b = read_by(s, len, 0);
	return b == (a == REJECTED ? MACHINE : a) ? a : -1;
#else
	(void)s, (void)len, (void)machine_v, (void)machine_p;
	return MACHINE;
#endif
}

/* Unescape src (\\ \t \n \r \xHH) into dst; the length. */
static size_t unescape(const char *src, unsigned char *dst)
{
	size_t n = 0;

	while (*src) {
		if (src[0] == '\\' && src[1] == 'x' && src[2] && src[3]) {
			char hex[3] = {src[2], src[3], 0};
			dst[n++] = (unsigned char)strtoul(hex, NULL, 16);
			src += 4;
		} else if (src[0] == '\\' && src[1]) {
			dst[n++] = src[1] == 't'   ? '\t'
			           : src[1] == 'n' ? '\n'
			           : src[1] == 'r' ? '\r'
			                           : (unsigned char)src[1];
			src += 2;
		} else {
			dst[n++] = (unsigned char)*src++;
		}
	}
	return n;
}

/* Every variant of in[0, n) for grammar b: the number that differ. */
static unsigned variants(size_t b, const unsigned char *in, size_t n)
{
	unsigned char buf[1024];
	unsigned bad = 0;

	bad += !compare(b, in, n);
	for (size_t k = 0; k < n; k++) /* cut */
		bad += !compare(b, in, k);
	for (size_t i = 0; i < n; i++) /* each byte, each value */
		for (unsigned c = 0; c < 256; c++) {
			memcpy(buf, in, n);
			buf[i] = (unsigned char)c;
			bad += !compare(b, buf, n);
		}
	/* a run of path bytes before the query (or the end), and at the
	 * end, then a bad byte after it */
	const unsigned char *q = memchr(in, '?', n);
	const size_t at[2] = {q ? (size_t)(q - in) : n, n};
	for (int w = 0; w < 2; w++)
		for (size_t k = 0; k <= 130 && n + k + 1 <= sizeof buf; k++) {
			memcpy(buf, in, at[w]);
			memset(buf + at[w], w ? 'z' : '/', k);
			memcpy(buf + at[w] + k, in + at[w], n - at[w]);
			bad += !compare(b, buf, n + k);
			buf[n + k] = ' ';
			bad += !compare(b, buf, n + k + 1);
		}
	return bad;
}

int main(int argc, char **argv)
{
	char line[1024];
	unsigned char in[1024];
	unsigned lines = 0, bad_taken = 0, bad[NBUILDS] = {0};
#if URISCAN__HAVE_SKIP_SIMD
	const int on = uriscan__skip_lv >= URISCAN__SIMD_AVX2;
#else
	const int on = 0;
#endif
	FILE *f;

	if (argc != 2 || (f = fopen(argv[1], "r")) == NULL) {
		fprintf(stderr, "usage: test_uri_fast uri-fast-taken.txt\n");
		return 2;
	}
	tap_diag("the SIMD read is %s", !on ? "not in use (no AVX2, or turned off)"
	         : uriscan__skip_lv == URISCAN__SIMD_AVX512 ? "AVX-512's"
	                                                    : "AVX2's");
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		char *tab = strchr(line, '\t');
		if (line[0] == '#' || line[0] == 0 || tab == NULL)
			continue;
		*tab = 0;
		static const char *const word[] = {"machine", "taken",
		                                   "rejected"};
		int want = MACHINE;
		while (want <= REJECTED && strcmp(line, word[want]) != 0)
			want++;
		if (want > REJECTED) {
			tap_diag("  not taken, machine or rejected: %s", line);
			bad_taken++;
			continue;
		}
		const size_t n = unescape(tab + 1, in);
		const int got = taken(in, n);
		lines++;
		if (got != (on ? want : MACHINE)) {
			bad_taken++;
			tap_diag("  %s: %s, expected %s", tab + 1,
			         got < 0 ? "validation and parse (or RFC 3987's "
			                   "read) disagree"
			                 : word[got],
			         word[on ? want : MACHINE]);
		}
		for (size_t b = 0; b < NBUILDS; b++) {
			unsigned d = variants(b, in, n);
			if (d)
				tap_diag("  %s: %s: %u variants differ from -T0",
				         uriscan_grammar_name(builds[b].g), tab + 1, d);
			bad[b] += d;
		}
	}
	fclose(f);
	tap_ok(lines >= 20, "%u lines read", lines);
	tap_ok(bad_taken == 0, "the read answers the lines marked taken or "
	       "rejected, and hands the others to the machine (%u wrong)",
	       bad_taken);
	for (size_t b = 0; b < NBUILDS; b++)
		tap_ok(bad[b] == 0, "%s: every variant of every line == -T0 (%u differ)",
		       uriscan_grammar_name(builds[b].g), bad[b]);
	return tap_done();
}
