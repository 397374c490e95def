/* SPDX-License-Identifier: MIT */
/*
 * encode.c: percent-encoding for one component (uriscan_percent_encode).
 * No allocation; writes only out[0, out_cap); reads only [s, s + len).
 */
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "pct.h"

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

static const char hex[] = "0123456789ABCDEF";

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

static inline void put_pct(struct enc_out *o, unsigned char c)
{
	put1(o, '%');
	put1(o, hex[c >> 4]);
	put1(o, hex[c & 15]);
}

/* Encode s[0, len) into o: every byte of the result counted in o->n,
 * those below o->cap written. */
static void encode(const unsigned char *s, size_t len, unsigned target,
                  unsigned flags, int iri, struct enc_out *o)
{
	uint8_t bit = (uint8_t)(1u << target);
	int all_pct = (flags & URISCAN_ENCODE_ALL_PERCENT) != 0;
	int form = (flags & URISCAN_ENCODE_FORM) != 0;
	int query = target == URISCAN_ENCODE_QUERY ||
	            target == URISCAN_ENCODE_QUERY_KEY ||
	            target == URISCAN_ENCODE_QUERY_VALUE;
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		if (keep[c] & bit) {
			put1(o, (char)c);
			i++;
			continue;
		}
		if (c == '%' && !all_pct && i + 2 < len &&
		    uriscan__hexdig(s[i + 1]) >= 0 &&
		    uriscan__hexdig(s[i + 2]) >= 0) {
			put1(o, '%');
			put1(o, (char)s[i + 1]);
			put1(o, (char)s[i + 2]);
			i += 3;
			continue;
		}
		if (c == ' ' && form) {
			put1(o, '+');
			i++;
			continue;
		}
		if (c >= 0x80 && iri) {
			uint32_t cp;
			unsigned n = uriscan__utf8_next(s, len, i, &cp);
			if (n > 0 && uriscan__iri_cp_ok(cp, query)) {
				for (unsigned k = 0; k < n; k++)
					put1(o, (char)s[i + k]);
				i += n;
				continue;
			}
		}
		put_pct(o, c);
		i++;
	}
}

/* encode() when out has room for any result (3 bytes per input byte):
 * no bound checks; returns the length written. */
static size_t encode_fast(const unsigned char *s, size_t len, unsigned target,
                          unsigned flags, int iri, char *out)
{
	uint8_t bit = (uint8_t)(1u << target);
	char *w = out;
	size_t i = 0;

	while (i < len) {
		/* the common case: a run of bytes the target keeps, eight at a
		 * time while they last */
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
		if (keep[s[i]] & bit) {
			*w++ = (char)s[i++];
			continue;
		}
		/* anything else: one unit through the checked writer, which
		 * cannot run out of room here */
		struct enc_out o = {w, 4 * 4, 0};
		size_t k = 1;
		if (s[i] == '%' && i + 2 < len && uriscan__hexdig(s[i + 1]) >= 0 &&
		    uriscan__hexdig(s[i + 2]) >= 0)
			k = 3;
		else if (s[i] >= 0x80 && iri) {
			uint32_t cp;
			k = uriscan__utf8_next(s, len, i, &cp);
			if (k == 0)
				k = 1;
		}
		encode(s + i, k, target, flags, iri, &o);
		w += o.n;
		i += k;
	}
	return (size_t)(w - out);
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

/* The checks and the encoding, without *err. */
static int percent_encode(enum uriscan_grammar g, const char *s, size_t len,
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
	if (!uriscan_grammar_available(g))
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;

	/* Counting first only when the result may not fit, or may be too
	 * long: out_cap >= 3 * len is room for any result. */
	if (out_cap / 3 < len || len > UINT32_MAX / 3) {
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

int uriscan_percent_encode(enum uriscan_grammar g, const char *s, size_t len,
                           const struct uriscan_encode_options *opt,
                           char *out, size_t out_cap, size_t *out_len,
                           struct uriscan_error *err)
{
	int st = percent_encode(g, s, len, opt, out, out_cap, out_len);
	return uriscan__error1(err, st, 0);
}
