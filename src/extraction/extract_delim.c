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
 * EF, read by uriscan__utf8_next (internal.h). A byte 0x80-0xBF, which
 * begins no UTF-8, is text in a Windows code page: read as Windows-1252
 * (0xA0-0xBF as Latin-1), one that is a character of the list is a
 * delimiter of one byte (0x82 0x84 0x85 0x8B 0x91-0x94 0x96 0x97 0x9B:
 * quotation marks, the ellipsis, dashes; 0xA0 0xAB 0xBB), so that
 * "\x93http://a.example/x\x94" of a Windows text gives its URL; Windows'
 * Cyrillic, Greek, Central European and Baltic pages have the same
 * punctuation there. Anything else (a letter, a digit, a mark, a symbol,
 * other bytes that are not UTF-8) continues the text, as before. Under
 * RFC 3987 no such byte is in a match. Here the characters are told
 * apart; extract_trim.c trims them, a closing bracket as it does ')'. No
 * allocation; reads only the bytes it is given.
 */
#include "extract.h"
#include "utf8.h" /* uriscan__utf8_len */

/* A delimiter's kind: DELIM_CLOSE is trimmed only while unbalanced. */
enum { DELIM_NONE, DELIM_OTHER, DELIM_CLOSE };

/* The kind of code point cp; for a closing bracket, *pair: its number (1
 * to URISCAN__DELIM_PAIRS) and *back: how far below it its opening one is
 * (1, or 2 for U+FF3D and U+FF5D); each pair's two UTF-8 sequences differ
 * only in their last byte, by as much. */
static int delim_kind(uint32_t cp, unsigned *pair, unsigned *back)
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
	case 0xFF3D:
	case 0xFF5D:
		*pair = cp == 0xFF09 ? 10 : cp == 0xFF3D ? 11 : 12;
		*back = cp == 0xFF09 ? 1 : 2;
		return DELIM_CLOSE;
	default:
		break;
	}
	if ((cp >= 0x2000 && cp <= 0x200B) || (cp >= 0x2018 && cp <= 0x201F))
		return DELIM_OTHER;
	if ((cp >= 0x3008 && cp <= 0x3011) || (cp >= 0x3014 && cp <= 0x301B)) {
		if (!(cp & 1))
			return DELIM_OTHER; /* an opening one */
		*pair = cp <= 0x3011 ? (cp - 0x3009) / 2 + 1 : (cp - 0x3015) / 2 + 6;
		*back = 1;
		return DELIM_CLOSE;
	}
	return DELIM_NONE;
}

/* Does a delimiter start with p[0, n), a sequence that n cuts short (its
 * first byte, or the first two of a 3-byte one: E2 80, E2 81, E3 80,
 * EF BB, EF BC, EF BD)? */
static int delim_prefix(const unsigned char *p, size_t n)
{
	if (n == 1)
		return p[0] == 0xC2 || p[0] == 0xE2 || p[0] == 0xE3 || p[0] == 0xEF;
	return n == 2 && (p[0] == 0xE2   ? p[1] == 0x80 || p[1] == 0x81
	                  : p[0] == 0xE3 ? p[1] == 0x80
	                                 : p[0] == 0xEF && p[1] >= 0xBB &&
	                                       p[1] <= 0xBD);
}

/* Windows-1252 at 0x80-0x9F (0: no character there). */
static const uint16_t cp1252[32] = {
	0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
	0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

int uriscan__utf8_delim_at(const unsigned char *p, size_t n)
{
	unsigned pair, back;
	uint32_t cp;
	unsigned l;

	if (p[0] < 0xC0) { /* (p[0] >= 0x80) no UTF-8 begins so */
		cp = p[0] < 0xA0 ? cp1252[p[0] - 0x80] : p[0];
		return cp != 0 && delim_kind(cp, &pair, &back) != DELIM_NONE;
	}
	l = uriscan__utf8_next(p, n, 0, &cp);
	if (l > 1)
		return delim_kind(cp, &pair, &back) != DELIM_NONE ? (int)l : 0;
	return n < uriscan__utf8_len(p[0]) && delim_prefix(p, n) ? -1 : 0;
}

size_t uriscan__utf8_delim_end(const unsigned char *b, size_t from, size_t me,
                               unsigned *pair, unsigned char *open_last)
{
	size_t s = me - 1;
	unsigned back;
	uint32_t cp;

	*pair = 0;
	/* the lead byte of the last character: three bytes back at most */
	while (s > from && me - s < 4 && (b[s] & 0xC0) == 0x80)
		s--;
	if (me - s < 2 || uriscan__utf8_next(b, me, s, &cp) != me - s)
		return 0;
	switch (delim_kind(cp, pair, &back)) {
	case DELIM_NONE:
		return 0;
	case DELIM_CLOSE:
		*open_last = (unsigned char)(b[me - 1] - back);
		break;
	default:
		break;
	}
	return me - s;
}
