/* SPDX-License-Identifier: MIT */
/*
 * peer_glib.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * GLib's GUri (libglib2.0-dev). Two rows, both on C strings
 * (the harness puts a NUL after every URL):
 *   glib:is_valid  g_uri_is_valid(s, G_URI_FLAGS_NONE, NULL): strict
 *                  parse of an absolute URI (relative references are
 *                  rejected), percent-escapes decoded and checked.
 *   glib:split     g_uri_split(s, G_URI_FLAGS_ENCODED, ...) with every
 *                  component requested: URI references, components returned
 *                  as newly allocated strings (still encoded, like uriscan's
 *                  spans), lengths summed into the sink, then freed.
 */
#include <stdio.h>

#include <glib.h>

#include "bench.h"

static int one_is_valid(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	int ok = g_uri_is_valid(s, G_URI_FLAGS_NONE, NULL) ? 1 : 0;
	*sink += len + (uint64_t)ok;
	return ok;
}

static uint64_t slen(char *p)
{
	uint64_t n = p ? (uint64_t)strlen(p) + 1 : 0;
	g_free(p);
	return n;
}

static int one_split(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	(void)len;
	char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL,
	     *query = NULL, *fragment = NULL;
	int port = -1;
	if (!g_uri_split(s, G_URI_FLAGS_ENCODED, &scheme, &userinfo, &host,
	                 &port, &path, &query, &fragment, NULL))
		return 0;
	*sink += slen(scheme) + slen(userinfo) + slen(host) + slen(path) +
	         slen(query) + slen(fragment) + (uint64_t)(port + 1);
	return 1;
}

BENCH_BATCH(batch_is_valid, one_is_valid)
BENCH_BATCH(batch_split, one_split)

static const struct bench_parser rows[] = {
	{
		.id = "glib:is_valid",
		.task = BENCH_VALIDATE,
		.grammar = "rfc3986",
		.what = "g_uri_is_valid(G_URI_FLAGS_NONE); absolute URIs only",
		.on = BENCH_ON_URLS,
		.one = one_is_valid,
		.batch = batch_is_valid,
	},
	{
		.id = "glib:split",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "g_uri_split(G_URI_FLAGS_ENCODED), all parts, "
		        "allocated and freed",
		.on = BENCH_ON_URLS,
		.one = one_split,
		.batch = batch_split,
	},
};

static char version[32];

size_t bench_peer_glib(const struct bench_parser **out, const char **ver)
{
	snprintf(version, sizeof version, "glib %u.%u.%u", glib_major_version,
	         glib_minor_version, glib_micro_version);
	*ver = version;
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
