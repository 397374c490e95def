/* SPDX-License-Identifier: MIT */
/*
 * cmd_encode.c: `uriscan encode --component=COMPONENT`, each record
 * percent-encoded for one component (uriscan_percent_encode): one record
 * in, one out, as `convert`. Any bytes are a record; nothing fails but
 * the options.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "grammar_opts.h"
#include "input.h"
#include "opts.h"
#include "output.h"
#include "report.h"

enum { E_GRAMMAR = 1, E_COMPONENT, E_FORM, E_ALL_PERCENT, E_NULL, E_HELP };

static const struct cli_optdef defs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, E_GRAMMAR},
    {'c', "component", CLI_ARG_REQUIRED, E_COMPONENT},
    {0, "form", CLI_ARG_NONE, E_FORM},
    {0, "all-percent", CLI_ARG_NONE, E_ALL_PERCENT},
    {'z', "null", CLI_ARG_NONE, E_NULL},
    {'h', "help", CLI_ARG_NONE, E_HELP},
};

struct enc {
	struct record_loop loop;
	enum uriscan_grammar g;
	const char *grammar, *component;
	struct uriscan_encode_options o;
	char *buf;
	size_t cap;
};

static void print_help(void)
{
	opts_print_lines(cli_cmd_encode.usage, "Usage: ", "       ");
	out_char('\n');
	opts_print_lines(cli_cmd_encode.summary, "", "");
	OUT_LIT("\nOptions:\n"
	        "  -c, --component=COMPONENT  where the bytes go: userinfo, host,\n"
	        "                         path, path-segment, query, query-key,\n"
	        "                         query-value, fragment (required)\n"
	        "  -g, --grammar=GRAMMAR  rfc3986 (default) or rfc3987 (UTF-8 that\n"
	        "                         an IRI allows stays as it is)\n"
	        "      --form             a space as '+' (query-key, query-value)\n"
	        "      --all-percent      encode every '%' (default: a valid %HH\n"
	        "                         escape is kept)\n"
	        "  -z, --null             records end with a NUL byte instead of a\n"
	        "                         newline (input and output)\n"
	        "  -h, --help             this help\n");
	out_flush();
}

static void set_option(void *ctx, const struct cli_optdef *d,
                       const char *spelled, const char *arg)
{
	struct enc *e = ctx;

	(void)spelled;
	switch (d->id) {
	case E_GRAMMAR:
		e->grammar = arg;
		break;
	case E_COMPONENT: /* given twice: args.c's usage error */
		e->component = arg;
		break;
	case E_FORM:
		e->o.flags |= URISCAN_ENCODE_FORM;
		break;
	case E_ALL_PERCENT:
		e->o.flags |= URISCAN_ENCODE_ALL_PERCENT;
		break;
	case E_NULL:
		e->loop.delim = '\0';
		break;
	case E_HELP:
		print_help();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

static void encode_record(void *ctx, const char *rec, size_t len)
{
	struct enc *e = ctx;
	size_t n = 0;

	/* room for any result and 32 bytes more: RFC 3986's fastest path */
	if (e->cap < 3 * len + 32) {
		e->cap = 3 * len + 32;
		e->buf = cli_realloc(e->buf, e->cap);
	}
	uriscan_percent_encode(e->g, rec, len, &e->o, e->buf, e->cap, &n, NULL);
	out_bytes(e->buf, n);
	out_char(e->loop.delim);
	out_end_record();
}

static int cmd_encode(int argc, char **argv)
{
	struct enc e;
	int nfiles, trouble;

	memset(&e, 0, sizeof e);
	e.loop.delim = '\n';
	e.o.size = sizeof e.o;
	nfiles = cli_parse_args(defs, sizeof defs / sizeof defs[0], argc, argv,
	                        set_option, &e);
	if (e.component == NULL)
		cli_usage_error("encode needs --component");
	if (uriscan_encode_target_from_name(e.component, &e.o.target) !=
	    URISCAN_OK)
		cli_usage_error("unknown component '%s' (userinfo, host, path, "
		                "path-segment, query, query-key, query-value, "
		                "fragment)",
		                e.component);
	if ((e.o.flags & URISCAN_ENCODE_FORM) &&
	    e.o.target != URISCAN_ENCODE_QUERY_KEY &&
	    e.o.target != URISCAN_ENCODE_QUERY_VALUE)
		cli_usage_error("--form goes with query-key or query-value");
	e.g = cli_grammar(e.grammar);
	if (e.g != URISCAN_RFC3986 && e.g != URISCAN_RFC3987)
		cli_usage_error("encode: -g is rfc3986 or rfc3987");
	e.loop.strip_cr = e.loop.delim == '\n';
	e.loop.fn = encode_record;
	e.loop.ctx = &e;
	trouble = records_run(&e.loop, argv, nfiles);
	free(e.buf);
	out_flush();
	return trouble ? EXIT_TROUBLE : EXIT_SUCCESS;
}

const struct cli_command cli_cmd_encode = {
    "encode",
    "uriscan encode --component=COMPONENT [-g GRAMMAR] [--form]\n"
    "               [--all-percent] [-z] [FILE...]\n",
    "percent-encode each record (any bytes) so that it is valid as that\n"
    "component (RFC 3986 2.1, upper-case hex); one record in, one out\n",
    cmd_encode,
};
