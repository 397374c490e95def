/* SPDX-License-Identifier: MIT */
/*
 * rewrite_opts.c: the rewrite options of rewrite, extract and log
 * (rewrite_opts.h). Query edits and component sets keep the order of the
 * command line; a conflicting repetition is a usage error.
 */
#include "rewrite_opts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

const struct cli_optdef rw_optdefs[] = {
    {0, "set", CLI_ARG_REQUIRED | CLI_REPEAT, RW_SET},
    {0, "remove-component", CLI_ARG_REQUIRED | CLI_REPEAT, RW_REMOVE_COMPONENT},
    {0, "query-set", CLI_ARG_REQUIRED | CLI_REPEAT, RW_QUERY_SET},
    {0, "query-append", CLI_ARG_REQUIRED | CLI_REPEAT, RW_QUERY_APPEND},
    {0, "query-remove", CLI_ARG_REQUIRED | CLI_REPEAT, RW_QUERY_REMOVE},
    {0, "query-keep", CLI_ARG_REQUIRED | CLI_REPEAT, RW_QUERY_KEEP},
    {0, "query-sort", CLI_ARG_NONE, RW_QUERY_SORT},
    {0, "strip-tracking", CLI_ARG_OPTIONAL, RW_STRIP_TRACKING},
    {0, "drop-fragment", CLI_ARG_NONE, RW_DROP_FRAGMENT},
    {0, "drop-default-port", CLI_ARG_NONE, RW_DROP_DEFAULT_PORT},
    {0, "lower", CLI_ARG_NONE, RW_LOWER},
    {0, "query-icase", CLI_ARG_NONE, RW_QUERY_ICASE},
    {0, "form", CLI_ARG_NONE, RW_FORM},
    {0, "semicolon", CLI_ARG_NONE, RW_SEMICOLON},
    {0, "keep-empty-query", CLI_ARG_NONE, RW_KEEP_EMPTY},
    {0, "normalize", CLI_ARG_NONE, RW_NORMALIZE},
    {0, "scheme-based", CLI_ARG_NONE, RW_SCHEME_BASED},
};
const size_t rw_n_optdefs = sizeof rw_optdefs / sizeof rw_optdefs[0];
const size_t rw_n_optdefs_base = sizeof rw_optdefs / sizeof rw_optdefs[0] - 2;

const char rw_help_base[] =
    "      --set=COMPONENT=VALUE  set a component (scheme userinfo host port\n"
    "                         path query fragment authority); VALUE must be\n"
    "                         valid in its place (see 'uriscan encode')\n"
    "      --remove-component=COMPONENT  remove it\n"
    "      --query-set=KEY=VALUE  the first pair with KEY gets VALUE, the\n"
    "                         others go; appended when there is none\n"
    "      --query-append=KEY=VALUE  append a pair (KEY alone without '=')\n"
    "      --query-remove=GLOB  remove the pairs whose decoded key matches\n"
    "                         GLOB ('*' any run: utm_*, *_ref)\n"
    "      --query-keep=GLOB,...  keep only the pairs these match\n"
    "      --query-sort       sort the pairs by decoded key (stable)\n"
    "      --strip-tracking[=FILE]  remove the tracking parameters (utm_*,\n"
    "                         gclid, fbclid, ...: uriscan-rewrite(1)); FILE:\n"
    "                         one glob a line instead ('@default' includes\n"
    "                         the built-in list)\n"
    "      --drop-fragment    remove the fragment\n"
    "      --drop-default-port  remove an empty port or the scheme's default\n"
    "      --lower            the scheme and host in lower case\n"
    "      --query-icase      keys match and sort with ASCII case ignored\n"
    "      --form             '+' in a key is a space; new keys and values\n"
    "                         written with '+' for a space\n"
    "      --semicolon        ';' separates pairs too\n"
    "      --keep-empty-query  keep the '?' when no pair is left\n"
    "    Query edits and component sets apply in command-line order: sets\n"
    "    first, then normalization, then the query; every byte they do not\n"
    "    change is copied as it is.\n";
const char rw_help_normalize[] =
    "      --normalize        RFC 3986 6.2.2 (case, escapes, dot segments)\n"
    "      --scheme-based     with --normalize: 6.2.3 (ports, http's path)\n";

static unsigned component_named(const char *name, size_t n)
{
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		const char *cn = uriscan_component_name(c);
		if (strlen(cn) == n && strncmp(cn, name, n) == 0)
			return c;
	}
	cli_usage_error("unknown component '%.*s' (scheme, authority, userinfo, "
	                "host, port, path, query, fragment)",
	                (int)n, name);
}

