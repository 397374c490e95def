/* SPDX-License-Identifier: MIT */
/*
 * test_extract_defanged: URISCAN_EXTRACT_DEFANGED (uriscan.h, "Defanged
 * URLs"; docs/extraction.md). No timing.
 *
 *   test_extract_defanged [-g GRAMMAR] VECTORS.tsv
 *
 * 1. Every vector of VECTORS.tsv (tests/vectors/extract-defanged.tsv, its
 *    format at its top): the expected matches whole; the same whole and
 *    streamed in chunks of every size and at random cuts, SIMD and scalar
 *    search, with components and without (check_all, as for the plain
 *    vectors); and cut in two at every offset.
 * 2. The invariants of every match, on the vectors and on random strings
 *    of defanged forms, scheme words, hosts, punctuation, brackets and
 *    UTF-8, and again with runs of 3,400 bytes without a form among them
 *    (which the extractor reads in place, not copied; each string also
 *    whole = every chunking and every cut in two, near the runs' ends for
 *    these): a defanged match's
 *    bytes are a URL the grammar accepts (its components are
 *    uriscan_parse's); the span as written, extracted alone, gives that one
 *    match whole (so it holds the URL and its forms, nothing else); a
 *    match without the mark is the bytes of the text, and the text
 *    extracted without the flag has it too (or has a match before it that
 *    runs into it: "[https][:]//mailto:-mailto:x" with mailto opaque
 *    gives https://mailto and mailto:x, without the flag
 *    mailto:-mailto:x).
 * 3. Long inputs (a defanged URL of a megabyte, truncated; forms and no
 *    URL; a long one across chunks): whole = chunks of 7, 4093, 65536.
 * 4. The API: uriscan_extract counts, feed/finish/reset states, a plain
 *    match's bytes in the caller's chunk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract_check.h"
#include "tap.h"
#include "vec.h"

/* Expected matches: OFFSET=URL (as written), dOFFSET+LENGTH=URL (defanged:
 * the written span and the refanged URL), c before either: cut. */
static int expected(char *s, const char *text, size_t n, struct list *out)
{
	if (strcmp(s, "-") == 0)
		return 1;
	for (char *w = strtok(s, " "); w; w = strtok(NULL, " ")) {
		struct uriscan_match m;
		char *end;
		memset(&m, 0, sizeof m);
		if (w[0] == 'c') {
			m.flags |= URISCAN_MATCH_CUT;
			w++;
		}
		if (w[0] == 'd') {
			m.flags |= URISCAN_MATCH_DEFANGED;
			w++;
		}
		m.offset = strtoull(w, &end, 10);
		if (m.flags & URISCAN_MATCH_DEFANGED) {
			if (*end != '+')
				return 0;
			m.length = strtoull(end + 1, &end, 10);
		}
		if (*end != '=')
			return 0;
		m.bytes = end + 1;
		m.nbytes = strlen(m.bytes);
		if (!(m.flags & URISCAN_MATCH_DEFANGED)) {
			m.length = m.nbytes;
			if (m.offset + m.nbytes > n ||
			    memcmp(text + m.offset, m.bytes, m.nbytes) != 0)
				return 0;
		} else if (m.offset + m.length > n) {
			return 0;
		}
		if (uriscan_parse(G, m.bytes, m.nbytes, 0, &m.uri) != URISCAN_OK)
			return 0;
		list_add(out, &m);
	}
	return 1;
}

/* Section 2's invariants for the matches l of text t[0, n) found with
 * options o; why gets the first that fails. */
