/* SPDX-License-Identifier: MIT */
/*
 * uri_fast.c: an RFC 3986 URI "http://" or "https://" read 64 bytes at a
 * time with AVX2 or AVX-512 (uri_fast.h). After such a prefix,
 * URI-reference is
 *
 *   authority = [ userinfo "@" ] host [ ":" port ]   up to the first / ? #
 *   path-abempty = *( "/" segment )                 up to the first ? #
 *   [ "?" query ] [ "#" fragment ]
 *
 * and every byte of it is one of pchar (unreserved, sub-delims, ':', '@',
 * or a pct-encoded), '/', '?' or '#'. Given that:
 *   - the path, query and fragment are valid when every byte is in that
 *     set, every '%' is followed by two HEXDIG, and no '#' follows the
 *     first (segment, query and fragment differ only in '/', '?', '#');
 *   - in the authority (no '/', '?', '#' there), userinfo takes all but
 *     '@' and the host all but ':' and '@' (a reg-name: unreserved,
 *     sub-delims, pct-encoded), so it is valid when it has at most one
 *     '@' and the port after the first ':' past it is all DIGIT.
 * A host not written in these bytes ('[' of an IP-literal is not in the
 * set) fails the check and goes to the machine; so does one that is empty
 * or ends in a digit (it may be an IPv4address, whose host type the
 * machine tells), an authority not ended in the first 64 bytes, and any
 * input shorter than 16 bytes. The machine reads those, and every invalid
 * input but one: for RFC 3986, a byte >= 0x80 with every byte before it
 * valid is the error the read names itself (READ_NOT_ASCII).
 *
 * The masks: one 64-bit word per class (bit i for byte i of a row of 64;
 * uri_fast_row.h makes them). The bytes that are rare in an authority
 * ('?', '#', '@', ':') share a mask, read one by one before the first
 * '/'; '%' and '#' share the invalid bytes' mask, read one by one when a
 * row has any. No load passes the end. No allocation.
 *
 * Every way out clears the upper halves of the vector registers
 * (vzeroupper), the valid answer's too: gcc 12's own placement missed
 * the ways through a call of odd_ok (as if a call cleared them), and a
 * caller's SSE code then ran 13-30 % slower until the next one
 * (tests/core/test_upper_clean.c asks the CPU after every call).
 */
#include <stdint.h>
#include <string.h>

#include "gen.h"
#include "uri_fast.h"

#if URISCAN__HAVE_SKIP_SIMD
#include "uri_fast_row.h"

/* This file is built twice: as itself, the AVX2 read (two 32-byte loads a
 * row), and by src/grammars/uri_fast512.c with URISCAN__URI_FAST_512 1, the
 * AVX-512 one (one masked load a row), its entries named ..._fast512_...
 * (gen.h picks one by the SIMD level in use). The rest is the same. */
#ifndef URISCAN__URI_FAST_512
#define URISCAN__URI_FAST_512 0
#endif
#if URISCAN__URI_FAST_512
#define TARGET AVX512
#define LOAD_ROW load_row512
#define ENTRY(kind) uriscan__uri_fast512##kind
#else
#define TARGET AVX2
#define LOAD_ROW load_row
#define ENTRY(kind) uriscan__uri_fast##kind
#endif

INLINE uint64_t below(size_t k)
{
	return k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
}

INLINE size_t ctz(uint64_t m)
{
	return (size_t)__builtin_ctzll(m);
}

static int is_hex(unsigned char c)
{
	return (unsigned)(c - '0') < 10 || (unsigned)((c | 0x20) - 'a') < 6;
}

/* The odd bytes of a row (mask m, bits from o): each '%' followed by two
 * HEXDIG before n, no '#' after the first (*fpos: n until one is seen),
 * no other. ALL_OK, or the offset of the first that fails (they are read
 * in order: every odd byte before it passed). */
#define ALL_OK SIZE_MAX
static size_t odd_ok(const unsigned char *s, size_t n, size_t o, uint64_t m,
                     size_t *fpos)
{
	for (; m; m &= m - 1) {
		const size_t i = o + ctz(m);
		if (s[i] == '%') {
			if (n - i < 3 || !is_hex(s[i + 1]) || !is_hex(s[i + 2]))
				return i;
		} else if (s[i] == '#' && *fpos == n) {
			*fpos = i;
		} else {
			return i;
		}
	}
	return ALL_OK;
}

/* The authority from a, by row 0's masks r: its end *e (the first '/',
 * '?' or '#', or n), the host's start *h (after the one '@', or a) and
 * end *c (the first ':' after *h, or *e). 0 when it has two '@', or its
 * end is not in row 0 and the input goes on. */
