/* SPDX-License-Identifier: MIT */
/*
 * sqlite_scalar.c: the SQLite extension's scalar functions on URLs and
 * text: uri_is_valid, uri_error, the components (uri_scheme ...
 * uri_authority, uri_port), uri_query_get, uri_path_segments,
 * uri_normalize, uri_resolve, uri_equivalent, percent-encoding,
 * uriscan_identity, uriscan_version. A URL that is not valid in the grammar
 * (an optional last argument, 'rfc3986' by default) gives NULL: SQLite has
 * no type to refuse it at the door; uri_is_valid and uri_error say why.
 */
#include <stdio.h>
#include <string.h>

#include "sqlite_uriscan.h"
#include "sql_common.h"

/* ---- checks ---- */

static void f_is_valid(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *s;
	size_t len;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	sqlite3_result_int(ctx, uriscan_validate(g, s, len, 0, NULL) == URISCAN_OK);
}

/* uri_error: {"status": ..., "byte_offset": ..., "detail": ...} or NULL */
static void f_error(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	struct uriscan_error err;
	char detail[USQL_ERROR_TEXT_MAX], json[2 * USQL_ERROR_TEXT_MAX];
	const char *s;
	size_t len;
	int st;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	st = uriscan_validate(g, s, len, 0, &err);
	if (st == URISCAN_OK) {
		sqlite3_result_null(ctx);
		return;
	}
	usql_error_text(detail, st, err.offset, s, len);
	snprintf(json, sizeof json,
	         "{\"status\":\"%s\",\"byte_offset\":%zu,\"detail\":\"%s\"}",
	         uriscan_status_name(st), err.offset, detail);
	sqlite3_result_text(ctx, json, -1, SQLITE_TRANSIENT);
}

/* ---- components ---- */

/* Parse argument 0 with the grammar of argument gi (when given): 1 and
 * *u, or 0 with the result set (NULL for an invalid URL). */
static int parse_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                     int gi, struct uriscan_uri *u, const char **s,
                     size_t *len)
{
	enum uriscan_grammar g;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, gi, URISCAN_RFC3986, &g))
		return 0;
	*s = usq_bytes(argv[0], len);
	if (uriscan_parse(g, *s, *len, 0, u) != URISCAN_OK) {
		sqlite3_result_null(ctx);
		return 0;
	}
	return 1;
}

static void f_component(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	unsigned c = (unsigned)(size_t)sqlite3_user_data(ctx);
	struct uriscan_uri u;
	const char *s, *p;
	size_t len, n;

	if (!parse_arg(ctx, argc, argv, 1, &u, &s, &len))
		return;
	p = uriscan_component(&u, s, c, &n);
	if (p == NULL)
		sqlite3_result_null(ctx);
	else
		usq_result_bytes(ctx, p, n);
}

static void f_port(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct uriscan_uri u;
	const char *s, *p;
	size_t len, n;
	long long port = 0;

	if (!parse_arg(ctx, argc, argv, 1, &u, &s, &len))
		return;
	p = uriscan_component(&u, s, URISCAN_PORT, &n);
	if (p == NULL || n == 0) {
		sqlite3_result_null(ctx);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		port = port * 10 + (p[i] - '0');
		if (port > 2147483647) {
			sqlite3_result_error(ctx, "uri_port: port out of range", -1);
			return;
		}
	}
	sqlite3_result_int64(ctx, port);
}

