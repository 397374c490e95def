/* SPDX-License-Identifier: MIT */
/*
 * pg_type.c: the types uri and iri: input and output (text and binary),
 * the casts from text, the stored form (pg_uriscan.h), and what works on
 * the normal form: comparison, the btree and hash support, uri_normalize,
 * uri_equivalent.
 */
#include "pg_uriscan.h"

#include <string.h>

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "sql_common.h"

PG_MODULE_MAGIC;

const char *pgus_type_name(enum uriscan_grammar g)
{
	return g == URISCAN_RFC3987 ? "iri" : "uri";
}

static size_t span_size(unsigned flags)
{
	return (flags & PGUS_WIDE) ? 2 * sizeof(uint32) : 2 * sizeof(uint16);
}

static void raise_invalid(enum uriscan_grammar g, int st, size_t off,
                          const char *s, size_t len)
{
	char detail[USQL_ERROR_TEXT_MAX];

	/* the value in the message: its first 200 bytes, cut between two
	 * characters */
	int shown = len > 200 ? pg_mbcliplen(s, (int)len, 200) : (int)len;

	usql_error_text(detail, st, off, s, len);
	ereport(ERROR,
	        (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
	         errmsg("invalid input syntax for type %s: \"%.*s%s\"",
	                pgus_type_name(g), shown, s,
	                (size_t)shown < len ? "..." : ""),
	         errdetail("%s", detail)));
}

Datum pgus_make(enum uriscan_grammar g, const char *s, size_t len)
{
	struct uriscan_uri u;
	struct uriscan_error err;
	pgus_meta m;
	char *norm;
	size_t cap, norm_len, spans, total;
	unsigned flags = 0;
	int st;
	char *h, *p;

	st = uriscan_parse(g, s, len, 0, &u);
	if (st != URISCAN_OK)
		raise_invalid(g, st, u.error_offset, s, len);
	cap = len + 16;
	norm = palloc(cap);
	st = uriscan_normalize(g, s, len, usql_norm_flags(g), norm, cap,
	                       &norm_len, &err);
	if (st == URISCAN_E_BUFFER_TOO_SMALL) {
		pfree(norm);
		cap = norm_len + 1;
		norm = palloc(cap);
		st = uriscan_normalize(g, s, len, usql_norm_flags(g), norm, cap,
		                       &norm_len, &err);
	}
	if (st != URISCAN_OK)
		raise_invalid(g, st, err.offset, s, len);
	if (len > 65535 || norm_len > 65535)
		flags |= PGUS_WIDE;
	if (norm_len == len && memcmp(norm, s, len) == 0)
		flags |= PGUS_NORM_SAME;
	spans = PGUS_NCOMP * span_size(flags);
	total = VARHDRSZ + sizeof m + spans + len +
	        ((flags & PGUS_NORM_SAME) ? 0 : norm_len);
	if (total > MaxAllocSize)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
		                errmsg("%s value too long", pgus_type_name(g))));
	h = palloc0(total);
	SET_VARSIZE(h, total);
	memset(&m, 0, sizeof m);
	m.version = PGUS_VERSION;
	m.grammar = (uint8)g;
	m.flags = (uint8)flags;
	m.host_type = (uint8)u.host_type;
	m.present = u.present & ((1u << PGUS_NCOMP) - 1);
	m.text_len = (uint32)len;
	p = VARDATA(h);
	memcpy(p, &m, sizeof m);
	p += sizeof m;
	for (unsigned c = 0; c < PGUS_NCOMP; c++) {
		if (flags & PGUS_WIDE) {
			uint32 sp[2] = {u.part[c].off, u.part[c].len};
			memcpy(p + c * sizeof sp, sp, sizeof sp);
		} else {
			uint16 sp[2] = {(uint16)u.part[c].off, (uint16)u.part[c].len};
			memcpy(p + c * sizeof sp, sp, sizeof sp);
		}
	}
	p += spans;
	memcpy(p, s, len);
	if (!(flags & PGUS_NORM_SAME))
		memcpy(p + len, norm, norm_len);
	pfree(norm);
	PG_RETURN_POINTER(h);
}