INLINE int authority(const unsigned char *s, size_t n, size_t a,
                     const struct row *r, size_t *e, size_t *h, size_t *c)
{
	const uint64_t from_a = ~below(a);
	const uint64_t slash = r->slash & from_a;
	size_t at = 0, colon = 0; /* 0: none (both are after a) */

	*e = slash ? ctz(slash) : n < 64 ? n : 64;
	uint64_t m = r->rare & from_a & below(*e);
	if (m == 0) { /* most authorities: only the host */
		*h = a, *c = *e;
		return *e < 64 || n <= 64;
	}
	for (; m; m &= m - 1) {
		const size_t i = ctz(m);
		if (s[i] == '@') {
			if (at)
				return 0;
			at = i, colon = 0;
		} else if (s[i] == ':') {
			colon = colon ? colon : i;
		} else { /* '?', '#' */
			*e = i;
			break;
		}
	}
	if (*e == 64 && n > 64)
		return 0;
	*h = at ? at + 1 : a;
	*c = colon ? colon : *e;
	return 1;
}

/* The rows after the first of s[0, n) (n > 64): as row 0 in read_uri,
 * the first '?' into *qpos (when not NULL and still n). Apart: most URLs
 * have one row. */
TARGET static __attribute__((noinline)) size_t
later_rows(const unsigned char *s, size_t n, size_t *fpos, size_t *qpos)
{
	struct row r;
	size_t bad;

	for (size_t o = 64; o < n; o += 64) {
		LOAD_ROW(s, n, o, &r, 0);
		if (r.odd && (bad = odd_ok(s, n, o, r.odd, fpos)) != ALL_OK)
			return bad;
		if (qpos && *qpos == n && r.q)
			*qpos = o + ctz(r.q);
	}
	return ALL_OK;
}

/* Component c of *u as [off, end). */
INLINE void put(struct uriscan_uri *u, unsigned c, size_t off, size_t end)
{
	const struct uriscan_span sp = {(uint32_t)off, (uint32_t)(end - off)};
	uint64_t w;

	/* one 8-byte store (two 4-byte ones, as gcc wrote the fields) */
	memcpy(&w, &sp, sizeof w);
	memcpy(&u->part[c], &w, sizeof w);
}

/* What read_uri found: the machine must read the input; it is valid;
 * it is RFC 3986's error at *bad, a byte >= 0x80 with every byte before
 * it valid. The machine would stop there: s[0, *bad) is a prefix of a
 * URI, "http://" or "https://", a prefix of an authority the read took
 * (one '@' at most, a port of digits: the byte is not in the port) and of
 * pchar, '/', '?', escapes and one '#' after it; an odd byte before it
 * ('%' without two HEXDIG, a second '#', a byte outside the set) fails
 * first, so no escape is cut by it and its status is BAD_CHAR. */
enum { READ_MACHINE, READ_VALID, READ_NOT_ASCII };

/* The whole read (uri_fast.h); u NULL for a validation; READ_NOT_ASCII
 * only for rfc3986 (else READ_MACHINE there), with *bad. */
TARGET INLINE int read_uri(const unsigned char *s, const unsigned char *pe,
                           struct uriscan_uri *u, const int rfc3986,
                           size_t *bad)
{
	const size_t n = (size_t)(pe - s);
	size_t a, e, h, c, qpos = n, fpos = n;
	uint32_t w;
	struct row r;

	/* "http" is checked: "://" after it or after its 's' (the input has
	 * 16 bytes or more), without a branch between the two (a list of
	 * both in any order mispredicted one) */
	const unsigned tls = s[4] == 's';
	memcpy(&w, s + 4 + tls, 4);
	if ((w & URISCAN__W3_MASK) != URISCAN__SLASHES_W4)
		return READ_MACHINE;
	a = 7 + tls;

	LOAD_ROW(s, n, 0, &r, 1);
	if (!authority(s, n, a, &r, &e, &h, &c))
		return READ_MACHINE;
	/* the host [h, c): not empty, not ending in a digit; the port */
	if (c == h || (unsigned)(s[c - 1] - '0') < 10)
		return READ_MACHINE;
	if (c != e)
		for (size_t i = c + 1; i < e; i++)
			if ((unsigned)(s[i] - '0') >= 10)
				return READ_MACHINE;

	/* row 0, then the others: the bytes, escapes, '#' and the first '?' */
	if (u && r.q)
		qpos = ctz(r.q);
	if ((r.odd && (*bad = odd_ok(s, n, 0, r.odd, &fpos)) != ALL_OK) ||
	    (n > 64 &&
	     (*bad = later_rows(s, n, &fpos, u ? &qpos : NULL)) != ALL_OK))
		return rfc3986 && s[*bad] >= 0x80 ? READ_NOT_ASCII : READ_MACHINE;
	if (u == NULL)
		return READ_VALID;

	/* offsets fit: the caller took inputs of up to UINT32_MAX bytes */
	const size_t pend = qpos < fpos ? qpos : fpos;
	uint32_t present = 1u << URISCAN_SCHEME | 1u << URISCAN_AUTHORITY |
	                   1u << URISCAN_HOST | 1u << URISCAN_PATH;
	put(u, URISCAN_SCHEME, 0, a - 3);
	put(u, URISCAN_AUTHORITY, a, e);
	put(u, URISCAN_HOST, h, c);
	put(u, URISCAN_PATH, e, pend);
	if (h != a)
		present |= 1u << URISCAN_USERINFO, put(u, URISCAN_USERINFO, a, h - 1);
	if (c < e)
		present |= 1u << URISCAN_PORT, put(u, URISCAN_PORT, c + 1, e);
	if (qpos < fpos)
		present |= 1u << URISCAN_QUERY, put(u, URISCAN_QUERY, qpos + 1, fpos);
	if (fpos < n)
		present |= 1u << URISCAN_FRAGMENT, put(u, URISCAN_FRAGMENT, fpos + 1, n);
	u->present = present;
	u->host_type = URISCAN_HOST_REGNAME;
	u->kind = URISCAN_KIND_URI;
	return READ_VALID;
}