static int invariants(const struct uriscan_extract_options *o, const char *t,
                      size_t n, const struct list *l, char *why, size_t wn)
{
	struct uriscan_extract_options plain = *o;
	struct list p = {0};
	size_t j = 0;
	int ok = 1;

	plain.flags &= ~URISCAN_EXTRACT_DEFANGED;
	whole(&plain, t, n, &p);
	for (size_t i = 0; i < l->n && ok; i++) {
		const struct rec *r = &l->v[i];
		struct list one = {0};
		if (r->off + r->len > n) {
			snprintf(why, wn, "match %zu past the text", i);
			ok = 0;
			break;
		}
		if (r->flags & URISCAN_MATCH_TRUNCATED)
			continue;
		if (!(r->flags & URISCAN_MATCH_DEFANGED)) {
			/* as written, and found without the flag too */
			while (j < p.n && p.v[j].off < r->off)
				j++;
			if (r->nbytes != r->len ||
			    memcmp(r->bytes, t + r->off, r->nbytes) != 0) {
				snprintf(why, wn, "match %zu: unmarked, not the text", i);
				ok = 0;
			} else if ((j >= p.n || p.v[j].off != r->off ||
			            p.v[j].len != r->len) &&
			           !(j > 0 && p.v[j - 1].off + p.v[j - 1].len > r->off)) {
				snprintf(why, wn, "match %zu (%.*s): unmarked, not found "
				         "without the flag", i, (int)r->nbytes, r->bytes);
				ok = 0;
			}
			continue;
		}
		if (uriscan_validate(G, r->bytes, r->nbytes, 0, NULL) != URISCAN_OK) {
			snprintf(why, wn, "match %zu (%.*s): not valid", i,
			         (int)r->nbytes, r->bytes);
			ok = 0;
			continue;
		}
		whole(o, t + r->off, (size_t)r->len, &one);
		if (one.n != 1 || one.v[0].off != 0 || one.v[0].len != r->len ||
		    one.v[0].nbytes != r->nbytes ||
		    memcmp(one.v[0].bytes, r->bytes, r->nbytes) != 0 ||
		    !(one.v[0].flags & URISCAN_MATCH_DEFANGED)) {
			snprintf(why, wn, "match %zu (%.*s at %llu+%llu): its span "
			         "alone gives %zu matches, the first %.*s", i,
			         (int)r->nbytes, r->bytes, (unsigned long long)r->off,
			         (unsigned long long)r->len, one.n,
			         one.n ? (int)one.v[0].nbytes : 0,
			         one.n ? one.v[0].bytes : "");
			ok = 0;
		}
		list_free(&one);
	}
	list_free(&p);
	return ok;
}

/* Two chunks, cut at every offset that is a multiple of every or within
 * 24 bytes of one of cuts[0, nc): the matches of whole. */
static int splits(const struct uriscan_extract_options *o, const char *t,
                  size_t n, size_t every, const size_t *cuts, size_t nc,
                  const struct list *w, char *why, size_t wn)
{
	for (size_t c = 0; c <= n; c++) {
		struct list l = {0};
		int near = c % every == 0, eq;
		for (size_t k = 0; k < nc && !near; k++)
			near = c + 24 >= cuts[k] && c <= cuts[k] + 24;
		if (!near)
			continue;
		stream(o, t, n, &c, 1, &l);
		eq = list_eq(w, &l, 1, why, wn);
		list_free(&l);
		if (!eq) {
			size_t k = strlen(why);
			snprintf(why + k, wn - k, " (cut at %zu)", c);
			return 0;
		}
	}
	return 1;
}

/* Two chunks, cut at every offset: the matches of whole. */
static int every_split(const struct uriscan_extract_options *o, const char *t,
                       size_t n, const struct list *w, char *why, size_t wn)
{
	return splits(o, t, n, 1, NULL, 0, w, why, wn);
}

static void run_vectors(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	unsigned lineno = 0, nvec = 0, nmarked = 0;

	if (!f) {
		printf("Bail out! cannot open %s\n", path);
		exit(1);
	}
	while (fgets(line, sizeof line, f)) {
		char empty[1] = "";
		char *cols[3] = {empty, empty, empty}, *p = line, *text, name[64],
		     why[300];
		struct uriscan_extract_options o;
		struct list want = {0}, got = {0};
		long n;
		int k = 0, ok;

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
		snprintf(name, sizeof name, "%s:%u", path, lineno);
		text = malloc(strlen(cols[1]) + 1);
		n = k == 3 ? vec_unescape(cols[1], (unsigned char *)text, 0) : -1;
		if (n < 0) {
			tap_ok(0, "%s: three columns, good escapes", name);
			free(text);
			continue;
		}
		parse_options(cols[0], &o);
		o.flags |= URISCAN_EXTRACT_DEFANGED;
		if (!expected(cols[2], text, (size_t)n, &want)) {
			tap_ok(0, "%s: expected matches well formed", name);
			free(text);
			continue;
		}
		nvec++;
		for (size_t i = 0; i < want.n; i++)
			nmarked += (want.v[i].flags & URISCAN_MATCH_DEFANGED) != 0;
		ok = check_all(name, o, text, (size_t)n, &want, (size_t)n, 8);
		whole(&o, text, (size_t)n, &got);
		if (ok && !every_split(&o, text, (size_t)n, &got, why, sizeof why)) {
			tap_diag("%s: %s", name, why);
			ok = 0;
		}
		if (ok && !invariants(&o, text, (size_t)n, &got, why, sizeof why)) {
			tap_diag("%s: %s", name, why);
			ok = 0;
		}
		tap_ok(ok, "%s: %.60s", name, cols[1]);
		list_free(&want);
		list_free(&got);
		free(text);
	}
	fclose(f);
	/* (a file read whole: extract-defanged.tsv has 125, the RFC 1738
	 * one 10, most of them marked) */
	tap_ok(nvec >= 10 && nmarked * 2 >= nvec,
	       "%u vectors, %u defanged matches expected", nvec, nmarked);
}

