/* SPDX-License-Identifier: MIT */
/*
 * cmd_normalize.c: `uriscan normalize`, the normal form of each record
 * (uriscan_normalize: RFC 3986 6.2.2, with --scheme-based 6.2.3). Records
 * come from input.h's record loop and go out through op_output.h.
 *
 * One output record per input record, as `convert`: an invalid record gives
 * an empty output record (--format=jsonl: an object with "output":null) and
 * FILE:LINE:COLUMN: ERROR: message on standard error; exit status 1.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "grammar_opts.h"
#include "input.h"
#include "norm_buf.h"
#include "op_output.h"
#include "opts.h"
#include "report.h"

struct norm {
	struct op_run run;
	struct norm_buf nb;
	unsigned flags; /* URISCAN_NORM_* */
};

static void normalize_record(void *ctx, const char *rec, size_t len)
{
	struct norm *n = ctx;
	size_t rlen = 0, off = 0;
	int st = norm_buf_run(&n->nb, n->run.g, rec, len, n->flags, &rlen, &off);

	op_emit(&n->run, rec, len, st, n->nb.p, rlen, off);
}

static int cmd_normalize(int argc, char **argv)
{
	struct opts o;
	struct norm n;
	int trouble;

	opts_parse(&o, &cli_cmd_normalize, argc, argv,
	           OPT_GRAMMAR | OPT_SCHEME_BASED | OPT_IRI_DECODE | OPT_NULL |
	               OPT_FORMAT | OPT_HELP);
	memset(&n, 0, sizeof n);
	op_setup(&n.run, &o, "normalize", normalize_record, &n);
	if (o.iri_decode && n.run.g != URISCAN_RFC3987)
		cli_usage_error("--iri-decode goes with -g rfc3987");
	n.flags = (o.scheme_based ? URISCAN_NORM_SCHEME_BASED : 0) |
	          (o.iri_decode ? URISCAN_NORM_IRI_DECODE : 0);
	trouble = records_run(&n.run.loop, o.files, o.nfiles);
	norm_buf_free(&n.nb);
	return op_finish(&n.run, trouble);
}

const struct cli_command cli_cmd_normalize = {
    "normalize",
    "uriscan normalize [-g GRAMMAR] [--scheme-based] [--iri-decode] [-z]\n"
    "                  [--format=jsonl] [FILE...]\n",
    "the normal form of each record (RFC 3986 6.2.2: case, percent-\n"
    "encoding, dot segments; --scheme-based adds 6.2.3: empty and\n"
    "default ports, http's empty path; --iri-decode, -g rfc3987 only:\n"
    "percent-encoded UTF-8 decoded as --to-iri does), one output\n"
    "record per input record; --format=jsonl: an object with the\n"
    "components of the result. An invalid record gives an empty output\n"
    "record and FILE:LINE:COLUMN: ERROR: message on standard error\n",
    cmd_normalize,
};
