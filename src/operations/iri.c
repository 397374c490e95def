/* SPDX-License-Identifier: MIT */
/*
 * iri.c: the IRI <-> URI mappings of RFC 3987 section 3 (see uriscan.h);
 * the characters they read are iri_chars.c's.
 * No allocation of its own (libidn2 allocates inside URISCAN_IRI_IDNA).
 */
#include <string.h>

#include "internal.h"
#include "iri_chars.h"
#include "pct.h" /* uriscan__hexdig */
#include "utf8.h"
#include "iri-config.h"

#if URISCAN_HAVE_IDN2
#include <idn2.h>
#endif

/* ------------------------------------------------------------------ */
/* Output into the caller's buffer                                     */

struct obuf {
	char *p;
	size_t cap;
	size_t n; /* bytes of the result so far (may exceed cap) */
};

static void put(struct obuf *o, const void *b, size_t n)
{
	if (o->n < o->cap) {
		size_t room = o->cap - o->n;
		memcpy(o->p + o->n, b, n < room ? n : room);
	}
	o->n += n;
}

static void put_char(struct obuf *o, char c)
{
	put(o, &c, 1);
}

static int finish(struct obuf *o, size_t *out_len)
{
	*out_len = o->n;
	if (o->n < o->cap) {
		o->p[o->n] = '\0';
		return URISCAN_OK;
	}
	return URISCAN_E_BUFFER_TOO_SMALL;
}

/* Argument checks and the parse of the input, common to both mappings. */
static int begin(enum uriscan_grammar g, const char *s, size_t len,
                 char *out, size_t out_cap, size_t *out_len, unsigned flags,
                 unsigned flags_known, size_t *error_offset,
                 struct uriscan_uri *u)
{
	int st;

	if (error_offset)
		*error_offset = 0;
	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
	if (out_len == NULL || (out == NULL && out_cap != 0) ||
	    (s == NULL && len != 0) || (flags & ~flags_known) != 0)
		return URISCAN_E_INVALID_ARG;
	if ((flags & URISCAN_IRI_IDNA) && !uriscan_idna_available())
		return URISCAN_E_IDNA_UNAVAILABLE;
	st = uriscan_parse(g, s, len, 0, u);
	if (st != URISCAN_OK && error_offset)
		*error_offset = u->error_offset;
	return st;
}

static const char hex_upper[] = "0123456789ABCDEF";

/* ------------------------------------------------------------------ */
/* IRI to URI (3.1)                                                    */

int uriscan_idna_available(void)
{
	return URISCAN_HAVE_IDN2;
}

