/* SPDX-License-Identifier: MIT */
/*
 * cmd_decode.c: `uriscan decode`, each record percent-decoded
 * (uriscan_percent_decode), the inverse of `uriscan encode`: one record
 * in, one out. A malformed escape gives an empty record and
 * FILE:LINE:COLUMN: ERROR: message on standard error (exit 1), unless
 * --lenient copies it as it is.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "input.h"
#include "opts.h"
#include "output.h"
#include "report.h"

enum { D_FORM = 1, D_LENIENT, D_NULL, D_HELP };

static const struct cli_optdef defs[] = {
    {0, "form", CLI_ARG_NONE, D_FORM},
    {0, "lenient", CLI_ARG_NONE, D_LENIENT},
    {'z', "null", CLI_ARG_NONE, D_NULL},
    {'h', "help", CLI_ARG_NONE, D_HELP},
};

struct dec {
	struct record_loop loop;
	unsigned flags;
	char *buf;
	size_t cap;
	int any_invalid;
};

static void print_help(void)
{
	opts_print_lines(cli_cmd_decode.usage, "Usage: ", "       ");
	out_char('\n');
	opts_print_lines(cli_cmd_decode.summary, "", "");
	OUT_LIT("\nOptions:\n"
	        "      --form             '+' decodes to a space (query keys and\n"
	        "                         values of a form)\n"
	        "      --lenient          a '%' without two hex digits stays as\n"
	        "                         it is instead of failing\n"
	        "  -z, --null             records end with a NUL byte instead of a\n"
	        "                         newline (input and output)\n"
	        "  -h, --help             this help\n");
	out_flush();
}

static void set_option(void *ctx, const struct cli_optdef *d,
                       const char *spelled, const char *arg)
{
	struct dec *c = ctx;

	(void)spelled;
	(void)arg;
	switch (d->id) {
	case D_FORM:
		c->flags |= URISCAN_DECODE_PLUS;
		break;
	case D_LENIENT:
		c->flags |= URISCAN_DECODE_LENIENT;
		break;
	case D_NULL:
		c->loop.delim = '\0';
		break;
	case D_HELP:
		print_help();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

static void decode_record(void *ctx, const char *rec, size_t len)
{
	struct dec *c = ctx;
	struct uriscan_error err;
	size_t n = 0;
	int st;

	if (c->cap < len + 1) {
		c->cap = len + 1;
		c->buf = cli_realloc(c->buf, c->cap);
	}
	st = uriscan_percent_decode(rec, len, c->flags, c->buf, c->cap, &n, NULL,
	                            &err);
	if (st == URISCAN_OK)
		out_bytes(c->buf, n);
	else {
		c->any_invalid = 1;
		cli_record_error(c->loop.label, c->loop.record, rec, len,
		                 err.offset, st);
	}
	out_char(c->loop.delim);
	out_end_record();
}

static int cmd_decode(int argc, char **argv)
{
	struct dec c;
	int nfiles, trouble;

	memset(&c, 0, sizeof c);
	c.loop.delim = '\n';
	nfiles = cli_parse_args(defs, sizeof defs / sizeof defs[0], argc, argv,
	                        set_option, &c);
	c.loop.strip_cr = c.loop.delim == '\n';
	c.loop.fn = decode_record;
	c.loop.ctx = &c;
	trouble = records_run(&c.loop, argv, nfiles);
	free(c.buf);
	out_flush();
	if (trouble)
		return EXIT_TROUBLE;
	return c.any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

const struct cli_command cli_cmd_decode = {
    "decode",
    "uriscan decode [--form] [--lenient] [-z] [FILE...]\n",
    "percent-decode each record (the inverse of 'uriscan encode'); one\n"
    "record in, one out. A malformed escape gives an empty output record\n"
    "and FILE:LINE:COLUMN: ERROR: message on standard error\n",
    cmd_decode,
};
