/* SPDX-License-Identifier: MIT */
/*
 * confusion.c: the URL-confusion flags (uriscan_confusion): one pass over
 * the bytes, the browser's reading of the authority (browser_host.c) and
 * the grammar's parse, for valid and invalid URLs alike. docs/hosts.md
 * says what each flag means and which readers disagree on it.
 * No allocation (ICU's, freed, for a host that is not ASCII).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "address.h"
#include "idna_icu.h"
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

/* Does c end an authority ('/', '?' or '#')? Not strchr: it finds the
 * NUL terminator too, and a NUL byte is data (it stays in the authority,
 * whose host a browser then refuses). */
static int auth_end(unsigned char c)
{
	return c == '/' || c == '?' || c == '#';
}

/* Is there a tab or a newline in s[b, e)? */
static int has_tabnl(const unsigned char *s, size_t b, size_t e)
{
	for (size_t i = b; i < e; i++)
		if (uriscan__is_tabnl(s[i]))
			return 1;
	return 0;
}

/* Does the host h[0, n) have a label starting "xn--"? */
static int has_xn_label(const char *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((i == 0 || h[i - 1] == '.') &&
		    uriscan__xn_prefix((const unsigned char *)h + i, n - i))
			return 1;
	return 0;
}

static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* The grammar's host s[hb, he) against the browser's opaque host bh[0,
 * bn) (a scheme that is not special): the same bytes, but for the case of
 * ASCII letters and the non-ASCII bytes the browser percent-encodes. */
static int same_opaque(const unsigned char *s, size_t hb, size_t he,
                       const char *bh, size_t bn)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, k = 0;

	for (i = hb; i < he; i++) {
		unsigned char c = s[i];
		if (c >= 0x80) {
			if (k + 3 > bn || bh[k] != '%' || bh[k + 1] != hex[c >> 4] ||
			    bh[k + 2] != hex[c & 15])
				return 0;
			k += 3;
			continue;
		}
		if (k >= bn || lower(c) != lower((unsigned char)bh[k]))
			return 0;
		k++;
	}
	return k == bn;
}

/* Does the grammar's host u (in s) mean the host the browser reaches
 * (bh[0, bn))? Addresses by their bytes; names case-insensitively after
 * percent-decoding, and, for a name with non-ASCII characters (an IRI),
 * after the browser's own IDNA mapping of that name. */
static int same_host(const unsigned char *s, size_t hb, size_t he,
                     const char *bh, size_t bn, int opaque)
{
	unsigned char d[URISCAN__WHOST_MAX];
	const unsigned char *h;
	char m[URISCAN__WHOST_MAX];
	struct uriscan_host_addr a, b;
	size_t n, mn, eo, i;

	/* an opaque host is an address only in brackets ("0x7f.1" is the
	 * string it is) */
	if (opaque && bn > 0 && bh[0] != '[')
		return same_opaque(s, hb, he, bh, bn);
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
	n = uriscan__cf_decode_host(s, hb, he, d, sizeof d, &h);
	if (n == sizeof d && he - hb > sizeof d)
		return 0; /* longer than any host the browser reads */
	for (i = 0; i < n; i++)
		if (h[i] >= 0x80)
			break;
	if (i < n) {
		if (uriscan__whost(s, hb, he, m, sizeof m, &mn, &eo) != URISCAN_OK)
			return 0;
		return mn == bn && memcmp(m, bh, bn) == 0;
	}
	if (n != bn)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = h[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (c != (unsigned char)bh[i])
			return 0;
	}
	return 1;
}

/* The flags of s[0, len). parsed: u is the grammar's parse of s (NULL: s
 * is not valid for the grammar); else s is parsed with g when
 * browser_host_differs needs the grammar's host. */
static uint32_t flags_of(const unsigned char *s, size_t len,
                         enum uriscan_grammar g, const struct uriscan_uri *u,
                         int parsed)
{
	struct uriscan__wread w, bw;
	struct uriscan_host_addr a;
	size_t i, hb = 0, he = 0, pb;
	uint32_t f;
	int have_host = 0;

	f = uriscan__cf_bytes(s, len);
	uriscan__wread(s, len, &w);
	bw = w; /* the browser's reading, kept for its host */
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
		w.at_count = 0;
		w.has_port = 0;
		w.port = 0;
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
		if (w.special && !w.file && !(f & F(BACKSLASH)))
			at = w.at_count; /* no '\\': the browser's authority */
		else
			for (i = w.auth_b; i < w.end && !auth_end(s[i]); i++)
				at += s[i] == '@';
		if (at > 0)
			f |= F(USERINFO);
		if (at > 1)
			f |= F(MULTIPLE_AT);
		if (memchr(s + hb, '%', he - hb) != NULL)
			f |= F(ENCODED_HOST);
		/* the whole host, however long */
		f |= uriscan__cf_host(s, hb, he);
		/* its address, decoded once (tabs and newlines skipped) */
		if (uriscan__host_read(s + hb, he - hb, 1, &a, NULL) == URISCAN_OK) {
			if (a.family == URISCAN_IP_V4 &&
			    (a.form != URISCAN_IP_FORM_DOTTED ||
			     (a.notes & (URISCAN_HOST_FULLWIDTH | URISCAN_HOST_TRAILING_DOT |
			                 URISCAN_HOST_PERCENT | URISCAN_HOST_MAPPED)) ||
			     has_tabnl(s, hb, he)))
				f |= F(IP_NONCANONICAL);
			if (a.notes & URISCAN_HOST_ZONE)
				f |= F(IPV6_ZONE);
		}
		if (w.has_port && w.port_zero && w.port_digits > 1)
			f |= F(PORT_LEADING_ZERO);
		if (w.has_port && w.port > 65535)
			f |= F(PORT_OUT_OF_RANGE);
		pb = w.auth_e;
	} else {
		pb = w.has_scheme ? w.scheme_end + 1 : w.begin;
	}
	f |= uriscan__cf_dots(s, pb, w.end, w.special);
	/* the browser's host (from the reading above: no second one)
	 * against the grammar's; its homographs */
	if ((bw.special || bw.opaque) && bw.status == URISCAN_OK) {
		char bh[URISCAN__WHOST_MAX * 3];
		size_t bn = 0, eo;
		struct uriscan_uri pu;
		if (uriscan__wbrowser(s, &bw, bh, sizeof bh, &bn, &eo) ==
		        URISCAN_OK &&
		    bn > 0) {
			if (bw.special && has_xn_label(bh, bn))
				f |= uriscan__spoof_flags(bh, bn);
			if (!parsed)
				u = uriscan_parse(g, (const char *)s, len, 0, &pu) ==
				            URISCAN_OK
				        ? &pu
				        : NULL;
			if (u != NULL &&
			    (!URISCAN_HAS(u, URISCAN_HOST) ||
			     !same_host(s, u->part[URISCAN_HOST].off,
			                (size_t)u->part[URISCAN_HOST].off +
			                    u->part[URISCAN_HOST].len,
			                bh, bn, bw.opaque)))
				f |= F(BROWSER_HOST_DIFFERS);
		}
	}
	return f;
}

