/* SPDX-License-Identifier: MIT */
/*
 * iri_chars.c: the characters of RFC 3987 outside the machines: the
 * ucschar and iprivate code points, reading UTF-8 (RFC 3629), and naming
 * the error at the first byte the rfc3987 grammar refused (parse.c).
 * Used by the IRI <-> URI mappings (iri.c) and percent-encoding
 * (encode.c). Calls nothing.
 */
#include "internal.h"
#include "utf8.h"

/* ------------------------------------------------------------------ */
/* Code points                                                         */

struct cp_range {
	uint32_t lo, hi;
};

/* ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ...
 *         / %xD0000-DFFFD / %xE1000-EFFFD (RFC 3987 2.2) */
static const struct cp_range ucschar[] = {
    {0xA0, 0xD7FF},       {0xF900, 0xFDCF},     {0xFDF0, 0xFFEF},
    {0x10000, 0x1FFFD},   {0x20000, 0x2FFFD},   {0x30000, 0x3FFFD},
    {0x40000, 0x4FFFD},   {0x50000, 0x5FFFD},   {0x60000, 0x6FFFD},
    {0x70000, 0x7FFFD},   {0x80000, 0x8FFFD},   {0x90000, 0x9FFFD},
    {0xA0000, 0xAFFFD},   {0xB0000, 0xBFFFD},   {0xC0000, 0xCFFFD},
    {0xD0000, 0xDFFFD},   {0xE1000, 0xEFFFD},
};
/* iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD */
static const struct cp_range iprivate[] = {
    {0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}};

#define COUNT_(a) (sizeof(a) / sizeof((a)[0]))

/* 1 if some code point of [lo, hi] is in the table. */
static int overlaps(const struct cp_range *r, size_t n, uint32_t lo,
                    uint32_t hi)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].lo <= hi && lo <= r[i].hi)
			return 1;
	return 0;
}

/* The bidirectional formatting characters LRM, RLM, LRE, RLE, PDF, LRO,
 * RLO, which IRIs must not contain (RFC 3987 4.1). */
static int is_bidi_format(uint32_t c)
{
	return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E);
}

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
			if (overlaps(ucschar, COUNT_(ucschar), lo, hi) ||
			    overlaps(iprivate, COUNT_(iprivate), lo, hi))
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

/* 1 if an IRI may hold the code point cp (>= 0x80) as it is: ucschar, or
 * iprivate when query is set (iquery), and not a bidirectional formatting
 * character (RFC 3987 4.1). */
int uriscan__iri_cp_ok(uint32_t cp, int query)
{
	if (is_bidi_format(cp))
		return 0;
	return overlaps(ucschar, COUNT_(ucschar), cp, cp) ||
	       (query && overlaps(iprivate, COUNT_(iprivate), cp, cp));
}
