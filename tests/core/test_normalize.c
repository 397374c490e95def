/* SPDX-License-Identifier: MIT */
/*
 * test_normalize.c: uriscan_normalize and uriscan_equivalent against their
 * vectors (tests/vectors/normalize-*.tsv, equivalent.tsv) and against
 * themselves on the URL lists (idempotence, validity, equivalence).
 *
 * Usage: test_normalize [-g GRAMMAR] [--norm FILE] [--equiv FILE]
 *                       [--lines FILE] ...   (options apply in order)
 * --norm FILE   FLAGS <tab> INPUT <tab> EXPECT [<tab> NOTE]; EXPECT is the
 *               result, or !STATUS@OFFSET; one TAP point per line. Each
 *               valid case is also checked with every output capacity,
 *               normalized twice (idempotence), validated in the grammar,
 *               and equivalent to its result.
 * --equiv FILE  GRAMMAR <tab> FLAGS <tab> A <tab> B <tab> EXPECT [<tab>
 *               NOTE]; EXPECT 1, 0 or !STATUS@OFFSET@INPUT (1: a, 2: b);
 *               also equivalent(A, B) iff normalize(A) == normalize(B).
 * --lines FILE  every line of a URL list, with flags 0 and all the
 *               scheme-based ones: valid lines are idempotent, their result
 *               valid, and equivalent(line, previous line) iff their normal
 *               forms are equal. One TAP point per file.
 * FLAGS: "-" or a comma list of empty_port, default_port, http_path,
 * scheme_based, iri_decode, string. Fields use the escapes of tests/vec.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

static enum uriscan_grammar grammar = URISCAN_RFC3986;
/* norm_all tries every capacity (vectors) or only 0, size and size + 1 */
static int every_cap = 1;

static int parse_flags(const char *s, unsigned *f)
{
	static const struct {
		const char *name;
		unsigned bit;
	} names[] = {{"empty_port", URISCAN_NORM_EMPTY_PORT},
	             {"default_port", URISCAN_NORM_DEFAULT_PORT},
	             {"http_path", URISCAN_NORM_HTTP_PATH},
	             {"scheme_based", URISCAN_NORM_SCHEME_BASED},
	             {"iri_decode", URISCAN_NORM_IRI_DECODE},
	             {"string", URISCAN_EQUIV_STRING},
	             {"bad", 1u << 30}};
	*f = 0;
	if (strcmp(s, "-") == 0)
		return 0;
	while (*s) {
		size_t n = strcspn(s, ","), i;
		for (i = 0; i < sizeof names / sizeof names[0]; i++)
			if (strlen(names[i].name) == n &&
			    strncmp(names[i].name, s, n) == 0)
				break;
		if (i == sizeof names / sizeof names[0])
			return -1;
		*f |= names[i].bit;
		s += n + (s[n] == ',');
	}
	return 0;
}

static int status_from_name(const char *s, size_t n)
{
	for (int st = 0; st < URISCAN_STATUS_LAST; st++)
		if (strlen(uriscan_status_name(st)) == n &&
		    strncmp(uriscan_status_name(st), s, n) == 0)
			return st;
	return -1;
}

/* Split line at tabs in place (empty fields kept); returns the count. */
static int split(char *line, char **fld, int max)
{
	int k = 0;
	fld[k++] = line;
	for (char *p = line; *p && k < max; p++)
		if (*p == '\t') {
			*p = '\0';
			fld[k++] = p + 1;
		}
	return k;
}

/* Normalize into a heap block of exactly the size needed + 1 (so ASan sees
 * a write past it); returns the status; *res (malloc'd) on OK. Checks the
 * buffer contract with every capacity from 0 to the size + 1. */
static int norm_all(const char *s, size_t len, unsigned flags, char **res,
                    size_t *res_len, size_t *eo, const char **why)
{
	size_t n = 77, n2;
	struct uriscan_error e, e2;
	int st = uriscan_normalize(grammar, len ? s : NULL, len, flags, NULL, 0,
	                           &n, &e);
	*res = NULL;
	*why = NULL;
	*eo = e.offset;
	if (e.status != st || e.component != URISCAN_COMPONENT_NONE ||
	    (e.input == URISCAN_INPUT_FIRST) !=
	        (st != URISCAN_OK && st != URISCAN_E_BUFFER_TOO_SMALL &&
	         st != URISCAN_E_INVALID_ARG))
		*why = "error struct";
	if (st != URISCAN_E_BUFFER_TOO_SMALL) {
		char small[2] = "x";
		if (st == URISCAN_OK || n != 0)
			*why = "size query of an invalid input";
		if (uriscan_normalize(grammar, s, len, flags, small, 1, &n2, &e2) !=
		        st ||
		    e2.offset != *eo || small[0] != '\0' || n2 != 0)
			*why = "an invalid input with a buffer";
		return st;
	}
	for (size_t cap = every_cap ? 1 : n; cap <= n + 1; cap++) {
		if (cap == 0)
			continue;
		char *b = malloc(cap);
		memset(b, 0x5a, cap);
		int st2 = uriscan_normalize(grammar, s, len, flags, b, cap, &n2,
		                            &e2);
		if (n2 != n || e2.offset != 0 ||
		    st2 != (cap == n + 1 ? URISCAN_OK : URISCAN_E_BUFFER_TOO_SMALL) ||
		    (cap == n + 1 && b[n] != '\0'))
			*why = "buffer contract";
		if (cap == n + 1) {
			*res = b;
			*res_len = n;
		} else
			free(b);
	}
	return URISCAN_OK;
}

