/* SPDX-License-Identifier: MIT */
/*
 * confusion_fast.c: the fast path of the URL-confusion flags (confusion.h,
 * issue 37): a plain URL, "http://example.com/a?b#c", "file:///a",
 * "/a/b" or "urn:a:b", with none of the bytes or shapes that make the
 * browser read it another way, has no flag but those of its '%'s (nul,
 * encoded_delimiter); decided from its bytes: its start here, its host
 * (confusion_plain_host.c), the rest (confusion_fast_rest.c), or at once for a URL
 * a parse found valid (confusion_fast_parsed.c). Anything else, on any doubt,
 * goes to the full reading (confusion.c), which the fuzz target
 * fuzz_confusion and test_confusion compare this with on every input.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "confusion_parsed.h"
#include "extract.h"
#include "address.h"
#include "uriscan.h"

/* Where the authority starts after "http://" or "https://" (any case, in
 * one comparison of eight bytes), or after the other special schemes and
 * "://" (*file for "file://", whose host may be empty and has no port);
 * or 0. */
static size_t authority_start(const unsigned char *s, size_t len, int *file)
{
	const char *t;
	size_t n;

	*file = 0;
	if (len >= 8) {
		size_t h = uriscan__cf_http_start(s);
		uint64_t w, file7, low4, first7;
		if (h != 0)
			return h;
		memcpy(&w, s, 8); /* "file://" as uriscan__cf_http_start reads */
		memcpy(&file7, "file://\0", 8);
		memcpy(&low4, "\x20\x20\x20\x20\0\0\0\0", 8);
		memcpy(&first7, "\xff\xff\xff\xff\xff\xff\xff\0", 8);
		if (((w & first7) | low4) == file7) {
			*file = 1;
			return 7;
		}
	}
	switch (len > 0 ? s[0] | 0x20 : 0) {
	case 'h':
		t = "http";
		break;
	case 'w':
		t = "ws";
		break;
	case 'f':
		t = len > 1 && (s[1] | 0x20) == 'i' ? "file" : "ftp";
		break;
	default:
		return 0;
	}
	for (n = 1; t[n] != '\0'; n++)
		if (n >= len || (s[n] | 0x20) != t[n])
			return 0;
	if (n < len && (s[n] | 0x20) == 's' && t[0] != 'f')
		n++; /* https, wss */
	if (len - n < 3 || s[n] != ':' || s[n + 1] != '/' || s[n + 2] != '/')
		return 0;
	*file = t[1] == 'i';
	return n + 3;
}

/* The URLs without a host that the browser's reading leaves alone: a
 * reference whose path starts with one '/' ("/a/b?c"), or a scheme that
 * is not special with no "//" after its ':' ("node:fs", "urn:a:b",
 * "mailto:a@b"). Their flags are those of the bytes and the dot segments
 * of the path (confusion.c: no authority, no browser's host); where the
 * bytes after the start begin (s[i - 1] is '/' or ':'), or 0 when s is
 * neither. A path that starts with '.' (a dot segment may) is neither. */
static size_t hostless_start(const unsigned char *s, size_t len)
{
	size_t j;

	if (len == 0)
		return 0;
	if (s[0] == '/')
		return len == 1 || (s[1] != '/' && s[1] != '\\' && s[1] != '.') ? 1
		                                                              : 0;
	/* the scheme: the extractor's class table (no tab, no newline: a
	 * browser would skip them) */
	if (!uriscan__alpha(s[0]))
		return 0;
	for (j = 1; j < len && (uriscan__scheme_class[s[j]] & C_SCHEME); j++)
		;
	if (j == len || s[j] != ':' || uriscan__special_index(s, 0, j) >= 0 ||
	    (j + 2 < len && s[j + 1] == '/' && s[j + 2] == '/') ||
	    (j + 1 < len && s[j + 1] == '.'))
		return 0;
	return j + 1;
}

/* The plain authority that starts at s[i] (i from authority_start, not
 * 0): where it ends (s[i] is '/', '?' or '#', or i is len), [*hb, *he) its
 * host; 0 when it is not plain. */
