/* SPDX-License-Identifier: MIT */
/*
 * iri_chars.c: the characters of RFC 3987 outside the machines: the
 * ucschar and iprivate code points, reading UTF-8 (RFC 3629), and naming
 * the error at the first byte the rfc3987 grammar refused (parse.c); the
 * code points are iri_chars.h's, inline for their readers.
 * Used by the IRI <-> URI mappings (iri.c) and percent-encoding
 * (encode.c). Calls nothing.
 */
#include "internal.h"
#include "iri_chars.h"
#include "utf8.h"

/* ------------------------------------------------------------------ */
/* UTF-8                                                               */

int uriscan__utf8_classify(const unsigned char *s, size_t len, size_t off)
{
	unsigned char b = s[off];
	size_t k = 0; /* continuation bytes right before off */

	(void)len;
	/* an ASCII byte first or after an ASCII byte starts a character: the
	 * common case (a rejected ASCII URL), decided without the look back */
	if (b < 0x80 && (off == 0 || s[off - 1] < 0x80))
		return -1;
	while (k < 3 && off > k && (s[off - 1 - k] & 0xC0) == 0x80)
		k++;
	if (off > k) {
		unsigned char lead = s[off - 1 - k];
		unsigned n = uriscan__utf8_len(lead);
		if (n > k + 1) {
			/* s[off] is byte k + 1 of an unfinished character */
			if (!uriscan__utf8_cont_ok(lead, (unsigned)k + 1, b))
				return URISCAN_E_BAD_UTF8;
			/* the code points whose encoding starts with
			 * s[off - 1 - k .. off] */
			uint32_t lo = lead & (0x7Fu >> n);
			for (size_t i = off - k; i <= off; i++)
				lo = lo << 6 | (s[i] & 0x3Fu);
			unsigned rest = n - ((unsigned)k + 2);
			lo <<= 6 * rest;
			uint32_t hi = lo | ((1u << (6 * rest)) - 1);
			if (uriscan__cp_overlaps(ucschar, COUNT_(ucschar), lo, hi) ||
			    uriscan__cp_overlaps(iprivate, COUNT_(iprivate), lo, hi))
				return URISCAN_E_SYNTAX;
			return URISCAN_E_BAD_CHAR;
		}
	}
	if (b < 0x80)
		return -1;
	if (uriscan__utf8_len(b) == 0)
		return URISCAN_E_BAD_UTF8;
	/* every lead byte C2-F4 begins some ucschar or iprivate */
	return URISCAN_E_SYNTAX;
}

/* The UTF-8 character at s[i] (i < len): its length (1-4) and *cp, or 0
 * when s[i] does not start a valid sequence (RFC 3629: shortest form, no
 * surrogate, nothing above U+10FFFF; a sequence cut by len is not valid). */
unsigned uriscan__utf8_next(const unsigned char *s, size_t len, size_t i,
                            uint32_t *cp)
{
	unsigned n = uriscan__utf8_len(s[i]);
	uint32_t c;

	if (n == 0 || len - i < n)
		return 0;
	c = s[i] & (0x7Fu >> n);
	if (n == 1)
		c = s[i];
	for (unsigned k = 1; k < n; k++) {
		if (!uriscan__utf8_cont_ok(s[i], k, s[i + k]))
			return 0;
		c = c << 6 | (s[i + k] & 0x3Fu);
	}
	*cp = c;
	return n;
}
