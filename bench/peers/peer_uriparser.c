/* SPDX-License-Identifier: MIT */
/*
 * peer_uriparser.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Uriparser (liburiparser-dev), the RFC 3986 reference.
 * uriParseSingleUriExA on [s, s + len) (no NUL needed), the lengths of the
 * components it found summed into the sink (its path is a malloc'd list of
 * segments, walked here), then uriFreeUriMembersA: the cost of one parse.
 * Its verdicts are the check for uriscan's RFC 3986 verdicts.
 *
 * Operations (the parse is part of every call, as in uriscan's rows):
 *   uriparser:normalize     parse, uriNormalizeSyntaxExA(all of
 *                           URI_NORMALIZE_*), uriToStringA into a stack
 *                           buffer, free
 *   uriparser:resolve[:rel] parse the reference, uriAddBaseUriExA against
 *                           BENCH_BASE (parsed once, in init) with
 *                           URI_RESOLVE_STRICTLY, uriToStringA, free both
 */
#include <stdio.h>
#include <stdlib.h>

#include <uriparser/Uri.h>

#include "bench.h"

static uint64_t range_len(const UriTextRangeA *r)
{
	return r->first ? (uint64_t)(r->afterLast - r->first) : 0;
}

static int one_uriparser(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	UriUriA uri;
	const char *err = NULL;
	if (uriParseSingleUriExA(&uri, s, s + len, &err) != URI_SUCCESS) {
		*sink += (uint64_t)(err ? err - s : 0);
		return 0;
	}
	uint64_t sum = range_len(&uri.scheme) + range_len(&uri.userInfo) +
	               range_len(&uri.hostText) + range_len(&uri.portText) +
	               range_len(&uri.query) + range_len(&uri.fragment);
	for (const UriPathSegmentA *seg = uri.pathHead; seg; seg = seg->next)
		sum += range_len(&seg->text) + 1;
	*sink += sum;
	uriFreeUriMembersA(&uri);
	return 1;
}

BENCH_BATCH(batch_uriparser, one_uriparser)

/* uri as text into buf[0, cap); 1 if it fits */
static int to_string(const UriUriA *uri, char *buf, size_t cap, size_t *n)
{
	int written = 0;
	if (uriToStringA(buf, uri, (int)cap, &written) != URI_SUCCESS ||
	    written < 1)
		return 0;
	*n = (size_t)written - 1; /* written counts the NUL */
	return 1;
}

#define NORM_ALL                                                               \
	(URI_NORMALIZE_SCHEME | URI_NORMALIZE_USER_INFO | URI_NORMALIZE_HOST | \
	 URI_NORMALIZE_PATH | URI_NORMALIZE_QUERY | URI_NORMALIZE_FRAGMENT)

static int out_normalize(void *ctx, const char *s, size_t len, char *buf,
                         size_t cap, size_t *n)
{
	(void)ctx;
	UriUriA uri;
	*n = 0;
	if (uriParseSingleUriExA(&uri, s, s + len, NULL) != URI_SUCCESS)
		return 0;
	int ok = uriNormalizeSyntaxExA(&uri, NORM_ALL) == URI_SUCCESS &&
	         to_string(&uri, buf, cap, n);
	uriFreeUriMembersA(&uri);
	return ok;
}

static void *init_base(void)
{
	UriUriA *base = malloc(sizeof *base);
	if (base == NULL ||
	    uriParseSingleUriA(base, BENCH_BASE, NULL) != URI_SUCCESS)
		abort();
	return base;
}

static void fini_base(void *ctx)
{
	uriFreeUriMembersA(ctx);
	free(ctx);
}

static int out_resolve(void *ctx, const char *s, size_t len, char *buf,
                       size_t cap, size_t *n)
{
	UriUriA ref, dest;
	*n = 0;
	if (uriParseSingleUriExA(&ref, s, s + len, NULL) != URI_SUCCESS)
		return 0;
	int ok = uriAddBaseUriExA(&dest, &ref, ctx, URI_RESOLVE_STRICTLY) ==
	         URI_SUCCESS;
	if (ok) {
		ok = to_string(&dest, buf, cap, n);
		uriFreeUriMembersA(&dest);
	}
	uriFreeUriMembersA(&ref);
	return ok;
}

BENCH_OP_ONE(one_normalize, out_normalize)
BENCH_BATCH(batch_normalize, one_normalize)
BENCH_OP_ONE(one_resolve, out_resolve)
BENCH_BATCH(batch_resolve, one_resolve)
BENCH_BATCH_REL(batch_resolve_rel, one_resolve)

#define RESOLVE_WHAT                                                           \
	"uriParseSingleUriExA + uriAddBaseUriExA(base " BENCH_BASE            \
	", URI_RESOLVE_STRICTLY) + uriToStringA, stack buffer"

static const struct bench_parser rows[] = {
	{
		.id = "uriparser",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "uriParseSingleUriExA + uriFreeUriMembersA "
		        "(URI-reference)",
		.on = BENCH_ON_URLS,
		.one = one_uriparser,
		.batch = batch_uriparser,
	},
	{
		.id = "uriparser:normalize",
		.task = BENCH_NORMALIZE,
		.grammar = "rfc3986",
		.what = "uriParseSingleUriExA + uriNormalizeSyntaxExA + "
		        "uriToStringA, stack buffer",
		.on = BENCH_ON_URLS,
		.one = one_normalize,
		.batch = batch_normalize,
		.out = out_normalize,
	},
	{
		.id = "uriparser:resolve",
		.task = BENCH_RESOLVE,
		.grammar = "rfc3986",
		.what = RESOLVE_WHAT,
		.on = BENCH_ON_URLS,
		.init = init_base,
		.fini = fini_base,
		.one = one_resolve,
		.batch = batch_resolve,
		.out = out_resolve,
	},
	{
		.id = "uriparser:resolve:rel",
		.task = BENCH_RESOLVE,
		.grammar = "rfc3986",
		.what = RESOLVE_WHAT " (derived relative references)",
		.on = BENCH_ON_URLS,
		.init = init_base,
		.fini = fini_base,
		.one = one_resolve,
		.batch = batch_resolve_rel,
		.out = out_resolve,
		.rel = 1,
	},
};

static char version[32];

size_t bench_peer_uriparser(const struct bench_parser **out,
                            const char **ver)
{
	snprintf(version, sizeof version, "uriparser %d.%d.%d", URI_VER_MAJOR,
	         URI_VER_MINOR, URI_VER_RELEASE);
	*ver = version;
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
