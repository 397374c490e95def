/* SPDX-License-Identifier: MIT */
/*
 * fuzz_uriparser.c: RFC 3986 against uriparser (Debian liburiparser-dev),
 * built only when uriparser is found. uriparser's uriParseSingleUriExA also
 * parses an RFC 3986 URI-reference, so on every input both must agree on
 * validity and, for a valid input, on scheme, userinfo, host, port, path,
 * query and fragment: presence (absent is not empty) and bytes. uriparser
 * keeps an IP-literal's host without its brackets and the path as a list
 * of segments; both are rebuilt before comparing.
 * No state carried from one input to the next; no timing.
 *
 * Input: the whole input is the string (no header byte: one grammar).
 */
#include <uriparser/Uri.h>

#include "fuzz.h"

struct part {
	int present;
	const char *p;
	size_t n;
};

static struct part ours(const struct uriscan_uri *u, const char *s, unsigned c)
{
	struct part r = {0, "", 0};
	if (URISCAN_HAS(u, c)) {
		r.present = 1;
		r.p = s + u->part[c].off;
		r.n = u->part[c].len;
	}
	return r;
}

/* first == NULL: absent. An empty range may point outside the input. */
static struct part theirs(UriTextRangeA r)
{
	struct part c = {0, "", 0};
	if (r.first != NULL) {
		c.present = 1;
		c.p = r.first;
		c.n = (size_t)(r.afterLast - r.first);
	}
	return c;
}

static void same(const char *what, struct part a, struct part b)
{
	FUZZ_ASSERT(a.present == b.present && a.n == b.n &&
	                (a.n == 0 || memcmp(a.p, b.p, a.n) == 0),
	            "%s: uriscan %s \"%.*s\", uriparser %s \"%.*s\"", what,
	            a.present ? "present" : "absent", (int)a.n, a.p,
	            b.present ? "present" : "absent", (int)b.n, b.p);
}

/* uriparser's path as text: with an authority every segment follows a '/'
 * (path-abempty); without one, absolutePath says whether it starts with
 * '/', and the segments are joined by '/'. */
static size_t their_path(const UriUriA *pu, char *out, size_t cap)
{
	int authority = pu->hostText.first != NULL;
	size_t n = 0;
	if (!authority && pu->absolutePath)
		n = fuzz_put(out, cap, n, "/", 1);
	for (const UriPathSegmentA *seg = pu->pathHead; seg; seg = seg->next) {
		if (authority || seg != pu->pathHead)
			n = fuzz_put(out, cap, n, "/", 1);
		n = fuzz_put(out, cap, n, seg->text.first,
		             (size_t)(seg->text.afterLast - seg->text.first));
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[1 << 16];
	/* the replay passes NULL for an empty file; the library takes it (see
	 * fuzz_parse), the pointer arithmetic here would not */
	const char *s = size ? (const char *)data : "";
	const char *errpos = NULL;
	struct uriscan_uri u;
	UriUriA pu;
	int st, them;

	if (!uriscan_grammar_available(URISCAN_RFC3986))
		return 0;
	fuzz_check(URISCAN_RFC3986, uriscan_rule_default(URISCAN_RFC3986), 0, s,
	           size);
	st = uriscan_parse(URISCAN_RFC3986, s, size, 0, &u);
	memset(&pu, 0, sizeof pu);
	them = uriParseSingleUriExA(&pu, s, s + size, &errpos);
	FUZZ_ASSERT((st == URISCAN_OK) == (them == URI_SUCCESS),
	            "validity: uriscan %s@%zu, uriparser %d at %ld",
	            uriscan_status_name(st), u.error_offset, them,
	            errpos ? (long)(errpos - s) : -1L);
	if (st == URISCAN_OK) {
		struct part host = ours(&u, s, URISCAN_HOST);
		size_t pn;
		same("scheme", ours(&u, s, URISCAN_SCHEME), theirs(pu.scheme));
		same("userinfo", ours(&u, s, URISCAN_USERINFO), theirs(pu.userInfo));
		if (u.host_type == URISCAN_HOST_IPV6 ||
		    u.host_type == URISCAN_HOST_IPVFUTURE) {
			host.p++;
			host.n -= 2;
		}
		same("host", host, theirs(pu.hostText));
		same("port", ours(&u, s, URISCAN_PORT), theirs(pu.portText));
		same("query", ours(&u, s, URISCAN_QUERY), theirs(pu.query));
		same("fragment", ours(&u, s, URISCAN_FRAGMENT), theirs(pu.fragment));
		pn = their_path(&pu, path, sizeof path);
		if (pn != (size_t)-1) {
			struct part p = {1, path, pn};
			same("path", ours(&u, s, URISCAN_PATH), p);
		}
	}
	uriFreeUriMembersA(&pu);
	return 0;
}
