/* SPDX-License-Identifier: MIT */
/*
 * confusion_plain_host.c: the plain host of the confusion flags' fast path
 * (confusion.h, confusion_fast.c): labels of ASCII letters, digits and
 * '-', none empty, none "xn--", no trailing dot, the last not a number.
 * A byte at a time through a class table, sixteen at a time with SSE2,
 * or, for a host span a parse gave and for a host that ends within
 * thirty-two bytes of its start (most), thirty-two at once. On any doubt the
 * answer is "not plain": the full reading decides.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "confusion.h"
#include "sse2_mask.h"
#include "address.h"
#include "uriscan.h"

/* No DNS name is longer; a longer host goes to the full reading. */
#define HOST_MAX 253

/* The host's bytes: a label's (ASCII letters, digits, '-'), and '.'. */
enum { H_LABEL = 1, H_DOT = 2 };
#define LB4(c) [c] = H_LABEL, [c + 1] = H_LABEL, [c + 2] = H_LABEL, [c + 3] = H_LABEL
#define LB13(c) LB4(c), LB4(c + 4), LB4(c + 8), [c + 12] = H_LABEL
static const uint8_t host_class[256] = {
	LB4('0'), LB4('4'), ['8'] = H_LABEL, ['9'] = H_LABEL,
	LB13('a'), LB13('n'), LB13('A'), LB13('N'), ['-'] = H_LABEL,
	['.'] = H_DOT,
};

/* The host from s[hb]: labels of letters, digits and '-', none empty,
 * none "xn--", no trailing dot; *he its end and *lb where its last label
 * starts. 1 when it is such a host so far (the caller checks the rest),
 * 0 when it is not. */
static int host_scalar(const unsigned char *s, size_t hb, size_t len,
                       size_t *he, size_t *lb)
{
	size_t i = hb, b = hb;

	for (;;) {
		while (i < len && host_class[s[i]] == H_LABEL)
			i++;
		if (i == len || s[i] != '.')
			break;
		if (i == b || uriscan__xn_prefix(s + b, i - b))
			return 0;
		b = ++i;
	}
	*he = i;
	*lb = b;
	return 1;
}

#if defined(__SSE2__)

/* The bytes of v in [lo, hi] (lo, hi below 0x80): shifted so that lo is
 * -128, one signed comparison. */
static __m128i in_range(__m128i v, unsigned char lo, unsigned char hi)
{
	__m128i x = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - lo)));

	return _mm_cmplt_epi8(x, _mm_set1_epi8((char)(hi - lo - 127)));
}

/* host_scalar sixteen bytes at a time: 1 and *he, *lb as there; 0 when it
 * is not such a host; -1 when this cannot say ("--", which may be an
 * "xn--" label; fewer than sixteen bytes in s; a host longer than any
 * name): host_scalar decides. Near the end of s the last sixteen bytes
 * are read, shifted so that bit 0 is s[i], the bits past the end set in
 * "other": the host ends there at the latest. */