#if URISCAN_HAVE_IDN2
static int is_ldh_dot(unsigned c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* ToASCII of the host h[0..n) into o; URISCAN_E_IDNA if IDNA rejects it. */
static int put_idna_host(struct obuf *o, const unsigned char *h, size_t n)
{
	char z[1024]; /* a DNS name has at most 253 octets in ASCII */
	uint8_t *a = NULL;
	int st = URISCAN_OK;

	if (n >= sizeof z)
		return URISCAN_E_IDNA;
	/* UseSTD3ASCIIRules (RFC 3987 3.1, RFC 3490 4.1): the ASCII of the
	 * host is letters, digits, '-' and '.' (libidn2's TR46 mapping would
	 * silently drop some others, such as '_'); no percent-encoding */
	for (size_t i = 0; i < n; i++)
		if (h[i] < 0x80 && !is_ldh_dot(h[i]))
			return URISCAN_E_IDNA;
	memcpy(z, h, n);
	z[n] = '\0';
	if (idn2_lookup_u8((const uint8_t *)z, &a,
	                   IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL |
	                       IDN2_USE_STD3_ASCII_RULES) != IDN2_OK)
		return URISCAN_E_IDNA;
	/* STD3 rules leave letters, digits, '-' and '.': a reg-name */
	for (const uint8_t *c = a; *c; c++)
		if (!is_ldh_dot(*c))
			st = URISCAN_E_IDNA;
	if (st == URISCAN_OK)
		put(o, a, strlen((const char *)a));
	idn2_free(a);
	return st;
}
#endif

static int iri_to_uri(const char *s, size_t len, char *out, size_t out_cap,
                      size_t *out_len, unsigned flags, size_t *error_offset)
{
	struct uriscan_uri u;
	struct obuf o = {out, out_cap, 0};
	const unsigned char *p = (const unsigned char *)s;
	size_t host_at = (size_t)-1, host_end = 0;
	int st = begin(URISCAN_RFC3987, s, len, out, out_cap, out_len, flags,
	               URISCAN_IRI_IDNA, error_offset, &u);

	if (st != URISCAN_OK)
		return st;
	if ((flags & URISCAN_IRI_IDNA) && u.host_type == URISCAN_HOST_REGNAME) {
		size_t h = u.part[URISCAN_HOST].off;
		size_t e = h + u.part[URISCAN_HOST].len;
		for (size_t i = h; i < e; i++)
			if (p[i] >= 0x80) {
				host_at = h;
				host_end = e;
				break;
			}
	}
	for (size_t i = 0; i < len;) {
		if (i == host_at) {
#if URISCAN_HAVE_IDN2
			st = put_idna_host(&o, p + host_at, host_end - host_at);
#else
			st = URISCAN_E_IDNA_UNAVAILABLE; /* not reached */
#endif
			if (st != URISCAN_OK) {
				if (error_offset)
					*error_offset = host_at;
				if (out_cap > 0)
					out[0] = '\0';
				return st;
			}
			i = host_end;
			continue;
		}
		if (p[i] < 0x80) {
			size_t j = i + 1;
			while (j < len && p[j] < 0x80 && j != host_at)
				j++;
			put(&o, p + i, j - i);
			i = j;
			continue;
		}
		char pct[3] = {'%', hex_upper[p[i] >> 4], hex_upper[p[i] & 15]};
		put(&o, pct, 3);
		i++;
	}
	return finish(&o, out_len);
}

/* ------------------------------------------------------------------ */
/* URI to IRI (3.2)                                                    */

static int is_unreserved(unsigned c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
	       c == '~';
}

/* The octet of the percent-encoding at p[i] (a valid URI has two hex
 * digits after every '%'). */
static unsigned pct_octet(const unsigned char *p, size_t i)
{
	return (unsigned)(uriscan__hexdig(p[i + 1]) * 16 + uriscan__hexdig(p[i + 2]));
}

/* If the percent-encodings from p[i] on hold a strictly valid UTF-8
 * sequence of n (2 to 4) octets, its code point; else (uint32_t)-1. */
static uint32_t pct_utf8(const unsigned char *p, size_t len, size_t i,
                         unsigned n)
{
	unsigned lead = pct_octet(p, i);
	uint32_t cp = lead & (0x7Fu >> n);

	for (unsigned k = 1; k < n; k++) {
		size_t j = i + 3 * k;
		if (j + 3 > len || p[j] != '%')
			return (uint32_t)-1;
		unsigned c = pct_octet(p, j);
		if (!uriscan__utf8_cont_ok((unsigned char)lead, k, (unsigned char)c))
			return (uint32_t)-1;
		cp = cp << 6 | (c & 0x3F);
	}
	return cp;
}

static int uri_to_iri(const char *s, size_t len, char *out, size_t out_cap,
                      size_t *out_len, unsigned flags, size_t *error_offset)
{
	struct uriscan_uri u;
	struct obuf o = {out, out_cap, 0};
	const unsigned char *p = (const unsigned char *)s;
	size_t q_at = (size_t)-1, q_end = 0;
	int st = begin(URISCAN_RFC3986, s, len, out, out_cap, out_len, flags,
	               URISCAN_URI_DECODE_UNRESERVED, error_offset, &u);

	if (st != URISCAN_OK)
		return st;
	if (URISCAN_HAS(&u, URISCAN_QUERY)) {
		q_at = u.part[URISCAN_QUERY].off;
		q_end = q_at + u.part[URISCAN_QUERY].len;
	}
	for (size_t i = 0; i < len;) {
		if (p[i] != '%') {
			const unsigned char *pc = memchr(p + i, '%', len - i);
			size_t j = pc ? (size_t)(pc - p) : len;
			put(&o, p + i, j - i);
			i = j;
			continue;
		}
		unsigned b = pct_octet(p, i);
		unsigned n = uriscan__utf8_len((unsigned char)b);
		if (b < 0x80) {
			/* step 2 would decode unreserved ASCII: only on request */
			if ((flags & URISCAN_URI_DECODE_UNRESERVED) &&
			    is_unreserved(b))
				put_char(&o, (char)b);
			else
				put(&o, p + i, 3);
			i += 3;
			continue;
		}
		if (n >= 2) {
			uint32_t cp = pct_utf8(p, len, i, n);
			int in_query = i >= q_at && i < q_end;
			if (cp != (uint32_t)-1 && uriscan__iri_cp_ok(cp, in_query)) {
				for (unsigned k = 0; k < n; k++)
					put_char(&o, (char)pct_octet(p, i + 3 * k));
				i += 3 * n;
				continue;
			}
		}
		/* not (the start of) an allowed character: stays encoded */
		put(&o, p + i, 3);
		i += 3;
	}
	return finish(&o, out_len);
}

int uriscan_iri_to_uri(const char *s, size_t len, unsigned flags, char *out,
                       size_t out_cap, size_t *out_len,
                       struct uriscan_error *err)
{
	size_t off = 0;
	int st = iri_to_uri(s, len, out, out_cap, out_len, flags, &off);

	return uriscan__error1(err, st, off);
}

int uriscan_uri_to_iri(const char *s, size_t len, unsigned flags, char *out,
                       size_t out_cap, size_t *out_len,
                       struct uriscan_error *err)
{
	size_t off = 0;
	int st = uri_to_iri(s, len, out, out_cap, out_len, flags, &off);

	return uriscan__error1(err, st, off);
}