/* ------------------------------------------------------------------ */
/* Random strings of forms                                             */

static const char *const tokens[] = {
	"hxxp", "hXXps", "hxtp", "fxp", "xxxx", "http", "https", "[http]",
	"htt[p]", "[https]", "://", "[:]//", "[://]", ":\\\\", "[:]\\\\", "__",
	"[:]", ":", "//", "/", "[/]", "[.]", "(.)", "{.}", "[dot]", "(DOT)",
	"{dot}", "\\.", " DOT ", " .", ".", "[@]", "[at]", "@", "evil", "com",
	"1.2.3", "4", "a", "x", " ", "\n", "(", ")", "[", "]", "{", "}", ",",
	"?q=", "#f", "%41", "%", "\xc3\xa9", "\xe4\xbe\x8b", "\xff", "'", "\"",
	"<", ">", "8080", "-", "_", "D", "DOT", "[", "\\", "x:", "mailto:",
};

/* A run of text in which no form can start, and candidates that are
 * surely none (defang.h, defang_plain_at): repeated (long_filler) to more
 * than the runs the extractor reads in place (extract_defang.c,
 * DIRECT_MIN: 3 KiB), it is read in place, past those candidates. */
static const char filler[] =
    "lorem ipsum dolor sit amet consectetur 0123456789 adipiscing elit "
    "sed do eiusmod tempor incididunt ut labore et dolore magna aliqua "
    "ut enim ad minim veniam quis nostrud exercitation ullamco laboris "
    "a .NET b__c (d) xp, tab xxl see .NET and (x) "
    "nisi ut aliquip ex ea commodo consequat duis aute irure dolor in "
    "reprehenderit in voluptate velit esse cillum dolore eu fugiat ";
#define LONG_FILLER 3400
static char long_filler[LONG_FILLER + 1];

static void make_long_filler(void)
{
	size_t n = 0;

	while (n < LONG_FILLER) {
		size_t l = sizeof filler - 1;
		if (l > LONG_FILLER - n)
			l = LONG_FILLER - n;
		memcpy(long_filler + n, filler, l);
		n += l;
	}
	long_filler[LONG_FILLER] = '\0';
}

static int run_soup(unsigned count, int long_runs)
{
	static char t[4 * LONG_FILLER + 2048];
	const size_t cap = long_runs ? sizeof t : 2048;
	size_t cuts[32];
	unsigned bad = 0, marked = 0;
	const size_t nt = sizeof tokens / sizeof tokens[0];

	if (long_runs)
		make_long_filler();
	for (unsigned it = 0; it < count; it++) {
		struct uriscan_extract_options o;
		struct list w = {0};
		char why[300], name[32];
		size_t n = 0, nc = 0;
		unsigned ntok = 1 + (unsigned)(rnd() % 24);
		for (unsigned k = 0; k < ntok; k++) {
			const char *s = long_runs && rnd() % 6 == 0 ? long_filler
			                                            : tokens[rnd() % nt];
			size_t l = strlen(s);
			if (n + l > cap)
				break;
			memcpy(t + n, s, l);
			n += l;
			if (nc < sizeof cuts / sizeof cuts[0])
				cuts[nc++] = n;
		}
		memset(&o, 0, sizeof o);
		o.size = sizeof o;
		o.flags = URISCAN_EXTRACT_DEFANGED |
		          (rnd() % 4 == 0 ? URISCAN_EXTRACT_KEEP_CUT : 0);
		if (rnd() % 4 == 0)
			o.opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
		snprintf(name, sizeof name, "soup %u", it);
		whole(&o, t, n, &w);
		for (size_t i = 0; i < w.n; i++)
			marked += (w.v[i].flags & URISCAN_MATCH_DEFANGED) != 0;
		if (!check_all(name, o, t, n, &w, long_runs ? 3 : 6, 2) ||
		    /* a long string: near its runs' ends, and every 61st byte */
		    !splits(&o, t, n, long_runs ? 61 : 1, cuts, nc, &w, why,
		            sizeof why) ||
		    !invariants(&o, t, n, &w, why, sizeof why)) {
			if (bad++ < 3)
				tap_diag("%s: %s: %.*s", name, why, (int)n, t);
		}
		list_free(&w);
	}
	tap_ok(bad == 0 && marked > count / 20,
	       "%u random strings of forms%s: whole = every chunking, every "
	       "invariant (%u differ; %u defanged matches)", count,
	       long_runs ? " and runs read in place" : "", bad, marked);
	return bad == 0;
}