/* The checks every valid case gets; returns NULL or what failed. */
static const char *check_result(const char *s, size_t len, unsigned flags,
                                const char *r, size_t rl)
{
	char *r2;
	size_t rl2, eo;
	const char *why;
	int eq = -1;

	if (uriscan_validate(grammar, r, rl, 0, NULL) != URISCAN_OK)
		return "result not valid in the grammar";
	if (norm_all(r, rl, flags, &r2, &rl2, &eo, &why) != URISCAN_OK || why)
		return why ? why : "result does not normalize";
	int same = rl2 == rl && memcmp(r, r2, rl) == 0;
	free(r2);
	if (!same)
		return "not idempotent";
	if (uriscan_equivalent(grammar, s, len, r, rl, flags, &eq, NULL) !=
	        URISCAN_OK ||
	    eq != 1)
		return "not equivalent to its normal form";
	return NULL;
}

static void run_norm(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *fld[4];
	size_t cap = 0;
	unsigned lineno = 0;

	if (!f) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		unsigned flags;
		long il, el;
		if (split(line, fld, 4) < 3 || parse_flags(fld[0], &flags) ||
		    (il = vec_unescape(fld[1], (unsigned char *)fld[1], 0)) < 0 ||
		    (el = vec_unescape(fld[2], (unsigned char *)fld[2], 0)) < 0) {
			tap_ok(0, "%s:%u: malformed line", path, lineno);
			continue;
		}
		char *r;
		size_t rl = 0, eo = 0;
		const char *why;
		int st = norm_all(fld[1], (size_t)il, flags, &r, &rl, &eo, &why);
		if (fld[2][0] == '!') {
			char *at = strchr(fld[2], '@');
			int want = at ? status_from_name(fld[2] + 1,
			                                 (size_t)(at - fld[2] - 1))
			              : -1;
			tap_ok(!why && want >= 0 && st == want &&
			           eo == strtoul(at + 1, NULL, 10),
			       "%s:%u: %s@%zu %s", path, lineno, uriscan_status_name(st),
			       eo, why ? why : "");
			free(r);
			continue;
		}
		if (st != URISCAN_OK) {
			tap_ok(0, "%s:%u: %s@%zu", path, lineno,
			       uriscan_status_name(st), eo);
			continue;
		}
		if (!why && ((size_t)el != rl || memcmp(r, fld[2], rl) != 0))
			why = "wrong result";
		if (!why)
			why = check_result(fld[1], (size_t)il, flags, r, rl);
		tap_ok(why == NULL, "%s:%u: %s -> %.*s%s%s", path, lineno, fld[1],
		       (int)rl, r, why ? " : " : "", why ? why : "");
		free(r);
	}
	free(line);
	fclose(f);
}

/* equivalent(a, b) agrees with comparing the normal forms; 1 if so. */
static int equiv_consistent(const char *a, size_t al, const char *b,
                            size_t bl, unsigned flags, int eq)
{
	char *ra, *rb;
	size_t la, lb, eo;
	const char *why;
	if (flags & URISCAN_EQUIV_STRING)
		return eq == (al == bl && memcmp(a, b, al) == 0);
	if (norm_all(a, al, flags, &ra, &la, &eo, &why) != URISCAN_OK)
		return 0;
	if (norm_all(b, bl, flags, &rb, &lb, &eo, &why) != URISCAN_OK) {
		free(ra);
		return 0;
	}
	int same = la == lb && memcmp(ra, rb, la) == 0;
	free(ra);
	free(rb);
	return same == eq;
}

