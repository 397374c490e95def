/* SPDX-License-Identifier: MIT */
/*
 * extract_opts.c: the options of `uriscan extract` (cmd_extract.h): its
 * --help, the scan, and which combinations mean something. A combination
 * that means nothing is a usage error naming both options, never a silent
 * override.
 *
 *   -o            the URL of each match only (an output format: no --format)
 *   -u            the first appearance of each distinct URL: the URL only,
 *                 or its record with --format
 *   -c            the number of matches; with -u, of distinct URLs
 *   --top=N       COUNT<TAB>HOST of the N most frequent hosts (0: all);
 *                 --format=jsonl: {"count":..,"host":..}
 *   --hosts       the host fields in each record (with -u too: the
 *                 records then); -o, -c and --top print none
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "args.h"
#include "cmd_extract.h"
#include "output.h"
#include "report.h"

static const char extract_help[] =
    "Usage: uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [-u]\n"
    "                       [-c] [--top=N] [-j N] [--no-trim]\n"
    "                       [--opaque[=LIST]] [--max-length=N] [--normalize]\n"
    "                       [--keep-cut] [--hosts] [--defanged] [FILE...]\n"
    "\n"
    "Find the URLs in any bytes (logs, mail, captures): the FILEs, or standard\n"
    "input when there is none or FILE is '-'. A match is the longest prefix\n"
    "the grammar allows from a scheme found before '://' (or before ':' for\n"
    "an --opaque scheme), minus trailing . , ; : ! ? and unbalanced ) ] '\n"
    "(with rfc3987 also Unicode quotes, brackets and punctuation; see\n"
    "uriscan-extract(1) and uriscan.h for the exact rule). A match cut short\n"
    "by a byte that continues the text (a letter or digit, or under an ASCII\n"
    "grammar a byte >= 0x80 that starts no Unicode space, quote, bracket or\n"
    "punctuation, nor is one in Windows text: 'http://m' of\n"
    "'http://m\\xc3\\xbcnchen.de', not of '\\xe2\\x80\\x9chttp://m\\xe2\\x80\\x9d'\n"
    "or '\\x93http://m\\x94') is not a URL: it is dropped, and counted on\n"
    "standard error.\n"
    "\n"
    "Options:\n"
    "  -g, --grammar=GRAMMAR  rfc3986 (default: URI), rfc3987 (IRI), rfc2396\n"
    "                         (absoluteURI [#fragment]), rfc1738 (url)\n"
    "      --format=FORMAT    tsv (default): OFFSET<TAB>LENGTH<TAB>URL per match\n"
    "                         (a FILE column first when there are several\n"
    "                         FILEs; a CUT column before URL with --keep-cut);\n"
    "                         jsonl: file line offset length truncated cut url\n"
    "                         and the components\n"
    "  -o, --only-matching    print only the URL of each match (no --format)\n"
    "  -u, --unique           only the first appearance of each distinct URL:\n"
    "                         its URL, or its record with --format\n"
    "  -c, --count            print only the number of matches (with -u: of\n"
    "                         distinct URLs)\n"
    "      --top=N            the N most frequent hosts (lowercased), most\n"
    "                         frequent first, 0: all; COUNT<TAB>HOST, or\n"
    "                         {\"count\":..,\"host\":..} with --format=jsonl\n"
    "  -j, --jobs=N           N threads over large regular files (same output;\n"
    "                         1 to 256)\n"
    "      --no-trim          keep trailing punctuation\n"
    "      --opaque[=LIST]    also match scheme:... without '//' for the\n"
    "                         comma-separated schemes (default list:\n"
    "                         " URISCAN_EXTRACT_OPAQUE_DEFAULT ")\n"
    "      --max-length=N     longer URLs are reported truncated (default\n"
    "                         8192, at least 128)\n"
    "      --normalize        print, -u and --top count each URL in its\n"
    "                         normal form (as 'uriscan normalize\n"
    "                         --scheme-based'); jsonl adds it as \"normalized\"\n"
    "      --keep-cut         keep the matches cut short by a byte that\n"
    "                         continues the text, marked: \"cut\":true in\n"
    "                         jsonl, the CUT column (true/false) in tsv\n"
    "      --hosts            add what the URL's host means, as 'uriscan\n"
    "                         inspect' says it: ip ip_form ip_class\n"
    "                         browser_host site flags (jsonl keys; tsv\n"
    "                         columns before URL)\n"
    "      --defanged         also find URLs written defanged (hxxps://evil[.]com,\n"
    "                         see uriscan-extract(1)): the URL printed is the\n"
    "                         refanged one, offset and length the text as\n"
    "                         written; \"defanged\":true|false in jsonl, a\n"
    "                         DEFANGED column (true/false) before URL in tsv\n"
    "  -h, --help             print this help and exit\n"
    "Rewrite options (after --normalize, before printing, -u and --top;\n"
    "jsonl adds the result as \"rewritten\"; rfc3986 and rfc3987 only):\n";
static const char extract_help_end[] =
    "\n"
    "-o, -u, -c and --top: -c -u counts distinct URLs; -o -u is -u; any other\n"
    "two of them, and --format or --hosts with -o or -c, --hosts with --top,\n"
    "are a usage error. -u prints records with --format or --hosts.\n"
    "\n"
    "Exit status: 0 if a URL was found, 1 if none, 2 on error.\n";

enum {
	O_G, O_FMT, O_O, O_C, O_U, O_TOP, O_J, O_NOTRIM, O_OPQ, O_MAX, O_NORM,
	O_CUT, O_HOSTS, O_DEFANG, O_H
};

static const struct cli_optdef xdefs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, O_G},
    {0, "format", CLI_ARG_REQUIRED, O_FMT},
    {'o', "only-matching", CLI_ARG_NONE, O_O},
    {'c', "count", CLI_ARG_NONE, O_C},
    {'u', "unique", CLI_ARG_NONE, O_U},
    {0, "top", CLI_ARG_REQUIRED, O_TOP},
    {'j', "jobs", CLI_ARG_REQUIRED, O_J},
    {0, "no-trim", CLI_ARG_NONE, O_NOTRIM},
    {0, "opaque", CLI_ARG_OPTIONAL, O_OPQ},
    {0, "max-length", CLI_ARG_REQUIRED, O_MAX},
    {0, "normalize", CLI_ARG_NONE, O_NORM},
    {0, "keep-cut", CLI_ARG_NONE, O_CUT},
    {0, "hosts", CLI_ARG_NONE, O_HOSTS},
    {0, "defanged", CLI_ARG_NONE, O_DEFANG},
    {'h', "help", CLI_ARG_NONE, O_H},
};

/* The options given, by name, for the conflicts (empty: not given). */
struct xnames {
	char format[CLI_OPT_NAME_MAX], only[CLI_OPT_NAME_MAX],
	    count[CLI_OPT_NAME_MAX], unique[CLI_OPT_NAME_MAX],
	    top[CLI_OPT_NAME_MAX], norm[CLI_OPT_NAME_MAX],
	    hosts[CLI_OPT_NAME_MAX];
};

