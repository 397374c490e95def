/* SPDX-License-Identifier: MIT */
/*
 * encode.c: percent-encoding for one component (uriscan_percent_encode).
 * No allocation; writes only out[0, out_cap); reads only [s, s + len).
 */
#include <stdint.h>
#include <string.h>

#include "gen.h"
#include "internal.h"
#include "pct.h"
#if URISCAN__HAVE_SKIP_SIMD
#include <immintrin.h>
#endif

#define ENCODE_FLAGS (URISCAN_ENCODE_ALL_PERCENT | URISCAN_ENCODE_FORM)

/* The ASCII bytes each target keeps as they are, one bit per target (bit
 * 1 << URISCAN_ENCODE_*): RFC 3986 Appendix A (RFC 3987 has the same
 * ASCII sets). ALPHA, DIGIT, "-._~" and the sub-delims "!$'()*,"
 * everywhere; "&;=+" everywhere but in a query key or value; ':'
 * everywhere but in a reg-name; '@' in a pchar (path, segment, query,
 * fragment); '/' in a path, query or fragment; '?' in a query or fragment.
 * Bytes >= 0x80 are never kept as ASCII (0: the rest of the table). tests/core/test_encode.c checks
 * every byte of every target against the grammar's own rule. */
static const uint8_t keep[256] = {
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0xff, 0x00, 0x00, 0xff, 0x00, 0x9f, 0xff,
	0xff, 0xff, 0xfd, 0x9f, 0xff, 0xff, 0xff, 0xf4,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xfd, 0x9f, 0x00, 0x9f, 0x00, 0xf0,
	0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff,
	0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0xff, 0x00,
};

/* The escape "%HH" of each byte as a word (byte k of the escape in bits
 * 8k), with bit 24 set for the bytes put_unit must look at: '%' (a valid
 * escape is kept), ' ' (FORM) and bytes >= 0x80 (RFC 3987). */
#define ESC_HEX(n) ((uint32_t)((n) < 10 ? '0' + (n) : 'A' - 10 + (n)))
#define ESC(c)                                                                 \
	((uint32_t)'%' | ESC_HEX((c) >> 4) << 8 | ESC_HEX((c)&15) << 16 |     \
	 (uint32_t)((c) == '%' || (c) == ' ' || (c) >= 0x80) << 24)
#define ESC4(c) ESC(c), ESC((c) + 1), ESC((c) + 2), ESC((c) + 3)
#define ESC16(c) ESC4(c), ESC4((c) + 4), ESC4((c) + 8), ESC4((c) + 12)
#define ESC64(c) ESC16(c), ESC16((c) + 16), ESC16((c) + 32), ESC16((c) + 48)
static const uint32_t esc[256] = {ESC64(0), ESC64(64), ESC64(128),
                                  ESC64(192)};

struct enc_out {
	char *p;
	size_t cap, n;
};

static inline void put1(struct enc_out *o, char c)
{
	if (o->n < o->cap)
		o->p[o->n] = c;
	o->n++;
}

#if URISCAN__HAVE_SKIP_SIMD
/* keep[] as nibble tables, by target: byte c (< 0x80) is kept when bit
 * (c >> 4) of enc_nib[target][c & 15] is set (as skip_simd.c's classes);
 * tests/core/test_encode.c --runs checks every byte of every target at
 * every place of a 16-byte block against the scalar path. */
static const unsigned char enc_nib[URISCAN_ENCODE_TARGET_COUNT][16] = {
	/* USERINFO */
	{0xa8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x70},
	/* HOST */
	{0xa8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xf0, 0x5c, 0x54, 0x5c, 0xd4, 0x70},
	/* PATH */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x74},
	/* PATH_SEGMENT */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x70},
	/* QUERY */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x7c},
	/* QUERY_KEY */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xf8, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x50, 0x54, 0x54, 0xd4, 0x7c},
	/* QUERY_VALUE */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xf8, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x50, 0x54, 0x54, 0xd4, 0x7c},
	/* FRAGMENT */
	{0xb8, 0xfc, 0xf8, 0xf8, 0xfc, 0xf8, 0xfc, 0xfc,
	 0xfc, 0xfc, 0xfc, 0x5c, 0x54, 0x5c, 0xd4, 0x7c},
};
static const unsigned char enc_hi[16] = {1, 2, 4, 8, 16, 32, 64, 128};

#endif

/* The unit at s[*i], which the target does not keep as a byte, written at
 * w (at most 4 bytes): a valid escape as it is (unless ALL_PERCENT), a space as '+'
 * (FORM), an RFC 3987 character the component allows as its UTF-8, else
 * the byte's escape. Returns w past it; *i past its bytes. */
