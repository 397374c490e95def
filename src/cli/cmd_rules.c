/* SPDX-License-Identifier: MIT */
/*
 * cmd_rules.c: `uriscan rules [-g GRAMMAR]`, the grammars and their rule
 * names as the library reports them. Reads no input.
 */
#include <stdlib.h>

#include "uriscan.h"

#include "commands.h"
#include "grammar_opts.h"
#include "opts.h"
#include "output.h"
#include "report.h"

/* The rule names of g, one a line. */
static void list_rules(enum uriscan_grammar g)
{
	for (unsigned i = 0; i < uriscan_rule_count(g); i++) {
		out_str(uriscan_rule_name(g, i));
		out_char('\n');
	}
}

/* Every grammar with its state and description, then its rules. */
static void list_grammars(void)
{
	for (unsigned gi = 0; gi < URISCAN_GRAMMAR_COUNT; gi++) {
		enum uriscan_grammar g = (enum uriscan_grammar)gi;
		int avail = uriscan_grammar_available(g);
		const char *gname = uriscan_grammar_name(g);

		out_str(gname);
		out_str(avail ? "\tavailable\t" : "\tnot built\t");
		out_str(uriscan_grammar_description(g));
		out_char('\n');
		if (!avail)
			continue;
		for (unsigned i = 0; i < uriscan_rule_count(g); i++) {
			out_str(gname);
			out_char('\t');
			out_str(uriscan_rule_name(g, i));
			if (i == uriscan_rule_default(g))
				OUT_LIT(" (default)");
			out_char('\n');
		}
	}
}

static int cmd_rules(int argc, char **argv)
{
	struct opts o;

	opts_parse(&o, &cli_cmd_rules, argc, argv, OPT_GRAMMAR | OPT_HELP);
	if (o.nfiles > 0)
		cli_usage_error("'rules' takes no operand ('%s')", o.files[0]);
	if (o.grammar != NULL)
		list_rules(cli_grammar(o.grammar));
	else
		list_grammars();
	out_flush();
	return EXIT_SUCCESS;
}

const struct cli_command cli_cmd_rules = {
    "rules",
    "uriscan rules [-g GRAMMAR]\n",
    "list grammars and rules; with -g, that grammar's rule names\n",
    cmd_rules,
};
