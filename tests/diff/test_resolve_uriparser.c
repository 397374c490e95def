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
 *          path, or uriparser's path is empty and uriscan's is "/".
 *  GUARD   a target without authority whose path starts with "//":
 *          uriscan writes "/." before it ("a:/.//c"), the RFC's string
 *          ("a://c") would re-parse with an authority. Recognised as:
 *          uriscan's target is uriparser's with "/." inserted after the
 *          scheme's ":", or the same after the CLIMB rule.
 * Every other difference fails the test. The classes and their counts are
 * printed as TAP comments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

enum klass { SAME, CLIMB, GUARD, OTHER, NCLASS };
static const char *const class_name[] = {"same", "CLIMB", "GUARD", "other"};

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

/* Start of the path of a URI with a scheme and no authority, else NULL. */
static const char *path_no_auth(const char *s)
{
	const char *c = strchr(s, ':');
	if (!c || strncmp(c + 1, "//", 2) == 0)
		return NULL;
	return c + 1;
}

/* CLIMB: same up to the path, uriscan's path is "/" + theirs. */
static int is_climb(const char *ours, const char *theirs)
{
	const char *po = path_no_auth(ours), *pt = path_no_auth(theirs);
	if (!po || !pt || po - ours != pt - theirs ||
	    memcmp(ours, theirs, (size_t)(po - ours)) != 0 || po[0] != '/' ||
	    pt[0] == '/')
		return 0;
	return strcmp(po + 1, pt) == 0;
}

static enum klass classify(const char *ours, const char *theirs)
{
	char guarded[512];
	const char *c;

	if (strcmp(ours, theirs) == 0)
		return SAME;
	if (is_climb(ours, theirs))
		return CLIMB;
	/* GUARD: theirs is "s://..." with no authority in ours */
	c = strchr(theirs, ':');
	if (c && path_no_auth(ours) && strncmp(ours + (c - theirs) + 1, "/.//", 4) == 0 &&
	    strlen(theirs) + 3 < sizeof guarded) {
		size_t k = (size_t)(c - theirs) + 1;
		memcpy(guarded, theirs, k);
		memcpy(guarded + k, "/.", 2);
		strcpy(guarded + k + 2, theirs + k);
		if (strcmp(ours, guarded) == 0)
			return GUARD;
		/* a climb that then needed the guard: theirs "s:/c" or "s:c" */
		if (strncmp(ours + k, "/./", 3) == 0 &&
		    strcmp(ours + k + 2, theirs + k) == 0)
			return GUARD;
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
	                         strlen(ref), 0, ours, sizeof ours, &len, NULL,
	                         NULL);
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
		k = classify(ours, theirs);
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
	tap_ok(counts[CLIMB] > 0 && counts[GUARD] > 0,
	       "the listed classes occur (the generator reaches them)");
	tap_ok(counts[OTHER] == 0, "no disagreement outside the listed classes");
	return tap_done();
}
