/* SPDX-License-Identifier: MIT */
/*
 * confusion_bytes.c: the parts of the URL-confusion flags that look at
 * bytes only (confusion.h): the whole input in one pass over a class
 * table, the decoded host, the dot segments of the path.
 * No allocation; reads only the spans given.
 */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "confusion.h"
#include "pct.h"
#include "uriscan.h"

#define F(x) URISCAN_CONFUSION_##x

/* The bytes that matter to uriscan__cf_bytes; every other byte is 0. */
enum { B_BACKSLASH = 1, B_SPACE = 2, B_TABNL = 4, B_NUL = 8, B_PCT = 16 };

static const uint8_t byte_class[256] = {
	[0] = B_NUL,       ['\t'] = B_TABNL, ['\n'] = B_TABNL,
	['\r'] = B_TABNL,  [' '] = B_SPACE,  ['\\'] = B_BACKSLASH,
	['%'] = B_PCT,
};

/* "%XY" with XY one of 2F 5C 3F 23 40 2E (letters in any case)? */
static int enc_delim(unsigned char x, unsigned char y)
{
	switch (x) {
	case '2':
		return (y | 0x20) == 'f' || (y | 0x20) == 'e' || y == '3';
	case '5':
		return (y | 0x20) == 'c';
	case '3':
		return (y | 0x20) == 'f';
	case '4':
		return y == '0';
	}
	return 0;
}

uint32_t uriscan__cf_pct(const unsigned char *s, size_t len, size_t i)
{
	if (i + 2 < len) {
		if (s[i + 1] == '0' && s[i + 2] == '0')
			return F(NUL);
		if (enc_delim(s[i + 1], s[i + 2]))
			return F(ENCODED_DELIMITER);
	}
	return 0;
}

