/* SPDX-License-Identifier: MIT */
/*
 * host_addr.c: the address a host means (uriscan_host_address): the WHATWG
 * URL Standard's reading of a host (percent-decoding, the fullwidth forms
 * IDNA maps to ASCII, "ends in a number", the IPv4 and IPv6 parsers).
 * The classes and the canonical text are host_class.c.
 * No allocation; reads only host[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "host_addr.h"
#include "pct.h"
#include "uriscan.h"

/* ---- the decoded characters of a host ---------------------------------- */

/* A reader of host[0, len): percent-escapes decoded, then the fullwidth
 * forms U+FF01-FF5E read as ASCII 0x21-0x7E and U+3002, U+FF61 as '.'. */
struct rd {
	const unsigned char *s;
	size_t len, i;
	unsigned notes;
	size_t bad; /* the offset of a malformed escape, when get returns -1 */
};

/* The decoded byte at s[i] (i < len); *n gets the bytes it takes. -1 for
 * a '%' without two hex digits. */
static int rd_byte(struct rd *r, size_t i, size_t *n)
{
	unsigned char c;
	size_t bad = 0;

	*n = uriscan__pct_unit(r->s, r->len, i, 0, &c, &bad);
	if (*n == 0) {
		r->bad = bad;
		return -1;
	}
	return c;
}

/* The next character: 0 at the end, 1 with *c set (a mapped form, ASCII,
 * or a byte >= 0x80 as it is), -1 for a malformed escape. */
static int rd_next(struct rd *r, unsigned *c)
{
	size_t n1, n2, n3;
	int b1, b2, b3;

	if (r->i >= r->len)
		return 0;
	b1 = rd_byte(r, r->i, &n1);
	if (b1 < 0)
		return -1;
	if (n1 == 3)
		r->notes |= URISCAN_HOST_PERCENT;
	*c = (unsigned)b1;
	if ((b1 == 0xEF || b1 == 0xE3) && r->i + n1 < r->len) {
		b2 = rd_byte(r, r->i + n1, &n2);
		if (b2 >= 0 && r->i + n1 + n2 < r->len) {
			b3 = rd_byte(r, r->i + n1 + n2, &n3);
			if (b3 >= 0) {
				unsigned cp = (unsigned)(b1 & 0x0F) << 12 |
				              (unsigned)(b2 & 0x3F) << 6 |
				              (unsigned)(b3 & 0x3F);
				int cont = (b2 & 0xC0) == 0x80 && (b3 & 0xC0) == 0x80;
				unsigned m = 0;
				if (cont && cp >= 0xFF01 && cp <= 0xFF5E)
					m = cp - 0xFF01 + 0x21;
				else if (cont && (cp == 0x3002 || cp == 0xFF61))
					m = '.';
				if (m) {
					if (n2 == 3 || n3 == 3)
						r->notes |= URISCAN_HOST_PERCENT;
					r->notes |= URISCAN_HOST_FULLWIDTH;
					r->i += n1 + n2 + n3;
					*c = m;
					return 1;
				}
			}
		}
	}
	r->i += n1;
	return 1;
}

/* ---- IPv4: the labels, each read as an IPv4 number ---------------------- */

enum nmode { N_START, N_ZERO, N_DEC, N_OCT, N_HEX, N_BAD };

struct label {
	size_t off;        /* its first byte in host */
	enum nmode mode;
	int digits;        /* only ASCII digits (and not empty) */
	uint64_t v;        /* saturated above 2^32 */
};

static void label_start(struct label *l, size_t off)
{
	l->off = off;
	l->mode = N_START;
	l->digits = 1;
	l->v = 0;
}

static void label_feed(struct label *l, unsigned c)
{
	int d = (c < 0x80) ? uriscan__hexdig((unsigned char)c) : -1;
	int dec = c >= '0' && c <= '9';
	unsigned base = 10;

	if (!dec)
		l->digits = 0;
	switch (l->mode) {
	case N_START:
		l->mode = c == '0' ? N_ZERO : dec ? N_DEC : N_BAD;
		break;
	case N_ZERO:
		if (c == 'x' || c == 'X')
			l->mode = N_HEX;
		else
			l->mode = (dec && c < '8') ? N_OCT : N_BAD;
		break;
	case N_DEC:
		l->mode = dec ? N_DEC : N_BAD;
		break;
	case N_OCT:
		l->mode = (dec && c < '8') ? N_OCT : N_BAD;
		base = 8;
		break;
	case N_HEX:
		l->mode = d >= 0 ? N_HEX : N_BAD;
		base = 16;
		break;
	case N_BAD:
		break;
	}
	if (l->mode == N_OCT && base == 10)
		base = 8; /* the first digit after the leading 0 */
	if ((l->mode == N_DEC || l->mode == N_OCT ||
	     (l->mode == N_HEX && c != 'x' && c != 'X')) &&
	    l->v <= UINT32_MAX)
		l->v = l->v * base + (unsigned)d;
}