static void add_set(struct rw_spec *r, unsigned c, const char *v, size_t n,
                    unsigned flags, const char *spelled)
{
	for (size_t i = 0; i < r->o.n_sets; i++) {
		const struct uriscan_set_options *s = &r->sets[i];
		if (s->component == c &&
		    (s->flags != flags || s->value_len != n ||
		     (n && memcmp(s->value, v, n) != 0)))
			cli_usage_error("%s: %s given twice with different values",
			                spelled, uriscan_component_name(c));
	}
	if (r->o.n_sets == r->cap_sets) {
		r->cap_sets = r->cap_sets ? 2 * r->cap_sets : 4;
		r->sets = cli_realloc(r->sets, r->cap_sets * sizeof *r->sets);
	}
	struct uriscan_set_options *s = &r->sets[r->o.n_sets++];
	memset(s, 0, sizeof *s);
	s->size = sizeof *s;
	s->component = c;
	s->value = v;
	s->value_len = n;
	s->flags = flags;
}

static void add_edit(struct rw_spec *r, unsigned op, const char *key,
                     size_t key_len, const char *value, size_t value_len)
{
	if (r->o.n_edits == r->cap_edits) {
		r->cap_edits = r->cap_edits ? 2 * r->cap_edits : 8;
		r->edits = cli_realloc(r->edits, r->cap_edits * sizeof *r->edits);
	}
	struct uriscan_query_edit *e = &r->edits[r->o.n_edits++];
	e->op = op;
	e->key = key;
	e->key_len = key_len;
	e->value = value;
	e->value_len = value_len;
}

/* A key=value argument: the key up to the first '='. */
static void add_pair_edit(struct rw_spec *r, unsigned op, const char *arg,
                          const char *spelled)
{
	const char *eq = strchr(arg, '=');
	if (eq == NULL && op == URISCAN_QUERY_SET)
		cli_usage_error("%s needs KEY=VALUE", spelled);
	if (eq == NULL)
		add_edit(r, op, arg, strlen(arg), NULL, 0);
	else
		add_edit(r, op, arg, (size_t)(eq - arg), eq + 1, strlen(eq + 1));
}

static void set_flag(struct rw_spec *r, unsigned f)
{
	r->o.flags |= f;
}

void rw_set(struct rw_spec *r, const struct cli_optdef *d, const char *spelled,
            const char *arg)
{
	r->any = 1;
	r->o.size = sizeof r->o;
	switch (d->id) {
	case RW_SET: {
		const char *eq = strchr(arg, '=');
		if (eq == NULL)
			cli_usage_error("%s needs COMPONENT=VALUE", spelled);
		add_set(r, component_named(arg, (size_t)(eq - arg)), eq + 1,
		        strlen(eq + 1), 0, spelled);
		break;
	}
	case RW_REMOVE_COMPONENT:
		add_set(r, component_named(arg, strlen(arg)), NULL, 0,
		        URISCAN_SET_REMOVE, spelled);
		break;
	case RW_QUERY_SET:
		add_pair_edit(r, URISCAN_QUERY_SET, arg, spelled);
		break;
	case RW_QUERY_APPEND:
		add_pair_edit(r, URISCAN_QUERY_APPEND, arg, spelled);
		break;
	case RW_QUERY_REMOVE:
		add_edit(r, URISCAN_QUERY_REMOVE, arg, strlen(arg), NULL, 0);
		break;
	case RW_QUERY_KEEP:
		/* one run of KEEP edits: one list */
		for (const char *k = arg;;) {
			const char *comma = strchr(k, ',');
			size_t n = comma ? (size_t)(comma - k) : strlen(k);
			add_edit(r, URISCAN_QUERY_KEEP, k, n, NULL, 0);
			if (!comma)
				break;
			k = comma + 1;
		}
		break;
	case RW_QUERY_SORT:
		add_edit(r, URISCAN_QUERY_SORT, NULL, 0, NULL, 0);
		r->sorts = 1;
		break;
	case RW_STRIP_TRACKING: /* given twice: args.c's usage error */
		set_flag(r, URISCAN_REWRITE_STRIP_TRACKING);
		r->tracking_file = arg;
		break;
	case RW_DROP_FRAGMENT:
		set_flag(r, URISCAN_REWRITE_DROP_FRAGMENT);
		break;
	case RW_DROP_DEFAULT_PORT:
		set_flag(r, URISCAN_REWRITE_DROP_DEFAULT_PORT);
		break;
	case RW_LOWER:
		set_flag(r, URISCAN_REWRITE_LOWER);
		break;
	case RW_NORMALIZE:
		set_flag(r, URISCAN_REWRITE_NORMALIZE);
		break;
	case RW_SCHEME_BASED:
		set_flag(r, URISCAN_REWRITE_SCHEME_BASED);
		break;
	case RW_QUERY_ICASE:
		r->o.query_flags |= URISCAN_QUERY_ICASE;
		break;
	case RW_FORM:
		r->o.query_flags |= URISCAN_DECODE_PLUS;
		break;
	case RW_SEMICOLON:
		r->o.query_flags |= URISCAN_QUERY_SEMICOLON;
		break;
	case RW_KEEP_EMPTY:
		r->o.query_flags |= URISCAN_QUERY_KEEP_EMPTY;
		break;
	default:
		break;
	}
}

