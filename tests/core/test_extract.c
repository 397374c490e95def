/*
 * test_extract: the URL extractor (uriscan_extractor_*, uriscan_extract).
 * No timing (speed is measured only in bench/).
 *
 *   test_extract VECTORS.tsv [LOGFILE]
 *
 * 1. Every vector of VECTORS.tsv (format at its top), whole and streamed in
 *    chunks of every size from 1 byte to its length and at random cuts, each
 *    chunk in its own exact-size allocation (ASan sees any over-read), with
 *    the SIMD search and with the scalar one, with components and without
 *    (URISCAN_EXTRACT_NO_COMPONENTS runs another machine): identical
 *    matches, equal to the expected ones, and every match parses to the
 *    components reported.
 * 2. Random token soup checked against a slow reference written from the
 *    definition in uriscan.h with uriscan_validate_rule(URI) only.
 * 3. Adversarial inputs of megabytes (no newline, a:a:a..., ://://, base64,
 *    NUL and invalid UTF-8, a URL longer than max_len across chunks).
 * 4. LOGFILE (../shared/data/logs/elastic_apache_logs.log), when present:
 *    8,214 scheme:// URLs, as its README counts them.
 * 5. API misuse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "vec.h"
#include "uriscan.h"

/* The grammar under test (-g) and the rule its extraction machine runs
 * (-r; RFC 3986: URI, RFC 3987: IRI), for the slow reference. */
static enum uriscan_grammar G = URISCAN_RFC3986;
static const char *XRULE = "URI";

struct rec {
	uint64_t off, len;
	unsigned flags;
	size_t nbytes;
	char *bytes;
	struct uriscan_uri uri;
};

struct list {
	struct rec *v;
	size_t n, cap;
};

static void list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].bytes);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static void list_add(struct list *l, const struct uriscan_match *m)
{
	struct rec *r;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			abort();
	}
	r = &l->v[l->n++];
	r->off = m->offset;
	r->len = m->length;
	r->flags = m->flags;
	r->nbytes = m->nbytes;
	r->bytes = malloc(m->nbytes + 1);
	if (!r->bytes)
		abort();
	memcpy(r->bytes, m->bytes, m->nbytes);
	r->uri = m->uri;
}

/* Same matches, bytes and (when comps) components? When !comps, b's
 * matches must have none (URISCAN_EXTRACT_NO_COMPONENTS). Describes the
 * first difference. */
static int list_eq(const struct list *a, const struct list *b, int comps,
                   char *why, size_t wn)
{
	if (a->n != b->n) {
		snprintf(why, wn, "%zu vs %zu matches", a->n, b->n);
		return 0;
	}
	for (size_t i = 0; i < a->n; i++) {
		const struct rec *x = &a->v[i], *y = &b->v[i];
		if (x->off != y->off || x->len != y->len || x->flags != y->flags ||
		    x->nbytes != y->nbytes ||
		    memcmp(x->bytes, y->bytes, x->nbytes) != 0 ||
		    (comps &&
		     (x->uri.present != y->uri.present ||
		      memcmp(x->uri.part, y->uri.part,
		             sizeof x->uri.part[0] * URISCAN_COMPONENT_COUNT) != 0 ||
		      x->uri.host_type != y->uri.host_type)) ||
		    (!comps && y->uri.present != 0)) {
			snprintf(why, wn, "match %zu: %llu+%llu vs %llu+%llu", i,
			         (unsigned long long)x->off,
			         (unsigned long long)x->len,
			         (unsigned long long)y->off,
			         (unsigned long long)y->len);
			return 0;
		}
	}
	return 1;
}

static int collect_cb(void *u, const struct uriscan_match *m)
{
	list_add(u, m);
	return 0;
}

static void whole(const struct uriscan_extract_options *o, const char *t,
                  size_t n, struct list *out)
{
	uint64_t count = 0;
	int st = uriscan_extract(G, o, t, n, collect_cb, out,
	                         &count);
	if (st != URISCAN_OK || count != out->n) {
		printf("# uriscan_extract: %s\n", uriscan_status_name(st));
		abort();
	}
}

