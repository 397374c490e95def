/* SPDX-License-Identifier: MIT */
/*
 * test_vectors.c: table-driven conformance test for a grammar (RFC 3986 by
 * default).
 * No timing (speed is measured only in bench/).
 *
 * Usage: test_vectors [-g GRAMMAR] [--t0] [--coverage N] FILE...
 *
 * -g GRAMMAR  the grammar the files are for (default rfc3986); must come
 *             before the files.
 *
 * Reads vector files (format: the header of tests/vectors/rfc3986.tsv; the
 * RFC 2396/1738 files add form=RULE, KEY@OFFSET=VALUE and more keys; each
 * line is read by vector_file.c) and prints one TAP point per case. Each
 * case is run through uriscan_parse_rule and uriscan_validate_rule, which
 * must agree with the expectation and with each other (vector_check.c
 * checks each result), from three copies of the input: one on the heap, one
 * that ends exactly at a PROT_NONE page and one that starts exactly after a
 * PROT_NONE page (over- and under-reads fault).
 *
 * --t0        also run every case through uriscan__run with the library's own
 *             build (uriscan__gen_<grammar>_main) and the table-driven -T0
 *             build (uriscan__gen_<grammar>_t0); all results must be identical.
 * --coverage N  finally check that every rule of the grammar has at least N
 *             valid and N invalid cases in the files (path-empty, which
 *             matches only "", needs one valid case) and an empty-input case
 *             (so length 0 at a page boundary is run for every rule).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "tap.h"
#include "uriscan-config.h"
#include "uriscan.h"
#include "vector_check.h"
#include "vector_file.h"

/* The -T0 builds of the grammars (ragel/meson.build: uriscan_gen_t0). */
#if URISCAN_HAVE_RFC3986
extern const struct uriscan__gen uriscan__gen_rfc3986_t0;
#endif
#if URISCAN_HAVE_RFC2396
extern const struct uriscan__gen uriscan__gen_rfc2396_t0;
#endif
#if URISCAN_HAVE_RFC1738
extern const struct uriscan__gen uriscan__gen_rfc1738_t0;
#endif
#if URISCAN_HAVE_RFC3987
extern const struct uriscan__gen uriscan__gen_rfc3987_t0;
#endif

static const struct {
	enum uriscan_grammar g;
	const struct uriscan__gen *main, *t0;
} builds[] = {
#if URISCAN_HAVE_RFC3986
    {URISCAN_RFC3986, &uriscan__gen_rfc3986_main, &uriscan__gen_rfc3986_t0},
#endif
#if URISCAN_HAVE_RFC2396
    {URISCAN_RFC2396, &uriscan__gen_rfc2396_main, &uriscan__gen_rfc2396_t0},
#endif
#if URISCAN_HAVE_RFC1738
    {URISCAN_RFC1738, &uriscan__gen_rfc1738_main, &uriscan__gen_rfc1738_t0},
#endif
#if URISCAN_HAVE_RFC3987
    {URISCAN_RFC3987, &uriscan__gen_rfc3987_main, &uriscan__gen_rfc3987_t0},
#endif
};

/* The grammar under test (-g; RFC 3986 without it) and its two builds. */
enum uriscan_grammar G = URISCAN_RFC3986;
static const struct uriscan__gen *gen_main, *gen_t0;

/* its authority rule (read by vector_file.c) */
unsigned rule_authority = ~0u;
static unsigned rule_count;
static unsigned *cov_valid, *cov_invalid, *cov_empty;

/* ------------------------------------------------------------------ */
/* Placing inputs                                                      */

static size_t page;
static unsigned char *guard_base; /* [PROT_NONE][data pages][PROT_NONE] */
static size_t guard_data;         /* size of the data pages */

/* Make room for len bytes between two PROT_NONE pages. */
static int guard_reserve(size_t len)
{
	size_t need = (len + page - 1) / page * page;
	if (need == 0)
		need = page;
	if (guard_base && need <= guard_data)
		return 1;
	if (guard_base)
		munmap(guard_base, guard_data + 2 * page);
	void *m = mmap(NULL, need + 2 * page, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		guard_base = NULL;
		return 0;
	}
	guard_base = m;
	guard_data = need;
	if (mprotect(guard_base, page, PROT_NONE) != 0 ||
	    mprotect(guard_base + page + need, page, PROT_NONE) != 0)
		return 0;
	return 1;
}

enum placement { PL_HEAP, PL_GUARD_END, PL_GUARD_START, PL_COUNT };
static const char *const placement_name[PL_COUNT] = {
    "heap copy", "copy ending at a PROT_NONE page",
    "copy starting after a PROT_NONE page"};

