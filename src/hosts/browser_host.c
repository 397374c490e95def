/* SPDX-License-Identifier: MIT */
/*
 * browser_host.c: the host a browser reaches for a URL
 * (uriscan_browser_host): the reading of browser_authority.c (uriscan__wread),
 * then the WHATWG host parser on its host span (uriscan__whost, with a
 * fast path for plain names), which the confusion flags share.
 * IDNA is UTS #46 through ICU (idna_icu.c) when built with it.
 * No allocation of its own (ICU's, freed inside it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "address.h"
#include "idna_icu.h"
#include "pct.h"
#include "uriscan.h"


/* ---- the host parser -------------------------------------------------- */

static int forbidden_domain(unsigned char c)
{
	return c <= 0x20 || c == 0x7F || strchr("#%/:<>?@[\\]^|", c) != NULL;
}

static int ascii_only(const unsigned char *d, size_t n, int *xn)
{
	size_t i;

	*xn = 0;
	for (i = 0; i < n; i++) {
		if (d[i] >= 0x80)
			return 0;
		if ((i == 0 || d[i - 1] == '.') &&
		    uriscan__xn_prefix(d + i, n - i))
			*xn = 1;
	}
	return 1;
}

/* UTF-8 as the WHATWG decoder accepts it (no replacement needed). */
static int utf8_ok(const unsigned char *d, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = d[i], need, min, cp;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF)
			need = 1, min = 0x80, cp = c & 0x1F;
		else if (c >= 0xE0 && c <= 0xEF)
			need = 2, min = 0x800, cp = c & 0x0F;
		else if (c >= 0xF0 && c <= 0xF4)
			need = 3, min = 0x10000, cp = c & 0x07;
		else
			return 0;
		for (unsigned k = 1; k <= need; k++) {
			if (i + k >= n || (d[i + k] & 0xC0) != 0x80)
				return 0;
			cp = cp << 6 | (d[i + k] & 0x3Fu);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return 0;
		i += need + 1;
	}
	return 1;
}

static int put(char *out, size_t cap, size_t *n, const char *t, size_t tl)
{
	*n = tl;
	if (tl > cap)
		return URISCAN_E_BUFFER_TOO_SMALL;
	if (tl)
		memcpy(out, t, tl);
	return URISCAN_OK;
}

/* Serialise an address the WHATWG way: IPv6 in brackets, no dotted part. */
static int put_addr(const struct uriscan_host_addr *a, char *out, size_t cap,
                    size_t *n)
{
	char t[URISCAN_IP_TEXT_MAX + 2];
	size_t k;

	if (a->family == URISCAN_IP_V4) {
		uriscan_ip_text(a, t, sizeof t, &k, NULL);
		return put(out, cap, n, t, k);
	}
	t[0] = '[';
	k = uriscan__v6_hex_text(a->addr, t + 1);
	t[k + 1] = ']';
	return put(out, cap, n, t, k + 2);
}

/* The fast path: a host of ASCII letters, digits, '-' and '.' without an
 * "xn--" label whose last label is not a number is a name as it stands:
 * nothing to remove, decode, map or refuse; the browser's host is its
 * lower case. 1 when s[b, e) is such a host (out, *n and the status *st
 * set as put() sets them), 0 when the full reading must run. */
static int whost_plain(const unsigned char *s, size_t b, size_t e, char *out,
                       size_t cap, size_t *n, int *st)
{
	unsigned notes;
	size_t i;

	if (e <= b || e - b > URISCAN__WHOST_MAX)
		return 0;
	for (i = b; i < e; i++) {
		unsigned char c = s[i];
		if (!(uriscan__host_byte[c] & HB_NAME))
			return 0;
		if ((c | 0x20) == 'x' && (i == b || s[i - 1] == '.') &&
		    i + 3 < e && (s[i + 1] | 0x20) == 'n' && s[i + 2] == '-' &&
		    s[i + 3] == '-')
			return 0;
	}
	if (uriscan__last_label_numeric(s + b, e - b, &notes))
		return 0;
	*n = e - b;
	if (e - b > cap) {
		*st = URISCAN_E_BUFFER_TOO_SMALL;
		return 1;
	}
	uriscan__lower_copy(out, s + b, e - b);
	*st = URISCAN_OK;
	return 1;
}