/* Stream t cut at cuts[0] < cuts[1] < ... (ncuts of them). */
static void stream(const struct uriscan_extract_options *o, const char *t,
                   size_t n, const size_t *cuts, size_t ncuts,
                   struct list *out)
{
	uriscan_extractor *x;
	struct uriscan_match m;
	size_t at = 0;

	if (uriscan_extractor_new(G, o, &x) != URISCAN_OK)
		abort();
	for (size_t i = 0; i <= ncuts; i++) {
		size_t end = i < ncuts ? cuts[i] : n;
		size_t len = end - at;
		char *chunk = malloc(len ? len : 1);
		if (!chunk)
			abort();
		memcpy(chunk, t + at, len);
		if (uriscan_extractor_feed(x, chunk, len) != URISCAN_OK)
			abort();
		while (uriscan_extractor_next(x, &m))
			list_add(out, &m);
		free(chunk);
		at = end;
	}
	if (uriscan_extractor_finish(x) != URISCAN_OK)
		abort();
	while (uriscan_extractor_next(x, &m))
		list_add(out, &m);
	if (uriscan_extractor_offset(x) != n)
		abort();
	uriscan_extractor_free(x);
}

/* Fixed chunk size. */
static void stream_by(const struct uriscan_extract_options *o, const char *t,
                      size_t n, size_t size, struct list *out)
{
	size_t ncuts = n / size, k = 0;
	size_t *cuts = malloc((ncuts + 1) * sizeof *cuts);
	if (!cuts)
		abort();
	for (size_t c = size; c < n; c += size)
		cuts[k++] = c;
	stream(o, t, n, cuts, k, out);
	free(cuts);
}

static uint64_t rng = 88172645463325252ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void random_cuts(size_t n, size_t *cuts, size_t *ncuts)
{
	size_t k = 0;
	for (size_t i = 1; i < n; i++)
		if (rnd() % 4 == 0)
			cuts[k++] = i;
	*ncuts = k;
}

/* Every match must parse to the components it reports. */
static int components_ok(const struct list *l, unsigned flags)
{
	for (size_t i = 0; i < l->n; i++) {
		struct uriscan_uri u;
		const struct rec *r = &l->v[i];
		if (r->flags & URISCAN_MATCH_TRUNCATED) {
			if (r->uri.present != 0)
				return 0;
			continue;
		}
		if (uriscan_parse(G, r->bytes, r->nbytes, 0, &u) !=
		    URISCAN_OK)
			return 0;
		if (flags & URISCAN_EXTRACT_NO_COMPONENTS)
			continue;
		if (u.present != r->uri.present ||
		    memcmp(u.part, r->uri.part, sizeof u.part[0] * URISCAN_COMPONENT_COUNT) != 0 ||
		    u.kind != URISCAN_KIND_URI || u.kind != r->uri.kind ||
		    u.host_type != r->uri.host_type || u.rule != r->uri.rule ||
		    u.grammar != r->uri.grammar)
			return 0;
	}
	return 1;
}

/* Whole (SIMD and scalar), every chunk size up to max_sizes, random cuts:
 * all equal to *ref (or to the first result when ref is NULL). */