static size_t plain_authority(const unsigned char *s, size_t len, size_t i,
                              int file, size_t *hb, size_t *he)
{
	size_t port = 0;

	/* the host: labels of letters, digits and '-', none empty, none
	 * "xn--", no trailing dot; the last not a number (an IPv4 address
	 * or a failure for the browser); file's may be empty (its browser's
	 * host is, and so is "localhost": no host to differ) */
	*hb = *he = i;
	if (file && (i == len || s[i] == '/' || s[i] == '?' || s[i] == '#'))
		return i;
	if (!uriscan__cf_host_end(s, i, len, he))
		return 0;
	i = *he;
	/* the port: empty, or digits without a leading zero up to 65535;
	 * file has none (a ':' is the browser's failure) */
	if (i < len && s[i] == ':' && !file) {
		size_t pb = ++i;
		for (; i < len && s[i] >= '0' && s[i] <= '9' && i - pb < 5; i++)
			port = port * 10 + (size_t)(s[i] - '0');
		if ((i > pb && s[pb] == '0') || port > 65535)
			return 0;
	}
	/* the authority ends here (a sixth digit, '[', '@', ...: the full
	 * reading) */
	if (i < len && s[i] != '/' && s[i] != '?' && s[i] != '#')
		return 0;
	return i;
}

int uriscan__plain_host(const unsigned char *s, size_t len, size_t *hb,
                        size_t *he, int *file)
{
	size_t i = authority_start(s, len, file);

	return i != 0 && plain_authority(s, len, i, *file, hb, he) != 0;
}

int uriscan__cf_plain(const unsigned char *s, size_t len, size_t *hb,
                      size_t *he, uint32_t *flags)
{
	int file;
	size_t i = authority_start(s, len, &file);

	*flags = 0;
	if (i != 0)
		i = plain_authority(s, len, i, file, hb, he);
	if (i == 0) {
		/* no host: *hb and *he 0 */
		*hb = *he = 0;
		i = hostless_start(s, len);
	}
	/* the rest has no byte that counts but '%', and no "/." or "%2E" in
	 * the path (every dot segment has one) */
	return i != 0 && uriscan__cf_tail(s, i, len, flags);
}

/* cf_fast for a parse u by an ASCII grammar (RFC 3986, 2396, 1738) whose
 * host starts the authority at i: its host, port and path as u gives
 * them. 1 and *flags when decided, 0 when not, -1 when this cannot say
 * (the general reading decides). */
static int fast_parsed(const unsigned char *s, size_t len, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags)
{
	size_t e, pe;
	int h = uriscan__cf_host_span(s, i, i + u->part[URISCAN_HOST].len, len);

	if (h <= 0)
		return h;
	if (!uriscan__cf_parsed_rest(s, len, i + u->part[URISCAN_HOST].len, u,
	                             &e, &pe))
		return -1;
	return uriscan__cf_tail_parsed(s, e, pe, len, flags);
}

int uriscan__cf_fast(const unsigned char *s, size_t len,
                     const struct uriscan_uri *u, uint32_t *flags)
{
	const struct uriscan_span *p;
	size_t hb, he, i;
	int d, file;

	if (u == NULL)
		return uriscan__cf_plain(s, len, &hb, &he, flags);
	*flags = 0;
	i = authority_start(s, len, &file);
	if (i == 0) {
		/* no browser's host: the grammar's does not matter */
		i = hostless_start(s, len);
		return i != 0 && uriscan__cf_tail(s, i, len, flags);
	}
	/* browser_host_differs: the grammar's host must be the plain host
	 * that starts the authority (the browser's host is its lower case) */
	if (!URISCAN_HAS(u, URISCAN_HOST) || u->part[URISCAN_HOST].off != i ||
	    u->part[URISCAN_HOST].len > len - i)
		return 0;
	/* the parsed paths read file's as another's host when it has one
	 * and no port (plain_authority has file's rules) */
	if (u->grammar != URISCAN_RFC3987 &&
	    (!file ||
	     (u->part[URISCAN_HOST].len > 0 && !URISCAN_HAS(u, URISCAN_PORT)))) {
		d = uriscan__cf_window(s, len, i, u, flags);
		if (d < 0)
			d = fast_parsed(s, len, i, u, flags);
		if (d >= 0)
			return d;
		*flags = 0;
	}
	i = plain_authority(s, len, i, file, &hb, &he);
	if (i == 0 || u->part[URISCAN_HOST].off != hb ||
	    u->part[URISCAN_HOST].len != he - hb)
		return 0;
	p = &u->part[URISCAN_PATH];
	if (u->grammar != URISCAN_RFC3987 && URISCAN_HAS(u, URISCAN_PATH) &&
	    p->off == i && p->len <= len - i)
		return uriscan__cf_tail_parsed(s, i, i + p->len, len, flags);
	return uriscan__cf_tail(s, i, len, flags);
}