static void run_equiv(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *fld[6];
	size_t cap = 0;
	unsigned lineno = 0;

	if (!f) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		unsigned flags;
		long al, bl;
		enum uriscan_grammar g;
		if (split(line, fld, 6) < 5 || parse_flags(fld[1], &flags) ||
		    uriscan_grammar_from_name(fld[0], &g) ||
		    (al = vec_unescape(fld[2], (unsigned char *)fld[2], 0)) < 0 ||
		    (bl = vec_unescape(fld[3], (unsigned char *)fld[3], 0)) < 0) {
			tap_ok(0, "%s:%u: malformed line", path, lineno);
			continue;
		}
		if (!uriscan_grammar_available(g)) {
			tap_skip("grammar not built");
			continue;
		}
		enum uriscan_grammar saved = grammar;
		grammar = g;
		int eq = -1, eq2 = -1;
		struct uriscan_error e = {77, 77, URISCAN_INPUT_NONE, 77};
		int st = uriscan_equivalent(g, fld[2], (size_t)al, fld[3],
		                            (size_t)bl, flags, &eq, &e);
		size_t eo = e.offset;
		unsigned which = (unsigned)e.input;
		int ok;
		if (fld[4][0] == '!') {
			char *at = strchr(fld[4], '@');
			char *at2 = at ? strchr(at + 1, '@') : NULL;
			int want = at ? status_from_name(fld[4] + 1,
			                                 (size_t)(at - fld[4] - 1))
			              : -1;
			ok = want >= 0 && st == want && eq == 0 && e.status == st &&
			     eo == strtoul(at + 1, NULL, 10) &&
			     (at2 ? which == strtoul(at2 + 1, NULL, 10) : which == 0);
		} else {
			/* symmetric, and the same as comparing normal forms */
			uriscan_equivalent(g, fld[3], (size_t)bl, fld[2], (size_t)al,
			                   flags, &eq2, NULL);
			ok = st == URISCAN_OK && eq == atoi(fld[4]) && eq2 == eq &&
			     equiv_consistent(fld[2], (size_t)al, fld[3], (size_t)bl,
			                      flags, eq);
		}
		tap_ok(ok, "%s:%u: %s %s %s: %s eq=%d @%zu input %u", path, lineno,
		       fld[0], fld[2], fld[3], uriscan_status_name(st), eq, eo, which);
		grammar = saved;
	}
	free(line);
	fclose(f);
}

static void run_lines(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *prev = NULL;
	size_t cap = 0, prev_len = 0;
	unsigned long valid = 0, bad = 0, pairs = 0, equal_pairs = 0;
	static const unsigned flag_sets[] = {0, URISCAN_NORM_SCHEME_BASED};
	ssize_t got;

	if (!f) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	every_cap = 0;
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t n = (size_t)got;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		if (uriscan_validate(grammar, line, n, 0, NULL) != URISCAN_OK)
			continue;
		valid++;
		for (unsigned k = 0; k < 2; k++) {
			unsigned fl = flag_sets[k];
			char *r;
			size_t rl, eo;
			const char *why;
			if (norm_all(line, n, fl, &r, &rl, &eo, &why) != URISCAN_OK ||
			    why || (why = check_result(line, n, fl, r, rl)) != NULL) {
				if (bad++ < 5)
					tap_diag("  %.*s: %s", (int)n, line,
					         why ? why : "failed");
			}
			free(r);
			if (prev) {
				int eq = -1;
				pairs++;
				if (uriscan_equivalent(grammar, prev, prev_len, line, n, fl,
				                       &eq, NULL) != URISCAN_OK ||
				    !equiv_consistent(prev, prev_len, line, n, fl, eq)) {
					if (bad++ < 5)
						tap_diag("  pair %.*s / %.*s", (int)prev_len, prev,
						         (int)n, line);
				}
				equal_pairs += eq == 1;
			}
		}
		free(prev);
		prev = malloc(n + 1);
		memcpy(prev, line, n);
		prev_len = n;
	}
	free(prev);
	free(line);
	fclose(f);
	every_cap = 1;
	tap_ok(bad == 0 && valid > 0,
	       "%s (%s): %lu valid lines idempotent and valid, %lu pairs "
	       "consistent (%lu equivalent), %lu failures",
	       path, uriscan_grammar_name(grammar), valid, pairs, equal_pairs,
	       bad);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-g") == 0 && i + 1 < argc) {
			if (uriscan_grammar_from_name(argv[++i], &grammar)) {
				tap_ok(0, "unknown grammar %s", argv[i]);
				return tap_done();
			}
		} else if (strcmp(argv[i], "--norm") == 0 && i + 1 < argc)
			run_norm(argv[++i]);
		else if (strcmp(argv[i], "--equiv") == 0 && i + 1 < argc)
			run_equiv(argv[++i]);
		else if (strcmp(argv[i], "--lines") == 0 && i + 1 < argc)
			run_lines(argv[++i]);
		else {
			fprintf(stderr, "usage: test_normalize [-g G] [--norm F] "
			                "[--equiv F] [--lines F] ...\n");
			return 2;
		}
	}
	return tap_done();
}
