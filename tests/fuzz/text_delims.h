/* SPDX-License-Identifier: MIT */
/*
 * text_delims.h: the characters beyond ASCII that end a URL in text, as the
 * fuzz targets check them (uriscan.h, "What is a match", rules 4 and 8;
 * the library's own reading is src/extraction/extract_delim.c, a decoder
 * and a switch: this is the list of docs/extraction.md written out as
 * UTF-8 byte strings, compared byte for byte, and the bytes of Windows
 * text that stand for some of them).
 */
#ifndef URISCAN_FUZZ_TEXT_DELIMS_H
#define URISCAN_FUZZ_TEXT_DELIMS_H

#include <string.h>

/* Each delimiter's UTF-8; a closing bracket with its opening one (the
 * opening ones are in the list too). */
static const struct td_delim {
	const char *utf8, *open;
} td_delims[] = {
    {"\xc2\xa0", NULL}, /* U+00A0 no-break space */
    {"\xc2\xab", NULL}, /* U+00AB left-pointing double angle quotation mark */
    {"\xc2\xbb", NULL}, /* U+00BB right-pointing double angle quotation mark */
    {"\xe2\x80\x80", NULL}, /* U+2000 en quad */
    {"\xe2\x80\x81", NULL}, /* U+2001 em quad */
    {"\xe2\x80\x82", NULL}, /* U+2002 en space */
    {"\xe2\x80\x83", NULL}, /* U+2003 em space */
    {"\xe2\x80\x84", NULL}, /* U+2004 three-per-em space */
    {"\xe2\x80\x85", NULL}, /* U+2005 four-per-em space */
    {"\xe2\x80\x86", NULL}, /* U+2006 six-per-em space */
    {"\xe2\x80\x87", NULL}, /* U+2007 figure space */
    {"\xe2\x80\x88", NULL}, /* U+2008 punctuation space */
    {"\xe2\x80\x89", NULL}, /* U+2009 thin space */
    {"\xe2\x80\x8a", NULL}, /* U+200A hair space */
    {"\xe2\x80\x8b", NULL}, /* U+200B zero width space */
    {"\xe2\x80\x93", NULL}, /* U+2013 en dash */
    {"\xe2\x80\x94", NULL}, /* U+2014 em dash */
    {"\xe2\x80\x98", NULL}, /* U+2018 left single quotation mark */
    {"\xe2\x80\x99", NULL}, /* U+2019 right single quotation mark */
    {"\xe2\x80\x9a", NULL}, /* U+201A single low-9 quotation mark */
    {"\xe2\x80\x9b", NULL}, /* U+201B single high-reversed-9 quotation mark */
    {"\xe2\x80\x9c", NULL}, /* U+201C left double quotation mark */
    {"\xe2\x80\x9d", NULL}, /* U+201D right double quotation mark */
    {"\xe2\x80\x9e", NULL}, /* U+201E double low-9 quotation mark */
    {"\xe2\x80\x9f", NULL}, /* U+201F double high-reversed-9 quotation mark */
    {"\xe2\x80\xa6", NULL}, /* U+2026 horizontal ellipsis */
    {"\xe2\x80\xa8", NULL}, /* U+2028 line separator */
    {"\xe2\x80\xa9", NULL}, /* U+2029 paragraph separator */
    {"\xe2\x80\xaf", NULL}, /* U+202F narrow no-break space */
    {"\xe2\x80\xb9", NULL}, /* U+2039 single left-pointing angle quotation mark */
    {"\xe2\x80\xba", NULL}, /* U+203A single right-pointing angle quotation mark */
    {"\xe2\x81\x9f", NULL}, /* U+205F medium mathematical space */
    {"\xe3\x80\x80", NULL}, /* U+3000 ideographic space */
    {"\xe3\x80\x81", NULL}, /* U+3001 ideographic comma */
    {"\xe3\x80\x82", NULL}, /* U+3002 ideographic full stop */
    {"\xef\xbb\xbf", NULL}, /* U+FEFF zero width no-break space */
    {"\xef\xbc\x81", NULL}, /* U+FF01 fullwidth exclamation mark */
    {"\xef\xbc\x8c", NULL}, /* U+FF0C fullwidth comma */
    {"\xef\xbc\x8e", NULL}, /* U+FF0E fullwidth full stop */
    {"\xef\xbc\x9a", NULL}, /* U+FF1A fullwidth colon */
    {"\xef\xbc\x9b", NULL}, /* U+FF1B fullwidth semicolon */
    {"\xef\xbc\x9f", NULL}, /* U+FF1F fullwidth question mark */
    {"\xef\xbd\xa1", NULL}, /* U+FF61 halfwidth ideographic full stop */
    {"\xef\xbd\xa4", NULL}, /* U+FF64 halfwidth ideographic comma */
    {"\xe3\x80\x88", NULL}, /* U+3008 left angle bracket */
    {"\xe3\x80\x89", "\xe3\x80\x88"}, /* U+3009 right angle bracket */
    {"\xe3\x80\x8a", NULL}, /* U+300A left double angle bracket */
    {"\xe3\x80\x8b", "\xe3\x80\x8a"}, /* U+300B right double angle bracket */
    {"\xe3\x80\x8c", NULL}, /* U+300C left corner bracket */
    {"\xe3\x80\x8d", "\xe3\x80\x8c"}, /* U+300D right corner bracket */
    {"\xe3\x80\x8e", NULL}, /* U+300E left white corner bracket */
    {"\xe3\x80\x8f", "\xe3\x80\x8e"}, /* U+300F right white corner bracket */
    {"\xe3\x80\x90", NULL}, /* U+3010 left black lenticular bracket */
    {"\xe3\x80\x91", "\xe3\x80\x90"}, /* U+3011 right black lenticular bracket */
    {"\xe3\x80\x94", NULL}, /* U+3014 left tortoise shell bracket */
    {"\xe3\x80\x95", "\xe3\x80\x94"}, /* U+3015 right tortoise shell bracket */
    {"\xe3\x80\x96", NULL}, /* U+3016 left white lenticular bracket */
    {"\xe3\x80\x97", "\xe3\x80\x96"}, /* U+3017 right white lenticular bracket */
    {"\xe3\x80\x98", NULL}, /* U+3018 left white tortoise shell bracket */
    {"\xe3\x80\x99", "\xe3\x80\x98"}, /* U+3019 right white tortoise shell bracket */
    {"\xe3\x80\x9a", NULL}, /* U+301A left white square bracket */
    {"\xe3\x80\x9b", "\xe3\x80\x9a"}, /* U+301B right white square bracket */
    {"\xef\xbc\x88", NULL}, /* U+FF08 fullwidth left parenthesis */
    {"\xef\xbc\x89", "\xef\xbc\x88"}, /* U+FF09 fullwidth right parenthesis */
    {"\xef\xbc\xbb", NULL}, /* U+FF3B fullwidth left square bracket */
    {"\xef\xbc\xbd", "\xef\xbc\xbb"}, /* U+FF3D fullwidth right square bracket */
    {"\xef\xbd\x9b", NULL}, /* U+FF5B fullwidth left curly bracket */
    {"\xef\xbd\x9d", "\xef\xbd\x9b"}, /* U+FF5D fullwidth right curly bracket */
};

