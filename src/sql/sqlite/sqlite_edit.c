/* SPDX-License-Identifier: MIT */
/*
 * sqlite_edit.c: the SQLite extension's query editing that keeps every
 * other byte (issue 48's uriscan_query_edit and uriscan_rewrite,
 * docs/rewrite.md): uri_strip_tracking(url [, grammar]),
 * uri_query_remove(url, key, ...), uri_query_set(url, key, value [,
 * grammar]), uri_query_sort(url [, grammar]). Keys match percent-decoded
 * with '+' a space, case-sensitively, pairs split at '&', as
 * uri_query_get reads them; a new value is written form-encoded (a space
 * as '+'). A URL that is not valid in the grammar gives NULL, as in the
 * extension's other functions; uri_query_remove, whose arguments are all
 * keys, reads the URL as RFC 3986.
 */
#include <string.h>

#include "sqlite_uriscan.h"
#include "sql_common.h"

#define EDIT_FLAGS URISCAN_DECODE_PLUS
#define STR_(x) #x
#define STR(x) STR_(x)

/* Run the edits (or, strip set, the default tracking strip) on s[0, len)
 * under g and set the result: the new URL, NULL for an invalid URL, an
 * error for a result beyond SQLite's limits or no memory. */
static void run_edit(sqlite3_context *ctx, enum uriscan_grammar g,
                     const char *s, size_t len,
                     const struct uriscan_query_edit *edits, size_t n_edits,
                     int strip)
{
	size_t cap = len + 64, n = 0, sw_size = 0;
	char *out;
	void *sw = NULL;
	int st;

	for (size_t i = 0; i < n_edits; i++)
		if (edits[i].op == URISCAN_QUERY_SORT) {
			/* room to sort every pair in one read (O(n log n)) */
			sw_size = URISCAN_QUERY_SORT_WORK(len, n_edits);
			if ((sw = sqlite3_malloc64(sw_size)) == NULL) {
				sqlite3_result_error_nomem(ctx);
				return;
			}
			break;
		}
	for (int round = 0;; round++) {
		if ((out = sqlite3_malloc64(cap)) == NULL) {
			sqlite3_free(sw);
			sqlite3_result_error_nomem(ctx);
			return;
		}
		if (strip) {
			struct uriscan_rewrite_options ro;
			memset(&ro, 0, sizeof ro);
			ro.size = sizeof ro;
			ro.flags = URISCAN_REWRITE_STRIP_TRACKING;
			ro.query_flags = EDIT_FLAGS;
			st = uriscan_rewrite(g, s, len, &ro, out, cap, &n, NULL);
		} else {
			struct uriscan_query_edit_options qo;
			memset(&qo, 0, sizeof qo);
			qo.size = sizeof qo;
			qo.flags = EDIT_FLAGS;
			qo.edits = edits;
			qo.n_edits = n_edits;
			qo.sort_work = sw;
			qo.sort_work_size = sw_size;
			st = uriscan_query_edit(g, s, len, &qo, out, cap, &n, NULL);
		}
		if (st != URISCAN_E_BUFFER_TOO_SMALL || round > 0)
			break;
		sqlite3_free(out);
		cap = n + 1;
	}
	if (st == URISCAN_OK)
		usq_result_bytes(ctx, out, n);
	else if (st == URISCAN_E_TOO_LONG || st == URISCAN_E_BUFFER_TOO_SMALL)
		sqlite3_result_error_toobig(ctx);
	else if (st == URISCAN_E_UNSUPPORTED)
		sqlite3_result_error(ctx, "uriscan: query editing takes the "
		                          "grammar rfc3986 or rfc3987", -1);
	else
		sqlite3_result_null(ctx); /* an invalid URL */
	sqlite3_free(out);
	sqlite3_free(sw);
}

static void f_strip_tracking(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *s;
	size_t len;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	run_edit(ctx, g, s, len, NULL, 0, 1);
}

/* uri_query_remove(url, key, ...): every argument after the URL a key or
 * a glob; the URL read as RFC 3986. */
static void f_query_remove(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv)
{
	struct uriscan_query_edit *e;
	const char *s;
	size_t len;

	if (argc < 2) {
		sqlite3_result_error(ctx, "uri_query_remove: give the URL and at "
		                          "least one key", -1);
		return;
	}
	if (usq_any_null(ctx, argc, argv))
		return;
	if ((e = sqlite3_malloc64(sizeof *e * (sqlite3_uint64)argc)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	memset(e, 0, sizeof *e * (size_t)argc);
	for (int i = 1; i < argc; i++) {
		e[i - 1].op = URISCAN_QUERY_REMOVE;
		e[i - 1].key = usq_bytes(argv[i], &e[i - 1].key_len);
	}
	s = usq_bytes(argv[0], &len);
	run_edit(ctx, URISCAN_RFC3986, s, len, e, (size_t)argc - 1, 0);
	sqlite3_free(e);
}

static void f_query_set(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	struct uriscan_query_edit e;
	const char *s;
	size_t len;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 3, URISCAN_RFC3986, &g))
		return;
	memset(&e, 0, sizeof e);
	e.op = URISCAN_QUERY_SET;
	e.key = usq_bytes(argv[1], &e.key_len);
	e.value = usq_bytes(argv[2], &e.value_len);
	s = usq_bytes(argv[0], &len);
	run_edit(ctx, g, s, len, &e, 1, 0);
}

static void f_query_sort(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	struct uriscan_query_edit e;
	const char *s;
	size_t len;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	memset(&e, 0, sizeof e);
	e.op = URISCAN_QUERY_SORT;
	run_edit(ctx, g, s, len, &e, 1, 0);
}

typedef void (*usq_fn)(sqlite3_context *, int, sqlite3_value **);

int usq_register_edit(sqlite3 *db)
{
	static const struct {
		const char *name;
		int min_args, max_args;
		usq_fn fn;
	} fns[] = {
	    {"uri_strip_tracking", 1, 2, f_strip_tracking},
	    {"uri_query_remove", -1, -1, f_query_remove},
	    {"uri_query_set", 3, 4, f_query_set},
	    {"uri_query_sort", 1, 2, f_query_sort},
	};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
		for (int n = fns[i].min_args; n <= fns[i].max_args; n++) {
			int rc = sqlite3_create_function_v2(db, fns[i].name, n,
			                                    USQ_FLAGS, NULL, fns[i].fn,
			                                    NULL, NULL, NULL);
			if (rc != SQLITE_OK)
				return rc;
		}
	return SQLITE_OK;
}