struct xscan {
	struct xopts *o;
	struct xnames n;
};

static void xset(void *ctx, const struct cli_optdef *d, const char *spelled,
                 const char *arg)
{
	struct xscan *s = ctx;
	struct xopts *o = s->o;

	if (rw_is_option(d->id)) {
		rw_set(&o->rw, d, spelled, arg);
		return;
	}
	switch (d->id) {
	case O_G:
		o->grammar = arg;
		break;
	case O_FMT:
		if (strcmp(arg, "tsv") == 0)
			o->format = XF_TSV;
		else if (strcmp(arg, "jsonl") == 0)
			o->format = XF_JSONL;
		else
			cli_usage_error("unknown format '%s' (tsv or jsonl)", arg);
		o->format_given = 1;
		cli_opt_name(d, spelled, s->n.format);
		break;
	case O_O:
		cli_opt_name(d, spelled, s->n.only);
		break;
	case O_C:
		cli_opt_name(d, spelled, s->n.count);
		break;
	case O_U:
		cli_opt_name(d, spelled, s->n.unique);
		break;
	case O_TOP:
		o->top = cli_number(spelled, arg, 0, ULONG_MAX);
		cli_opt_name(d, spelled, s->n.top);
		break;
	case O_J:
		o->jobs = cli_number(spelled, arg, 1, 256);
		break;
	case O_NOTRIM:
		o->ex.flags |= URISCAN_EXTRACT_NO_TRIM;
		break;
	case O_OPQ:
		o->ex.opaque_schemes = arg ? arg : URISCAN_EXTRACT_OPAQUE_DEFAULT;
		break;
	case O_MAX:
		/* the library's bounds (uriscan_extractor_new) */
		o->ex.max_len = cli_number(spelled, arg, URISCAN_EXTRACT_MAX_LEN_MIN,
		                           URISCAN_EXTRACT_MAX_LEN_MAX);
		break;
	case O_NORM:
		o->normalize = 1;
		cli_opt_name(d, spelled, s->n.norm);
		break;
	case O_CUT:
		o->keep_cut = 1;
		break;
	case O_HOSTS:
		o->hosts = 1;
		cli_opt_name(d, spelled, s->n.hosts);
		break;
	case O_DEFANG:
		o->defanged = 1;
		o->ex.flags |= URISCAN_EXTRACT_DEFANGED;
		break;
	case O_H:
		out_str(extract_help);
		out_str(rw_help_base);
		out_str(extract_help_end);
		out_flush();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

/* The mode from the options given; the combinations that mean nothing
 * are usage errors. */
static void xmode(struct xopts *o, const struct xnames *n)
{
	cli_conflict(n->count, n->top, "--top prints counts per host");
	cli_conflict(n->count, n->only, "-c prints a number, -o URLs");
	cli_conflict(n->count, n->format, "-c prints a number");
	cli_conflict(n->only, n->top, "--top prints hosts, -o URLs");
	cli_conflict(n->unique, n->top, "--top counts every match's host");
	cli_conflict(n->only, n->format, "-o is an output format itself");
	cli_conflict(n->count, n->hosts, "-c prints a number, no records");
	cli_conflict(n->only, n->hosts, "-o prints URLs, no records");
	cli_conflict(n->top, n->hosts, "--top prints counts per host, no "
	             "records");
	if (n->count[0] && n->unique[0] == '\0')
		cli_conflict(n->count, n->norm,
		             "the normal form does not change the number of "
		             "matches; -c -u --normalize counts distinct normal "
		             "forms");
	if (n->count[0]) {
		o->mode = XM_COUNT;
		o->count_unique = n->unique[0] != '\0';
	} else if (n->top[0]) {
		o->mode = XM_TOP;
	} else if (n->unique[0]) {
		o->mode = XM_UNIQUE;
	} else if (n->only[0]) {
		o->mode = XM_ONLY;
	} else {
		o->mode = XM_LIST;
	}
}

void extract_options(struct xopts *o, int argc, char **argv)
{
	struct xscan s;
	/* extract's options, then the rewrite options (its own --normalize
	 * stays) */
	struct cli_optdef defs[sizeof xdefs / sizeof xdefs[0] + 32];
	size_t nd = 0;

	for (size_t i = 0; i < sizeof xdefs / sizeof xdefs[0]; i++)
		defs[nd++] = xdefs[i];
	for (size_t i = 0; i < rw_n_optdefs_base; i++)
		defs[nd++] = rw_optdefs[i];
	memset(&s, 0, sizeof s);
	s.o = o;
	o->files = argv;
	o->nfiles = cli_parse_args(defs, nd, argc, argv, xset, &s);
	xmode(o, &s.n);
	/* the library's bound with the flag (uriscan.h) */
	if (o->defanged && o->ex.max_len > URISCAN_EXTRACT_DEFANGED_MAX_LEN)
		cli_usage_error("--max-length with --defanged: at most %u",
		                URISCAN_EXTRACT_DEFANGED_MAX_LEN);
}
