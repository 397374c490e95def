/* SPDX-License-Identifier: MIT */
/*
 * peer_curl.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * curl's URL API (libcurl4-openssl-dev). One CURLU handle,
 * reused: curl_url_set(h, CURLUPART_URL, s, CURLU_NON_SUPPORT_SCHEME), i.e.
 * any scheme allowed. curl needs a C string (the harness puts a NUL after
 * every URL) and takes absolute URLs only: relative references are
 * rejected. It parses into its handle, copying; the parts are not fetched
 * (curl_url_get would copy them once more). Grammar: "RFC 3986 plus", as
 * curl documents: it accepts some bytes RFC 3986 does not.
 */
#include <stdio.h>

#include <curl/curl.h>

#include "bench.h"

static void *init_curl(void)
{
	return curl_url();
}

static void fini_curl(void *ctx)
{
	curl_url_cleanup(ctx);
}

static int one_curl(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	CURLUcode rc = curl_url_set(ctx, CURLUPART_URL, s,
	                            CURLU_NON_SUPPORT_SCHEME);
	*sink += (uint64_t)rc + len;
	return rc == CURLUE_OK;
}

BENCH_BATCH(batch_curl, one_curl)

static const struct bench_parser rows[] = {{
	.id = "curl",
	.task = BENCH_PARSE,
	.grammar = "rfc3986+",
	.what = "curl_url_set(CURLUPART_URL, CURLU_NON_SUPPORT_SCHEME), "
	        "handle reused; absolute URLs only",
	.on = BENCH_ON_URLS,
	.init = init_curl,
	.fini = fini_curl,
	.one = one_curl,
	.batch = batch_curl,
}};

static char version[48];

size_t bench_peer_curl(const struct bench_parser **out, const char **ver)
{
	const curl_version_info_data *vi = curl_version_info(CURLVERSION_NOW);
	snprintf(version, sizeof version, "libcurl %s",
	         vi && vi->version ? vi->version : LIBCURL_VERSION);
	*ver = version;
	*out = rows;
	return 1;
}