/* A copy of the input placed as asked; *heap is set to free later. */
static const char *place(const struct vcase *v, enum placement pl,
                         unsigned char **heap)
{
	unsigned char *d;
	*heap = NULL;
	switch (pl) {
	case PL_HEAP:
		*heap = malloc(v->len ? v->len : 1);
		if (*heap && v->len)
			memcpy(*heap, v->input, v->len);
		return (const char *)*heap;
	case PL_GUARD_END:
		if (!guard_reserve(v->len))
			return NULL;
		d = guard_base + page + guard_data - v->len;
		break;
	case PL_GUARD_START:
		if (!guard_reserve(v->len))
			return NULL;
		d = guard_base + page;
		break;
	default:
		return NULL;
	}
	if (v->len)
		memcpy(d, v->input, v->len);
	return (const char *)d;
}

/* ------------------------------------------------------------------ */
/* Running (vector_check.c checks the results)                      */

enum backend { BK_API, BK_MAIN, BK_T0, BK_COUNT };
static const char *const backend_name[BK_COUNT] = {
    "public API", "uriscan__run(main build)", "uriscan__run(-T0 build)"};

static void run(enum backend b, unsigned rule, const char *s, size_t len,
                struct result *r)
{
	struct uriscan_error ve;

	/* garbage in, so fields that are never written show up */
	memset(&r->u, 0xa5, sizeof r->u);
	memset(&ve, 0xa5, sizeof ve);
	r->veo = (size_t)0xa5a5a5a5u;
	switch (b) {
	case BK_API:
		r->pstatus = uriscan_parse_rule(G, rule, s, len, 0,
		                                &r->u);
		r->vstatus = uriscan_validate_rule(G, rule, s, len,
		                                   0, &ve);
		r->veo = ve.status == r->vstatus ? ve.offset : (size_t)-1;
		break;
	case BK_MAIN:
	case BK_T0: {
		const struct uriscan__gen *g = b == BK_MAIN ? gen_main : gen_t0;
		r->pstatus = uriscan__run(g, G, rule, s, len, 0,
		                          &r->u, NULL);
		r->vstatus = uriscan__run(g, G, rule, s, len, 0,
		                          NULL, &r->veo);
		break;
	}
	default:
		break;
	}
}

static int use_t0;
static int no_guard; /* mmap failed: heap copies only */

static void run_case(const struct vcase *v)
{
	struct result first, r;
	int ok = 1, have_first = 0;
	int nb = use_t0 ? BK_COUNT : 1;
	char who[160];

	for (int pl = 0; pl < (no_guard ? 1 : PL_COUNT); pl++) {
		unsigned char *heap;
		const char *s = place(v, (enum placement)pl, &heap);
		if (s == NULL) {
			tap_diag("  cannot place the input (%s)", strerror(errno));
			ok = 0;
			continue;
		}
		for (int b = 0; b < nb; b++) {
			run((enum backend)b, v->rule, s, v->len, &r);
			snprintf(who, sizeof who, "%s, %s", backend_name[b],
			         placement_name[pl]);
			if (!check_result(v, &r, who))
				ok = 0;
			if (!have_first) {
				first = r;
				have_first = 1;
			} else if (!same_result(&first, &r)) {
				tap_diag("  %s: result differs from the first run "
				         "(public API, heap copy)", who);
				ok = 0;
			}
		}
		free(heap);
	}
	/* '#' would start a TAP directive: write it as the files do, \x23 */
	char shown[200];
	size_t n = 0;
	for (const char *t = v->text; *t && n + 8 < sizeof shown; t++) {
		if (*t == '#') {
			memcpy(shown + n, "\\x23", 4);
			n += 4;
		} else {
			shown[n++] = *t;
		}
	}
	if (v->text[0] && n + 8 >= sizeof shown) {
		memcpy(shown + n, "...", 3);
		n += 3;
	}
	shown[n] = '\0';
	tap_ok(ok, "%s:%u %s %s %s", v->file, v->lineno,
	       v->valid ? "valid" : "invalid", v->rule_name,
	       v->len ? shown : "(empty)");
	if (v->valid)
		cov_valid[v->rule]++;
	else
		cov_invalid[v->rule]++;
	if (v->len == 0)
		cov_empty[v->rule]++;
}

static void run_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0, cases = 0;
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (f == NULL) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		struct vcase v;
		memset(&v, 0, sizeof v);
		v.file = base;
		v.lineno = lineno;
		v.line = strdup(line);
		if (v.line == NULL) {
			tap_ok(0, "out of memory");
			break;
		}
		const char *err = parse_line(&v, v.line);
		if (err)
			tap_ok(0, "%s:%u: malformed vector: %s", base, lineno, err);
		else
			run_case(&v);
		cases++;
		free(v.input);
		free(v.line);
	}
	free(line);
	fclose(f);
	tap_ok(cases > 0, "%s: %u cases", base, cases);
}

