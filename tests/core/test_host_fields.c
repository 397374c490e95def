/* SPDX-License-Identifier: MIT */
/*
 * test_host_fields.c: uriscan_host_fields (every host field in one call)
 * against the separate calls (tests/host_fields_ref.h), field by field,
 * on every URL of the lists given (data/urls) and on random mutations of
 * each (a byte replaced by one that matters to a host or by any byte, a
 * byte inserted or removed, an "xn--", digit-only or "0x" label put in,
 * the case changed, an '@', a '%' escape or a bracket put in, the URL cut
 * short), with the parse of RFC 3986, RFC 2396 and RFC 3987 (those
 * built) and without one, with every option; and its argument checks.
 * Every input is copied into a buffer of exactly its length. One TAP line
 * per list, the first inputs that differ printed. Run with and without
 * AVX2 (URISCAN_NO_AVX2=1: the common URL's one reading is then not
 * taken).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_fields_ref.h"
#include "list_inputs.h"
#include "tap.h"
#include "uriscan.h"

#define MUTATIONS 6
#define MAX_URL LIST_MAX_URL

struct tally {
	unsigned long inputs, calls, bad, site, addr;
};

static uint64_t rng = 0x2545f4914f6cdd1du;

static uint64_t next(void)
{
	return list_next(&rng);
}

/* s[0, n) with parse u and options of: the call against the reference. */
static void compare(const char *s, size_t n, const struct uriscan_uri *u,
                    unsigned of, struct tally *t)
{
	static struct uriscan_host_fields got, want;
	struct uriscan_host_fields_options o = {sizeof o, of};
	const char *d;
	int st;

	memset(&got, 0x5a, sizeof got);
	memset(&want, 0, sizeof want);
	got.size = sizeof got;
	want.size = sizeof want;
	host_fields_ref(s, n, u, of, &want);
	st = uriscan_host_fields(s, n, u, of ? &o : NULL, &got, NULL);
	t->calls++;
	t->site += want.site_len > 0;
	t->addr += want.addr.family != URISCAN_IP_NONE;
	d = st != URISCAN_OK ? "status" : host_fields_differ(&got, &want);
	if (d != NULL && t->bad++ < 5) {
		list_show("host_fields differs from the separate calls", s, n);
		printf("#   field %s, grammar %d, options %u\n", d,
		       u ? (int)u->grammar : -1, of);
	}
}

/* One input s[0, n) (a buffer of exactly n bytes). */
static void check(const char *s, size_t n, struct tally *t)
{
	static const enum uriscan_grammar gs[] = {
	    URISCAN_RFC3986, URISCAN_RFC2396, URISCAN_RFC3987};
	struct uriscan_uri u;

	t->inputs++;
	for (size_t k = 0; k < sizeof gs / sizeof gs[0]; k++) {
		int st = uriscan_parse(gs[k], s, n, 0, &u);
		if (st == URISCAN_E_GRAMMAR_UNAVAILABLE)
			continue;
		compare(s, n, st == URISCAN_OK ? &u : NULL, 0, t);
		if (k == 0 && st == URISCAN_OK) {
			compare(s, n, &u, URISCAN_HOST_FIELDS_NO_SITE, t);
			compare(s, n, &u, URISCAN_HOST_FIELDS_NO_FLAGS, t);
		}
	}
}

