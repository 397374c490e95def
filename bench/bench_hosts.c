/* SPDX-License-Identifier: MIT */
/*
 * bench_hosts.c: the host rows for the harness (bench.h): what `uriscan
 * inspect` computes per record, and extraction with the confusion flags
 * of every match; library calls only, no timing, no report.
 *
 * On URL lists, RFC 3986, beside uriscan:rfc3986:parse:
 *   uriscan:rfc3986:inspect         uriscan_parse, then uriscan_host_fields
 *                                   (every host field in one call, the
 *                                   authority read once): the library
 *                                   work of `inspect` (src/frontend/
 *                                   host_read.c without its memo of
 *                                   sites), results summed into the sink
 *   uriscan:rfc3986:inspect-calls   the same fields by the separate calls:
 *                                   uriscan_parse, uriscan_browser_host,
 *                                   uriscan_host_address of the grammar's
 *                                   host and of the browser's (once when
 *                                   they are the same bytes),
 *                                   uriscan_ip_text for an address,
 *                                   uriscan_site of the name and
 *                                   uriscan_confusion_parsed (what
 *                                   `inspect` did before
 *                                   uriscan_host_fields)
 *   uriscan:rfc3986:site            uriscan_parse, then uriscan_site of
 *                                   the grammar's host (less the parse
 *                                   row: uriscan_site on a parsed host)
 *   uriscan:rfc3986:inspect-nosite  inspect without the site
 *                                   (URISCAN_HOST_FIELDS_NO_SITE)
 * On log text, beside uriscan:rfc3986:extract:
 *   uriscan:rfc3986:extract-flags   uriscan_extract, components, and the
 *                                   confusion flags of every match,
 *                                   computed in the extractor's pass
 *                                   (URISCAN_EXTRACT_CONFUSION)
 * Without a List uriscan_site returns URISCAN_E_UNSUPPORTED at once: the
 * rows still run (inspect then equals inspect-nosite).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "uriscan.h"

struct inspect_ctx {
	int site;
};

static struct inspect_ctx with_site = {1}, without_site = {0};

static void *init_site(void) { return &with_site; }
static void *init_nosite(void) { return &without_site; }

static uint64_t addr_sum(const struct uriscan_host_addr *a)
{
	return (uint64_t)a->family + a->form + a->ip_class + a->addr[0] +
	       a->addr[3];
}

static int one_calls(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	const struct inspect_ctx *c = ctx;
	struct uriscan_uri u;
	struct uriscan_host_addr ga, ba;
	char bh[2048], site[256], ip[URISCAN_IP_TEXT_MAX];
	size_t bn = 0, sn = 0, ipn = 0;
	const char *name = NULL;
	size_t name_len = 0;
	uint32_t flags = 0;
	uint64_t sum = 0;
	int st = uriscan_parse(URISCAN_RFC3986, s, len, 0, &u);
	int has_host = st == URISCAN_OK && URISCAN_HAS(&u, URISCAN_HOST);
	int gst = URISCAN_E_SYNTAX;

	if (uriscan_browser_host(s, len, 0, bh, sizeof bh, &bn, NULL) !=
	    URISCAN_OK)
		bn = 0;
	if (has_host) {
		gst = uriscan_host_address(s + u.part[URISCAN_HOST].off,
		                           u.part[URISCAN_HOST].len, 0, &ga, NULL);
		if (gst == URISCAN_OK)
			sum += addr_sum(&ga);
	}
	if (bn > 0) {
		int bst;
		/* the same bytes as the grammar's host (most often): the same
		 * reading, not made twice, as src/frontend/host_read.c does */
		if (has_host && u.part[URISCAN_HOST].len == bn &&
		    memcmp(s + u.part[URISCAN_HOST].off, bh, bn) == 0) {
			bst = gst;
			ba = ga;
		} else {
			bst = uriscan_host_address(bh, bn, 0, &ba, NULL);
		}
		if (bst == URISCAN_OK && ba.family != URISCAN_IP_NONE) {
			uriscan_ip_text(&ba, ip, sizeof ip, &ipn, NULL);
			sum += addr_sum(&ba) + ipn;
		} else {
			name = bh;
			name_len = bn;
		}
	} else if (has_host) {
		name = s + u.part[URISCAN_HOST].off;
		name_len = u.part[URISCAN_HOST].len;
	}
	if (c->site && name != NULL &&
	    uriscan_site(name, name_len, 0, site, sizeof site, &sn, NULL) ==
	        URISCAN_OK)
		sum += sn;
	uriscan_confusion_parsed(s, len, st == URISCAN_OK ? &u : NULL, 0, &flags,
	                         NULL);
	*sink += sum + bn + flags + u.present;
	return st == URISCAN_OK;
}

