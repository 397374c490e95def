/* SPDX-License-Identifier: MIT */
/*
 * confusion.c: the URL-confusion flags (uriscan_confusion): one pass over
 * the bytes, the browser's reading of the authority (browser_host.c) and
 * the grammar's parse, for valid and invalid URLs alike. docs/hosts.md
 * says what each flag means and which readers disagree on it.
 * No allocation (libidn2's, freed, for browser_host_differs).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "host_addr.h"
#include "internal.h"
#include "pct.h"
#include "uriscan.h"

#define F(x) URISCAN_CONFUSION_##x

static const char *const names[] = {
#define URISCAN_CONFUSION_NAME_(bit, e, name) name,
	URISCAN_CONFUSION_MAP(URISCAN_CONFUSION_NAME_)
#undef URISCAN_CONFUSION_NAME_
};
#define N_FLAGS (sizeof names / sizeof names[0])

const char *uriscan_confusion_name(uint32_t bit)
{
	unsigned i;

	for (i = 0; i < N_FLAGS; i++)
		if (bit == (1u << i))
			return names[i];
	return "unknown";
}

int uriscan_confusion_from_name(const char *name, size_t len, uint32_t *bit,
                                struct uriscan_error *err)
{
	unsigned i;

	uriscan__host_err(err, URISCAN_OK, 0);
	if ((name == NULL && len != 0) || bit == NULL) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	for (i = 0; i < N_FLAGS; i++)
		if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0) {
			*bit = 1u << i;
			return URISCAN_OK;
		}
	uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
	return URISCAN_E_INVALID_ARG;
}

static int ieq(const unsigned char *s, const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((s[i] | (w[i] >= 'a' ? 0x20 : 0)) != (unsigned char)w[i])
			return 0;
	return 1;
}

/* "%2e" at s[i]? */
static int pct_dot(const unsigned char *s, size_t i, size_t e)
{
	return i + 3 <= e && s[i] == '%' && s[i + 1] == '2' &&
	       (s[i + 2] | 0x20) == 'e';
}

/* A segment s[b, e) that is "." or "..", some dots percent-encoded. */
static int dot_seg(const unsigned char *s, size_t b, size_t e)
{
	unsigned dots = 0;
	size_t i = b;

	while (i < e && dots < 3) {
		if (s[i] == '.')
			i++;
		else if (pct_dot(s, i, e))
			i += 3;
		else
			return 0;
		dots++;
	}
	return i == e && dots >= 1 && dots <= 2;
}

/* The bytes anywhere: backslash, white space, NUL, encoded delimiters. */
/* Does c end an authority ('/', '?' or '#')? Not strchr: it finds the
 * NUL terminator too, and a NUL byte is data (it stays in the authority,
 * whose host a browser then refuses). */
static int auth_end(unsigned char c)
{
	return c == '/' || c == '?' || c == '#';
}

static uint32_t scan_bytes(const unsigned char *s, size_t len)
{
	static const char *const enc[] = {"2f", "5c", "3f", "23", "40", "2e"};
	uint32_t f = 0;
	size_t i, k;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];
		if (c == '\\')
			f |= F(BACKSLASH);
		else if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			f |= F(WHITESPACE);
		else if (c == 0)
			f |= F(NUL);
		else if (c == '%' && i + 2 < len) {
			if (s[i + 1] == '0' && s[i + 2] == '0')
				f |= F(NUL);
			for (k = 0; k < 6; k++)
				if (ieq(s + i + 1, enc[k], 2))
					f |= F(ENCODED_DELIMITER);
		}
	}
	return f;
}

/* The host s[b, e) without tabs and newlines, percent-decoded, into d. */
static size_t decode_host(const unsigned char *s, size_t b, size_t e,
                          unsigned char *d, size_t cap)
{
	size_t i, n = 0;

	for (i = b; i < e && n < cap; i++) {
		int hi, lo;
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			continue;
		if (s[i] == '%' && i + 2 < e && (hi = uriscan__hexdig(s[i + 1])) >= 0 &&
		    (lo = uriscan__hexdig(s[i + 2])) >= 0) {
			d[n++] = (unsigned char)(hi * 16 + lo);
			i += 2;
		} else {
			d[n++] = s[i];
		}
	}
	return n;
}

