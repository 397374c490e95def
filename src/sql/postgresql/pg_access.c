/* SPDX-License-Identifier: MIT */
/*
 * pg_access.c: the components of a uri or iri, read from the spans stored
 * with it (no parse): uri_scheme ... uri_authority, uri_port, the query's
 * parameters (uri_query_get, uri_query_params) and uri_path_segments.
 */
#include "pg_uriscan.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "sql_common.h"

static Datum component(FunctionCallInfo fcinfo, unsigned c)
{
	pgus_view v;
	const char *p;
	size_t n;

	pgus_arg(fcinfo, 0, &v);
	if (!pgus_component(&v, c, &p, &n))
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text_with_len(p, (int)n));
}

#define COMPONENT_FN(name, c)                                                  \
	PG_FUNCTION_INFO_V1(name);                                                 \
	Datum name(PG_FUNCTION_ARGS) { return component(fcinfo, c); }
COMPONENT_FN(pgus_scheme, URISCAN_SCHEME)
COMPONENT_FN(pgus_userinfo, URISCAN_USERINFO)
COMPONENT_FN(pgus_host, URISCAN_HOST)
COMPONENT_FN(pgus_path, URISCAN_PATH)
COMPONENT_FN(pgus_query, URISCAN_QUERY)
COMPONENT_FN(pgus_fragment, URISCAN_FRAGMENT)
COMPONENT_FN(pgus_authority, URISCAN_AUTHORITY)

/* The port as a number: NULL when absent or empty; an ERROR above the
 * integer's range (RFC 3986 allows any digits). */
PG_FUNCTION_INFO_V1(pgus_port);
Datum pgus_port(PG_FUNCTION_ARGS)
{
	pgus_view v;
	const char *p;
	size_t n;
	int64 port = 0;

	pgus_arg(fcinfo, 0, &v);
	if (!pgus_component(&v, URISCAN_PORT, &p, &n) || n == 0)
		PG_RETURN_NULL();
	for (size_t i = 0; i < n; i++) {
		port = port * 10 + (p[i] - '0');
		if (port > PG_INT32_MAX)
			ereport(ERROR,
			        (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			         errmsg("port \"%.*s\" is out of range for type integer",
			                (int)Min(n, 40), p)));
	}
	PG_RETURN_INT32((int32)port);
}

#define DECODE_HINT "Pass decode => false for the bytes as written."

static Datum decoded(const char *s, size_t n, bool decode, bool plus)
{
	size_t m;
	char *d;

	if (!decode)
		return PointerGetDatum(cstring_to_text_with_len(s, (int)n));
	d = pgus_decode(s, n, plus, &m);
	return pgus_text_checked(d, m, "the percent-decoded value", DECODE_HINT);
}

/* uri_query_get(uri, key, decode): the value of the first parameter whose
 * key, decoded, is key; NULL when none or when it has no '='. */
PG_FUNCTION_INFO_V1(pgus_query_get);
Datum pgus_query_get(PG_FUNCTION_ARGS)
{
	pgus_view v;
	text *key = PG_GETARG_TEXT_PP(1);
	bool decode = PG_GETARG_BOOL(2);
	const char *q;
	size_t n;
	int found = 0;
	struct uriscan_query_pair pair;

	pgus_arg(fcinfo, 0, &v);
	if (!pgus_component(&v, URISCAN_QUERY, &q, &n))
		PG_RETURN_NULL();
	if (uriscan_query_get(q, n, VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key),
	                      URISCAN_DECODE_PLUS, &found, &pair) != URISCAN_OK ||
	    !found || !pair.has_value)
		PG_RETURN_NULL();
	return decoded(q + pair.value.off, pair.value.len, decode, true);
}

/* uri_query_params(uri, decode): (key, value, position), every parameter
 * but the empty ones, in order; value NULL for a key without '='. */
PG_FUNCTION_INFO_V1(pgus_query_params);
Datum pgus_query_params(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsi = (ReturnSetInfo *)fcinfo->resultinfo;
	pgus_view v;
	bool decode = PG_GETARG_BOOL(1);
	const char *q;
	size_t n;
	int32 pos = 0;
	struct uriscan_query_iter it;
	struct uriscan_query_pair pair;

	InitMaterializedSRF(fcinfo, 0);
	pgus_arg(fcinfo, 0, &v);
	if (!pgus_component(&v, URISCAN_QUERY, &q, &n))
		return (Datum)0;
	if (uriscan_query_iter_init(&it, q, n, 0) != URISCAN_OK)
		return (Datum)0;
	while (uriscan_query_next(&it, &pair) == URISCAN_OK) {
		Datum values[3];
		bool nulls[3] = {false, false, false};

		if (pair.pair.len == 0)
			continue;
		values[0] = decoded(q + pair.key.off, pair.key.len, decode, true);
		if (pair.has_value)
			values[1] = decoded(q + pair.value.off, pair.value.len, decode,
			                    true);
		else
			nulls[1] = true;
		values[2] = Int32GetDatum(++pos);
		tuplestore_putvalues(rsi->setResult, rsi->setDesc, values, nulls);
	}
	return (Datum)0;
}

/* uri_path_segments(uri, decode): text[] (see usql_segs_init). */
PG_FUNCTION_INFO_V1(pgus_path_segments);
Datum pgus_path_segments(PG_FUNCTION_ARGS)
{
	pgus_view v;
	bool decode = PG_GETARG_BOOL(1);
	const char *p = "";
	size_t n = 0, off, len;
	struct usql_segs it;
	ArrayBuildState *astate = NULL;

	pgus_arg(fcinfo, 0, &v);
	pgus_component(&v, URISCAN_PATH, &p, &n);
	usql_segs_init(&it, p, n);
	astate = initArrayResult(TEXTOID, CurrentMemoryContext, false);
	while (usql_segs_next(&it, &off, &len))
		astate = accumArrayResult(astate, decoded(p + off, len, decode, false),
		                          false, TEXTOID, CurrentMemoryContext);
	PG_RETURN_DATUM(makeArrayResult(astate, CurrentMemoryContext));
}
