/* SPDX-License-Identifier: MIT */
/*
 * test_uriparser.c: differential test of uriscan's RFC 3986 parser
 * (uriscan_parse(URISCAN_RFC3986, ...), top rule URI-reference) against
 * uriparser's uriParseSingleUriExA (also an RFC 3986 URI-reference parser).
 *
 * Usage: test_uriparser URL_DIR RFC3986_EXAMPLES [N_GENERATED [SEED]]
 *
 * Input sets, one TAP point each:
 *   - every line of every *.txt file in URL_DIR (one point per file);
 *   - the example URIs of RFC 3986 (RFC3986_EXAMPLES, one per line);
 *   - deterministic generated inputs: token soup, structured URI-shaped
 *     strings (IPv6/IPvFuture/IPv4 edge cases, percent-escapes good and
 *     bad, bytes outside the grammar), and byte mutations of the real URLs.
 * A missing file or directory gives a TAP skip for its part.
 *
 * This file reads the input files, runs the sets and reports their TAP
 * points (tap.h counts them per file, so all are reported here). What is
 * compared for one input is in uriparser_compare.c; the generated inputs
 * come from uriparser_gen.c.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "buf.h"
#include "tap.h"
#include "uriparser_compare.h"
#include "uriparser_gen.h"
#include "uriscan.h"

/* ------------------------------------------------------------------ */
/* TAP points                                                          */

/* Emit the TAP point of one input set. */
static void report(const struct stats *st, const char *name)
{
	if (st->valid_both)
		tap_diag("%s: hosts of the valid inputs: none %lu, ipv4 %lu, "
		         "ipv6 %lu, ipvfuture %lu, reg-name %lu",
		         name, st->host_type[URISCAN_HOST_NONE],
		         st->host_type[URISCAN_HOST_IPV4],
		         st->host_type[URISCAN_HOST_IPV6],
		         st->host_type[URISCAN_HOST_IPVFUTURE],
		         st->host_type[URISCAN_HOST_REGNAME]);
	if (st->diffs > st->shown)
		tap_diag("%s: %lu more difference(s) not shown", name,
		         st->diffs - st->shown);
	tap_ok(st->inputs > 0 && st->diffs == 0,
	       "%s: %lu inputs, %lu valid in both, %lu invalid in both, "
	       "%lu differences",
	       name, st->inputs, st->valid_both, st->invalid_both, st->diffs);
}

/* ------------------------------------------------------------------ */
/* Input files                                                         */

/* struct lines (uriparser_gen.h): the lines read, which the mutations
 * start from. */

static void lines_free(struct lines *l)
{
	size_t i;
	for (i = 0; i < l->n_blocks; i++)
		free(l->blocks[i]);
	free(l->blocks);
	free(l->p);
	free(l->n);
}

static void lines_add(struct lines *l, char *p, size_t n)
{
	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		l->p = realloc(l->p, l->cap * sizeof *l->p);
		l->n = realloc(l->n, l->cap * sizeof *l->n);
		if (l->p == NULL || l->n == NULL) {
			fputs("out of memory\n", stderr);
			exit(99);
		}
	}
	l->p[l->count] = p;
	l->n[l->count] = n;
	l->count++;
}

/* Read a whole file; NULL if it cannot be read. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = {NULL, 0, 0};
	char tmp[65536];
	size_t got;

	if (f == NULL)
		return NULL;
	while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, got);
	if (ferror(f)) {
		fclose(f);
		free(b.p);
		return NULL;
	}
	fclose(f);
	buf_reserve(&b, 1);
	*len = b.n;
	return b.p;
}

/*
 * Run every line of a file ('\n'-separated; the text after the last '\n'
 * is a line only when not empty) and add the lines to *all.
 */