/* What the host itself shows: idn, fullwidth_dot, trailing_dot. */
static uint32_t host_flags(const unsigned char *d, size_t n)
{
	uint32_t f = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (d[i] >= 0x80)
			f |= F(IDN);
		if ((i == 0 || d[i - 1] == '.') && i + 4 <= n && ieq(d + i, "xn--", 4))
			f |= F(IDN);
		if (i + 3 <= n && ((d[i] == 0xE3 && d[i + 1] == 0x80 && d[i + 2] == 0x82) ||
		                   (d[i] == 0xEF && d[i + 1] == 0xBC && d[i + 2] == 0x8E) ||
		                   (d[i] == 0xEF && d[i + 1] == 0xBD && d[i + 2] == 0xA1)))
			f |= F(FULLWIDTH_DOT);
	}
	if (n > 0 && d[n - 1] == '.')
		f |= F(TRAILING_DOT);
	return f;
}

/* Does the grammar's host u (in s) mean the host the browser reaches
 * (bh[0, bn))? Addresses by their bytes; names case-insensitively after
 * percent-decoding, and, for a name with non-ASCII characters (an IRI),
 * after the browser's own IDNA mapping of that name. */
static int same_host(const unsigned char *s, size_t hb, size_t he,
                     const char *bh, size_t bn)
{
	unsigned char d[URISCAN__WHOST_MAX];
	char m[URISCAN__WHOST_MAX];
	struct uriscan_host_addr a, b;
	size_t n, mn, eo, i;

	if (uriscan_host_address(bh, bn, 0, &b, NULL) == URISCAN_OK &&
	    b.family != URISCAN_IP_NONE) {
		/* an address: the grammar's host must be the same one, written
		 * as a plain dotted quad or an IPv6 literal */
		return uriscan_host_address((const char *)s + hb, he - hb, 0, &a,
		                            NULL) == URISCAN_OK &&
		       a.family == b.family && memcmp(a.addr, b.addr, 16) == 0 &&
		       (a.family == URISCAN_IP_V6 ||
		        (a.form == URISCAN_IP_FORM_DOTTED && a.notes == 0));
	}
	n = decode_host(s, hb, he, d, sizeof d);
	for (i = 0; i < n; i++)
		if (d[i] >= 0x80)
			break;
	if (i < n) {
		if (uriscan__whost(s, hb, he, m, sizeof m, &mn, &eo) != URISCAN_OK)
			return 0;
		return mn == bn && memcmp(m, bh, bn) == 0;
	}
	if (n != bn)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = d[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (c != (unsigned char)bh[i])
			return 0;
	}
	return 1;
}

