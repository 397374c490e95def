/* SPDX-License-Identifier: MIT */
/*
 * op_output.h: the output record of the reference operations normalize and
 * resolve: the resulting reference, or with --format=jsonl an object with
 * its components. Output only; no reading.
 */
#ifndef URISCAN_CLI_OP_OUTPUT_H
#define URISCAN_CLI_OP_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#include "input.h"
#include "opts.h"

struct op_run {
	struct record_loop loop;
	enum uriscan_grammar g;
	int jsonl;        /* --format=jsonl */
	int any_invalid;
};

/* Fill r from the options of `command` (grammar, -z, --format: jsonl or
 * nothing, else a usage error); records go to fn with ctx. */
void op_setup(struct op_run *r, const struct opts *o, const char *command,
              reader_record_fn fn, void *ctx);

/*
 * One output record for the input record [in, in + inlen): status OK and
 * the result res[0, rlen), or a failed status and its offset `off` in
 * the input record. Without jsonl: the result (empty on failure) and the record
 * delimiter; with jsonl: one JSON object and '\n'. A failure is also
 * reported on stderr (cli_record_error) and sets r->any_invalid.
 */
void op_emit(struct op_run *r, const char *in, size_t inlen, int status,
             const char *res, size_t rlen, size_t off);

/* The exit status after records_run returned `trouble`. */
int op_finish(struct op_run *r, int trouble);

#endif
