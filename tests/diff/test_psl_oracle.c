/* SPDX-License-Identifier: MIT */
/*
 * test_psl_oracle.c: uriscan_site against libpsl's psl_registrable_domain
 * on the same List file (psl_load_file: the differences are semantics,
 * never two versions of the List).
 *
 *   test_psl_oracle PSL_DAT NAMES.tsv DIFFERENCES.tsv
 *
 * PSL_DAT "builtin": libpsl's built-in List (a build with -Dpsl=runtime).
 *
 * NAMES.tsv (gen_psl_names.py): every host of the bundled lists, logs and
 * WHATWG tests, a variety of names over every rule of the List and random
 * names. Each must agree with libpsl read through uriscan_site's contract,
 * the classes of difference by design (DIFFERENCES.tsv says each, with
 * examples that are checked here against both libraries):
 *  - a name with a byte outside printable ASCII, or a '%', has none (the
 *    contract: pass the browser's host; libpsl converts UTF-8 itself);
 *  - an IP address has none (libpsl reads "127.0.0.1" as a name: "0.1");
 *  - any case is read as lower case (libpsl wants lower case);
 *  - a trailing dot: the site of the name without it, the dot kept (as
 *    browsers do; libpsl answers "uk." or "co.uk." for "www.ex.co.uk.").
 * An IDN rule's U-label names (origin "idn") go through
 * uriscan_browser_host first, and libpsl's answer too (skipped without
 * the browser's IDNA). Prints TAP.
 */
#include <libpsl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

static psl_ctx_t *psl;

/* libpsl's answer for name[0, len) through uriscan_site's contract:
 * its length in out (0: none). */
