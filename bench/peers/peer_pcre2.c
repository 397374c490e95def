/* SPDX-License-Identifier: MIT */
/*
 * peer_pcre2.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * PCRE2 with its JIT (libpcre2-dev), an extraction peer: on
 * log text, the URL regex of url_regex.h matched repeatedly over the whole
 * buffer (pcre2_jit_match from the end of the previous match), as a
 * regex-based extractor does. accepted = URLs found. Falls back to
 * pcre2_match if the JIT is not available (said in the row's description).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "url_regex.h"

struct pcre_ctx {
	pcre2_code *code;
	pcre2_match_data *md;
	int jit;
};

static void *init_pcre2(void)
{
	int err;
	PCRE2_SIZE eoff;
	struct pcre_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		return NULL;
	c->code = pcre2_compile((PCRE2_SPTR)BENCH_URL_REGEX,
	                        PCRE2_ZERO_TERMINATED, 0, &err, &eoff, NULL);
	if (c->code == NULL) {
		fprintf(stderr, "pcre2: cannot compile the URL regex (%d)\n",
		        err);
		abort();
	}
	c->jit = pcre2_jit_compile(c->code, PCRE2_JIT_COMPLETE) == 0;
	c->md = pcre2_match_data_create_from_pattern(c->code, NULL);
	return c;
}

static void fini_pcre2(void *ctx)
{
	struct pcre_ctx *c = ctx;
	pcre2_match_data_free(c->md);
	pcre2_code_free(c->code);
	free(c);
}

static uint64_t batch_pcre2(void *ctx, const struct bench_set *set,
                            uint64_t *sink)
{
	struct pcre_ctx *c = ctx;
	PCRE2_SPTR s = (PCRE2_SPTR)set->raw;
	PCRE2_SIZE len = set->raw_len, off = 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
	uint64_t found = 0, sum = 0;
	for (;;) {
		int rc = c->jit ? pcre2_jit_match(c->code, s, len, off, 0,
		                                  c->md, NULL)
		                : pcre2_match(c->code, s, len, off, 0, c->md,
		                              NULL);
		if (rc <= 0)
			break;
		found++;
		sum += ov[1] - ov[0];
		off = ov[1];
	}
	*sink += sum;
	return found;
}

static const struct bench_parser rows[] = {{
	.id = "pcre2-jit",
	.task = BENCH_EXTRACT,
	.grammar = "regex",
	.what = "pcre2_jit_match, URL regex (scheme://[RFC 3986 chars]+), "
	        "repeated over the whole text",
	.on = BENCH_ON_LOGS,
	.init = init_pcre2,
	.fini = fini_pcre2,
	.batch = batch_pcre2,
}};

static char version[48];

size_t bench_peer_pcre2(const struct bench_parser **out, const char **ver)
{
	char v[32] = "?";
	uint32_t jit = 0;
	pcre2_config(PCRE2_CONFIG_VERSION, v);
	pcre2_config(PCRE2_CONFIG_JIT, &jit);
	snprintf(version, sizeof version, "PCRE2 %s%s", v,
	         jit ? " (JIT)" : " (no JIT)");
	*ver = version;
	*out = rows;
	return 1;
}