void pgus_arg(FunctionCallInfo fcinfo, int n, pgus_view *v)
{
	Pointer datum = DatumGetPointer(PG_GETARG_DATUM(n));
	Pointer value = (Pointer)PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n));
	const char *p = VARDATA_ANY(value);
	size_t size = VARSIZE_ANY_EXHDR(value), spans;

	if (size < sizeof v->m)
		ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("uri value of an unknown format")));
	memcpy(&v->m, p, sizeof v->m);
	if (v->m.version != PGUS_VERSION)
		ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("uri value of an unknown format")));
	spans = PGUS_NCOMP * span_size(v->m.flags);
	if (size - sizeof v->m < spans ||
	    size - sizeof v->m - spans < v->m.text_len)
		ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("uri value shorter than its text")));
	v->datum = datum;
	v->value = value;
	v->g = (enum uriscan_grammar)v->m.grammar;
	v->spans = p + sizeof v->m;
	v->text = v->spans + spans;
	v->text_len = v->m.text_len;
	if (v->m.flags & PGUS_NORM_SAME) {
		v->norm = v->text;
		v->norm_len = v->text_len;
	} else {
		v->norm = v->text + v->text_len;
		v->norm_len = size - sizeof v->m - spans - v->m.text_len;
	}
}

void pgus_free(pgus_view *v)
{
	if (v->value != v->datum)
		pfree(v->value);
}

int pgus_component(const pgus_view *v, unsigned c, const char **p,
                   size_t *len)
{
	size_t off;

	if (c >= PGUS_NCOMP || !((v->m.present >> c) & 1u))
		return 0;
	if (v->m.flags & PGUS_WIDE) {
		uint32 s[2];
		memcpy(s, v->spans + c * sizeof s, sizeof s);
		off = s[0];
		*len = s[1];
	} else {
		uint16 s[2];
		memcpy(s, v->spans + c * sizeof s, sizeof s);
		off = s[0];
		*len = s[1];
	}
	if (off > v->text_len || *len > v->text_len - off)
		ereport(ERROR, (errcode(ERRCODE_DATA_CORRUPTED),
		                errmsg("uri value with a component outside it")));
	*p = v->text + off;
	return 1;
}

enum uriscan_grammar pgus_grammar_arg(FunctionCallInfo fcinfo, int n)
{
	text *t = PG_GETARG_TEXT_PP(n);
	enum uriscan_grammar g;
	int st = usql_grammar(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &g);

	if (st != URISCAN_OK)
		ereport(ERROR,
		        (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		         errmsg("%s: \"%.*s\"", uriscan_strerror(st),
		                (int)VARSIZE_ANY_EXHDR(t), VARDATA_ANY(t)),
		         errhint("Use rfc3986, rfc3987, rfc2396 or rfc1738.")));
	return g;
}

Datum pgus_text_checked(const char *s, size_t len, const char *what,
                        const char *hint)
{
	if (memchr(s, '\0', len) != NULL || !pg_verifymbstr(s, (int)len, true))
		ereport(ERROR,
		        (errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
		         errmsg("%s is not valid text in the database encoding",
		                what),
		         hint ? errhint("%s", hint) : 0));
	return PointerGetDatum(cstring_to_text_with_len(s, (int)len));
}

char *pgus_decode(const char *s, size_t len, int plus, size_t *out_len)
{
	char *out = palloc(len + 1);
	unsigned flags = URISCAN_DECODE_LENIENT | (plus ? URISCAN_DECODE_PLUS : 0);

	if (uriscan_percent_decode(s, len, flags, out, len, out_len, NULL,
	                           NULL) != URISCAN_OK)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
		                errmsg("percent-decoding failed")));
	return out;
}

/* ---- input and output ---- */

#define IN_FN(name, grammar)                                                   \
	PG_FUNCTION_INFO_V1(name);                                                 \
	Datum name(PG_FUNCTION_ARGS)                                               \
	{                                                                          \
		const char *s = PG_GETARG_CSTRING(0);                                  \
		return pgus_make(grammar, s, strlen(s));                               \
	}
IN_FN(pgus_uri_in, URISCAN_RFC3986)
IN_FN(pgus_iri_in, URISCAN_RFC3987)

#define FROM_TEXT_FN(name, grammar)                                            \
	PG_FUNCTION_INFO_V1(name);                                                 \
	Datum name(PG_FUNCTION_ARGS)                                               \
	{                                                                          \
		text *t = PG_GETARG_TEXT_PP(0);                                        \
		return pgus_make(grammar, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));       \
	}
FROM_TEXT_FN(pgus_uri_from_text, URISCAN_RFC3986)
FROM_TEXT_FN(pgus_iri_from_text, URISCAN_RFC3987)

#define RECV_FN(name, grammar)                                                 \
	PG_FUNCTION_INFO_V1(name);                                                 \
	Datum name(PG_FUNCTION_ARGS)                                               \
	{                                                                          \
		StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);                     \
		int n;                                                                 \
		char *s = pq_getmsgtext(buf, buf->len - buf->cursor, &n);             \
		return pgus_make(grammar, s, (size_t)n);                               \
	}
