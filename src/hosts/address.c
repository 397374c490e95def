/* SPDX-License-Identifier: MIT */
/*
 * address.c: the address a host means (uriscan_host_address): the WHATWG
 * URL Standard's reading of a host (percent-decoding, UTS #46 for a host
 * that is not ASCII, "ends in a number", the IPv4 parser; the IPv6 parser
 * and zones are address_v6.c). The classes and the canonical text are
 * address_class.c.
 * No allocation (but inside ICU, for a host that is not ASCII); reads only
 * host[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "address.h"
#include "idna_icu.h"
#include "pct.h"
#include "uriscan.h"

/* ---- the decoded characters of a host ---------------------------------- */

/* A reader of host[0, len): percent-escapes decoded (not when raw); tabs
 * and newlines skipped when skip (a host span of a URL, which the browser
 * reads without them: the confusion flags). */
struct rd {
	const unsigned char *s;
	size_t len, i;
	unsigned notes;
	size_t bad; /* the offset of a malformed escape, when get returns -1 */
	int skip, raw;
};

/* The first index at or after i that is not a skipped byte. */
static size_t rd_nx(const struct rd *r, size_t i)
{
	while (r->skip && i < r->len && uriscan__is_tabnl(r->s[i]))
		i++;
	return i;
}

/* The next character: 0 at the end, 1 with *c set (a decoded byte), -1
 * for a malformed escape. */
static int rd_next(struct rd *r, unsigned *c)
{
	size_t i = rd_nx(r, r->i), j, k;
	int hi, lo;

	if (i >= r->len) {
		r->i = i;
		return 0;
	}
	*c = r->s[i];
	if (r->raw || r->s[i] != '%') {
		r->i = i + 1;
		return 1;
	}
	j = rd_nx(r, i + 1);
	if (j >= r->len || (hi = uriscan__hexdig(r->s[j])) < 0) {
		r->bad = j;
		return -1;
	}
	k = rd_nx(r, j + 1);
	if (k >= r->len || (lo = uriscan__hexdig(r->s[k])) < 0) {
		r->bad = k;
		return -1;
	}
	r->notes |= URISCAN_HOST_PERCENT;
	*c = (unsigned)(hi << 4 | lo);
	r->i = k + 1;
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

static int read_v4(const unsigned char *s, size_t len, int skip, int raw,
                   struct uriscan_host_addr *out, struct uriscan_error *err)
{
	struct rd r = {s, len, 0, 0, 0, skip, raw};
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
	out->notes |= r.notes;
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

/* ---- a host that is not ASCII: UTS #46 first ------------------------- */

/* Does host s[0, len), percent-decoded, hold a byte >= 0x80? */
static int has_high(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] >= 0x80)
			return 1;
		if (s[i] == '%' && i + 2 < len && uriscan__hexdig(s[i + 1]) >= 8 &&
		    uriscan__hexdig(s[i + 2]) >= 0)
			return 1;
	}
	return 0;
}

/* A fullwidth form U+FF01-FF5E or a dot U+3002, U+FF0E, U+FF61 in the
 * UTF-8 d[0, n)? */
static int has_fullwidth(const unsigned char *d, size_t n)
{
	for (size_t i = 0; i + 3 <= n; i++) {
		unsigned cp;
		if ((d[i] != 0xEF && d[i] != 0xE3) || (d[i + 1] & 0xC0) != 0x80 ||
		    (d[i + 2] & 0xC0) != 0x80)
			continue;
		cp = (unsigned)(d[i] & 0x0F) << 12 | (unsigned)(d[i + 1] & 0x3F) << 6 |
		     (unsigned)(d[i + 2] & 0x3F);
		if ((cp >= 0xFF01 && cp <= 0xFF5E) || cp == 0x3002 || cp == 0xFF61)
			return 1;
	}
	return 0;
}

/* host s[0, len) (tabs and newlines skipped when skip) holds non-ASCII
 * characters: decoded, mapped by UTS #46 as the browser maps it
 * (idna_icu.c), then read as an ASCII host without a second decoding. */
static int read_mapped(const unsigned char *s, size_t len, int skip,
                       struct uriscan_host_addr *out,
                       struct uriscan_error *err)
{
	unsigned char d[URISCAN__WHOST_MAX];
	struct rd r = {s, len, 0, 0, 0, skip, 0};
	size_t dn = 0;
	unsigned c, fw;
	int got, st;

	while ((got = rd_next(&r, &c)) != 0) {
		if (got < 0)
			return fail(err, URISCAN_E_BAD_PERCENT, r.bad);
		if (dn == sizeof d)
			return fail(err, URISCAN_E_TOO_LONG, 0);
		d[dn++] = (unsigned char)c;
	}
	fw = has_fullwidth(d, dn) ? URISCAN_HOST_FULLWIDTH : 0u;
	st = uriscan__uts46_cached(d, &dn, sizeof d);
	if (st != URISCAN_OK)
		return fail(err, st, 0);
	out->notes = r.notes | URISCAN_HOST_MAPPED | fw;
	st = read_v4(d, dn, 0, 1, out, err);
	if (st != URISCAN_OK)
		uriscan__host_err(err, st, 0); /* offsets of m, not of the host */
	return st;
}

/* ---- the call ---------------------------------------------------------- */

int uriscan__host_read(const unsigned char *s, size_t len, int skip,
                       struct uriscan_host_addr *out,
                       struct uriscan_error *err)
{
	int st;

	uriscan__host_err(err, URISCAN_OK, 0);
	memset(out, 0, sizeof *out);
	/* a name from its bytes; tabs and newlines (skip) would be read as
	 * bytes of a label there */
	if ((!skip || (memchr(s, '\t', len) == NULL &&
	               memchr(s, '\n', len) == NULL &&
	               memchr(s, '\r', len) == NULL)) &&
	    uriscan__name_fast(s, len, &out->notes))
		return URISCAN_OK; /* a name: family NONE, class NONE */
	if (len > 0 && s[0] == '[') {
		if (s[len - 1] != ']' || len < 2)
			return fail(err, URISCAN_E_SYNTAX, len);
		if (len > 2 && (s[1] == 'v' || s[1] == 'V'))
			return fail(err, URISCAN_E_UNSUPPORTED, 0);
		st = uriscan__read_v6_zone(s, 1, len - 1, out, err);
	} else if (len > 0 && memchr(s, ':', len) != NULL) {
		st = uriscan__read_v6_zone(s, 0, len, out, err);
	} else if (has_high(s, len)) {
		st = read_mapped(s, len, skip, out, err);
	} else {
		st = read_v4(s, len, skip, 0, out, err);
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

int uriscan_host_address(const char *host, size_t len, unsigned flags,
                         struct uriscan_host_addr *out,
                         struct uriscan_error *err)
{
	uriscan__host_err(err, URISCAN_OK, 0);
	if (out)
		memset(out, 0, sizeof *out);
	if (out == NULL || (host == NULL && len != 0) || flags != 0)
		return fail(err, URISCAN_E_INVALID_ARG, 0);
	if (len > UINT32_MAX)
		return fail(err, URISCAN_E_TOO_LONG, 0);
	return uriscan__host_read((const unsigned char *)host, len, 0, out, err);
}
