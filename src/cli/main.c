/* SPDX-License-Identifier: MIT */
/*
 * main.c: uriscan(1)'s entry point: command dispatch, --help and --version
 * from the command table (commands.h). No command's work is done here.
 * The manual is docs/man/uriscan.1 and one page per command
 * (docs/man/uriscan-NAME.1); keep them in step.
 */
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "opts.h"
#include "output.h"
#include "report.h"

#ifndef URISCAN_CLI_VERSION
#define URISCAN_CLI_VERSION URISCAN_VERSION_STRING
#endif

#define CLI_TABLE_ENTRY(name) &cli_cmd_##name,
static const struct cli_command *const commands[] = {
    CLI_COMMANDS(CLI_TABLE_ENTRY)};
#undef CLI_TABLE_ENTRY
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static const char help_intro[] =
    "\n"
    "Validate and split URIs. A record is a line of the FILEs, or of standard\n"
    "input when there is no FILE or FILE is '-'. One trailing CR is stripped\n"
    "from each line; a last line without a newline is still a record.\n"
    "\n"
    "Commands:\n";
/* (several strings: ISO C caps a string literal at 4095 bytes) */
static const char help_options[] =
    "\n"
    "Options:\n"
    "(each command takes those that name it; 'uriscan COMMAND --help' lists\n"
    "a command's own)\n"
    "  -g, --grammar=GRAMMAR  all but convert: rfc3986 (default); 3986,\n"
    "                         RFC3986 and rfc-3986 work too ('uriscan rules')\n"
    "  -r, --rule=RULE        parse, check: match the records against this\n"
    "                         ABNF rule of the grammar (default: its top rule,\n"
    "                         URI-reference for RFC 3986), e.g. -r IPv6address\n"
    "  -z, --null             parse check convert normalize resolve get:\n"
    "                         records end with a NUL byte instead of a newline\n"
    "                         (as grep -z); nothing is stripped\n"
    "  -q, --quiet            check: print nothing, only set the exit status\n"
    "      --deny=LIST        check: deny records by address class or\n"
    "                         flag:NAME, and those whose host cannot be read\n"
    "      --allow-unreadable check --deny: let unreadable hosts pass\n"
    "      --format=FORMAT    the output format: parse: jsonl (default), tsv\n"
    "                         or tsv-all; inspect: jsonl (default) or tsv;\n"
    "                         normalize, resolve: jsonl (objects\n"
    "                         with the components of the result); extract:\n"
    "                         tsv (default) or jsonl; log: jsonl (default) or\n"
    "                         tsv\n"
    "      --all-grammars     parse: which grammars accept each record and\n"
    "                         where their splits differ (JSON Lines)\n"
    "      --get=TEMPLATE     parse: print TEMPLATE per record, as 'get'\n"
    "      --strict-get       get, parse --get: a record without a field of\n"
    "                         TEMPLATE is an error\n"
    "      --to-uri, --to-iri convert: the direction (one is required)\n"
    "      --idna             convert --to-uri: non-ASCII reg-name hosts by\n"
    "                         IDNA ToASCII (needs a library built with libidn2)\n"
    "      --decode-unreserved  convert --to-iri: also decode %41 etc. (ALPHA\n"
    "                         DIGIT - . _ ~), as RFC 3987 3.2 step 2 does\n"
    "      --scheme-based     normalize: also the RFC 3986 6.2.3 steps\n"
    "      --iri-decode       normalize -g rfc3987: decode percent-encoded UTF-8\n"
    "      --base=BASE        resolve: the base URI (required)\n"
    "      --non-strict       resolve: a reference with BASE's scheme is\n"
    "                         resolved as if it had none (RFC 3986 5.2.2)\n"
    "  -o, --only-matching    extract: print only the URL of each match\n"
    "  -u, --unique           extract: only the first appearance of each URL\n"
    "  -c, --count            extract: only the number of matches (-c -u: of\n"
    "                         distinct URLs)\n"
    "      --top=N            extract: the N most frequent hosts; log\n"
    "                         --summary: referer hosts and paths (0: all)\n"
    "  -j, --jobs=N           extract: N threads over large regular files\n"
    "      --no-trim          extract: keep trailing punctuation\n"
    "      --opaque[=LIST]    extract: also scheme:... without '//'\n"
    "      --max-length=N     extract: longer URLs are reported truncated\n"
    "      --keep-cut         extract: keep matches cut short by a letter,\n"
    "                         digit or non-ASCII byte, marked\n"
    "      --defanged         extract: also URLs written defanged\n"
    "                         (hxxps://evil[.]com), refanged, marked\n"
    "      --normalize        extract, log --summary: count normal forms\n"
    "      --hosts            extract, log: add what each host means (the\n"
    "                         fields of inspect: ip ip_class site flags...);\n"
    "                         log --summary: counts by ip_class and flag\n"
    "      --log-format=FMT   log: the input, combined, common or auto\n"
    "      --summary          log: counts and top lists instead of records\n"
    "  -v, --verbose          log: show the lines not in the format\n";