static inline __attribute__((always_inline)) char *
put_unit(const unsigned char *s, size_t len, size_t *i, char *w,
         unsigned target, unsigned flags, int iri)
{
	unsigned char c = s[*i];

	if (c == '%' && !(flags & URISCAN_ENCODE_ALL_PERCENT) && *i + 2 < len &&
	    uriscan__hexdig(s[*i + 1]) >= 0 && uriscan__hexdig(s[*i + 2]) >= 0) {
		memcpy(w, s + *i, 3);
		*i += 3;
		return w + 3;
	}
	if (c == ' ' && (flags & URISCAN_ENCODE_FORM)) {
		*i += 1;
		*w = '+';
		return w + 1;
	}
	if (c >= 0x80 && iri) {
		uint32_t cp;
		unsigned n = uriscan__utf8_next(s, len, *i, &cp);
		int query = target == URISCAN_ENCODE_QUERY ||
		            target == URISCAN_ENCODE_QUERY_KEY ||
		            target == URISCAN_ENCODE_QUERY_VALUE;
		if (n > 0 && uriscan__iri_cp_ok(cp, query)) {
			memcpy(w, s + *i, n);
			*i += n;
			return w + n;
		}
	}
	w[0] = '%';
	w[1] = (char)((esc[c] >> 8) & 0xff);
	w[2] = (char)((esc[c] >> 16) & 0xff);
	*i += 1;
	return w + 3;
}

/* Encode s[0, len) into o: every byte of the result counted in o->n,
 * those below o->cap written (each unit through put_unit). */
static void encode(const unsigned char *s, size_t len, unsigned target,
                  unsigned flags, int iri, struct enc_out *o)
{
	uint8_t bit = (uint8_t)(1u << target);
	size_t i = 0;

	while (i < len) {
		char unit[4], *end;
		if (keep[s[i]] & bit) {
			put1(o, (char)s[i++]);
			continue;
		}
		end = put_unit(s, len, &i, unit, target, flags, iri);
		for (char *u = unit; u < end; u++)
			put1(o, *u);
	}
}

/* put_unit out of line, for the loop of encode_short (fewer registers). */
static __attribute__((noinline)) char *
put_unit_out(const unsigned char *s, size_t len, size_t *i, char *w,
             unsigned target, unsigned flags, int iri)
{
	return put_unit(s, len, i, w, target, flags, iri);
}

/* encode() of s[0, len) into w when out has room for any result (3 bytes
 * per input byte), one byte at a time without a branch on whether it is
 * kept: for short inputs, where a branch per escape costs more than the
 * bytes. Each byte writes 3 bytes at w (the byte and two that the next
 * overwrites, or its escape): w - out <= 3 * i before byte i, so
 * w + 3 <= out + 3 * len. Returns w past the result. */
static inline char *encode_short(const unsigned char *s, size_t len,
                                 unsigned target, unsigned flags, int iri,
                                 char *w)
{
	uint8_t bit = (uint8_t)(1u << target);
	size_t i = 0;

	while (i < len) {
		uint32_t c = s[i];
		uint32_t k = (keep[c] & bit) != 0;
		uint32_t m = 0u - k; /* all ones when kept */
		uint32_t u = (c & m) | (esc[c] & ~m);
		if (u >> 24) {
			size_t j = i; /* i stays in a register */
			w = put_unit_out(s, len, &j, w, target, flags, iri);
			i = j;
			continue;
		}
		w[0] = (char)(u & 0xff);
		w[1] = (char)((u >> 8) & 0xff);
		w[2] = (char)((u >> 16) & 0xff);
		w += 3 - 2 * k;
		i++;
	}
	return w;
}

/* encode() of s[i, len) into w when out has room for any result (3 bytes
 * per input byte): no bound checks; returns w past the result. */
static inline char *encode_scalar(const unsigned char *s, size_t i,
                                  size_t len, unsigned target,
                                  unsigned flags, int iri, char *w)
{
	uint8_t bit = (uint8_t)(1u << target);

	while (i < len) {
		/* a run of bytes the target keeps, eight at a time while they
		 * last */
		if (len - i >= 8) {
			const unsigned char *p = s + i;
			if (keep[p[0]] & keep[p[1]] & keep[p[2]] & keep[p[3]] &
			    keep[p[4]] & keep[p[5]] & keep[p[6]] & keep[p[7]] & bit) {
				memcpy(w, p, 8);
				w += 8;
				i += 8;
				continue;
			}
		}
		while (i < len && (keep[s[i]] & bit))
			*w++ = (char)s[i++];
		if (i < len)
			w = put_unit(s, len, &i, w, target, flags, iri);
	}
	return w;
}

#if URISCAN__HAVE_SKIP_SIMD
/* The bytes of v the target does not keep, a bit each (pshufb gives 0 for
 * an index byte >= 0x80: never kept). */
