/*
 * uriscan: the command-line tool. Validates and splits URIs, one record per
 * line (or per NUL-terminated record), with the public API of uriscan.h only.
 *
 *   uriscan parse [-g GRAMMAR] [-r RULE] [-z] [--format=jsonl|tsv] [FILE...]
 *   uriscan check [-g GRAMMAR] [-r RULE] [-z] [-q] [FILE...]
 *   uriscan rules [-g GRAMMAR]
 *   uriscan convert --to-uri|--to-iri [-z] [FILE...]   (cmd_convert.c)
 *
 * The manual is uriscan.1 beside this file; keep both in step.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "cmd_all.h"
#include "cmd_convert.h"
#include "output.h"
#include "reader.h"

#ifndef URISCAN_CLI_VERSION
#define URISCAN_CLI_VERSION URISCAN_VERSION_STRING
#endif

#define EXIT_INVALID 1
#define EXIT_TROUBLE 2

static const char help_text[] =
    "Usage: uriscan parse [-g GRAMMAR] [-r RULE] [-z] "
    "[--format=jsonl|tsv|tsv-all] [FILE...]\n"
    "       uriscan parse --all-grammars [-z] [FILE...]\n"
    "       uriscan check [-g GRAMMAR] [-r RULE] [-z] [-q] [FILE...]\n"
    "       uriscan rules [-g GRAMMAR]\n"
    "       uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [--count]\n"
    "                       [--unique] [--top N] [-j N] [FILE...]\n"
    "       uriscan log [--format=combined|common|auto] [--output=jsonl|tsv]\n"
    "                   [--summary [--top=N]] [-v] [FILE...]\n"
    "       uriscan convert --to-uri [--idna] [-z] [FILE...]\n"
    "       uriscan convert --to-iri [--decode-unreserved] [-z] [FILE...]\n"
    "       uriscan --help | --version\n"
    "\n"
    "Validate and split URIs. A record is a line of the FILEs, or of standard\n"
    "input when there is no FILE or FILE is '-'. One trailing CR is stripped\n"
    "from each line; a last line without a newline is still a record.\n"
    "\n"
    "Commands:\n"
    "  parse   print one line per record: validity and components\n"
    "  check   print FILE:LINE:COLUMN: ERROR: message for each invalid record\n"
    "          (COLUMN is the 1-based byte where the record stopped being\n"
    "          valid; length + 1 when it ends too early)\n"
    "  rules   list grammars and rules; with -g, that grammar's rule names\n"
    "  extract find the URLs in any bytes (logs, mail); see\n"
    "          'uriscan extract --help'\n"
    "  convert map each record between IRI and URI (RFC 3987 section 3),\n"
    "          one output record per input record: --to-uri percent-encodes\n"
    "          the non-ASCII characters of an IRI-reference (RFC 3987);\n"
    "          --to-iri decodes the percent-encoded UTF-8 of a URI-reference\n"
    "          (RFC 3986) where an IRI allows the character. An invalid record\n"
    "          gives an empty output record and FILE:LINE:COLUMN: ERROR:\n"
    "          message on standard error\n"
    "\n";
/* (two strings: ISO C caps a string literal at 4095 bytes) */
static const char help_options[] =
    "Options:\n"
    "  -g, --grammar=GRAMMAR  grammar: rfc3986 (default); 3986, RFC3986 and\n"
    "                         rfc-3986 work too ('uriscan rules' lists them)\n"
    "  -r, --rule=RULE        match the records against this ABNF rule of the\n"
    "                         grammar (default: its top rule, URI-reference for\n"
    "                         RFC 3986), e.g. -r IPv6address\n"
    "  -z, --null             records end with a NUL byte instead of a newline\n"
    "                         (as grep -z); nothing is stripped\n"
    "  -q, --quiet            check: print nothing, only set the exit status\n"
    "      --format=FORMAT    parse: jsonl (default), tsv or tsv-all\n"
    "      --all-grammars     parse: which grammars accept each record and\n"
    "                         where their splits differ (JSON Lines)\n"
    "      --to-uri, --to-iri convert: the direction (one is required)\n"
    "      --idna             convert --to-uri: non-ASCII reg-name hosts by\n"
    "                         IDNA ToASCII (needs a library built with libidn2)\n"
    "      --decode-unreserved  convert --to-iri: also decode %41 etc. (ALPHA\n"
    "                         DIGIT - . _ ~), as RFC 3987 3.2 step 2 does\n"
    "  -h, --help             print this help and exit\n"
    "      --version          print the versions and exit\n"
    "\n"
    "parse --format=jsonl: one JSON object per record, with the keys\n"
    "  record input valid grammar rule scheme authority userinfo host port\n"
    "  path query fragment host_type kind error offset, then reg_name user\n"
    "  password ftptype gtype selector gopher_plus group article database\n"
    "  wtype wpath fieldspecs address (RFC 2396/1738 fields) and form\n"
    "  (record: 1-based number in its file; components: strings, or null when\n"
    "  absent; error and offset: null when valid). The output is valid JSON\n"
    "  whatever the input: valid UTF-8 is copied, '\"', '\\' and control bytes\n"
    "  are escaped (\\n, \\t, \\u0000, ...), and each byte that is not part of\n"
    "  valid UTF-8 is written \\udcXX (U+DC80..U+DCFF for bytes 0x80..0xff,\n"
    "  the \"surrogateescape\" convention): in Python,\n"
    "  json.loads(line)[\"input\"].encode(\"utf-8\", \"surrogateescape\")\n"
    "  gives back the bytes of the record.\n"
    "parse --format=tsv: one line per record with the tab-separated columns\n"
    "  record valid error offset scheme authority userinfo host port path\n"
    "  query fragment host_type kind input\n"
    "  valid is 1 or 0, an absent field is \\N, and '\\', TAB, LF and CR in a\n"
    "  field are written \\\\ \\t \\n \\r (PostgreSQL COPY text format);\n"
    "  other bytes are copied. tsv-all adds the RFC 2396/1738 fields and\n"
    "  form as columns 16-30.\n"
    "\n"
    "Exit status: 0 if every record is valid, 1 if some record is invalid,\n"
    "2 on a usage or I/O error (an unreadable FILE is reported on stderr and\n"
    "the other FILEs are still read).\n"
    "\n"
    "Example: uriscan parse --format=tsv access-urls.txt | cut -f 8 | sort -u\n"
    "See uriscan(1) for more.\n";