/* ------------------------------------------------------------------ */
/* Long inputs: truncation and the ring of records                     */

static void big(const char *name, const char *t, size_t n, size_t want_n,
                uint64_t want_off, uint64_t want_len, unsigned want_flags)
{
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_DEFANGED,
	                                    0, NULL};
	static const size_t sizes[] = {7, 4093, 65536};
	struct list w = {0}, l = {0};
	char why[300];
	int ok;

	whole(&o, t, n, &w);
	ok = w.n == want_n &&
	     (want_n == 0 || (w.v[0].off == want_off && w.v[0].len == want_len &&
	                      w.v[0].flags == want_flags));
	if (!ok)
		tap_diag("%s: %zu matches, first %llu+%llu flags %u", name, w.n,
		         w.n ? (unsigned long long)w.v[0].off : 0ull,
		         w.n ? (unsigned long long)w.v[0].len : 0ull,
		         w.n ? w.v[0].flags : 0u);
	for (size_t k = 0; k < 3 && ok; k++) {
		stream_by(&o, t, n, sizes[k], &l);
		if (!list_eq(&w, &l, 1, why, sizeof why)) {
			tap_diag("%s: chunks of %zu: %s", name, sizes[k], why);
			ok = 0;
		}
		list_free(&l);
	}
	tap_ok(ok, "long input: %s (%zu bytes)", name, n);
	list_free(&w);
}

static void run_big(size_t n)
{
	char *t = malloc(n + 64);
	size_t k, at;

	if (!t)
		abort();
	/* "hxxp://a/" then "x[.]" to the end: one truncated match, its
	 * written length exact though the ring dropped its first records */
	memcpy(t, "hxxp://a/", 9);
	for (k = 9; k + 4 <= n; k += 4)
		memcpy(t + k, "x[.]", 4);
	big("hxxp://a/x[.]x[.]...: one truncated defanged match", t, k, 1, 0, k,
	    URISCAN_MATCH_TRUNCATED | URISCAN_MATCH_DEFANGED);
	/* forms everywhere, no URL */
	for (k = 0; k + 5 <= n; k += 5)
		memcpy(t + k, "[.](.", 5);
	big("[.](.[.](....: no match", t, k, 0, 0, 0, 0);
	/* a 30000-byte defanged URL across chunks (10000 bytes refanged:
	 * truncated), then a plain one */
	memset(t, ' ', n);
	at = 65536 - 100;
	memcpy(t + at, "hxxp://h/", 9);
	for (k = at + 9; k + 3 <= at + 30000; k += 3)
		memcpy(t + k, "[/]", 3);
	memcpy(t + k + 1, "http://after/ ", 14);
	big("a 30000-byte defanged URL across chunks, then a plain one", t, n,
	    2, at, k - at, URISCAN_MATCH_TRUNCATED | URISCAN_MATCH_DEFANGED);
	free(t);
}

/* ------------------------------------------------------------------ */
/* The API                                                             */