__attribute__((target("ssse3"))) static inline unsigned
not_kept(__m128i v, __m128i nib)
{
	const __m128i bits = _mm_loadu_si128((const __m128i *)(const void *)enc_hi);
	__m128i hit = _mm_and_si128(
	    _mm_shuffle_epi8(nib, v),
	    _mm_shuffle_epi8(bits,
	                     _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(15))));
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128()));
}

/* encode_scalar with the runs of kept bytes read 16, then 8 at a time,
 * the last 3 to 7 bytes by a load of the 8 before len, the last 1 or 2
 * one at a time. Each block is stored whole at w and w moves past its
 * kept prefix: out has room for it, as w - out <= 3 * i and a block of
 * b <= len - i bytes needs 3 * i + b <= 3 * len (b = 8 for the last 3 to
 * 7: 3 * 3 >= 8). Nothing is read outside s[0, len) (len >= 8). */
__attribute__((target("ssse3"))) static char *
encode_ssse3(const unsigned char *s, size_t len, unsigned target,
             unsigned flags, int iri, char *w)
{
	const __m128i nib =
	    _mm_loadu_si128((const __m128i *)(const void *)enc_nib[target]);
	size_t i = 0;

	for (;;) {
		size_t r = len - i, k, b;
		unsigned out; /* bit j: s[i + j] is not kept (j < b) */
		if (r >= 16) {
			__m128i v =
			    _mm_loadu_si128((const __m128i *)(const void *)(s + i));
			out = not_kept(v, nib);
			_mm_storeu_si128((__m128i *)(void *)w, v);
			b = 16;
		} else if (r >= 8) {
			__m128i v =
			    _mm_loadl_epi64((const __m128i *)(const void *)(s + i));
			out = not_kept(v, nib) & 0xffu;
			_mm_storel_epi64((__m128i *)(void *)w, v);
			b = 8;
		} else if (r >= 3) {
			/* the r bytes are the last of the 8 before len */
			uint64_t u;
			__m128i v = _mm_loadl_epi64(
			    (const __m128i *)(const void *)(s + len - 8));
			out = (not_kept(v, nib) & 0xffu) >> (8 - r);
			memcpy(&u, s + len - 8, 8);
			u >>= 8 * (8 - r); /* little-endian: the last r bytes first */
			memcpy(w, &u, 8);
			b = r;
		} else if (r > 0) {
			/* the last one or two bytes */
			if (keep[s[i]] & (1u << target))
				*w++ = (char)s[i++];
			else
				w = put_unit(s, len, &i, w, target, flags, iri);
			continue;
		} else
			return w;
		if (out == 0) {
			w += b;
			i += b;
			if (b == r)
				return w;
			continue;
		}
		k = (unsigned)__builtin_ctz(out);
		w += k;
		i += k;
		out >>= k;
		/* the bytes the target does not keep from s[i] on, while they
		 * follow one another in the block: an escape of the table, or
		 * put_unit for the few it must look at (then the next block
		 * starts after the unit) */
		do {
			uint32_t e = esc[s[i]];
			if (e >> 24) {
				w = put_unit(s, len, &i, w, target, flags, iri);
				break;
			}
			w[0] = '%';
			w[1] = (char)((e >> 8) & 0xff);
			w[2] = (char)((e >> 16) & 0xff);
			w += 3;
			i++;
			out >>= 1;
		} while (out & 1u);
	}
}
#endif

/* encode() when out has room for any result; returns the length written.
 * Inputs shorter than ENCODE_SHORT go byte by byte (encode_short), the
 * longer ones in blocks (>= 8 bytes: encode_ssse3's bound). */
#define ENCODE_SHORT 8
static inline __attribute__((always_inline)) size_t encode_fast(const unsigned char *s, size_t len, unsigned target,
                          unsigned flags, int iri, char *out)
{
	if (len < ENCODE_SHORT)
		return (size_t)(encode_short(s, len, target, flags, iri, out) - out);
#if URISCAN__HAVE_SKIP_SIMD
	if (uriscan__skip_lv != URISCAN__SIMD_NONE)
		return (size_t)(encode_ssse3(s, len, target, flags, iri, out) - out);
#endif
	return (size_t)(encode_scalar(s, 0, len, target, flags, iri, out) - out);
}

const char *uriscan_encode_target_name(unsigned t)
{
	static const char *const names[URISCAN_ENCODE_TARGET_COUNT] = {
	    "userinfo",  "host",      "path",        "path-segment",
	    "query",     "query-key", "query-value", "fragment"};
	return t < URISCAN_ENCODE_TARGET_COUNT ? names[t] : "unknown";
}

