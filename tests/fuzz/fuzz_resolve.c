/* SPDX-License-Identifier: MIT */
/*
 * fuzz_resolve.c: reference resolution (uriscan_resolve) in every grammar.
 *
 * Input: byte 0 and the optional flags byte as fuzz.h says (the flags are
 * those of uriscan_resolve: 1 = URISCAN_RESOLVE_NON_STRICT, any other bit
 * must give URISCAN_E_INVALID_ARG); the rest is "BASE\nREFERENCE" split
 * at its first '\n' (without one: the reference, against the base of RFC
 * 3986 5.4, "http://a/b/c/d;p?q"). A '\n' is valid in no grammar, so
 * nothing is lost by the split.
 *
 * Checked (uriscan.h, "Reference resolution"):
 *  - bad input gives uriscan_validate's status and offset, the base first,
 *    with the input named; a valid relative base gives base_relative; the
 *    RFC 1738 grammar gives unsupported, and RFC 2396 only for an opaque
 *    base; *out_len is 0 and out[0] NUL on every failure;
 *  - a result: *out_len is its length and it is NUL-terminated in a heap
 *    block of exactly *out_len + 1 bytes; the size query, a buffer of
 *    *out_len bytes and smaller ones give buffer_too_small with the same
 *    length; the result is a valid URI of the grammar, with the fragment
 *    of the reference (none if it has none); resolving the result against
 *    the same base gives it again;
 *  - a valid reference with a scheme (strict): its scheme, authority,
 *    query and fragment are the result's; RFC 2396 gives the reference as
 *    it is; RFC 3986 and 3987 give it with its dot segments removed: the
 *    result's path holds no "." or ".." segment (other than the "/." in
 *    front of a path "//..." without authority), and is the same whatever
 *    the base;
 *  - RFC 3986 and 3987 (strict): resolving the normalized reference gives
 *    the same target, once both targets are normalized (uriscan_normalize);
 *    not for a reference with an encoded dot ("%2E"): normalization decodes
 *    it (6.2.2.2) before removing dot segments (6.2.2.3), resolution
 *    removes dot segments (5.2.4) where only "." is a dot, and on a
 *    rootless path the two orders differ ("wais:%2E/gH/..//" resolves to
 *    "wais:%2E/", normal form "wais:", but normalizes to "wais:/").
 * More checks: add a function to resolve_checks[] below; each gets the
 * case and its result.
 */
#include "fuzz.h"

struct rcase {
	enum uriscan_grammar g;
	unsigned flags;
	const char *base, *ref;
	size_t base_len, ref_len;
	const char *res; /* the result (NUL-terminated) */
	size_t res_len;
};

static int has_dot_segment(const char *p, size_t n)
{
	size_t b = 0;
	for (size_t i = 0; i <= n; i++)
		if (i == n || p[i] == '/') {
			size_t k = i - b;
			if ((k == 1 && p[b] == '.') ||
			    (k == 2 && p[b] == '.' && p[b + 1] == '.'))
				return 1;
			b = i + 1;
		}
	return 0;
}

/* A result is a valid URI with the reference's fragment (in every valid
 * reference the first "#" starts the fragment). */
static void check_valid(const struct rcase *c)
{
	struct uriscan_uri u;
	const char *h = c->ref_len ? memchr(c->ref, '#', c->ref_len) : NULL;
	FUZZ_ASSERT(uriscan_parse(c->g, c->res, c->res_len, 0, &u) == URISCAN_OK &&
	                u.kind == URISCAN_KIND_URI,
	            "result not a valid URI: %s", c->res);
	FUZZ_ASSERT(URISCAN_HAS(&u, URISCAN_FRAGMENT) == (h != NULL) &&
	                (!h || fuzz_span_eq(c->res + u.part[URISCAN_FRAGMENT].off,
	                                    u.part[URISCAN_FRAGMENT].len, h + 1,
	                                    c->ref_len - (size_t)(h - c->ref) - 1)),
	            "fragment of the result is not the reference's: %s", c->res);
}

/* Resolving the result against the same base gives it again, or (when
 * the base's path gave it dot segments: 5.2.2 keeps the base path for a
 * reference with an empty path) a result that resolves to itself. */