static int check_all(const char *name, struct uriscan_extract_options o,
                     const char *t, size_t n, const struct list *ref,
                     size_t max_sizes, int ncutsets)
{
	struct list first = {0}, l = {0};
	char why[200];
	int ok = 1;
	size_t *cuts = malloc((n + 1) * sizeof *cuts), ncuts;
	unsigned base = o.flags;

	if (!cuts)
		abort();
	whole(&o, t, n, &first);
	if (ref && !list_eq(ref, &first, 1, why, sizeof why)) {
		tap_diag("%s: whole: %s", name, why);
		ok = 0;
	}
	if (!components_ok(&first, o.flags)) {
		tap_diag("%s: components differ from uriscan_parse", name);
		ok = 0;
	}
	/* nc: again without components, which runs the extraction machine
	 * (extract_machine= of ragel/<grammar>.rules), not the tags machine:
	 * the same matches */
	for (int nc = 0; nc < 2 && ok; nc++)
	for (int simd = 0; simd < 2 && ok; simd++) {
		const int comps = !nc && !(base & URISCAN_EXTRACT_NO_COMPONENTS);
		o.flags = base | (nc ? URISCAN_EXTRACT_NO_COMPONENTS : 0) |
		          (simd ? 0 : URISCAN_EXTRACT_SCALAR);
		whole(&o, t, n, &l);
		if (!list_eq(&first, &l, comps, why, sizeof why)) {
			tap_diag("%s: whole simd=%d nocomp=%d: %s", name, simd, nc,
			         why);
			ok = 0;
		}
		list_free(&l);
		for (size_t sz = 1; sz <= n && sz <= max_sizes && ok; sz++) {
			stream_by(&o, t, n, sz, &l);
			if (!list_eq(&first, &l, comps, why, sizeof why)) {
				tap_diag("%s: chunks of %zu simd=%d nocomp=%d: %s", name,
				         sz, simd, nc, why);
				ok = 0;
			}
			list_free(&l);
		}
		for (int k = 0; k < ncutsets && ok; k++) {
			random_cuts(n, cuts, &ncuts);
			stream(&o, t, n, cuts, ncuts, &l);
			if (!list_eq(&first, &l, comps, why, sizeof why)) {
				tap_diag("%s: random cuts simd=%d nocomp=%d: %s", name,
				         simd, nc, why);
				ok = 0;
			}
			list_free(&l);
		}
	}
	list_free(&first);
	free(cuts);
	return ok;
}

/* ------------------------------------------------------------------ */
/* Vectors                                                             */

/* The escapes of the vector files (tests/vec.h); a bad escape is taken
 * as the empty text. */
static size_t unescape(const char *s, char *out)
{
	long n = vec_unescape(s, (unsigned char *)out, 0);
	return n < 0 ? 0 : (size_t)n;
}

static char opaque_buf[256];

