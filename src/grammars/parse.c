/* SPDX-License-Identifier: MIT */
/*
 * parse.c: validate and parse: argument and length checks, the dispatch to
 * a rule's machine, and the status naming where it failed. No allocation.
 */

#include "internal.h"
#include "uri_reset.h"

/* ------------------------------------------------------------------ */
/* The bytes of each grammar                                           */

/* An ASCII set as two 64-bit words (bytes 0-63, 64-127), so that naming
 * the byte of an error costs a shift, not a search: a rejected short URL
 * pays for it on every call. LO() of a byte of 64 or more, or HI() of one
 * under 64, is a shift out of range that the compiler reports. */
#define LO(c) (1ULL << (c))
#define HI(c) (1ULL << ((c)-64))
#define DIGIT_LO (0x3ffULL << '0')
#define ALPHA_HI ((0x3ffffffULL << ('A' - 64)) | (0x3ffffffULL << ('a' - 64)))

/* Bytes that may appear somewhere in an RFC 3986 URI reference: unreserved,
 * reserved and '%'. Any other byte is URISCAN_E_BAD_CHAR. RFC 3987 adds
 * every byte >= 0x80 (part of a ucschar or iprivate; invalid UTF-8 is
 * named by uriscan__utf8_classify first). */
#define SET_3986                                                               \
	{DIGIT_LO | LO('-') | LO('.') | LO(':') | LO('/') | LO('?') | LO('#') |    \
	     LO('!') | LO('$') | LO('&') | LO('\'') | LO('(') | LO(')') |          \
	     LO('*') | LO('+') | LO(',') | LO(';') | LO('=') | LO('%'),            \
	 ALPHA_HI | HI('_') | HI('~') | HI('[') | HI(']') | HI('@')}

static const uint64_t allowed_set[URISCAN_GRAMMAR_COUNT][2] = {
    /* RFC 1738: xchar (unreserved, reserved, '%'). national ('~', '{',
     * ...) and punctuation ('#', '<', ...) appear in no URL: they are
     * bad_char even for the rules named national and punctuation. */
    [URISCAN_RFC1738] = {DIGIT_LO | LO('$') | LO('-') | LO('.') | LO('+') |
                             LO('!') | LO('*') | LO('\'') | LO('(') |
                             LO(')') | LO(',') | LO(';') | LO('/') |
                             LO('?') | LO(':') | LO('&') | LO('=') | LO('%'),
                         ALPHA_HI | HI('_') | HI('@')},
    /* RFC 2396: uric (reserved, unreserved, '%'), and '#' between a URI
     * and its fragment ('~' is a mark). Not '[' ']': RFC 2732 added
     * them. */
    [URISCAN_RFC2396] = {DIGIT_LO | LO('-') | LO('.') | LO('!') | LO('*') |
                             LO('\'') | LO('(') | LO(')') | LO(';') |
                             LO('/') | LO('?') | LO(':') | LO('&') |
                             LO('=') | LO('+') | LO('$') | LO(',') |
                             LO('%') | LO('#'),
                         ALPHA_HI | HI('_') | HI('~') | HI('@')},
    [URISCAN_RFC3986] = SET_3986,
    [URISCAN_RFC3987] = SET_3986,
};

/* May c appear somewhere in a string of grammar g (a valid grammar)? */
static int allowed(enum uriscan_grammar g, unsigned char c)
{
	if (c >= 0x80)
		return g == URISCAN_RFC3987;
	return (int)((allowed_set[g][c >> 6] >> (c & 63)) & 1);
}

/* ------------------------------------------------------------------ */
/* Validate and parse                                                  */

static int is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

