/*
 * peer_uriparser.c: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Uriparser (liburiparser-dev), the RFC 3986 reference.
 * uriParseSingleUriExA on [s, s + len) (no NUL needed), the lengths of the
 * components it found summed into the sink (its path is a malloc'd list of
 * segments, walked here), then uriFreeUriMembersA: the cost of one parse.
 * Its verdicts are the check for uriscan's RFC 3986 verdicts.
 */
#include <stdio.h>

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

static const struct bench_parser rows[] = {{
	.id = "uriparser",
	.task = BENCH_PARSE,
	.grammar = "rfc3986",
	.what = "uriParseSingleUriExA + uriFreeUriMembersA (URI-reference)",
	.on = BENCH_ON_URLS,
	.one = one_uriparser,
	.batch = batch_uriparser,
}};

static char version[32];

size_t bench_peer_uriparser(const struct bench_parser **out,
                            const char **ver)
{
	snprintf(version, sizeof version, "uriparser %d.%d.%d", URI_VER_MAJOR,
	         URI_VER_MINOR, URI_VER_RELEASE);
	*ver = version;
	*out = rows;
	return 1;
}
