/* SPDX-License-Identifier: MIT */
/*
 * address_name.c: the fast path of uriscan_host_address (address.h): a
 * host that needs no decoding and whose last label is not a number is a
 * name, decided from its bytes at once; the class table of host bytes the
 * browser's plain-host path shares (browser_host.c).
 * No allocation; reads only the span given.
 */
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "address.h"
#include "pct.h"
#include "uriscan.h"

static int dig(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Is s[0, k) a number as "ends in a number" reads a last label: digits
 * only, or "0x" (any case) and hex digits? */
static int numeric_label(const unsigned char *s, size_t k)
{
	size_t i = 0;

	if (k >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x') {
		for (i = 2; i < k && uriscan__hexdig(s[i]) >= 0; i++)
			;
		return i == k;
	}
	for (i = 0; i < k && dig(s[i]); i++)
		;
	return k > 0 && i == k;
}

/* uriscan__host_byte: letters, digits, '-' and '.' are HB_NAME; the bytes
 * that send uriscan__name_fast to the full reading are HB_SLOW. */
#define NAME4(c) [c] = HB_NAME, [c + 1] = HB_NAME, [c + 2] = HB_NAME, [c + 3] = HB_NAME
#define NAME13(c) NAME4(c), NAME4(c + 4), NAME4(c + 8), [c + 12] = HB_NAME
#define SLOW4(c) [c] = HB_SLOW, [c + 1] = HB_SLOW, [c + 2] = HB_SLOW, [c + 3] = HB_SLOW
#define SLOW16(c) SLOW4(c), SLOW4(c + 4), SLOW4(c + 8), SLOW4(c + 12)
#define SLOW64(c) SLOW16(c), SLOW16(c + 16), SLOW16(c + 32), SLOW16(c + 48)
const uint8_t uriscan__host_byte[256] = {
	NAME4('0'), NAME4('4'), ['8'] = HB_NAME, ['9'] = HB_NAME,
	NAME13('a'), NAME13('n'), NAME13('A'), NAME13('N'),
	['-'] = HB_NAME, ['.'] = HB_NAME,
	['%'] = HB_SLOW, [':'] = HB_SLOW, SLOW64(0x80), SLOW64(0xC0),
};

/* May a byte end a number as numeric_label reads it (a digit, a hex
 * digit, the 'x' of "0x")? Most names end with a label that ends
 * otherwise ("com", "org", "net"): no label start is looked for then. */
static int may_end_number(unsigned char c)
{
	return (unsigned char)(c - '0') < 10 ||
	       (unsigned char)((c | 0x20) - 'a') < 6 || (c | 0x20) == 'x';
}

int uriscan__last_label_numeric(const unsigned char *s, size_t len,
                                unsigned *notes)
{
	size_t e = len, b;

	*notes = 0;
	if (e > 0 && s[e - 1] == '.') {
		*notes = URISCAN_HOST_TRAILING_DOT;
		e--;
	}
	if (e == 0 || !may_end_number(s[e - 1]))
		return 0;
	for (b = e; b > 0 && s[b - 1] != '.'; b--)
		;
	/* no pointer arithmetic on an empty host (s may be NULL then) */
	return e > b && numeric_label(s + b, e - b);
}

#if defined(__SSE2__)
/* Has v a byte the full reading must see (HB_SLOW: '%', ':', a byte from
 * 0x80)? */
static int block_slow(__m128i v)
{
	return _mm_movemask_epi8(_mm_or_si128(
	           v, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('%')),
	                           _mm_cmpeq_epi8(v, _mm_set1_epi8(':'))))) != 0;
}

/* Has s[0, len) (len >= 8) a byte the full reading must see? Sixteen
 * bytes at a time, the last sixteen (or two times eight) read again. */
static int any_slow(const unsigned char *s, size_t len)
{
	size_t i;

	if (len < 16)
		return block_slow(_mm_unpacklo_epi64(
		    _mm_loadl_epi64((const __m128i *)(const void *)s),
		    _mm_loadl_epi64((const __m128i *)(const void *)(s + len - 8))));
	for (i = 0; i + 16 <= len; i += 16)
		if (block_slow(_mm_loadu_si128((const __m128i *)(const void *)(s + i))))
			return 1;
	return i < len &&
	       block_slow(_mm_loadu_si128((const __m128i *)(const void *)(s + len - 16)));
}
#else
#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)
#define LOWS UINT64_C(0x7F7F7F7F7F7F7F7F)

/* Has the word x a byte the full reading must see (HB_SLOW: '%', ':', a
 * byte from 0x80)? Exact, no borrow between bytes. */
static int word_slow(uint64_t x)
{
	uint64_t p = x ^ (ONES * '%'), c = x ^ (ONES * ':');

	return ((x & HIGHS) | ~(((p & LOWS) + LOWS) | p | LOWS) |
	        ~(((c & LOWS) + LOWS) | c | LOWS)) != 0;
}

/* Has s[0, len) (len >= 8) a byte the full reading must see? Eight bytes
 * at a time, the last eight read again. */
static int any_slow(const unsigned char *s, size_t len)
{
	uint64_t x;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&x, s + i, 8);
		if (word_slow(x))
			return 1;
	}
	memcpy(&x, s + len - 8, 8);
	return word_slow(x);
}
#endif

int uriscan__name_fast(const unsigned char *s, size_t len, unsigned *notes)
{
	size_t i;

	*notes = 0;
	if (len > 0 && s[0] == '[')
		return 0;
	/* escapes, an IPv6 address, non-ASCII (UTS #46 maps it): the full
	 * reading */
	if (len >= 8) {
		if (any_slow(s, len))
			return 0;
	} else {
		for (i = 0; i < len; i++)
			if (uriscan__host_byte[s[i]] & HB_SLOW)
				return 0;
	}
	return !uriscan__last_label_numeric(s, len, notes);
}