/* s[0, n) changed at random into m (MAX_URL bytes): its length. */
static size_t mutate(const char *s, size_t n, char *m)
{
	static const char *const ins[] = {"xn--", "1.", "0x7f.", "%41", "@",
	                                  "[::1]", "%2e", "127.0.0.1"};
	size_t p = n ? (size_t)(next() % (n + 1)) : 0, r, k;
	const char *t;
	unsigned kind;

	memcpy(m, s, n);
	switch (kind = (unsigned)(next() % 7)) {
	case 0: /* a byte that matters, any byte, one inserted, one removed */
	case 1:
	case 2:
	case 3:
		return list_mutate_byte(kind, m, n, p, &rng);
	case 4: /* a piece put in after a '.' or a '/' */
		for (r = p; r < n && m[r] != '.' && m[r] != '/'; r++)
			;
		t = ins[next() % (sizeof ins / sizeof ins[0])];
		k = strlen(t);
		if (r < n && n + k <= MAX_URL) {
			memmove(m + r + 1 + k, m + r + 1, n - r - 1);
			memcpy(m + r + 1, t, k);
			return n + k;
		}
		return n;
	case 5: /* the case of a letter */
		return list_mutate_byte(4, m, n, p, &rng);
	default: /* cut short */
		return p;
	}
}

static void check_one(const char *s, size_t n, void *t)
{
	check(s, n, t);
}

static void run_list(const char *path)
{
	struct tally t = {0, 0, 0, 0, 0};

	if (!list_each(path, MUTATIONS, mutate, check_one, &t)) {
		tap_ok(0, "%s: cannot open", path);
		return;
	}
	printf("# %s: %lu inputs, %lu calls, %lu with a site, %lu with an "
	       "address\n",
	       path, t.inputs, t.calls, t.site, t.addr);
	tap_ok(t.inputs > 0 && t.bad == 0,
	       "%s: uriscan_host_fields == the separate calls (%lu differ)",
	       path, t.bad);
}

/* The argument checks: a status, err's offset 0, *out not written. */
static void args(void)
{
	static const char url[] = "http://example.com/";
	static struct uriscan_host_fields out;
	struct uriscan_host_fields_options o = {sizeof o, 0};
	struct uriscan_error err;
	struct uriscan_uri u;
	size_t n = sizeof url - 1;
	int bad = 0;

	if (uriscan_parse(URISCAN_RFC3986, url, n, 0, &u) != URISCAN_OK)
		bad++;
	out.size = sizeof out;
	out.flags = 7;
	if (uriscan_host_fields(url, n, &u, NULL, NULL, &err) !=
	        URISCAN_E_INVALID_ARG ||
	    err.status != URISCAN_E_INVALID_ARG || err.offset != 0)
		bad++;
	out.size = sizeof out - 1;
	if (uriscan_host_fields(url, n, &u, NULL, &out, NULL) !=
	        URISCAN_E_INVALID_ARG ||
	    out.flags != 7)
		bad++;
	out.size = sizeof out;
	o.size = sizeof o - 1;
	if (uriscan_host_fields(url, n, &u, &o, &out, NULL) !=
	    URISCAN_E_INVALID_ARG)
		bad++;
	o.size = sizeof o;
	o.flags = 4;
	if (uriscan_host_fields(url, n, &u, &o, &out, NULL) !=
	    URISCAN_E_INVALID_ARG)
		bad++;
	if (uriscan_host_fields(NULL, 1, NULL, NULL, &out, NULL) !=
	    URISCAN_E_INVALID_ARG)
		bad++;
	/* a host span outside s[0, len) */
	if (uriscan_host_fields(url, 8, &u, NULL, &out, NULL) !=
	        URISCAN_E_INVALID_ARG ||
	    out.flags != 7)
		bad++;
	u.grammar = (enum uriscan_grammar)99;
	if (uriscan_host_fields(url, n, &u, NULL, &out, &err) !=
	        URISCAN_E_GRAMMAR_UNKNOWN ||
	    err.offset != 0)
		bad++;
	/* the empty input: no host anywhere */
	if (uriscan_host_fields(NULL, 0, NULL, NULL, &out, &err) != URISCAN_OK ||
	    err.status != URISCAN_OK || out.browser_len != 0 ||
	    out.site_len != 0 || out.ip_len != 0)
		bad++;
	tap_ok(bad == 0, "argument checks (%d wrong)", bad);
}

int main(int argc, char **argv)
{
	args();
	for (int i = 1; i < argc; i++)
		run_list(argv[i]);
	return tap_done();
}
