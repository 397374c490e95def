/* SPDX-License-Identifier: MIT */
/*
 * pg_text.c: checks on plain text or bytea, without the type: uri_is_valid,
 * uri_error, uri_extract. The same C functions take text and bytea (both
 * varlenas of bytes); a grammar argument names the grammar.
 */
#include "pg_uriscan.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "sql_common.h"

PG_FUNCTION_INFO_V1(pgus_is_valid);
Datum pgus_is_valid(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	enum uriscan_grammar g = pgus_grammar_arg(fcinfo, 1);

	PG_RETURN_BOOL(uriscan_validate(g, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t),
	                                0, NULL) == URISCAN_OK);
}

/* uri_error(value, grammar): (status, byte_offset, detail), NULL when
 * valid. */
PG_FUNCTION_INFO_V1(pgus_error);
Datum pgus_error(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	enum uriscan_grammar g = pgus_grammar_arg(fcinfo, 1);
	const char *s = VARDATA_ANY(t);
	size_t len = VARSIZE_ANY_EXHDR(t);
	struct uriscan_error err;
	TupleDesc desc;
	Datum values[3];
	bool nulls[3] = {false, false, false};
	char detail[USQL_ERROR_TEXT_MAX];
	int st = uriscan_validate(g, s, len, 0, &err);

	if (st == URISCAN_OK)
		PG_RETURN_NULL();
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
		                errmsg("uri_error must return a composite")));
	desc = BlessTupleDesc(desc);
	usql_error_text(detail, st, err.offset, s, len);
	values[0] = CStringGetTextDatum(uriscan_status_name(st));
	values[1] = Int64GetDatum((int64)err.offset);
	values[2] = CStringGetTextDatum(detail);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

struct extract_ctx {
	ReturnSetInfo *rsi;
};

static int put_match(void *user, const struct uriscan_match *m)
{
	struct extract_ctx *x = user;
	Datum values[2];
	bool nulls[2] = {false, false};

	/* a long text can be cancelled between two matches (the library
	 * allocates nothing in uriscan_extract: leaving it is safe) */
	CHECK_FOR_INTERRUPTS();
	values[0] = Int64GetDatum((int64)m->offset);
	values[1] = PointerGetDatum(
	    cstring_to_text_with_len(m->bytes, (int)m->nbytes));
	tuplestore_putvalues(x->rsi->setResult, x->rsi->setDesc, values, nulls);
	return 0;
}

/* uri_extract(value, grammar): (byte_offset, url) of every URL in it, as
 * `uriscan extract` finds them (no opaque schemes; a URL as long as the
 * value may be: max_len is the largest the library takes). */
PG_FUNCTION_INFO_V1(pgus_extract);
Datum pgus_extract(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	enum uriscan_grammar g = pgus_grammar_arg(fcinfo, 1);
	struct uriscan_extract_options opt = {
	    .size = sizeof opt,
	    .flags = URISCAN_EXTRACT_NO_COMPONENTS,
	    .max_len = URISCAN_EXTRACT_MAX_LEN_MAX,
	};
	struct extract_ctx x;
	int st;

	InitMaterializedSRF(fcinfo, 0);
	x.rsi = (ReturnSetInfo *)fcinfo->resultinfo;
	st = uriscan_extract(g, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &opt,
	                     put_match, &x, NULL);
	if (st != URISCAN_OK)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		                errmsg("uri_extract: %s", uriscan_strerror(st))));
	return (Datum)0;
}