/* "ends in a number" for the last label: all digits, or "0x" and hex. */
static int label_numeric(const struct label *l)
{
	return (l->digits && l->mode != N_START) || l->mode == N_HEX;
}

static int label_valid(const struct label *l)
{
	return l->mode != N_START && l->mode != N_BAD;
}

#define KEEP 5 /* labels kept from the front: 4 parts and one more */

static int fail(struct uriscan_error *err, int status, size_t off)
{
	uriscan__host_err(err, status, off);
	return status;
}

static int read_v4(const unsigned char *s, size_t len,
                   struct uriscan_host_addr *out, struct uriscan_error *err)
{
	struct rd r = {s, len, 0, 0, 0};
	struct label first[KEEP], last, prev;
	size_t n = 0; /* labels */
	unsigned c = 0, forms = 0, i, parts;
	uint64_t v = 0;
	int got;

	label_start(&last, 0);
	label_start(&prev, 0);
	while ((got = rd_next(&r, &c)) != 0) {
		if (got < 0)
			return fail(err, URISCAN_E_BAD_PERCENT, r.bad);
		if (c == '.') {
			if (n < KEEP)
				first[n] = last;
			n++;
			prev = last;
			label_start(&last, r.i);
			continue;
		}
		label_feed(&last, c);
	}
	out->notes = r.notes;
	/* the last label; an empty one after a '.' is dropped */
	if (last.mode == N_START && n > 0) {
		out->notes |= URISCAN_HOST_TRAILING_DOT;
		last = prev;
	} else {
		if (n < KEEP)
			first[n] = last;
		n++;
	}
	if (!label_numeric(&last))
		return URISCAN_OK; /* a name */
	if (n > 4)
		return fail(err, URISCAN_E_SYNTAX, first[4].off);
	for (i = 0; i < n; i++) {
		const struct label *l = &first[i];
		if (!label_valid(l))
			return fail(err, URISCAN_E_SYNTAX, l->off);
		if (i + 1 < n && l->v > 255)
			return fail(err, URISCAN_E_SYNTAX, l->off);
		forms |= 1u << (l->mode == N_OCT ? 1 : l->mode == N_HEX ? 2 : 0);
	}
	parts = (unsigned)n;
	if (first[n - 1].v >> (8 * (5 - parts)) != 0)
		return fail(err, URISCAN_E_SYNTAX, first[n - 1].off);
	for (i = 0; i + 1 < n; i++)
		v |= first[i].v << (8 * (3 - i));
	v |= first[n - 1].v;
	out->family = URISCAN_IP_V4;
	out->parts = parts;
	out->addr[0] = (uint8_t)(v >> 24);
	out->addr[1] = (uint8_t)(v >> 16);
	out->addr[2] = (uint8_t)(v >> 8);
	out->addr[3] = (uint8_t)v;
	if ((forms & 6) == 6)
		out->form = URISCAN_IP_FORM_MIXED;
	else if (forms & 4)
		out->form = URISCAN_IP_FORM_HEX;
	else if (forms & 2)
		out->form = URISCAN_IP_FORM_OCTAL;
	else
		out->form = parts == 4   ? URISCAN_IP_FORM_DOTTED
		            : parts == 1 ? URISCAN_IP_FORM_INTEGER
		                         : URISCAN_IP_FORM_SHORT;
	return URISCAN_OK;
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

/* ---- the call ---------------------------------------------------------- */

int uriscan_host_address(const char *host, size_t len, unsigned flags,
                         struct uriscan_host_addr *out,
                         struct uriscan_error *err)
{
	const unsigned char *s = (const unsigned char *)host;
	int st;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (out)
		memset(out, 0, sizeof *out);
	if (out == NULL || (host == NULL && len != 0) || flags != 0)
		return fail(err, URISCAN_E_INVALID_ARG, 0);
	if (len > UINT32_MAX)
		return fail(err, URISCAN_E_TOO_LONG, 0);
	if (uriscan__name_fast(s, len, &out->notes))
		return URISCAN_OK; /* a name: family NONE, class NONE */
	if (len > 0 && s[0] == '[') {
		if (s[len - 1] != ']' || len < 2)
			return fail(err, URISCAN_E_SYNTAX, len);
		if (len > 2 && (s[1] == 'v' || s[1] == 'V'))
			return fail(err, URISCAN_E_UNSUPPORTED, 0);
		st = read_v6(s + 1, len - 2, 1, out, err);
	} else if (len > 0 && memchr(s, ':', len) != NULL) {
		st = read_v6(s, len, 0, out, err);
	} else {
		st = read_v4(s, len, out, err);
	}
	if (st != URISCAN_OK) {
		unsigned notes = out->notes;
		memset(out, 0, sizeof *out);
		out->notes = notes;
		return st;
	}
	uriscan__ip_classify(out);
	return URISCAN_OK;
}