/* Name the syntax error at offset off of s[0..len). */
static int classify(enum uriscan_grammar g, const unsigned char *s,
                    size_t len, size_t off)
{
	if (off >= len)
		return URISCAN_E_INCOMPLETE;
	if (g == URISCAN_RFC3987) {
		/* a non-ASCII character allowed elsewhere goes on to the
		 * percent check below, as any other byte allowed elsewhere */
		int st = uriscan__utf8_classify(s, len, off);
		if (st == URISCAN_E_BAD_UTF8 || st == URISCAN_E_BAD_CHAR)
			return st;
	}
	if (!allowed(g, s[off]))
		return URISCAN_E_BAD_CHAR;
	/* '%' is only ever followed by two hex digits, so a machine that
	 * stopped one or two bytes after a '%' stopped inside an escape */
	if ((off >= 1 && s[off - 1] == '%') ||
	    (off >= 2 && s[off - 2] == '%' && is_hex(s[off - 1])))
		return URISCAN_E_BAD_PERCENT;
	return URISCAN_E_SYNTAX;
}

/* *u after a failed parse at off: nothing is reported but where it
 * failed. */
static void clear_failed(struct uriscan_uri *u, size_t off)
{
	u->present = 0;
	u->host_type = URISCAN_HOST_NONE;
	u->form = URISCAN_FORM_NONE;
	uriscan__clear_parts(u);
	u->error_offset = off;
}

int uriscan__rejected(enum uriscan_grammar g, const unsigned char *s,
                      size_t len, size_t off, struct uriscan_uri *u,
                      size_t *eo)
{
	if (u)
		clear_failed(u, off);
	if (eo)
		*eo = off;
	return classify(g, s, len, off);
}

int uriscan__twin_rejected(unsigned twin, const unsigned char *s, size_t len,
                           size_t off, struct uriscan_uri *u, size_t *eo)
{
	const enum uriscan_grammar g = URISCAN__TWIN_GRAMMAR(twin);
	const unsigned rule = URISCAN__TWIN_RULE(twin);

	if (off >= len || s[off] < 0x80)
		return uriscan__rejected(g, s, len, off, u, eo);
	/* the rule's own machine, a fresh call (*u reset as by run() below) */
	const struct uriscan__rule *r = &uriscan__gens[g]->rules[rule];
	if (u == NULL)
		return r->validate_own(s, s + len, eo);
	uriscan__uri_reset(u, g, rule);
	return r->parse_own(s, s + len, u, eo);
}

/* A rule without components asked for them: validated, *out cleared as
 * after a failed parse when it fails. */
static __attribute__((noinline)) int
validate_into(const struct uriscan__rule *r, const unsigned char *p,
              size_t len, struct uriscan_uri *out, size_t *error_offset)
{
	size_t eo = 0;
	int st = r->validate(p, p + len, &eo);

	if (st != URISCAN_OK) {
		clear_failed(out, eo);
		if (error_offset)
			*error_offset = eo;
	}
	return st;
}

/* A call after the grammar lookup, its checks in order, each with its
 * status: run()'s for any call but the common one. */
