/* SPDX-License-Identifier: MIT */
/*
 * cmd_rewrite.c: `uriscan rewrite`, each record rewritten by
 * uriscan_rewrite (component sets, normalization, query edits, tracking
 * parameters, fragment, default port). Records come from input.h's record
 * loop and go out through op_output.h, as `normalize`: one output record
 * per input record; an invalid record or a failed edit gives an empty
 * record (--format=jsonl: "output":null) and FILE:LINE:COLUMN: ERROR:
 * message on standard error, exit status 1; usage errors exit 2.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "op_output.h"
#include "opts.h"
#include "output.h"
#include "report.h"
#include "rewrite_opts.h"

enum { RWC_GRAMMAR = 1, RWC_NULL, RWC_FORMAT, RWC_HELP };

static const struct cli_optdef own_defs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, RWC_GRAMMAR},
    {'z', "null", CLI_ARG_NONE, RWC_NULL},
    {0, "format", CLI_ARG_REQUIRED, RWC_FORMAT},
    {'h', "help", CLI_ARG_NONE, RWC_HELP},
};

struct rewrite {
	struct op_run run;
	struct rw_spec rw;
	struct opts o; /* grammar, -z, --format for op_setup */
};

static void print_help(void)
{
	opts_print_lines(cli_cmd_rewrite.usage, "Usage: ", "       ");
	out_char('\n');
	opts_print_lines(cli_cmd_rewrite.summary, "", "");
	OUT_LIT("\nOptions:\n"
	        "  -g, --grammar=GRAMMAR  rfc3986 (default) or rfc3987\n");
	out_str(rw_help_base);
	out_str(rw_help_normalize);
	OUT_LIT("  -z, --null             records end with a NUL byte instead of a\n"
	        "                         newline (input and output)\n"
	        "      --format=jsonl     one JSON object per record: record input\n"
	        "                         output error offset and the components\n"
	        "  -h, --help             this help\n");
	out_flush();
}

static void set_option(void *ctx, const struct cli_optdef *d,
                       const char *spelled, const char *arg)
{
	struct rewrite *w = ctx;

	if (rw_is_option(d->id)) {
		rw_set(&w->rw, d, spelled, arg);
		return;
	}
	switch (d->id) {
	case RWC_GRAMMAR:
		w->o.grammar = arg;
		break;
	case RWC_NULL:
		w->o.null_data = 1;
		break;
	case RWC_FORMAT:
		if (strcmp(arg, "jsonl") != 0)
			cli_usage_error("rewrite: --format is jsonl or nothing");
		w->o.format = FORMAT_JSONL;
		w->o.format_given = 1;
		break;
	case RWC_HELP:
		print_help();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

static void rewrite_record(void *ctx, const char *rec, size_t len)
{
	struct rewrite *w = ctx;
	struct uriscan_error err;
	const char *res = NULL;
	size_t rlen = 0;
	int st = rw_apply(&w->rw, w->run.g, rec, len, &res, &rlen, &err);
	size_t off = err.offset;

	/* an error in a new value or an edit is not a column of the record */
	if (st != URISCAN_OK && err.input != URISCAN_INPUT_FIRST)
		off = 0;
	op_emit(&w->run, rec, len, st, res, rlen, off);
}

static int cmd_rewrite(int argc, char **argv)
{
	static struct rewrite w;
	struct cli_optdef defs[sizeof own_defs / sizeof own_defs[0] + 32];
	size_t nd = 0;
	int trouble;

	for (size_t i = 0; i < sizeof own_defs / sizeof own_defs[0]; i++)
		defs[nd++] = own_defs[i];
	for (size_t i = 0; i < rw_n_optdefs; i++)
		defs[nd++] = rw_optdefs[i];
	memset(&w, 0, sizeof w);
	w.o.command = "rewrite";
	w.o.files = argv;
	w.o.nfiles = cli_parse_args(defs, nd, argc, argv, set_option, &w);
	op_setup(&w.run, &w.o, "rewrite", rewrite_record, &w);
	if (w.run.g != URISCAN_RFC3986 && w.run.g != URISCAN_RFC3987)
		cli_usage_error("rewrite: -g is rfc3986 or rfc3987");
	if (rw_finish(&w.rw) != 0) {
		rw_free(&w.rw);
		return EXIT_TROUBLE;
	}
	w.rw.any = 1; /* no option: each record checked and copied */
	trouble = records_run(&w.run.loop, w.o.files, w.o.nfiles);
	rw_free(&w.rw);
	return op_finish(&w.run, trouble);
}

const struct cli_command cli_cmd_rewrite = {
    "rewrite",
    "uriscan rewrite [-g GRAMMAR] [--set COMPONENT=VALUE]...\n"
    "                [--remove-component COMPONENT]... [--query-set KEY=VALUE]...\n"
    "                [--query-append KEY=VALUE]... [--query-remove GLOB]...\n"
    "                [--query-keep GLOB,...] [--query-sort]\n"
    "                [--strip-tracking[=FILE]] [--drop-fragment]\n"
    "                [--drop-default-port] [--lower]\n"
    "                [--normalize [--scheme-based]] [-z] [--format=jsonl]\n"
    "                [FILE...]\n",
    "change each record and copy every byte the change does not touch:\n"
    "components set or removed, normalization, query pairs set, appended,\n"
    "removed (tracking parameters: --strip-tracking), kept or sorted,\n"
    "the fragment and the default port dropped; one output record per\n"
    "input record. An invalid record or a failed edit gives an empty\n"
    "output record and FILE:LINE:COLUMN: ERROR: message on standard error\n",
    cmd_rewrite,
};
