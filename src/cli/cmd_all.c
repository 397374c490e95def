/* SPDX-License-Identifier: MIT */
/*
 * cmd_all.c: uriscan parse --all-grammars. Each record is parsed with the
 * top rule of every grammar (RFC 1738 url, RFC 2396 URI-reference, RFC 3986
 * URI-reference, RFC 3987 IRI-reference) and one JSON object per record
 * says which accept it and where their splits differ:
 *
 *   {"record":N,"input":"...","accepted_by":["rfc2396","rfc3986"],
 *    "differ":["host","reg_name"],
 *    "grammars":{"rfc1738":{"valid":false,"error":"syntax","offset":4},
 *                "rfc2396":{"valid":true,"rule":"URI-reference",
 *                           "form":"hier_part","host_type":"hostname",
 *                           "kind":"uri","components":{"scheme":"http",...}},
 *                "rfc3987":"not built", ...}}
 *
 * differ lists, in uriscan_component order, every component that is not
 * the same span (or not equally absent) in all the grammars that accept the
 * record, then "host_type" when their host types differ. With fewer than
 * two accepting grammars it is empty.
 */
#include <string.h>

#include "uriscan.h"

#include "cmd_all.h"
#include "output.h"

int all_grammars_record(uint64_t record, const char *rec, size_t len)
{
	struct uriscan_uri u[URISCAN_GRAMMAR_COUNT];
	int st[URISCAN_GRAMMAR_COUNT];
	int built[URISCAN_GRAMMAR_COUNT];
	int first = -1, any = 0;

	for (unsigned g = 0; g < URISCAN_GRAMMAR_COUNT; g++) {
		built[g] = uriscan_grammar_available((enum uriscan_grammar)g);
		st[g] = built[g] ? uriscan_parse((enum uriscan_grammar)g, rec, len,
		                                 0, &u[g])
		                 : URISCAN_E_GRAMMAR_UNAVAILABLE;
	}
	OUT_LIT("{\"record\":");
	out_u64(record);
	OUT_LIT(",\"input\":");
	out_json_string(rec, len);
	OUT_LIT(",\"accepted_by\":[");
	for (unsigned g = 0; g < URISCAN_GRAMMAR_COUNT; g++) {
		if (st[g] != URISCAN_OK)
			continue;
		if (any++)
			out_char(',');
		out_json_name(uriscan_grammar_name((enum uriscan_grammar)g));
		if (first < 0)
			first = (int)g;
	}
	OUT_LIT("],\"differ\":[");
	int nd = 0;
	if (any >= 2) {
		const struct uriscan_uri *a = &u[first];
		for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
			int same = 1;
			for (unsigned g = (unsigned)first + 1; g < URISCAN_GRAMMAR_COUNT;
			     g++) {
				if (st[g] != URISCAN_OK)
					continue;
				if (URISCAN_HAS(a, c) != URISCAN_HAS(&u[g], c) ||
				    (URISCAN_HAS(a, c) &&
				     (a->part[c].off != u[g].part[c].off ||
				      a->part[c].len != u[g].part[c].len)))
					same = 0;
			}
			if (!same) {
				if (nd++)
					out_char(',');
				out_json_name(uriscan_component_name(c));
			}
		}
		int same_ht = 1;
		for (unsigned g = (unsigned)first + 1; g < URISCAN_GRAMMAR_COUNT; g++)
			if (st[g] == URISCAN_OK && u[g].host_type != a->host_type)
				same_ht = 0;
		if (!same_ht) {
			if (nd++)
				out_char(',');
			OUT_LIT("\"host_type\"");
		}
	}
	OUT_LIT("],\"grammars\":{");
	for (unsigned g = 0; g < URISCAN_GRAMMAR_COUNT; g++) {
		enum uriscan_grammar eg = (enum uriscan_grammar)g;
		if (g)
			out_char(',');
		out_json_name(uriscan_grammar_name(eg));
		out_char(':');
		if (!built[g]) {
			OUT_LIT("\"not built\"");
			continue;
		}
		if (st[g] != URISCAN_OK) {
			OUT_LIT("{\"valid\":false,\"error\":");
			out_json_name(uriscan_status_name(st[g]));
			OUT_LIT(",\"offset\":");
			out_u64(u[g].error_offset);
			out_char('}');
			continue;
		}
		OUT_LIT("{\"valid\":true,\"rule\":");
		out_json_name(uriscan_rule_name(eg, uriscan_rule_default(eg)));
		OUT_LIT(",\"form\":");
		if (u[g].form != URISCAN_FORM_NONE &&
		    uriscan_rule_name(eg, u[g].form) != NULL)
			out_json_name(uriscan_rule_name(eg, u[g].form));
		else
			OUT_LIT("null");
		OUT_LIT(",\"host_type\":");
		if (u[g].host_type != URISCAN_HOST_NONE)
			out_json_name(uriscan_host_type_name(u[g].host_type));
		else
			OUT_LIT("null");
		OUT_LIT(",\"kind\":");
		if (u[g].kind != URISCAN_KIND_NONE)
			out_json_name(uriscan_kind_name(u[g].kind));
		else
			OUT_LIT("null");
		OUT_LIT(",\"components\":{");
		int nc = 0;
		for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
			if (!URISCAN_HAS(&u[g], c))
				continue;
			if (nc++)
				out_char(',');
			out_json_name(uriscan_component_name(c));
			out_char(':');
			out_json_string(rec + u[g].part[c].off, u[g].part[c].len);
		}
		OUT_LIT("}}");
	}
	OUT_LIT("}}\n");
	return any > 0;
}
