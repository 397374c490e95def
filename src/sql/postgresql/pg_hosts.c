/* SPDX-License-Identifier: MIT */
/*
 * pg_hosts.c: what a uri's host means (docs/hosts.md), read as `uriscan
 * inspect` and the Python URI read it (src/frontend/host_read.h):
 * uri_host_inet, uri_ip_class, uri_browser_host, uri_site, uri_flags.
 */
#include "pg_uriscan.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/inet.h"

#include "host_read.h"

static void read_host(FunctionCallInfo fcinfo, struct host_info *h)
{
	pgus_view v;

	pgus_arg(fcinfo, 0, &v);
	frontend_host_read(h, v.g, v.text, v.text_len, NULL, NULL);
}

/* The address the host means, in any spelling ("0x7f.1", "2130706433",
 * "[::ffff:127.0.0.1]"): the browser's reading for the special schemes,
 * else the grammar's host read as an address; NULL for a name. */
PG_FUNCTION_INFO_V1(pgus_host_inet);
Datum pgus_host_inet(PG_FUNCTION_ARGS)
{
	struct host_info h;

	read_host(fcinfo, &h);
	if (h.addr.family == URISCAN_IP_NONE)
		PG_RETURN_NULL();
	return DirectFunctionCall1(inet_in, CStringGetDatum(h.ip));
}

PG_FUNCTION_INFO_V1(pgus_ip_class);
Datum pgus_ip_class(PG_FUNCTION_ARGS)
{
	struct host_info h;

	read_host(fcinfo, &h);
	if (h.addr.family == URISCAN_IP_NONE)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(uriscan_ip_class_name(h.addr.ip_class)));
}

static void need_idna(int st)
{
	if (st == URISCAN_E_IDNA_UNAVAILABLE)
		ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
		                errmsg("%s", uriscan_strerror(st))));
}

/* The host a browser reaches; NULL when the browser refuses the URL or has
 * no host for it (a scheme that is not special, a relative reference). */
PG_FUNCTION_INFO_V1(pgus_browser_host);
Datum pgus_browser_host(PG_FUNCTION_ARGS)
{
	struct host_info h;

	read_host(fcinfo, &h);
	need_idna(h.browser_status);
	if (h.browser_status != URISCAN_OK)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text_with_len(h.browser, (int)h.browser_len));
}

/* The registrable domain of the host (the Public Suffix List); NULL for an
 * address, a public suffix, a name with none. */
PG_FUNCTION_INFO_V1(pgus_site);
Datum pgus_site(PG_FUNCTION_ARGS)
{
	struct host_info h;

	read_host(fcinfo, &h);
	need_idna(h.browser_status);
	if (h.site_status == URISCAN_E_UNSUPPORTED)
		ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
		                errmsg("uri_site: uriscan was built without libpsl")));
	if (h.site_len == 0)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text_with_len(h.site, (int)h.site_len));
}

static Datum flag_array(uint32_t f)
{
	ArrayBuildState *astate =
	    initArrayResult(TEXTOID, CurrentMemoryContext, false);

	for (unsigned b = 0; b < 32; b++)
		if (f & (1u << b))
			astate = accumArrayResult(
			    astate, CStringGetTextDatum(uriscan_confusion_name(1u << b)),
			    false, TEXTOID, CurrentMemoryContext);
	return makeArrayResult(astate, CurrentMemoryContext);
}

/* uri_flags(uri): the URL-confusion flags, text[] in bit order. */
PG_FUNCTION_INFO_V1(pgus_flags);
Datum pgus_flags(PG_FUNCTION_ARGS)
{
	pgus_view v;
	uint32_t f = 0;

	pgus_arg(fcinfo, 0, &v);
	uriscan_confusion(v.g, v.text, v.text_len, 0, &f, NULL);
	PG_RETURN_DATUM(flag_array(f));
}

/* uri_flags(text or bytea, grammar): the same on any bytes. */
PG_FUNCTION_INFO_V1(pgus_text_flags);
Datum pgus_text_flags(PG_FUNCTION_ARGS)
{
	text *t = PG_GETARG_TEXT_PP(0);
	enum uriscan_grammar g = pgus_grammar_arg(fcinfo, 1);
	uint32_t f = 0;
	int st = uriscan_confusion(g, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), 0,
	                           &f, NULL);

	if (st != URISCAN_OK)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
		                errmsg("uri_flags: %s", uriscan_strerror(st))));
	PG_RETURN_DATUM(flag_array(f));
}