static void add_glob(struct rw_spec *r, const char *g, size_t n)
{
	if (r->n_tracking == r->cap_tracking) {
		r->cap_tracking = r->cap_tracking ? 2 * r->cap_tracking : 64;
		r->tracking =
		    cli_realloc(r->tracking, r->cap_tracking * sizeof *r->tracking);
	}
	char *s = cli_malloc(n + 1);
	memcpy(s, g, n);
	s[n] = '\0';
	r->tracking[r->n_tracking++] = s;
}

/* FILE: one glob a line (what follows a tab is a comment, as in
 * data/tracking/tracking-params.tsv), '#' comments, '@default'. */
static int read_tracking(struct rw_spec *r, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? NULL : fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (f == NULL) {
		cli_error("--strip-tracking: %s: %s", path,
		          strcmp(path, "-") == 0 ? "standard input is for records"
		                                 : strerror(errno));
		return EXIT_TROUBLE;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		size_t k = strcspn(line, "\t\r\n");
		if (k == 0 || line[0] == '#')
			continue;
		if (k == 8 && strncmp(line, "@default", 8) == 0) {
			size_t nd = 0;
			const char *const *d = uriscan_tracking_default(&nd);
			for (size_t i = 0; i < nd; i++)
				add_glob(r, d[i], strlen(d[i]));
		} else
			add_glob(r, line, k);
	}
	free(line);
	fclose(f);
	static const char *const empty[1] = {""};
	/* an empty list is no list, not the default one */
	r->o.tracking = r->n_tracking ? (const char *const *)r->tracking : empty;
	r->o.n_tracking = r->n_tracking;
	return 0;
}

int rw_finish(struct rw_spec *r)
{
	r->o.size = sizeof r->o;
	r->o.sets = r->sets;
	r->o.edits = r->edits;
	if ((r->o.flags & URISCAN_REWRITE_SCHEME_BASED) &&
	    !(r->o.flags & URISCAN_REWRITE_NORMALIZE))
		cli_usage_error("--scheme-based goes with --normalize");
	if (r->tracking_file)
		return read_tracking(r, r->tracking_file);
	return 0;
}

int rw_apply(struct rw_spec *r, enum uriscan_grammar g, const char *in,
             size_t len, const char **res, size_t *rlen,
             struct uriscan_error *err)
{
	int st;

	if (!r->any) {
		*res = in;
		*rlen = len;
		return URISCAN_OK;
	}
	if (r->cap < len + 64) {
		r->cap = 2 * len + 64;
		r->buf = cli_realloc(r->buf, r->cap);
		r->work = cli_realloc(r->work, r->cap);
	}
	for (;;) {
		size_t n = 0;
		r->o.work = r->work;
		r->o.work_cap = r->cap;
		if ((r->sorts || r->o.n_edits > 256) &&
		    r->sort_cap < URISCAN_QUERY_SORT_WORK(r->cap, r->o.n_edits)) {
			/* a hostile query of many pairs sorts in O(n log n);
			 * many SETs find their first pairs by an index */
			r->sort_cap = URISCAN_QUERY_SORT_WORK(r->cap, r->o.n_edits);
			r->sort_work = cli_realloc(r->sort_work, r->sort_cap);
		}
		r->o.sort_work = r->sort_work;
		r->o.sort_work_size = r->sort_cap;
		st = uriscan_rewrite(g, in, len, &r->o, r->buf, r->cap, &n, err);
		if (st != URISCAN_E_BUFFER_TOO_SMALL) {
			*res = r->buf;
			*rlen = n;
			return st;
		}
		r->cap = 2 * n + 64;
		r->buf = cli_realloc(r->buf, r->cap);
		r->work = cli_realloc(r->work, r->cap);
	}
}

void rw_free(struct rw_spec *r)
{
	for (size_t i = 0; i < r->n_tracking; i++)
		free(r->tracking[i]);
	free(r->tracking);
	free(r->sets);
	free(r->edits);
	free(r->buf);
	free(r->work);
	free(r->sort_work);
}
