/* SPDX-License-Identifier: MIT */
/*
 * bench_defang.c: the rows of defanged extraction (URISCAN_EXTRACT_DEFANGED,
 * issue 52), beside uriscan:rfc3986:extract and -stream in the same run:
 *
 *   uriscan:rfc3986:defanged          uriscan_extract with the flag,
 *                                     components summed as extract sums them
 *   uriscan:rfc3986:defanged-stream   a uriscan_extractor with the flag fed
 *                                     64 KiB chunks (as extract-stream)
 *
 * On log text (the bundled log, the synthetic log, and a threat report
 * made by bench/gen_report.py given as a *.log file). Their ids do not
 * begin with "extract": the count check (bench_checks.c) would hold them
 * to extract's count, which a report's defanged URLs exceed by design.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "uriscan.h"

#define CHUNK ((size_t)64 << 10)

static uriscan_extractor *sx;

static const struct uriscan_extract_options dopt = {
    sizeof(struct uriscan_extract_options), URISCAN_EXTRACT_DEFANGED, 0, NULL};

static int on_match(void *user, const struct uriscan_match *m)
{
	*(uint64_t *)user += bench_match_sum(m);
	return 0;
}

static uint64_t batch_whole(void *ctx, const struct bench_set *set,
                            uint64_t *sink)
{
	uint64_t n = 0, s = 0;

	(void)ctx;
	if (uriscan_extract(URISCAN_RFC3986, set->raw, set->raw_len, &dopt,
	                    on_match, &s, &n) != URISCAN_OK)
		abort();
	*sink += s;
	return n;
}

static void *init_stream(void)
{
	if (sx == NULL &&
	    uriscan_extractor_new(URISCAN_RFC3986, &dopt, &sx) != URISCAN_OK) {
		fprintf(stderr, "bench: uriscan_extractor_new failed\n");
		abort();
	}
	return sx;
}

static void fini_stream(void *ctx)
{
	(void)ctx;
	uriscan_extractor_free(sx);
	sx = NULL;
}

static uint64_t batch_stream(void *ctx, const struct bench_set *set,
                             uint64_t *sink)
{
	uriscan_extractor *x = ctx;
	struct uriscan_match m;
	uint64_t n = 0, s = 0;

	uriscan_extractor_reset(x);
	for (size_t at = 0; at < set->raw_len; at += CHUNK) {
		size_t k = set->raw_len - at < CHUNK ? set->raw_len - at : CHUNK;
		uriscan_extractor_feed(x, set->raw + at, k);
		while (uriscan_extractor_next(x, &m) == URISCAN_OK) {
			s += bench_match_sum(&m);
			n++;
		}
	}
	uriscan_extractor_finish(x);
	while (uriscan_extractor_next(x, &m) == URISCAN_OK) {
		s += bench_match_sum(&m);
		n++;
	}
	*sink += s;
	return n;
}

static const struct bench_parser rows[] = {
	{
		.id = "uriscan:rfc3986:defanged",
		.task = BENCH_EXTRACT,
		.grammar = "rfc3986",
		.what = "uriscan_extract with URISCAN_EXTRACT_DEFANGED and "
		        "components",
		.on = BENCH_ON_LOGS,
		.batch = batch_whole,
	},
	{
		.id = "uriscan:rfc3986:defanged-stream",
		.task = BENCH_EXTRACT,
		.grammar = "rfc3986",
		.what = "a uriscan_extractor with URISCAN_EXTRACT_DEFANGED fed "
		        "64 KiB chunks, components",
		.on = BENCH_ON_LOGS,
		.init = init_stream,
		.fini = fini_stream,
		.batch = batch_stream,
	},
};

size_t bench_defang_parsers(const struct bench_parser **out,
                            const char **version)
{
	*version = NULL; /* bench_uriscan.c reports uriscan's version */
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
