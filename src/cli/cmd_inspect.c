/* SPDX-License-Identifier: MIT */
/*
 * cmd_inspect.c: `uriscan inspect`: per record, the grammar's reading (its
 * components, as `parse`) and what the host really means (host_info.h):
 *
 *   {"record":1,"input":"http://0x7f.1/","valid":true,"error":null,
 *    "offset":null,"scheme":"http",...,"host_type":"reg-name",
 *    "ip":"127.0.0.1","ip_form":"hex","ip_class":"loopback",
 *    "browser_host":"127.0.0.1","browser_error":null,"site":null,
 *    "flags":["ip_noncanonical","browser_host_differs"]}
 *
 * browser_error names the status when the browser refuses the URL (or
 * does not read it: "unsupported" for a scheme that is not special);
 * site is null without a registrable domain, and "site_error":
 * "unsupported" says a library built without a List. --format=tsv: the
 * same as columns (\N for null, the flags comma-joined), the input last.
 * Exit status 1 when a record is invalid for the grammar (as `parse`).
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "grammar_opts.h"
#include "host_fields.h"
#include "host_info.h"
#include "input.h"
#include "opts.h"
#include "output.h"
#include "report.h"

struct inspect_run {
	struct record_loop loop;
	enum uriscan_grammar g;
	enum format format;
	int any_invalid;
	struct host_info h;
};

/* The components every grammar shares (scheme .. fragment). */
#define BASE_COMPONENTS (URISCAN_FRAGMENT + 1)

static void inspect_jsonl(struct inspect_run *r, const char *rec, size_t len)
{
	const struct host_info *h = &r->h;

	OUT_LIT("{\"record\":");
	out_u64(r->loop.record);
	OUT_LIT(",\"input\":");
	out_json_string(rec, len);
	if (h->status == URISCAN_OK) {
		OUT_LIT(",\"valid\":true,\"error\":null,\"offset\":null");
	} else {
		OUT_LIT(",\"valid\":false,\"error\":\"");
		out_str(uriscan_status_name(h->status));
		OUT_LIT("\",\"offset\":");
		out_u64(h->u.error_offset);
	}
	for (unsigned c = 0; c < BASE_COMPONENTS; c++) {
		OUT_LIT(",\"");
		out_str(uriscan_component_name(c));
		OUT_LIT("\":");
		out_json_or_null(rec + h->u.part[c].off, h->u.part[c].len,
		                 URISCAN_HAS(&h->u, c));
	}
	OUT_LIT(",\"host_type\":");
	out_json_name(h->u.host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(h->u.host_type)
	                  : NULL);
	host_fields_jsonl(h, "", HOST_FIELDS_ERRORS);
	OUT_LIT("}\n");
}

static void inspect_tsv(struct inspect_run *r, const char *rec, size_t len)
{
	const struct host_info *h = &r->h;
	const char *s;

	out_u64(r->loop.record);
	if (h->status == URISCAN_OK) {
		OUT_LIT("\ttrue\t\\N\t\\N");
	} else {
		OUT_LIT("\tfalse\t");
		out_str(uriscan_status_name(h->status));
		out_char('\t');
		out_u64(h->u.error_offset);
	}
	for (unsigned c = 0; c < BASE_COMPONENTS; c++)
		out_tsv_or_null(rec + h->u.part[c].off, h->u.part[c].len,
		                URISCAN_HAS(&h->u, c));
	s = h->u.host_type != URISCAN_HOST_NONE
	        ? uriscan_host_type_name(h->u.host_type)
	        : NULL;
	out_tsv_or_null(s, s ? strlen(s) : 0, s != NULL);
	host_fields_tsv(h);
	out_char('\t');
	out_tsv_field(rec, len);
	out_char('\n');
}

static void inspect_record(void *ctx, const char *rec, size_t len)
{
	struct inspect_run *r = ctx;

	host_info_fill(&r->h, r->g, rec, len);
	if (r->h.status != URISCAN_OK)
		r->any_invalid = 1;
	if (r->format == FORMAT_TSV)
		inspect_tsv(r, rec, len);
	else
		inspect_jsonl(r, rec, len);
	out_end_record();
}

static int cmd_inspect(int argc, char **argv)
{
	struct opts o;
	struct inspect_run *r;
	int trouble, invalid;

	opts_parse(&o, &cli_cmd_inspect, argc, argv,
	           OPT_GRAMMAR | OPT_NULL | OPT_FORMAT | OPT_HELP);
	r = cli_calloc(1, sizeof *r); /* host_info holds 2 KiB buffers */
	r->g = cli_grammar(o.grammar);
	r->format = o.format;
	r->loop.delim = o.null_data ? '\0' : '\n';
	r->loop.strip_cr = !o.null_data;
	r->loop.fn = inspect_record;
	r->loop.ctx = r;
	trouble = records_run(&r->loop, o.files, o.nfiles);
	out_flush();
	invalid = r->any_invalid;
	free(r);
	if (trouble)
		return EXIT_TROUBLE;
	return invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

const struct cli_command cli_cmd_inspect = {
    "inspect",
    "uriscan inspect [-g GRAMMAR] [-z] [--format=jsonl|tsv] [FILE...]\n",
    "print per record its components and what its host means: ip,\n"
    "ip_form, ip_class, browser_host (the WHATWG reading), site (the\n"
    "registrable domain), flags (the URL-confusion flags)\n",
    cmd_inspect,
};
