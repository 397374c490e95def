/* SPDX-License-Identifier: MIT */
/*
 * encode_unit.h: what the percent-encoding paths share (encode.c,
 * encode_simd.c): the bytes each target keeps, the escape of each byte,
 * and the writing of one unit that is not kept. Internal; no allocation.
 */
#ifndef URISCAN_ENCODE_UNIT_H
#define URISCAN_ENCODE_UNIT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gen.h"
#include "internal.h"
#include "iri_chars.h"
#include "pct.h"

/* The ASCII bytes each target keeps as they are, one bit per target (bit
 * 1 << URISCAN_ENCODE_*): RFC 3986 Appendix A (RFC 3987 has the same
 * ASCII sets). ALPHA, DIGIT, "-._~" and the sub-delims "!$'()*,"
 * everywhere; "&;=+" everywhere but in a query key or value; ':'
 * everywhere but in a reg-name; '@' in a pchar (path, segment, query,
 * fragment); '/' in a path, query or fragment; '?' in a query or fragment.
 * Bytes >= 0x80 are never kept as ASCII (0: the rest of the table). tests/core/test_encode.c checks
 * every byte of every target against the grammar's own rule. */
static const uint8_t keep[256] = {
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0xff, 0x00, 0x00, 0xff, 0x00, 0x9f, 0xff,
	0xff, 0xff, 0xfd, 0x9f, 0xff, 0xff, 0xff, 0xf4,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xfd, 0x9f, 0x00, 0x9f, 0x00, 0xf0,
	0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff,
	0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0xff, 0x00,
};

/* The escape "%HH" of each byte as a word (byte k of the escape in bits
 * 8k), with bit 24 set for the bytes put_unit must look at: '%' (a valid
 * escape is kept), ' ' (FORM) and bytes >= 0x80 (RFC 3987). */
#define ESC_HEX(n) ((uint32_t)((n) < 10 ? '0' + (n) : 'A' - 10 + (n)))
#define ESC(c)                                                                 \
	((uint32_t)'%' | ESC_HEX((c) >> 4) << 8 | ESC_HEX((c)&15) << 16 |     \
	 (uint32_t)((c) == '%' || (c) == ' ' || (c) >= 0x80) << 24)
#define ESC4(c) ESC(c), ESC((c) + 1), ESC((c) + 2), ESC((c) + 3)
#define ESC16(c) ESC4(c), ESC4((c) + 4), ESC4((c) + 8), ESC4((c) + 12)
#define ESC64(c) ESC16(c), ESC16((c) + 16), ESC16((c) + 32), ESC16((c) + 48)
static const uint32_t esc[256] = {ESC64(0), ESC64(64), ESC64(128),
                                  ESC64(192)};

/* The unit at s[*i], which the target does not keep as a byte, written at
 * w (at most 4 bytes): a valid escape as it is (unless ALL_PERCENT), a space as '+'
 * (FORM), an RFC 3987 character the component allows as its UTF-8, else
 * the byte's escape. Returns w past it; *i past its bytes. */
static inline __attribute__((always_inline)) char *
put_unit(const unsigned char *s, size_t len, size_t *i, char *w,
         unsigned target, unsigned flags, int iri)
{
	unsigned char c = s[*i];

	if (c == '%' && !(flags & URISCAN_ENCODE_ALL_PERCENT) && *i + 2 < len &&
	    uriscan__hexdig(s[*i + 1]) >= 0 && uriscan__hexdig(s[*i + 2]) >= 0) {
		memcpy(w, s + *i, 3);
		*i += 3;
		return w + 3;
	}
	if (c == ' ' && (flags & URISCAN_ENCODE_FORM)) {
		*i += 1;
		*w = '+';
		return w + 1;
	}
	if (c >= 0x80 && iri) {
		uint32_t cp;
		unsigned n = uriscan__utf8_next(s, len, *i, &cp);
		int query = target == URISCAN_ENCODE_QUERY ||
		            target == URISCAN_ENCODE_QUERY_KEY ||
		            target == URISCAN_ENCODE_QUERY_VALUE;
		if (n > 0 && uriscan__iri_cp_ok(cp, query)) {
			memcpy(w, s + *i, n);
			*i += n;
			return w + n;
		}
	}
	w[0] = '%';
	w[1] = (char)((esc[c] >> 8) & 0xff);
	w[2] = (char)((esc[c] >> 16) & 0xff);
	*i += 1;
	return w + 3;
}

#if URISCAN__HAVE_SKIP_SIMD
/* encode() of s[0, len) (len >= 8) into w when out has room for any
 * result (slack: and 16 bytes more), in SSSE3 blocks (encode_simd.c);
 * returns w past the result. */
char *uriscan__encode_ssse3(const unsigned char *s, size_t len,
                            unsigned target, unsigned flags, int iri,
                            int slack, char *w);
/* uriscan_percent_encode for RFC 3986 when out has room for ENCODE_ROOM
 * bytes past 3 per byte, every unit decided by masks (encode_masks.c):
 * *out_len, err (when not NULL), URISCAN_OK. Its arguments are those of
 * uriscan_percent_encode (a call with no moves), g and out_cap unused. */
#define ENCODE_ROOM 32
int uriscan__encode_masks_ssse3(enum uriscan_grammar g, const char *s,
                                size_t len,
                                const struct uriscan_encode_options *opt,
                                char *out, size_t out_cap, size_t *out_len,
                                struct uriscan_error *err);
#endif

#endif