static void check_fixed_point(const struct rcase *c)
{
	char *t2 = malloc(c->res_len + 1), *t3 = malloc(c->res_len + 1);
	size_t n2 = 0, n3 = 0;
	struct uriscan_uri r;
	/* an empty path and no authority: the base's path as it is (an RFC
	 * 2396 "?..." reference does not parse: it is one of those) */
	int empty_path = uriscan_parse(c->g, c->ref, c->ref_len, 0, &r) != 0 ||
	                 (!URISCAN_HAS(&r, URISCAN_AUTHORITY) &&
	                  r.part[URISCAN_PATH].len == 0);
	FUZZ_ASSERT(t2 != NULL && t3 != NULL, "out of memory");
	FUZZ_ASSERT(uriscan_resolve(c->g, c->base, c->base_len, c->res,
	                            c->res_len, 0, t2, c->res_len + 1, &n2,
	                            NULL) == URISCAN_OK &&
	                (empty_path || fuzz_span_eq(t2, n2, c->res, c->res_len)),
	            "the result resolved again is not itself: %s", c->res);
	FUZZ_ASSERT(uriscan_resolve(c->g, c->base, c->base_len, t2, n2, 0, t3,
	                            c->res_len + 1, &n3, NULL) == URISCAN_OK &&
	                fuzz_span_eq(t2, n2, t3, n3),
	            "resolving is not idempotent: %s", c->res);
	free(t2);
	free(t3);
}

/* A reference with a scheme (strict): itself, dot segments removed. */
static void check_absolute(const struct rcase *c)
{
	struct uriscan_uri u, r;
	static const unsigned same[] = {URISCAN_SCHEME, URISCAN_AUTHORITY,
	                                URISCAN_QUERY, URISCAN_FRAGMENT};
	char other[4096];
	size_t n = 0;

	if (uriscan_parse(c->g, c->ref, c->ref_len, 0, &r) != URISCAN_OK ||
	    r.kind != URISCAN_KIND_URI || (c->flags & URISCAN_RESOLVE_NON_STRICT))
		return;
	if (c->g == URISCAN_RFC2396) {
		FUZZ_ASSERT(fuzz_span_eq(c->res, c->res_len, c->ref, c->ref_len),
		            "RFC 2396 changed an absolute reference: %s", c->res);
		return;
	}
	FUZZ_ASSERT(uriscan_parse(c->g, c->res, c->res_len, 0, &u) == URISCAN_OK,
	            "result invalid");
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		unsigned k = same[i];
		FUZZ_ASSERT(URISCAN_HAS(&u, k) == URISCAN_HAS(&r, k) &&
		                (!URISCAN_HAS(&u, k) ||
		                 fuzz_span_eq(c->res + u.part[k].off, u.part[k].len,
		                              c->ref + r.part[k].off, r.part[k].len)),
		            "component %s of an absolute reference changed",
		            uriscan_component_name(k));
	}
	{
		const char *p = c->res + u.part[URISCAN_PATH].off;
		size_t pn = u.part[URISCAN_PATH].len;
		if (!URISCAN_HAS(&u, URISCAN_AUTHORITY) && pn >= 4 &&
		    memcmp(p, "/.//", 4) == 0) {
			p += 2;
			pn -= 2;
		}
		FUZZ_ASSERT(!has_dot_segment(p, pn), "dot segment left: %s", c->res);
	}
	/* whatever the base */
	if (c->res_len < sizeof other) {
		FUZZ_ASSERT(uriscan_resolve(c->g, "z:", 2, c->ref, c->ref_len, 0,
		                            other, sizeof other, &n, NULL) == URISCAN_OK &&
		                fuzz_span_eq(other, n, c->res, c->res_len),
		            "an absolute reference depends on the base");
	}
}

/* uriscan_normalize into a heap block of exactly the size needed (the
 * caller frees it); NULL when s is not valid. */
static char *normalized(enum uriscan_grammar g, const char *s, size_t n,
                        size_t *len)
{
	char *out;
	*len = 0;
	if (uriscan_normalize(g, s, n, 0, NULL, 0, len, NULL) !=
	    URISCAN_E_BUFFER_TOO_SMALL)
		return NULL;
	out = malloc(*len + 1);
	FUZZ_ASSERT(out != NULL, "out of memory");
	FUZZ_ASSERT(uriscan_normalize(g, s, n, 0, out, *len + 1, len, NULL) ==
	                URISCAN_OK,
	            "normalize failed after its size query");
	return out;
}

/* Does s[0, n) hold "%2E" (either case)? */
static int has_encoded_dot(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++)
		if (s[i] == '%' && s[i + 1] == '2' && (s[i + 2] | 0x20) == 'e')
			return 1;
	return 0;
}