static void run_api(void)
{
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_DEFANGED, 0,
	                                    NULL};
	uriscan_extractor *x = NULL;
	struct uriscan_match m;
	uint64_t count = 0;
	struct list l = {0};
	static const char t[] =
	    "see hxxps://evil[.]com/x and http://a.example/ and more";

	tap_ok(uriscan_extract(G, t, sizeof t - 1, &o, collect_cb, &l, &count) ==
	               URISCAN_OK &&
	           count == 2 && l.n == 2,
	       "uriscan_extract with the flag: two matches, counted");
	list_free(&l);
	tap_ok(uriscan_extractor_new(G, &o, &x) == URISCAN_OK, "new");
	tap_ok(uriscan_extractor_feed(x, t, 10) == URISCAN_OK &&
	           uriscan_extractor_feed(x, t, 1) == URISCAN_E_STATE,
	       "feed before the chunk is drained: bad_state");
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		;
	tap_ok(uriscan_extractor_offset(x) == 10, "offset: the bytes fed");
	tap_ok(uriscan_extractor_finish(x) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == URISCAN_DONE,
	       "finish: \"see hxxps:\" holds no URL");
	tap_ok(uriscan_extractor_feed(x, "a", 1) == URISCAN_E_STATE,
	       "feed after finish: bad_state");
	uriscan_extractor_reset(x);
	tap_ok(uriscan_extractor_feed(x, t, sizeof t - 1) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 4 &&
	           m.length == 20 && m.nbytes == 18 &&
	           memcmp(m.bytes, "https://evil.com/x", 18) == 0 &&
	           (m.flags & URISCAN_MATCH_DEFANGED),
	       "reset, then the defanged URL: written span, refanged bytes");
	tap_ok(uriscan_extractor_next(x, &m) == URISCAN_OK &&
	           m.flags == 0 && m.bytes == t + 29,
	       "a plain match points into the caller's chunk");
	uriscan_extractor_free(x);
	/* max_len: at most URISCAN_EXTRACT_DEFANGED_MAX_LEN with the flag */
	x = NULL;
	o.max_len = URISCAN_EXTRACT_DEFANGED_MAX_LEN + 1;
	tap_ok(uriscan_extractor_new(G, &o, &x) == URISCAN_E_INVALID_ARG &&
	           x == NULL &&
	           uriscan_extract(G, t, sizeof t - 1, &o, collect_cb, &l,
	                           NULL) == URISCAN_E_INVALID_ARG,
	       "max_len above URISCAN_EXTRACT_DEFANGED_MAX_LEN: invalid_arg");
	o.max_len = URISCAN_EXTRACT_DEFANGED_MAX_LEN;
	count = 0;
	tap_ok(uriscan_extract(G, t, sizeof t - 1, &o, collect_cb, &l, &count) ==
	               URISCAN_OK &&
	           count == 2,
	       "max_len URISCAN_EXTRACT_DEFANGED_MAX_LEN: two matches");
	list_free(&l);
}

/* uriscan_extract's callback asking to stop after the k-th match */
struct upto {
	struct list l;
	size_t k;
};

static int upto_cb(void *u, const struct uriscan_match *m)
{
	struct upto *p = u;

	list_add(&p->l, m);
	return p->l.n >= p->k;
}

/* A callback that stops: at each match in turn, in runs without forms
 * (handed over by the inner scan as it finds them) and beside forms,
 * uriscan_extract returns after it, the matches before it the same. */
static void run_stop(void)
{
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_DEFANGED, 0,
	                                    NULL};
	static char t[12288];
	size_t n = 0;
	struct list all = {0};
	uint64_t count = 0;
	int ok = 1;

	for (int r = 0; r < 3; r++) {
		/* 110 plain ones: 3,400 bytes and more, a run read in place */
		for (int k = 0; k < 110; k++)
			n += (size_t)sprintf(t + n, "see http://a%d.example/p%d and ",
			                     k, r);
		n += (size_t)sprintf(t + n, "hxxps://evil%d[.]com/x, ", r);
	}
	uriscan_extract(G, t, n, &o, collect_cb, &all, &count);
	for (size_t k = 1; k <= all.n && ok; k++) {
		struct upto u = {{0}, k};
		const struct list head = {all.v, k, k}; /* the first k */
		uint64_t c = 0;
		char why[256] = "";
		ok = uriscan_extract(G, t, n, &o, upto_cb, &u, &c) == URISCAN_OK &&
		     c == k && list_eq(&u.l, &head, 1, why, sizeof why);
		if (!ok)
			tap_diag("stop after %zu: %llu matches %s", k,
			         (unsigned long long)c, why);
		list_free(&u.l);
	}
	tap_ok(ok && all.n == 333 && count == 333,
	       "uriscan_extract's callback stops it after any of 333 matches "
	       "(330 plain in runs read in place, 3 defanged)");
	list_free(&all);
}

/* RFC 1738: a match re-read with its last scheme word as written reads by
 * the extractor's own options (its copy of the opaque schemes), after the
 * caller's list is gone. */
