/* SPDX-License-Identifier: MIT */
/*
 * test_query_ada.c: uriscan_query_edit against ada's url_search_params
 * (WHATWG URL Standard, application/x-www-form-urlencoded) on the queries
 * of the bundled URL lists: after the same edit, the same pairs remain,
 * in the same order, with the same decoded keys and values.
 *
 * Compared where both define the same thing, with '+' read as a space
 * (URISCAN_DECODE_PLUS, as the form encoding does):
 *  - ada re-serializes every pair (that is what uriscan does not do): the
 *    bytes are not compared, only the decoded pairs;
 *  - ada drops empty pairs ("a&&b"); uriscan keeps them: they are left out
 *    of uriscan's list before comparing;
 *  - ada reads the decoded bytes as UTF-8 with U+FFFD for what is not:
 *    a query whose decoded keys or values are not UTF-8 is skipped;
 *  - ada sorts by UTF-16 code units, uriscan by bytes: sort is compared
 *    on queries whose keys are ASCII;
 *  - ada's url_search_params(init) drops a '?' that starts init (the
 *    URLSearchParams constructor's rule), which is part of the first key
 *    for uriscan: a query starting with '?' is skipped.
 * Edits: remove the first key, remove a key no pair has, set the first key,
 * append a new pair, sort.
 *   test_query_ada FILE...   one URL a line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"

int adaq_edit(const char *q, size_t qlen, int op, const char *key, size_t klen,
              const char *val, size_t vlen, char *out, size_t cap,
              size_t *npairs, size_t *out_len);

#define CAP (1 << 17)
static char line[CAP], res[CAP], ours[2 * CAP], theirs[2 * CAP], key[CAP];

/* Strict UTF-8 (decode's URISCAN_DECODED_BAD_UTF8 is 0). */
static int decoded(const char *s, size_t n, char *out, size_t *len)
{
	unsigned info = 0;
	return uriscan_percent_decode(s, n, URISCAN_DECODE_PLUS | URISCAN_DECODE_LENIENT,
	                              out, CAP, len, &info, NULL) == URISCAN_OK &&
	       !(info & (URISCAN_DECODED_BAD_UTF8 | URISCAN_DECODED_MALFORMED));
}

/* The decoded non-empty pairs of query q as "key\0value\0...": 1, or 0
 * when some key or value is not UTF-8 once decoded. */
static int pairs_of(const char *q, size_t qn, char *out, size_t *n, size_t *count)
{
	struct uriscan_query_iter it;
	struct uriscan_query_pair p;
	*n = 0;
	*count = 0;
	uriscan_query_iter_init(&it, q, qn, URISCAN_DECODE_PLUS);
	while (qn > 0 && uriscan_query_next(&it, &p) == URISCAN_OK) {
		size_t a, b;
		if (p.pair.len == 0)
			continue;
		if (!decoded(q + p.key.off, p.key.len, out + *n, &a))
			return 0;
		*n += a;
		out[(*n)++] = '\0';
		if (!decoded(q + p.value.off, p.value.len, out + *n, &b))
			return 0;
		*n += b;
		out[(*n)++] = '\0';
		(*count)++;
	}
	return 1;
}

static int ascii_keys(const char *q, size_t qn)
{
	for (size_t i = 0; i < qn; i++)
		if ((unsigned char)q[i] >= 0x80 || q[i] == '%')
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"remove", "remove absent", "set",
	                                    "append", "sort"};
	unsigned long compared[5] = {0}, differ[5] = {0}, skipped = 0;
	char first[5][300] = {{0}};

	for (int a = 1; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f) {
			tap_ok(0, "cannot open %s", argv[a]);
			continue;
		}
		while (fgets(line, sizeof line, f)) {
			size_t len = strcspn(line, "\r\n"), qn, n0, c0, kn = 0;
			struct uriscan_uri u;
			if (uriscan_parse(URISCAN_RFC3986, line, len, 0, &u) != URISCAN_OK ||
			    !URISCAN_HAS(&u, URISCAN_QUERY) || u.part[URISCAN_QUERY].len == 0)
				continue;
			const char *q = line + u.part[URISCAN_QUERY].off;
			qn = u.part[URISCAN_QUERY].len;
			if (q[0] == '?' || !pairs_of(q, qn, ours, &n0, &c0) || c0 == 0) {
				skipped++;
				continue;
			}
			kn = strlen(ours); /* the first key, decoded */
			memcpy(key, ours, kn);
			for (int op = 0; op < 5; op++) {
				struct uriscan_query_edit e = {0, key, kn, "v 1&\xc3\xa9", 7};
				int ada_op = op == 1 ? 0 : op == 2 ? 1 : op == 3 ? 2 : op == 4 ? 3 : 0;
				if (op == 0 || op == 1)
					e.op = URISCAN_QUERY_REMOVE;
				if (op == 1)
					e.key = "zz_none", e.key_len = 7;
				if (op == 2)
					e.op = URISCAN_QUERY_SET;
				if (op == 3)
					e.op = URISCAN_QUERY_APPEND, e.key = "new key",
					e.key_len = 7;
				if (op == 4) {
					if (!ascii_keys(q, qn))
						continue;
					e.op = URISCAN_QUERY_SORT;
				}
				/* a '*' in a key is a glob for uriscan */
				if (e.op == URISCAN_QUERY_REMOVE && memchr(e.key, '*', e.key_len))
					continue;
				struct uriscan_query_edit_options o = {
				    sizeof o, URISCAN_DECODE_PLUS, &e, 1, NULL, 0};
				size_t rn = 0, on, oc, tn = 0, tc = 0;
				if (uriscan_query_edit(URISCAN_RFC3986, line, len, &o, res,
				                       sizeof res, &rn, NULL) != URISCAN_OK) {
					differ[op]++;
					continue;
				}
				struct uriscan_uri r;
				const char *rq = "";
				size_t rqn = 0;
				uriscan_parse(URISCAN_RFC3986, res, rn, 0, &r);
				if (URISCAN_HAS(&r, URISCAN_QUERY)) {
					rq = res + r.part[URISCAN_QUERY].off;
					rqn = r.part[URISCAN_QUERY].len;
				}
				pairs_of(rq, rqn, ours, &on, &oc);
				if (adaq_edit(q, qn, ada_op, e.key, e.key_len, e.value,
				              e.value_len, theirs, sizeof theirs, &tc, &tn) != 0)
					continue;
				compared[op]++;
				if (on != tn || oc != tc || memcmp(ours, theirs, on) != 0) {
					if (differ[op]++ == 0)
						snprintf(first[op], sizeof first[op], "%.*s", (int)len,
						         line);
				}
			}
		}
		fclose(f);
	}
	for (int op = 0; op < 5; op++)
		tap_ok(compared[op] > 0 && differ[op] == 0,
		       "%s: %lu queries, the same pairs as ada's url_search_params%s%s",
		       names[op], compared[op], differ[op] ? "; first differing: " : "",
		       first[op]);
	printf("# %lu queries skipped (starting with '?', or decoded keys or values "
	       "not UTF-8)\n", skipped);
	return tap_done();
}
