/* SPDX-License-Identifier: MIT */
/*
 * test_resolve_uriparser.c: differential test of uriscan_resolve (RFC
 * 3986, strict) against uriparser's uriAddBaseUriExA with
 * URI_RESOLVE_STRICTLY on generated base x reference pairs. Prints TAP.
 *
 * Usage: test_resolve_uriparser
 *
 * References: every path form (empty, rootless, absolute, network-path,
 * with a scheme, with the base's scheme) with up to three segments drawn
 * from a, g;x, ".", "..", "", "%2E", with absent, empty and non-empty query
 * and fragment; bases with and without authority (empty, IPv6), empty and
 * rootless paths, opaque ones, with queries and fragments. A pair is
 * compared when both inputs are valid; the targets must be equal, unless
 * the pair falls in one of the classes of known disagreement below, each
 * of which is a choice uriscan's header documents:
 *
 *  CLIMB   a rootless path that climbs past its first segment ("a:b/../c",
 *          or base "a:b/c" with "../d"): RFC 3986 5.2.4 as written makes
 *          it absolute ("a:/c"); uriparser keeps it rootless ("a:c").
 *          Recognised as: no authority, uriscan's path is "/" + uriparser's
 *          path (uriparser's may be empty), all else the same.
 *  GUARD   a target without authority whose path starts with "//":
 *          uriscan writes "/." before it ("a:/.//c"), the RFC's string
 *          ("a://c") would re-parse with an authority. Recognised as:
 *          uriscan's target is uriparser's with "/." inserted after the
 *          scheme's ":".
 *  UPDOT   uriparser keeps a "." segment that 5.2.4 removes, where the
 *          path would otherwise start with "//" or be "/" ("http://a/" +
 *          ".//" gives uriparser "http://a/.//", the RFC "http://a//",
 *          valid after an authority; base "a:/b/c" + ".." gives uriparser
 *          "a:/./", the RFC "a:/"). Recognised as: uriscan's path is
 *          uriparser's without its "." segments (after a CLIMB, with "/"
 *          in front).
 *  IPV6    uriparser writes an IPv6 literal in full
 *          ("[0000:...:0001]"); uriscan copies the base's or reference's
 *          text ("[::1]"). Recognised as: the hosts are the same address
 *          (inet_pton); the rest of the pair is then classified as above
 *          (it is counted under IPV6 too).
 * Every other difference fails the test. The classes and their counts are
 * printed as TAP comments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <sys/socket.h>

#include <uriparser/Uri.h>

#include "tap.h"
#include "uriscan.h"

#ifndef MAX_SHOWN
#define MAX_SHOWN 10
#endif

static const char *const bases[] = {
	"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a", "http://a/",
	"http://a?q", "http://a/b?", "http://u@h:1/a/./b/../c",
	"http://[::1]:8/a/b", "file:///x/y", "x://h", "a:b/c/d", "a:b/c/",
	"a:b", "a:", "a:/b/c", "a:/", "a:/.//b", "mailto:a@b", "urn:a:b:c",
	"mailto:a@b?s", "a:..", "a:./b",
};

static const char *const prefixes[] = {
	"", "/", "//h", "//h/", "s:", "s:/", "http:", "a:", "s://h/",
};

static const char *const segs[] = {"a", "g;x", ".", "..", "", "%2E"};
#define NSEGS (sizeof segs / sizeof segs[0])

static const char *const tails[] = {"", "?", "?y", "#", "#s", "?y/../x#s"};
#define NTAILS (sizeof tails / sizeof tails[0])

enum klass { SAME, CLIMB, GUARD, UPDOT, IPV6, OTHER, NCLASS };
static const char *const class_name[] = {"same",  "CLIMB", "GUARD",
                                         "UPDOT", "IPV6",  "other"};

/* uriparser's target, or -1 when it fails. */
static int uriparser_resolve(const char *base, const char *ref, char *out,
                             int cap)
{
	UriUriA b, r, t;
	const char *err;
	int ok = -1, need = 0;

	if (uriParseSingleUriA(&b, base, &err) != URI_SUCCESS)
		return -1;
	if (uriParseSingleUriA(&r, ref, &err) != URI_SUCCESS) {
		uriFreeUriMembersA(&b);
		return -1;
	}
	if (uriAddBaseUriExA(&t, &r, &b, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
		if (uriToStringCharsRequiredA(&t, &need) == URI_SUCCESS &&
		    need < cap && uriToStringA(out, &t, cap, NULL) == URI_SUCCESS)
			ok = 0;
		uriFreeUriMembersA(&t);
	}
	uriFreeUriMembersA(&b);
	uriFreeUriMembersA(&r);
	return ok;
}

/* A target split at its path: [0, po) before, [po, pe) the path. */
struct split {
	size_t po, pe, len;
	int auth;
	char host[64]; /* an IP-literal's address, when the host is one */
};

static int split(const char *s, struct split *x)
{
	struct uriscan_uri u;
	x->len = strlen(s);
	if (uriscan_parse(URISCAN_RFC3986, s, x->len, 0, &u) != URISCAN_OK ||
	    u.kind != URISCAN_KIND_URI)
		return 0;
	x->po = u.part[URISCAN_PATH].off;
	x->pe = x->po + u.part[URISCAN_PATH].len;
	x->auth = URISCAN_HAS(&u, URISCAN_AUTHORITY) != 0;
	x->host[0] = '\0';
	if (u.host_type == URISCAN_HOST_IPV6 && u.part[URISCAN_HOST].len < 60) {
		char text[64];
		memcpy(text, s + u.part[URISCAN_HOST].off + 1,
		       u.part[URISCAN_HOST].len - 2);
		text[u.part[URISCAN_HOST].len - 2] = '\0';
		if (inet_pton(AF_INET6, text, x->host) != 1)
			x->host[0] = '\0';
		else
			x->host[16] = 1;
	}
	return 1;
}

/* The path without its "." segments ("/./" -> "/", ".//" -> "/"...). */
static size_t strip_dots(const char *p, size_t n, char *out)
{
	size_t o = 0, b = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '/')
			continue;
		if (i - b == 1 && p[b] == '.') {
			if (i == n && o > 0 && out[o - 1] != '/')
				out[o++] = '/';
		} else {
			memcpy(out + o, p + b, i - b);
			o += i - b;
			if (i < n)
				out[o++] = '/';
		}
		b = i + 1;
	}
	return o;
}