/* The answer, the upper halves of the vector registers cleared first, on
 * every way out (see the top of this file; before the machine's run: it
 * may run SSE code, and a tail call gets no vzeroupper). For
 * RFC 3986 (rfc3986 1), a byte >= 0x80 with every byte before it valid
 * (READ_NOT_ASCII) is the error the machine would stop at: its status
 * and offset as the machine's end gives them (gen.h, GEN_STATUS),
 * without the machine's run; RFC 3987 (rfc3986 0: its twin or its own
 * machine) reads such input in the machine. The two entries of each kind
 * are this one function with the constant in it (no argument to keep
 * alive across the read). */
TARGET INLINE int fast_v(const unsigned char *s, const unsigned char *pe,
                         size_t *eo, uriscan__machine_v *m,
                         const int rfc3986)
{
	size_t bad;
	const int r = read_uri(s, pe, NULL, rfc3986, &bad);

	_mm256_zeroupper();
	if (r == READ_VALID)
		return URISCAN_OK;
	if (r == READ_NOT_ASCII)
		return uriscan__rejected(URISCAN_RFC3986, s, (size_t)(pe - s), bad,
		                         NULL, eo);
	return m(s, pe, eo);
}

TARGET INLINE int fast_p(const unsigned char *s, const unsigned char *pe,
                         struct uriscan_uri *u, size_t *eo,
                         uriscan__machine_p *m, const int rfc3986)
{
	size_t bad;
	const int r = read_uri(s, pe, u, rfc3986, &bad);

	_mm256_zeroupper();
	if (r == READ_VALID)
		return URISCAN_OK;
	if (r == READ_NOT_ASCII)
		return uriscan__rejected(URISCAN_RFC3986, s, (size_t)(pe - s), bad,
		                         u, eo);
	return m(s, pe, u, eo);
}

GEN_HOT TARGET int ENTRY(_v)(const unsigned char *s, const unsigned char *pe,
                            size_t *eo, uriscan__machine_v *m)
{
	return fast_v(s, pe, eo, m, 1);
}

GEN_HOT TARGET int ENTRY(_p)(const unsigned char *s, const unsigned char *pe,
                            struct uriscan_uri *u, size_t *eo,
                            uriscan__machine_p *m)
{
	return fast_p(s, pe, u, eo, m, 1);
}

GEN_HOT TARGET int ENTRY(_iri_v)(const unsigned char *s,
                                const unsigned char *pe, size_t *eo,
                                uriscan__machine_v *m)
{
	return fast_v(s, pe, eo, m, 0);
}

GEN_HOT TARGET int ENTRY(_iri_p)(const unsigned char *s,
                                const unsigned char *pe,
                                struct uriscan_uri *u, size_t *eo,
                                uriscan__machine_p *m)
{
	return fast_p(s, pe, u, eo, m, 0);
}

#elif !URISCAN__URI_FAST_512 /* no AVX2 here: the machines read every input */

int uriscan__uri_fast_v(const unsigned char *s, const unsigned char *pe,
                        size_t *eo, uriscan__machine_v *m)
{
	return m(s, pe, eo);
}

int uriscan__uri_fast_p(const unsigned char *s, const unsigned char *pe,
                        struct uriscan_uri *u, size_t *eo,
                        uriscan__machine_p *m)
{
	return m(s, pe, u, eo);
}
/* (the _iri_ entries: no caller here, gen.h's macros call the machine) */
#endif
