/* SPDX-License-Identifier: MIT */
/*
 * test_query_edit.c: uriscan_query_edit.
 *   --vectors GRAMMAR FILE  tests/vectors/query-edit*.tsv at every output
 *                           capacity (canaries after it)
 *   --preserve FILE...      byte preservation over URL lists (one URL a
 *                           line; those valid in RFC 3986): removing a key
 *                           that no pair has gives the input back, byte
 *                           for byte; removing the key of a pair gives the
 *                           input without the pairs with that key, as this
 *                           file cuts them out (each with the separator
 *                           before it, the first with the one after it)
 *   --sort-many             SORT over queries of up to 3,000 pairs,
 *                           against a stable sort made here, with the
 *                           records on the stack (read once per 256),
 *                           in a caller's buffer of 300 and of all
 *   --args                  the argument checks
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit_vec.h"
#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define LINE_MAX_ (1 << 16)
#define GUARD 8

static char line[LINE_MAX_];
/* records for a SORT of any line; odd-aligned on purpose */
static unsigned char sort_work[URISCAN_QUERY_SORT_WORK(LINE_MAX_, 64) + 1];
static char out[2 * LINE_MAX_ + GUARD], exp_buf[LINE_MAX_];

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
	struct edit_line v;

	if (!fp) {
		tap_ok(0, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		const char *why = edit_line_parse(&v, line);
		if (why) {
			tap_ok(0, "%s: %s", why, line);
			continue;
		}
		struct uriscan_query_edit_options o = {
		    sizeof o, v.flags, v.edits, v.n_edits, NULL, 0};
		int all = 1;
		size_t top = v.ok ? v.want_len + 2 : 2;
		/* every capacity without sort_work, then with it */
		for (size_t k = 0; k <= 2 * top + 1; k++) {
			size_t cap = k % (top + 1);
			o.sort_work = k > top ? sort_work + 1 : NULL;
			o.sort_work_size = k > top ? sizeof sort_work - 1 : 0;
			size_t n = 99;
			struct uriscan_error err = {99, 99, URISCAN_INPUT_SECOND, 99};
			memset(out, 0xA5, cap + GUARD);
			int st = uriscan_query_edit(g, v.in_len ? v.in : NULL, v.in_len,
			                            &o, cap ? out : NULL, cap, &n, &err);
			int good;
			if (v.ok) {
				int fits = cap > v.want_len;
				good = st == (fits ? URISCAN_OK : URISCAN_E_BUFFER_TOO_SMALL) &&
				       n == v.want_len && guard_ok(cap) &&
				       err.status == st &&
				       (!fits || (memcmp(out, v.want, n) == 0 &&
				                  out[n] == '\0'));
			} else
				good = st == v.status && err.status == st &&
				       err.offset == v.offset &&
				       err.input == URISCAN_INPUT_FIRST && n == 0 &&
				       guard_ok(cap) && (cap == 0 || out[0] == '\0');
			if (!good) {
				tap_diag("cap %zu: %s@%zu, len %zu: %.*s", cap,
				         uriscan_status_name(st), err.offset, n,
				         (int)(cap > n ? n : cap), out);
				all = 0;
				break;
			}
		}
		tap_ok(all, "%s [%s] %s \"%s\"", uriscan_grammar_name(g), v.flags_text,
		       v.edits_text, v.in_text);
	}
	fclose(fp);
}

/* A pair of the generated query: its key's decoded byte and its text. */
struct gen_pair {
	char key;
	size_t at, len;
};

