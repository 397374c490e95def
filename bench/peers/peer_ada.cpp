/* SPDX-License-Identifier: MIT */
/*
 * peer_ada.cpp: a peer's rows for the harness (bench.h): the library calls
 * only; no timing and no report (the harness does both).
 *
 * ada (github.com/ada-url/ada), the WHATWG URL parser of Node.js, compiled
 * from its single-file amalgamation (ada.h + ada.cpp, C++20) only when the
 * Meson option `ada` names a directory holding it (-Dada=DIR; made from an
 * ada checkout by scripts/ada-amalgamate.sh). Nothing of ada is in this
 * repository. Grammar: "whatwg", the URL Standard: relative references
 * need a base (none is given here, so they are rejected), `\` reads as `/`,
 * what RFC 3986 rejects is often percent-encoded and accepted.
 *
 *   ada:can_parse       ada::can_parse(string_view(s, len)): validity only,
 *                       no URL object built (beside uriscan's validate)
 *   ada:url_aggregator  ada::parse<ada::url_aggregator>(string_view(s, len)):
 *                       the normalized href in one string and the offsets of
 *                       its components; the sizes of protocol, username,
 *                       password, hostname, port, pathname, search and hash
 *                       summed into the sink, as the other parse rows sum
 *                       their components (beside uriscan's parse)
 */
#include <cstdio>
#include <string_view>

#include "ada.h"

#include "bench.h"

#ifndef BENCH_ADA_FLAGS
#define BENCH_ADA_FLAGS "unknown flags"
#endif

namespace {

int one_can_parse(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	bool ok = ada::can_parse(std::string_view(s, len));
	*sink += ok + len;
	return ok;
}

int one_aggregator(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	auto r = ada::parse<ada::url_aggregator>(std::string_view(s, len));
	if (!r)
		return 0;
	const ada::url_aggregator &u = *r;
	*sink += u.get_protocol().size() + u.get_username().size() +
	         u.get_password().size() + u.get_hostname().size() +
	         u.get_port().size() + u.get_pathname().size() +
	         u.get_search().size() + u.get_hash().size() +
	         (u.has_hostname() ? 1u : 0u);
	return 1;
}

// ada:strip-tracking: parse, and when there is a search, remove the keys
// of uriscan's default tracking list (its globs written out as the names
// their sources document) through url_search_params, set the search again
// and get the href; its size into the sink.
const char *const tracking_keys[] = {
    "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
    "utm_id", "gclid", "gclsrc", "gad_source", "dclid", "gbraid", "wbraid",
    "srsltid", "_ga", "_gl", "fbclid", "msclkid", "mc_cid", "mc_eid", "_hsenc",
    "_hsmi", "__hstc", "__hssc", "__hsfp", "hsCtaTracking", "yclid",
    "_openstat", "igshid", "igsh", "twclid", "ttclid", "li_fat_id", "mkt_tok",
    "oly_anon_id", "oly_enc_id", "vero_id", "vero_conv", "_kx", "epik",
    "ScCid", "rb_clickid", "hsa_acc", "hsa_cam", "hsa_grp", "hsa_ad",
    "hsa_src", "hsa_tgt", "hsa_kw", "hsa_mt", "hsa_net", "hsa_ver",
    "ml_subscriber", "ml_subscriber_hash", "s_cid"};

int one_strip(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	(void)ctx;
	auto r = ada::parse<ada::url_aggregator>(std::string_view(s, len));
	if (!r)
		return 0;
	if (r->has_search()) {
		ada::url_search_params p(r->get_search());
		size_t before = p.size();
		for (const char *k : tracking_keys)
			p.remove(k);
		if (p.size() != before)
			r->set_search(p.to_string());
	}
	*sink += r->get_href().size();
	return 1;
}

BENCH_BATCH(batch_strip, one_strip)
BENCH_BATCH(batch_can_parse, one_can_parse)
BENCH_BATCH(batch_aggregator, one_aggregator)

bench_parser make_row(const char *id, bench_task task, const char *what)
{
	bench_parser p{};
	p.id = id;
	p.task = task;
	p.grammar = "whatwg";
	p.what = what;
	p.on = BENCH_ON_URLS;
	p.one = task == BENCH_VALIDATE ? one_can_parse : one_aggregator;
	p.batch = task == BENCH_VALIDATE ? batch_can_parse : batch_aggregator;
	return p;
}

const bench_parser rows[] = {
    make_row("ada:can_parse", BENCH_VALIDATE,
             "ada::can_parse(string_view), no base: WHATWG URL, relative "
             "references rejected"),
    make_row("ada:url_aggregator", BENCH_PARSE,
             "ada::parse<url_aggregator>(string_view), no base; component "
             "sizes summed"),
    [] {
	    bench_parser p = make_row("ada:strip-tracking", BENCH_REWRITE,
	                              "ada::parse<url_aggregator>, the tracking "
	                              "keys removed through url_search_params, "
	                              "set_search, get_href");
	    p.one = one_strip;
	    p.batch = batch_strip;
	    return p;
    }(),
};
char version[256];

} // namespace

extern "C" size_t bench_peer_ada(const struct bench_parser **out,
                                 const char **ver)
{
	std::snprintf(version, sizeof version, "ada %s (%s)", ADA_VERSION,
	              BENCH_ADA_FLAGS);
	*ver = version;
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