/* The bytes 0x80-0xBF (no UTF-8 begins so) that are, in Windows-1252
 * (0xA0-0xBF as in Latin-1), one of the characters above: a delimiter of
 * one byte after a match (rule 8), as a Windows text has them. */
static const struct td_byte {
	unsigned char b;
	const char *utf8; /* the character's UTF-8, in td_delims */
} td_bytes[] = {
    {0x82, "\xe2\x80\x9a"}, /* single low-9 quotation mark */
    {0x84, "\xe2\x80\x9e"}, /* double low-9 quotation mark */
    {0x85, "\xe2\x80\xa6"}, /* horizontal ellipsis */
    {0x8b, "\xe2\x80\xb9"}, /* single left-pointing angle quotation mark */
    {0x91, "\xe2\x80\x98"}, /* left single quotation mark */
    {0x92, "\xe2\x80\x99"}, /* right single quotation mark */
    {0x93, "\xe2\x80\x9c"}, /* left double quotation mark */
    {0x94, "\xe2\x80\x9d"}, /* right double quotation mark */
    {0x96, "\xe2\x80\x93"}, /* en dash */
    {0x97, "\xe2\x80\x94"}, /* em dash */
    {0x9b, "\xe2\x80\xba"}, /* single right-pointing angle quotation mark */
    {0xa0, "\xc2\xa0"},     /* no-break space */
    {0xab, "\xc2\xab"},     /* left-pointing double angle quotation mark */
    {0xbb, "\xc2\xbb"},     /* right-pointing double angle quotation mark */
};

/* Is byte c one of td_bytes? */
static inline int td_byte(unsigned char c)
{
	for (size_t k = 0; k < sizeof td_bytes / sizeof td_bytes[0]; k++)
		if (td_bytes[k].b == c)
			return 1;
	return 0;
}

/* The delimiter that s[0, n) starts with, or NULL. */
static inline const struct td_delim *td_at(const char *s, size_t n)
{
	for (size_t k = 0; k < sizeof td_delims / sizeof td_delims[0]; k++) {
		size_t l = strlen(td_delims[k].utf8);
		if (l <= n && memcmp(s, td_delims[k].utf8, l) == 0)
			return &td_delims[k];
	}
	return NULL;
}

/* The delimiter that s[0, n) ends with, or NULL. */
static inline const struct td_delim *td_end(const char *s, size_t n)
{
	for (size_t k = 0; k < sizeof td_delims / sizeof td_delims[0]; k++) {
		size_t l = strlen(td_delims[k].utf8);
		if (l <= n && memcmp(s + n - l, td_delims[k].utf8, l) == 0)
			return &td_delims[k];
	}
	return NULL;
}

/* How many times t occurs in s[0, n). */
static inline size_t td_count(const char *s, size_t n, const char *t)
{
	size_t l = strlen(t), c = 0;
	for (size_t i = 0; i + l <= n; i++)
		c += memcmp(s + i, t, l) == 0;
	return c;
}

#endif
