/* SPDX-License-Identifier: MIT */
/*
 * confusion_fast.c: the fast path of the URL-confusion flags (confusion.h,
 * issue 37): a plain URL, "http://example.com/a?b#c" with none of the
 * bytes or shapes that raise a flag or make the browser read it another
 * way, has no flag; decided from its bytes in one pass. Anything else, on
 * any doubt, goes to the full reading (confusion.c), which the fuzz target
 * fuzz_confusion and test_confusion compare this with on every input.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "confusion.h"
#include "host_addr.h"
#include "uriscan.h"

/* No DNS name is longer; a longer host goes to the full reading. */
#define HOST_MAX 253

/* The bytes after the authority: T_SLOW sends a URL to the full reading
 * ('@', '\\', '%', C0 controls and space, DEL, every byte from 0x80);
 * T_MARK ('.', '?', '#') matters to the dot segments. */
enum { T_SLOW = 1, T_MARK = 2 };
#define SL4(c) [c] = T_SLOW, [c + 1] = T_SLOW, [c + 2] = T_SLOW, [c + 3] = T_SLOW
#define SL16(c) SL4(c), SL4(c + 4), SL4(c + 8), SL4(c + 12)
#define SL64(c) SL16(c), SL16(c + 16), SL16(c + 32), SL16(c + 48)
static const uint8_t tail_class[256] = {
	SL16(0x00), SL16(0x10), [' '] = T_SLOW, [0x7f] = T_SLOW,
	SL64(0x80), SL64(0xC0), ['@'] = T_SLOW, ['\\'] = T_SLOW, ['%'] = T_SLOW,
	['.'] = T_MARK, ['?'] = T_MARK, ['#'] = T_MARK,
};

/* The host's bytes: a label's (ASCII letters, digits, '-'), and '.'. */
enum { H_LABEL = 1, H_DOT = 2 };
#define LB4(c) [c] = H_LABEL, [c + 1] = H_LABEL, [c + 2] = H_LABEL, [c + 3] = H_LABEL
#define LB13(c) LB4(c), LB4(c + 4), LB4(c + 8), [c + 12] = H_LABEL
static const uint8_t host_class[256] = {
	LB4('0'), LB4('4'), ['8'] = H_LABEL, ['9'] = H_LABEL,
	LB13('a'), LB13('n'), LB13('A'), LB13('N'), ['-'] = H_LABEL,
	['.'] = H_DOT,
};

/* The tail's byte s[k] with class t != 0: 0 for a slow byte, or, in the
 * path, for a '.' after a '/' (a segment that may be "." or "..": the
 * full reading decides); '?' and '#' end the path (*path = 0). s[k - 1] is
 * in the tail whenever s[k] is '.' (the tail starts with '/', '?' or '#').
 * Idempotent: a byte read twice gives the same answer. */
static int tail_byte(const unsigned char *s, size_t k, unsigned t, int *path)
{
	if (t & T_SLOW)
		return 0;
	if (!*path)
		return 1;
	if (s[k] != '.')
		*path = 0;
	else if (s[k - 1] == '/')
		return 0;
	return 1;
}

#if defined(__SSE2__)
/* s[i, i + 16) as tail_byte reads it, sixteen bytes at once. */
static int block16(const unsigned char *s, size_t i, int *path)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
	/* signed: below 0x21 is the bytes below 0x21 and from 0x80 */
	__m128i bad = _mm_or_si128(
	    _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x21)),
	                 _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f))),
	    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('@')),
	                              _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
	                 _mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
	size_t k;

	if (_mm_movemask_epi8(bad) != 0)
		return 0;
	if (*path &&
	    _mm_movemask_epi8(_mm_or_si128(
	        _mm_cmpeq_epi8(v, _mm_set1_epi8('.')),
	        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('?')),
	                     _mm_cmpeq_epi8(v, _mm_set1_epi8('#'))))) != 0)
		for (k = i; k < i + 16; k++)
			if (tail_class[s[k]] && !tail_byte(s, k, tail_class[s[k]], path))
				return 0;
	return 1;
}
#endif

