/* SPDX-License-Identifier: MIT */
/*
 * byte_scan.h: the first byte of a set in [p, e), 16 bytes at a time with
 * SSE2 (every x86-64 CPU has it: no dispatch), one at a time elsewhere and
 * for an input under 16 bytes. For the loops of the output and of
 * `uriscan log` that copy runs of ordinary bytes between the few they must
 * escape or decode: a byte at a time, the JSON string and the quoted fields
 * were a quarter of `uriscan log`'s time in perf (docs/performance.md,
 * "The command line",
 * fourteenth round). No load reaches e or starts before p.
 */
#ifndef URISCAN_FRONTEND_BYTE_SCAN_H
#define URISCAN_FRONTEND_BYTE_SCAN_H

#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define FRONTEND_SCAN_SSE2 1
#else
#define FRONTEND_SCAN_SSE2 0
#endif

/* The sets, one bit each in frontend_byte_class (byte_scan.c): what a JSON
 * string escapes or checks (bytes under 0x20, '"', '\\', 0x7f and every
 * byte >= 0x80, copied only as part of valid UTF-8); what a TSV field
 * (PostgreSQL COPY text) escapes; what ends the plain part of a quoted log
 * field (its quote, an escape). A table: the strings are short, and the
 * bytes under 16 take the scalar loop. */
enum { FRONTEND_BYTE_JSON = 1, FRONTEND_BYTE_TSV = 2, FRONTEND_BYTE_QUOTE = 4 };
extern const unsigned char frontend_byte_class[256];

/* One byte at a time, by the table. */
#define FRONTEND_SCAN_SCALAR(SET)                                                  \
	while (p < e && !(frontend_byte_class[*p] & (SET)))                            \
		p++;                                                                   \
	return p

#if FRONTEND_SCAN_SSE2
/* Bit i set when p[i] is in the set (16 bytes at p). */
static inline unsigned frontend_json_mask(const unsigned char *p)
{
	const __m128i v = _mm_loadu_si128((const __m128i *)p);
	/* signed: bytes >= 0x80 are negative, so under 0x20 too */
	__m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
	return (unsigned)_mm_movemask_epi8(m);
}

static inline unsigned frontend_tsv_mask(const unsigned char *p)
{
	const __m128i v = _mm_loadu_si128((const __m128i *)p);
	__m128i m = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
	return (unsigned)_mm_movemask_epi8(m);
}

static inline unsigned frontend_quote_mask(const unsigned char *p)
{
	const __m128i v = _mm_loadu_si128((const __m128i *)p);
	const __m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
	                               _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
	return (unsigned)_mm_movemask_epi8(m);
}

/* 16 bytes a step; the last 1-15 of an input of 16 or more from the load
 * of the 16 before e, shifted down past those already seen; one at a time
 * in an input under 16 bytes. */
#define FRONTEND_SCAN_BODY(MASK, SET)                                              \
	const unsigned char *const s0 = p;                                         \
	while (e - p >= 16) {                                                      \
		const unsigned m = MASK(p);                                            \
		if (m != 0)                                                            \
			return p + __builtin_ctz(m);                                       \
		p += 16;                                                               \
	}                                                                          \
	if (e - s0 >= 16) {                                                        \
		if (p == e)                                                            \
			return e;                                                          \
		const unsigned m = MASK(e - 16) >> (16 - (unsigned)(e - p));           \
		return m != 0 ? p + __builtin_ctz(m) : e;                              \
	}                                                                          \
	FRONTEND_SCAN_SCALAR(SET)
#else
#define FRONTEND_SCAN_BODY(MASK, SET) FRONTEND_SCAN_SCALAR(SET)
#endif

/* The first byte of [p, e) that a JSON string must escape or check, or e. */
static inline const unsigned char *frontend_scan_json(const unsigned char *p,
                                                  const unsigned char *e)
{
	FRONTEND_SCAN_BODY(frontend_json_mask, FRONTEND_BYTE_JSON);
}

/* The first byte of [p, e) that a TSV field escapes, or e. */
static inline const unsigned char *frontend_scan_tsv(const unsigned char *p,
                                                 const unsigned char *e)
{
	FRONTEND_SCAN_BODY(frontend_tsv_mask, FRONTEND_BYTE_TSV);
}

/* The first '"' or '\\' in [p, e), or e. */
static inline const unsigned char *frontend_scan_quote(const unsigned char *p,
                                                   const unsigned char *e)
{
	FRONTEND_SCAN_BODY(frontend_quote_mask, FRONTEND_BYTE_QUOTE);
}

#endif