static void print_help(void)
{
	out_str(help_text);
	out_str(help_options);
	out_flush();
}

__attribute__((format(printf, 1, 2))) static void error_msg(const char *fmt,
                                                            ...)
{
	va_list ap;

	out_flush(); /* keep stdout and stderr in order on a terminal */
	fputs("uriscan: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

__attribute__((format(printf, 1, 2))) static _Noreturn void
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_usage_verror("uriscan --help", fmt, ap);
}

/* ------------------------------------------------------------------ */
/* Options                                                             */

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
};

static const struct cli_optdef optdefs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, OPT_GRAMMAR},
    {'r', "rule", CLI_ARG_REQUIRED, OPT_RULE},
    {'z', "null", CLI_ARG_NONE, OPT_NULL},
    {'q', "quiet", CLI_ARG_NONE, OPT_QUIET},
    {0, "format", CLI_ARG_REQUIRED, OPT_FORMAT},
    {'h', "help", CLI_ARG_NONE, OPT_HELP},
    {0, "all-grammars", CLI_ARG_NONE, OPT_ALL},
    {0, "to-uri", CLI_ARG_NONE, OPT_TO_URI},
    {0, "to-iri", CLI_ARG_NONE, OPT_TO_IRI},
    {0, "idna", CLI_ARG_NONE, OPT_IDNA},
    {0, "decode-unreserved", CLI_ARG_NONE, OPT_UNRESERVED},
};
#define N_OPTDEFS (sizeof optdefs / sizeof optdefs[0])

enum format { FORMAT_JSONL, FORMAT_TSV, FORMAT_TSV_ALL };

struct opts {
	const char *command;
	const char *grammar; /* NULL: rfc3986 */
	const char *rule;    /* NULL: the grammar's top rule */
	int null_data;
	int all_grammars; /* parse --all-grammars (cmd_all.c) */
	int quiet;
	enum format format;
	char **files; /* the operands, in order (a subset of argv) */
	int nfiles;
	int to_uri, to_iri, idna, unreserved; /* convert */
};

