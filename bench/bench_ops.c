/* SPDX-License-Identifier: MIT */
/*
 * bench_ops.c: uriscan's URI-operation rows for the harness (bench.h): the
 * library calls only; no timing, no report, no allocation per input.
 *
 * On URL lists, RFC 3986 (the grammar the peers implement):
 *   uriscan:rfc3986:normalize    uriscan_normalize(RFC 3986, flags 0: the
 *                                syntax-based steps of RFC 3986 6.2.2) into
 *                                a stack buffer; it validates (parses) the
 *                                input itself, as the peers' rows parse
 *   uriscan:rfc3986:resolve      uriscan_resolve(RFC 3986, BENCH_BASE, the
 *                                line as the reference, flags 0: strict)
 *   uriscan:rfc3986:resolve:rel  the same on the derived relative reference
 *                                of each line (bench_set.rtext): paths
 *                                merged, dot segments removed
 * uriscan_resolve parses the base on every call (its API takes text); the
 * peers parse the base once, in init().
 * Each result is written to a buffer of BENCH_OUT_MAX bytes on the stack;
 * its length and first byte go to the sink. The harness compares the
 * results with the peers' (bench_opcheck.c) before timing.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "uriscan.h"

static int out_normalize(void *ctx, const char *s, size_t len, char *buf,
                         size_t cap, size_t *n)
{
	(void)ctx;
	*n = 0;
	return uriscan_normalize(URISCAN_RFC3986, s, len, 0, buf, cap, n,
	                         NULL) == URISCAN_OK;
}

static int out_resolve(void *ctx, const char *s, size_t len, char *buf,
                       size_t cap, size_t *n)
{
	(void)ctx;
	*n = 0;
	return uriscan_resolve(URISCAN_RFC3986, BENCH_BASE,
	                       sizeof BENCH_BASE - 1, s, len, 0, buf, cap, n,
	                       NULL) == URISCAN_OK;
}

BENCH_OP_ONE(one_normalize, out_normalize)
BENCH_BATCH(batch_normalize, one_normalize)
BENCH_OP_ONE(one_resolve, out_resolve)
BENCH_BATCH(batch_resolve, one_resolve)
BENCH_BATCH_REL(batch_resolve_rel, one_resolve)

static const struct bench_parser rows[] = {
	{
		.id = "uriscan:rfc3986:normalize",
		.task = BENCH_NORMALIZE,
		.grammar = "rfc3986",
		.what = "uriscan_normalize(rfc3986, flags 0) into a stack "
		        "buffer (validates the input)",
		.on = BENCH_ON_URLS,
		.one = one_normalize,
		.batch = batch_normalize,
		.out = out_normalize,
	},
	{
		.id = "uriscan:rfc3986:resolve",
		.task = BENCH_RESOLVE,
		.grammar = "rfc3986",
		.what = "uriscan_resolve(rfc3986, base " BENCH_BASE
		        ", flags 0) into a stack buffer",
		.on = BENCH_ON_URLS,
		.one = one_resolve,
		.batch = batch_resolve,
		.out = out_resolve,
	},
	{
		.id = "uriscan:rfc3986:resolve:rel",
		.task = BENCH_RESOLVE,
		.grammar = "rfc3986",
		.what = "uriscan_resolve(rfc3986, base " BENCH_BASE
		        ", flags 0) into a stack buffer (derived relative "
		        "references)",
		.on = BENCH_ON_URLS,
		.one = one_resolve,
		.batch = batch_resolve_rel,
		.out = out_resolve,
		.rel = 1,
	},
};

size_t bench_ops_parsers(const struct bench_parser **out,
                         const char **version)
{
	*version = NULL; /* bench_uriscan.c reports uriscan's version */
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
