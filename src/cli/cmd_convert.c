/* SPDX-License-Identifier: MIT */
/*
 * cmd_convert.c: `uriscan convert --to-uri|--to-iri [-z] [FILE...]`, IRI <->
 * URI mapping of records (RFC 3987 section 3). Records come from input.h's
 * record loop; no file handling here.
 *
 * One output record per input record, in order, ended like the input
 * records ('\n', or NUL with -z): the URI (uriscan_iri_to_uri) or the IRI
 * (uriscan_uri_to_iri) of the record. A record that is not a valid
 * IRI-reference (--to-uri) or URI-reference (--to-iri) gives an EMPTY
 * output record, so that output line N still belongs to input record N,
 * and a message on standard error in the shape of `uriscan check`:
 * FILE:RECORD:COLUMN: STATUS: message (COLUMN 1-based, the byte where the
 * record stopped being valid).
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "input.h"
#include "opts.h"
#include "output.h"
#include "report.h"

struct conv {
	struct record_loop loop;
	int to_iri;     /* 0: --to-uri, 1: --to-iri */
	unsigned flags; /* URISCAN_IRI_IDNA / URISCAN_URI_DECODE_UNRESERVED */
	char *buf;
	size_t cap;
	int any_invalid;
};

static void convert_record(void *ctx, const char *rec, size_t len)
{
	struct conv *c = ctx;
	size_t need = 0;
	struct uriscan_error err;
	int st;

	for (;;) {
		if (c->to_iri)
			st = uriscan_uri_to_iri(rec, len, c->flags, c->buf, c->cap,
			                        &need, &err);
		else
			st = uriscan_iri_to_uri(rec, len, c->flags, c->buf, c->cap,
			                        &need, &err);
		if (st != URISCAN_E_BUFFER_TOO_SMALL)
			break;
		c->buf = cli_realloc(c->buf, need + 1);
		c->cap = need + 1;
	}
	if (st == URISCAN_OK) {
		out_bytes(c->buf, need);
	} else {
		c->any_invalid = 1;
		cli_record_error(c->loop.label, c->loop.record, rec, len,
		                 err.offset, st);
	}
	out_char(c->loop.delim);
	out_end_record();
}

static int cmd_convert(int argc, char **argv)
{
	struct opts o;
	struct conv c;
	int trouble;

	opts_parse(&o, &cli_cmd_convert, argc, argv,
	           OPT_TO_URI | OPT_TO_IRI | OPT_IDNA | OPT_UNRESERVED | OPT_NULL |
	               OPT_HELP);
	if (o.to_uri == o.to_iri)
		cli_usage_error("convert needs exactly one of --to-uri and --to-iri");
	if (o.idna && !o.to_uri)
		cli_usage_error("--idna goes with --to-uri");
	if (o.unreserved && !o.to_iri)
		cli_usage_error("--decode-unreserved goes with --to-iri");
	if (o.idna && !uriscan_idna_available()) {
		cli_error("--idna: %s", uriscan_strerror(URISCAN_E_IDNA_UNAVAILABLE));
		return EXIT_TROUBLE;
	}
	memset(&c, 0, sizeof c);
	c.to_iri = o.to_iri;
	c.flags = (o.idna ? URISCAN_IRI_IDNA : 0) |
	          (o.unreserved ? URISCAN_URI_DECODE_UNRESERVED : 0);
	c.loop.delim = o.null_data ? '\0' : '\n';
	c.loop.strip_cr = !o.null_data;
	c.loop.fn = convert_record;
	c.loop.ctx = &c;
	trouble = records_run(&c.loop, o.files, o.nfiles);
	free(c.buf);
	out_flush();
	if (trouble)
		return EXIT_TROUBLE;
	return c.any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

const struct cli_command cli_cmd_convert = {
    "convert",
    "uriscan convert --to-uri [--idna] [-z] [FILE...]\n"
    "uriscan convert --to-iri [--decode-unreserved] [-z] [FILE...]\n",
    "map each record between IRI and URI (RFC 3987 section 3),\n"
    "one output record per input record: --to-uri percent-encodes\n"
    "the non-ASCII characters of an IRI-reference (RFC 3987);\n"
    "--to-iri decodes the percent-encoded UTF-8 of a URI-reference\n"
    "(RFC 3986) where an IRI allows the character. An invalid record\n"
    "gives an empty output record and FILE:LINE:COLUMN: ERROR:\n"
    "message on standard error\n",
    cmd_convert,
};
