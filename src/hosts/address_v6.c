/* SPDX-License-Identifier: MIT */
/*
 * address_v6.c: the IPv6 literal of a host (uriscan__read_v6_zone,
 * address.h): the WHATWG IPv6 parser, and the zone after it
 * ("%25eth0", RFC 6874, or the raw "%eth0" curl takes), which RFC 9844
 * took out of URIs and browsers refuse. Part of uriscan_host_address
 * (address.c).
 * No allocation; reads only the span given.
 */
#include <stdint.h>
#include <string.h>

#include "address.h"
#include "pct.h"
#include "uriscan.h"

static int fail(struct uriscan_error *err, int status, size_t off)
{
	uriscan__host_err(err, status, off);
	return status;
}

/* ---- IPv6: the WHATWG IPv6 parser --------------------------------------- */

static int dig(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* s[0, len) without the brackets; base is its offset in the host. */
static int read_v6(const unsigned char *s, size_t len, size_t base,
                   struct uriscan_host_addr *out, struct uriscan_error *err)
{
	uint16_t a[8] = {0};
	int piece = 0, compress = -1;
	size_t i = 0;

	if (len > 0 && s[0] == ':') {
		if (len < 2 || s[1] != ':')
			return fail(err, URISCAN_E_SYNTAX, base + 1);
		i = 2;
		compress = ++piece;
	}
	while (i < len) {
		unsigned value = 0, n = 0;
		int h;
		if (piece == 8)
			return fail(err, URISCAN_E_SYNTAX, base + i);
		if (s[i] == ':') {
			if (compress != -1)
				return fail(err, URISCAN_E_SYNTAX, base + i);
			i++;
			compress = ++piece;
			continue;
		}
		while (n < 4 && i < len && (h = uriscan__hexdig(s[i])) >= 0) {
			value = value * 16 + (unsigned)h;
			i++;
			n++;
		}
		if (i < len && s[i] == '.') {
			int seen = 0;
			if (n == 0 || piece > 6)
				return fail(err, URISCAN_E_SYNTAX, base + i);
			i -= n;
			while (i < len) {
				int v4 = -1;
				if (seen > 0) {
					if (s[i] != '.' || seen >= 4)
						return fail(err, URISCAN_E_SYNTAX, base + i);
					i++;
				}
				if (i >= len || !dig(s[i]))
					return fail(err, URISCAN_E_SYNTAX, base + i);
				while (i < len && dig(s[i])) {
					int d = s[i] - '0';
					if (v4 == 0)
						return fail(err, URISCAN_E_SYNTAX, base + i);
					v4 = v4 < 0 ? d : v4 * 10 + d;
					if (v4 > 255)
						return fail(err, URISCAN_E_SYNTAX, base + i);
					i++;
				}
				a[piece] = (uint16_t)(a[piece] * 0x100 + v4);
				if (++seen == 2 || seen == 4)
					piece++;
			}
			if (seen != 4)
				return fail(err, URISCAN_E_SYNTAX, base + i);
			break;
		}
		if (i < len && s[i] == ':') {
			if (++i >= len)
				return fail(err, URISCAN_E_SYNTAX, base + i);
		} else if (i < len) {
			return fail(err, URISCAN_E_SYNTAX, base + i);
		}
		a[piece++] = (uint16_t)value;
	}
	if (compress != -1) {
		int swaps = piece - compress;
		piece = 7;
		while (piece != 0 && swaps > 0) {
			uint16_t t = a[piece];
			a[piece] = a[compress + swaps - 1];
			a[compress + swaps - 1] = t;
			piece--;
			swaps--;
		}
	} else if (piece != 8) {
		return fail(err, URISCAN_E_SYNTAX, base + len);
	}
	out->family = URISCAN_IP_V6;
	out->form = URISCAN_IP_FORM_IPV6;
	for (piece = 0; piece < 8; piece++) {
		out->addr[2 * piece] = (uint8_t)(a[piece] >> 8);
		out->addr[2 * piece + 1] = (uint8_t)a[piece];
	}
	return URISCAN_OK;
}

/* ---- IPv6 zones ------------------------------------------------------- */

/* The zone z[0, n) after "%25" or "%": 1 to 255 bytes, unreserved or
 * percent-encoded (RFC 6874's ZoneID, and its raw "%" form)? */
static int zone_ok(const unsigned char *z, size_t n)
{
	size_t i;

	if (n == 0 || n > 255)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = z[i];
		if (c == '%') {
			if (i + 2 >= n || uriscan__hexdig(z[i + 1]) < 0 ||
			    uriscan__hexdig(z[i + 2]) < 0)
				return 0;
			i += 2;
		} else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		             (c >= '0' && c <= '9') || c == '-' || c == '.' ||
		             c == '_' || c == '~')) {
			return 0;
		}
	}
	return 1;
}

/* The IPv6 address s[b, e) of host s, perhaps with a zone. */
int uriscan__read_v6_zone(const unsigned char *s, size_t b, size_t e,
                          struct uriscan_host_addr *out,
                          struct uriscan_error *err)
{
	const unsigned char *p = memchr(s + b, '%', e - b);
	size_t pe, zb;
	int st;

	if (p == NULL)
		return read_v6(s + b, e - b, b, out, err);
	pe = (size_t)(p - s);
	zb = pe + 1;
	/* "%25" then the zone; a zone that is "25" itself is raw */
	if (e - zb > 2 && s[zb] == '2' && s[zb + 1] == '5')
		zb += 2;
	if (!zone_ok(s + zb, e - zb))
		return fail(err, URISCAN_E_SYNTAX, pe);
	st = read_v6(s + b, pe - b, b, out, err);
	if (st == URISCAN_OK) {
		out->notes |= URISCAN_HOST_ZONE;
		out->zone_off = (uint32_t)zb;
		out->zone_len = (uint32_t)(e - zb);
	}
	return st;
}
