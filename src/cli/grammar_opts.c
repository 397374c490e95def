/* SPDX-License-Identifier: MIT */
/*
 * grammar_opts.c: -g and -r lookups and the fields of each grammar (grammar_opts.h).
 * Holds no state; prints only the message of a bad -g or -r.
 */
#include "grammar_opts.h"

#include <stdlib.h>

#include "report.h"

enum uriscan_grammar cli_grammar(const char *name)
{
	enum uriscan_grammar g;

	if (name == NULL)
		name = "rfc3986";
	if (uriscan_grammar_from_name(name, &g) != URISCAN_OK) {
		cli_error("unknown grammar '%s' (try 'uriscan rules')", name);
		exit(EXIT_TROUBLE);
	}
	if (!uriscan_grammar_available(g)) {
		cli_error("grammar '%s' is not built into this library (%s); "
		          "try 'uriscan rules'",
		          uriscan_grammar_name(g), uriscan_version_string());
		exit(EXIT_TROUBLE);
	}
	return g;
}

unsigned cli_rule(enum uriscan_grammar g, const char *name)
{
	unsigned rule;

	if (name == NULL)
		return uriscan_rule_default(g);
	if (uriscan_rule_from_name(g, name, &rule) != URISCAN_OK) {
		cli_error("unknown rule '%s' for grammar %s (try 'uriscan rules "
		          "-g %s')",
		          name, uriscan_grammar_name(g), uriscan_grammar_name(g));
		exit(EXIT_TROUBLE);
	}
	return rule;
}

#define BIT(c) (1u << (c))
/* RFC 3986 section 3: scheme .. fragment */
#define GENERIC                                                                \
	(BIT(URISCAN_SCHEME) | BIT(URISCAN_AUTHORITY) | BIT(URISCAN_USERINFO) |    \
	 BIT(URISCAN_HOST) | BIT(URISCAN_PORT) | BIT(URISCAN_PATH) |               \
	 BIT(URISCAN_QUERY) | BIT(URISCAN_FRAGMENT))

/* As the comment after enum uriscan_component in uriscan.h says; RFC 3986
 * sets form for the RFC 9112 request-target rules, RFC 3987 never. */
static const struct grammar_fields fields[URISCAN_GRAMMAR_COUNT] = {
    [URISCAN_RFC1738] = {(GENERIC & ~BIT(URISCAN_FRAGMENT)) | BIT(URISCAN_USER) |
                             BIT(URISCAN_PASSWORD) | BIT(URISCAN_FTPTYPE) |
                             BIT(URISCAN_GTYPE) | BIT(URISCAN_SELECTOR) |
                             BIT(URISCAN_GOPHER_PLUS) | BIT(URISCAN_GROUP) |
                             BIT(URISCAN_ARTICLE) | BIT(URISCAN_DATABASE) |
                             BIT(URISCAN_WTYPE) | BIT(URISCAN_WPATH) |
                             BIT(URISCAN_FIELDSPECS) | BIT(URISCAN_ADDRESS),
                         1},
    [URISCAN_RFC2396] = {GENERIC | BIT(URISCAN_REG_NAME), 1},
    [URISCAN_RFC3986] = {GENERIC, 1},
    [URISCAN_RFC3987] = {GENERIC, 0},
};

const struct grammar_fields *cli_grammar_fields(enum uriscan_grammar g)
{
	return &fields[(unsigned)g < URISCAN_GRAMMAR_COUNT ? g : URISCAN_RFC3986];
}