int uriscan_encode_target_from_name(const char *name, unsigned *t)
{
	if (name == NULL || t == NULL)
		return URISCAN_E_INVALID_ARG;
	for (unsigned i = 0; i < URISCAN_ENCODE_TARGET_COUNT; i++) {
		const char *n = uriscan_encode_target_name(i);
		size_t k = 0;
		for (; n[k] && name[k]; k++) {
			char a = name[k];
			if (a >= 'A' && a <= 'Z')
				a = (char)(a + 32);
			if (a == '_')
				a = '-';
			if (a != n[k])
				break;
		}
		if (n[k] == 0 && name[k] == 0) {
			*t = i;
			return URISCAN_OK;
		}
	}
	return URISCAN_E_INVALID_ARG;
}

/* The checks and the encoding, without *err: every call but the common
 * one of uriscan_percent_encode. */
static __attribute__((noinline)) int percent_encode(enum uriscan_grammar g, const char *s, size_t len,
                          const struct uriscan_encode_options *opt, char *out,
                          size_t out_cap, size_t *out_len)
{
	struct enc_out o = {NULL, 0, 0};
	unsigned target, flags;

	if (out_len)
		*out_len = 0;
	if (opt == NULL || out_len == NULL || (s == NULL && len != 0) ||
	    (out == NULL && out_cap != 0) ||
	    opt->size < sizeof(struct uriscan_encode_options))
		return URISCAN_E_INVALID_ARG;
	target = opt->target;
	flags = opt->flags;
	if (target >= URISCAN_ENCODE_TARGET_COUNT || (flags & ~ENCODE_FLAGS) ||
	    ((flags & URISCAN_ENCODE_FORM) &&
	     target != URISCAN_ENCODE_QUERY_KEY &&
	     target != URISCAN_ENCODE_QUERY_VALUE))
		return URISCAN_E_INVALID_ARG;
	if ((unsigned)g >= URISCAN_GRAMMAR_COUNT)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (g != URISCAN_RFC3986 && g != URISCAN_RFC3987)
		return URISCAN_E_UNSUPPORTED;
	if (uriscan__gen_get(g) == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;

	/* Counting first only when the result may not fit, or may be too
	 * long: out_cap >= 3 * len is room for any result. */
	if (len > out_cap / 3 || len > UINT32_MAX / 3) {
		encode((const unsigned char *)s, len, target, flags,
		       g == URISCAN_RFC3987, &o);
		if (o.n > UINT32_MAX)
			return URISCAN_E_TOO_LONG;
		o.n = 0;
	}
	if (out_cap / 3 >= len) {
		*out_len = encode_fast((const unsigned char *)s, len, target, flags,
		                       g == URISCAN_RFC3987, out);
		return URISCAN_OK;
	}
	o.p = out;
	o.cap = out_cap;
	encode((const unsigned char *)s, len, target, flags,
	       g == URISCAN_RFC3987, &o);
	*out_len = o.n;
	return o.n <= out_cap ? URISCAN_OK : URISCAN_E_BUFFER_TOO_SMALL;
}

/* The flags each target takes: FORM only in a query key or value. */
static const unsigned char target_flags[URISCAN_ENCODE_TARGET_COUNT] = {
    URISCAN_ENCODE_ALL_PERCENT, URISCAN_ENCODE_ALL_PERCENT,
    URISCAN_ENCODE_ALL_PERCENT, URISCAN_ENCODE_ALL_PERCENT,
    URISCAN_ENCODE_ALL_PERCENT, ENCODE_FLAGS,
    ENCODE_FLAGS,               URISCAN_ENCODE_ALL_PERCENT};

int uriscan_percent_encode(enum uriscan_grammar g, const char *s, size_t len,
                           const struct uriscan_encode_options *opt,
                           char *out, size_t out_cap, size_t *out_len,
                           struct uriscan_error *err)
{
	/* The common call first, with the checks of percent_encode that it
	 * passes: valid arguments, a grammar built in, room for any result
	 * (len <= out_cap / 3, as 3 * len <= out_cap: len < 2^62 first). */
	if (opt != NULL && out_len != NULL && s != NULL && out != NULL &&
	    opt->size >= sizeof(struct uriscan_encode_options) &&
	    opt->target < URISCAN_ENCODE_TARGET_COUNT &&
	    (opt->flags & ~(unsigned)target_flags[opt->target]) == 0 &&
	    (g == URISCAN_RFC3986 || g == URISCAN_RFC3987) &&
	    uriscan__gens[g] != NULL && len <= UINT32_MAX / 3 &&
	    3 * len <= out_cap) {
		*out_len = encode_fast((const unsigned char *)s, len, opt->target,
		                       opt->flags, g == URISCAN_RFC3987, out);
		if (err != NULL)
			uriscan__error1(err, URISCAN_OK, 0);
		return URISCAN_OK;
	}
	return uriscan__error1(
	    err, percent_encode(g, s, len, opt, out, out_cap, out_len), 0);
}