int uriscan_confusion(enum uriscan_grammar g, const char *str, size_t len,
                      unsigned flags, uint32_t *found,
                      struct uriscan_error *err)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char d[URISCAN__WHOST_MAX];
	struct uriscan__wread w;
	struct uriscan_host_addr a;
	size_t i, hb = 0, he = 0, pb, n;
	uint32_t f;
	int have_host = 0;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (found)
		*found = 0;
	if (found == NULL || (str == NULL && len != 0) || flags != 0) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	if (len > UINT32_MAX) {
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
	{
		/* browser_host_differs needs the grammar's reading: without
		 * the grammar, a status, not a set missing that flag */
		const struct uriscan__gen *gen;
		int gst = uriscan__grammar_gen(g, &gen);
		if (gst != URISCAN_OK) {
			uriscan__host_err(err, gst, 0);
			return gst;
		}
	}
	f = scan_bytes(s, len);
	uriscan__wread(s, len, &w);
	if (w.special) {
		/* the browser's reading (the spans are set when it fails at
		 * the port or an empty host too) */
		if (w.scheme_relative)
			f |= F(SCHEME_RELATIVE);
		if (w.has_scheme && !w.file && w.slashes < 2)
			f |= F(MISSING_SLASHES);
		if (w.has_scheme && !w.file && w.slashes > 2)
			f |= F(EXTRA_SLASHES);
		have_host = w.auth_e > w.auth_b || w.file;
		hb = w.host_b;
		he = w.host_e;
	} else if (w.has_scheme && w.scheme_end + 2 < w.end &&
	           s[w.scheme_end + 1] == '/' && s[w.scheme_end + 2] == '/') {
		/* another scheme with an authority: RFC 3986's delimiters */
		int br = 0;
		w.auth_b = w.scheme_end + 3;
		for (i = w.auth_b; i < w.end && !auth_end(s[i]); i++)
			if (s[i] == '@') {
				w.at_count++;
				w.last_at = i;
			}
		w.auth_e = i;
		hb = w.at_count ? w.last_at + 1 : w.auth_b;
		for (he = hb; he < w.auth_e; he++) {
			if (s[he] == '[')
				br = 1;
			else if (s[he] == ']')
				br = 0;
			else if (s[he] == ':' && !br)
				break;
		}
		if (he < w.auth_e) {
			w.has_port = 1;
			w.port_b = he + 1;
			w.port_e = w.auth_e;
			for (i = w.port_b; i < w.port_e && s[i] >= '0' && s[i] <= '9'; i++)
				if (w.port <= 65535)
					w.port = w.port * 10 + (uint32_t)(s[i] - '0');
			w.port_digits = (unsigned)(i - w.port_b);
			w.port_zero = w.port_digits > 0 && s[w.port_b] == '0';
		}
		have_host = 1;
	}
	if (have_host) {
		/* '@' up to the first '/', '?' or '#': a reader that does not
		 * end the authority at '\' sees these too */
		unsigned at = 0;
		for (i = w.auth_b; i < w.end && !auth_end(s[i]); i++)
			at += s[i] == '@';
		if (at > 0)
			f |= F(USERINFO);
		if (at > 1)
			f |= F(MULTIPLE_AT);
		if (memchr(s + hb, '%', he - hb) != NULL)
			f |= F(ENCODED_HOST);
		n = decode_host(s, hb, he, d, sizeof d);
		f |= host_flags(d, n);
		if (uriscan_host_address((const char *)d, n, 0, &a, NULL) ==
		        URISCAN_OK &&
		    a.family == URISCAN_IP_V4 &&
		    (a.form != URISCAN_IP_FORM_DOTTED ||
		     (a.notes & (URISCAN_HOST_FULLWIDTH | URISCAN_HOST_TRAILING_DOT)) ||
		     he - hb != n))
			f |= F(IP_NONCANONICAL);
		if (w.has_port && w.port_zero && w.port_digits > 1)
			f |= F(PORT_LEADING_ZERO);
		if (w.has_port && w.port > 65535)
			f |= F(PORT_OUT_OF_RANGE);
		pb = w.auth_e;
	} else {
		pb = w.has_scheme ? w.scheme_end + 1 : w.begin;
	}
	/* dot segments in the path (split at '/', and '\' for special) */
	{
		size_t seg = pb, e = pb;
		while (e < w.end && s[e] != '?' && s[e] != '#')
			e++;
		for (i = pb; i <= e; i++) {
			if (i == e || s[i] == '/' || (w.special && s[i] == '\\')) {
				if (dot_seg(s, seg, i))
					f |= F(DOT_SEGMENT);
				seg = i + 1;
			}
		}
	}
	/* the browser's host against the grammar's */
	if (w.special && w.status == URISCAN_OK) {
		char bh[URISCAN__WHOST_MAX];
		size_t bn = 0;
		struct uriscan_uri u;
		if (uriscan_browser_host(str, len, 0, bh, sizeof bh, &bn, NULL) ==
		        URISCAN_OK &&
		    bn > 0 && uriscan_parse(g, str, len, 0, &u) == URISCAN_OK) {
			if (!URISCAN_HAS(&u, URISCAN_HOST))
				f |= F(BROWSER_HOST_DIFFERS);
			else if (!same_host(s, u.part[URISCAN_HOST].off,
			                    (size_t)u.part[URISCAN_HOST].off +
			                        u.part[URISCAN_HOST].len,
			                    bh, bn))
				f |= F(BROWSER_HOST_DIFFERS);
		}
	}
	*found = f;
	return URISCAN_OK;
}
