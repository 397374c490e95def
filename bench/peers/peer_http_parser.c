/* SPDX-License-Identifier: MIT */
/*
 * peer_http_parser.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Nodejs/http-parser's URL parser (libhttp-parser-dev,
 * unmaintained upstream). http_parser_parse_url(s, len, 0, &u) on
 * [s, s + len): an HTTP request-target parser (absolute URLs and
 * origin-form paths), not an RFC 3986 one, with 16-bit offsets. Component
 * offsets and lengths summed into the sink.
 */
#include <stdio.h>

#include <http_parser.h>

#include "bench.h"

static int one_http_parser(void *ctx, const char *s, size_t len,
                           uint64_t *sink)
{
	(void)ctx;
	struct http_parser_url u;
	http_parser_url_init(&u);
	if (http_parser_parse_url(s, len, 0, &u) != 0)
		return 0;
	uint64_t sum = u.field_set;
	for (int k = 0; k < UF_MAX; k++)
		sum += u.field_data[k].off + u.field_data[k].len;
	*sink += sum;
	return 1;
}

BENCH_BATCH(batch_http_parser, one_http_parser)

static const struct bench_parser rows[] = {{
	.id = "http-parser",
	.task = BENCH_PARSE,
	.grammar = "request-target",
	.what = "http_parser_parse_url(s, len, is_connect=0)",
	.on = BENCH_ON_URLS,
	.one = one_http_parser,
	.batch = batch_http_parser,
}};

static char version[32];

size_t bench_peer_http_parser(const struct bench_parser **out,
                              const char **ver)
{
	unsigned long v = http_parser_version();
	snprintf(version, sizeof version, "http-parser %lu.%lu.%lu",
	         (v >> 16) & 255, (v >> 8) & 255, v & 255);
	*ver = version;
	*out = rows;
	return 1;
}