int uriscan__whost(const unsigned char *s, size_t b, size_t e, char *out,
                   size_t cap, size_t *n, size_t *eoff)
{
	unsigned char d[URISCAN__WHOST_MAX];
	size_t dn = 0, i, k;
	struct uriscan_host_addr a;
	struct uriscan_error err;
	int xn, st;

	*n = 0;
	*eoff = b;
	if (whost_plain(s, b, e, out, cap, n, &st))
		return st;
	/* tabs and newlines go; '[' starts an IPv6 address (not decoded) */
	for (i = b; i < e; i++) {
		if (uriscan__is_tabnl(s[i]))
			continue;
		if (dn == sizeof d)
			return URISCAN_E_TOO_LONG;
		d[dn++] = s[i];
	}
	if (dn > 0 && d[0] == '[') {
		if (d[dn - 1] != ']')
			return URISCAN_E_SYNTAX;
		st = uriscan_host_address((const char *)d, dn, 0, &a, &err);
		if (st != URISCAN_OK || a.family != URISCAN_IP_V6 ||
		    (a.notes & URISCAN_HOST_ZONE))
			return URISCAN_E_SYNTAX; /* browsers refuse zones */
		return put_addr(&a, out, cap, n);
	}
	/* percent-decode (a malformed '%' stays, and is forbidden below) */
	for (i = 0, k = 0; i < dn; k++) {
		int hi = (d[i] == '%' && i + 2 < dn) ? uriscan__hexdig(d[i + 1]) : -1;
		int lo = hi >= 0 ? uriscan__hexdig(d[i + 2]) : -1;
		if (hi >= 0 && lo >= 0) {
			d[k] = (unsigned char)(hi * 16 + lo);
			i += 3;
		} else {
			d[k] = d[i++];
		}
	}
	dn = k;
	if (!utf8_ok(d, dn))
		return URISCAN_E_SYNTAX;
	if (ascii_only(d, dn, &xn) && !xn) {
		for (i = 0; i < dn; i++)
			if (d[i] >= 'A' && d[i] <= 'Z')
				d[i] = (unsigned char)(d[i] + 32);
	} else {
		st = uriscan__uts46_cached(d, &dn, sizeof d);
		if (st != URISCAN_OK)
			return st;
	}
	if (dn == 0)
		return URISCAN_E_SYNTAX;
	for (i = 0; i < dn; i++)
		if (forbidden_domain(d[i]))
			return URISCAN_E_SYNTAX;
	st = uriscan_host_address((const char *)d, dn, 0, &a, &err);
	if (st != URISCAN_OK)
		return URISCAN_E_SYNTAX;
	if (a.family == URISCAN_IP_V4)
		return put_addr(&a, out, cap, n);
	return put(out, cap, n, (const char *)d, dn);
}

/* Is s[0, strlen(t)) t (lower case ASCII) in any case? */
static int lower_is(const unsigned char *s, const char *t)
{
	size_t i;

	for (i = 0; t[i] != '\0'; i++)
		if ((s[i] | 0x20) != (unsigned char)t[i])
			return 0;
	return 1;
}

int uriscan_browser_host(const char *s, size_t len, unsigned flags,
                         char *out, size_t out_cap, size_t *out_len,
                         struct uriscan_error *err)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 0, eoff = 0, hb, he;
	int st, file;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (out_len)
		*out_len = 0;
	if (out_len == NULL || (s == NULL && len != 0) ||
	    (out == NULL && out_cap != 0) || flags != 0) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	if (len > UINT32_MAX) {
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
	/* a plain authority (confusion.h): the host in lower case, nothing
	 * to remove, decode, map or refuse */
	if (uriscan__plain_host(u, len, &hb, &he, &file)) {
		n = file && he - hb == 9 && lower_is(u + hb, "localhost") ? 0
		                                                        : he - hb;
		*out_len = n;
		if (n > out_cap) {
			uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
			return URISCAN_E_BUFFER_TOO_SMALL;
		}
		uriscan__lower_copy(out, u + hb, n);
		return URISCAN_OK;
	}
	st = uriscan__browser_host_full(u, len, out, out_cap, &n, &eoff);
	*out_len = n;
	uriscan__host_err(err, st, eoff);
	return st;
}

int uriscan__browser_host_full(const unsigned char *u, size_t len, char *out,
                               size_t out_cap, size_t *n, size_t *eoff)
{
	struct uriscan__wread w;
	int st;

	*n = 0;
	*eoff = 0;
	st = uriscan__wread(u, len, &w);
	if (st != URISCAN_OK) {
		*eoff = st == URISCAN_E_UNSUPPORTED ? 0 : w.err_off;
		return st;
	}
	st = uriscan__wbrowser(u, &w, out, out_cap, n, eoff);
	if (st == URISCAN_E_BUFFER_TOO_SMALL || st == URISCAN_E_IDNA_UNAVAILABLE)
		*eoff = 0;
	return st;
}

int uriscan__wbrowser(const unsigned char *u, const struct uriscan__wread *w,
                      char *out, size_t cap, size_t *n, size_t *eoff)
{
	int st;

	*n = 0;
	*eoff = 0;
	if (w->opaque)
		return w->no_host ? URISCAN_OK
		                  : uriscan__wopaque(u, w->host_b, w->host_e, out,
		                                     cap, n, eoff);
	if (w->file) {
		/* "localhost" and the empty host are the empty host; a Windows
		 * drive letter ("C:", "C|") is the path, not a host */
		size_t hb = uriscan__nx(u, w->host_b, w->host_e), h2 = hb < w->host_e ? uriscan__nx(u, hb + 1, w->host_e) : w->host_e;
		if (hb == w->host_e ||
		    (uriscan__alpha(u[hb]) && h2 < w->host_e && (u[h2] == ':' || u[h2] == '|') &&
		     uriscan__nx(u, h2 + 1, w->host_e) == w->host_e))
			return URISCAN_OK;
	}
	st = uriscan__whost(u, w->host_b, w->host_e, out, cap, n, eoff);
	if (st == URISCAN_OK && w->file && *n == 9 && memcmp(out, "localhost", 9) == 0)
		*n = 0;
	return st;
}
