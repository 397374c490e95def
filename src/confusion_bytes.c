/* SPDX-License-Identifier: MIT */
/*
 * confusion_bytes.c: the parts of the URL-confusion flags that look at
 * bytes only (confusion.h): the whole input in one pass over a class
 * table, the decoded host, the dot segments of the path.
 * No allocation; reads only the spans given.
 */
#include <stdint.h>

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

uint32_t uriscan__cf_bytes(const unsigned char *s, size_t len)
{
	uint32_t f = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned k = byte_class[s[i]];
		if (k == 0)
			continue;
		if (k == B_BACKSLASH)
			f |= F(BACKSLASH);
		else if (k & (B_SPACE | B_TABNL))
			f |= F(WHITESPACE);
		else if (k == B_NUL)
			f |= F(NUL);
		else if (i + 2 < len) {
			if (s[i + 1] == '0' && s[i + 2] == '0')
				f |= F(NUL);
			else if (enc_delim(s[i + 1], s[i + 2]))
				f |= F(ENCODED_DELIMITER);
		}
	}
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

uint32_t uriscan__cf_host(const unsigned char *d, size_t n)
{
	uint32_t f = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = d[i];
		if (c >= 0x80) {
			f |= F(IDN);
			if (i + 3 <= n &&
			    ((c == 0xE3 && d[i + 1] == 0x80 && d[i + 2] == 0x82) ||
			     (c == 0xEF && d[i + 1] == 0xBC && d[i + 2] == 0x8E) ||
			     (c == 0xEF && d[i + 1] == 0xBD && d[i + 2] == 0xA1)))
				f |= F(FULLWIDTH_DOT);
		} else if ((c | 0x20) == 'x' && (i == 0 || d[i - 1] == '.') &&
		           i + 4 <= n && (d[i + 1] | 0x20) == 'n' &&
		           d[i + 2] == '-' && d[i + 3] == '-') {
			f |= F(IDN);
		}
	}
	if (n > 0 && d[n - 1] == '.')
		f |= F(TRAILING_DOT);
	return f;
}

/* "%2e" at s[i]? */
static int pct_dot(const unsigned char *s, size_t i, size_t e)
{
	return i + 3 <= e && s[i] == '%' && s[i + 1] == '2' &&
	       (s[i + 2] | 0x20) == 'e';
}

/* A segment s[b, e) that is "." or "..", some dots percent-encoded. */
static int dot_seg(const unsigned char *s, size_t b, size_t e)
{
	unsigned dots = 0;
	size_t i = b;

	while (i < e && dots < 3) {
		if (s[i] == '.')
			i++;
		else if (pct_dot(s, i, e))
			i += 3;
		else
			return 0;
		dots++;
	}
	return i == e && dots >= 1 && dots <= 2;
}

/* Where path segments end: '?' and '#' end the path too; '\\' ends a
 * segment for the special schemes only. */
enum { S_SLASH = 1, S_END = 2, S_BACKSLASH = 4 };
static const uint8_t seg_stop[256] = {
	['/'] = S_SLASH, ['?'] = S_END, ['#'] = S_END, ['\\'] = S_BACKSLASH,
};

uint32_t uriscan__cf_dots(const unsigned char *s, size_t pb, size_t end,
                          int special)
{
	unsigned stop = S_SLASH | S_END | (special ? S_BACKSLASH : 0);
	size_t i = pb, seg;

	for (;;) {
		seg = i;
		while (i < end && !(seg_stop[s[i]] & stop))
			i++;
		/* a dot segment starts with '.' or "%2e" */
		if (i > seg && (s[seg] == '.' || s[seg] == '%') &&
		    dot_seg(s, seg, i))
			return F(DOT_SEGMENT);
		if (i >= end || seg_stop[s[i]] == S_END)
			return 0;
		i++;
	}
}
