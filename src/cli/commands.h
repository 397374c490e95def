/* SPDX-License-Identifier: MIT */
/*
 * commands.h: the command table of uriscan(1). The dispatcher, --help and
 * the "unknown command" message all come from it; it holds no code.
 *
 * Adding a command NAME:
 *   1. write cmd_NAME.c defining
 *        const struct cli_command cli_cmd_NAME = {"NAME", usage, summary, run};
 *      (run gets the arguments after NAME, reads its FILEs with input.h,
 *      writes with output.h, reports with report.h, returns the exit status)
 *      and add it to src/cli/meson.build;
 *   2. add X(NAME) to CLI_COMMANDS below, where it should appear in --help.
 * Nothing else changes: main.c needs no edit.
 */
#ifndef URISCAN_CLI_COMMANDS_H
#define URISCAN_CLI_COMMANDS_H

struct cli_command {
	const char *name;
	/* the synopsis lines of uriscan --help, each "uriscan NAME ..." and
	 * ending in '\n' (continuation lines are indented) */
	const char *usage;
	/* the entry of the Commands section of uriscan --help: lines after the
	 * name column, each ending in '\n' */
	const char *summary;
	/* argv: the arguments after the command name; returns the exit
	 * status. output.h is ready (out_init) and cli_set_command(name) set. */
	int (*run)(int argc, char **argv);
};

/* The table, in the order of --help. */
#define CLI_COMMANDS(X)                                                        \
	X(parse)                                                                   \
	X(check)                                                                   \
	X(rules)                                                                   \
	X(extract)                                                                 \
	X(log)                                                                     \
	X(convert)                                                                 \
	X(normalize)                                                               \
	X(rewrite)                                                                 \
	X(encode)                                                                  \
	X(decode)                                                                  \
	X(resolve)                                                                 \
	X(get)                                                                     \
	X(inspect)

/* Print uriscan --help to stdout (main.c). */
void cli_print_help(void);

#define CLI_DECLARE_COMMAND(name) extern const struct cli_command cli_cmd_##name;
CLI_COMMANDS(CLI_DECLARE_COMMAND)
#undef CLI_DECLARE_COMMAND

#endif