/* the rewriting commands' options, then -h and --version */
static const char help_options_rewrite[] =
    "      --set=COMPONENT=VALUE, --remove-component=COMPONENT  rewrite: set\n"
    "                         or remove a component\n"
    "      --query-set=KEY=VALUE, --query-append=KEY=VALUE,\n"
    "      --query-remove=GLOB, --query-keep=GLOB,..., --query-sort  rewrite,\n"
    "                         extract, log: edit the query; the other pairs\n"
    "                         are copied byte for byte\n"
    "      --strip-tracking[=FILE]  rewrite, extract, log: remove utm_*,\n"
    "                         gclid, fbclid... (uriscan-rewrite(1))\n"
    "      --drop-fragment, --drop-default-port, --lower  rewrite, extract,\n"
    "                         log: drop the fragment, the default port; the\n"
    "                         scheme and host in lower case\n"
    "      --query-icase, --semicolon, --keep-empty-query  rewrite, extract,\n"
    "                         log: keys ignore case; ';' separates pairs;\n"
    "                         keep an empty '?'\n"
    "      --form             rewrite, encode, decode: '+' is a space\n"
    "  -c, --component=COMPONENT  encode: where the bytes go (path, query-\n"
    "                         value, ...)\n"
    "      --all-percent      encode: encode every '%'\n"
    "      --lenient          decode: a malformed escape stays as it is\n"
    "  -h, --help             print this help (after a command: its own)\n"
    "      --version          print the versions and exit\n"
    "\n";
void cli_print_help(void)
{
	const char *first = "Usage: ";

	for (size_t i = 0; i < N_COMMANDS; i++) {
		opts_print_lines(commands[i]->usage, first, "       ");
		first = "       ";
	}
	out_str(first);
	OUT_LIT("uriscan --help | --version\n");
	out_str(help_intro);
	for (size_t i = 0; i < N_COMMANDS; i++) {
		char name[11] = "          ";
		size_t n = strlen(commands[i]->name);

		if (n > 7) { /* no room for a space after it: a line of its own */
			OUT_LIT("  ");
			out_str(commands[i]->name);
			out_char('\n');
			opts_print_lines(commands[i]->summary, "          ", "          ");
			continue;
		}
		memcpy(name + 2, commands[i]->name, n);
		opts_print_lines(commands[i]->summary, name, "          ");
	}
	out_str(help_options);
	out_str(help_options_rewrite);
	out_str(cli_help_formats);
	out_flush();
}

static void print_version(void)
{
	out_str("uriscan " URISCAN_CLI_VERSION "\n");
	OUT_LIT("library (run time): liburiscan ");
	out_str(uriscan_version_string());
	out_str("\nheader (build time): uriscan.h " URISCAN_VERSION_STRING "\n");
	OUT_LIT("public suffix list: ");
	out_str(uriscan_psl_version());
	OUT_LIT("\n");
	out_flush();
}

/* "parse, check, ... or convert": every command of the table. */
static const char *command_list(void)
{
	static char list[256];
	size_t at = 0;

	for (size_t i = 0; i < N_COMMANDS; i++) {
		const char *sep = i == 0 ? "" : i + 1 == N_COMMANDS ? " or " : ", ";
		size_t need = strlen(sep) + strlen(commands[i]->name);

		if (at + need >= sizeof list)
			break;
		memcpy(list + at, sep, strlen(sep));
		at += strlen(sep);
		memcpy(list + at, commands[i]->name, strlen(commands[i]->name));
		at += strlen(commands[i]->name);
	}
	list[at] = '\0';
	return list;
}

int main(int argc, char **argv)
{
	const char *cmd;

	out_init();
	if (argc < 2)
		cli_usage_error("missing command (%s)", command_list());
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		cli_print_help();
		return EXIT_SUCCESS;
	}
	if (strcmp(cmd, "--version") == 0) {
		print_version();
		return EXIT_SUCCESS;
	}
	for (size_t i = 0; i < N_COMMANDS; i++) {
		if (strcmp(cmd, commands[i]->name) == 0) {
			cli_set_command(commands[i]->name);
			return commands[i]->run(argc - 2, argv + 2);
		}
	}
	if (cmd[0] == '-')
		cli_usage_error("unknown option '%s'", cmd);
	cli_usage_error("unknown command '%s' (%s)", cmd, command_list());
}
