/*
 * parse.c: validate and parse: argument and length checks, the dispatch to
 * a rule's machine, and the status naming where it failed. No allocation.
 */
#include <string.h>

#include "internal.h"
#include "uri_reset.h"

/* ------------------------------------------------------------------ */
/* The bytes of each grammar                                           */

/* Bytes that may appear somewhere in an RFC 3986 URI reference: unreserved,
 * reserved and '%'. Any other byte is URISCAN_E_BAD_CHAR. */
static int allowed_3986(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != 0 && strchr("-._~:/?#[]@!$&'()*+,;=%", c) != NULL;
}

/* RFC 2396: uric (reserved, unreserved, '%'), and '#' between a URI and
 * its fragment ('~' is a mark). Not '[' ']': RFC 2732 added them. */
static int allowed_2396(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != 0 && strchr("-_.!~*'();/?:@&=+$,%#", c) != NULL;
}

/* RFC 1738: xchar (unreserved, reserved, '%'). national ('~', '{', ...)
 * and punctuation ('#', '<', ...) appear in no URL: they are bad_char even
 * for the rules named national and punctuation. */
static int allowed_1738(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != 0 && strchr("$-_.+!*'(),;/?:@&=%", c) != NULL;
}

/* RFC 3987: as RFC 3986 for ASCII; a byte >= 0x80 may be part of a ucschar
 * or iprivate (invalid UTF-8 is named by uriscan__utf8_classify first). */
static int allowed_3987(unsigned char c)
{
	return c >= 0x80 || allowed_3986(c);
}

/* May c appear somewhere in a string of grammar g? */
static int allowed(enum uriscan_grammar g, unsigned char c)
{
	switch (g) {
	case URISCAN_RFC1738:
		return allowed_1738(c);
	case URISCAN_RFC2396:
		return allowed_2396(c);
	case URISCAN_RFC3987:
		return allowed_3987(c);
	case URISCAN_RFC3986:
	default:
		return allowed_3986(c);
	}
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

/* The whole of a call after the grammar lookup; inlined into the public
 * entry points (one call, one lookup per URL) and uriscan__run. */
static inline __attribute__((always_inline)) int
run(const struct uriscan__gen *gen, enum uriscan_grammar g, unsigned rule,
    const char *s, size_t len, unsigned flags, struct uriscan_uri *out,
    size_t *error_offset)
{
	size_t eo = 0;
	int ok;

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
	if (out && r->parse) {
		ok = r->parse(p, p + len, out, &eo);
		if (ok && (r->flags & URISCAN__RULE_REF))
			out->kind = URISCAN_HAS(out, URISCAN_SCHEME)
			                ? URISCAN_KIND_URI
			                : URISCAN_KIND_RELATIVE;
	} else {
		ok = r->validate(p, p + len, &eo);
	}
	if (ok)
		return URISCAN_OK;
	if (out) {
		/* nothing of a failed parse is reported but where it failed */
		out->present = 0;
		out->host_type = URISCAN_HOST_NONE;
		out->form = URISCAN_FORM_NONE;
		uriscan__clear_parts(out);
		out->error_offset = eo;
	}
	if (error_offset)
		*error_offset = eo;
	return classify(g, p, len, eo);
}

int uriscan__run(const struct uriscan__gen *gen, enum uriscan_grammar g,
                 unsigned rule, const char *s, size_t len, unsigned flags,
                 struct uriscan_uri *out, size_t *error_offset)
{
	return run(gen, g, rule, s, len, flags, out, error_offset);
}

int uriscan_validate_rule(enum uriscan_grammar g, unsigned rule,
                          const char *s, size_t len, unsigned flags,
                          size_t *error_offset)
{
	return run(uriscan__gen_get(g), g, rule, s, len, flags, NULL,
	           error_offset);
}

/* The top-rule entry points look the grammar up once (not again through
 * uriscan_rule_default): the per-call cost matters on short URLs. */
int uriscan_validate(enum uriscan_grammar g, const char *s, size_t len,
                     unsigned flags, size_t *error_offset)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);

	return run(gen, g, gen ? gen->default_rule : 0, s, len, flags, NULL,
	           error_offset);
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