RECV_FN(pgus_uri_recv, URISCAN_RFC3986)
RECV_FN(pgus_iri_recv, URISCAN_RFC3987)

PG_FUNCTION_INFO_V1(pgus_out);
Datum pgus_out(PG_FUNCTION_ARGS)
{
	pgus_view v;

	pgus_arg(fcinfo, 0, &v);
	PG_RETURN_CSTRING(pnstrdup(v.text, v.text_len));
}

PG_FUNCTION_INFO_V1(pgus_send);
Datum pgus_send(PG_FUNCTION_ARGS)
{
	pgus_view v;
	StringInfoData buf;

	pgus_arg(fcinfo, 0, &v);
	pq_begintypsend(&buf);
	pq_sendtext(&buf, v.text, (int)v.text_len);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(pgus_to_text);
Datum pgus_to_text(PG_FUNCTION_ARGS)
{
	pgus_view v;

	pgus_arg(fcinfo, 0, &v);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(v.text, (int)v.text_len));
}

/* iri -> uri: RFC 3987 3.1 (non-ASCII percent-encoded); uri -> iri: every
 * URI is an IRI, read again by the IRI grammar. */
PG_FUNCTION_INFO_V1(pgus_iri_to_uri);
Datum pgus_iri_to_uri(PG_FUNCTION_ARGS)
{
	pgus_view v;
	size_t cap, n;
	char *out;
	int st;

	pgus_arg(fcinfo, 0, &v);
	if (v.text_len > (MaxAllocSize - 1) / 3)
		ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
		                errmsg("iri value too long to map to a uri")));
	cap = 3 * v.text_len + 1;
	out = palloc(cap);
	st = uriscan_iri_to_uri(v.text, v.text_len, 0, out, cap, &n, NULL);
	if (st != URISCAN_OK)
		ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
		                errmsg("iri to uri: %s", uriscan_strerror(st))));
	return pgus_make(URISCAN_RFC3986, out, n);
}

PG_FUNCTION_INFO_V1(pgus_uri_to_iri);
Datum pgus_uri_to_iri(PG_FUNCTION_ARGS)
{
	pgus_view v;

	pgus_arg(fcinfo, 0, &v);
	return pgus_make(URISCAN_RFC3987, v.text, v.text_len);
}

/* ---- the normal form: comparison, hashing, uri_normalize ---- */

static int cmp_norm(FunctionCallInfo fcinfo)
{
	pgus_view a, b;
	int c;

	pgus_arg(fcinfo, 0, &a);
	pgus_arg(fcinfo, 1, &b);
	c = memcmp(a.norm, b.norm, Min(a.norm_len, b.norm_len));
	if (c == 0 && a.norm_len != b.norm_len)
		c = a.norm_len < b.norm_len ? -1 : 1;
	pgus_free(&a);
	pgus_free(&b);
	return c < 0 ? -1 : c > 0;
}

PG_FUNCTION_INFO_V1(pgus_cmp);
Datum pgus_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(cmp_norm(fcinfo)); }

#define CMP_FN(name, op)                                                       \
	PG_FUNCTION_INFO_V1(name);                                                 \
	Datum name(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(cmp_norm(fcinfo) op 0); }
CMP_FN(pgus_eq, ==)
CMP_FN(pgus_ne, !=)
CMP_FN(pgus_lt, <)
CMP_FN(pgus_le, <=)
CMP_FN(pgus_gt, >)
CMP_FN(pgus_ge, >=)

PG_FUNCTION_INFO_V1(pgus_hash);
Datum pgus_hash(PG_FUNCTION_ARGS)
{
	pgus_view v;
	Datum h;

	pgus_arg(fcinfo, 0, &v);
	h = hash_any((const unsigned char *)v.norm, (int)v.norm_len);
	pgus_free(&v);
	return h;
}

PG_FUNCTION_INFO_V1(pgus_hash_extended);
Datum pgus_hash_extended(PG_FUNCTION_ARGS)
{
	pgus_view v;
	Datum h;

	pgus_arg(fcinfo, 0, &v);
	h = hash_any_extended((const unsigned char *)v.norm, (int)v.norm_len,
	                      PG_GETARG_INT64(1));
	pgus_free(&v);
	return h;
}

PG_FUNCTION_INFO_V1(pgus_normalize);
Datum pgus_normalize(PG_FUNCTION_ARGS)
{
	pgus_view v;

	pgus_arg(fcinfo, 0, &v);
	return pgus_make(v.g, v.norm, v.norm_len);
}
