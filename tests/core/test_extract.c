/* SPDX-License-Identifier: MIT */
/*
 * test_extract: the URL extractor (uriscan_extractor_*, uriscan_extract).
 * No timing (speed is measured only in bench/).
 *
 *   test_extract [-g GRAMMAR -r RULE] [-c CONFUSION.tsv] VECTORS.tsv [LOGFILE]
 *
 * 1. Every vector of VECTORS.tsv (format at its top), whole and streamed in
 *    chunks of every size from 1 byte to its length and at random cuts, each
 *    chunk in its own exact-size allocation (ASan sees any over-read), with
 *    the SIMD search and with the scalar one, with components and without
 *    (URISCAN_EXTRACT_NO_COMPONENTS runs another machine): identical
 *    matches, equal to the expected ones, and every match parses to the
 *    components reported.
 *    With -c, the URL-confusion vectors (tests/vectors/confusion.tsv) the
 *    same ways with URISCAN_EXTRACT_CONFUSION (extract_confusion.c).
 * 2. Random token soup checked against a slow reference written from the
 *    definition in uriscan.h with uriscan_validate_rule(URI) only.
 * 3. Adversarial inputs of megabytes (no newline, a:a:a..., ://://, base64,
 *    NUL and invalid UTF-8, a URL longer than max_len across chunks).
 * 4. LOGFILE (data/logs/elastic_apache_logs.log, decompressed into the
 *    build directory), when given: 8,214 scheme:// URLs, as data/README.md
 *    counts them. A LOGFILE given but unreadable fails.
 * 5. API misuse.
 * Under memcheck (tests/valgrind.sh sets URISCAN_TEST_LIGHT) sections 2
 * and 3 run smaller: 500 token strings, inputs of 256 KiB: the same code
 * paths, a tenth of the 100 s they took there (the normal and the ASan
 * builds run them whole).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract_check.h"
#include "tap.h"
#include "vec.h"

/* ------------------------------------------------------------------ */
/* Vectors                                                             */

/* The escapes of the vector files (tests/vec.h); a bad escape is taken
 * as the empty text. */
static size_t unescape(const char *s, char *out)
{
	long n = vec_unescape(s, (unsigned char *)out, 0);
	return n < 0 ? 0 : (size_t)n;
}

/* Expected matches of a vector, as records (components from parse). */
static int expected(char *s, const char *text, size_t n, size_t max_len,
                    struct list *out)
{
	if (strcmp(s, "-") == 0)
		return 1;
	for (char *w = strtok(s, " "); w; w = strtok(NULL, " ")) {
		struct uriscan_match m;
		char *end;
		unsigned cut = 0;
		memset(&m, 0, sizeof m);
		if (w[0] == 'c') { /* cut (uriscan.h, rule 8) */
			cut = URISCAN_MATCH_CUT;
			w++;
		}
		m.offset = strtoull(w, &end, 10);
		if (*end == '=') {
			m.nbytes = strlen(end + 1);
			m.length = m.nbytes;
			m.bytes = end + 1;
			if (uriscan_parse(G, m.bytes, m.nbytes, 0,
			                  &m.uri) != URISCAN_OK)
				return 0;
		} else if (*end == '+') {
			m.length = strtoull(end + 1, &end, 10);
			if (strcmp(end, "!T") != 0)
				return 0;
			m.flags = URISCAN_MATCH_TRUNCATED;
			m.nbytes = m.length < max_len ? m.length : max_len;
			m.bytes = text + m.offset;
			m.uri.grammar = G;
		} else {
			return 0;
		}
		m.flags |= cut;
		if (m.offset + m.nbytes > n ||
		    memcmp(text + m.offset, m.bytes, m.nbytes) != 0)
			return 0;
		list_add(out, &m);
	}
	return 1;
}

static void run_vectors(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	unsigned lineno = 0;

	if (!f) {
		printf("Bail out! cannot open %s\n", path);
		exit(1);
	}
	while (fgets(line, sizeof line, f)) {
		char *cols[3], *p = line, *text;
		struct uriscan_extract_options o;
		struct list want = {0};
		size_t n;
		int k = 0;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		while (k < 3) {
			cols[k++] = p;
			p = strchr(p, '\t');
			if (!p)
				break;
			*p++ = '\0';
		}
		if (k != 3) {
			tap_ok(0, "%s:%u: three columns", path, lineno);
			continue;
		}
		text = malloc(strlen(cols[1]) + 1);
		n = unescape(cols[1], text);
		parse_options(cols[0], &o);
		if (!expected(cols[2], text, n,
		              o.max_len ? o.max_len : URISCAN_EXTRACT_MAX_LEN_DEFAULT,
		              &want)) {
			tap_ok(0, "%s:%u: expected matches are bytes of the text",
			       path, lineno);
		} else {
			char name[64];
			snprintf(name, sizeof name, "%s:%u", path, lineno);
			o.flags |= 0;
			tap_ok(check_all(name, o, text, n, &want, n, 8),
			       "%s:%u: %.60s", path, lineno, cols[1]);
		}
		list_free(&want);
		free(text);
	}
	fclose(f);
}