static void set_option(struct opts *o, const struct cli_optdef *d,
                       int allowed, const char *spelled, const char *arg)
{
	if (!(allowed & d->id))
		usage_error("option '%s' is not valid with '%s'", spelled,
		            o->command);
	switch (d->id) {
	case OPT_GRAMMAR:
		o->grammar = arg;
		break;
	case OPT_RULE:
		o->rule = arg;
		break;
	case OPT_NULL:
		o->null_data = 1;
		break;
	case OPT_QUIET:
		o->quiet = 1;
		break;
	case OPT_FORMAT:
		if (arg == NULL)
			usage_error("--format needs a value (jsonl or tsv)");
		if (strcmp(arg, "jsonl") == 0)
			o->format = FORMAT_JSONL;
		else if (strcmp(arg, "tsv") == 0)
			o->format = FORMAT_TSV;
		else if (strcmp(arg, "tsv-all") == 0)
			o->format = FORMAT_TSV_ALL;
		else
			usage_error("unknown format '%s' (jsonl, tsv or tsv-all)",
			            arg);
		break;
	case OPT_ALL:
		o->all_grammars = 1;
		break;
	case OPT_HELP:
		print_help();
		exit(EXIT_SUCCESS);
	case OPT_TO_URI:
		o->to_uri = 1;
		break;
	case OPT_TO_IRI:
		o->to_iri = 1;
		break;
	case OPT_IDNA:
		o->idna = 1;
		break;
	case OPT_UNRESERVED:
		o->unreserved = 1;
		break;
	default:
		break;
	}
}

/* The options of one command: cli_parse_args (args.h) with the options
 * the command allows. */
struct option_ctx {
	struct opts *o;
	int allowed;
};

static void set_option_cb(void *ctx, const struct cli_optdef *d,
                          const char *spelled, const char *arg)
{
	const struct option_ctx *c = ctx;
	set_option(c->o, d, c->allowed, spelled, arg);
}

static void parse_options(struct opts *o, int argc, char **argv, int allowed)
{
	struct option_ctx c = {o, allowed};

	o->files = argv;
	o->nfiles = cli_parse_args(optdefs, N_OPTDEFS, argc, argv, set_option_cb,
	                           &c, usage_error);
}

/* The grammar of -g (rfc3986 by default); exits 2 when it is unknown or not
 * built. */
static enum uriscan_grammar pick_grammar(const struct opts *o)
{
	const char *name = o->grammar ? o->grammar : "rfc3986";
	enum uriscan_grammar g;

	if (uriscan_grammar_from_name(name, &g) != URISCAN_OK) {
		error_msg("unknown grammar '%s' (try 'uriscan rules')", name);
		exit(EXIT_TROUBLE);
	}
	if (!uriscan_grammar_available(g)) {
		error_msg("grammar '%s' is not built into this library (%s); "
		          "try 'uriscan rules'",
		          uriscan_grammar_name(g), uriscan_version_string());
		exit(EXIT_TROUBLE);
	}
	return g;
}

/* The rule of -r (the grammar's top rule by default); exits 2 when the
 * grammar has no such rule. */
static unsigned pick_rule(const struct opts *o, enum uriscan_grammar g)
{
	unsigned rule;

	if (o->rule == NULL)
		return uriscan_rule_default(g);
	if (uriscan_rule_from_name(g, o->rule, &rule) != URISCAN_OK) {
		error_msg("unknown rule '%s' for grammar %s (try 'uriscan rules "
		          "-g %s')",
		          o->rule, uriscan_grammar_name(g), uriscan_grammar_name(g));
		exit(EXIT_TROUBLE);
	}
	return rule;
}

/* ------------------------------------------------------------------ */
/* parse and check                                                     */

struct run {
	enum uriscan_grammar grammar;
	unsigned rule;
	const char *grammar_name;
	const char *rule_name;
	enum format format;
	int quiet;
	const char *file_label; /* as printed by check */
	uint64_t record;        /* number of the current record in its file */
	int any_invalid;
	int all_grammars;
};