/* Percent-decode s[0, n) ('+' a space when plus) into a result. */
static void result_decoded(sqlite3_context *ctx, const char *s, size_t n,
                           int plus)
{
	char *out = sqlite3_malloc64(n + 1);
	size_t m;

	if (out == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	uriscan_percent_decode(s, n, URISCAN_DECODE_LENIENT |
	                                 (plus ? URISCAN_DECODE_PLUS : 0u),
	                       out, n, &m, NULL, NULL);
	usq_result_bytes(ctx, out, m);
	sqlite3_free(out);
}

/* uri_query_get(url, key [, decode [, grammar]]) */
static void f_query_get(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct uriscan_uri u;
	struct uriscan_query_pair pair;
	const char *s, *q, *key;
	size_t len, n, key_len;
	int found = 0;
	int decode = argc < 3 || sqlite3_value_int(argv[2]) != 0;

	if (!parse_arg(ctx, argc, argv, 3, &u, &s, &len))
		return;
	q = uriscan_component(&u, s, URISCAN_QUERY, &n);
	key = usq_bytes(argv[1], &key_len);
	if (q == NULL ||
	    uriscan_query_get(q, n, key, key_len, URISCAN_DECODE_PLUS, &found,
	                      &pair) != URISCAN_OK ||
	    !found || !pair.has_value) {
		sqlite3_result_null(ctx);
		return;
	}
	if (decode)
		result_decoded(ctx, q + pair.value.off, pair.value.len, 1);
	else
		usq_result_bytes(ctx, q + pair.value.off, pair.value.len);
}

/* Append s[0, n) to a JSON string in b (sqlite3_str). */
static void json_string(sqlite3_str *b, const char *s, size_t n)
{
	sqlite3_str_appendchar(b, 1, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			sqlite3_str_appendf(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			sqlite3_str_appendf(b, "\\u%04x", c);
		else
			sqlite3_str_appendchar(b, 1, (char)c);
	}
	sqlite3_str_appendchar(b, 1, '"');
}

static void result_str(sqlite3_context *ctx, sqlite3_str *b)
{
	int n = sqlite3_str_length(b);
	char *p = sqlite3_str_finish(b);

	if (p == NULL && n > 0)
		sqlite3_result_error_nomem(ctx);
	else
		sqlite3_result_text(ctx, p ? p : "", n, sqlite3_free);
}

/* uri_path_segments(url [, decode [, grammar]]): a JSON array; a segment
 * whose decoded bytes are not UTF-8 text is given as written. */
static void f_path_segments(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv)
{
	struct uriscan_uri u;
	struct usql_segs it;
	const char *s, *p;
	size_t len, n, off, sl;
	int decode = argc < 2 || sqlite3_value_int(argv[1]) != 0;
	sqlite3_str *b;
	int first = 1;

	if (!parse_arg(ctx, argc, argv, 2, &u, &s, &len))
		return;
	p = uriscan_component(&u, s, URISCAN_PATH, &n);
	b = sqlite3_str_new(sqlite3_context_db_handle(ctx));
	sqlite3_str_appendchar(b, 1, '[');
	usql_segs_init(&it, p ? p : "", p ? n : 0);
	while (usql_segs_next(&it, &off, &sl)) {
		const char *seg = p + off;
		char *d = NULL;
		size_t dl = sl;
		if (decode && memchr(seg, '%', sl) != NULL &&
		    (d = sqlite3_malloc64(sl + 1)) != NULL) {
			uriscan_percent_decode(seg, sl, URISCAN_DECODE_LENIENT, d, sl,
			                       &dl, NULL, NULL);
			if (usql_is_text(d, dl))
				seg = d;
			else
				dl = sl;
		}
		if (!first)
			sqlite3_str_appendchar(b, 1, ',');
		first = 0;
		json_string(b, seg, dl);
		sqlite3_free(d);
	}
	sqlite3_str_appendchar(b, 1, ']');
	result_str(ctx, b);
}

/* ---- operations ---- */

static void f_normalize(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *s;
	size_t len, n, cap;
	char *out;
	int st;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	st = uriscan_normalize(g, s, len, usql_norm_flags(g), NULL, 0, &n, NULL);
	if (st != URISCAN_OK && st != URISCAN_E_BUFFER_TOO_SMALL) {
		sqlite3_result_null(ctx);
		return;
	}
	cap = n + 1;
	if ((out = sqlite3_malloc64(cap)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	uriscan_normalize(g, s, len, usql_norm_flags(g), out, cap, &n, NULL);
	sqlite3_result_text64(ctx, out, n, sqlite3_free, SQLITE_UTF8);
}

static void f_resolve(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *base, *ref;
	size_t bl, rl, n, cap;
	char *out;
	int st;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 2, URISCAN_RFC3986, &g))
		return;
	base = usq_bytes(argv[0], &bl);
	ref = usq_bytes(argv[1], &rl);
	st = uriscan_resolve(g, base, bl, ref, rl, 0, NULL, 0, &n, NULL);
	if (st != URISCAN_OK && st != URISCAN_E_BUFFER_TOO_SMALL) {
		sqlite3_result_null(ctx);
		return;
	}
	cap = n + 1;
	if ((out = sqlite3_malloc64(cap)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	uriscan_resolve(g, base, bl, ref, rl, 0, out, cap, &n, NULL);
	sqlite3_result_text64(ctx, out, n, sqlite3_free, SQLITE_UTF8);
}

static void f_equivalent(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *a, *b;
	size_t al, bl;
	int eq = 0;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 2, URISCAN_RFC3986, &g))
		return;
	a = usq_bytes(argv[0], &al);
	b = usq_bytes(argv[1], &bl);
	if (uriscan_equivalent(g, a, al, b, bl, usql_norm_flags(g), &eq, NULL) !=
	    URISCAN_OK)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_int(ctx, eq);
}

static void f_percent_encode(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv)
{
	const char *s;
	size_t len, n;
	char *out;

	if (usq_any_null(ctx, argc, argv))
		return;
	s = usq_bytes(argv[0], &len);
	if ((out = sqlite3_malloc64(3 * (sqlite3_uint64)len + 1)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	n = usql_percent_encode(s, len, out);
	sqlite3_result_text64(ctx, out, n, sqlite3_free, SQLITE_UTF8);
}

/* uri_percent_decode(s [, plus]): strict: a malformed escape is an error
 * naming its offset; bytes that are not text come back as a blob. */
static void f_percent_decode(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv)
{
	struct uriscan_error err;
	const char *s;
	size_t len, n;
	char *out;
	int plus = argc > 1 && sqlite3_value_int(argv[1]) != 0;

	if (usq_any_null(ctx, argc, argv))
		return;
	s = usq_bytes(argv[0], &len);
	if ((out = sqlite3_malloc64(len + 1)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	if (uriscan_percent_decode(s, len, plus ? URISCAN_DECODE_PLUS : 0, out,
	                           len, &n, NULL, &err) != URISCAN_OK) {
		char detail[USQL_ERROR_TEXT_MAX], msg[2 * USQL_ERROR_TEXT_MAX];
		usql_error_text(detail, err.status, err.offset, s, len);
		snprintf(msg, sizeof msg, "uri_percent_decode: %s", detail);
		sqlite3_result_error(ctx, msg, -1);
	} else {
		usq_result_bytes(ctx, out, n);
	}
	sqlite3_free(out);
}

static void f_identity(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	sqlite3_result_value(ctx, argv[0]);
}

static void f_version(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	sqlite3_result_text(ctx, uriscan_version_string(), -1, SQLITE_STATIC);
}

typedef void (*usq_fn)(sqlite3_context *, int, sqlite3_value **);

int usq_register_scalar(sqlite3 *db)
{
	static const struct {
		const char *name;
		int min_args, max_args;
		usq_fn fn;
		int comp;
	} fns[] = {
	    {"uri_is_valid", 1, 2, f_is_valid, 0},
	    {"uri_error", 1, 2, f_error, 0},
	    {"uri_scheme", 1, 2, f_component, URISCAN_SCHEME},
	    {"uri_userinfo", 1, 2, f_component, URISCAN_USERINFO},
	    {"uri_host", 1, 2, f_component, URISCAN_HOST},
	    {"uri_path", 1, 2, f_component, URISCAN_PATH},
	    {"uri_query", 1, 2, f_component, URISCAN_QUERY},
	    {"uri_fragment", 1, 2, f_component, URISCAN_FRAGMENT},
	    {"uri_authority", 1, 2, f_component, URISCAN_AUTHORITY},
	    {"uri_port", 1, 2, f_port, 0},
	    {"uri_query_get", 2, 4, f_query_get, 0},
	    {"uri_path_segments", 1, 3, f_path_segments, 0},
	    {"uri_normalize", 1, 2, f_normalize, 0},
	    {"uri_resolve", 2, 3, f_resolve, 0},
	    {"uri_equivalent", 2, 3, f_equivalent, 0},
	    {"uri_percent_encode", 1, 1, f_percent_encode, 0},
	    {"uri_percent_decode", 1, 2, f_percent_decode, 0},
	    {"uriscan_identity", 1, 1, f_identity, 0},
	    {"uriscan_version", 0, 0, f_version, 0},
	};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
		for (int n = fns[i].min_args; n <= fns[i].max_args; n++) {
			int rc = sqlite3_create_function_v2(
			    db, fns[i].name, n, USQ_FLAGS,
			    (void *)(size_t)fns[i].comp, fns[i].fn, NULL, NULL, NULL);
			if (rc != SQLITE_OK)
				return rc;
		}
	return SQLITE_OK;
}
