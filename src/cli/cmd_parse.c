/* SPDX-License-Identifier: MIT */
/*
 * cmd_parse.c: `uriscan parse` and `uriscan check`, one record at a time
 * against one rule of one grammar (parse --all-grammars: cmd_all.c).
 * Records come from input.h's record loop; no file handling here.
 *
 *   uriscan parse [-g GRAMMAR] [-r RULE] [-z] [--format=jsonl|tsv|tsv-all]
 *   uriscan parse --get TEMPLATE [-g GRAMMAR] [-z] [--strict-get] (cmd_get.c)
 *   uriscan check [-g GRAMMAR] [-r RULE] [-z] [-q] [FILE...]
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "cmd_all.h"
#include "cmd_get.h"
#include "commands.h"
#include "deny.h"
#include "grammar_opts.h"
#include "input.h"
#include "opts.h"
#include "output.h"
#include "report.h"

struct run {
	struct record_loop loop;
	enum uriscan_grammar grammar;
	unsigned rule;
	const char *grammar_name;
	const char *rule_name;
	const struct grammar_fields *fields; /* the JSON keys */
	enum format format;
	int quiet;
	int any_invalid;
	int all_grammars;
	struct deny *deny; /* check --deny, or NULL */
};

/* The components every grammar shares (scheme .. fragment); those after
 * them (reg_name, user, ...) come after the original keys and columns. */
#define BASE_COMPONENTS (URISCAN_FRAGMENT + 1)

/* ,"NAME": for the components from `from` to `to` that the grammar defines,
 * each with its value or null. */
static void jsonl_components(const struct run *run, const char *rec,
                             const struct uriscan_uri *u, unsigned from,
                             unsigned to)
{
	for (unsigned c = from; c < to; c++) {
		if (!(run->fields->components & (1u << c)))
			continue;
		OUT_LIT(",\"");
		out_str(uriscan_component_name(c));
		OUT_LIT("\":");
		if (URISCAN_HAS(u, c))
			out_json_string(rec + u->part[c].off, u->part[c].len);
		else
			OUT_LIT("null");
	}
}

/* The name of u's form, or NULL. */
static const char *form_name(const struct uriscan_uri *u)
{
	if (u->form == URISCAN_FORM_NONE)
		return NULL;
	return uriscan_rule_name(u->grammar, u->form);
}

static void parse_jsonl(const struct run *run, const char *rec, size_t len,
                        int status, const struct uriscan_uri *u)
{
	int valid = status == URISCAN_OK;

	OUT_LIT("{\"record\":");
	out_u64(run->loop.record);
	OUT_LIT(",\"input\":");
	out_json_string(rec, len);
	if (valid)
		OUT_LIT(",\"valid\":true");
	else
		OUT_LIT(",\"valid\":false");
	OUT_LIT(",\"grammar\":");
	out_json_name(run->grammar_name);
	OUT_LIT(",\"rule\":");
	out_json_name(run->rule_name);
	jsonl_components(run, rec, u, 0, BASE_COMPONENTS);
	OUT_LIT(",\"host_type\":");
	out_json_name(u->host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(u->host_type)
	                  : NULL);
	OUT_LIT(",\"kind\":");
	out_json_name(u->kind != URISCAN_KIND_NONE ? uriscan_kind_name(u->kind)
	                                           : NULL);
	if (valid) {
		OUT_LIT(",\"error\":null,\"offset\":null");
	} else {
		OUT_LIT(",\"error\":\"");
		out_str(uriscan_status_name(status));
		OUT_LIT("\",\"offset\":");
		out_u64(u->error_offset);
	}
	jsonl_components(run, rec, u, BASE_COMPONENTS, URISCAN_COMPONENT_COUNT);
	if (run->fields->form) {
		OUT_LIT(",\"form\":");
		out_json_name(form_name(u));
	}
	OUT_LIT("}\n");
}

/* TAB and the components [from, to), \N when absent. */
static void tsv_components(const char *rec, const struct uriscan_uri *u,
                           unsigned from, unsigned to)
{
	for (unsigned c = from; c < to; c++) {
		out_char('\t');
		if (URISCAN_HAS(u, c))
			out_tsv_field(rec + u->part[c].off, u->part[c].len);
		else
			OUT_LIT("\\N");
	}
}

static void parse_tsv(const struct run *run, const char *rec, size_t len,
                      int status, const struct uriscan_uri *u)
{
	out_u64(run->loop.record);
	if (status == URISCAN_OK) {
		OUT_LIT("\ttrue\t\\N\t\\N");
	} else {
		OUT_LIT("\tfalse\t");
		out_str(uriscan_status_name(status));
		out_char('\t');
		out_u64(u->error_offset);
	}
	tsv_components(rec, u, 0, BASE_COMPONENTS);
	out_char('\t');
	out_str(u->host_type != URISCAN_HOST_NONE
	            ? uriscan_host_type_name(u->host_type)
	            : "\\N");
	out_char('\t');
	out_str(u->kind != URISCAN_KIND_NONE ? uriscan_kind_name(u->kind)
	                                     : "\\N");
	out_char('\t');
	out_tsv_field(rec, len);
	if (run->format == FORMAT_TSV_ALL) {
		/* tsv-all: the 15 columns of tsv, then reg_name .. address and
		 * form */
		tsv_components(rec, u, BASE_COMPONENTS, URISCAN_COMPONENT_COUNT);
		out_char('\t');
		out_str(form_name(u) ? form_name(u) : "\\N");
	}
	out_char('\n');
}