static size_t oracle(const char *name, size_t len, char *out)
{
	struct uriscan_host_addr a;
	char z[260];
	const char *r;
	size_t n, i;
	int dot;

	if (len == 0 || len > 255)
		return 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		if (c <= 0x20 || c >= 0x7F || c == '%')
			return 0;
		z[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	if (uriscan_host_address(name, len, 0, &a, NULL) != URISCAN_OK ||
	    a.family != URISCAN_IP_NONE)
		return 0;
	dot = z[len - 1] == '.';
	z[len - (size_t)dot] = '\0';
	if (!(r = psl_registrable_domain(psl, z)))
		return 0;
	n = strlen(r);
	memcpy(out, r, n);
	if (dot)
		out[n++] = '.';
	return n;
}

static size_t ours(const char *name, size_t len, char *out, int *st)
{
	size_t n = 0;
	*st = uriscan_site(name, len, 0, out, 256, &n, NULL);
	return *st == URISCAN_OK ? n : 0;
}

/* The A-label form of a UTF-8 name (the host of "http://" name through
 * uriscan_browser_host), 0 if none. */
static size_t alabels(const char *s, size_t len, char *out)
{
	char url[300];
	size_t n = 0;

	if (len > sizeof url - 8)
		return 0;
	memcpy(url, "http://", 7);
	memcpy(url + 7, s, len);
	if (uriscan_browser_host(url, len + 7, 0, out, 256, &n, NULL) !=
	    URISCAN_OK)
		return 0;
	return n;
}

/* Is got one of the '|'-separated answers of list? */
static int listed(const char *list, const char *got)
{
	size_t n = strlen(got);

	for (;;) {
		const char *bar = strchr(list, '|');
		size_t k = bar ? (size_t)(bar - list) : strlen(list);
		if (k == n && memcmp(list, got, n) == 0)
			return 1;
		if (!bar)
			return 0;
		list = bar + 1;
	}
}

/* The DIFFERENCES.tsv examples: NAME, libpsl's raw answer on the
 * lower-case name (answers separated by '|': the loaded file's, the
 * built-in List's), uriscan_site's, the reason ('-': none). */
static void check_differences(const char *path)
{
	char line[1024], *f[4] = {NULL, NULL, NULL, NULL}, got[300];
	unsigned lineno = 0, n = 0;
	FILE *fp = fopen(path, "r");

	if (!tap_ok(fp != NULL, "%s opens", path))
		return;
	while (fgets(line, sizeof line, fp)) {
		const char *r;
		size_t gl;
		int st, k;
		char lower[300];

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		f[0] = line;
		for (k = 1; k < 4 && (f[k] = strchr(f[k - 1], '\t')); k++)
			*f[k]++ = '\0';
		if (!tap_ok(k == 4, "%s:%u: four fields", path, lineno))
			continue;
		for (k = 0; f[0][k] && k < 290; k++)
			lower[k] = (char)(f[0][k] >= 'A' && f[0][k] <= 'Z'
			                      ? f[0][k] + 32 : f[0][k]);
		lower[k] = '\0';
		r = psl_registrable_domain(psl, lower);
		gl = ours(f[0], strlen(f[0]), got, &st);
		tap_ok(listed(f[1], r ? r : "-") &&
		           ((gl == 0 && strcmp(f[2], "-") == 0) ||
		            (gl == strlen(f[2]) && memcmp(got, f[2], gl) == 0)),
		       "%s:%u: %s: libpsl \"%s\" (listed \"%s\"), uriscan_site "
		       "\"%.*s\" (listed \"%s\"): %s",
		       path, lineno, f[0], r ? r : "-", f[1], (int)gl, got, f[2],
		       f[3]);
		n++;
	}
	fclose(fp);
	tap_ok(n >= 6, "%u listed differences", n);
}

int main(int argc, char **argv)
{
	static char line[4096];
	unsigned char name[4096];
	char a[300], b[300], ua[300], ub[300];
	unsigned long total = 0, generated = 0, data = 0, idn = 0, bad = 0,
	              nonempty = 0, idn_skipped = 0;
	FILE *fp;

	if (argc != 4) {
		fprintf(stderr, "usage: test_psl_oracle PSL_DAT NAMES DIFFERENCES\n");
		return 2;
	}
	if (!uriscan_psl_available()) {
		tap_skip("uriscan_site has no List in this build");
		return tap_done();
	}
	/* -Dpsl=runtime: uriscan_site reads libpsl's built-in List */
	if (strcmp(argv[1], "builtin") == 0)
		psl = (psl_ctx_t *)psl_builtin();
	else
		psl = psl_load_file(argv[1]);
	if (!psl) {
		tap_skip("libpsl cannot load the List file");
		return tap_done();
	}
	tap_diag("uriscan: %s; libpsl %s on %s", uriscan_psl_version(),
	         psl_get_version(), argv[1]);
	if (!(fp = fopen(argv[2], "r"))) {
		tap_ok(0, "%s opens", argv[2]);
		return tap_done();
	}
	while (fgets(line, sizeof line, fp)) {
		char *tab = strchr(line, '\t');
		long nl;
		size_t an, bn;
		int st, is_idn, dot;

		line[strcspn(line, "\n")] = '\0';
		if (!tab || (nl = vec_unescape(tab + 1, name, 0)) < 0)
			continue;
		*tab = '\0';
		total++;
		is_idn = strcmp(line, "idn") == 0;
		data += strcmp(line, "data") == 0;
		generated += strcmp(line, "data") != 0;
		if (is_idn) {
			char bh[300];
			size_t bl = alabels((const char *)name, (size_t)nl, bh);
			const char *r;
			if (bl == 0) {
				idn_skipped++;
				continue;
			}
			idn++;
			an = ours(bh, bl, a, &st);
			/* libpsl on the U-labels, read as above (ASCII lower case,
			 * a trailing dot), its answer in A-labels */
			for (long i = 0; i < nl; i++)
				ub[i] = (char)(name[i] >= 'A' && name[i] <= 'Z'
				                   ? name[i] + 32 : name[i]);
			dot = nl > 0 && ub[nl - 1] == '.';
			ub[nl - dot] = '\0';
			r = psl_registrable_domain(psl, ub);
			bn = r ? alabels(r, strlen(r), b) : 0;
			if (bn && dot)
				b[bn++] = '.';
		} else {
			an = ours((const char *)name, (size_t)nl, a, &st);
			bn = oracle((const char *)name, (size_t)nl, b);
		}
		nonempty += bn != 0;
		if (st != URISCAN_OK || an != bn || memcmp(a, b, an) != 0) {
			if (++bad <= 30) {
				memcpy(ua, a, an);
				ua[an] = '\0';
				memcpy(ub, b, bn);
				ub[bn] = '\0';
				tap_diag("%s %s: uriscan_site %s \"%s\", libpsl \"%s\"",
				         line, tab + 1, uriscan_status_name(st), ua, ub);
			}
		}
	}
	fclose(fp);
	tap_ok(bad == 0,
	       "%lu names (%lu from the data, %lu generated, %lu IDN in U-labels, "
	       "%lu with a site): %lu differ from libpsl",
	       total, data, generated, idn, nonempty, bad);
	tap_ok(generated >= 100000 && data >= 10000,
	       "at least 100,000 generated names and 10,000 from the data");
	if (idn_skipped)
		tap_diag("%lu U-label names skipped (no browser IDNA: %s)", idn_skipped,
		         uriscan_uts46_available() ? "rejected" : "no ICU");
	check_differences(argv[3]);
	if (strcmp(argv[1], "builtin") != 0)
		psl_free(psl);
	return tap_done();
}