static int eq(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && memcmp(a, b, an) == 0;
}

/*
 * The class of a pair whose targets differ (see the comment at the top).
 * IPV6 first: the hosts are the same address written differently; the
 * rest is then compared as if uriparser had written uriscan's host.
 */
static enum klass classify(const char *ours, const char *theirs, int *ipv6)
{
	struct split a, b;
	char sp[256];
	size_t sn;

	*ipv6 = 0;
	/* GUARD: ours is theirs with "/." after the scheme's ":" (theirs
	 * "s://..." re-parses with an authority, so compare the text) */
	{
		const char *c = strchr(theirs, ':');
		size_t k = c ? (size_t)(c - theirs) + 1 : 0;
		if (c && strncmp(ours, theirs, k) == 0 &&
		    strncmp(ours + k, "/.//", 4) == 0 &&
		    strcmp(ours + k + 2, theirs + k) == 0)
			return GUARD;
	}
	if (!split(ours, &a) || !split(theirs, &b) || a.auth != b.auth)
		return OTHER;
	if (!eq(ours, a.po, theirs, b.po)) {
		if (!a.host[16] || !b.host[16] || memcmp(a.host, b.host, 16) != 0)
			return OTHER;
		*ipv6 = 1; /* same address: compare the rest only */
	}
	if (!eq(ours + a.pe, a.len - a.pe, theirs + b.pe, b.len - b.pe))
		return OTHER;
	{
		const char *po = ours + a.po, *pt = theirs + b.po;
		size_t no = a.pe - a.po, nt = b.pe - b.po;
		if (eq(po, no, pt, nt))
			return SAME;
		/* CLIMB: ours is "/" + theirs */
		if (!a.auth && no == nt + 1 && po[0] == '/' && eq(po + 1, nt, pt, nt))
			return CLIMB;
		/* UPDOT: theirs is ours with "." segments kept */
		if (nt < sizeof sp) {
			sn = strip_dots(pt, nt, sp);
			if (sn < nt && eq(po, no, sp, sn))
				return UPDOT;
			/* the same after a CLIMB */
			if (sn < nt && !a.auth && no == sn + 1 && po[0] == '/' &&
			    eq(po + 1, sn, sp, sn))
				return UPDOT;
		}
	}
	return OTHER;
}

