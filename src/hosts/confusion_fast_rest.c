/* SPDX-License-Identifier: MIT */
/*
 * confusion_fast_rest.c: the fast path of the URL-confusion flags after the
 * authority (confusion.h, confusion_fast.c): what the bytes from the
 * first '/', '?' or '#' on may raise without the full reading. On any
 * doubt (a byte that may change the browser's reading, a dot segment) the
 * answer is "not decided"; test_confusion and fuzz_confusion compare every
 * decided answer with the full reading's.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "confusion.h"
#include "sse2_mask.h"
#include "uriscan.h"

/* The bytes after the authority: T_SLOW sends a URL to the full reading
 * ('@', '\\', C0 controls and space, DEL, every byte from 0x80); T_PCT
 * ('%') may raise nul or encoded_delimiter (uriscan__cf_tail_pct);
 * T_MARK ('.', '?', '#') matters to the dot segments. */
enum { T_SLOW = 1, T_MARK = 2, T_PCT = 4 };
#define SL4(c) [c] = T_SLOW, [c + 1] = T_SLOW, [c + 2] = T_SLOW, [c + 3] = T_SLOW
#define SL16(c) SL4(c), SL4(c + 4), SL4(c + 8), SL4(c + 12)
#define SL64(c) SL16(c), SL16(c + 16), SL16(c + 32), SL16(c + 48)
static const uint8_t tail_class[256] = {
	SL16(0x00), SL16(0x10), [' '] = T_SLOW, [0x7f] = T_SLOW,
	SL64(0x80), SL64(0xC0), ['@'] = T_SLOW, ['\\'] = T_SLOW, ['%'] = T_PCT,
	['.'] = T_MARK, ['?'] = T_MARK, ['#'] = T_MARK,
};

/* confusion.h. A '%' raises no other flag after the authority, and
 * changes no other reading. */
int uriscan__cf_tail_pct(const unsigned char *s, size_t j, size_t len,
                         int in_path, uint32_t *f)
{
	uint32_t fl = uriscan__cf_pct(s, len, j);

	if (fl != 0 && in_path && s[j + 1] == '2' && (s[j + 2] | 0x20) == 'e')
		return 0;
	*f |= fl;
	return 1;
}

/* The tail's byte s[k] (of s[0, len)) with class t != 0: 0 for a slow
 * byte, "%2E" in the path, or, in the path, a '.' after a '/' (a segment
 * that may be "." or "..": the full reading decides); a '%' adds its
 * flags to *f; '?' and '#' end the path (*path = 0). s[k - 1] is in the
 * tail whenever s[k] is '.' (the tail starts with '/', '?' or '#').
 * Idempotent: a byte read twice gives the same answer. */
static int tail_byte(const unsigned char *s, size_t k, size_t len, unsigned t,
                     int *path, uint32_t *f)
{
	if (t & T_SLOW)
		return 0;
	if (t & T_PCT)
		return uriscan__cf_tail_pct(s, k, len, *path, f);
	if (!*path)
		return 1;
	if (s[k] != '.')
		*path = 0;
	else if (s[k - 1] == '/')
		return 0;
	return 1;
}

static int tail_scalar(const unsigned char *s, size_t i, size_t len, int *path,
                       uint32_t *f)
{
	for (; i < len; i++)
		if (tail_class[s[i]] &&
		    !tail_byte(s, i, len, tail_class[s[i]], path, f))
			return 0;
	return 1;
}

#if defined(__SSE2__)
/* uriscan__cf_tail_pct on each '%' of s[k, k + 16) whose bit is in pct
 * (in the path where in_path has its bit). */
static int pct_bits(const unsigned char *s, size_t k, size_t len,
                    unsigned pct, unsigned in_path, uint32_t *f)
{
	for (; pct != 0; pct &= pct - 1) {
		unsigned b = (unsigned)__builtin_ctz(pct);
		if (!uriscan__cf_tail_pct(s, k + b, len, (int)(in_path >> b & 1u),
		                          f))
			return 0;
	}
	return 1;
}

/* tail_byte on the bytes of s[k, k + 16) whose bit is in keep, at once.
 * k >= 1: s[k - 1] is read for the '/' before a '.'. */
