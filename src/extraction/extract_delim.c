/* SPDX-License-Identifier: MIT */
/*
 * extract_delim.c: the characters beyond ASCII that end a URL in text
 * (uriscan.h, "What is a match", rules 4 and 8): spaces, quotation marks,
 * brackets and sentence punctuation written in UTF-8, as a report, a mail
 * or a page around a URL has them ("“http://a.example/x”", "see
 * http://a.example/x…", "http://a.example/x。"). Under an ASCII grammar
 * such a character right after a match does not make it cut (the text
 * does not go on: a letter would); under RFC 3987, whose ucschar holds
 * them all, they are trimmed from the end of a match as . , ; are, a
 * closing bracket only when the match holds fewer of its opening one.
 *
 * The list (code points; docs/extraction.md gives it with the glyphs):
 *   spaces     U+00A0 U+2000-U+200B U+2028 U+2029 U+202F U+205F U+3000
 *              U+FEFF
 *   quotes     U+00AB U+00BB U+2018-U+201F U+2039 U+203A
 *   dashes     U+2013 U+2014
 *   marks      U+2026 U+3001 U+3002 U+FF01 U+FF0C U+FF0E U+FF1A U+FF1B
 *              U+FF1F U+FF61 U+FF64
 *   brackets   U+3008-U+3011 U+3014-U+301B (each even one opens the next)
 *              U+FF08 U+FF09, U+FF3B U+FF3D, U+FF5B U+FF5D
 * Each is 2 (U+00xx) or 3 bytes of UTF-8, with the lead byte C2, E2, E3 or
 * EF. Anything else (a letter, a digit, a mark, a symbol, bytes that are
 * not UTF-8) continues the text, as before. No allocation; reads only the
 * bytes it is given.
 */
#include "extract.h"

/* A delimiter's kind: DELIM_CLOSE is trimmed only while unbalanced. */
enum { DELIM_NONE, DELIM_OTHER, DELIM_CLOSE };

/* The closing brackets, in the order of struct uriscan__delim_count's
 * counts. */
static const uint32_t closers[URISCAN__DELIM_PAIRS] = {
    0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015,
    0x3017, 0x3019, 0x301B, 0xFF09, 0xFF3D, 0xFF5D,
};

/* The kind of code point cp; for a closing bracket, *open: its opening
 * one. */
static int delim_kind(uint32_t cp, uint32_t *open)
{
	switch (cp) {
	case 0x00A0: case 0x00AB: case 0x00BB:
	case 0x2013: case 0x2014: case 0x2026: case 0x2028: case 0x2029:
	case 0x202F: case 0x2039: case 0x203A: case 0x205F:
	case 0x3000: case 0x3001: case 0x3002: case 0xFEFF:
	case 0xFF01: case 0xFF0C: case 0xFF0E: case 0xFF1A: case 0xFF1B:
	case 0xFF1F: case 0xFF61: case 0xFF64:
	case 0xFF08: case 0xFF3B: case 0xFF5B:
		return DELIM_OTHER;
	case 0xFF09:
		*open = 0xFF08;
		return DELIM_CLOSE;
	case 0xFF3D:
		*open = 0xFF3B;
		return DELIM_CLOSE;
	case 0xFF5D:
		*open = 0xFF5B;
		return DELIM_CLOSE;
	default:
		break;
	}
	if ((cp >= 0x2000 && cp <= 0x200B) || (cp >= 0x2018 && cp <= 0x201F))
		return DELIM_OTHER;
	if ((cp >= 0x3008 && cp <= 0x3011) || (cp >= 0x3014 && cp <= 0x301B)) {
		if (!(cp & 1))
			return DELIM_OTHER; /* an opening one */
		*open = cp - 1;
		return DELIM_CLOSE;
	}
	return DELIM_NONE;
}

static int cont(unsigned char c)
{
	return (c & 0xC0) == 0x80;
}

/* The length of the UTF-8 sequence lead byte c starts when it may be a
 * delimiter's (2 or 3), else 0. */
static size_t delim_len(unsigned char c)
{
	return c == 0xC2 ? 2 : (c == 0xE2 || c == 0xE3 || c == 0xEF) ? 3 : 0;
}

/* The code point of the delimiter-shaped sequence p[0, l) (l from
 * delim_len, continuation bytes checked by the caller). */
static uint32_t decode(const unsigned char *p, size_t l)
{
	if (l == 2)
		return (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
	return (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 |
	       (p[2] & 0x3F);
}

int uriscan__utf8_delim_at(const unsigned char *p, size_t n)
{
	size_t l = delim_len(p[0]);
	uint32_t open;

	if (l == 0)
		return 0;
	for (size_t k = 1; k < l; k++) {
		if (k >= n) {
			/* a prefix: undecided when one starts with it (the
			 * first two bytes of the 3-byte ones: E2 80, E2 81,
			 * E3 80, EF BB, EF BC, EF BD) */
			if (k == 2 && !(p[0] == 0xE2   ? p[1] == 0x80 || p[1] == 0x81
			                : p[0] == 0xE3 ? p[1] == 0x80
			                               : p[1] >= 0xBB && p[1] <= 0xBD))
				return 0;
			return -1;
		}
		if (!cont(p[k]))
			return 0;
	}
	return delim_kind(decode(p, l), &open) != DELIM_NONE ? (int)l : 0;
}

/* How many times the UTF-8 of cp (3 bytes: every bracket here) occurs in
 * b[ms, me). */
static size_t count_cp(const unsigned char *b, size_t ms, size_t me,
                       uint32_t cp)
{
	const unsigned char s0 = (unsigned char)(0xE0 | cp >> 12),
	                    s1 = (unsigned char)(0x80 | (cp >> 6 & 0x3F)),
	                    s2 = (unsigned char)(0x80 | (cp & 0x3F));
	size_t n = 0;

	for (size_t i = ms; i + 3 <= me; i++)
		if (b[i] == s0 && b[i + 1] == s1 && b[i + 2] == s2)
			n++;
	return n;
}

size_t uriscan__utf8_delim_trim(const unsigned char *b, size_t ms, size_t me,
                                size_t min_end, struct uriscan__delim_count *dc)
{
	uint32_t cp, open = 0;
	size_t l;
	int kind;

	if (me >= min_end + 2 && b[me - 2] == 0xC2 && cont(b[me - 1]))
		l = 2;
	else if (me >= min_end + 3 && delim_len(b[me - 3]) == 3 &&
	         cont(b[me - 2]) && cont(b[me - 1]))
		l = 3;
	else
		return 0;
	cp = decode(b + me - l, l);
	kind = delim_kind(cp, &open);
	if (kind == DELIM_NONE)
		return 0;
	if (kind == DELIM_CLOSE) {
		/* each pair counted once, when its closing bracket is first at
		 * the end (the bytes before do not change while trimming; the
		 * count goes down as it is trimmed): linear whatever the run */
		unsigned k = 0;
		while (closers[k] != cp)
			k++;
		if (!(dc->counted >> k & 1)) {
			dc->open[k] = count_cp(b, ms, me, open);
			dc->close[k] = count_cp(b, ms, me, cp);
			dc->counted |= 1u << k;
		}
		if (dc->close[k] <= dc->open[k])
			return 0;
		dc->close[k]--;
	}
	return l;
}
