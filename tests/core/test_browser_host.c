/* SPDX-License-Identifier: MIT */
/*
 * test_browser_host.c: uriscan_browser_host against the WHATWG URL tests.
 *
 * Usage: test_browser_host WPT.tsv DISAGREEMENTS.tsv
 *
 * WPT.tsv (tests/core/wpt_hosts.py writes it from
 * tests/data/wpt/urltestdata.json): every case with a scheme (special or
 * not) and no base, its expected hostname or failure. Each case must agree
 * (the same host; E_SYNTAX or E_IDNA for a failure), or be listed with its
 * reason in DISAGREEMENTS.tsv (tests/vectors/wpt-host-disagreements.tsv),
 * and every case listed must disagree. In a library without ICU a case
 * whose host needs IDNA must return E_IDNA_UNAVAILABLE (reported, not
 * guessed);
 * it is counted apart. Each input is copied into a buffer of exactly its
 * length, and every result is asked again at every smaller capacity
 * (E_BUFFER_TOO_SMALL and the same length). Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define MAXL 256

static char listed[MAXL][512];
static int listed_hit[MAXL];
static unsigned n_listed;

static int is_listed(const char *key)
{
	for (unsigned i = 0; i < n_listed; i++)
		if (strcmp(listed[i], key) == 0) {
			listed_hit[i] = 1;
			return 1;
		}
	return 0;
}

static void read_listed(const char *path)
{
	char line[2048];
	FILE *fp = fopen(path, "r");

	if (!fp) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof line, fp)) {
		char *tab = strchr(line, '\t');
		if (line[0] == '#' || tab == NULL || n_listed == MAXL)
			continue;
		*tab = '\0';
		if (strlen(line) >= sizeof listed[0])
			continue;
		memcpy(listed[n_listed++], line, strlen(line) + 1);
	}
	fclose(fp);
}

int main(int argc, char **argv)
{
	static char line[4096], got[4096 * 3];
	unsigned char in[4096], want[4096];
	unsigned cases = 0, agree = 0, failures = 0, unavailable = 0, bad = 0,
	         stale = 0, caps_bad = 0;
	FILE *fp;

	if (argc != 3) {
		fprintf(stderr, "usage: test_browser_host WPT.tsv DISAGREEMENTS.tsv\n");
		return 2;
	}
	read_listed(argv[2]);
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 2;
	}
	while (fgets(line, sizeof line, fp)) {
		char *f1, *f2;
		long il, wl = 0;
		int st, good;
		size_t n = 0, m;
		char *buf;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !(f1 = strchr(line, '\t')))
			continue;
		*f1++ = '\0';
		f2 = strchr(f1, '\t');
		if (f2)
			*f2++ = '\0';
		il = vec_unescape(line, in, 0);
		if (f2)
			wl = vec_unescape(f2, want, 0);
		if (il < 0 || wl < 0) {
			tap_ok(0, "bad line: %s", line);
			continue;
		}
		cases++;
		buf = malloc(il ? (size_t)il : 1);
		memcpy(buf, in, (size_t)il);
		st = uriscan_browser_host(buf, (size_t)il, 0, got, sizeof got, &n,
		                          NULL);
		if (st == URISCAN_OK || st == URISCAN_E_BUFFER_TOO_SMALL) {
			for (size_t cap = 0; cap < n; cap++)
				if (uriscan_browser_host(buf, (size_t)il, 0, got, cap, &m,
				                         NULL) != URISCAN_E_BUFFER_TOO_SMALL ||
				    m != n)
					caps_bad++;
			st = uriscan_browser_host(buf, (size_t)il, 0, got, sizeof got, &n,
			                          NULL);
		}
		free(buf);
		if (st == URISCAN_E_IDNA_UNAVAILABLE && !uriscan_uts46_available()) {
			unavailable++;
			continue;
		}
		if (strcmp(f1, "failure") == 0)
			good = st == URISCAN_E_SYNTAX || st == URISCAN_E_IDNA;
		else
			good = (st == URISCAN_OK && n == (size_t)wl &&
			        memcmp(got, want, n) == 0) ||
			       /* no host (null: "mailto:x"), whose hostname
			        * getter gives "" */
			       (st == URISCAN_E_UNSUPPORTED && wl == 0);
		agree += good;
		failures += good && f2 == NULL;
		if (is_listed(line)) {
			if (good) {
				stale++;
				tap_diag("listed, but agrees: %s", line);
			}
		} else if (!good) {
			bad++;
			tap_diag("%s: %s \"%.*s\", want %s %s", line,
			         uriscan_status_name(st), st ? 0 : (int)n, got, f1,
			         f2 ? f2 : "");
		}
	}
	fclose(fp);
	tap_ok(cases > 500, "%u WHATWG cases with a scheme and no base",
	       cases);
	tap_ok(bad == 0,
	       "%u agree (%u of them failures), %u need IDNA (no ICU); "
	       "%u disagreements not listed",
	       agree, failures, unavailable, bad);
	tap_ok(stale == 0, "every listed disagreement disagrees (%u do not)",
	       stale);
	{
		unsigned missing = 0;
		for (unsigned i = 0; i < n_listed; i++)
			if (!listed_hit[i] && uriscan_uts46_available()) {
				missing++;
				tap_diag("listed, not a case: %s", listed[i]);
			}
		tap_ok(missing == 0, "every listed disagreement is a case");
	}
	tap_ok(caps_bad == 0, "smaller capacities: buffer_too_small, same length");
	return tap_done();
}
