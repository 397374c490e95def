/* SPDX-License-Identifier: MIT */
/*
 * test_normalize_uriparser.c: uriscan_normalize (RFC 3986, flags 0) against
 * uriparser's uriNormalizeSyntaxA, on every valid line of the URL lists and
 * the inputs of tests/vectors/normalize-rfc3986.tsv.
 *
 * Usage: test_normalize_uriparser URL_DIR VECTORS
 *
 * Where the two differ by design, the difference is put in a class and
 * counted (tap_diag); a difference in no class fails the test. Classes:
 *  - ipv6: uriparser rewrites an IPv6 literal (it prints the parsed
 *    address, e.g. "[::A]" -> "[0000:...:000a]"); uriscan only lowers
 *    its case (RFC 3986 6.2.2.1 asks for no more).
 *  - relative-dots: uriparser removes dot segments from the rootless
 *    path of a relative reference too; uriscan does not (a relative
 *    reference's leading ".." means something until it is resolved).
 *  - net-path-dots: a relative reference with an authority ("//a/../"):
 *    uriparser keeps its dot segments; its path is an absolute path
 *    (path-abempty), which RFC 3986 6.2.2.3 normalizes, and uriscan does.
 *  - dot-slash: a path without authority whose result would start with
 *    "//": uriscan keeps it a path with "/." in front, uriparser writes
 *    "//" (which reads back as an authority) or its own form.
 *  - rootless-dots: "x:a/../b": uriscan follows RFC 3986 5.2.4 literally
 *    ("x:/b"), uriparser keeps the path rootless ("x:b").
 *  - host-decode: uriparser leaves the percent-encodings of the host as
 *    they are (no upper-case hex, no decoding of unreserved characters);
 *    RFC 3986 6.2.2.1 and 6.2.2.2 say every component.
 * Every input is in a heap block of exactly its length (ASan).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "tap.h"
#include "uriscan.h"

enum { C_IPV6, C_RELDOTS, C_NETPATH, C_DOTSLASH, C_ROOTLESS, C_HOSTDEC,
       C_COUNT };
static const char *class_name[C_COUNT] = {"ipv6", "relative-dots",
                                          "net-path-dots", "dot-slash",
                                          "rootless-dots", "host-decode"};

struct stats {
	unsigned long compared, same, by_class[C_COUNT], unexplained;
};

static int has_dot_segment(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && p[i - 1] != '/')
			continue;
		size_t j = i;
		while (j < n && p[j] == '.')
			j++;
		if (j > i && j - i <= 2 && (j == n || p[j] == '/'))
			return 1;
	}
	return 0;
}

/* The class of a difference, or -1. */
static int classify(const char *s, size_t len, const struct uriscan_uri *u,
                    const char *mine, size_t ml, const char *theirs)
{
	const char *path = s + u->part[URISCAN_PATH].off;
	size_t pl = u->part[URISCAN_PATH].len;
	(void)len;
	if (u->host_type == URISCAN_HOST_IPV6)
		return C_IPV6;
	if (!URISCAN_HAS(u, URISCAN_SCHEME) &&
	    !URISCAN_HAS(u, URISCAN_AUTHORITY) && (pl == 0 || path[0] != '/') &&
	    (has_dot_segment(path, pl) || strstr(theirs, "%2E") ||
	     memchr(path, '%', pl)))
		return C_RELDOTS;
	if (!URISCAN_HAS(u, URISCAN_SCHEME) && URISCAN_HAS(u, URISCAN_AUTHORITY) &&
	    (has_dot_segment(path, pl) || memchr(path, '%', pl)))
		return C_NETPATH;
	if (!URISCAN_HAS(u, URISCAN_AUTHORITY) && ml >= 2 &&
	    memmem(mine, ml, ":/.//", 5) != NULL)
		return C_DOTSLASH;
	if (!URISCAN_HAS(u, URISCAN_AUTHORITY) && ml >= 3 && mine[0] == '/' &&
	    mine[1] == '.' && mine[2] == '/')
		return C_DOTSLASH;
	if (URISCAN_HAS(u, URISCAN_SCHEME) && !URISCAN_HAS(u, URISCAN_AUTHORITY) &&
	    pl > 0 && path[0] != '/' && (has_dot_segment(path, pl) ||
	                                 memchr(path, '%', pl)))
		return C_ROOTLESS;
	if (URISCAN_HAS(u, URISCAN_HOST) &&
	    memchr(s + u->part[URISCAN_HOST].off, '%',
	           u->part[URISCAN_HOST].len))
		return C_HOSTDEC;
	return -1;
}

