/* SPDX-License-Identifier: MIT */
/*
 * opts_help.c: `uriscan COMMAND --help` for the record commands (parse,
 * check, rules, convert, normalize, resolve, get): the command's synopsis
 * and summary from its table entry (commands.h), then the options it
 * takes, one entry per OPT_* bit it allows (opts.h), so that the list is
 * the one opts_parse accepts; and the text on parse's output formats and
 * the exit status (cli_help_formats) that uriscan --help ends with too.
 * Output only.
 */
#include <string.h>

#include "commands.h"
#include "opts.h"
#include "output.h"

struct opt_help {
	int id;
	const char *text; /* its lines, each ending in '\n' */
};

/* In the order of --help; --format's text depends on the command. */
static const struct opt_help opt_help[] = {
    {OPT_GRAMMAR,
     "  -g, --grammar=GRAMMAR  rfc3986 (default), rfc3987, rfc2396 or rfc1738;\n"
     "                         3986, RFC3986 and rfc-3986 work too\n"},
    {OPT_RULE,
     "  -r, --rule=RULE        match the records against this ABNF rule of\n"
     "                         the grammar (default: its top rule,\n"
     "                         URI-reference for RFC 3986), e.g. -r IPv6address\n"},
    {OPT_TO_URI,
     "      --to-uri           IRI -> URI: percent-encode the non-ASCII\n"
     "                         characters (RFC 3987 3.1)\n"},
    {OPT_TO_IRI,
     "      --to-iri           URI -> IRI: decode the percent-encoded UTF-8\n"
     "                         an IRI allows (RFC 3987 3.2)\n"},
    {OPT_IDNA,
     "      --idna             --to-uri: non-ASCII reg-name hosts by IDNA\n"
     "                         ToASCII (needs a library built with libidn2)\n"},
    {OPT_UNRESERVED,
     "      --decode-unreserved  --to-iri: also decode %41 etc. (ALPHA DIGIT\n"
     "                         - . _ ~), as RFC 3987 3.2 step 2 does\n"},
    {OPT_SCHEME_BASED,
     "      --scheme-based     also the RFC 3986 6.2.3 steps (empty and\n"
     "                         default ports, http's empty path)\n"},
    {OPT_IRI_DECODE,
     "      --iri-decode       -g rfc3987: decode percent-encoded UTF-8\n"},
    {OPT_BASE, "      --base=BASE        the base URI (required)\n"},
    {OPT_NON_STRICT,
     "      --non-strict       a reference with BASE's scheme is resolved as\n"
     "                         if it had none (RFC 3986 5.2.2)\n"},
    {OPT_ALL,
     "      --all-grammars     which grammars accept each record and where\n"
     "                         their splits differ (JSON Lines)\n"},
    {OPT_GET,
     "      --get=TEMPLATE     print TEMPLATE per record, as 'uriscan get'\n"},
    {OPT_STRICT_GET,
     "      --strict-get       a record without a field of TEMPLATE is an\n"
     "                         error\n"},
    {OPT_FORMAT, NULL},
    {OPT_DENY,
     "      --deny=LIST        deny records by address class (loopback,\n"
     "                         private, link-local, ...) and flag:NAME;\n"
     "                         given twice, both lists are denied\n"},
    {OPT_ALLOW_UNREADABLE,
     "      --allow-unreadable  with --deny: a record whose host cannot be\n"
     "                         read (idna, syntax, too_long, ...) passes\n"
     "                         instead of being denied\n"},
    {OPT_NULL,
     "  -z, --null             records end with a NUL byte instead of a\n"
     "                         newline (as grep -z); nothing is stripped\n"},
    {OPT_QUIET,
     "  -q, --quiet            print nothing, only set the exit status\n"},
    {OPT_HELP, "  -h, --help             print this help and exit\n"},
};

static const char *format_help(const char *command)
{
	if (strcmp(command, "parse") == 0)
		return "      --format=FORMAT    jsonl (default), tsv or tsv-all (below)\n";
	if (strcmp(command, "inspect") == 0)
		return "      --format=FORMAT    jsonl (default) or tsv (a header line,\n"
		       "                         then a line per record)\n";
	return "      --format=FORMAT    jsonl: an object with the components of\n"
	       "                         the result (default: the result as text)\n";
}

/* The lines of text, the first after `first`, the others after `rest`
 * (uriscan --help and each command's --help). */
void opts_print_lines(const char *text, const char *first, const char *rest)
{
	const char *prefix = first;

	while (*text != '\0') {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) + 1 : strlen(text);

		out_str(prefix);
		out_bytes(text, n);
		text += n;
		prefix = rest;
	}
}

const char cli_help_formats[] =
    "parse --format=jsonl: one JSON object per record, with the keys\n"
    "  record input valid grammar rule, the components the grammar defines,\n"
    "  host_type kind error offset, the grammar's own components, then form\n"
    "  (not rfc3987). Components: rfc3986 and rfc3987 scheme authority\n"
    "  userinfo host port path query fragment; rfc2396 the same, then\n"
    "  reg_name; rfc1738 scheme authority userinfo host port path query, then\n"
    "  user password ftptype gtype selector gopher_plus group article database\n"
    "  wtype wpath fieldspecs address (record: 1-based number in its file;\n"
    "  components: strings, or null when absent; error and offset: null when\n"
    "  valid). The output is valid JSON\n"
    "  whatever the input: valid UTF-8 is copied, '\"', '\\' and control bytes\n"
    "  are escaped (\\n, \\t, \\u0000, ...), and each byte that is not part of\n"
    "  valid UTF-8 is written \\udcXX (U+DC80..U+DCFF for bytes 0x80..0xff,\n"
    "  the \"surrogateescape\" convention): in Python,\n"
    "  json.loads(line)[\"input\"].encode(\"utf-8\", \"surrogateescape\")\n"
    "  gives back the bytes of the record.\n"
    "parse --format=tsv: one line per record with the tab-separated columns\n"
    "  record valid error offset scheme authority userinfo host port path\n"
    "  query fragment host_type kind input\n"
    "  valid is true or false, an absent field is \\N, and '\\', TAB, LF and\n"
    "  CR in a field are written \\\\ \\t \\n \\r (PostgreSQL COPY text format);\n"
    "  other bytes are copied. tsv-all adds the RFC 2396/1738 fields and\n"
    "  form as columns 16-30.\n"
    "\n"
    "Exit status: 0 if every record is valid, 1 if some record is invalid,\n"
    "2 on a usage or I/O error (an unreadable FILE is reported on stderr and\n"
    "the other FILEs are still read).\n"
    "\n"
    "Example: uriscan parse --format=tsv access-urls.txt | cut -f 8 | sort -u\n"
    "See uriscan(1) for more.\n";

void opts_print_help(const struct cli_command *cmd, int allowed)
{
	opts_print_lines(cmd->usage, "Usage: ", "       ");
	out_char('\n');
	opts_print_lines(cmd->summary, "", "");
	OUT_LIT("\nOptions:\n");
	for (size_t i = 0; i < sizeof opt_help / sizeof opt_help[0]; i++)
		if (allowed & opt_help[i].id)
			out_str(opt_help[i].text ? opt_help[i].text
			                         : format_help(cmd->name));
	if (strcmp(cmd->name, "parse") == 0) {
		out_char('\n');
		out_str(cli_help_formats);
	} else if (strcmp(cmd->name, "rules") == 0)
		OUT_LIT("\nExit status: 0, or 2 on a usage error.\n");
	else
		OUT_LIT("\nExit status: 0 if every record is valid, 1 if some "
		        "record is invalid,\n2 on a usage or I/O error.\n");
	out_flush();
}