static void parse_record(void *ctx, const char *rec, size_t len)
{
	struct run *run = ctx;
	struct uriscan_uri u;
	int status;

	if (run->all_grammars) {
		if (!all_grammars_record(run->loop.record, rec, len))
			run->any_invalid = 1;
		out_end_record();
		return;
	}
	status = uriscan_parse_rule(run->grammar, run->rule, rec, len, 0, &u);
	if (status != URISCAN_OK)
		run->any_invalid = 1;
	if (run->format != FORMAT_JSONL)
		parse_tsv(run, rec, len, status, &u);
	else
		parse_jsonl(run, rec, len, status, &u);
	out_end_record();
}

static void check_record(void *ctx, const char *rec, size_t len)
{
	struct run *run = ctx;
	struct uriscan_error err;
	int status;

	if (run->deny && deny_record(run->deny, run->grammar, rec, len,
	                             run->loop.label, run->loop.record,
	                             run->quiet))
		run->any_invalid = 1;
	status = uriscan_validate_rule(run->grammar, run->rule, rec, len, 0,
	                               &err);
	if (status == URISCAN_OK)
		return;
	run->any_invalid = 1;
	if (run->quiet)
		return;
	out_str(run->loop.label);
	out_char(':');
	out_u64(run->loop.record);
	out_char(':');
	out_u64((uint64_t)err.offset + 1);
	OUT_LIT(": ");
	out_str(uriscan_status_name(status));
	OUT_LIT(": ");
	out_str(uriscan_strerror(status));
	if (status == URISCAN_E_BAD_CHAR && err.offset < len) {
		char byte[16];
		cli_byte_name((unsigned char)rec[err.offset], byte);
		out_str(byte);
	}
	out_char('\n');
	out_end_record();
}

static int run_records(struct opts *o, reader_record_fn fn)
{
	struct run run;
	struct deny deny;
	int trouble;

	memset(&run, 0, sizeof run);
	if (o->deny) {
		deny_compile(&deny, o->deny);
		deny.allow_unreadable = o->allow_unreadable;
		run.deny = &deny;
	}
	run.grammar = cli_grammar(o->grammar);
	run.rule = cli_rule(run.grammar, o->rule);
	run.grammar_name = uriscan_grammar_name(run.grammar);
	run.rule_name = uriscan_rule_name(run.grammar, run.rule);
	run.fields = cli_grammar_fields(run.grammar);
	run.format = o->format;
	run.all_grammars = o->all_grammars;
	run.quiet = o->quiet;
	run.loop.delim = o->null_data ? '\0' : '\n';
	run.loop.strip_cr = !o->null_data;
	run.loop.fn = fn;
	run.loop.ctx = &run;
	trouble = records_run(&run.loop, o->files, o->nfiles);
	out_flush();
	if (run.deny)
		deny_free(run.deny);
	if (trouble)
		return EXIT_TROUBLE;
	return run.any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

static int cmd_parse(int argc, char **argv)
{
	struct opts o;

	opts_parse(&o, &cli_cmd_parse, argc, argv,
	           OPT_GRAMMAR | OPT_RULE | OPT_NULL | OPT_FORMAT | OPT_HELP |
	               OPT_ALL | OPT_GET | OPT_STRICT_GET);
	if (o.get != NULL) {
		if (o.all_grammars || o.rule || o.format_given)
			cli_usage_error("--get takes no -r, --format or "
			                "--all-grammars");
		return get_records(&o, o.get);
	}
	if (o.strict_get)
		cli_usage_error("--strict-get goes with --get");
	if (o.all_grammars && (o.grammar || o.rule || o.format != FORMAT_JSONL))
		cli_usage_error("--all-grammars takes no -g, -r or --format");
	return run_records(&o, parse_record);
}

static int cmd_check(int argc, char **argv)
{
	struct opts o;
	int rc;

	opts_parse(&o, &cli_cmd_check, argc, argv,
	           OPT_GRAMMAR | OPT_RULE | OPT_NULL | OPT_QUIET | OPT_HELP |
	               OPT_DENY | OPT_ALLOW_UNREADABLE);

	if (o.allow_unreadable && o.deny == NULL)
		cli_usage_error("--allow-unreadable goes with --deny");
	rc = run_records(&o, check_record);
	opts_free(&o);
	return rc;
}

const struct cli_command cli_cmd_parse = {
    "parse",
    "uriscan parse [-g GRAMMAR] [-r RULE] [-z] [--format=jsonl|tsv|tsv-all] "
    "[FILE...]\n"
    "uriscan parse --all-grammars [-z] [FILE...]\n"
    "uriscan parse --get TEMPLATE [-g GRAMMAR] [-z] [--strict-get] "
    "[FILE...]\n",
    "print one line per record: validity and components (--get:\n"
    "as 'uriscan get')\n",
    cmd_parse,
};

const struct cli_command cli_cmd_check = {
    "check",
    "uriscan check [-g GRAMMAR] [-r RULE] [-z] [-q] [--deny=LIST]...\n"
    "              [--allow-unreadable] [FILE...]\n",
    "print FILE:LINE:COLUMN: ERROR: message for each invalid record\n"
    "(COLUMN is the 1-based byte where the record stopped being\n"
    "valid; length + 1 when it ends too early); --deny=CLASS,...,\n"
    "flag:NAME,...: also FILE:LINE: denied: REASON for each record\n"
    "whose host is an address of a denied class (in any form: see\n"
    "inspect), that has a denied confusion flag, or whose host\n"
    "cannot be read (\"unreadable host (STATUS)\": a deny list fails\n"
    "closed); exit status 1\n",
    cmd_check,
};
