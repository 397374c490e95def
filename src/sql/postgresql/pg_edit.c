/* SPDX-License-Identifier: MIT */
/*
 * pg_edit.c: query editing that keeps every other byte (issue 48's
 * uriscan_query_edit and uriscan_rewrite, docs/rewrite.md) on the types:
 * uri_strip_tracking (the default tracking list, or that list and more
 * globs), uri_query_remove (keys or globs), uri_query_set, uri_query_sort.
 * Each returns a value of its argument's type. Keys match percent-decoded
 * with '+' a space, case-sensitively, pairs split at '&': as
 * uri_query_get reads them; a new value is written form-encoded (a space
 * as '+').
 */
#include "pg_uriscan.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "sql_common.h"

/* The flags of every edit: keys as uri_query_get reads them. */
#define EDIT_FLAGS URISCAN_DECODE_PLUS

/* Run the edits (or, tracking set, the strip) on v and return the new
 * value: the buffer grows once to the size the library asks for. */
static Datum run_edit(const char *fn, const pgus_view *v,
                      const struct uriscan_query_edit *edits, size_t n_edits,
                      const char *const *tracking, size_t n_tracking)
{
	struct uriscan_error err;
	size_t cap = v->text_len + 64, n = 0, sw_size = 0;
	char *out;
	void *sw = NULL;
	int st;

	for (size_t i = 0; i < n_edits; i++)
		if (edits[i].op == URISCAN_QUERY_SORT) {
			/* room to sort every pair in one read (O(n log n)); past
			 * palloc's limit, as much as it gives (a read per that) */
			sw_size = URISCAN_QUERY_SORT_WORK(v->text_len, n_edits);
			if (sw_size > MaxAllocSize)
				sw_size = MaxAllocSize;
			sw = palloc(sw_size);
			break;
		}

	for (int round = 0;; round++) {
		out = palloc(cap);
		if (tracking != NULL) {
			struct uriscan_rewrite_options ro = {0};
			ro.size = sizeof ro;
			ro.flags = URISCAN_REWRITE_STRIP_TRACKING;
			ro.query_flags = EDIT_FLAGS;
			ro.tracking = tracking;
			ro.n_tracking = n_tracking;
			st = uriscan_rewrite(v->g, v->text, v->text_len, &ro, out, cap,
			                     &n, &err);
		} else {
			struct uriscan_query_edit_options qo = {0};
			qo.size = sizeof qo;
			qo.flags = EDIT_FLAGS;
			qo.edits = edits;
			qo.n_edits = n_edits;
			qo.sort_work = sw;
			qo.sort_work_size = sw_size;
			st = uriscan_query_edit(v->g, v->text, v->text_len, &qo, out,
			                        cap, &n, &err);
		}
		if (st != URISCAN_E_BUFFER_TOO_SMALL || round > 0)
			break;
		pfree(out);
		if (n >= MaxAllocSize - VARHDRSZ - 1)
			ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
			                errmsg("%s: the result would pass 1 GB", fn)));
		cap = n + 1;
	}
	if (st == URISCAN_E_TOO_LONG)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
		                errmsg("%s: value too long", fn)));
	if (st != URISCAN_OK)
		/* a stored value is valid and every edit well formed: not reached
		 * unless the library and the stored value disagree */
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		                errmsg("%s: %s at byte %zu", fn,
		                       uriscan_status_name(st), err.offset)));
	return pgus_make(v->g, out, n);
}

/* The elements of a text[] argument as NUL-terminated strings (keys hold
 * no NUL: text cannot); *n their count. A NULL element is an ERROR. */
static char **text_array(const char *fn, ArrayType *a, int *n)
{
	Datum *elems;
	bool *nulls;
	char **out;

	if (ARR_NDIM(a) > 1)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		                errmsg("%s: the keys must be a one-dimensional array",
		                       fn)));
	deconstruct_array(a, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, n);
	out = palloc(sizeof(char *) * (*n + 1));
	for (int i = 0; i < *n; i++) {
		if (nulls[i])
			ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			                errmsg("%s: key %d is NULL", fn, i + 1)));
		out[i] = text_to_cstring(DatumGetTextPP(elems[i]));
	}
	return out;
}

/* uri_strip_tracking(uri): the default list (uriscan_tracking_default). */
PG_FUNCTION_INFO_V1(pgus_strip_tracking);
Datum pgus_strip_tracking(PG_FUNCTION_ARGS)
{
	pgus_view v;
	size_t n_def;
	const char *const *def = uriscan_tracking_default(&n_def);

	pgus_arg(fcinfo, 0, &v);
	return run_edit("uri_strip_tracking", &v, NULL, 0, def, n_def);
}

/* uri_strip_tracking(uri, extra text[]): the default list and extra. */
PG_FUNCTION_INFO_V1(pgus_strip_tracking_more);
Datum pgus_strip_tracking_more(PG_FUNCTION_ARGS)
{
	pgus_view v;
	size_t n_def;
	const char *const *def = uriscan_tracking_default(&n_def);
	int n_extra;
	char **extra = text_array("uri_strip_tracking", PG_GETARG_ARRAYTYPE_P(1),
	                          &n_extra);
	const char **list = palloc(sizeof(char *) * (n_def + n_extra + 1));

	memcpy(list, def, sizeof(char *) * n_def);
	memcpy(list + n_def, extra, sizeof(char *) * n_extra);
	pgus_arg(fcinfo, 0, &v);
	return run_edit("uri_strip_tracking", &v, NULL, 0, list,
	                n_def + (size_t)n_extra);
}

/* uri_query_remove(uri, VARIADIC keys text[]): keys or globs ('*'). */
PG_FUNCTION_INFO_V1(pgus_query_remove);
Datum pgus_query_remove(PG_FUNCTION_ARGS)
{
	pgus_view v;
	int n;
	char **keys = text_array("uri_query_remove", PG_GETARG_ARRAYTYPE_P(1), &n);
	struct uriscan_query_edit *e = palloc0(sizeof *e * (n + 1));

	for (int i = 0; i < n; i++) {
		e[i].op = URISCAN_QUERY_REMOVE;
		e[i].key = keys[i];
		e[i].key_len = strlen(keys[i]);
	}
	pgus_arg(fcinfo, 0, &v);
	if (n == 0)
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	return run_edit("uri_query_remove", &v, e, (size_t)n, NULL, 0);
}

/* uri_query_set(uri, key, value): the first pair with the key gets the
 * value, the others go; appended when there is none. */
PG_FUNCTION_INFO_V1(pgus_query_set);
Datum pgus_query_set(PG_FUNCTION_ARGS)
{
	pgus_view v;
	text *k = PG_GETARG_TEXT_PP(1), *val = PG_GETARG_TEXT_PP(2);
	struct uriscan_query_edit e = {0};

	e.op = URISCAN_QUERY_SET;
	e.key = VARDATA_ANY(k);
	e.key_len = VARSIZE_ANY_EXHDR(k);
	e.value = VARDATA_ANY(val);
	e.value_len = VARSIZE_ANY_EXHDR(val);
	pgus_arg(fcinfo, 0, &v);
	return run_edit("uri_query_set", &v, &e, 1, NULL, 0);
}

/* uri_query_sort(uri): by decoded key, stable. */
PG_FUNCTION_INFO_V1(pgus_query_sort);
Datum pgus_query_sort(PG_FUNCTION_ARGS)
{
	pgus_view v;
	struct uriscan_query_edit e = {0};

	e.op = URISCAN_QUERY_SORT;
	pgus_arg(fcinfo, 0, &v);
	return run_edit("uri_query_sort", &v, &e, 1, NULL, 0);
}
