/* SPDX-License-Identifier: MIT */
/*
 * grammar_opts.h: the grammar and rule a command was asked for (-g, -r), and the
 * fields each grammar defines (what JSON Lines output prints). Lookups
 * only; no output other than the error message before exiting.
 */
#ifndef URISCAN_CLI_GRAMMAR_H
#define URISCAN_CLI_GRAMMAR_H

#include <stdint.h>

#include "uriscan.h"

/* The grammar named (NULL: rfc3986). Unknown or not built: a message and
 * exit status 2. */
enum uriscan_grammar cli_grammar(const char *name);
/* The rule named in g (NULL: g's top rule). Unknown: a message and exit
 * status 2. */
unsigned cli_rule(enum uriscan_grammar g, const char *name);

/* The fields grammar g sets (the table of include/uriscan.h after enum
 * uriscan_component): bit (1u << c) for component c; form when it sets
 * uriscan_uri.form. A field not listed is never set by that grammar. */
struct grammar_fields {
	uint32_t components;
	int form;
};
const struct grammar_fields *cli_grammar_fields(enum uriscan_grammar g);

#endif
