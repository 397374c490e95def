/*
 * peer_boost_url.cpp: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Boost.URL (libboost-url1.81-dev), the only C++ file of
 * the harness, built only when a C++ compiler and Boost.URL are found.
 * boost::urls::parse_uri_reference(string_view(s, len)): strict RFC 3986
 * URI-reference, a url_view into the caller's bytes (no allocation); the
 * sizes of the encoded components summed into the sink.
 */
#include <cstdio>

#include <boost/url/parse.hpp>
#include <boost/version.hpp>

#include "bench.h"

namespace {

int one_boost(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	auto r = boost::urls::parse_uri_reference(
	    boost::urls::string_view(s, len));
	if (!r)
		return 0;
	const boost::urls::url_view &u = *r;
	*sink += u.scheme().size() + u.encoded_userinfo().size() +
	         u.encoded_host().size() + u.port().size() +
	         u.encoded_path().size() + u.encoded_query().size() +
	         u.encoded_fragment().size() + (u.has_authority() ? 1u : 0u);
	return 1;
}

uint64_t batch_boost(void *ctx, const struct bench_set *set, uint64_t *sink)
{
	uint64_t acc = 0, s = 0;
	for (size_t i = 0; i < set->n; i++)
		acc += (uint64_t)one_boost(ctx, set->text + set->off[i],
		                           set->len[i], &s);
	*sink += s;
	return acc;
}

bench_parser make_row()
{
	bench_parser p{};
	p.id = "boost-url";
	p.task = BENCH_PARSE;
	p.grammar = "rfc3986";
	p.what = "boost::urls::parse_uri_reference, url_view (no allocation)";
	p.on = BENCH_ON_URLS;
	p.one = one_boost;
	p.batch = batch_boost;
	return p;
}

const bench_parser rows[] = {make_row()};
char version[32];

} // namespace

extern "C" size_t bench_peer_boost_url(const struct bench_parser **out,
                                       const char **ver)
{
	std::snprintf(version, sizeof version, "Boost.URL %d.%d.%d",
	              BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000,
	              BOOST_VERSION % 100);
	*ver = version;
	*out = rows;
	return 1;
}