/* Resolving the normalized reference gives the same target, up to
 * normalization (RFC 3986 and 3987, strict; not with an encoded dot, see
 * the top of the file). */
static void check_normalized_ref(const struct rcase *c)
{
	size_t nr, nt = 0, na, nb;
	char *ref, *t, *a, *b;

	if ((c->g != URISCAN_RFC3986 && c->g != URISCAN_RFC3987) ||
	    (c->flags & URISCAN_RESOLVE_NON_STRICT) ||
	    has_encoded_dot(c->ref, c->ref_len))
		return;
	ref = normalized(c->g, c->ref, c->ref_len, &nr);
	FUZZ_ASSERT(ref != NULL, "a reference that resolves does not normalize");
	FUZZ_ASSERT(uriscan_resolve(c->g, c->base, c->base_len, ref, nr, 0, NULL,
	                            0, &nt, NULL) ==
	                URISCAN_E_BUFFER_TOO_SMALL,
	            "the normalized reference does not resolve: %s", ref);
	t = malloc(nt + 1);
	FUZZ_ASSERT(t != NULL, "out of memory");
	FUZZ_ASSERT(uriscan_resolve(c->g, c->base, c->base_len, ref, nr, 0, t,
	                            nt + 1, &nt, NULL) == URISCAN_OK,
	            "resolve failed after its size query");
	a = normalized(c->g, c->res, c->res_len, &na);
	b = normalized(c->g, t, nt, &nb);
	FUZZ_ASSERT(a != NULL && b != NULL && fuzz_span_eq(a, na, b, nb),
	            "the normalized reference resolves elsewhere: %s vs %s",
	            c->res, t);
	free(ref);
	free(t);
	free(a);
	free(b);
}

typedef void (*resolve_check_fn)(const struct rcase *c);
static const resolve_check_fn resolve_checks[] = {
	check_valid,
	check_fixed_point,
	check_absolute,
	check_normalized_ref,
};

/* RFC 2396 "?" query ["#" fragment] (the header: Appendix C's "?y"): the
 * query is everything up to the first "#"; "%4#" is bad_percent at "#". */
static int query_ref_2396(const char *r, size_t n, size_t *off)
{
	unsigned rq, rf;
	size_t h = 1, eo = 0;
	int st;
	while (h < n && r[h] != '#')
		h++;
	FUZZ_ASSERT(uriscan_rule_from_name(URISCAN_RFC2396, "query", &rq) == 0 &&
	                uriscan_rule_from_name(URISCAN_RFC2396, "fragment", &rf) == 0,
	            "rules query and fragment");
	st = fuzz_validate_rule(URISCAN_RFC2396, rq, r + 1, h - 1, 0, &eo);
	*off = st == URISCAN_OK ? 0 : 1 + eo;
	if (st == URISCAN_E_INCOMPLETE && h < n)
		st = URISCAN_E_BAD_PERCENT;
	if (st != URISCAN_OK || h == n)
		return st;
	st = fuzz_validate_rule(URISCAN_RFC2396, rf, r + h + 1, n - h - 1, 0,
	                           &eo);
	*off = st == URISCAN_OK ? 0 : h + 1 + eo;
	return st;
}

