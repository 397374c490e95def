/* SPDX-License-Identifier: MIT */
/*
 * cmd_resolve.c: `uriscan resolve --base=BASE`, the target URI of each
 * record as a reference against BASE (uriscan_resolve: RFC 3986 5.2).
 * Records come from input.h's record loop and go out through op_output.h.
 *
 * One output record per input record, as `convert`: an invalid reference
 * gives an empty output record (--format=jsonl: "output":null) and
 * FILE:LINE:COLUMN: ERROR: message on standard error; exit status 1. An
 * invalid or relative BASE is a usage error before any input is read.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "grammar_opts.h"
#include "input.h"
#include "op_output.h"
#include "opts.h"
#include "report.h"

struct res {
	struct op_run run;
	const char *base;
	size_t base_len;
	unsigned flags; /* URISCAN_RESOLVE_* */
	char *buf;
	size_t cap;
};

/* uriscan_resolve of ref against the base into r->buf. */
static int resolve(struct res *r, const char *ref, size_t len, size_t *n,
                   struct uriscan_error *err)
{
	int st;

	for (;;) {
		st = uriscan_resolve(r->run.g, r->base, r->base_len, ref, len,
		                     r->flags, r->buf, r->cap, n, err);
		if (st != URISCAN_E_BUFFER_TOO_SMALL)
			return st;
		r->buf = cli_realloc(r->buf, *n + 1);
		r->cap = *n + 1;
	}
}

static void resolve_record(void *ctx, const char *rec, size_t len)
{
	struct res *r = ctx;
	size_t n = 0;
	struct uriscan_error err;
	int st = resolve(r, rec, len, &n, &err);

	op_emit(&r->run, rec, len, st, r->buf, n, err.offset);
}

/* BASE is checked once, by resolving the empty reference against it. */
static void check_base(struct res *r)
{
	size_t n = 0;
	struct uriscan_error err;
	int st = resolve(r, "", 0, &n, &err);

	if (st == URISCAN_OK)
		return;
	if (err.input == URISCAN_INPUT_FIRST)
		cli_usage_error("--base '%s': column %llu: %s: %s", r->base,
		                (unsigned long long)err.offset + 1,
		                uriscan_status_name(st), uriscan_strerror(st));
	cli_error("resolve: %s", uriscan_strerror(st));
	exit(EXIT_TROUBLE);
}

static int cmd_resolve(int argc, char **argv)
{
	struct opts o;
	struct res r;
	int trouble;

	opts_parse(&o, &cli_cmd_resolve, argc, argv,
	           OPT_GRAMMAR | OPT_BASE | OPT_NON_STRICT | OPT_NULL |
	               OPT_FORMAT | OPT_HELP);
	if (o.base == NULL)
		cli_usage_error("resolve needs --base=BASE");
	memset(&r, 0, sizeof r);
	op_setup(&r.run, &o, "resolve", resolve_record, &r);
	r.base = o.base;
	r.base_len = strlen(o.base);
	r.flags = o.non_strict ? URISCAN_RESOLVE_NON_STRICT : 0;
	check_base(&r);
	trouble = records_run(&r.run.loop, o.files, o.nfiles);
	free(r.buf);
	return op_finish(&r.run, trouble);
}

const struct cli_command cli_cmd_resolve = {
    "resolve",
    "uriscan resolve --base=BASE [-g GRAMMAR] [--non-strict] [-z]\n"
    "                [--format=jsonl] [FILE...]\n",
    "the target URI of each record as a reference against BASE (RFC\n"
    "3986 5.2; --non-strict: a reference with BASE's scheme as if it\n"
    "had none), one output record per input record; --format=jsonl:\n"
    "an object with the components of the target. An invalid record\n"
    "gives an empty output record and FILE:LINE:COLUMN: ERROR: message\n"
    "on standard error; an invalid BASE is a usage error\n",
    cmd_resolve,
};