static void run_reread_options(void)
{
	static const char t[] = "x hxxp://hxxp:// y news:a";
	static const char p[] = " http://hxxp:// z";
	static const char names[] = "mailto,news";
	char *list = malloc(sizeof names);
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_DEFANGED, 0,
	                                    NULL};
	uriscan_extractor *x = NULL;
	struct uriscan_match m;
	int ok;

	if (list)
		memcpy(list, names, sizeof names);
	o.opaque_schemes = list;
	ok = list != NULL && uriscan_extractor_new(G, &o, &x) == URISCAN_OK;
	if (list)
		memset(list, ',', strlen(list)); /* not a list any more */
	free(list);
	ok = ok && uriscan_extractor_feed(x, t, sizeof t - 1) == URISCAN_OK &&
	     uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 2 &&
	     m.length == 11 && m.nbytes == 11 &&
	     memcmp(m.bytes, "http://hxxp", 11) == 0 &&
	     (m.flags & URISCAN_MATCH_DEFANGED) &&
	     m.uri.part[URISCAN_HOST].len == 4 &&
	     uriscan_extractor_next(x, &m) == URISCAN_DONE &&
	     uriscan_extractor_finish(x) == URISCAN_OK &&
	     uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 19 &&
	     uriscan_extractor_next(x, &m) == URISCAN_DONE;
	uriscan_extractor_free(x);
	tap_ok(ok, "the word as written, re-read by the extractor's copy of "
	       "the opaque schemes after the caller's list is freed");
	/* no form left once the word is as written: a plain match, its bytes
	 * in the caller's chunk as any plain match's */
	x = NULL;
	o.opaque_schemes = NULL;
	ok = uriscan_extractor_new(G, &o, &x) == URISCAN_OK &&
	     uriscan_extractor_feed(x, p, sizeof p - 1) == URISCAN_OK &&
	     uriscan_extractor_next(x, &m) == URISCAN_OK && m.offset == 1 &&
	     m.length == 11 && m.flags == 0 && m.bytes == p + 1;
	uriscan_extractor_free(x);
	tap_ok(ok, "http://hxxp:// read as written: unmarked, in the chunk");
}

/* A match that ends at a scheme word, then more scheme words than the
 * refanger keeps written (a quarter of its records' ring: 4,096 with
 * max_len 128; a piece of 4 KiB refanged before the match is reported
 * holds hundreds), then another: each read as written, whole and in
 * chunks. */
static void run_many_words(void)
{
	static const char unit[] = "hxxp://a.b ", end[] = " hxxp://hxxp:// ";
	const size_t nu = 9000, ul = sizeof unit - 1, el = sizeof end - 1;
	size_t n = el + nu * ul + el;
	char *t = malloc(n);
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_DEFANGED, 128,
	                                    NULL};
	struct list w = {0}, c = {0};
	int ok = t != NULL;

	if (ok) {
		memcpy(t, end, el);
		for (size_t k = 0; k < nu; k++)
			memcpy(t + el + k * ul, unit, ul);
		memcpy(t + el + nu * ul, end, el);
		whole(&o, t, n, &w);
		stream_by(&o, t, n, 4093, &c);
		ok = w.n == nu + 2 && c.n == w.n;
		for (size_t k = 0; ok && k < w.n; k += nu + 1)
			ok = w.v[k].off == (k ? el + nu * ul : 0) + 1 &&
			     w.v[k].len == 11 && w.v[k].nbytes == 11 &&
			     memcmp(w.v[k].bytes, "http://hxxp", 11) == 0 &&
			     c.v[k].off == w.v[k].off &&
			     memcmp(c.v[k].bytes, "http://hxxp", 11) == 0;
		ok = ok && memcmp(w.v[nu].bytes, "http://a.b", 10) == 0;
	}
	tap_ok(ok, "a match at a scheme word, 9,000 scheme words, another: "
	       "each read as written (%zu matches)", w.n);
	list_free(&w);
	list_free(&c);
	free(t);
}

int main(int argc, char **argv)
{
	const int light = getenv("URISCAN_TEST_LIGHT") != NULL;

	if (argc > 3 && strcmp(argv[1], "-g") == 0) {
		if (uriscan_grammar_from_name(argv[2], &G) != URISCAN_OK) {
			printf("Bail out! bad grammar %s\n", argv[2]);
			return 1;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc != 2) {
		printf("Bail out! usage: test_extract_defanged [-g G] VECTORS\n");
		return 1;
	}
	run_api();
	run_stop();
	if (G == URISCAN_RFC1738) {
		run_reread_options();
		run_many_words();
	}
	run_vectors(argv[1]);
	run_soup(light ? 300 : 3000, 0);
	run_soup(light ? 30 : 300, 1);
	run_big(light ? 256u << 10 : 1u << 20);
	return tap_done();
}
