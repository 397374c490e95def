/* SPDX-License-Identifier: MIT */
/*
 * pg_ops.c: operations that make a new value: uri_resolve,
 * uri_percent_encode and uri_percent_decode; uriscan_identity (returns its
 * argument: the function-call overhead the bench subtracts) and
 * uriscan_version.
 */
#include "pg_uriscan.h"

#include "utils/builtins.h"
#include "utils/memutils.h"

#include "sql_common.h"

/* uri_resolve(base, ref): RFC 3986 5.2 (RFC 3987 6.5 for iri), strict. */
PG_FUNCTION_INFO_V1(pgus_resolve);
Datum pgus_resolve(PG_FUNCTION_ARGS)
{
	pgus_view base, ref;
	struct uriscan_error err;
	size_t cap, n;
	char *out;
	int st;

	pgus_arg(fcinfo, 0, &base);
	pgus_arg(fcinfo, 1, &ref);
	/* the target is at most the base's and the reference's bytes and
	 * the "/." an authority-less "//" path gets */
	cap = base.text_len + ref.text_len + 8;
	out = palloc(cap);
	st = uriscan_resolve(base.g, base.text, base.text_len, ref.text,
	                     ref.text_len, 0, out, cap, &n, &err);
	if (st == URISCAN_E_BUFFER_TOO_SMALL) {
		cap = n + 1;
		out = repalloc(out, cap);
		st = uriscan_resolve(base.g, base.text, base.text_len, ref.text,
		                     ref.text_len, 0, out, cap, &n, &err);
	}
	if (st == URISCAN_E_BASE_RELATIVE)
		ereport(ERROR,
		        (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		         errmsg("cannot resolve against \"%.*s\"",
		                (int)Min(base.text_len, 200), base.text),
		         errdetail("%s", uriscan_strerror(st))));
	if (st != URISCAN_OK)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		                errmsg("uri_resolve: %s", uriscan_strerror(st))));
	return pgus_make(base.g, out, n);
}

PG_FUNCTION_INFO_V1(pgus_percent_encode);
Datum pgus_percent_encode(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	size_t len = VARSIZE_ANY_EXHDR(t), n;
	text *out;

	if (len > (MaxAllocSize - VARHDRSZ) / 3)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
		                errmsg("uri_percent_encode: value too long")));
	out = palloc(VARHDRSZ + 3 * len);
	n = usql_percent_encode(VARDATA_ANY(t), len, VARDATA(out));
	SET_VARSIZE(out, VARHDRSZ + n);
	PG_RETURN_TEXT_P(out);
}

/* uri_percent_decode(text, plus): strict (a malformed escape is an ERROR
 * with its offset); a result that is not text (NUL, invalid UTF-8) too. */
PG_FUNCTION_INFO_V1(pgus_percent_decode);
Datum pgus_percent_decode(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	bool plus = PG_GETARG_BOOL(1);
	const char *s = VARDATA_ANY(t);
	size_t len = VARSIZE_ANY_EXHDR(t), n;
	struct uriscan_error err;
	char *out = palloc(len + 1);
	int st = uriscan_percent_decode(s, len, plus ? URISCAN_DECODE_PLUS : 0,
	                                out, len, &n, NULL, &err);

	if (st != URISCAN_OK) {
		char detail[USQL_ERROR_TEXT_MAX];
		usql_error_text(detail, st, err.offset, s, len);
		ereport(ERROR,
		        (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
		         errmsg("invalid percent-encoding"),
		         errdetail("%s", detail)));
	}
	return pgus_text_checked(out, n, "the percent-decoded value",
	                         "Decode into bytea with uri_percent_decode_bytes.");
}

PG_FUNCTION_INFO_V1(pgus_percent_decode_bytes);
Datum pgus_percent_decode_bytes(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	bool plus = PG_GETARG_BOOL(1);
	const char *s = VARDATA_ANY(t);
	size_t len = VARSIZE_ANY_EXHDR(t), n;
	struct uriscan_error err;
	bytea *out = palloc(VARHDRSZ + len);
	int st = uriscan_percent_decode(s, len, plus ? URISCAN_DECODE_PLUS : 0,
	                                VARDATA(out), len, &n, NULL, &err);

	if (st != URISCAN_OK) {
		char detail[USQL_ERROR_TEXT_MAX];
		usql_error_text(detail, st, err.offset, s, len);
		ereport(ERROR,
		        (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
		         errmsg("invalid percent-encoding"),
		         errdetail("%s", detail)));
	}
	SET_VARSIZE(out, VARHDRSZ + n);
	PG_RETURN_BYTEA_P(out);
}

PG_FUNCTION_INFO_V1(pgus_identity);
Datum pgus_identity(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(PG_GETARG_TEXT_PP(0));
}

PG_FUNCTION_INFO_V1(pgus_version);
Datum pgus_version(PG_FUNCTION_ARGS)
{
	(void)fcinfo;
	PG_RETURN_TEXT_P(cstring_to_text(uriscan_version_string()));
}
