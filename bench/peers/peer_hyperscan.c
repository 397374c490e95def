/* SPDX-License-Identifier: MIT */
/*
 * peer_hyperscan.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Hyperscan (libhyperscan-dev), an extraction peer: the
 * URL regex of url_regex.h in block mode over the whole log text, with
 * HS_FLAG_SOM_LEFTMOST so that each match has its start (an extractor needs
 * it; Hyperscan documents SOM as costly). Hyperscan reports every end
 * offset of a match, so the pattern ends with the byte after the URL (a
 * byte outside the URL set, or the end of the text): one report per URL,
 * found = reports. accepted = URLs found.
 */
#include <hs/hs.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "url_regex.h"

struct hs_ctx {
	hs_database_t *db;
	hs_scratch_t *scratch;
};

struct hs_count {
	uint64_t found;
	uint64_t sum;
};

static void *init_hs(void)
{
	hs_compile_error_t *err = NULL;
	struct hs_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		return NULL;
	if (hs_compile(BENCH_URL_REGEX "(?:[^" BENCH_URL_CHARS "]|$)",
	               HS_FLAG_SOM_LEFTMOST, HS_MODE_BLOCK, NULL, &c->db,
	               &err) != HS_SUCCESS) {
		fprintf(stderr, "hyperscan: %s\n",
		        err ? err->message : "compile failed");
		abort();
	}
	if (hs_alloc_scratch(c->db, &c->scratch) != HS_SUCCESS)
		abort();
	return c;
}

static void fini_hs(void *ctx)
{
	struct hs_ctx *c = ctx;
	hs_free_scratch(c->scratch);
	hs_free_database(c->db);
	free(c);
}

static int on_match(unsigned id, unsigned long long from,
                    unsigned long long to, unsigned flags, void *arg)
{
	struct hs_count *k = arg;
	(void)id;
	(void)flags;
	k->found++;
	k->sum += to - from;
	return 0;
}

static uint64_t batch_hs(void *ctx, const struct bench_set *set,
                         uint64_t *sink)
{
	struct hs_ctx *c = ctx;
	struct hs_count k = {0, 0};
	if (hs_scan(c->db, set->raw, (unsigned)set->raw_len, 0, c->scratch,
	            on_match, &k) != HS_SUCCESS)
		abort();
	*sink += k.sum;
	return k.found;
}

static const struct bench_parser rows[] = {{
	.id = "hyperscan",
	.task = BENCH_EXTRACT,
	.grammar = "regex",
	.what = "hs_scan block mode, URL regex + SOM_LEFTMOST, whole text",
	.on = BENCH_ON_LOGS,
	.init = init_hs,
	.fini = fini_hs,
	.batch = batch_hs,
}};

static char version[48];

size_t bench_peer_hyperscan(const struct bench_parser **out,
                            const char **ver)
{
	snprintf(version, sizeof version, "Hyperscan %s", hs_version());
	*ver = version;
	*out = rows;
	return 1;
}
