/*
 * uriscan.c: the public API on top of the generated machines: grammar and
 * rule lookup, status table, validate and parse.
 */
#include <string.h>

#include "internal.h"
#include "uriscan-config.h"

/* ------------------------------------------------------------------ */
/* Versions and statuses                                               */

unsigned uriscan_version(void)
{
	return URISCAN_VERSION_HEX;
}

const char *uriscan_version_string(void)
{
	return URISCAN_VERSION_STRING;
}

static const struct {
	const char *name;
	const char *message;
} status_table[] = {
#define STATUS_ROW_(n, e, name, msg) [n] = {name, msg},
	URISCAN_STATUS_MAP(STATUS_ROW_)
#undef STATUS_ROW_
};

const char *uriscan_status_name(int status)
{
	if (status < 0 || status >= URISCAN_STATUS_LAST)
		return "unknown";
	return status_table[status].name;
}

const char *uriscan_strerror(int status)
{
	if (status < 0 || status >= URISCAN_STATUS_LAST)
		return "unknown status code";
	return status_table[status].message;
}

/* ------------------------------------------------------------------ */
/* Byte classes of the generated machines' fast paths (src/gen.h)      */

/* bit 1: unreserved / sub-delims / ":" / "@" (a plain pchar);
 * bit 2: the same and "/" / "?" (a plain query or fragment byte);
 * bit 4: unreserved / sub-delims (a plain reg-name byte). */
