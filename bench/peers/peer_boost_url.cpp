/* SPDX-License-Identifier: MIT */
/*
 * peer_boost_url.cpp: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * Boost.URL (libboost-url1.81-dev), the only C++ file of
 * the harness, built only when a C++ compiler and Boost.URL are found.
 * boost::urls::parse_uri_reference(string_view(s, len)): strict RFC 3986
 * URI-reference, a url_view into the caller's bytes (no allocation); the
 * sizes of the encoded components summed into the sink.
 *
 * Operations (the parse is part of every call, as in uriscan's rows), into
 * one boost::urls::static_url<BENCH_OUT_MAX> made in init() (fixed
 * capacity: no allocation per call, like uriscan's stack buffer):
 *   boost-url:normalize      parse_uri_reference, u = the url_view,
 *                            u.normalize(), u.buffer() copied out
 *   boost-url:resolve[:rel]  parse_uri_reference of the reference,
 *                            boost::urls::resolve(base, ref, u) with the
 *                            base BENCH_BASE parsed once, in init()
 */
#include <cstdio>
#include <cstring>
#include <exception>

#include <boost/url/parse.hpp>
#include <boost/url/static_url.hpp>
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

struct op_ctx {
	boost::urls::url_view base;
	boost::urls::static_url<BENCH_OUT_MAX> u;
};

void *init_op()
{
	auto *c = new op_ctx;
	c->base = boost::urls::parse_uri(BENCH_BASE).value();
	return c;
}

void fini_op(void *ctx) { delete static_cast<op_ctx *>(ctx); }

int copy_out(const op_ctx *c, char *buf, size_t cap, size_t *n)
{
	boost::urls::string_view b = c->u.buffer();
	if (b.size() > cap)
		return 0;
	std::memcpy(buf, b.data(), b.size());
	*n = b.size();
	return 1;
}

int out_normalize(void *ctx, const char *s, size_t len, char *buf,
                  size_t cap, size_t *n)
{
	auto *c = static_cast<op_ctx *>(ctx);
	*n = 0;
	auto r = boost::urls::parse_uri_reference(
	    boost::urls::string_view(s, len));
	if (!r)
		return 0;
	try {
		c->u = *r;
		c->u.normalize();
	} catch (const std::exception &) { // longer than BENCH_OUT_MAX
		return 0;
	}
	return copy_out(c, buf, cap, n);
}

int out_resolve(void *ctx, const char *s, size_t len, char *buf, size_t cap,
                size_t *n)
{
	auto *c = static_cast<op_ctx *>(ctx);
	*n = 0;
	auto r = boost::urls::parse_uri_reference(
	    boost::urls::string_view(s, len));
	if (!r)
		return 0;
	try {
		if (!boost::urls::resolve(c->base, *r, c->u))
			return 0;
	} catch (const std::exception &) {
		return 0;
	}
	return copy_out(c, buf, cap, n);
}

BENCH_OP_ONE(one_normalize, out_normalize)
BENCH_BATCH(batch_normalize, one_normalize)
BENCH_OP_ONE(one_resolve, out_resolve)
BENCH_BATCH(batch_resolve, one_resolve)
BENCH_BATCH_REL(batch_resolve_rel, one_resolve)

bench_parser make_row(const char *id, bench_task task, const char *what)
{
	bench_parser p{};
	p.id = id;
	p.task = task;
	p.grammar = "rfc3986";
	p.what = what;
	p.on = BENCH_ON_URLS;
	if (task == BENCH_PARSE) {
		p.one = one_boost;
		p.batch = batch_boost;
		return p;
	}
	p.init = init_op;
	p.fini = fini_op;
	p.one = task == BENCH_NORMALIZE ? one_normalize : one_resolve;
	p.batch = task == BENCH_NORMALIZE ? batch_normalize : batch_resolve;
	p.out = task == BENCH_NORMALIZE ? out_normalize : out_resolve;
	return p;
}

bench_parser make_rel()
{
	bench_parser p = make_row("boost-url:resolve:rel", BENCH_RESOLVE,
	                          "parse_uri_reference + resolve(base " BENCH_BASE
	                          ", ref, static_url) (derived relative "
	                          "references)");
	p.batch = batch_resolve_rel;
	p.rel = 1;
	return p;
}

const bench_parser rows[] = {
    make_row("boost-url", BENCH_PARSE,
             "boost::urls::parse_uri_reference, url_view (no allocation)"),
    make_row("boost-url:normalize", BENCH_NORMALIZE,
             "parse_uri_reference, static_url = view, normalize()"),
    make_row("boost-url:resolve", BENCH_RESOLVE,
             "parse_uri_reference + resolve(base " BENCH_BASE
             ", ref, static_url)"),
    make_rel(),
};
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
	return sizeof rows / sizeof rows[0];
}
