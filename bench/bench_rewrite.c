/* SPDX-License-Identifier: MIT */
/*
 * bench_rewrite.c: uriscan's rows for changing a URL (issue 48), on URL
 * lists; the library calls only (bench.h):
 *   uriscan:rfc3986:strip-tracking      uriscan_rewrite(RFC 3986,
 *                                       URISCAN_REWRITE_STRIP_TRACKING,
 *                                       the default list) into a stack
 *                                       buffer: parse, every pair's key
 *                                       against the list, the URL written
 *   uriscan:rfc3986:encode:query-value  uriscan_percent_encode(RFC 3986,
 *                                       QUERY_VALUE) of each line into a
 *                                       stack buffer (to compare with
 *                                       limit:byte-loop on the same bytes)
 * ada:strip-tracking (peers/peer_ada.cpp) removes the same keys through
 * url_search_params.
 */
#include <string.h>

#include "bench.h"
#include "uriscan.h"

static int out_strip(void *ctx, const char *s, size_t len, char *buf,
                     size_t cap, size_t *n)
{
	static const struct uriscan_rewrite_options o = {
	    .size = sizeof o, .flags = URISCAN_REWRITE_STRIP_TRACKING};
	(void)ctx;
	*n = 0;
	return uriscan_rewrite(URISCAN_RFC3986, s, len, &o, buf, cap, n, NULL) ==
	       URISCAN_OK;
}

static int out_encode(void *ctx, const char *s, size_t len, char *buf,
                      size_t cap, size_t *n)
{
	static const struct uriscan_encode_options o = {
	    sizeof o, URISCAN_ENCODE_QUERY_VALUE, 0};
	(void)ctx;
	*n = 0;
	return uriscan_percent_encode(URISCAN_RFC3986, s, len, &o, buf, cap, n,
	                              NULL) == URISCAN_OK;
}

BENCH_OP_ONE(one_strip, out_strip)
BENCH_BATCH(batch_strip, one_strip)
BENCH_OP_ONE(one_encode, out_encode)
BENCH_BATCH(batch_encode, one_encode)

static const struct bench_parser rows[] = {
	{
		.id = "uriscan:rfc3986:strip-tracking",
		.task = BENCH_REWRITE,
		.grammar = "rfc3986",
		.what = "uriscan_rewrite(rfc3986, STRIP_TRACKING, the default "
		        "list) into a stack buffer (validates the input)",
		.on = BENCH_ON_URLS,
		.one = one_strip,
		.batch = batch_strip,
		.out = out_strip,
	},
	{
		.id = "uriscan:rfc3986:encode:query-value",
		.task = BENCH_REWRITE,
		.grammar = "-",
		.what = "uriscan_percent_encode(rfc3986, QUERY_VALUE) of each "
		        "line into a stack buffer (any bytes: all accepted)",
		.on = BENCH_ON_URLS,
		.one = one_encode,
		.batch = batch_encode,
		.out = out_encode,
	},
};

size_t bench_rewrite_parsers(const struct bench_parser **out,
                             const char **version)
{
	*version = NULL;
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
