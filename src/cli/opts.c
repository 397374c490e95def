/* SPDX-License-Identifier: MIT */
/*
 * opts.c: the options of the record commands (opts.h). Sets
 * fields only; what they mean is each command's business.
 */
#include "opts.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "report.h"

static const struct cli_optdef optdefs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, OPT_GRAMMAR},
    {'r', "rule", CLI_ARG_REQUIRED, OPT_RULE},
    {'z', "null", CLI_ARG_NONE, OPT_NULL},
    {'q', "quiet", CLI_ARG_NONE, OPT_QUIET},
    {0, "format", CLI_ARG_REQUIRED, OPT_FORMAT},
    {'h', "help", CLI_ARG_NONE, OPT_HELP},
    {0, "all-grammars", CLI_ARG_NONE, OPT_ALL},
    {0, "to-uri", CLI_ARG_NONE, OPT_TO_URI},
    {0, "to-iri", CLI_ARG_NONE, OPT_TO_IRI},
    {0, "idna", CLI_ARG_NONE, OPT_IDNA},
    {0, "decode-unreserved", CLI_ARG_NONE, OPT_UNRESERVED},
    {0, "scheme-based", CLI_ARG_NONE, OPT_SCHEME_BASED},
    {0, "iri-decode", CLI_ARG_NONE, OPT_IRI_DECODE},
    {0, "base", CLI_ARG_REQUIRED, OPT_BASE},
    {0, "non-strict", CLI_ARG_NONE, OPT_NON_STRICT},
    {0, "get", CLI_ARG_REQUIRED, OPT_GET},
    {0, "strict-get", CLI_ARG_NONE, OPT_STRICT_GET},
    {0, "deny", CLI_ARG_REQUIRED | CLI_REPEAT, OPT_DENY},
    {0, "allow-unreadable", CLI_ARG_NONE, OPT_ALLOW_UNREADABLE},
};
#define N_OPTDEFS (sizeof optdefs / sizeof optdefs[0])

/* The formats of each command that takes --format, as its --help says
 * them (another command's format is an unknown one). */
static const struct {
	const char *command, *names;
} formats[] = {
    {"parse", "jsonl, tsv or tsv-all"},
    {"inspect", "jsonl or tsv"},
    {"normalize", "jsonl; without --format: the result as text"},
    {"resolve", "jsonl; without --format: the result as text"},
};

static enum format format_named(const char *command, const char *arg)
{
	const char *names = "jsonl";

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].command, command) == 0)
			names = formats[i].names;
	if (strcmp(arg, "jsonl") == 0)
		return FORMAT_JSONL;
	if (strcmp(arg, "tsv") == 0 && strstr(names, "tsv"))
		return FORMAT_TSV;
	if (strcmp(arg, "tsv-all") == 0 && strstr(names, "tsv-all"))
		return FORMAT_TSV_ALL;
	cli_usage_error("unknown format '%s' for %s (%s)", arg, command, names);
}

/* The options of one command: what it allows. */
struct option_ctx {
	struct opts *o;
	int allowed;
};

static void set_option(void *ctx, const struct cli_optdef *d,
                       const char *spelled, const char *arg)
{
	const struct option_ctx *c = ctx;
	struct opts *o = c->o;

	if (!(c->allowed & d->id))
		cli_usage_error("option '%s' is not valid with '%s'", spelled,
		                o->command);
	switch (d->id) {
	case OPT_GRAMMAR:
		o->grammar = arg;
		break;
	case OPT_RULE:
		o->rule = arg;
		break;
	case OPT_NULL:
		o->null_data = 1;
		break;
	case OPT_QUIET:
		o->quiet = 1;
		break;
	case OPT_FORMAT:
		o->format = format_named(o->command, arg);
		o->format_given = 1;
		break;
	case OPT_ALL:
		o->all_grammars = 1;
		break;
	case OPT_HELP:
		opts_print_help(o->cmd, c->allowed);
		exit(EXIT_SUCCESS);
	case OPT_TO_URI:
		o->to_uri = 1;
		break;
	case OPT_TO_IRI:
		o->to_iri = 1;
		break;
	case OPT_IDNA:
		o->idna = 1;
		break;
	case OPT_UNRESERVED:
		o->unreserved = 1;
		break;
	case OPT_SCHEME_BASED:
		o->scheme_based = 1;
		break;
	case OPT_IRI_DECODE:
		o->iri_decode = 1;
		break;
	case OPT_BASE:
		o->base = arg;
		break;
	case OPT_NON_STRICT:
		o->non_strict = 1;
		break;
	case OPT_GET:
		o->get = arg;
		break;
	case OPT_STRICT_GET:
		o->strict_get = 1;
		break;
	case OPT_DENY:
		/* several lists are one: --deny=loopback --deny=private denies
		 * both (the list lives until the process ends) */
		if (o->deny == NULL) {
			o->deny = arg;
		} else {
			size_t a = strlen(o->deny), b = strlen(arg);
			char *both = cli_malloc(a + b + 2);
			memcpy(both, o->deny, a);
			both[a] = ',';
			memcpy(both + a + 1, arg, b + 1);
			free(o->deny_joined);
			o->deny = o->deny_joined = both;
		}
		break;
	case OPT_ALLOW_UNREADABLE:
		o->allow_unreadable = 1;
		break;
	default:
		break;
	}
}

void opts_free(struct opts *o)
{
	free(o->deny_joined);
	o->deny_joined = NULL;
}

void opts_parse(struct opts *o, const struct cli_command *cmd, int argc,
                char **argv, int allowed)
{
	struct option_ctx c = {o, allowed};

	memset(o, 0, sizeof *o);
	o->command = cmd->name;
	o->cmd = cmd;
	o->format = FORMAT_JSONL;
	o->files = argv;
	o->nfiles = cli_parse_args(optdefs, N_OPTDEFS, argc, argv, set_option, &c);
}