/* The components every grammar shares (scheme .. fragment); those after
 * them (reg_name, user, ...) come after the original keys and columns. */
#define BASE_COMPONENTS (URISCAN_FRAGMENT + 1)

/* JSON keys of the components, in uriscan_component order. */
#define JSON_KEY(k) {",\"" k "\":", sizeof(",\"" k "\":") - 1}
static const struct {
	const char *s;
	size_t n;
} json_keys[URISCAN_COMPONENT_COUNT] = {
    JSON_KEY("scheme"), JSON_KEY("authority"), JSON_KEY("userinfo"),
    JSON_KEY("host"),   JSON_KEY("port"),      JSON_KEY("path"),
    JSON_KEY("query"),  JSON_KEY("fragment"),
    JSON_KEY("reg_name"), JSON_KEY("user"), JSON_KEY("password"),
    JSON_KEY("ftptype"), JSON_KEY("gtype"), JSON_KEY("selector"),
    JSON_KEY("gopher_plus"), JSON_KEY("group"), JSON_KEY("article"),
    JSON_KEY("database"), JSON_KEY("wtype"), JSON_KEY("wpath"),
    JSON_KEY("fieldspecs"), JSON_KEY("address"),
};

/* The extra keys: the components after the base ones, then form. */
static void jsonl_extra(const char *rec, const struct uriscan_uri *u)
{
	for (unsigned c = BASE_COMPONENTS; c < URISCAN_COMPONENT_COUNT; c++) {
		out_bytes(json_keys[c].s, json_keys[c].n);
		if (URISCAN_HAS(u, c))
			out_json_string(rec + u->part[c].off, u->part[c].len);
		else
			OUT_LIT("null");
	}
	OUT_LIT(",\"form\":");
	if (u->form != URISCAN_FORM_NONE &&
	    uriscan_rule_name(u->grammar, u->form) != NULL) {
		const char *f = uriscan_rule_name(u->grammar, u->form);
		out_json_string(f, strlen(f));
	} else {
		OUT_LIT("null");
	}
}

static void parse_jsonl(const struct run *run, const char *rec, size_t len,
                        int status, const struct uriscan_uri *u)
{
	int valid = status == URISCAN_OK;

	OUT_LIT("{\"record\":");
	out_u64(run->record);
	OUT_LIT(",\"input\":");
	out_json_string(rec, len);
	if (valid)
		OUT_LIT(",\"valid\":true");
	else
		OUT_LIT(",\"valid\":false");
	OUT_LIT(",\"grammar\":");
	out_json_string(run->grammar_name, strlen(run->grammar_name));
	OUT_LIT(",\"rule\":");
	out_json_string(run->rule_name, strlen(run->rule_name));
	for (unsigned c = 0; c < BASE_COMPONENTS; c++) {
		out_bytes(json_keys[c].s, json_keys[c].n);
		if (URISCAN_HAS(u, c))
			out_json_string(rec + u->part[c].off, u->part[c].len);
		else
			OUT_LIT("null");
	}
	OUT_LIT(",\"host_type\":");
	out_json_name(u->host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(u->host_type)
	                  : NULL);
	OUT_LIT(",\"kind\":");
	out_json_name(u->kind != URISCAN_KIND_NONE ? uriscan_kind_name(u->kind)
	                                           : NULL);
	if (valid) {
		OUT_LIT(",\"error\":null,\"offset\":null");
	} else {
		OUT_LIT(",\"error\":\"");
		out_str(uriscan_status_name(status));
		OUT_LIT("\",\"offset\":");
		out_u64(u->error_offset);
	}
	jsonl_extra(rec, u);
	OUT_LIT("}\n");
}

