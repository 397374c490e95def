/* SPDX-License-Identifier: MIT */
/*
 * opts.h: the options of the record commands parse, check, rules and
 * convert (one table: an option of another of them is "not valid with"
 * the command, not unknown). Scanning and checking only; no work.
 */
#ifndef URISCAN_CLI_OPTS_H
#define URISCAN_CLI_OPTS_H

enum {
	OPT_GRAMMAR = 1 << 0,
	OPT_RULE = 1 << 1,
	OPT_NULL = 1 << 2,
	OPT_QUIET = 1 << 3,
	OPT_FORMAT = 1 << 4,
	OPT_HELP = 1 << 5,
	OPT_ALL = 1 << 6,
	OPT_TO_URI = 1 << 7,
	OPT_TO_IRI = 1 << 8,
	OPT_IDNA = 1 << 9,
	OPT_UNRESERVED = 1 << 10,
	OPT_SCHEME_BASED = 1 << 11,
	OPT_IRI_DECODE = 1 << 12,
	OPT_BASE = 1 << 13,
	OPT_NON_STRICT = 1 << 14,
	OPT_GET = 1 << 15,
	OPT_STRICT_GET = 1 << 16,
	OPT_DENY = 1 << 17,
	OPT_ALLOW_UNREADABLE = 1 << 18,
};

enum format { FORMAT_JSONL, FORMAT_TSV, FORMAT_TSV_ALL };

struct cli_command;

struct opts {
	const char *command;
	const struct cli_command *cmd; /* its entry of the table (commands.h) */
	const char *grammar; /* NULL: rfc3986 */
	const char *rule;    /* NULL: the grammar's top rule */
	int null_data;
	int all_grammars; /* parse --all-grammars (cmd_all.c) */
	int quiet;
	enum format format;
	int format_given; /* --format was on the command line */
	char **files; /* the operands, in order (a subset of argv) */
	int nfiles;
	int to_uri, to_iri, idna, unreserved; /* convert */
	int scheme_based, iri_decode;         /* normalize */
	const char *base;                     /* resolve --base */
	int non_strict;                       /* resolve */
	const char *get;                      /* parse --get TEMPLATE */
	int strict_get;                       /* get, parse --get */
	const char *deny;                     /* check --deny LIST[,LIST...] */
	char *deny_joined; /* deny when several lists were joined (owned:
	                    * opts_free) */
	int allow_unreadable;                 /* check --allow-unreadable */
};

/* Free what o owns (the joined --deny lists). */
void opts_free(struct opts *o);

/* Fill o from argv[0..argc) (the arguments after the command name), with
 * the OPT_* options in `allowed`; --help prints the command's help
 * (opts_print_help) and exits. cmd is the command's entry of the table
 * (commands.h), from its own file: &cli_cmd_NAME. */
void opts_parse(struct opts *o, const struct cli_command *cmd, int argc,
                char **argv, int allowed);

/* `uriscan COMMAND --help`: cmd's synopsis and summary, and the options in
 * `allowed` (opts_help.c). */
void opts_print_help(const struct cli_command *cmd, int allowed);
/* The output formats of parse and the exit status, in uriscan --help and
 * uriscan parse --help (opts_help.c). */
extern const char cli_help_formats[];
/* The lines of text, the first after `first`, the others after `rest`. */
void opts_print_lines(const char *text, const char *first, const char *rest);

#endif
