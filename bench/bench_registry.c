/* SPDX-License-Identifier: MIT */
/*
 * bench_registry.c: the parsers compiled in (one provider per file, the
 * peers only when meson found their library), looked up by id. No timing.
 */
#include <string.h>

#include "bench_harness.h"

static const bench_provider_fn providers[] = {
	bench_uriscan_parsers,
	bench_ops_parsers,
	bench_rewrite_parsers,
	bench_hosts_parsers,
	bench_defang_parsers,
#ifdef BENCH_HAVE_URIPARSER
	bench_peer_uriparser,
#endif
#ifdef BENCH_HAVE_CURL
	bench_peer_curl,
#endif
#ifdef BENCH_HAVE_GLIB
	bench_peer_glib,
#endif
#ifdef BENCH_HAVE_HTTP_PARSER
	bench_peer_http_parser,
#endif
#ifdef BENCH_HAVE_BOOST_URL
	bench_peer_boost_url,
#endif
#ifdef BENCH_HAVE_ADA
	bench_peer_ada,
#endif
#ifdef BENCH_HAVE_PCRE2
	bench_peer_pcre2,
#endif
#ifdef BENCH_HAVE_HYPERSCAN
	bench_peer_hyperscan,
#endif
	bench_limit_parsers,
};

const struct bench_parser **all; /* every parser compiled in */
size_t nall;
const char *versions[16];
size_t nversions;

void collect_parsers(void)
{
	for (size_t i = 0; i < sizeof providers / sizeof providers[0]; i++) {
		const struct bench_parser *p;
		const char *v = NULL;
		size_t n = providers[i](&p, &v);
		if (v && nversions < sizeof versions / sizeof versions[0])
			versions[nversions++] = v;
		all = xrealloc(all, (nall + n) * sizeof *all);
		for (size_t k = 0; k < n; k++)
			all[nall++] = &p[k];
	}
}

const struct bench_parser *find_parser(const char *id)
{
	for (size_t i = 0; i < nall; i++)
		if (strcmp(all[i]->id, id) == 0)
			return all[i];
	return NULL;
}

/* --only: comma-separated ids or id prefixes ("uriscan", "limit"). */
int selected(const struct bench_parser *p)
{
	if (opt.only == NULL)
		return 1;
	const char *s = opt.only;
	while (*s) {
		const char *c = strchr(s, ',');
		size_t n = c ? (size_t)(c - s) : strlen(s);
		if (n > 0 && strncmp(p->id, s, n) == 0 &&
		    (p->id[n] == '\0' || p->id[n] == ':'))
			return 1;
		s += n + (c != NULL);
	}
	/* the references of the ratios are always timed */
	return strcmp(p->id, REF_ID) == 0 || strcmp(p->id, LIMIT_ID) == 0 ||
	       strcmp(p->id, HS_ID) == 0 || strcmp(p->id, PCRE_ID) == 0 ||
	       strcmp(p->id, MEMMEM_ID) == 0 || strcmp(p->id, MEMCHR_ID) == 0 ||
	       strcmp(p->id, ADA_VALIDATE_ID) == 0 ||
	       strcmp(p->id, ADA_PARSE_ID) == 0;
}

int applies(const struct bench_parser *p, const struct bench_set *s)
{
	return (p->on & (s->is_log ? BENCH_ON_LOGS : BENCH_ON_URLS)) != 0;
}

const char *task_name(enum bench_task t)
{
	switch (t) {
	case BENCH_VALIDATE:
		return "validate";
	case BENCH_PARSE:
		return "parse";
	case BENCH_EXTRACT:
		return "extract";
	case BENCH_LIMIT:
		return "limit";
	case BENCH_NORMALIZE:
		return "normalize";
	case BENCH_REWRITE:
		return "rewrite";
	case BENCH_RESOLVE:
		return "resolve";
	}
	return "?";
}