static void compare_one(struct stats *st, const char *line, size_t len)
{
	char *s = malloc(len ? len : 1), mine[8192], *theirs = NULL;
	size_t ml;
	struct uriscan_uri u;
	UriUriA uri;
	const char *err;
	int chars = 0;

	memcpy(s, line, len);
	if (uriscan_parse(URISCAN_RFC3986, s, len, 0, &u) != URISCAN_OK ||
	    uriscan_normalize(URISCAN_RFC3986, s, len, 0, mine, sizeof mine, &ml,
	                      NULL) != URISCAN_OK ||
	    uriParseSingleUriExA(&uri, s, s + len, &err) != URI_SUCCESS) {
		free(s);
		return;
	}
	if (uriNormalizeSyntaxA(&uri) == URI_SUCCESS &&
	    uriToStringCharsRequiredA(&uri, &chars) == URI_SUCCESS) {
		theirs = malloc((size_t)chars + 1);
		if (uriToStringA(theirs, &uri, chars + 1, NULL) != URI_SUCCESS) {
			free(theirs);
			theirs = NULL;
		}
	}
	uriFreeUriMembersA(&uri);
	if (theirs) {
		st->compared++;
		if (strlen(theirs) == ml && memcmp(theirs, mine, ml) == 0)
			st->same++;
		else {
			int c = classify(s, len, &u, mine, ml, theirs);
			if (c >= 0) {
				if (st->by_class[c]++ == 0)
					tap_diag("  %s, e.g. %.*s -> uriscan %.*s, uriparser %s",
					         class_name[c], (int)len, s, (int)ml, mine,
					         theirs);
			} else if (st->unexplained++ < 10)
				tap_diag("  unexplained: %.*s -> uriscan %.*s, uriparser "
				         "%s",
				         (int)len, s, (int)ml, mine, theirs);
		}
		free(theirs);
	}
	free(s);
}

static void report(const char *what, const struct stats *st)
{
	char buf[512];
	size_t o = 0;
	for (int c = 0; c < C_COUNT; c++)
		o += (size_t)snprintf(buf + o, sizeof buf - o, " %s=%lu",
		                      class_name[c], st->by_class[c]);
	tap_ok(st->unexplained == 0 && st->compared > 0,
	       "%s: %lu compared, %lu identical, explained:%s, unexplained %lu",
	       what, st->compared, st->same, buf, st->unexplained);
}

static void run_file(const char *path, int tsv)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	struct stats st = {0};

	if (!f) {
		tap_skip(path);
		return;
	}
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t n = (size_t)got;
		char *s = line;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			n--;
		line[n] = '\0';
		if (tsv) {
			/* FLAGS \t INPUT \t ...: plain inputs without escapes */
			char *t = strchr(line, '\t');
			if (line[0] == '#' || !t || strncmp(line, "-\t", 2) != 0 ||
			    strchr(t + 1, '\\'))
				continue;
			s = t + 1;
			n = strcspn(s, "\t");
		}
		compare_one(&st, s, n);
	}
	free(line);
	fclose(f);
	report(path, &st);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_normalize_uriparser URL_DIR VECTORS\n");
		return 2;
	}
	DIR *d = opendir(argv[1]);
	if (d == NULL)
		tap_ok(0, "URL directory %s not found", argv[1]);
	else {
		struct dirent *e;
		char *names[64];
		int k = 0;
		while ((e = readdir(d)) != NULL && k < 64) {
			size_t l = strlen(e->d_name);
			if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0)
				names[k++] = strdup(e->d_name);
		}
		closedir(d);
		if (k == 0)
			tap_ok(0, "no *.txt file in %s", argv[1]);
		for (int i = 0; i < k; i++) {
			char p[4096];
			snprintf(p, sizeof p, "%s/%s", argv[1], names[i]);
			run_file(p, 0);
			free(names[i]);
		}
	}
	run_file(argv[2], 1);
	return tap_done();
}