/* The status the inputs must give, with the input and offset. */
static int expected(const struct rcase *c, enum uriscan_input *in,
                    size_t *off)
{
	struct uriscan_uri b;
	int st;

	*in = URISCAN_INPUT_NONE;
	*off = 0;
	if (c->flags & ~URISCAN_RESOLVE_NON_STRICT)
		return URISCAN_E_INVALID_ARG;
	if (!uriscan_grammar_available(c->g))
		return (unsigned)c->g >= URISCAN_GRAMMAR_COUNT
		           ? URISCAN_E_GRAMMAR_UNKNOWN
		           : URISCAN_E_GRAMMAR_UNAVAILABLE;
	if (c->g == URISCAN_RFC1738)
		return URISCAN_E_UNSUPPORTED;
	st = fuzz_validate(c->g, c->base, c->base_len, 0, off);
	if (st != URISCAN_OK) {
		*in = URISCAN_INPUT_FIRST;
		return st;
	}
	FUZZ_ASSERT(uriscan_parse(c->g, c->base, c->base_len, 0, &b) == URISCAN_OK,
	            "parse differs from validate");
	if (b.kind != URISCAN_KIND_URI) {
		*in = URISCAN_INPUT_FIRST;
		return URISCAN_E_BASE_RELATIVE;
	}
	st = fuzz_validate(c->g, c->ref, c->ref_len, 0, off);
	if (st == URISCAN_E_SYNTAX && *off == 0 && c->g == URISCAN_RFC2396 &&
	    c->ref[0] == '?')
		st = query_ref_2396(c->ref, c->ref_len, off);
	if (st != URISCAN_OK) {
		*in = URISCAN_INPUT_SECOND;
		return st;
	}
	return URISCAN_OK; /* or unsupported for an opaque RFC 2396 base */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct rcase c;
	enum uriscan_input want_in, got_in;
	size_t want_off, got_off, len = 5, need = 0;
	struct uriscan_error got = {5, 5, URISCAN_INPUT_FIRST, 5};
	const char *nl;
	char first[2] = {'x', 'x'};
	int st, want;

	if (!fuzz_decode(data, size, &in))
		return 0;
	fuzz_cur_s_ = (const char *)in.rest;
	fuzz_cur_len_ = in.rest_len;
	memset(&c, 0, sizeof c);
	c.g = in.g;
	c.flags = in.flags;
	nl = in.rest_len ? memchr(in.rest, '\n', in.rest_len) : NULL;
	if (nl) {
		c.base = (const char *)in.rest;
		c.base_len = (size_t)(nl - c.base);
		c.ref = nl + 1;
		c.ref_len = in.rest_len - c.base_len - 1;
	} else {
		c.base = "http://a/b/c/d;p?q";
		c.base_len = strlen(c.base);
		c.ref = (const char *)in.rest;
		c.ref_len = in.rest_len;
	}

	want = expected(&c, &want_in, &want_off);
	st = uriscan_resolve(c.g, c.base, c.base_len, c.ref, c.ref_len, c.flags,
	                     first, 1, &len, &got);
	got_off = got.offset;
	got_in = got.input;
	FUZZ_ASSERT(got.status == st && got.component == URISCAN_COMPONENT_NONE,
	            "resolve: error struct status %d, component %u", got.status,
	            got.component);
	if (want != URISCAN_OK || st == URISCAN_E_UNSUPPORTED) {
		if (st == URISCAN_E_UNSUPPORTED && want == URISCAN_OK) {
			struct uriscan_uri b;
			unsigned opaque = URISCAN_FORM_NONE;
			uriscan_parse(c.g, c.base, c.base_len, 0, &b);
			uriscan_rule_from_name(c.g, "opaque_part", &opaque);
			FUZZ_ASSERT(c.g == URISCAN_RFC2396 && b.form == opaque,
			            "unsupported for a hierarchical base");
			want = st;
		}
		FUZZ_ASSERT(st == want && got_in == want_in && got_off == want_off,
		            "status %s input %d offset %zu, want %s input %d offset %zu",
		            uriscan_status_name(st), (int)got_in, got_off,
		            uriscan_status_name(want), (int)want_in, want_off);
		FUZZ_ASSERT(len == 0 && first[0] == '\0', "failure left output");
		return 0;
	}
	FUZZ_ASSERT(st == URISCAN_E_BUFFER_TOO_SMALL && got_in == 0 &&
	                got_off == 0,
	            "one byte of room: %s", uriscan_status_name(st));
	need = len;
	{
		/* size query, too small buffers, then the exact one */
		size_t caps[4] = {0, need / 2, need > 0 ? need - 1 : 0, need};
		char *out = malloc(need + 1);
		FUZZ_ASSERT(out != NULL, "out of memory");
		for (int i = 0; i < 4; i++) {
			len = 1;
			st = uriscan_resolve(c.g, c.base, c.base_len, c.ref, c.ref_len,
			                     c.flags, caps[i] ? out : NULL, caps[i], &len,
			                     NULL);
			FUZZ_ASSERT(st == URISCAN_E_BUFFER_TOO_SMALL && len == need,
			            "capacity %zu of %zu: %s, %zu", caps[i], need,
			            uriscan_status_name(st), len);
		}
		st = uriscan_resolve(c.g, c.base, c.base_len, c.ref, c.ref_len,
		                     c.flags, out, need + 1, &len, &got);
		FUZZ_ASSERT(st == URISCAN_OK && len == need && out[need] == '\0' &&
		                strlen(out) == need,
		            "exact buffer: %s, %zu of %zu", uriscan_status_name(st),
		            len, need);
		c.res = out;
		c.res_len = need;
		for (size_t i = 0; i < sizeof resolve_checks / sizeof resolve_checks[0];
		     i++)
			resolve_checks[i](&c);
		free(out);
	}
	return 0;
}
