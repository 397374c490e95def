/* SPDX-License-Identifier: MIT */
/*
 * encode.c: percent-encoding for one component (uriscan_percent_encode).
 * No allocation; writes only out[0, out_cap); reads only [s, s + len).
 */
#include <stdint.h>
#include <string.h>

#include "encode_unit.h"
#include "gen.h"
#include "uriscan-config.h"

#define ENCODE_FLAGS (URISCAN_ENCODE_ALL_PERCENT | URISCAN_ENCODE_FORM)

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

/* encode() when out has room for any result; returns the length written.
 * Inputs shorter than ENCODE_SHORT go byte by byte (encode_short), the
 * longer ones in blocks (>= 8 bytes: uriscan__encode_ssse3's bound). */
#define ENCODE_SHORT 8
static inline __attribute__((always_inline)) size_t
encode_fast(const unsigned char *s, size_t len, unsigned target,
            unsigned flags, int iri, int slack, char *out)
{
	(void)slack; /* out_cap >= 3 * len + 16: the blocks may expand */
	if (len < ENCODE_SHORT)
		return (size_t)(encode_short(s, len, target, flags, iri, out) - out);
#if URISCAN__HAVE_SKIP_SIMD
	if (uriscan__skip_lv != URISCAN__SIMD_NONE)
		return (size_t)(uriscan__encode_ssse3(s, len, target, flags, iri,
		                                      slack, out) -
		                out);
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
		                       g == URISCAN_RFC3987,
		                       out_cap - 3 * len >= 16, out);
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

/* uriscan_percent_encode but for its most common call (below): the
 * common call of the other grammar and targets, then every other. */
static __attribute__((noinline)) int
percent_encode_rest(enum uriscan_grammar g, const char *s, size_t len,
                    const struct uriscan_encode_options *opt, char *out,
                    size_t out_cap, size_t *out_len, struct uriscan_error *err)
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
		                       opt->flags, g == URISCAN_RFC3987,
		                       out_cap - 3 * len >= 16, out);
		if (err != NULL)
			uriscan__error1(err, URISCAN_OK, 0);
		return URISCAN_OK;
	}
	return uriscan__error1(
	    err, percent_encode(g, s, len, opt, out, out_cap, out_len), 0);
}

int uriscan_percent_encode(enum uriscan_grammar g, const char *s, size_t len,
                           const struct uriscan_encode_options *opt,
                           char *out, size_t out_cap, size_t *out_len,
                           struct uriscan_error *err)
{
#if URISCAN__HAVE_SKIP_SIMD && URISCAN_HAVE_RFC3986
	/* The most common call: RFC 3986 (built in), valid arguments, room
	 * for ENCODE_ROOM bytes past any result (3 * len + ENCODE_ROOM below
	 * 2^32 first: no wrap, even with a 32-bit size_t), SSSE3: the masks,
	 * with no frame here. */
	if (g == URISCAN_RFC3986 && opt != NULL && out_len != NULL &&
	    s != NULL && out != NULL &&
	    opt->size >= sizeof(struct uriscan_encode_options) &&
	    opt->target < URISCAN_ENCODE_TARGET_COUNT &&
	    (opt->flags & ~(unsigned)target_flags[opt->target]) == 0 &&
	    len <= (UINT32_MAX - ENCODE_ROOM) / 3 &&
	    out_cap >= 3 * len + ENCODE_ROOM &&
	    uriscan__skip_lv != URISCAN__SIMD_NONE) {
		return uriscan__encode_masks_ssse3(g, s, len, opt, out, out_cap,
		                                   out_len, err);
	}
#endif
	return percent_encode_rest(g, s, len, opt, out, out_cap, out_len, err);
}