BENCH_BATCH(batch_calls, one_calls)

/* the same fields by uriscan_host_fields */
static int one_inspect(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	const struct inspect_ctx *c = ctx;
	struct uriscan_uri u;
	struct uriscan_host_fields h;
	struct uriscan_host_fields_options o = {
	    sizeof o, c->site ? 0 : URISCAN_HOST_FIELDS_NO_SITE};
	uint64_t sum = 0;
	int st = uriscan_parse(URISCAN_RFC3986, s, len, 0, &u);

	h.size = sizeof h;
	uriscan_host_fields(s, len, st == URISCAN_OK ? &u : NULL, &o, &h, NULL);
	if (h.grammar_addr_status == URISCAN_OK &&
	    h.grammar_addr.family != URISCAN_IP_NONE)
		sum += addr_sum(&h.grammar_addr);
	if (h.addr.family != URISCAN_IP_NONE)
		sum += addr_sum(&h.addr) + h.ip_len;
	*sink += sum + h.site_len + h.browser_len + h.flags + u.present;
	return st == URISCAN_OK;
}

BENCH_BATCH(batch_inspect, one_inspect)

/* parse, then uriscan_site of the grammar's host: the row less the parse
 * row is the cost of uriscan_site on a parsed host */
static int one_site(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	struct uriscan_uri u;
	char site[256];
	size_t sn = 0;
	int st = uriscan_parse(URISCAN_RFC3986, s, len, 0, &u);

	(void)ctx;
	if (st == URISCAN_OK && URISCAN_HAS(&u, URISCAN_HOST) &&
	    uriscan_site(s + u.part[URISCAN_HOST].off, u.part[URISCAN_HOST].len,
	                 0, site, sizeof site, &sn, NULL) == URISCAN_OK)
		*sink += sn + (unsigned char)site[0];
	*sink += u.present;
	return st == URISCAN_OK;
}

BENCH_BATCH(batch_site, one_site)

/* ---- extraction with the flags of each match ---------------------------- */

/* the flags computed in the extractor's pass (URISCAN_EXTRACT_CONFUSION);
 * the rest read as the extract row reads it */
static int on_match(void *user, const struct uriscan_match *m)
{
	*(uint64_t *)user += bench_match_sum(m) + m->confusion;
	return 0;
}

static uint64_t batch_extract_flags(void *ctx, const struct bench_set *set,
                                    uint64_t *sink)
{
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_CONFUSION,
	                                    0, NULL};
	uint64_t n = 0, s = 0;

	(void)ctx;
	if (uriscan_extract(URISCAN_RFC3986, set->raw, set->raw_len, &o,
	                    on_match, &s, &n) != URISCAN_OK)
		abort();
	*sink += s;
	return n;
}

static const struct bench_parser rows[] = {
	{
		.id = "uriscan:rfc3986:inspect",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "parse, host_fields: the library work of inspect",
		.on = BENCH_ON_URLS,
		.init = init_site,
		.one = one_inspect,
		.batch = batch_inspect,
	},
	{
		.id = "uriscan:rfc3986:inspect-calls",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "parse, browser_host, host_address x2, ip_text, site, "
		        "confusion_parsed: inspect's fields by the separate calls",
		.on = BENCH_ON_URLS,
		.init = init_site,
		.one = one_calls,
		.batch = batch_calls,
	},
	{
		.id = "uriscan:rfc3986:site",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "parse, then uriscan_site of the parsed host",
		.on = BENCH_ON_URLS,
		.one = one_site,
		.batch = batch_site,
	},
	{
		.id = "uriscan:rfc3986:inspect-nosite",
		.task = BENCH_PARSE,
		.grammar = "rfc3986",
		.what = "inspect without the site (host_fields, NO_SITE)",
		.on = BENCH_ON_URLS,
		.init = init_nosite,
		.one = one_inspect,
		.batch = batch_inspect,
	},
	{
		.id = "uriscan:rfc3986:extract-flags",
		.task = BENCH_EXTRACT,
		.grammar = "rfc3986",
		.what = "uriscan_extract with components and "
		        "URISCAN_EXTRACT_CONFUSION (each match's flags)",
		.on = BENCH_ON_LOGS,
		.batch = batch_extract_flags,
	},
};

size_t bench_hosts_parsers(const struct bench_parser **out,
                           const char **version)
{
	*version = NULL; /* bench_uriscan.c reports uriscan's version */
	*out = rows;
	return sizeof rows / sizeof rows[0];
}