int main(int argc, char **argv)
{
	unsigned coverage = 0;
	int nfiles = 0;
	long ps = sysconf(_SC_PAGESIZE);

	page = ps > 0 ? (size_t)ps : 4096;
	if (argc > 2 && strcmp(argv[1], "-g") == 0) {
		if (uriscan_grammar_from_name(argv[2], &G) != URISCAN_OK) {
			fprintf(stderr, "unknown grammar %s\n", argv[2]);
			return 99;
		}
		argv += 2;
		argc -= 2;
	}
	for (unsigned i = 0; i < sizeof builds / sizeof builds[0]; i++)
		if (builds[i].g == G) {
			gen_main = builds[i].main;
			gen_t0 = builds[i].t0;
		}
	if (gen_main == NULL) {
		fprintf(stderr, "grammar %s is not built\n", uriscan_grammar_name(G));
		return 99;
	}
	/* RFC 3987 names it iauthority; RFC 1738 has no authority rule */
	if (uriscan_rule_from_name(G, "authority", &rule_authority) !=
	        URISCAN_OK &&
	    uriscan_rule_from_name(G, "iauthority", &rule_authority) !=
	        URISCAN_OK &&
	    G != URISCAN_RFC1738)
		tap_ok(0, "the authority rule exists");
	rule_count = uriscan_rule_count(G);
	if (!guard_reserve(page)) {
		no_guard = 1;
		tap_skip("cannot mmap guard pages: no over-read checks");
	}
	cov_valid = calloc(rule_count + 1, sizeof *cov_valid);
	cov_invalid = calloc(rule_count + 1, sizeof *cov_invalid);
	cov_empty = calloc(rule_count + 1, sizeof *cov_empty);
	if (!cov_valid || !cov_invalid || !cov_empty)
		return 99;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--t0") == 0) {
			use_t0 = 1;
		} else if (strcmp(argv[i], "--coverage") == 0 && i + 1 < argc) {
			coverage = (unsigned)strtoul(argv[++i], NULL, 10);
		} else {
			run_file(argv[i]);
			nfiles++;
		}
	}
	if (nfiles == 0) {
		fprintf(stderr, "usage: %s [--t0] [--coverage N] FILE...\n",
		        argv[0]);
		return 99;
	}
	if (use_t0) {
		tap_ok(gen_t0 != gen_main &&
		           (*gen_t0).rules !=
		               (*gen_main).rules &&
		           (*gen_t0).count > 0 &&
		           (*gen_t0).rules[0].validate !=
		               (*gen_main).rules[0].validate,
		       "the -T0 build is a separate build");
		tap_ok((*gen_t0).count ==
		               (*gen_main).count &&
		           (*gen_t0).default_rule ==
		               (*gen_main).default_rule,
		       "-T0 and main builds have the same rule table shape");
		for (unsigned i = 0; i < (*gen_t0).count &&
		                     i < (*gen_main).count;
		     i++)
			if (strcmp((*gen_t0).rules[i].name,
			           (*gen_main).rules[i].name) != 0)
				tap_ok(0, "rule %u is named alike in both builds", i);
	}
	if (coverage) {
		for (unsigned i = 0; i < rule_count; i++) {
			const char *name = uriscan_rule_name(G, i);
			/* path-empty = 0<pchar> (and the like in other grammars),
			 * RFC 9112's asterisk-form = "*" and HTTP-name = %s"HTTP"
			 * match one string only */
			size_t nl = name ? strlen(name) : 0;
			unsigned need_valid =
			    (nl >= 10 && strcmp(name + nl - 10, "path-empty") == 0) ||
			            strcmp(name, "asterisk-form") == 0 ||
			            strcmp(name, "HTTP-name") == 0
			        ? 1
			        : coverage;
			tap_ok(cov_valid[i] >= need_valid &&
			           cov_invalid[i] >= coverage,
			       "rule %s has >= %u valid (%u) and >= %u invalid (%u) "
			       "cases",
			       name, need_valid, cov_valid[i], coverage,
			       cov_invalid[i]);
			/* so that length 0 at a page boundary is run for it */
			tap_ok(cov_empty[i] > 0, "rule %s has an empty-input case",
			       name);
		}
	}
	free(cov_valid);
	free(cov_invalid);
	free(cov_empty);
	if (guard_base)
		munmap(guard_base, guard_data + 2 * page);
	return tap_done();
}
