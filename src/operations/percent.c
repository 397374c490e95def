/* SPDX-License-Identifier: MIT */
/*
 * percent.c: percent-decoding of one component (uriscan_percent_decode).
 * No allocation; writes only out[0, out_cap); reads only [s, s + len).
 */
#include <stdint.h>

#include "pct.h"
#include "internal.h"

#define DECODE_FLAGS (URISCAN_DECODE_PLUS | URISCAN_DECODE_LENIENT)

/* A strict UTF-8 check (RFC 3629: shortest forms, no surrogates, nothing
 * above U+10FFFF) fed one decoded byte at a time, so out is never read
 * back (it may be too small, or s itself). */
struct utf8_check {
	unsigned need; /* continuation bytes still expected */
	uint32_t cp, min;
	int bad;
};

static void utf8_feed(struct utf8_check *u, unsigned char b)
{
	if (u->need > 0) {
		if ((b & 0xC0) != 0x80) {
			u->bad = 1;
			u->need = 0; /* b starts over */
		} else {
			u->cp = u->cp << 6 | (b & 0x3Fu);
			if (--u->need == 0 &&
			    (u->cp < u->min || u->cp > 0x10FFFF ||
			     (u->cp >= 0xD800 && u->cp <= 0xDFFF)))
				u->bad = 1;
			return;
		}
	}
	if (b < 0x80)
		return;
	if ((b & 0xE0) == 0xC0)
		u->need = 1, u->cp = b & 0x1Fu, u->min = 0x80;
	else if ((b & 0xF0) == 0xE0)
		u->need = 2, u->cp = b & 0x0Fu, u->min = 0x800;
	else if ((b & 0xF8) == 0xF0)
		u->need = 3, u->cp = b & 0x07u, u->min = 0x10000;
	else
		u->bad = 1;
}

static int percent_decode(const char *s, size_t len, char *out,
                          size_t out_cap, size_t *out_len, unsigned flags,
                          unsigned *info, size_t *error_offset)
{
	const unsigned char *in = (const unsigned char *)s;
	int plus = (flags & URISCAN_DECODE_PLUS) != 0;
	size_t i = 0, n = 0, first_bad = 0;
	unsigned got = 0;
	struct utf8_check u8 = {0, 0, 0, 0};

	if (error_offset)
		*error_offset = 0;
	if (info)
		*info = 0;
	if (out_len)
		*out_len = 0;
	if (out_len == NULL || (out == NULL && out_cap != 0) ||
	    (s == NULL && len != 0) || (flags & ~DECODE_FLAGS) != 0)
		return URISCAN_E_INVALID_ARG;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;

	while (i < len) {
		unsigned char c;
		size_t bad = 0;
		size_t k = uriscan__pct_unit(in, len, i, plus, &c, &bad);
		if (k == 0) {
			if (!(flags & URISCAN_DECODE_LENIENT)) {
				if (error_offset)
					*error_offset = bad;
				return URISCAN_E_BAD_PERCENT;
			}
			if (!(got & URISCAN_DECODED_MALFORMED))
				first_bad = bad;
			got |= URISCAN_DECODED_MALFORMED;
			k = 1; /* the '%' stands for itself */
		}
		if (c == 0)
			got |= URISCAN_DECODED_NUL;
		utf8_feed(&u8, c);
		/* in place (out == s) is safe: n <= i, and s[i, i + k) has
		 * been read before out[n] is written */
		if (n < out_cap)
			out[n] = (char)c;
		n++;
		i += k;
	}
	if (u8.bad || u8.need > 0)
		got |= URISCAN_DECODED_BAD_UTF8;
	*out_len = n;
	if (info)
		*info = got;
	if (error_offset)
		*error_offset = first_bad;
	return n <= out_cap ? URISCAN_OK : URISCAN_E_BUFFER_TOO_SMALL;
}

int uriscan_percent_decode(const char *s, size_t len, unsigned flags,
                           char *out, size_t out_cap, size_t *out_len,
                           unsigned *info, struct uriscan_error *err)
{
	size_t off = 0;
	int st = percent_decode(s, len, out, out_cap, out_len, flags, info, &off);

	/* with LENIENT, a success keeps the first malformed escape's offset */
	uriscan__error1(err, st, off);
	return st;
}
