/* SPDX-License-Identifier: MIT */
/*
 * op_output.c: the output records of normalize and resolve (op_output.h).
 * Writes stdout (and the record's error message); reads no input.
 */
#include "op_output.h"

#include <stdlib.h>

#include "grammar_opts.h"
#include "output.h"
#include "report.h"

/* ,"NAME":value for scheme .. fragment (those the grammar defines) and
 * host_type, from a parse of the result res[0, n). */
static void jsonl_parts(enum uriscan_grammar g, const char *res, size_t n,
                        int ok)
{
	const struct grammar_fields *f = cli_grammar_fields(g);
	struct uriscan_uri u;

	if (!ok || uriscan_parse(g, res, n, 0, &u) != URISCAN_OK) {
		u.present = 0;
		u.host_type = URISCAN_HOST_NONE;
	}
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		if (!(f->components & (1u << c)))
			continue;
		OUT_LIT(",\"");
		out_str(uriscan_component_name(c));
		OUT_LIT("\":");
		if (URISCAN_HAS(&u, c))
			out_json_string(res + u.part[c].off, u.part[c].len);
		else
			OUT_LIT("null");
	}
	OUT_LIT(",\"host_type\":");
	out_json_name(u.host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(u.host_type)
	                  : NULL);
}

static void emit_jsonl(struct op_run *r, const char *in, size_t inlen,
                       int status, const char *res, size_t rlen, size_t off)
{
	int ok = status == URISCAN_OK;

	OUT_LIT("{\"record\":");
	out_u64(r->loop.record);
	OUT_LIT(",\"input\":");
	out_json_string(in, inlen);
	OUT_LIT(",\"output\":");
	if (ok)
		out_json_string(res, rlen);
	else
		OUT_LIT("null");
	if (ok) {
		OUT_LIT(",\"error\":null,\"offset\":null");
	} else {
		OUT_LIT(",\"error\":\"");
		out_str(uriscan_status_name(status));
		OUT_LIT("\",\"offset\":");
		out_u64(off);
	}
	jsonl_parts(r->g, res, rlen, ok);
	OUT_LIT("}\n");
}

void op_setup(struct op_run *r, const struct opts *o, const char *command,
              reader_record_fn fn, void *ctx)
{
	if (o->format_given && o->format != FORMAT_JSONL)
		cli_usage_error("%s: --format is jsonl or nothing", command);
	r->g = cli_grammar(o->grammar);
	r->jsonl = o->format_given;
	r->loop.delim = o->null_data ? '\0' : '\n';
	r->loop.strip_cr = !o->null_data;
	r->loop.fn = fn;
	r->loop.ctx = ctx;
}

void op_emit(struct op_run *r, const char *in, size_t inlen, int status,
             const char *res, size_t rlen, size_t off)
{
	if (status != URISCAN_OK) {
		r->any_invalid = 1;
		cli_record_error(r->loop.label, r->loop.record, in, inlen, off,
		                 status);
	}
	if (r->jsonl) {
		emit_jsonl(r, in, inlen, status, res, rlen, off);
	} else {
		if (status == URISCAN_OK)
			out_bytes(res, rlen);
		out_char(r->loop.delim);
	}
	out_end_record();
}

int op_finish(struct op_run *r, int trouble)
{
	out_flush();
	if (trouble)
		return EXIT_TROUBLE;
	return r->any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}