static int run_file(const char *path, const char *name, struct lines *all)
{
	size_t len = 0, start = 0, i;
	char *text = read_file(path, &len);
	struct stats st;

	if (text == NULL)
		return 0;
	memset(&st, 0, sizeof st);
	for (i = 0; i <= len; i++) {
		if (i == len && i == start)
			break;
		if (i == len || text[i] == '\n') {
			run_input(&st, text + start, i - start);
			if (all != NULL)
				lines_add(all, text + start, i - start);
			start = i + 1;
		}
	}
	report(&st, name);
	if (all != NULL) {
		all->blocks = realloc(all->blocks,
		                      (all->n_blocks + 1) * sizeof *all->blocks);
		if (all->blocks == NULL)
			exit(99);
		all->blocks[all->n_blocks++] = text;
	} else {
		free(text);
	}
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One TAP point per *.txt file of dir, in name order. */
static void run_url_dir(const char *dir, struct lines *all)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;

	if (d == NULL) {
		tap_ok(0, "URL lists: directory %s not found", dir);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".txt") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = realloc(names, cap * sizeof *names);
			if (names == NULL)
				exit(99);
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	if (n == 0) {
		tap_ok(0, "URL lists: no *.txt file in %s", dir);
		return;
	}
	qsort(names, n, sizeof *names, cmp_str);
	for (i = 0; i < n; i++) {
		size_t pl = strlen(dir) + strlen(names[i]) + 2;
		char *path = malloc(pl);
		char label[300];
		if (path == NULL)
			exit(99);
		snprintf(path, pl, "%s/%s", dir, names[i]);
		snprintf(label, sizeof label, "URL list %s", names[i]);
		if (!run_file(path, label, all))
			tap_ok(0, "URL list %s: cannot read", names[i]);
		free(path);
		free(names[i]);
	}
	free(names);
}

/* ------------------------------------------------------------------ */
/* Generated inputs                                                    */

static void run_generated(unsigned long total, uint64_t seed,
                          const struct lines *real, const struct lines *rfc)
{
	struct buf b = {NULL, 0, 0};
	struct stats st;
	unsigned long n_soup = total / 4, n_struct = total * 3 / 8;
	unsigned long n_mut = total - n_soup - n_struct, i;
	char label[200];

	gen_seed(seed);
	memset(&st, 0, sizeof st);
	for (i = 0; i < n_soup; i++) {
		gen_soup_input(&b);
		run_input(&st, b.p ? b.p : "", b.n);
	}
	snprintf(label, sizeof label, "generated token soup (seed %llu)",
	         (unsigned long long)seed);
	report(&st, label);

	memset(&st, 0, sizeof st);
	for (i = 0; i < n_struct; i++) {
		gen_structured_input(&b);
		run_input(&st, b.p ? b.p : "", b.n);
	}
	snprintf(label, sizeof label,
	         "generated URI-shaped inputs (seed %llu)",
	         (unsigned long long)seed);
	report(&st, label);

	if (real->count == 0 && rfc->count == 0) {
		tap_skip("mutations of real URLs: no URL loaded");
	} else {
		memset(&st, 0, sizeof st);
		for (i = 0; i < n_mut; i++) {
			gen_mutant_input(&b, real, rfc);
			run_input(&st, b.p ? b.p : "", b.n);
		}
		snprintf(label, sizeof label,
		         "mutations of real URLs (seed %llu)",
		         (unsigned long long)seed);
		report(&st, label);
	}
	free(b.p);
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	struct lines all = {NULL, NULL, 0, 0, NULL, 0};
	struct lines rfc = {NULL, NULL, 0, 0, NULL, 0};
	unsigned long total = 1000000;
	uint64_t seed = 3986;

	if (argc < 3) {
		fprintf(stderr,
		        "usage: %s URL_DIR RFC3986_EXAMPLES [N_GENERATED "
		        "[SEED]]\n",
		        argv[0]);
		return 2;
	}
	if (argc > 3)
		total = strtoul(argv[3], NULL, 10);
	if (argc > 4)
		seed = strtoull(argv[4], NULL, 10);

	tap_diag("uriparser %s vs uriscan %s", URI_VER_ANSI,
	         uriscan_version_string());
	run_url_dir(argv[1], &all);
	if (!run_file(argv[2], "RFC 3986 examples", &rfc))
		tap_skip("RFC 3986 examples: file not found");
	run_generated(total, seed, &all, &rfc);
	lines_free(&all);
	lines_free(&rfc);
	compare_free();
	return tap_done();
}