static int gen_cmp(const void *a, const void *b)
{
	const struct gen_pair *x = a, *y = b;
	if (x->key != y->key)
		return (unsigned char)x->key < (unsigned char)y->key ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* A query of n pairs (keys a-e, some of them percent-encoded, values that
 * tell the pairs apart) sorted by uriscan_query_edit with sort_work of
 * `room` records (0: none; SIZE_MAX: all), against qsort by (key, place). */
static int sort_many(size_t n, size_t room, unsigned seed)
{
	static struct gen_pair pairs[4096];
	static char want[LINE_MAX_];
	struct uriscan_query_edit e = {URISCAN_QUERY_SORT, NULL, 0, NULL, 0};
	struct uriscan_query_edit_options o = {sizeof o, 0, &e, 1, NULL, 0};
	size_t len = 0, wn = 0, got = 0;

	memcpy(line, "http://h/?", 10);
	len = 10;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		char k = (char)('a' + (seed >> 16) % 5);
		if (i > 0)
			line[len++] = '&';
		pairs[i].key = k;
		pairs[i].at = len;
		if ((seed >> 8) % 3 == 0)
			len += (size_t)sprintf(line + len, "%%%02X=%zu", k, i);
		else
			len += (size_t)sprintf(line + len, "%c=%zu", k, i);
		pairs[i].len = len - pairs[i].at;
	}
	qsort(pairs, n, sizeof pairs[0], gen_cmp);
	memcpy(want, line, 10);
	wn = 10;
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			want[wn++] = '&';
		memcpy(want + wn, line + pairs[i].at, pairs[i].len);
		wn += pairs[i].len;
	}
	if (room == SIZE_MAX) {
		o.sort_work = sort_work;
		o.sort_work_size = URISCAN_QUERY_SORT_WORK(len, 1);
	} else if (room > 0) {
		o.sort_work = sort_work + 1;
		o.sort_work_size = room * 16 + 15;
	}
	if (uriscan_query_edit(URISCAN_RFC3986, line, len, &o, out, sizeof out,
	                       &got, NULL) != URISCAN_OK)
		return 0;
	return got == wn && memcmp(out, want, wn) == 0;
}

static void run_sort_many(void)
{
	static const size_t ns[] = {1, 2, 255, 256, 257, 511, 512, 513, 3000};
	static const size_t rooms[] = {0, 300, SIZE_MAX};

	for (size_t r = 0; r < sizeof rooms / sizeof rooms[0]; r++)
		for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
			tap_ok(sort_many(ns[i], rooms[r], (unsigned)(ns[i] * 7 + r)),
			       "SORT of %zu pairs, room for %s records", ns[i],
			       rooms[r] == 0 ? "no" : rooms[r] == 300 ? "300" : "all");
}

/* s without the pairs of its query whose decoded key is key, cut out by
 * hand, into exp_buf; its length. */
static size_t cut_key(const char *s, size_t len, const struct uriscan_uri *u,
                      const char *key, size_t key_len)
{
	struct uriscan_span q = u->part[URISCAN_QUERY];
	struct uriscan_query_iter it;
	struct uriscan_query_pair p;
	size_t n = 0, kept = 0;
	char dk[LINE_MAX_];

	memcpy(exp_buf, s, q.off);
	n = q.off;
	uriscan_query_iter_init(&it, s + q.off, q.len, 0);
	while (uriscan_query_next(&it, &p) == URISCAN_OK) {
		size_t dn = 0;
		uriscan_percent_decode(s + q.off + p.key.off, p.key.len,
		                       URISCAN_DECODE_LENIENT, dk, sizeof dk, &dn,
		                       NULL, NULL);
		if (dn == key_len && memcmp(dk, key, dn) == 0)
			continue;
		if (kept++ > 0)
			exp_buf[n++] = s[q.off + p.pair.off - 1];
		memcpy(exp_buf + n, s + q.off + p.pair.off, p.pair.len);
		n += p.pair.len;
	}
	if (kept == 0)
		n = q.off - 1; /* no pair: no '?' */
	memcpy(exp_buf + n, s + q.off + q.len, len - q.off - q.len);
	return n + len - q.off - q.len;
}

