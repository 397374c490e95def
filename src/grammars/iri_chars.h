/* SPDX-License-Identifier: MIT */
/*
 * iri_chars.h: the code points RFC 3987 lets an IRI hold as they are
 * (ucschar, iprivate in a query; no bidirectional formatting character),
 * inline for the readers that ask at every character: the naming of a
 * UTF-8 error (iri_chars.c), the IRI mappings (iri.c), percent-encoding
 * (encode_unit.h). Internal; not installed.
 */
#ifndef URISCAN_IRI_CHARS_H
#define URISCAN_IRI_CHARS_H

#include <stddef.h>
#include <stdint.h>

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
static inline int uriscan__cp_overlaps(const struct cp_range *r, size_t n, uint32_t lo,
                    uint32_t hi)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].lo <= hi && lo <= r[i].hi)
			return 1;
	return 0;
}

/* The bidirectional formatting characters LRM, RLM, LRE, RLE, PDF, LRO,
 * RLO, which IRIs must not contain (RFC 3987 4.1). */
static inline int uriscan__is_bidi_format(uint32_t c)
{
	return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E);
}

/* 1 if an IRI may hold the code point cp (>= 0x80) as it is: ucschar, or
 * iprivate when query is set (iquery), and not a bidirectional formatting
 * character (RFC 3987 4.1). */
static inline int uriscan__iri_cp_ok(uint32_t cp, int query)
{
	if (uriscan__is_bidi_format(cp))
		return 0;
	return uriscan__cp_overlaps(ucschar, COUNT_(ucschar), cp, cp) ||
	       (query && uriscan__cp_overlaps(iprivate, COUNT_(iprivate), cp, cp));
}

#endif