static int tail_block(const unsigned char *s, size_t k, size_t len,
                      unsigned keep, int *path, uint32_t *f)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
	/* signed: below 0x21 is the bytes below 0x21 and from 0x80 */
	unsigned bad = uriscan__mask16(
	    _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x21)),
	                              uriscan__eq8(v, 0x7f)),
	                 _mm_or_si128(uriscan__eq8(v, '@'), uriscan__eq8(v, '\\'))));
	unsigned pct = uriscan__mask16(uriscan__eq8(v, '%')) & keep;
	unsigned end = uriscan__mask16(_mm_or_si128(uriscan__eq8(v, '?'),
	                                            uriscan__eq8(v, '#'))) &
	               keep;
	/* the bits in the path: before its end */
	unsigned in_path = !*path ? 0 : end ? (end & (0u - end)) - 1 : 0xFFFFu;

	if (bad & keep)
		return 0;
	if (pct != 0 && !pct_bits(s, k, len, pct, in_path, f))
		return 0;
	if (*path) {
		__m128i p =
		    _mm_loadu_si128((const __m128i *)(const void *)(s + k - 1));
		unsigned dot = uriscan__mask16(uriscan__eq8(v, '.'));
		if (dot & uriscan__mask16(uriscan__eq8(p, '/')) & keep & in_path)
			return 0;
		*path = end == 0;
	}
	return 1;
}
#endif

/* confusion.h. Sixteen bytes at a time where SSE2 is (x86-64 always has
 * it): a tail shorter than sixteen bytes is read in the last sixteen of s,
 * the bytes before i masked off; a longer one in blocks, the last
 * overlapping the one before (tail_block is idempotent, and the path's
 * end, once seen, stays seen). */
int uriscan__cf_tail(const unsigned char *s, size_t i, size_t len, uint32_t *f)
{
	int path = 1;

#if defined(__SSE2__)
	if (len >= 17 && i < len) {
		size_t k;
		unsigned keep;
		/* one call site, so that the block is inlined */
		uriscan__first_block(i, len, &k, &keep);
		do {
			if (!tail_block(s, k, len, keep, &path, f))
				return 0;
			keep = 0xFFFFu;
		} while (uriscan__next_block(&k, len));
		return 1;
	}
#endif
	return tail_scalar(s, i, len, &path, f);
}

#if defined(__SSE2__)
/* uriscan__cf_tail_parsed on s[k, k + 16), the bits of keep: a '.' after a
 * '/' before pe, or "%2E" before pe: 0; the flags of each '%' into *f. */
static int parsed_block(const unsigned char *s, size_t k, size_t pe,
                        size_t len, unsigned keep, uint32_t *f)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k));
	unsigned in_path = pe <= k         ? 0
	                   : pe - k >= 16 ? 0xFFFFu
	                                  : (1u << (pe - k)) - 1;
	unsigned dot = uriscan__mask16(uriscan__eq8(v, '.')) & keep & in_path;
	unsigned pct = uriscan__mask16(uriscan__eq8(v, '%')) & keep;

	if (dot != 0) {
		__m128i prev =
		    _mm_loadu_si128((const __m128i *)(const void *)(s + k - 1));
		if ((dot & uriscan__mask16(uriscan__eq8(prev, '/'))) != 0)
			return 0;
	}
	if (pct != 0 && !pct_bits(s, k, len, pct, in_path, f))
		return 0;
	return 1;
}
#endif

int uriscan__cf_tail_parsed(const unsigned char *s, size_t i, size_t pe,
                            size_t len, uint32_t *f)
{
	const unsigned char *p;
	size_t k;

#if defined(__SSE2__)
	/* as uriscan__cf_tail: the last sixteen bytes of s for a short
	 * tail, else blocks, the last overlapping (parsed_block is
	 * idempotent) */
	if (len >= 17 && i < len) {
		unsigned keep;
		uriscan__first_block(i, len, &k, &keep);
		do {
			if (!parsed_block(s, k, pe, len, keep, f))
				return 0;
			keep = 0xFFFFu;
		} while (uriscan__next_block(&k, len));
		return 1;
	}
#endif
	/* a '.' after a '/' in the path: perhaps a dot segment (i >= 1:
	 * a '.' at i has a byte before it) */
	for (k = i; k < pe && (p = memchr(s + k, '.', pe - k)) != NULL;
	     k = (size_t)(p - s) + 1)
		if (p[-1] == '/')
			return 0;
	for (k = i; k < len && (p = memchr(s + k, '%', len - k)) != NULL;
	     k = (size_t)(p - s) + 1)
		if (!uriscan__cf_tail_pct(s, (size_t)(p - s), len,
		                          (size_t)(p - s) < pe, f))
			return 0;
	return 1;
}
