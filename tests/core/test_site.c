/* SPDX-License-Identifier: MIT */
/*
 * test_site.c: uriscan_site against tests/vectors/site.tsv (format in its
 * header), every smaller output capacity, and the answer without a List.
 * Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

int main(int argc, char **argv)
{
	char line[1024], out[300], *want, *t;
	unsigned char host[1024];
	unsigned lineno = 0, cases = 0;
	size_t n = 0, m = 0;
	long hl;
	FILE *fp;
	int st;

	if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: test_site site.tsv\n");
		return 2;
	}
	if (!uriscan_psl_available()) {
		tap_ok(uriscan_site("a.com", 5, 0, out, sizeof out, &n, NULL) ==
		               URISCAN_E_UNSUPPORTED && n == 0,
		       "no List: unsupported");
		tap_skip("no List: the vectors are not run");
		fclose(fp);
		return tap_done();
	}
	while (fgets(line, sizeof line, fp)) {
		char *buf;
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || !(want = strchr(line, '\t')))
			continue;
		*want++ = '\0';
		if ((t = strchr(want, '\t')))
			*t = '\0';
		if ((hl = vec_unescape(line, host, 0)) < 0) {
			tap_ok(0, "line %u: bad escape", lineno);
			continue;
		}
		cases++;
		buf = malloc(hl ? (size_t)hl : 1);
		memcpy(buf, host, (size_t)hl);
		st = uriscan_site(buf, (size_t)hl, 0, out, sizeof out, &n, NULL);
		if (strcmp(want, "-") == 0)
			want[0] = '\0';
		tap_ok(st == URISCAN_OK && n == strlen(want) && memcmp(out, want, n) == 0,
		       "line %u: %s -> %s \"%.*s\" (want \"%s\")", lineno, line,
		       uriscan_status_name(st), (int)n, out, want);
		for (size_t cap = 0; cap < n; cap++)
			if (uriscan_site(buf, (size_t)hl, 0, out, cap, &m, NULL) !=
			        URISCAN_E_BUFFER_TOO_SMALL ||
			    m != n) {
				tap_ok(0, "line %u: capacity %zu", lineno, cap);
				break;
			}
		free(buf);
	}
	fclose(fp);
	tap_ok(cases >= 20, "%u vectors", cases);
	tap_ok(uriscan_site(NULL, 1, 0, out, sizeof out, &n, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_site("a.com", 5, 1, out, sizeof out, &n, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_site("a.com", 5, 0, out, sizeof out, NULL, NULL) ==
	               URISCAN_E_INVALID_ARG,
	       "arguments: invalid_argument");
	memset(line, 'a', 300);
	tap_ok(uriscan_site(line, 300, 0, out, sizeof out, &n, NULL) ==
	           URISCAN_E_TOO_LONG,
	       "a name over 255 bytes: too_long");
	return tap_done();
}
