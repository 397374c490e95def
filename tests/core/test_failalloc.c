/* SPDX-License-Identifier: MIT */
/*
 * test_failalloc.c: uriscan_extractor_new when an allocation fails (issue
 * 39), with the failing allocator of tests/failalloc.h: every grammar with
 * an extractor, with and without an opaque list (its copy is one more
 * allocation), failing each allocation in turn: URISCAN_E_NO_MEMORY, *out
 * NULL, nothing left allocated; then, allocations working, an extractor
 * that finds the URL. And the other extraction calls, which the header
 * says allocate nothing: not one allocation (feed, next, finish, reset,
 * uriscan_extract, also with URISCAN_EXTRACT_CONFUSION). Under ASan
 * (build-san) a leak or a use after free on a failure path is reported
 * there too. With URISCAN_EXTRACT_DEFANGED (issue 52: a second
 * extractor and the refanger's records) the same sweep of
 * uriscan_extractor_new, and uriscan_extract, which then allocates an
 * extractor, with each of its allocations failing: no_memory, nothing
 * left.
 */
#include <string.h>

#include "failalloc.h"
#include "tap.h"
#include "uriscan.h"

static const char text[] = "see http://a.example/x and mailto:a@b.example ";

static int count_cb(void *user, const struct uriscan_match *m)
{
	(void)m;
	++*(int *)user;
	return 0;
}

/* The URLs an extractor finds in text (feed, next, finish), or -1. */
static int use(uriscan_extractor *x)
{
	struct uriscan_match m;
	int n = 0;

	if (uriscan_extractor_feed(x, text, sizeof text - 1) != URISCAN_OK)
		return -1;
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		n++;
	if (uriscan_extractor_finish(x) != URISCAN_OK)
		return -1;
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		n++;
	uriscan_extractor_reset(x);
	return n;
}

static void sweep(enum uriscan_grammar g, const char *opaque, unsigned flags)
{
	const char *gn = flags ? "defanged" : uriscan_grammar_name(g);
	struct uriscan_extract_options opt;
	uriscan_extractor *x = NULL;
	unsigned long total;
	int st, all = 1, want;

	memset(&opt, 0, sizeof opt);
	opt.size = sizeof opt;
	opt.opaque_schemes = opaque;
	opt.flags = flags;
	failalloc_set(0);
	st = uriscan_extractor_new(g, &opt, &x);
	total = failalloc_count();
	want = st == URISCAN_OK ? use(x) : -1;
	uriscan_extractor_free(x);
	tap_ok(st == URISCAN_OK && total > 0 && want >= 1 &&
	           failalloc_live() == 0,
	       "%s%s: extractor_new makes %lu allocations, finds %d URLs, free "
	       "frees them", gn, opaque ? " opaque" : "", total, want);
	for (unsigned long k = 1; k <= total; k++) {
		x = (uriscan_extractor *)&st; /* must become NULL */
		failalloc_set(k);
		st = uriscan_extractor_new(g, &opt, &x);
		if (st != URISCAN_E_NO_MEMORY || x != NULL ||
		    failalloc_live() != 0) {
			tap_diag("allocation %lu failing: %s, out %p, %ld blocks left",
			         k, uriscan_status_name(st), (void *)x,
			         failalloc_live());
			all = 0;
		}
	}
	tap_ok(all, "%s%s: each of the %lu allocations failing: no_memory, "
	       "out NULL, nothing left", gn, opaque ? " opaque" : "", total);
	failalloc_set(total + 1);
	st = uriscan_extractor_new(g, &opt, &x);
	int n = st == URISCAN_OK ? use(x) : -1;
	unsigned long later = failalloc_count() - total;
	uriscan_extractor_free(x);
	tap_ok(n == want && later == 0 && failalloc_live() == 0,
	       "%s%s: then it works (%d URLs, want %d) and feed, next, finish, "
	       "reset allocate nothing (%lu)", gn, opaque ? " opaque" : "", n,
	       want, later);
	if (flags & URISCAN_EXTRACT_DEFANGED) {
		/* uriscan_extract makes what an extractor holds (without the
		 * extractor itself): each allocation failing */
		unsigned long etotal;
		n = 0;
		failalloc_set(0);
		st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb, &n,
		                     NULL);
		etotal = failalloc_count();
		all = st == URISCAN_OK && etotal >= 1 && etotal < total;
		for (unsigned long k = 1; k <= etotal; k++) {
			n = 0;
			failalloc_set(k);
			st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb,
			                     &n, NULL);
			if (st != URISCAN_E_NO_MEMORY || n != 0 ||
			    failalloc_live() != 0)
				all = 0;
		}
		n = 0;
		failalloc_set(0);
		st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb, &n,
		                     NULL);
		tap_ok(all && st == URISCAN_OK && n == want && failalloc_live() == 0,
		       "%s%s: uriscan_extract: each of its %lu allocations failing "
		       "gives no_memory and leaves nothing; then %d URLs", gn,
		       opaque ? " opaque" : "", etotal, n);
		/* sized to its one buffer, where an extractor's records are
		 * for a stream (392 KiB for the default max_len): a short
		 * text's call asks for tens of KiB, not hundreds */
		{
			unsigned long eb, xb;
			failalloc_set(0);
			st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb,
			                     &n, NULL);
			eb = failalloc_bytes();
			failalloc_set(0);
			x = NULL;
			if (uriscan_extractor_new(g, &opt, &x) == URISCAN_OK)
				uriscan_extractor_free(x);
			xb = failalloc_bytes();
			tap_ok(st == URISCAN_OK && eb < 64 * 1024 && xb > 256 * 1024,
			       "%s%s: uriscan_extract on %zu bytes asks for %lu bytes "
			       "(an extractor %lu)", gn, opaque ? " opaque" : "",
			       sizeof text - 1, eb, xb);
		}
		return;
	}
	n = 0;
	failalloc_set(1);
	st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb, &n, NULL);
	tap_ok(st == URISCAN_OK && n == want && failalloc_count() == 0,
	       "%s%s: uriscan_extract allocates nothing (%s, %d URLs, %lu "
	       "allocations)", gn, opaque ? " opaque" : "",
	       uriscan_status_name(st), n, failalloc_count());
	/* the same with each match's confusion flags (the library's own
	 * code: only libidn2, for a non-ASCII host, may allocate) */
	n = 0;
	opt.flags |= URISCAN_EXTRACT_CONFUSION;
	failalloc_set(1);
	st = uriscan_extract(g, text, sizeof text - 1, &opt, count_cb, &n, NULL);
	tap_ok(st == URISCAN_OK && n == want && failalloc_count() == 0,
	       "%s%s: uriscan_extract with URISCAN_EXTRACT_CONFUSION allocates "
	       "nothing (%s, %d URLs, %lu allocations)", gn,
	       opaque ? " opaque" : "", uriscan_status_name(st), n,
	       failalloc_count());
}