/* The rest s[i, len) after the authority: no slow byte, no "/." in the
 * path. Sixteen bytes at a time where SSE2 is (x86-64 always has it), the
 * last sixteen overlapping the ones before. */
static int tail_plain(const unsigned char *s, size_t i, size_t len)
{
	int path = 1;
	size_t k;

#if defined(__SSE2__)
	if (len - i >= 16) {
		for (; i + 16 <= len; i += 16)
			if (!block16(s, i, &path))
				return 0;
		return i == len || block16(s, len - 16, &path);
	}
#endif
	for (k = i; k < len; k++)
		if (tail_class[s[k]] && !tail_byte(s, k, tail_class[s[k]], &path))
			return 0;
	return 1;
}

/* The special schemes but file (its host rules differ), any case, and
 * "://": where the authority starts, or 0. */
static size_t authority_start(const unsigned char *s, size_t len)
{
	const char *t;
	size_t n;

	switch (len > 0 ? s[0] | 0x20 : 0) {
	case 'h':
		t = "http";
		break;
	case 'w':
		t = "ws";
		break;
	case 'f':
		t = "ftp";
		break;
	default:
		return 0;
	}
	for (n = 1; t[n] != '\0'; n++)
		if (n >= len || (s[n] | 0x20) != t[n])
			return 0;
	if (n < len && (s[n] | 0x20) == 's' && t[0] != 'f')
		n++; /* https, wss */
	if (len - n < 3 || s[n] != ':' || s[n + 1] != '/' || s[n + 2] != '/')
		return 0;
	return n + 3;
}

/* A label s[b, e) starting "xn--" (any case). */
static int xn_label(const unsigned char *s, size_t b, size_t e)
{
	return uriscan__xn_prefix(s + b, e - b);
}

int uriscan__cf_plain(const unsigned char *s, size_t len, size_t *hb,
                      size_t *he)
{
	size_t i, lb, port = 0;
	unsigned notes;

	i = authority_start(s, len);
	if (i == 0)
		return 0;
	/* the host: labels of letters, digits and '-', none empty, none
	 * "xn--", no trailing dot; the last not a number (an IPv4 address
	 * or a failure for the browser) */
	*hb = lb = i;
	for (;;) {
		while (i < len && host_class[s[i]] == H_LABEL)
			i++;
		if (i == len || s[i] != '.')
			break;
		if (i == lb || xn_label(s, lb, i))
			return 0;
		lb = ++i;
	}
	*he = i;
	/* a number starts with a digit */
	if (i == lb || xn_label(s, lb, i) || i - *hb > HOST_MAX ||
	    (s[lb] >= '0' && s[lb] <= '9' &&
	     uriscan__last_label_numeric(s + lb, i - lb, &notes)))
		return 0;
	/* the port: empty, or digits without a leading zero up to 65535 */
	if (i < len && s[i] == ':') {
		size_t pb = ++i;
		for (; i < len && s[i] >= '0' && s[i] <= '9' && i - pb < 5; i++)
			port = port * 10 + (size_t)(s[i] - '0');
		if ((i > pb && s[pb] == '0') || port > 65535)
			return 0;
	}
	/* the authority ends here (a sixth digit, '[', '@', ...: the full
	 * reading); the rest has no byte that counts, and no "/." in the path
	 * (every dot segment has one) */
	if (i < len && s[i] != '/' && s[i] != '?' && s[i] != '#')
		return 0;
	return tail_plain(s, i, len);
}

int uriscan__cf_fast(const unsigned char *s, size_t len,
                     const struct uriscan_uri *u)
{
	size_t hb, he;

	if (!uriscan__cf_plain(s, len, &hb, &he))
		return 0;
	/* browser_host_differs: the grammar's host must be the same span
	 * (the browser's host is its lower case); none without a parse */
	return u == NULL ||
	       (URISCAN_HAS(u, URISCAN_HOST) && u->part[URISCAN_HOST].off == hb &&
	        u->part[URISCAN_HOST].len == he - hb);
}