/* ------------------------------------------------------------------ */
/* Adversarial inputs                                                  */

static void big(const char *name, const char *t, size_t n,
                struct uriscan_extract_options o, size_t want_n,
                uint64_t want_len0)
{
	struct list w = {0}, l = {0};
	char why[200];
	int ok;

	whole(&o, t, n, &w);
	ok = w.n == want_n && (want_n == 0 || w.v[0].len == want_len0);
	if (!ok)
		tap_diag("%s: %zu matches, first length %llu", name, w.n,
		         w.n ? (unsigned long long)w.v[0].len : 0ull);
	for (int simd = 0; simd < 2; simd++) {
		static const size_t sizes[] = {4093, 65536, 1 << 20};
		struct uriscan_extract_options oo = o;
		oo.flags |= simd ? 0 : URISCAN_EXTRACT_SCALAR;
		for (size_t k = 0; k < 3; k++) {
			stream_by(&oo, t, n, sizes[k], &l);
			if (!list_eq(&w, &l, 1, why, sizeof why)) {
				tap_diag("%s: chunks of %zu: %s", name, sizes[k], why);
				ok = 0;
			}
			list_free(&l);
		}
	}
	{
		struct uriscan_extract_options oo = o;
		oo.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
		whole(&oo, t, n, &l);
		if (!list_eq(&w, &l, 0, why, sizeof why)) {
			tap_diag("%s: without components: %s", name, why);
			ok = 0;
		}
		list_free(&l);
	}
	tap_ok(ok, "adversarial: %s (%zu bytes, %zu matches)", name, n, want_n);
	list_free(&w);
}

/* URISCAN_TEST_LIGHT is set: smaller sections 2 and 3 */
static int light;

static void run_adversarial(void)
{
	size_t n = light ? 256u << 10 : 2u << 20;
	char *t = malloc(n + 64);
	struct uriscan_extract_options o;
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	memset(t, 'a', n);
	big("2 MiB of letters, no newline", t, n, o, 0, 0);
	memcpy(t + n - 3, "://", 3);
	big("2 MiB of letters then ://", t, n, o, 1, 64 + 3);
	for (size_t i = 0; i < n; i++)
		t[i] = b64[rnd() % 64];
	big("2 MiB base64 blob", t, n, o, 0, 0);
	for (size_t i = 0; i < n; i += 2)
		memcpy(t + i, "a:", 2);
	big("a:a:a:... 2 MiB", t, n, o, 0, 0);
	o.opaque_schemes = "a";
	big("a:a:a:... 2 MiB, a listed as opaque: one truncated match", t, n, o,
	    1, n);
	o.opaque_schemes = NULL;
	for (size_t i = 0; i + 3 <= n; i += 3)
		memcpy(t + i, "://", 3);
	big("://://... 2 MiB", t, n / 3 * 3, o, 0, 0);
	for (size_t i = 0; i < n; i += 4)
		memcpy(t + i, "a://", 4);
	big("a://a://... 2 MiB: one truncated match", t, n, o, 1, n);
	/* NUL, invalid UTF-8 and a URL, repeated */
	{
		static const char unit[] = "\0\xff\xfe\xc3(http://h.example/p?q\x80";
		size_t ul = sizeof unit - 1, k = 0;
		for (size_t i = 0; i + ul <= n; i += ul, k++)
			memcpy(t + i, unit, ul);
		/* each URL is followed by 0x80: cut (uriscan.h, rule 8),
		 * but in RFC 3987 */
		const int cut = G != URISCAN_RFC3987;
		o.flags = URISCAN_EXTRACT_KEEP_CUT;
		big("NUL, invalid UTF-8 and a URL, repeated", t, k * ul, o, k,
		    strlen("http://h.example/p?q"));
		o.flags = 0;
		big("NUL, invalid UTF-8 and a URL, repeated: cut but in RFC 3987",
		    t, k * ul, o, cut ? 0 : k,
		    cut ? 0 : strlen("http://h.example/p?q"));
	}
	/* a URL longer than max_len straddling chunk boundaries */
	{
		size_t at = 65536 - 100, ul = 20000;
		struct list w = {0};
		memset(t, ' ', n);
		memcpy(t + at, "http://h/", 9);
		memset(t + at + 9, 'x', ul - 9);
		memcpy(t + at + ul + 1, "http://after/", 13);
		big("a 20000-byte URL across chunks", t, n, o, 2, ul);
		whole(&o, t, n, &w);
		tap_ok(w.n == 2 && w.v[0].off == at &&
		           (w.v[0].flags & URISCAN_MATCH_TRUNCATED) &&
		           w.v[0].nbytes == 8192 &&
		           memcmp(w.v[0].bytes, t + at, 8192) == 0 &&
		           w.v[1].off == at + ul + 1 && w.v[1].len == 13 &&
		           !(w.v[1].flags & URISCAN_MATCH_TRUNCATED),
		       "long URL: truncated flag, exact offset and length, "
		       "first 8192 bytes kept, next URL found");
		list_free(&w);
	}
	/* a chunk's matches, then a truncated match still open at its end,
	 * or one open at its end and decided in the next chunk */
	{
		size_t at = 65536 - 100, ul = 20000, k = 0;
		memset(t, ' ', n);
		for (size_t i = 0; i + 13 < at; i += 13 * 37, k++)
			memcpy(t + i, "http://h.ab/ ", 13);
		memcpy(t + at, "http://h/", 9);
		memset(t + at + 9, 'x', ul - 9);
		memcpy(t + at + ul + 1, "http://after/", 13);
		big("URLs, then a 20000-byte URL across chunks", t, n,
		    o, k + 2, 12);
		memset(t + at, ' ', ul + 14);
		memcpy(t + 65536 - 4, "http://h/", 9);
		big("URLs, then a URL across 64 KiB chunks", t, n, o,
		    k + 1, 12);
	}
	free(t);
}