static void parse_tsv(const struct run *run, const char *rec, size_t len,
                      int status, const struct uriscan_uri *u)
{
	out_u64(run->record);
	if (status == URISCAN_OK) {
		OUT_LIT("\t1\t\\N\t\\N");
	} else {
		OUT_LIT("\t0\t");
		out_str(uriscan_status_name(status));
		out_char('\t');
		out_u64(u->error_offset);
	}
	for (unsigned c = 0; c < BASE_COMPONENTS; c++) {
		out_char('\t');
		if (URISCAN_HAS(u, c))
			out_tsv_field(rec + u->part[c].off, u->part[c].len);
		else
			OUT_LIT("\\N");
	}
	out_char('\t');
	out_str(u->host_type != URISCAN_HOST_NONE
	            ? uriscan_host_type_name(u->host_type)
	            : "\\N");
	out_char('\t');
	out_str(u->kind != URISCAN_KIND_NONE ? uriscan_kind_name(u->kind)
	                                     : "\\N");
	out_char('\t');
	out_tsv_field(rec, len);
	if (run->format == FORMAT_TSV_ALL) {
		/* tsv-all: the 15 columns of tsv, then reg_name .. address and
		 * form */
		for (unsigned c = BASE_COMPONENTS; c < URISCAN_COMPONENT_COUNT;
		     c++) {
			out_char('\t');
			if (URISCAN_HAS(u, c))
				out_tsv_field(rec + u->part[c].off, u->part[c].len);
			else
				OUT_LIT("\\N");
		}
		out_char('\t');
		if (u->form != URISCAN_FORM_NONE &&
		    uriscan_rule_name(u->grammar, u->form) != NULL)
			out_str(uriscan_rule_name(u->grammar, u->form));
		else
			OUT_LIT("\\N");
	}
	out_char('\n');
}

static void parse_record(void *ctx, const char *rec, size_t len)
{
	struct run *run = ctx;
	struct uriscan_uri u;
	int status;

	run->record++;
	if (run->all_grammars) {
		if (!all_grammars_record(run->record, rec, len))
			run->any_invalid = 1;
		out_end_record();
		return;
	}
	status = uriscan_parse_rule(run->grammar, run->rule, rec, len, 0, &u);
	if (status != URISCAN_OK)
		run->any_invalid = 1;
	if (run->format != FORMAT_JSONL)
		parse_tsv(run, rec, len, status, &u);
	else
		parse_jsonl(run, rec, len, status, &u);
	out_end_record();
}

static void check_record(void *ctx, const char *rec, size_t len)
{
	struct run *run = ctx;
	size_t off = 0;
	int status;

	run->record++;
	status = uriscan_validate_rule(run->grammar, run->rule, rec, len, 0,
	                               &off);
	if (status == URISCAN_OK)
		return;
	run->any_invalid = 1;
	if (run->quiet)
		return;
	out_str(run->file_label);
	out_char(':');
	out_u64(run->record);
	out_char(':');
	out_u64((uint64_t)off + 1);
	OUT_LIT(": ");
	out_str(uriscan_status_name(status));
	OUT_LIT(": ");
	out_str(uriscan_strerror(status));
	out_char('\n');
	out_end_record();
}

static int cmd_records(struct opts *o, reader_record_fn fn)
{
	static char *stdin_only[] = {"-"};
	struct run run;
	struct reader rd;
	int trouble = 0;

	memset(&run, 0, sizeof run);
	run.grammar = pick_grammar(o);
	run.rule = pick_rule(o, run.grammar);
	run.grammar_name = uriscan_grammar_name(run.grammar);
	run.rule_name = uriscan_rule_name(run.grammar, run.rule);
	run.format = o->format;
	run.all_grammars = o->all_grammars;
	run.quiet = o->quiet;
	if (o->nfiles == 0) {
		o->files = stdin_only;
		o->nfiles = 1;
	}

	reader_init(&rd, o->null_data ? '\0' : '\n', !o->null_data);
	for (int i = 0; i < o->nfiles; i++) {
		const char *name = o->files[i];
		int is_stdin = strcmp(name, "-") == 0;
		int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);

		run.file_label = is_stdin ? "<stdin>" : name;
		run.record = 0;
		if (fd < 0) {
			error_msg("%s: %s", name, strerror(errno));
			trouble = 1;
			continue;
		}
		if (reader_run(&rd, fd, fn, &run) != 0) {
			error_msg("%s: read error: %s", run.file_label,
			          strerror(errno));
			trouble = 1;
		}
		if (!is_stdin)
			close(fd);
	}
	reader_free(&rd);
	out_flush();
	if (trouble)
		return EXIT_TROUBLE;
	return run.any_invalid ? EXIT_INVALID : EXIT_SUCCESS;
}