const unsigned char uriscan__gen_class[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 7, 0, 0, 7, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2,
	7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 3, 7, 0, 7, 0, 2,
	3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
	7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 7,
	0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
	7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 7, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* ------------------------------------------------------------------ */
/* Grammars                                                            */

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

struct grammar_desc {
	const char *name;
	const char *number; /* "3986" */
	const char *description;
	const struct uriscan__gen *gen; /* NULL: not built */
	int (*allowed)(unsigned char c);
};

static const struct grammar_desc grammars[URISCAN_GRAMMAR_COUNT] = {
	[URISCAN_RFC1738] = {"rfc1738", "1738",
	                     "RFC 1738 URLs (generic and scheme-specific rules)",
#if URISCAN_HAVE_RFC1738
	                     &uriscan__gen_rfc1738_main,
#else
	                     NULL,
#endif
	                     allowed_1738},
	[URISCAN_RFC2396] = {"rfc2396", "2396",
	                     "RFC 2396 generic URI syntax (1998)",
#if URISCAN_HAVE_RFC2396
	                     &uriscan__gen_rfc2396_main,
#else
	                     NULL,
#endif
	                     allowed_2396},
	[URISCAN_RFC3986] = {"rfc3986", "3986",
	                     "RFC 3986 URI generic syntax (STD 66)",
#if URISCAN_HAVE_RFC3986
	                     &uriscan__gen_rfc3986_main,
#else
	                     NULL,
#endif
	                     allowed_3986},
	[URISCAN_RFC3987] = {"rfc3987", "3987",
	                     "RFC 3987 IRIs (internationalized, UTF-8)",
#if URISCAN_HAVE_RFC3987
	                     &uriscan__gen_rfc3987_main,
#else
	                     NULL,
#endif
	                     allowed_3987},
};

static const struct grammar_desc *grammar_get(enum uriscan_grammar g)
{
	if ((unsigned)g >= URISCAN_GRAMMAR_COUNT)
		return NULL;
	return &grammars[g];
}

const char *uriscan_grammar_name(enum uriscan_grammar g)
{
	const struct grammar_desc *d = grammar_get(g);
	return d ? d->name : "unknown";
}

const char *uriscan_grammar_description(enum uriscan_grammar g)
{
	const struct grammar_desc *d = grammar_get(g);
	return d ? d->description : "unknown grammar";
}

static int lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

int uriscan_grammar_from_name(const char *name, enum uriscan_grammar *g)
{
	if (name == NULL || g == NULL)
		return URISCAN_E_INVALID_ARG;
	/* optional "rfc" prefix, optional separator, then the number */
	if (lower(name[0]) == 'r' && lower(name[1]) == 'f' &&
	    lower(name[2]) == 'c') {
		name += 3;
		if (*name == '-' || *name == '_' || *name == ' ')
			name++;
	}
	for (unsigned i = 0; i < URISCAN_GRAMMAR_COUNT; i++) {
		if (strcmp(name, grammars[i].number) == 0) {
			*g = (enum uriscan_grammar)i;
			return URISCAN_OK;
		}
	}
	return URISCAN_E_GRAMMAR_UNKNOWN;
}

int uriscan_grammar_available(enum uriscan_grammar g)
{
	const struct grammar_desc *d = grammar_get(g);
	return d != NULL && d->gen != NULL;
}

/* ------------------------------------------------------------------ */
/* Rules                                                               */

static const struct uriscan__gen *gen_get(enum uriscan_grammar g)
{
	const struct grammar_desc *d = grammar_get(g);
	return d ? d->gen : NULL;
}

int uriscan__grammar_gen(enum uriscan_grammar g,
                         const struct uriscan__gen **gen)
{
	const struct grammar_desc *d = grammar_get(g);
	if (d == NULL)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (d->gen == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	*gen = d->gen;
	return URISCAN_OK;
}

unsigned uriscan_rule_count(enum uriscan_grammar g)
{
	const struct uriscan__gen *gen = gen_get(g);
	return gen ? gen->count : 0;
}

const char *uriscan_rule_name(enum uriscan_grammar g, unsigned i)
{
	const struct uriscan__gen *gen = gen_get(g);
	if (gen == NULL || i >= gen->count)
		return NULL;
	return gen->rules[i].name;
}

unsigned uriscan_rule_default(enum uriscan_grammar g)
{
	const struct uriscan__gen *gen = gen_get(g);
	return gen ? gen->default_rule : 0;
}

/* ABNF rule names are case-insensitive; '_' stands for '-'. */
static int rule_name_eq(const char *rfc, const char *asked)
{
	for (;; rfc++, asked++) {
		int a = lower((unsigned char)*rfc);
		int b = lower((unsigned char)*asked);
		if (a == '_')
			a = '-';
		if (b == '_')
			b = '-';
		if (a != b)
			return 0;
		if (a == 0)
			return 1;
	}
}

int uriscan_rule_from_name(enum uriscan_grammar g, const char *name,
                           unsigned *rule)
{
	const struct grammar_desc *d = grammar_get(g);
	if (name == NULL || rule == NULL)
		return URISCAN_E_INVALID_ARG;
	if (d == NULL)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (d->gen == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	for (unsigned i = 0; i < d->gen->count; i++) {
		if (rule_name_eq(d->gen->rules[i].name, name)) {
			*rule = i;
			return URISCAN_OK;
		}
	}
	return URISCAN_E_RULE_UNKNOWN;
}

/* ------------------------------------------------------------------ */
/* Components                                                          */

const char *uriscan_component_name(unsigned c)
{
	static const char *const names[URISCAN_COMPONENT_COUNT] = {
	    "scheme",   "authority", "userinfo",    "host",       "port",
	    "path",     "query",     "fragment",    "reg_name",   "user",
	    "password", "ftptype",   "gtype",       "selector",   "gopher_plus",
	    "group",    "article",   "database",    "wtype",      "wpath",
	    "fieldspecs", "address"};
	return c < URISCAN_COMPONENT_COUNT ? names[c] : "unknown";
}

const char *uriscan_host_type_name(enum uriscan_host_type t)
{
	switch (t) {
	case URISCAN_HOST_IPV4:
		return "ipv4";
	case URISCAN_HOST_IPV6:
		return "ipv6";
	case URISCAN_HOST_IPVFUTURE:
		return "ipvfuture";
	case URISCAN_HOST_REGNAME:
		return "reg-name";
	case URISCAN_HOST_HOSTNAME:
		return "hostname";
	case URISCAN_HOST_NONE:
		break;
	}
	return "none";
}

const char *uriscan_kind_name(enum uriscan_kind k)
{
	switch (k) {
	case URISCAN_KIND_URI:
		return "uri";
	case URISCAN_KIND_RELATIVE:
		return "relative-ref";
	case URISCAN_KIND_NONE:
		break;
	}
	return "none";
}

/* ------------------------------------------------------------------ */
/* Validate and parse                                                  */

static int is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}

/* Name the syntax error at offset off of s[0..len). */
static int classify(const struct grammar_desc *d, const unsigned char *s,
                    size_t len, size_t off)
{
	if (off >= len)
		return URISCAN_E_INCOMPLETE;
	if (d == &grammars[URISCAN_RFC3987]) {
		/* a non-ASCII character allowed elsewhere goes on to the
		 * percent check below, as any other byte allowed elsewhere */
		int st = uriscan__utf8_classify(s, len, off);
		if (st == URISCAN_E_BAD_UTF8 || st == URISCAN_E_BAD_CHAR)
			return st;
	}
	if (!d->allowed(s[off]))
		return URISCAN_E_BAD_CHAR;
	/* '%' is only ever followed by two hex digits, so a machine that
	 * stopped one or two bytes after a '%' stopped inside an escape */
	if ((off >= 1 && s[off - 1] == '%') ||
	    (off >= 2 && s[off - 2] == '%' && is_hex(s[off - 1])))
		return URISCAN_E_BAD_PERCENT;
	return URISCAN_E_SYNTAX;
}

int uriscan__run(const struct uriscan__gen *gen, enum uriscan_grammar g,
                 unsigned rule, const char *s, size_t len, unsigned flags,
                 struct uriscan_uri *out, size_t *error_offset)
{
	const struct grammar_desc *d = grammar_get(g);
	size_t eo = 0;
	int ok;

	if (error_offset)
		*error_offset = 0;
	if (out) {
		out->present = 0;
		out->grammar = g;
		out->rule = rule;
		out->host_type = URISCAN_HOST_NONE;
		out->kind = URISCAN_KIND_NONE;
		out->form = URISCAN_FORM_NONE;
		out->error_offset = 0;
		memset(out->part, 0,
		       sizeof(out->part[0]) * URISCAN_COMPONENT_COUNT);
	}
	if (d == NULL)
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
		memset(out->part, 0,
		       sizeof(out->part[0]) * URISCAN_COMPONENT_COUNT);
		out->error_offset = eo;
	}
	if (error_offset)
		*error_offset = eo;
	return classify(d, p, len, eo);
}

int uriscan_validate_rule(enum uriscan_grammar g, unsigned rule,
                          const char *s, size_t len, unsigned flags,
                          size_t *error_offset)
{
	return uriscan__run(gen_get(g), g, rule, s, len, flags, NULL,
	                    error_offset);
}

int uriscan_validate(enum uriscan_grammar g, const char *s, size_t len,
                     unsigned flags, size_t *error_offset)
{
	return uriscan_validate_rule(g, uriscan_rule_default(g), s, len, flags,
	                             error_offset);
}

int uriscan_parse_rule(enum uriscan_grammar g, unsigned rule, const char *s,
                       size_t len, unsigned flags, struct uriscan_uri *out)
{
	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	return uriscan__run(gen_get(g), g, rule, s, len, flags, out, NULL);
}

int uriscan_parse(enum uriscan_grammar g, const char *s, size_t len,
                  unsigned flags, struct uriscan_uri *out)
{
	return uriscan_parse_rule(g, uriscan_rule_default(g), s, len, flags,
	                          out);
}
