/* SPDX-License-Identifier: MIT */
/*
 * browser_opaque.c: the WHATWG URL Standard's opaque-host parser, the
 * host of a URL whose scheme is not special ("foo://host/",
 * "ssh://git@host/"): an IPv6 literal, or the bytes as they are (case
 * kept, nothing decoded) with a forbidden host code point failing and C0
 * controls, DEL and non-ASCII percent-encoded (uriscan__wopaque,
 * browser.h).
 * No allocation; reads only s[b, e).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "address.h"
#include "uriscan.h"

/* The forbidden host code points (tab, LF and CR are removed before). */
static int forbidden_host(unsigned char c)
{
	return c == 0 || c == ' ' || c == '#' || c == '/' || c == ':' ||
	       c == '<' || c == '>' || c == '?' || c == '@' || c == '[' ||
	       c == '\\' || c == ']' || c == '^' || c == '|';
}

/* The length of the well-formed UTF-8 sequence at d[i] (of n), or 0 when
 * ill-formed; *sub gets the bytes of its maximal subpart then (the
 * WHATWG decoder replaces those with one U+FFFD). */
static size_t utf8_seq(const unsigned char *d, size_t i, size_t n,
                       size_t *sub)
{
	unsigned c = d[i], need, lo = 0x80, hi = 0xBF, k;

	*sub = 1;
	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else
		return 0;
	for (k = 1; k <= need; k++) {
		if (i + k >= n || d[i + k] < lo || d[i + k] > hi)
			return 0;
		lo = 0x80, hi = 0xBF;
		*sub = k + 1;
	}
	return need + 1;
}

/* Append the byte c, percent-encoded when enc, to out (cap) at *k. */
static void emit(char *out, size_t cap, size_t *k, unsigned char c, int enc)
{
	static const char hex[] = "0123456789ABCDEF";

	if (!enc) {
		if (*k < cap)
			out[*k] = (char)c;
		++*k;
		return;
	}
	if (*k + 3 <= cap) {
		out[*k] = '%';
		out[*k + 1] = hex[c >> 4];
		out[*k + 2] = hex[c & 15];
	}
	*k += 3;
}

int uriscan__wopaque(const unsigned char *s, size_t b, size_t e, char *out,
                     size_t cap, size_t *n, size_t *eoff)
{
	unsigned char d[URISCAN__WHOST_MAX];
	size_t dn = 0, i, k = 0;

	*n = 0;
	*eoff = b;
	for (i = b; i < e; i++) {
		if (uriscan__is_tabnl(s[i]))
			continue;
		if (dn == sizeof d)
			return URISCAN_E_TOO_LONG;
		d[dn++] = s[i];
	}
	if (dn > 0 && d[0] == '[') {
		struct uriscan_host_addr a;
		char t[URISCAN_IP_TEXT_MAX + 2];
		if (d[dn - 1] != ']' ||
		    uriscan_host_address((const char *)d, dn, 0, &a, NULL) !=
		        URISCAN_OK ||
		    a.family != URISCAN_IP_V6 || (a.notes & URISCAN_HOST_ZONE))
			return URISCAN_E_SYNTAX;
		t[0] = '[';
		k = uriscan__v6_hex_text(a.addr, t + 1);
		t[k + 1] = ']';
		*n = k + 2;
		if (*n > cap)
			return URISCAN_E_BUFFER_TOO_SMALL;
		memcpy(out, t, *n);
		return URISCAN_OK;
	}
	for (i = 0; i < dn; i++)
		if (forbidden_host(d[i]))
			return URISCAN_E_SYNTAX;
	for (i = 0; i < dn;) {
		size_t sub, m;
		if (d[i] < 0x80) {
			emit(out, cap, &k, d[i], d[i] < 0x20 || d[i] == 0x7F);
			i++;
		} else if ((m = utf8_seq(d, i, dn, &sub)) != 0) {
			for (size_t j = 0; j < m; j++)
				emit(out, cap, &k, d[i + j], 1);
			i += m;
		} else {
			emit(out, cap, &k, 0xEF, 1); /* U+FFFD */
			emit(out, cap, &k, 0xBF, 1);
			emit(out, cap, &k, 0xBD, 1);
			i += sub;
		}
	}
	*n = k;
	/* the host written (not the bytes read): what a reader takes back */
	if (k > URISCAN__WHOST_MAX)
		return URISCAN_E_TOO_LONG;
	return k > cap ? URISCAN_E_BUFFER_TOO_SMALL : URISCAN_OK;
}