static int cmd_parse(struct opts *o)
{
	if (o->all_grammars && (o->grammar || o->rule || o->format != FORMAT_JSONL))
		usage_error("--all-grammars takes no -g, -r or --format");
	return cmd_records(o, parse_record);
}

static int cmd_check(struct opts *o)
{
	return cmd_records(o, check_record);
}

/* ------------------------------------------------------------------ */
/* rules                                                               */

static int cmd_rules(struct opts *o)
{
	if (o->nfiles > 0)
		usage_error("'rules' takes no operand ('%s')", o->files[0]);
	if (o->grammar != NULL) {
		enum uriscan_grammar g = pick_grammar(o);
		for (unsigned i = 0; i < uriscan_rule_count(g); i++) {
			out_str(uriscan_rule_name(g, i));
			out_char('\n');
		}
		out_flush();
		return EXIT_SUCCESS;
	}
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
	out_flush();
	return EXIT_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* convert (cmd_convert.c)                                             */

static int cmd_convert(struct opts *o)
{
	struct convert_opts c;

	if (o->to_uri == o->to_iri)
		usage_error("convert needs exactly one of --to-uri and --to-iri");
	if (o->idna && !o->to_uri)
		usage_error("--idna goes with --to-uri");
	if (o->unreserved && !o->to_iri)
		usage_error("--decode-unreserved goes with --to-iri");
	if (o->idna && !uriscan_idna_available()) {
		error_msg("--idna: %s", uriscan_strerror(URISCAN_E_IDNA_UNAVAILABLE));
		exit(EXIT_TROUBLE);
	}
	c.to_iri = o->to_iri;
	c.flags = (o->idna ? URISCAN_IRI_IDNA : 0) |
	          (o->unreserved ? URISCAN_URI_DECODE_UNRESERVED : 0);
	c.null_data = o->null_data;
	c.files = o->files;
	c.nfiles = o->nfiles;
	return convert_run(&c);
}

/* ------------------------------------------------------------------ */

static const struct command {
	const char *name;
	int options;
	int (*run)(struct opts *o);
} commands[] = {
    {"parse",
     OPT_GRAMMAR | OPT_RULE | OPT_NULL | OPT_FORMAT | OPT_HELP | OPT_ALL,
     cmd_parse},
    {"check", OPT_GRAMMAR | OPT_RULE | OPT_NULL | OPT_QUIET | OPT_HELP,
     cmd_check},
    {"rules", OPT_GRAMMAR | OPT_HELP, cmd_rules},
    {"convert",
     OPT_TO_URI | OPT_TO_IRI | OPT_IDNA | OPT_UNRESERVED | OPT_NULL | OPT_HELP,
     cmd_convert},
};

static void print_version(void)
{
	out_str("uriscan " URISCAN_CLI_VERSION "\n");
	OUT_LIT("library (run time): liburiscan ");
	out_str(uriscan_version_string());
	out_str("\nheader (build time): uriscan.h " URISCAN_VERSION_STRING "\n");
	out_flush();
}

int main(int argc, char **argv)
{
	struct opts o;
	const char *cmd;

	out_init();
	if (argc < 2)
		usage_error("missing command (parse, check, rules or convert)");
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		print_help();
		return EXIT_SUCCESS;
	}
	if (strcmp(cmd, "--version") == 0) {
		print_version();
		return EXIT_SUCCESS;
	}
	if (strcmp(cmd, "extract") == 0)
		return cmd_extract(argc - 2, argv + 2);
	if (strcmp(cmd, "log") == 0)
		return cmd_log(argc - 2, argv + 2);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(cmd, commands[i].name) != 0)
			continue;
		memset(&o, 0, sizeof o);
		o.command = commands[i].name;
		o.format = FORMAT_JSONL;
		parse_options(&o, argc - 2, argv + 2, commands[i].options);
		return commands[i].run(&o);
	}
	if (cmd[0] == '-')
		usage_error("unknown option '%s'", cmd);
	usage_error("unknown command '%s' (parse, check, rules or convert)",
	            cmd);
}