static void parse_options(char *s, struct uriscan_extract_options *o)
{
	memset(o, 0, sizeof *o);
	if (strcmp(s, "-") == 0)
		return;
	for (char *w = strtok(s, ","); w; w = strtok(NULL, ",")) {
		if (strcmp(w, "opaque") == 0) {
			o->opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
		} else if (strncmp(w, "opaque=", 7) == 0) {
			snprintf(opaque_buf, sizeof opaque_buf, "%s", w + 7);
			for (char *c = opaque_buf; *c; c++)
				if (*c == ';')
					*c = ',';
			o->opaque_schemes = opaque_buf;
		} else if (strcmp(w, "notrim") == 0) {
			o->flags |= URISCAN_EXTRACT_NO_TRIM;
		} else if (strncmp(w, "max=", 4) == 0) {
			o->max_len = (size_t)strtoul(w + 4, NULL, 10);
		} else {
			printf("Bail out! unknown option %s\n", w);
			exit(1);
		}
	}
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
		memset(&m, 0, sizeof m);
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
/* Reference: the definition of uriscan.h, slowly                     */

static int sch(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}
static int alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int listed(const char *list, const char *s, size_t n)
{
	if (!list)
		return 0;
	while (*list) {
		size_t ln = strcspn(list, ",");
		if (ln == n) {
			size_t i = 0;
			while (i < n && (s[i] | 0x20) == (list[i] | 0x20))
				i++;
			if (i == n)
				return 1;
		}
		list += ln;
		if (*list == ',')
			list++;
	}
	return 0;
}

static void reference(const struct uriscan_extract_options *o, const char *t,
                      size_t n, struct list *out)
{
	unsigned rule_uri;
	size_t floor = 0, max = o->max_len ? o->max_len : 8192;
	uriscan_rule_from_name(G, XRULE, &rule_uri);

	for (size_t c = 0; c < n; c++) {
		size_t lo, r, run, lf, e, me;
		int auth;
		if (t[c] != ':' || c < floor)
			continue;
		lo = c > 64 && c - 64 > floor ? c - 64 : floor;
		r = c;
		while (r > lo && sch((unsigned char)t[r - 1]))
			r--;
		while (r < c && !alpha((unsigned char)t[r]))
			r++;
		if (r == c)
			continue;
		auth = c + 2 < n && t[c + 1] == '/' && t[c + 2] == '/';
		if (!auth && !listed(o->opaque_schemes, t + r, c - r))
			continue;
		/* the run: how far the bytes stay a prefix of some URI */
		if (uriscan_validate_rule(G, rule_uri, t + r, n - r,
		                          0, &e) == URISCAN_OK)
			e = n - r;
		run = e;
		lf = 0;
		for (size_t k = 1; k <= run; k++)
			if (uriscan_validate_rule(G, rule_uri, t + r,
			                          k, 0, NULL) == URISCAN_OK)
				lf = k;
		struct uriscan_match m;
		/* no prefix past the ':' matches (RFC 1738 "http://" without a
		 * host): no match, the search goes on after the ':' */
		if (r + lf <= c)
			continue;
		memset(&m, 0, sizeof m);
		m.offset = r;
		m.bytes = t + r;
		if (run > max) {
			m.length = lf;
			m.nbytes = lf < max ? lf : max;
			m.flags = URISCAN_MATCH_TRUNCATED;
			m.uri.grammar = G;
			list_add(out, &m);
			floor = r + run;
			c = floor - 1;
			continue;
		}
		me = r + lf;
		if (!(o->flags & URISCAN_EXTRACT_NO_TRIM)) {
			size_t min = auth ? c + 3 : c + 1;
			for (;;) {
				size_t op = 0, cp = 0, ob = 0, cb = 0, q = 0;
				unsigned char ch;
				if (me <= min)
					break;
				for (size_t i = r; i < me; i++) {
					op += t[i] == '(';
					cp += t[i] == ')';
					ob += t[i] == '[';
					cb += t[i] == ']';
					q += t[i] == '\'';
				}
				ch = (unsigned char)t[me - 1];
				if (strchr(".,;:!?", ch) ||
				    (ch == ')' && cp > op) || (ch == ']' && cb > ob) ||
				    (ch == '\'' && q % 2))
					me--;
				else
					break;
			}
		}
		if (!auth && me <= c + 1)
			continue;
		m.length = m.nbytes = me - r;
		uriscan_parse(G, t + r, me - r, 0, &m.uri);
		list_add(out, &m);
		floor = me;
		c = floor - 1;
	}
}

static const char *const tokens[] = {
    "http", "://", ":", "/", "a", "b", "1", ".", ",", ")", "(", "'", "[",
    "]", "::1", "%41", "%", "@", "?", "#", " ", "\n", "x", "-", "+",
    "mailto:", "urn", "h:8", "[v1.x]", "!", "\xff", "\xc3\xa9",
    /* RFC 1738's scheme-specific parts */
    "news:", "ftp", ";type=a", "file", "wais", "%09", "~"};

static void run_fuzz(unsigned count)
{
	static const char *const optsets[] = {"-", "opaque", "notrim",
	                                      "max=128"};
	unsigned bad = 0;
	char buf[2048];

	for (unsigned i = 0; i < count; i++) {
		struct uriscan_extract_options o;
		struct list ref = {0};
		char optstr[32], name[32];
		size_t n = 0;
		unsigned ntok = 1 + (unsigned)(rnd() % 60);
		const char *os = optsets[i % 4];

		if (i % 4 == 3)
			ntok = 40 + (unsigned)(rnd() % 100); /* long enough to truncate */
		for (unsigned k = 0; k < ntok; k++) {
			const char *tk = tokens[rnd() % (sizeof tokens / sizeof *tokens)];
			size_t l = strlen(tk);
			if (n + l > sizeof buf)
				break;
			memcpy(buf + n, tk, l);
			n += l;
		}
		snprintf(optstr, sizeof optstr, "%s", os);
		parse_options(optstr, &o);
		reference(&o, buf, n, &ref);
		snprintf(name, sizeof name, "fuzz %u", i);
		if (!check_all(name, o, buf, n, &ref, i < 150 ? n : 3, 2)) {
			if (bad++ < 3)
				tap_diag("fuzz %u (%s): %.*s", i, os, (int)n, buf);
		}
		list_free(&ref);
	}
	tap_ok(bad == 0, "%u random token strings: extractor = reference, "
	                 "whole = every chunking, SIMD = scalar (%u differ)",
	       count, bad);
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

static void run_adversarial(void)
{
	size_t n = 2u << 20;
	char *t = malloc(n + 64);
	struct uriscan_extract_options o;
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	memset(&o, 0, sizeof o);
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
		big("NUL, invalid UTF-8 and a URL, repeated", t, k * ul, o, k,
		    strlen("http://h.example/p?q"));
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
		tap_skip("no ../shared/data/logs/elastic_apache_logs.log");
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
	whole(&o, t, (size_t)n, &w);
	tap_ok(w.n == 8214, "elastic_apache_logs.log: %zu scheme:// URLs "
	                    "(its README: 8,214)", w.n);
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
	tap_ok(uriscan_extract(G, &o, "x", 1, collect_cb, NULL,
	                       &c) == URISCAN_E_INVALID_ARG,
	       "extract: opaque scheme must start with a letter");
	o.opaque_schemes = NULL;
	tap_ok(uriscan_extractor_new(G, NULL, &x) == URISCAN_OK,
	       "new: defaults");
	tap_ok(uriscan_extractor_feed(x, "a http://h/ b", 13) == URISCAN_OK &&
	           uriscan_extractor_feed(x, "x", 1) == URISCAN_E_STATE,
	       "feed before the chunk is drained: bad_state");
	tap_ok(uriscan_extractor_next(x, &m) == 1 && m.offset == 2 &&
	           m.length == 9 && m.bytes[0] == 'h' &&
	           uriscan_extractor_next(x, &m) == 0,
	       "next: the match, then 0");
	tap_ok(uriscan_extractor_finish(x) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == 0 &&
	           uriscan_extractor_feed(x, "x", 1) == URISCAN_E_STATE,
	       "feed after finish: bad_state");
	uriscan_extractor_reset(x);
	tap_ok(uriscan_extractor_feed(x, "ftp://f", 7) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == 0 &&
	           uriscan_extractor_finish(x) == URISCAN_OK &&
	           uriscan_extractor_next(x, &m) == 1 && m.offset == 0 &&
	           m.length == 7 && uriscan_extractor_next(x, &m) == 0,
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

	while (argc > 3 && argv[1][0] == '-') {
		if (strcmp(argv[1], "-g") == 0 &&
		    uriscan_grammar_from_name(argv[2], &G) == URISCAN_OK) {
		} else if (strcmp(argv[1], "-r") == 0) {
			XRULE = argv[2];
		} else {
			printf("Bail out! bad option %s\n", argv[1]);
			return 1;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		printf("Bail out! usage: test_extract [-g GRAMMAR -r RULE] "
		       "VECTORS.tsv [LOG]\n");
		return 1;
	}
	run_api();
	tap_ok(uriscan_extract(G, NULL, "http://a http://b http://c",
	                       26, stop_cb, &calls, &count) == URISCAN_OK &&
	           calls == 2 && count == 2,
	       "uriscan_extract: a non-zero callback return stops the scan");
	run_vectors(argv[1]);
	run_fuzz(3000);
	run_adversarial();
	if (argc > 2)
		run_log(argv[2]);
	return tap_done();
}
