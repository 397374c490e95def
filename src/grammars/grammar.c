/* SPDX-License-Identifier: MIT */
/*
 * grammar.c: the tables of the public API: versions, statuses, grammars and
 * their rules, component/host-type/kind names. Constant data, no parsing.
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
/* Byte classes of the generated machines' fast paths (src/grammars/gen.h)      */

/* bit 1: unreserved / sub-delims / ":" / "@" (a plain pchar);
 * bit 2: the same and "/" / "?" (a plain query or fragment byte);
 * bit 4: unreserved / sub-delims (a plain reg-name byte);
 * RFC 1738's (its unreserved has no "~"; uchar = unreserved | escape):
 * bit 8: unreserved / reserved (xchar);
 * bit 16: unreserved / ";" / ":" / "@" / "&" / "=" / "/" (an hpath byte);
 * bit 32: the same but "/" (a search or hsegment byte);
 * bit 64: unreserved / "?" / ":" / "@" / "&" / "=" / "/" (an fpath byte);
 * bit 128: bit 1 and "/" (a plain byte of a path after its start: RFC
 * 3986/3987 segments and their slashes, RFC 2396's path_segments);
 * bit 256: ALPHA / DIGIT (a byte inside an RFC 2396 hostname label). */
const unsigned short uriscan__gen_class[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 255, 0, 0, 255, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 218,
	511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 251, 191, 0, 255, 0, 74,
	251, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511,
	511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 0, 0, 0, 0, 255,
	0, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511,
	511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 511, 0, 0, 0, 135, 0,
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

struct grammar_desc {
	const char *name;
	const char *number; /* "3986" */
	const char *description;
};

static const struct grammar_desc grammars[URISCAN_GRAMMAR_COUNT] = {
	[URISCAN_RFC1738] = {"rfc1738", "1738",
	                     "RFC 1738 URLs (generic and scheme-specific rules)"},
	[URISCAN_RFC2396] = {"rfc2396", "2396",
	                     "RFC 2396 generic URI syntax (1998)"},
	[URISCAN_RFC3986] = {"rfc3986", "3986",
	                     "RFC 3986 URI generic syntax (STD 66)"},
	[URISCAN_RFC3987] = {"rfc3987", "3987",
	                     "RFC 3987 IRIs (internationalized, UTF-8)"},
};

const struct uriscan__gen *const uriscan__gens[URISCAN_GRAMMAR_COUNT] = {
#if URISCAN_HAVE_RFC1738
	[URISCAN_RFC1738] = &uriscan__gen_rfc1738_main,
#endif
#if URISCAN_HAVE_RFC2396
	[URISCAN_RFC2396] = &uriscan__gen_rfc2396_main,
#endif
#if URISCAN_HAVE_RFC3986
	[URISCAN_RFC3986] = &uriscan__gen_rfc3986_main,
#endif
#if URISCAN_HAVE_RFC3987
	[URISCAN_RFC3987] = &uriscan__gen_rfc3987_main,
#endif
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
	return uriscan__gen_get(g) != NULL;
}

/* ------------------------------------------------------------------ */
/* Rules                                                               */

int uriscan__grammar_gen(enum uriscan_grammar g,
                         const struct uriscan__gen **gen)
{
	if (grammar_get(g) == NULL)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if ((*gen = uriscan__gen_get(g)) == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	return URISCAN_OK;
}

unsigned uriscan_rule_count(enum uriscan_grammar g)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);
	return gen ? gen->count : 0;
}

const char *uriscan_rule_name(enum uriscan_grammar g, unsigned i)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);
	if (gen == NULL || i >= gen->count)
		return NULL;
	return gen->rules[i].name;
}

unsigned uriscan_rule_default(enum uriscan_grammar g)
{
	const struct uriscan__gen *gen = uriscan__gen_get(g);
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
	const struct uriscan__gen *gen = uriscan__gen_get(g);
	if (name == NULL || rule == NULL)
		return URISCAN_E_INVALID_ARG;
	if (grammar_get(g) == NULL)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (gen == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	for (unsigned i = 0; i < gen->count; i++) {
		if (rule_name_eq(gen->rules[i].name, name)) {
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