/* The checks both entry points make; URISCAN_OK to go on. */
static int check_args(const char *s, size_t len, unsigned flags,
                      uint32_t *found, struct uriscan_error *err)
{
	uriscan__host_err(err, URISCAN_OK, 0);
	if (found)
		*found = 0;
	if (found == NULL || (s == NULL && len != 0) || flags != 0) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	if (len > UINT32_MAX) {
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
	return URISCAN_OK;
}

/* browser_host_differs needs the grammar's reading: without the grammar,
 * a status, not a set missing that flag */
static int check_grammar(enum uriscan_grammar g, struct uriscan_error *err)
{
	const struct uriscan__gen *gen;
	int gst = uriscan__grammar_gen(g, &gen);

	if (gst != URISCAN_OK)
		uriscan__host_err(err, gst, 0);
	return gst;
}

int uriscan_confusion(enum uriscan_grammar g, const char *str, size_t len,
                      unsigned flags, uint32_t *found,
                      struct uriscan_error *err)
{
	int st = check_args(str, len, flags, found, err);
	struct uriscan_uri pu;
	size_t hb, he;
	uint32_t f;

	if (st == URISCAN_OK)
		st = check_grammar(g, err);
	if (st != URISCAN_OK)
		return st;
	if (uriscan__cf_plain((const unsigned char *)str, len, &hb, &he, &f)) {
		/* no host (hb 0): no parse needed */
		if (hb == 0) {
			*found = f;
			return URISCAN_OK;
		}
		/* the fast path needs the grammar's host: parse at once */
		const struct uriscan_uri *u =
		    uriscan_parse(g, str, len, 0, &pu) == URISCAN_OK ? &pu : NULL;
		*found = uriscan__cf_fast((const unsigned char *)str, len, u, &f)
		             ? f
		             : flags_of((const unsigned char *)str, len, g, u, 1);
		return URISCAN_OK;
	}
	*found = flags_of((const unsigned char *)str, len, g, NULL, 0);
	return URISCAN_OK;
}

/* The flags of s[0, len) with its parse u (NULL: not valid): most URLs
 * are plain, their flags (most often none) decided from the bytes; the
 * others read in full. */
static uint32_t parsed_flags(const char *s, size_t len,
                             const struct uriscan_uri *u)
{
	uint32_t f;
	int d;

	/* an http(s) URL with the parse's host: the window at once (the
	 * call not made for the others) */
	if (u != NULL && len >= 16 && (s[0] | 0x20) == 'h') {
		d = uriscan__cf_quick((const unsigned char *)s, len, u, &f);
		if (d > 0)
			return f;
		if (d == 0)
			return uriscan__confusion_full(s, len, u);
	}
	if (!uriscan__cf_fast((const unsigned char *)s, len, u, &f))
		f = uriscan__confusion_full(s, len, u);
	return f;
}

int uriscan_confusion_parsed(const char *str, size_t len,
                             const struct uriscan_uri *u, unsigned flags,
                             uint32_t *found, struct uriscan_error *err)
{
	int st = check_args(str, len, flags, found, err);

	if (st == URISCAN_OK && u != NULL) {
		st = check_grammar(u->grammar, err);
		/* the host span is read: it must lie inside s[0, len) */
		if (st == URISCAN_OK && URISCAN_HAS(u, URISCAN_HOST) &&
		    (u->part[URISCAN_HOST].off > len ||
		     u->part[URISCAN_HOST].len > len - u->part[URISCAN_HOST].off)) {
			uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
			st = URISCAN_E_INVALID_ARG;
		}
	}
	if (st != URISCAN_OK)
		return st;
	*found = parsed_flags(str, len, u);
	return URISCAN_OK;
}

uint32_t uriscan__confusion_match(enum uriscan_grammar g, const char *s,
                                  size_t len, const struct uriscan_uri *u)
{
	uint32_t f = 0;

	if (u != NULL)
		return parsed_flags(s, len, u);
	uriscan_confusion(g, s, len, 0, &f, NULL);
	return f;
}

uint32_t uriscan__confusion_full(const char *s, size_t len,
                                 const struct uriscan_uri *u)
{
	return flags_of((const unsigned char *)s, len,
	                u ? u->grammar : URISCAN_RFC3986, u, 1);
}
