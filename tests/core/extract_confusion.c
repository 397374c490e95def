/* SPDX-License-Identifier: MIT */
/*
 * extract_confusion.c: URISCAN_EXTRACT_CONFUSION on the URL-confusion
 * vectors (tests/vectors/confusion.tsv, run with -c by test_extract).
 * Each vector of the grammar under test, as text alone and between two
 * words: every way of running the extractor (check_all: whole, every chunk
 * size, random cuts, SIMD and scalar, with components and without) gives
 * the same matches, each with uriscan_confusion's flags of its bytes; and
 * a vector the extractor takes whole carries the flags its FLAGS column
 * names. Differences go to the TAP diagnostics; test_extract.c reports
 * the result (tap.h counts per file). No timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract_check.h"
#include "tap.h"
#include "vec.h"

/* The FLAGS column ("-" or names joined by ','), or ~0u for a name that
 * is not a flag's. */
static uint32_t flags_named(const char *s)
{
	uint32_t all = 0, bit;

	if (strcmp(s, "-") == 0)
		return 0;
	while (*s) {
		size_t n = strcspn(s, ",");
		if (uriscan_confusion_from_name(s, n, &bit, NULL) != URISCAN_OK)
			return ~0u;
		all |= bit;
		s += n + (s[n] == ',');
	}
	return all;
}

/* One vector: the URL u[0, n) alone and inside "see <URL> now"; when
 * check, a whole match must have the flags want. 1 if all is well. */
static int one(const char *path, unsigned lineno, const unsigned char *u,
                size_t n, int check, uint32_t want, unsigned *whole_seen)
{
	struct uriscan_extract_options o = {sizeof o, URISCAN_EXTRACT_CONFUSION,
	                                    0, URISCAN_EXTRACT_OPAQUE_DEFAULT};
	char *text = malloc(n + 9), name[96];
	struct list got = {0};
	size_t k;
	int ok;

	if (!text)
		abort();
	memcpy(text, "see ", 4);
	memcpy(text + 4, u, n);
	memcpy(text + 4 + n, " now", 5);
	snprintf(name, sizeof name, "%s:%u", path, lineno);
	ok = check_all(name, o, text + 4, n, NULL, n, 4) &&
	     check_all(name, o, text, n + 8, NULL, 16, 4);
	/* no trimming: a vector the extractor takes whole is one match */
	o.flags |= URISCAN_EXTRACT_NO_TRIM;
	whole(&o, text + 4, n, &got);
	for (k = 0; k < got.n; k++)
		if (check && got.v[k].off == 0 && got.v[k].len == n &&
		    !(got.v[k].flags & URISCAN_MATCH_TRUNCATED)) {
			++*whole_seen;
			if (got.v[k].confusion != want) {
				tap_diag("%s: the whole match has flags %#x, not %#x",
				         name, (unsigned)got.v[k].confusion,
				         (unsigned)want);
				ok = 0;
			}
		}
	list_free(&got);
	free(text);
	return ok;
}

unsigned run_confusion(const char *path, unsigned *nvec,
                       unsigned *whole_seen)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	unsigned lineno = 0, bad = 0;
	static unsigned char in[8192];

	*nvec = *whole_seen = 0;
	if (!f) {
		tap_diag("cannot open %s", path);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		char *col[3] = {line, NULL, NULL};
		long n;
		int k = 1;
		enum uriscan_grammar g = URISCAN_RFC3986;
		uint32_t want;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		for (char *p = line; *p && k < 3; p++)
			if (*p == '\t') {
				*p = '\0';
				col[k++] = p + 1;
			}
		if (k < 3 || (n = vec_unescape(col[0], in, 0)) < 0) {
			tap_diag("%s:%u: not well-formed", path, lineno);
			bad++;
			continue;
		}
		col[2][strcspn(col[2], "\t")] = '\0';
		if (strstr(col[2], ",rfc3987"))
			g = URISCAN_RFC3987;
		/* the rows that need ICU: not without it (test_confusion.c) */
		if (strstr(col[2], ",icu") && !uriscan_uts46_available())
			continue;
		/* the vectors of RFC 3986 under every ASCII grammar (their
		 * flags are the bytes' and the browser's, the same for all
		 * but browser_host_differs), RFC 3987's under RFC 3987 */
		if ((g == URISCAN_RFC3987) != (G == URISCAN_RFC3987))
			continue;
		want = flags_named(col[1]);
		/* the FLAGS column is RFC 3986's or 3987's; under the other
		 * grammars check_all's comparisons only */
		++*nvec;
		bad += !one(path, lineno, in, (size_t)n,
		            G == URISCAN_RFC3986 || G == URISCAN_RFC3987, want,
		            whole_seen);
	}
	fclose(f);
	return bad;
}
