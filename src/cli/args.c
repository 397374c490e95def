/* SPDX-License-Identifier: MIT */
/*
 * args.c: the option scanner shared by uriscan's commands (args.h); scans
 * only, never acts on an option.
 */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "report.h"

#define USAGE(...) cli_usage_error(__VA_ARGS__)

static const struct cli_optdef *find_long(const struct cli_optdef *defs,
                                          size_t n, const char *name,
                                          size_t len)
{
	for (size_t k = 0; k < n; k++)
		if (strlen(defs[k].long_name) == len &&
		    strncmp(defs[k].long_name, name, len) == 0)
			return &defs[k];
	return NULL;
}

static const struct cli_optdef *find_short(const struct cli_optdef *defs,
                                           size_t n, char c)
{
	for (size_t k = 0; k < n; k++)
		if (defs[k].short_name != 0 && defs[k].short_name == c)
			return &defs[k];
	return NULL;
}

/* The argument of the option d of defs, as given the first time: a
 * second time is taken once when the argument is the same (an option
 * without one, or with CLI_REPEAT: each time). */
struct given {
	unsigned char seen[CLI_OPTDEFS_MAX];
	const char *arg[CLI_OPTDEFS_MAX];
};

static int take(struct given *g, const struct cli_optdef *defs,
                const struct cli_optdef *d, const char *spelled,
                const char *arg)
{
	size_t k = (size_t)(d - defs);
	char name[CLI_OPT_NAME_MAX];

	if ((d->arg & CLI_REPEAT) || (d->arg & CLI_ARG_KIND) == CLI_ARG_NONE)
		return 1;
	if (!g->seen[k]) {
		g->seen[k] = 1;
		g->arg[k] = arg;
		return 1;
	}
	if ((arg == NULL) == (g->arg[k] == NULL) &&
	    (arg == NULL || strcmp(arg, g->arg[k]) == 0))
		return 0;
	cli_opt_name(d, spelled, name);
	/* an optional argument left out is "none" */
	USAGE("option '%s' given twice with different values (%s%s%s and %s%s%s)",
	      name, g->arg[k] ? "'" : "", g->arg[k] ? g->arg[k] : "none",
	      g->arg[k] ? "'" : "", arg ? "'" : "", arg ? arg : "none",
	      arg ? "'" : "");
}

int cli_parse_args(const struct cli_optdef *defs, size_t ndefs, int argc,
                   char **argv, cli_set_fn set, void *ctx)
{
	int only_files = 0, nfiles = 0;
	struct given given;

	if (ndefs > CLI_OPTDEFS_MAX)
		USAGE("internal error: %zu options in one table", ndefs);
	memset(&given, 0, sizeof given);

	for (int i = 0; i < argc; i++) {
		char *a = argv[i];

		if (only_files || a[0] != '-' || a[1] == '\0') {
			argv[nfiles++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = 1;
			continue;
		}
		if (a[1] == '-') {
			const char *name = a + 2;
			const char *eq = strchr(name, '=');
			size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
			const struct cli_optdef *d = find_long(defs, ndefs, name, nlen);
			const char *arg = NULL;

			if (d == NULL)
				USAGE("unknown option '--%.*s'", (int)nlen, name);
			if ((d->arg & CLI_ARG_KIND) == CLI_ARG_REQUIRED) {
				if (eq)
					arg = eq + 1;
				else if (i + 1 < argc)
					arg = argv[++i];
				else
					USAGE("option '--%s' needs an argument",
					      d->long_name);
			} else if ((d->arg & CLI_ARG_KIND) == CLI_ARG_OPTIONAL) {
				arg = eq ? eq + 1 : NULL;
			} else if (eq) {
				USAGE("option '--%s' takes no argument", d->long_name);
			}
			if (take(&given, defs, d, a, arg))
				set(ctx, d, a, arg);
			continue;
		}
		for (const char *c = a + 1; *c; c++) {
			char spelled[3] = {'-', *c, '\0'};
			const struct cli_optdef *d = find_short(defs, ndefs, *c);

			if (d == NULL)
				USAGE("unknown option '%s'", spelled);
			if ((d->arg & CLI_ARG_KIND) == CLI_ARG_REQUIRED) {
				const char *arg;
				if (c[1] != '\0')
					arg = c + 1;
				else if (i + 1 < argc)
					arg = argv[++i];
				else
					USAGE("option '%s' needs an argument", spelled);
				if (take(&given, defs, d, spelled, arg))
					set(ctx, d, spelled, arg);
				break;
			}
			set(ctx, d, spelled, NULL);
		}
	}
	return nfiles;
}

void cli_opt_name(const struct cli_optdef *d, const char *spelled,
                  char out[CLI_OPT_NAME_MAX])
{
	if (spelled[0] == '-' && spelled[1] == '-')
		snprintf(out, CLI_OPT_NAME_MAX, "--%s", d->long_name);
	else
		snprintf(out, CLI_OPT_NAME_MAX, "-%c", d->short_name);
}

void cli_conflict(const char *a, const char *b, const char *why)
{
	if (a[0] != '\0' && b[0] != '\0')
		USAGE("options '%s' and '%s' cannot be used together (%s)", a, b,
		      why);
}