static void run_preserve(const char *path)
{
	FILE *fp = fopen(path, "r");
	unsigned long urls = 0, queries = 0, removals = 0, bad = 0;
	char first[200] = "";

	if (!fp) {
		tap_ok(0, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		size_t len = strcspn(line, "\r\n"), n = 0;
		struct uriscan_uri u;
		if (uriscan_parse(URISCAN_RFC3986, line, len, 0, &u) != URISCAN_OK)
			continue;
		urls++;
		struct uriscan_query_edit e = {URISCAN_QUERY_REMOVE, "\x01none", 5,
		                               NULL, 0};
		struct uriscan_query_edit_options o = {sizeof o, 0, &e, 1, NULL, 0};
		int st = uriscan_query_edit(URISCAN_RFC3986, line, len, &o, out,
		                            sizeof out, &n, NULL);
		if (st != URISCAN_OK || n != len || memcmp(out, line, len) != 0) {
			if (bad++ == 0)
				snprintf(first, sizeof first, "%.*s (no key)", (int)len,
				         line);
			continue;
		}
		if (!URISCAN_HAS(&u, URISCAN_QUERY))
			continue;
		queries++;
		struct uriscan_span q = u.part[URISCAN_QUERY];
		struct uriscan_query_iter it;
		struct uriscan_query_pair p;
		unsigned tries = 0;
		uriscan_query_iter_init(&it, line + q.off, q.len, 0);
		while (q.len > 0 && tries++ < 8 &&
		       uriscan_query_next(&it, &p) == URISCAN_OK) {
			static char key[LINE_MAX_];
			size_t kn = 0;
			uriscan_percent_decode(line + q.off + p.key.off, p.key.len,
			                       URISCAN_DECODE_LENIENT, key, sizeof key,
			                       &kn, NULL, NULL);
			/* a '*' in a key is a glob: skip those keys */
			if (memchr(key, '*', kn))
				continue;
			e.key = key;
			e.key_len = kn;
			removals++;
			size_t wn = cut_key(line, len, &u, key, kn);
			st = uriscan_query_edit(URISCAN_RFC3986, line, len, &o, out,
			                        sizeof out, &n, NULL);
			if (st != URISCAN_OK || n != wn || memcmp(out, exp_buf, n) != 0) {
				if (bad++ == 0)
					snprintf(first, sizeof first, "%.*s (key %.*s): %.*s",
					         (int)len, line, (int)kn, key, (int)n, out);
			}
		}
	}
	fclose(fp);
	const char *base = strrchr(path, '/');
	tap_ok(urls > 0 && bad == 0,
	       "%s: %lu URLs, %lu queries, %lu removals byte for byte%s%s",
	       base ? base + 1 : path, urls, queries, removals,
	       bad ? "; first bad: " : "", first);
}

static void run_args(void)
{
	struct uriscan_query_edit e = {URISCAN_QUERY_REMOVE, "a", 1, NULL, 0};
	struct uriscan_query_edit bad[2] = {{URISCAN_QUERY_SORT, NULL, 0, NULL, 0},
	                                    {9, "a", 1, NULL, 0}};
	struct uriscan_query_edit_options o = {sizeof o, 0, &e, 1, NULL, 0};
	struct uriscan_error err;
	size_t n = 7;

	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, NULL, out, 8, &n,
	                          &err) == URISCAN_E_INVALID_ARG && n == 0,
	       "options NULL");
	o.size = sizeof o - 1;
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                          NULL) == URISCAN_E_INVALID_ARG,
	       "options size too small");
	o.size = sizeof o;
	o.flags = 2;
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                          NULL) == URISCAN_E_INVALID_ARG,
	       "unknown flag");
	o.flags = 0;
	o.edits = bad;
	o.n_edits = 2;
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                          &err) == URISCAN_E_INVALID_ARG &&
	           err.input == URISCAN_INPUT_SECOND && err.offset == 1,
	       "a bad edit is named by its index");
	bad[1].op = URISCAN_QUERY_SET;
	bad[1].value_len = 3;
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                          &err) == URISCAN_E_INVALID_ARG &&
	           err.input == URISCAN_INPUT_SECOND && err.offset == 1,
	       "a value NULL with a length");
	o.edits = NULL;
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", 1, &o, out, 8, &n,
	                          NULL) == URISCAN_E_INVALID_ARG,
	       "edits NULL with a count");
	o.edits = &e;
	o.n_edits = 1;
	tap_ok(uriscan_query_edit(URISCAN_RFC2396, "a", 1, &o, out, 8, &n,
	                          NULL) == URISCAN_E_UNSUPPORTED,
	       "RFC 2396 unsupported");
	memset(out, 0xA5, GUARD);
	tap_ok(uriscan_query_edit(URISCAN_RFC3986, "a", (size_t)UINT32_MAX + 1,
	                          &o, out, 0, &n, &err) == URISCAN_E_TOO_LONG &&
	           n == 0 && guard_ok(0),
	       "too long: nothing read or written");
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--vectors") == 0 && i + 2 < argc) {
			enum uriscan_grammar g;
			if (uriscan_grammar_from_name(argv[i + 1], &g) != URISCAN_OK)
				tap_ok(0, "grammar %s", argv[i + 1]);
			else
				run_vectors(g, argv[i + 2]);
			i += 2;
		} else if (strcmp(argv[i], "--preserve") == 0) {
			while (i + 1 < argc && argv[i + 1][0] != '-')
				run_preserve(argv[++i]);
		} else if (strcmp(argv[i], "--args") == 0)
			run_args();
		else if (strcmp(argv[i], "--sort-many") == 0)
			run_sort_many();
		else
			tap_ok(0, "unknown argument %s", argv[i]);
	}
	return tap_done();
}