static unsigned long counts[NCLASS], shown, pairs, skipped;
static const char *example[NCLASS][2];
static char example_buf[NCLASS][2][1200];

static void compare(const char *base, const char *ref)
{
	char ours[256], theirs[256];
	size_t len = 0;
	int st = uriscan_resolve(URISCAN_RFC3986, base, strlen(base), ref,
	                         strlen(ref), 0, ours, sizeof ours, &len, NULL);
	int up = uriparser_resolve(base, ref, theirs, sizeof theirs);
	enum klass k;

	if (uriscan_validate(URISCAN_RFC3986, ref, strlen(ref), 0, NULL) !=
	    URISCAN_OK) {
		skipped++;
		return;
	}
	pairs++;
	if (st != URISCAN_OK || up != 0) {
		k = OTHER;
		if (st != URISCAN_OK)
			snprintf(ours, sizeof ours, "%s", uriscan_status_name(st));
		if (up != 0)
			snprintf(theirs, sizeof theirs, "(uriparser failed)");
	} else {
		int ipv6 = 0;
		k = strcmp(ours, theirs) == 0 ? SAME : classify(ours, theirs, &ipv6);
		if (ipv6 && k == SAME)
			k = IPV6;
		else if (ipv6)
			counts[IPV6]++;
	}
	counts[k]++;
	if (k != SAME && !example[k][0]) {
		snprintf(example_buf[k][0], sizeof example_buf[k][0], "%s + %s", base, ref);
		snprintf(example_buf[k][1], sizeof example_buf[k][1], "uriscan %s, uriparser %s", ours, theirs);
		example[k][0] = example_buf[k][0];
		example[k][1] = example_buf[k][1];
	}
	if (k == OTHER && shown++ < MAX_SHOWN)
		tap_diag("differ: %s + %s: uriscan %s, uriparser %s", base, ref,
		         ours, theirs);
}

int main(void)
{
	char ref[256];
	size_t nb = sizeof bases / sizeof bases[0];
	size_t np = sizeof prefixes / sizeof prefixes[0];

	(void)tap_skip; /* nothing here is optional */

	for (size_t b = 0; b < nb; b++)
		for (size_t p = 0; p < np; p++)
			for (unsigned n = 0; n <= 3; n++) {
				unsigned combos = 1;
				for (unsigned i = 0; i < n; i++)
					combos *= NSEGS;
				for (unsigned c = 0; c < combos; c++) {
					size_t nt = n <= 1 ? NTAILS : 1;
					for (size_t t = 0; t < nt; t++) {
						unsigned x = c;
						int o = snprintf(ref, sizeof ref, "%s", prefixes[p]);
						for (unsigned i = 0; i < n; i++) {
							o += snprintf(ref + o, sizeof ref - (size_t)o,
							              "%s%s", i ? "/" : "",
							              segs[x % NSEGS]);
							x /= NSEGS;
						}
						snprintf(ref + o, sizeof ref - (size_t)o, "%s",
						         tails[t]);
						compare(bases[b], ref);
					}
				}
			}
	tap_diag("%lu pairs compared (%lu with an invalid reference skipped)",
	         pairs, skipped);
	for (int k = 0; k < NCLASS; k++) {
		tap_diag("%-6s %lu", class_name[k], counts[k]);
		if (example[k][0])
			tap_diag("       e.g. %s: %s", example[k][0], example[k][1]);
	}
	tap_ok(pairs > 10000, "enough pairs compared (%lu)", pairs);
	tap_ok(counts[SAME] > pairs / 2, "most pairs agree (%lu)", counts[SAME]);
	tap_ok(counts[CLIMB] > 0 && counts[GUARD] > 0 && counts[UPDOT] > 0 &&
	           counts[IPV6] > 0,
	       "the listed classes occur (the generator reaches them)");
	tap_ok(counts[OTHER] == 0, "no disagreement outside the listed classes");
	return tap_done();
}
