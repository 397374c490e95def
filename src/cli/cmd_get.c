/* SPDX-License-Identifier: MIT */
/*
 * cmd_get.c: `uriscan get TEMPLATE`, one output record per input record
 * filled from its components (get_template.h), as trurl --get does.
 * Records come from input.h's record loop; no file handling here.
 *
 * An invalid record gives an empty output record and FILE:LINE:COLUMN:
 * ERROR: message on standard error (as `convert`); with --strict-get, so
 * does a record that lacks a field of the template (FILE:LINE: missing:
 * {FIELD}). Exit status 1 then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "cmd_get.h"
#include "commands.h"
#include "get_template.h"
#include "grammar_opts.h"
#include "input.h"
#include "output.h"
#include "report.h"

struct get_run {
	struct record_loop loop;
	enum uriscan_grammar g;
	struct get_template t;
	int strict;
	int any_invalid;
};

static void missing(struct get_run *r, const struct tpl_piece *pc)
{
	out_flush(); /* stdout and stderr in order on a terminal */
	fprintf(stderr, "%s:%llu: missing: %.*s\n", r->loop.label,
	        (unsigned long long)r->loop.record, (int)pc->field_len,
	        pc->field);
}

static void get_record(void *ctx, const char *rec, size_t len)
{
	struct get_run *r = ctx;
	struct uriscan_uri u;
	const struct tpl_piece *absent;
	int st = uriscan_parse(r->g, rec, len, 0, &u);

	if (st != URISCAN_OK) {
		r->any_invalid = 1;
		cli_record_error(r->loop.label, r->loop.record, rec, len,
		                 u.error_offset, st);
	} else if (r->strict &&
	           (absent = get_template_missing(&r->t, rec, len, &u)) != NULL) {
		r->any_invalid = 1;
		missing(r, absent);
	} else {
		get_template_write(&r->t, rec, len, &u, r->loop.delim);
	}
	out_char(r->loop.delim);
	out_end_record();
}

int get_records(const struct opts *o, const char *spec)
{
	struct get_run r;
	int trouble;

	memset(&r, 0, sizeof r);
	r.g = cli_grammar(o->grammar);
	get_template_compile(&r.t, spec);
	r.strict = o->strict_get;
	r.loop.delim = o->null_data ? '\0' : '\n';
	r.loop.strip_cr = !o->null_data;
	r.loop.fn = get_record;
	r.loop.ctx = &r;
	trouble = records_run(&r.loop, o->files, o->nfiles);
	get_template_free(&r.t);
	out_flush();
	if (trouble)
		return EXIT_TROUBLE;
	return r.any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

static int cmd_get(int argc, char **argv)
{
	struct opts o;
	const char *spec;

	opts_parse(&o, &cli_cmd_get, argc, argv,
	           OPT_GRAMMAR | OPT_NULL | OPT_STRICT_GET | OPT_HELP);
	if (o.nfiles == 0)
		cli_usage_error("get needs a TEMPLATE, e.g. '{host}'");
	spec = o.files[0];
	o.files++;
	o.nfiles--;
	return get_records(&o, spec);
}

const struct cli_command cli_cmd_get = {
    "get",
    "uriscan get TEMPLATE [-g GRAMMAR] [-z] [--strict-get] [FILE...]\n",
    "print TEMPLATE filled from each record, one output record per\n"
    "input record: {scheme} {userinfo} {host} {port} {path} {query}\n"
    "{fragment} (any component), {:path} (percent-decoded),\n"
    "{query:KEY} (the decoded value of KEY), {default:port}, {host_type},\n"
    "{url}, {ip} {ip_class} {site} {browser_host} {flags} (as 'inspect');\n"
    "{{ }} \\t \\n \\\\ escapes. Absent: empty (--strict-get: an\n"
    "error). An invalid record gives an empty output record and\n"
    "FILE:LINE:COLUMN: ERROR: message on standard error\n",
    cmd_get,
};