/* ------------------------------------------------------------------ */

static void run_log(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *t;
	long n;
	struct list w = {0}, l = {0};
	char why[200];
	struct uriscan_extract_options o;

	if (!f) {
		tap_ok(0, "%s: cannot be read", path);
		return;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	t = malloc((size_t)n);
	if (!t || fread(t, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	whole(&o, t, (size_t)n, &w);
	tap_ok(w.n == 8214, "elastic_apache_logs.log: %zu scheme:// URLs "
	                    "(data/README.md: 8,214)", w.n);
	tap_ok(components_ok(&w, 0), "elastic log: every match parses");
	stream_by(&o, t, (size_t)n, 4096, &l);
	tap_ok(list_eq(&w, &l, 1, why, sizeof why), "elastic log in 4096-byte "
	                                         "chunks: same matches");
	list_free(&l);
	o.flags = URISCAN_EXTRACT_SCALAR;
	stream_by(&o, t, (size_t)n, 7, &l);
	tap_ok(list_eq(&w, &l, 1, why, sizeof why), "elastic log in 7-byte chunks, "
	                                         "scalar: same matches");
	list_free(&l);
	o.flags = URISCAN_EXTRACT_NO_COMPONENTS;
	whole(&o, t, (size_t)n, &l);
	tap_ok(list_eq(&w, &l, 0, why, sizeof why),
	       "elastic log without components: same matches");
	list_free(&l);
	list_free(&w);
	free(t);
}

static void run_api(void)
{
	uriscan_extractor *x = NULL;
	struct uriscan_extract_options o;
	struct uriscan_match m;
	uint64_t c;

	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	tap_ok(uriscan_extractor_new((enum uriscan_grammar)99, NULL, &x) ==
	           URISCAN_E_GRAMMAR_UNKNOWN && x == NULL,
	       "new: unknown grammar");
	o.flags = 1u << 20;
	tap_ok(uriscan_extractor_new(G, &o, &x) ==
	           URISCAN_E_INVALID_ARG,
	       "new: unknown flag");
	o.flags = 0;
	o.max_len = 10;
	tap_ok(uriscan_extractor_new(G, &o, &x) ==
	           URISCAN_E_INVALID_ARG,
	       "new: max_len below the minimum");
	o.max_len = 0;
	o.opaque_schemes = "mailto,,urn";
	tap_ok(uriscan_extractor_new(G, &o, &x) ==
	           URISCAN_E_INVALID_ARG,
	       "new: empty scheme in the opaque list");
	o.opaque_schemes = "1abc";
	tap_ok(uriscan_extract(G, "x", 1, &o, collect_cb, NULL,
	                       &c) == URISCAN_E_INVALID_ARG,
	       "extract: opaque scheme must start with a letter");
	o.opaque_schemes = NULL;
	/* the size field: below the first version's struct is refused, a
	 * larger (newer) struct is read as far as this library knows it */
	o.size = 0;
	tap_ok(uriscan_extractor_new(G, &o, &x) == URISCAN_E_INVALID_ARG &&
	           x == NULL,
	       "new: size 0 -> invalid_argument");
	o.size = sizeof o - 1;
	tap_ok(uriscan_extract(G, "http://h", 8, &o, collect_cb, NULL, &c) ==
	           URISCAN_E_INVALID_ARG,
	       "extract: size one byte short -> invalid_argument");
	{
		struct {
			struct uriscan_extract_options o;
			unsigned later[4]; /* fields of a later version */
		} big;
		struct list got = {0};
		memset(&big, 0xff, sizeof big);
		big.o.size = sizeof big;
		big.o.flags = 0;
		big.o.max_len = 0;
		big.o.opaque_schemes = NULL;
		tap_ok(uriscan_extract(G, "a http://h/ b", 13, &big.o, collect_cb,
		                       &got, &c) == URISCAN_OK &&
		           c == 1 && got.n == 1,
		       "extract: a larger struct is accepted, its extra bytes "
		       "ignored");
		list_free(&got);
		tap_ok(uriscan_extractor_new(G, &big.o, &x) == URISCAN_OK,
		       "new: a larger struct is accepted");
		uriscan_extractor_free(x);
		x = NULL;
	}
	o.size = sizeof o;
	tap_ok(uriscan_extractor_next(NULL, &m) == URISCAN_E_INVALID_ARG,
	       "next(NULL) -> invalid_argument");
	tap_ok(uriscan_extractor_new(G, NULL, &x) == URISCAN_OK,
	       "new: defaults");
	tap_ok(uriscan_extractor_feed(x, "a http://h/ b", 13) == URISCAN_OK &&
	           uriscan_extractor_feed(x, "x", 1) == URISCAN_E_STATE,
	       "feed before the chunk is drained: bad_state");
	tap_ok(uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 2 &&
	           m.length == 9 && m.bytes[0] == 'h' &&
	           uriscan_extractor_next(x, &m) == URISCAN_DONE,
	       "next: the match, then done");
	tap_ok(uriscan_extractor_finish(x) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == URISCAN_DONE &&
	           uriscan_extractor_feed(x, "x", 1) == URISCAN_E_STATE,
	       "feed after finish: bad_state");
	uriscan_extractor_reset(x);
	tap_ok(uriscan_extractor_feed(x, "ftp://f", 7) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == URISCAN_DONE &&
	           uriscan_extractor_finish(x) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 0 &&
	           m.length == 7 && uriscan_extractor_next(x, &m) == URISCAN_DONE,
	       "reset, then a match decided only at finish");
	uriscan_extractor_free(x);
	uriscan_extractor_free(NULL);
	tap_ok(strcmp(uriscan_status_name(URISCAN_E_STATE), "bad_state") == 0,
	       "status name bad_state");
}

static int stop_cb(void *u, const struct uriscan_match *m)
{
	(void)m;
	return ++*(int *)u >= 2;
}

int main(int argc, char **argv)
{
	int calls = 0;
	uint64_t count = 0;
	const char *confusion = NULL;

	while (argc > 3 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-g") == 0 &&
		    uriscan_grammar_from_name(argv[2], &G) == URISCAN_OK) {
		} else if (strcmp(argv[1], "-r") == 0) {
			XRULE = argv[2];
		} else if (strcmp(argv[1], "-c") == 0) {
			confusion = argv[2];
		} else {
			printf("Bail out! bad option %s\n", argv[1]);
			return 1;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		printf("Bail out! usage: test_extract [-g GRAMMAR -r RULE] "
		       "[-c CONFUSION.tsv] VECTORS.tsv [LOG]\n");
		return 1;
	}
	run_api();
	tap_ok(uriscan_extract(G, "http://a http://b http://c", 26,
	                       NULL, stop_cb, &calls, &count) == URISCAN_OK &&
	           calls == 2 && count == 2,
	       "uriscan_extract: a non-zero callback return stops the scan");
	run_vectors(argv[1]);
	if (confusion) {
		unsigned nvec, nwhole, bad = run_confusion(confusion, &nvec,
		                                           &nwhole);
		/* the vectors reach the flags, not only the comparisons:
		 * many are whole matches (RFC 3986: 150 and more) */
		tap_ok(bad == 0 && nvec > 0 &&
		           (G != URISCAN_RFC3986 || nwhole >= 150),
		       "URISCAN_EXTRACT_CONFUSION on %u confusion vectors: %u "
		       "differ, %u whole matches with the flags of the file",
		       nvec, bad, nwhole);
	}
	light = getenv("URISCAN_TEST_LIGHT") != NULL;
	if (light)
		tap_diag("URISCAN_TEST_LIGHT: 500 token strings, and the "
		         "adversarial inputs are 256 KiB, not the 2 MiB their "
		         "names say");
	{
		unsigned ntok = light ? 500 : 3000;
		unsigned bad = run_fuzz(ntok);
		tap_ok(bad == 0, "%u random token strings: extractor = "
		                 "reference, whole = every chunking, SIMD = scalar "
		                 "(%u differ)", ntok, bad);
	}
	run_adversarial();
	if (argc > 2)
		run_log(argv[2]);
	return tap_done();
}