/* Eight bytes at a time: words with none of the bytes that matter are
 * skipped. Exact for "is there one": a word with a byte below n, or equal
 * to c, gives a non-zero mask (the bits themselves may be off). */
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t load8(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint64_t has_below(uint64_t v, unsigned n)
{
	return (v - ONES * n) & ~v & HIGHS;
}

static uint64_t has_byte(uint64_t v, unsigned c)
{
	return has_below(v ^ (ONES * c), 1);
}

/* The flags of the byte s[i] (of s[0, len)). */
static uint32_t byte_flags(const unsigned char *s, size_t len, size_t i)
{
	unsigned k = byte_class[s[i]];

	if (k == 0)
		return 0;
	if (k == B_BACKSLASH)
		return F(BACKSLASH);
	if (k & (B_SPACE | B_TABNL))
		return F(WHITESPACE);
	if (k == B_NUL)
		return F(NUL);
	return uriscan__cf_pct(s, len, i);
}

uint32_t uriscan__cf_bytes(const unsigned char *s, size_t len)
{
	uint32_t f = 0;
	size_t i = 0, k;

#if defined(__SSE2__)
	/* sixteen bytes at a time: the positions of the bytes that matter,
	 * each read by byte_flags ('%' no more once both of its flags are
	 * in) */
	for (; i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		unsigned pct = (unsigned)_mm_movemask_epi8(
		    _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_or_si128(
		        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_setzero_si128()),
		                     _mm_cmpeq_epi8(v, _mm_set1_epi8(' '))),
		        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')),
		                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')))),
		    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
		                 _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')))));
		if ((f & (F(NUL) | F(ENCODED_DELIMITER))) !=
		    (F(NUL) | F(ENCODED_DELIMITER)))
			m |= pct;
		for (; m != 0; m &= m - 1)
			f |= byte_flags(s, len, i + (size_t)__builtin_ctz(m));
	}
#else
	/* NUL, tab, newlines and space are below 0x21 */
	for (; i + 8 <= len; i += 8) {
		uint64_t v = load8(s + i);
		if ((has_below(v, 0x21) | has_byte(v, '\\') | has_byte(v, '%')) == 0)
			continue;
		for (k = i; k < i + 8; k++)
			f |= byte_flags(s, len, k);
	}
#endif
	for (k = i; k < len; k++)
		f |= byte_flags(s, len, k);
	return f;
}

size_t uriscan__cf_decode_host(const unsigned char *s, size_t b, size_t e,
                               unsigned char *d, size_t cap,
                               const unsigned char **out)
{
	size_t i, n = 0;

	/* nothing to remove or decode: the host as it stands */
	for (i = b; i < e && !(byte_class[s[i]] & (B_PCT | B_TABNL)); i++)
		;
	if (i == e && e - b <= cap) {
		*out = s + b;
		return e - b;
	}
	*out = d;
	for (i = b; i < e && n < cap; i++) {
		int hi, lo;
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			continue;
		if (s[i] == '%' && i + 2 < e && (hi = uriscan__hexdig(s[i + 1])) >= 0 &&
		    (lo = uriscan__hexdig(s[i + 2])) >= 0) {
			d[n++] = (unsigned char)(hi * 16 + lo);
			i += 2;
		} else {
			d[n++] = s[i];
		}
	}
	return n;
}

uint32_t uriscan__cf_host(const unsigned char *s, size_t b, size_t e)
{
	unsigned char p1 = 0, p2 = 0, last = 0;
	unsigned lab = 0; /* bytes of the label so far (up to 4 counted) */
	int xn = 1;       /* the label so far is a prefix of "xn--" */
	uint32_t f = 0;
	size_t i;

	for (i = b; i < e; i++) {
		unsigned char c = s[i];
		int hi, lo;
		if (c == '\t' || c == '\n' || c == '\r')
			continue;
		if (c == '%' && i + 2 < e && (hi = uriscan__hexdig(s[i + 1])) >= 0 &&
		    (lo = uriscan__hexdig(s[i + 2])) >= 0) {
			c = (unsigned char)(hi * 16 + lo);
			i += 2;
		}
		if (c >= 0x80) {
			f |= F(IDN);
			if ((p2 == 0xE3 && p1 == 0x80 && c == 0x82) ||
			    (p2 == 0xEF && p1 == 0xBC && c == 0x8E) ||
			    (p2 == 0xEF && p1 == 0xBD && c == 0xA1))
				f |= F(FULLWIDTH_DOT);
		}
		if (c == '.') {
			lab = 0;
			xn = 1;
		} else if (lab < 4) {
			xn = xn && (lab < 2 ? (c | 0x20) : c) ==
			               (unsigned char)"xn--"[lab];
			if (++lab == 4 && xn)
				f |= F(IDN);
		}
		p2 = p1;
		p1 = c;
		last = c;
	}
	if (last == '.')
		f |= F(TRAILING_DOT);
	return f;
}

static int tabnl(unsigned char c)
{
	return c == '\t' || c == '\n' || c == '\r';
}

/* A segment s[b, e) that is "." or "..", some dots percent-encoded, once
 * its tabs and newlines are removed (browsers remove them first). */
static int dot_seg(const unsigned char *s, size_t b, size_t e)
{
	unsigned char t[7];
	size_t n = 0, i;

	for (i = b; i < e; i++) {
		if (tabnl(s[i]))
			continue;
		if (n == sizeof t)
			return 0;
		t[n++] = s[i];
	}
	for (i = 0; i < n; i++)
		t[i] = (unsigned char)(t[i] >= 'A' && t[i] <= 'Z' ? t[i] + 32 : t[i]);
	return (n == 1 && t[0] == '.') ||
	       (n == 2 && memcmp(t, "..", 2) == 0) ||
	       (n == 3 && memcmp(t, "%2e", 3) == 0) ||
	       (n == 4 && (memcmp(t, ".%2e", 4) == 0 ||
	                   memcmp(t, "%2e.", 4) == 0)) ||
	       (n == 6 && memcmp(t, "%2e%2e", 6) == 0);
}

/* Where path segments end: '?' and '#' end the path too; '\\' ends a
 * segment for the special schemes only. */
enum { S_SLASH = 1, S_END = 2, S_BACKSLASH = 4 };
static const uint8_t seg_stop[256] = {
	['/'] = S_SLASH, ['?'] = S_END, ['#'] = S_END, ['\\'] = S_BACKSLASH,
};

/* The first byte of s[i, end) in '?' or '#': the path's end. */
static size_t path_end(const unsigned char *s, size_t i, size_t end)
{
	for (; i + 8 <= end; i += 8)
		if ((has_byte(load8(s + i), '?') | has_byte(load8(s + i), '#')) != 0)
			break;
	while (i < end && s[i] != '?' && s[i] != '#')
		i++;
	return i;
}

uint32_t uriscan__cf_dots(const unsigned char *s, size_t pb, size_t end,
                          int special)
{
	unsigned stop = S_SLASH | (special ? S_BACKSLASH : 0);
	size_t e = path_end(s, pb, end), i = pb, j;

	/* a dot segment starts (at pb or after a separator) with '.' or '%':
	 * look only there */
	while (i < e) {
		size_t w = i + 8 <= e ? i + 8 : e;
		if (w - i == 8 &&
		    (has_byte(load8(s + i), '.') | has_byte(load8(s + i), '%')) == 0) {
			i = w;
			continue;
		}
		for (; i < w; i++) {
			size_t k = i;
			if (s[i] != '.' && s[i] != '%')
				continue;
			/* the segment starts here: at pb or after a separator,
			 * tabs and newlines between */
			while (k > pb && tabnl(s[k - 1]))
				k--;
			if (k > pb && !(seg_stop[s[k - 1]] & stop))
				continue;
			for (j = i; j < e && !(seg_stop[s[j]] & stop); j++)
				;
			if (dot_seg(s, i, j))
				return F(DOT_SEGMENT);
		}
	}
	return 0;
}