/* The reading of non-ASCII hosts (issue 49): UTS #46 and UTS #39 through
 * ICU. The library's own code allocates nothing there, a failing
 * allocation (the first one failing) changes no answer. ICU is a shared
 * library: its allocations (its contexts, opened once, and its work
 * inside a call, freed) are outside what the wrapper sees, as the header
 * says. */
static void non_ascii_hosts(void)
{
	static const char url[] = "http://p\xd0\xb0ypal.com/";
	static const char host[] = "\xe2\x91\xa0\xe2\x91\xa1\xe2\x91\xa6.0.0.1";
	struct uriscan_host_addr a;
	char out[64];
	size_t n = 0;
	uint32_t f = 0;
	int icu = uriscan_uts46_available(), st1, st2, st3;
	/* the flags of a build without RFC 3986 (-Dgrammars=rfc1738) are not
	 * asked: the browser's reading and the address do not need it */
	int g3986 = uriscan_grammar_available(URISCAN_RFC3986);

	failalloc_set(1);
	st1 = uriscan_browser_host(url, sizeof url - 1, 0, out, sizeof out, &n,
	                           NULL);
	st2 = uriscan_host_address(host, sizeof host - 1, 0, &a, NULL);
	st3 = g3986 ? uriscan_confusion(URISCAN_RFC3986, url, sizeof url - 1, 0,
	                                &f, NULL)
	            : URISCAN_OK;
	tap_ok(failalloc_count() == 0 && st3 == URISCAN_OK &&
	           (icu ? st1 == URISCAN_OK && n == 17 &&
	                      memcmp(out, "xn--pypal-4ve.com", 17) == 0 &&
	                      st2 == URISCAN_OK && a.family == URISCAN_IP_V4 &&
	                      (!g3986 || (f & URISCAN_CONFUSION_MIXED_SCRIPT))
	                : st1 == URISCAN_E_IDNA_UNAVAILABLE &&
	                      st2 == URISCAN_E_IDNA_UNAVAILABLE &&
	                      !(f & URISCAN_CONFUSION_MIXED_SCRIPT)),
	       "non-ASCII hosts (%s): browser_host %s, host_address %s, "
	       "confusion %#x; %lu allocations of the library's own",
	       icu ? "ICU" : "no ICU", uriscan_status_name(st1),
	       uriscan_status_name(st2), (unsigned)f, failalloc_count());
}

int main(void)
{
	for (int gi = 0; gi < URISCAN_GRAMMAR_COUNT; gi++) {
		enum uriscan_grammar g = (enum uriscan_grammar)gi;
		uriscan_extractor *x = NULL;
		failalloc_set(0);
		if (uriscan_extractor_new(g, NULL, &x) != URISCAN_OK) {
			tap_diag("%s: no extractor", uriscan_grammar_name(g));
			continue;
		}
		uriscan_extractor_free(x);
		sweep(g, NULL, 0);
		sweep(g, "mailto", 0);
		if (g == URISCAN_RFC3986)
			sweep(g, "mailto", URISCAN_EXTRACT_DEFANGED);
	}
	non_ascii_hosts();
	return tap_done();
}
