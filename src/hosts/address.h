/* SPDX-License-Identifier: MIT */
/*
 * address.h: shared by address.c (reading a host) and address_class.c
 * (classes, names, canonical text). Internal; hidden.
 */
#ifndef URISCAN_HOST_ADDR_H
#define URISCAN_HOST_ADDR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "uriscan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Fill *err (when not NULL) for a call on one input, as struct
 * uriscan_error says: the offset for the syntax statuses and E_IDNA, else
 * 0; the input (FIRST) for those and E_TOO_LONG, else NONE. */
static inline void uriscan__host_err(struct uriscan_error *err, int status,
                                     size_t off)
{
	int syntax = status == URISCAN_E_SYNTAX ||
	             status == URISCAN_E_INCOMPLETE ||
	             status == URISCAN_E_BAD_PERCENT ||
	             status == URISCAN_E_BAD_CHAR ||
	             status == URISCAN_E_BAD_UTF8 || status == URISCAN_E_IDNA;

	if (err == NULL)
		return;
	err->status = status;
	err->offset = syntax ? off : 0;
	err->input = (syntax || status == URISCAN_E_TOO_LONG)
	                 ? URISCAN_INPUT_FIRST
	                 : URISCAN_INPUT_NONE;
	err->component = URISCAN_COMPONENT_NONE;
}

/* uriscan_host_address without its argument checks; skip: tabs and
 * newlines are skipped (a host span of a URL, as the browser reads it:
 * the confusion flags). */
int uriscan__host_read(const unsigned char *s, size_t len, int skip,
                       struct uriscan_host_addr *out,
                       struct uriscan_error *err);

/* The IPv6 literal s[b, e) of host s (without its brackets; offsets in s),
 * perhaps followed by a zone ("%25zone" or "%zone"): *out's address, and
 * with a zone the note URISCAN_HOST_ZONE, zone_off and zone_len (address_v6.c).
 * URISCAN_OK or URISCAN_E_SYNTAX with err's offset. */
int uriscan__read_v6_zone(const unsigned char *s, size_t b, size_t e,
                          struct uriscan_host_addr *out,
                          struct uriscan_error *err);

/* The fast path of uriscan_host_address: 1 when host s[0, len) is a name
 * read from its own bytes (no '%', no ':', no '[' first, no byte >= 0x80)
 * whose last label (after one trailing '.') is not a
 * number; *notes then gets URISCAN_HOST_TRAILING_DOT or 0. 0: the full
 * reading must decide (*notes is then meaningless). */
int uriscan__name_fast(const unsigned char *s, size_t len, unsigned *notes);

/* Is the last label of s[0, len) (after one trailing '.', which sets
 * *notes to URISCAN_HOST_TRAILING_DOT, else 0) a number as "ends in a
 * number" reads it on undecoded bytes: digits only, or "0x" (any case)
 * and hex digits? */
int uriscan__last_label_numeric(const unsigned char *s, size_t len,
                                unsigned *notes);

/* The classes of host bytes: HB_NAME for ASCII letters, digits, '-' and
 * '.'; HB_SLOW for '%', ':' and the bytes >= 0x80, which
 * uriscan__name_fast leaves to the full reading. */
#define HB_NAME 1u
#define HB_SLOW 2u
extern const uint8_t uriscan__host_byte[256];

/* Set a->embed, a->v4 and a->ip_class from a->family and a->addr. */
void uriscan__ip_classify(struct uriscan_host_addr *a);

/* The WHATWG serialisation of an IPv6 address (RFC 5952 compression, no
 * dotted part, no brackets) into t (URISCAN_IP_TEXT_MAX bytes); its
 * length. */
size_t uriscan__v6_hex_text(const uint8_t *addr, char *t);

/* d[0, n) = the ASCII lower case of s[0, n) (other bytes as they are),
 * sixteen bytes at a time with SSE2 when n >= 8 (8 to 15 bytes: the
 * first eight and the last eight in one vector), else eight at a time
 * (the last sixteen or eight read and written again); writes only d[0,
 * n). */
static inline void uriscan__lower_copy(char *d, const unsigned char *s,
                                       size_t n)
{
	const uint64_t ones = UINT64_C(0x0101010101010101),
	               highs = UINT64_C(0x8080808080808080);
	size_t i = 0;

#if defined(__SSE2__)
	/* 'A'..'Z' moved to -128..-103: one signed comparison, exact for
	 * every byte */
	const __m128i shift = _mm_set1_epi8((char)(0x80 - 'A')),
	              top = _mm_set1_epi8((char)('Z' - 'A' - 127)),
	              bit = _mm_set1_epi8(0x20);
	if (n >= 8 && n < 16) {
		/* the first eight bytes and the last eight as one vector */
		__m128i v = _mm_unpacklo_epi64(
		    _mm_loadl_epi64((const __m128i *)(const void *)s),
		    _mm_loadl_epi64((const __m128i *)(const void *)(s + n - 8)));
		v = _mm_or_si128(
		    v, _mm_and_si128(_mm_cmplt_epi8(_mm_add_epi8(v, shift), top),
		                     bit));
		_mm_storel_epi64((__m128i *)(void *)d, v);
		_mm_storel_epi64((__m128i *)(void *)(d + n - 8),
		                 _mm_unpackhi_epi64(v, v));
		return;
	}
	if (n >= 16) {
		for (;;) {
			__m128i v;
			if (i + 16 > n)
				i = n - 16; /* the last sixteen, written again */
			v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
			v = _mm_or_si128(
			    v, _mm_and_si128(
			           _mm_cmplt_epi8(_mm_add_epi8(v, shift), top), bit));
			_mm_storeu_si128((__m128i *)(void *)(d + i), v);
			if (i + 16 == n)
				return;
			i += 16;
		}
	}
#endif
	for (;;) {
		uint64_t x;
		if (i + 8 > n) {
			/* the last eight bytes, written again */
			if (n < 8 || i == n)
				break;
			i = n - 8;
		}
		memcpy(&x, s + i, 8);
		if (x & highs)
			break;
		/* bytes below 0x80: 0x80 in those from 'A' and not past 'Z' */
		x |= ((x + ones * (0x80 - 'A')) & ~(x + ones * (0x80 - 'Z' - 1)) &
		      highs) >> 2;
		memcpy(d + i, &x, 8);
		i += 8;
	}
	for (; i < n; i++)
		d[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
}

/* p[0, n) begins with the ACE prefix "xn--" (any case): an IDNA label. */
static inline int uriscan__xn_prefix(const unsigned char *p, size_t n)
{
	return n >= 4 && (p[0] | 0x20) == 'x' && (p[1] | 0x20) == 'n' &&
	       p[2] == '-' && p[3] == '-';
}

#endif
