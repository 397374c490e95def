/* SPDX-License-Identifier: MIT */
/*
 * model_extract.c: the cost model's extraction (README.md): RFC 3986 URLs
 * from one buffer in the shape of the library's (a SIMD search for
 * candidates, the scheme walked back, a machine from the colon to the
 * longest match, trailing punctuation trimmed, the components split), in
 * two modes that differ only where defanged URLs need more:
 *
 *   plain  candidates "://", the plain machine, the match split in place;
 *   forms  candidates at every colon form, the scheme words, the machine
 *          that reads the forms where their bytes stand, the match
 *          refanged into a buffer and split there (model_refang.c).
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "model.h"
#include "uriscan.h"

/* The bytes of v equal to c: all ones, the others zero. */
__attribute__((target("avx2"))) static inline __m256i eq8(__m256i v, char c)
{
	return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c));
}

static int scheme_char(int c)
{
	return model_alnum(c) || c == '+' || c == '-' || c == '.';
}

#define SCHEME_MAX 64u
#define MAX_LEN MODEL_MAX_LEN

/* ':' before '/', '[', ']' or '\\', or "__": where a colon form that gives
 * "://" has its ':' or its "__" ("[:]" and "[://]" one byte in). */
__attribute__((target("avx2"))) static inline uint32_t
colon_bits(const unsigned char *b, size_t at)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)(b + at));
	__m256i n = _mm256_loadu_si256((const __m256i *)(b + at + 1));
	__m256i nx = _mm256_or_si256(_mm256_or_si256(eq8(n, '/'), eq8(n, '\\')),
	                             _mm256_or_si256(eq8(n, '['), eq8(n, ']')));
	__m256i col = _mm256_and_si256(eq8(a, ':'), nx);
	__m256i us = _mm256_and_si256(eq8(a, '_'), eq8(n, '_'));
	return (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(col, us));
}

/* "://" at i (the library's search, extract_find.c, in the same shape). */
__attribute__((target("avx2"))) static inline uint32_t
css_bits(const unsigned char *b, size_t at)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)(b + at));
	__m256i s1 = _mm256_loadu_si256((const __m256i *)(b + at + 1));
	__m256i s2 = _mm256_loadu_si256((const __m256i *)(b + at + 2));
	return (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(
	    eq8(a, ':'), _mm256_and_si256(eq8(s1, '/'), eq8(s2, '/'))));
}

static int colon_at(const unsigned char *b, size_t c, size_t len)
{
	if (c + 1 >= len)
		return 0;
	if (b[c] == ':')
		return b[c + 1] == '/' || b[c + 1] == '[' || b[c + 1] == ']' ||
		       b[c + 1] == '\\';
	return b[c] == '_' && b[c + 1] == '_';
}

/* The next candidate at or after i (forms: a colon form; else "://"). */
__attribute__((target("avx2"))) static size_t
next_candidate(const unsigned char *b, size_t i, size_t len, int forms)
{
	for (; i + 66 <= len; i += 64) {
		uint64_t m;
		if (forms) {
			/* most blocks have no ':' and no '_': one test */
			const __m256i *v = (const __m256i *)(b + i);
			__m256i a0 = _mm256_loadu_si256(v);
			__m256i a1 = _mm256_loadu_si256(v + 1);
			__m256i k = _mm256_or_si256(
			    _mm256_or_si256(eq8(a0, ':'), eq8(a0, '_')),
			    _mm256_or_si256(eq8(a1, ':'), eq8(a1, '_')));
			if (_mm256_testz_si256(k, k))
				continue;
			m = colon_bits(b, i) |
			    (uint64_t)colon_bits(b, i + 32) << 32;
		} else {
			m = css_bits(b, i) |
			    (uint64_t)css_bits(b, i + 32) << 32;
		}
		if (m)
			return i + (size_t)__builtin_ctzll(m);
	}
	for (; i < len; i++)
		if (forms ? colon_at(b, i, len)
		          : i + 2 < len && b[i] == ':' && b[i + 1] == '/' &&
		                b[i + 2] == '/')
			return i;
	return len;
}

/* The next match at or after *i (from *floor): 1 and *m, or 0. */
int model_next_match(const unsigned char *b, size_t len, int forms,
                      size_t *i, size_t *floor, unsigned char *buf,
                      struct match *m, struct uriscan_uri *u)
{
	for (;;) {
		size_t c = next_candidate(b, *i, len, forms), r, lo, me, n;
		const unsigned char *lf;
		int defanged = 0;

		if (c >= len)
			return 0;
		*i = c + 1;
		if (forms && c > *floor && b[c - 1] == '[')
			c--; /* "[:]", "[://]" */
		lo = c > SCHEME_MAX && c - SCHEME_MAX > *floor ? c - SCHEME_MAX
		                                                : *floor;
		r = c;
		if (forms && r > lo + 1 && (b[r - 1] | 0x20) == 's' &&
		    b[r - 2] == ']')
			r--; /* "htt[p]s" */
		if (forms && r > lo && b[r - 1] == ']') {
			/* "[http]", "htt[p]" */
			while (r > lo && r + 8 > c && b[r - 1] != '[')
				r--;
			if (r == lo || b[r - 1] != '[')
				continue;
			r--;
			if (r >= lo + 3 && model_ci(b + r - 3, "htt", 3))
				r -= 3;
		} else {
			while (r > lo && scheme_char(b[r - 1]))
				r--;
			while (r < c && !model_alpha(b[r]))
				r++;
			if (r == c)
				continue;
		}
		lf = (forms ? model_forms_end : model_plain_end)(
		    b, b + c, b + (len - c > MAX_LEN ? c + MAX_LEN : len));
		if (lf == NULL)
			continue;
		me = (size_t)(lf - b);
		me = model_trim(b, c, me, forms);
		if (forms) {
			n = model_scheme(b, r, c, buf, &defanged);
			if (n == 0)
				continue;
			/* "__", ":\\" and "[:]\\" only after a scheme word
			 * (or http, https, ftp, ftps), "__" before a letter
			 * or a digit */
			const int word_only = b[c] == '_' || b[c + 1] == '\\' ||
			                      (b[c] == '[' && b[c + 3] == '\\');
			const int before_alnum =
			    c + 2 < len && model_alnum(b[c + 2]);
			if (word_only && (!model_web_scheme(buf, n) ||
			                  (b[c] == '_' && !before_alnum)))
				continue;
			n = model_refang(b, c, me, buf, n);
			defanged |= n != me - r;
			m->bytes = buf;
		} else {
			n = me - r;
			m->bytes = (unsigned char *)b + r;
		}
		if (uriscan_parse(URISCAN_RFC3986, (const char *)m->bytes, n, 0,
		                  u) != URISCAN_OK)
			continue;
		m->off = r;
		m->len = me - r;
		m->n = n;
		m->defanged = defanged;
		*floor = *i = me;
		return 1;
	}
}

