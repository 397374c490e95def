/* SPDX-License-Identifier: MIT */
/*
 * args.h: the option scanner shared by uriscan's commands. It only scans;
 * what an option means is the command's business.
 *
 * Options may come before, between or after the FILEs; "--" ends them and
 * "-" is a FILE (standard input). Short options cluster ("-zq") and take
 * their argument attached or as the next word ("-g3986", "-g 3986"); long
 * ones as "--grammar=3986" or "--grammar 3986"; an optional argument only
 * as "--opaque=LIST".
 */
#ifndef URISCAN_CLI_ARGS_H
#define URISCAN_CLI_ARGS_H

#include <stddef.h>

enum { CLI_ARG_NONE = 0, CLI_ARG_REQUIRED = 1, CLI_ARG_OPTIONAL = 2 };

struct cli_optdef {
	char short_name;       /* 0: long form only */
	const char *long_name;
	int arg;               /* CLI_ARG_* (optional: long form only), with
	                        * CLI_REPEAT or'ed in: each occurrence goes
	                        * to set(); without it an option with an
	                        * argument given again with another argument
	                        * is a usage error */
	int id;                /* the caller's */
};

enum { CLI_ARG_KIND = 3, CLI_REPEAT = 4 };
/* At most this many options in one table (the scanner's memory of the
 * arguments given). */
#define CLI_OPTDEFS_MAX 64

/* Called for each option in order: spelled is the option as written
 * ("-g", "--grammar=x"), arg its argument or NULL. */
typedef void (*cli_set_fn)(void *ctx, const struct cli_optdef *d,
                           const char *spelled, const char *arg);

/*
 * Scan argv[0..argc): options go to set(), the operands (FILEs) are moved,
 * in order, to the front of argv. Returns their number. An unknown option
 * or a missing or extra argument is a usage error (report.h), and so is
 * an option without CLI_REPEAT given twice with different arguments
 * ("-g 3986 -g 3987": which one was meant cannot be told); given twice
 * with the same argument, it is taken once.
 */
int cli_parse_args(const struct cli_optdef *defs, size_t ndefs, int argc,
                   char **argv, cli_set_fn set, void *ctx);

/* The name of option d as the user wrote it, without its argument ("-c"
 * or "--count"), in out (CLI_OPT_NAME_MAX bytes, truncated if need be):
 * what a conflict names. */
#define CLI_OPT_NAME_MAX 32
void cli_opt_name(const struct cli_optdef *d, const char *spelled,
                  char out[CLI_OPT_NAME_MAX]);

/* "options 'A' and 'B' cannot be used together (WHY)" and exit status 2,
 * when a and b are both non-empty (option names from cli_opt_name; an
 * empty name: not given). */
void cli_conflict(const char *a, const char *b, const char *why);

#endif