static __attribute__((noinline)) int
run_checked(const struct uriscan__gen *gen, enum uriscan_grammar g,
            unsigned rule, const char *s, size_t len, unsigned flags,
            struct uriscan_uri *out, size_t *error_offset)
{
	if (error_offset)
		*error_offset = 0;
	if (out)
		uriscan__uri_reset(out, g, rule);
	if ((unsigned)g >= URISCAN_GRAMMAR_COUNT)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (gen == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	if (flags != 0 || (s == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;
	if (rule >= gen->count)
		return URISCAN_E_RULE_UNKNOWN;

	const struct uriscan__rule *r = &gen->rules[rule];
	const unsigned char *p =
	    s ? (const unsigned char *)s : (const unsigned char *)"";
	if (out == NULL)
		return r->validate(p, p + len, error_offset);
	if (r->parse)
		return r->parse(p, p + len, out, error_offset);
	return validate_into(r, p, len, out, error_offset);
}

/* The whole of a call after the grammar lookup; inlined into the public
 * entry points (one call, one lookup per URL) and uriscan__run. The
 * common call (a grammar built, no flag, a non-NULL input under 4 GiB, a
 * rule the grammar has) passes one test and ends in a tail call of the
 * rule's machine, which does the rest (gen.h, GEN_STATUS): on a short
 * URL, saving registers across the call and testing its result
 * afterwards cost as much as the checks before it, and the checks one by
 * one, each for its status, cost 10 instructions more. Any other call
 * goes to run_checked, which names what is wrong. */
static inline __attribute__((always_inline)) int
run(const struct uriscan__gen *gen, enum uriscan_grammar g, unsigned rule,
    const char *s, size_t len, unsigned flags, struct uriscan_uri *out,
    size_t *error_offset)
{
	if ((unsigned)g < URISCAN_GRAMMAR_COUNT && gen != NULL &&
	    (flags | (s == NULL)) == 0 && len <= UINT32_MAX &&
	    rule < gen->count) {
		const struct uriscan__rule *r = &gen->rules[rule];
		const unsigned char *p = (const unsigned char *)s;
		if (error_offset)
			*error_offset = 0;
		if (out == NULL)
			return r->validate(p, p + len, error_offset);
		uriscan__uri_reset(out, g, rule);
		if (r->parse)
			return r->parse(p, p + len, out, error_offset);
		return validate_into(r, p, len, out, error_offset);
	}
	return run_checked(gen, g, rule, s, len, flags, out, error_offset);
}

int uriscan__run(const struct uriscan__gen *gen, enum uriscan_grammar g,
                 unsigned rule, const char *s, size_t len, unsigned flags,
                 struct uriscan_uri *out, size_t *error_offset)
{
	return run(gen, g, rule, s, len, flags, out, error_offset);
}

/* The status st of a validation into *err (not NULL). */
static int validated(struct uriscan_error *err, int st)
{
	return uriscan__error1(err, st, err->offset);
}

/* Without err, the machine's run is a tail call, as before the error
 * struct; with it, its status is stored after the run. */
int uriscan_validate_rule(enum uriscan_grammar g, unsigned rule,
                          const char *s, size_t len, unsigned flags,
                          struct uriscan_error *err)
{
	if (err == NULL)
		return run(uriscan__gen_get(g), g, rule, s, len, flags, NULL, NULL);
	return validated(err, run(uriscan__gen_get(g), g, rule, s, len, flags,
	                          NULL, &err->offset));
}

/* The top-rule entry points look the grammar up once (not again through
 * uriscan_rule_default): the per-call cost matters on short URLs. */

/* uriscan_validate with an error struct, apart (a tail call: five
 * arguments): the store after the run needs a frame, which the call
 * without one then paid for too. */
static __attribute__((noinline)) int
validate_err(enum uriscan_grammar g, const char *s, size_t len,
             unsigned flags, struct uriscan_error *err)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);

	return validated(err, run(gen, g, gen ? gen->default_rule : 0, s, len,
	                          flags, NULL, &err->offset));
}

int uriscan_validate(enum uriscan_grammar g, const char *s, size_t len,
                     unsigned flags, struct uriscan_error *err)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);

	if (err == NULL)
		return run(gen, g, gen ? gen->default_rule : 0, s, len, flags,
		           NULL, NULL);
	return validate_err(g, s, len, flags, err);
}

int uriscan_parse_rule(enum uriscan_grammar g, unsigned rule, const char *s,
                       size_t len, unsigned flags, struct uriscan_uri *out)
{
	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	return run(uriscan__gen_get(g), g, rule, s, len, flags, out, NULL);
}

int uriscan_parse(enum uriscan_grammar g, const char *s, size_t len,
                  unsigned flags, struct uriscan_uri *out)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);

	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	return run(gen, g, gen ? gen->default_rule : 0, s, len, flags, out,
	           NULL);
}

const char *uriscan_component(const struct uriscan_uri *u, const char *s,
                              unsigned c, size_t *len)
{
	if (len)
		*len = 0;
	if (u == NULL || c >= URISCAN_COMPONENT_COUNT || !URISCAN_HAS(u, c))
		return NULL;
	if (len)
		*len = u->part[c].len;
	return s ? s + u->part[c].off : NULL;
}
