/* SPDX-License-Identifier: MIT */
/*
 * bench_limits.c: the limits' rows for the harness (bench.h): loops over
 * the bytes only; no timing and no report (the harness does both).
 *
 * Not parsers but the machine's limits, timed in the same
 * run as the parsers, so that every parser can be given as a fraction of
 * them (absolute times drift on shared machines; ratios much less).
 *
 *   limit:byte-loop  reads every byte of every input, one dependent add per
 *                    byte, with the vectoriser off: the ceiling for any
 *                    byte-at-a-time parser (a DFA cannot do less per byte).
 *                    On URL lists it is called per URL like the parsers (so
 *                    it pays the same per-call overhead); on logs it runs
 *                    over the whole text.
 *   limit:memchr     glibc memchr('\n') over the whole file, i.e. a line
 *                    splitter (SIMD): how fast a scan that skips bytes can go.
 *   limit:memmem     log text only: glibc memmem("://") over the whole text,
 *                    counting the hits: the candidate search of an extractor
 *                    that looks for "scheme://" and does nothing else, so the
 *                    ceiling of the extraction rows.
 */
#define _GNU_SOURCE /* memmem */
#include <string.h>

#include "bench.h"

/*
 * One add per byte on a serial chain. The empty asm makes h opaque after
 * every byte, so no compiler can vectorise, reassociate or unroll the chain
 * into several: gcc and clang then time the same loop.
 */
static __attribute__((noinline)) uint64_t byte_sum(const unsigned char *p,
                                                   size_t n)
{
	uint64_t h = 0;
	for (size_t i = 0; i < n; i++) {
		h += p[i];
		__asm__ volatile("" : "+r"(h));
	}
	return h;
}

static int one_bytes(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	*sink += byte_sum((const unsigned char *)s, len);
	return 1;
}

static uint64_t batch_bytes(void *ctx, const struct bench_set *set,
                            uint64_t *sink)
{
	uint64_t acc = 0, s = 0;
	if (set->is_log) {
		s = byte_sum((const unsigned char *)set->raw, set->raw_len);
		*sink += s;
		return set->n;
	}
	for (size_t i = 0; i < set->n; i++)
		acc += (uint64_t)one_bytes(ctx, set->text + set->off[i],
		                           set->len[i], &s);
	*sink += s;
	return acc;
}

static uint64_t batch_memchr(void *ctx, const struct bench_set *set,
                             uint64_t *sink)
{
	(void)ctx;
	const char *p = set->raw;
	const char *end = set->raw + set->raw_len;
	uint64_t lines = 0, sum = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL) {
			sum += (uint64_t)(end - p);
			lines++;
			break;
		}
		sum += (uint64_t)(nl - p);
		lines++;
		p = nl + 1;
	}
	*sink += sum;
	return lines;
}

static uint64_t batch_memmem(void *ctx, const struct bench_set *set,
                             uint64_t *sink)
{
	(void)ctx;
	const char *p = set->raw;
	const char *end = set->raw + set->raw_len;
	uint64_t hits = 0, sum = 0;
	while (p < end) {
		const char *h = memmem(p, (size_t)(end - p), "://", 3);
		if (h == NULL)
			break;
		sum += (uint64_t)(h - set->raw);
		hits++;
		p = h + 3;
	}
	*sink += sum;
	return hits;
}

static const struct bench_parser limits[] = {
	{
		.id = "limit:byte-loop",
		.task = BENCH_LIMIT,
		.grammar = "-",
		.what = "h += byte for every byte, not vectorised (per URL on "
		        "URL lists, whole text on logs)",
		.on = BENCH_ON_BOTH,
		.one = one_bytes,
		.batch = batch_bytes,
	},
	{
		.id = "limit:memchr",
		.task = BENCH_LIMIT,
		.grammar = "-",
		.what = "memchr('\\n') line splitter over the whole file",
		.on = BENCH_ON_BOTH,
		.one = NULL,
		.batch = batch_memchr,
	},
	{
		.id = "limit:memmem",
		.task = BENCH_LIMIT,
		.grammar = "-",
		.what = "memmem(\"://\") over the whole log text, hits counted",
		.on = BENCH_ON_LOGS,
		.one = NULL,
		.batch = batch_memmem,
	},
};

size_t bench_limit_parsers(const struct bench_parser **out,
                           const char **version)
{
	*version = NULL;
	*out = limits;
	return sizeof limits / sizeof limits[0];
}
