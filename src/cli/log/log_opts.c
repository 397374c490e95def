/* SPDX-License-Identifier: MIT */
/*
 * log_opts.c: the options of `uriscan log` (cmd_log.h): its --help, the
 * scan, and which combinations mean something. An option that only
 * --summary reads is a usage error without it, never silently ignored.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "args.h"
#include "cmd_log.h"
#include "grammar_opts.h"
#include "output.h"
#include "report.h"

static const char log_help[] =
    "Usage: uriscan log [--log-format=combined|common|auto] [-g GRAMMAR]\n"
    "                   [--format=jsonl|tsv] [--hosts] [--summary [--top=N]\n"
    "                   [--normalize]] [-v] [FILE...]\n"
    "\n"
    "Read Apache/nginx access logs (common, combined) and judge each line's\n"
    "request line (RFC 9112: method, request-target form, components) and\n"
    "referer (the grammar's top rule): one record per line, or --summary.\n"
    "\n"
    "Options:\n"
    "      --log-format=FMT   the input: combined, common or auto (default:\n"
    "                         each line as combined, else as common)\n"
    "  -g, --grammar=GRAMMAR  judge targets and referers by this grammar\n"
    "                         (default rfc3986)\n"
    "      --format=FORMAT    the output: jsonl (default) or tsv (the same\n"
    "                         fields in the same order; true/false, \\N)\n"
    "      --summary          the counts and the most frequent referer hosts\n"
    "                         and paths instead of a record per line\n"
    "      --top=N            --summary: the N most frequent (default 10;\n"
    "                         0: all)\n"
    "      --normalize        --summary: count paths and referer hosts in\n"
    "                         normal form (as 'uriscan normalize')\n"
    "      --hosts            add what the target's and the referer's hosts\n"
    "                         mean, as 'uriscan inspect' says it: target_ and\n"
    "                         referer_ ip ip_form ip_class browser_host site\n"
    "                         flags (null when there is none); --summary:\n"
    "                         the targets and referers counted by ip_class\n"
    "                         and by flag\n"
    "  -v, --verbose          show each line not in the format on stderr\n"
    "  -h, --help             print this help and exit\n"
    "\n"
    "A record's \"request\" is the request as logged (escapes decoded), so\n"
    "that one that cannot be split (a TLS probe, a request without version;\n"
    "method, target or version null) is still in the record.\n"
    "\n"
    "Exit status: 0 if every line is in the format, 1 if some line is not,\n"
    "2 on a usage or I/O error. See uriscan-log(1).\n";

enum {
	L_LOGFMT, L_FORMAT, L_OUTPUT, L_SUMMARY, L_TOP, L_VERBOSE, L_GRAMMAR,
	L_NORM, L_HOSTS, L_HELP
};

static const struct cli_optdef log_opts[] = {
    {0, "log-format", CLI_ARG_REQUIRED, L_LOGFMT},
    {0, "format", CLI_ARG_REQUIRED, L_FORMAT},
    {0, "output", CLI_ARG_REQUIRED, L_OUTPUT},
    {0, "summary", CLI_ARG_NONE, L_SUMMARY},
    {0, "top", CLI_ARG_REQUIRED, L_TOP},
    {'v', "verbose", CLI_ARG_NONE, L_VERBOSE},
    {'g', "grammar", CLI_ARG_REQUIRED, L_GRAMMAR},
    {0, "normalize", CLI_ARG_NONE, L_NORM},
    {0, "hosts", CLI_ARG_NONE, L_HOSTS},
    {'h', "help", CLI_ARG_NONE, L_HELP},
};

/* The options given that only --summary reads. */
struct log_scan {
	struct logrun *r;
	char top[CLI_OPT_NAME_MAX], norm[CLI_OPT_NAME_MAX];
};

static void log_set(void *ctx, const struct cli_optdef *d, const char *spelled,
                    const char *arg)
{
	struct log_scan *ls = ctx;
	struct logrun *r = ls->r;

	if (rw_is_option(d->id)) {
		rw_set(&r->rw, d, spelled, arg);
		return;
	}
	switch (d->id) {
	case L_LOGFMT:
		if (strcmp(arg, "combined") == 0)
			r->fmt = FRONTEND_LOG_COMBINED;
		else if (strcmp(arg, "common") == 0)
			r->fmt = FRONTEND_LOG_COMMON;
		else if (strcmp(arg, "auto") == 0)
			r->fmt = FRONTEND_LOG_AUTO;
		else
			cli_usage_error("unknown log format '%s' (combined, common "
			                "or auto)", arg);
		break;
	case L_FORMAT:
		if (strcmp(arg, "tsv") == 0)
			r->tsv = 1;
		else if (strcmp(arg, "jsonl") == 0)
			r->tsv = 0;
		else
			cli_usage_error("unknown format '%s' (jsonl or tsv; the "
			                "input's format is --log-format)", arg);
		break;
	case L_OUTPUT:
		/* 0.1's name: a pointer to the new one, not a second name */
		cli_usage_error("unknown option '--output' (the output format "
		                "is --format since 0.2.0)");
	case L_SUMMARY:
		r->summary = 1;
		break;
	case L_TOP:
		r->top = cli_number(spelled, arg, 0, ULONG_MAX);
		cli_opt_name(d, spelled, ls->top);
		break;
	case L_VERBOSE:
		r->verbose = 1;
		break;
	case L_GRAMMAR:
		r->g = cli_grammar(arg);
		break;
	case L_NORM:
		r->normalize = 1;
		cli_opt_name(d, spelled, ls->norm);
		break;
	case L_HOSTS:
		r->with_hosts = 1;
		break;
	case L_HELP:
		out_str(log_help);
		out_str("\nRewrite options (the target and the referer, printed as\n"
		        "target_rewritten and referer_rewritten; --summary counts\n"
		        "their paths and hosts; rfc3986 and rfc3987 only):\n");
		out_str(rw_help_base);
		out_flush();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

int log_options(struct logrun *r, int argc, char **argv)
{
	struct log_scan ls;
	int nfiles;

	memset(&ls, 0, sizeof ls);
	ls.r = r;
	/* log's options, then the rewrite options (its own --normalize
	 * stays) */
	struct cli_optdef defs[sizeof log_opts / sizeof log_opts[0] + 32];
	size_t nd = 0;
	for (size_t i = 0; i < sizeof log_opts / sizeof log_opts[0]; i++)
		defs[nd++] = log_opts[i];
	for (size_t i = 0; i < rw_n_optdefs_base; i++)
		defs[nd++] = rw_optdefs[i];
	nfiles = cli_parse_args(defs, nd, argc, argv, log_set, &ls);
	if (!r->summary) {
		if (ls.top[0])
			cli_usage_error("'%s' goes with '--summary'", ls.top);
		if (ls.norm[0])
			cli_usage_error("'%s' goes with '--summary'", ls.norm);
	}
	return nfiles;
}