static int host_simd(const unsigned char *s, size_t hb, size_t len,
                     size_t *he, size_t *lb)
{
	unsigned prev_dot = 1, prev_dash = 0; /* a dot at hb: an empty label */
	size_t i, last = hb;

	if (len < 16)
		return -1;
	for (i = hb; i < len && i - hb <= HOST_MAX; i += 16) {
		unsigned sh = i + 16 <= len ? 0 : (unsigned)(i - (len - 16));
		__m128i v = _mm_loadu_si128(
		    (const __m128i *)(const void *)(s + i - sh));
		unsigned dot = uriscan__mask16(uriscan__eq8(v, '.')) >> sh;
		unsigned dash = uriscan__mask16(uriscan__eq8(v, '-')) >> sh;
		unsigned label = uriscan__mask16(_mm_or_si128(
		    in_range(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z'),
		    in_range(v, '0', '9'))) >> sh;
		unsigned other = ~(label | dot | dash) & (0xFFFFu >> sh);
		unsigned in;

		other |= ~(0xFFFFu >> sh) & 0xFFFFu; /* past the end */
		in = other ? (other & (0u - other)) - 1 : 0xFFFFu;
		dot &= in;
		dash &= in;
		if (dot & ((dot << 1) | prev_dot))
			return 0; /* an empty label */
		if (dash & ((dash << 1) | prev_dash))
			return -1;
		if (dot != 0)
			last = i + (size_t)(32 - __builtin_clz(dot));
		if (other != 0) {
			*he = i + (size_t)__builtin_ctz(other);
			*lb = last;
			return 1;
		}
		prev_dot = dot >> 15;
		prev_dash = dash >> 15;
	}
	return -1;
}

#endif

#if defined(__SSE2__)
/* The label bytes (letters, digits, '-'), the dots and the dashes of the
 * 32 bytes at s + base, as masks, shifted so that bit 0 is s[base + sh]. */
static inline void masks32(const unsigned char *s, size_t base, unsigned sh,
                           uint32_t *label, uint32_t *dot, uint32_t *dash)
{
	__m128i v[2], lo = _mm_set1_epi8(0x20);
	uint32_t m[3] = {0, 0, 0};
	unsigned k;

	v[0] = _mm_loadu_si128((const __m128i *)(const void *)(s + base));
	v[1] = _mm_loadu_si128((const __m128i *)(const void *)(s + base + 16));
	for (k = 0; k < 2; k++) {
		__m128i l = _mm_or_si128(in_range(_mm_or_si128(v[k], lo), 'a', 'z'),
		                         in_range(v[k], '0', '9'));
		m[0] |= (uint32_t)uriscan__mask16(l) << (16 * k);
		m[1] |= (uint32_t)uriscan__mask16(uriscan__eq8(v[k], '.'))
		        << (16 * k);
		m[2] |= (uint32_t)uriscan__mask16(uriscan__eq8(v[k], '-'))
		        << (16 * k);
	}
	*label = m[0] >> sh;
	*dot = m[1] >> sh;
	*dash = m[2] >> sh;
}

/* The host s[hb, he) that a parse gave, when it is 1 to 32 bytes long and
 * s has 32: 1 when it is plain (as host_scalar and the checks after it
 * in plain_authority say; a "--" is not, for want of a look at its
 * label), 0 when it is not, -1 when this cannot say (plain_authority
 * decides). */
static int host_span_simd(const unsigned char *s, size_t hb, size_t he,
                          size_t len)
{
	size_t n = he - hb, base, lb;
	uint32_t label, dot, dash, keep;
	unsigned notes;

	if (n == 0 || n > 32 || len < 32)
		return -1;
	base = hb + 32 <= len ? hb : len - 32;
	masks32(s, base, (unsigned)(hb - base), &label, &dot, &dash);
	keep = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
	dot &= keep;
	dash &= keep;
	if (((label | dot | dash) & keep) != keep || /* another byte */
	    (dot & ((dot << 1) | 1u)) != 0 ||      /* an empty label */
	    (dot >> (n - 1)) != 0 ||               /* a trailing dot */
	    (dash & (dash << 1)) != 0)             /* perhaps "xn--" */
		return 0;
	lb = dot != 0 ? hb + (size_t)(32 - __builtin_clz(dot)) : hb;
	return !(s[lb] >= '0' && s[lb] <= '9' &&
	         uriscan__last_label_numeric(s + lb, he - lb, &notes));
}
#endif

#if defined(__SSE2__)
/* host_simd for a host that ends within 32 bytes of hb (most), s at
 * least 32 bytes long: the 32 bytes at hb (or the last 32 of s, the
 * bits past its end set in "other") at once, without the loop. The same
 * answers; -1 also when the host runs past the 32 bytes (host_simd
 * decides). */
static int host_simd32(const unsigned char *s, size_t hb, size_t len,
                       size_t *he, size_t *lb)
{
	size_t base, avail = len - hb;
	uint32_t label, dot, dash, other, in;

	if (len < 32 || avail == 0)
		return -1;
	base = hb + 32 <= len ? hb : len - 32;
	masks32(s, base, (unsigned)(hb - base), &label, &dot, &dash);
	other = ~(label | dot | dash);
	if (avail < 32)
		other |= ~((1u << avail) - 1); /* past the end */
	if (other == 0)
		return -1;
	in = (other & (0u - other)) - 1;
	dot &= in;
	dash &= in;
	if (dot & ((dot << 1) | 1u))
		return 0; /* an empty label */
	if (dash & (dash << 1))
		return -1;
	*he = hb + (size_t)__builtin_ctz(other);
	*lb = dot != 0 ? hb + (size_t)(32 - __builtin_clz(dot)) : hb;
	return 1;
}
#endif

int uriscan__cf_host_end(const unsigned char *s, size_t hb, size_t len,
                         size_t *he)
{
	size_t lb;
	unsigned notes;
	int h = -1;

#if defined(__SSE2__)
	h = host_simd32(s, hb, len, he, &lb);
	if (h < 0)
		h = host_simd(s, hb, len, he, &lb);
#endif
	if (h < 0)
		h = host_scalar(s, hb, len, he, &lb);
	if (h == 0)
		return 0;
	/* a number starts with a digit */
	return !(*he == lb || uriscan__xn_prefix(s + lb, *he - lb) ||
	         *he - hb > HOST_MAX ||
	         (s[lb] >= '0' && s[lb] <= '9' &&
	          uriscan__last_label_numeric(s + lb, *he - lb, &notes)));
}

int uriscan__cf_host_span(const unsigned char *s, size_t hb, size_t he,
                          size_t len)
{
#if defined(__SSE2__)
	return host_span_simd(s, hb, he, len);
#else
	(void)s;
	(void)hb;
	(void)he;
	(void)len;
	return -1;
#endif
}
