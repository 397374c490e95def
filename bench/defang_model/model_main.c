/* SPDX-License-Identifier: MIT */
/*
 * model_main.c: the defanged-URL cost model's command line (README.md).
 * The ratio of its two modes on one text is what reading the forms in the
 * grammar's machine would cost over plain extraction (docs/performance.md,
 * "The seventh round"). Not the library: README.md lists what it leaves
 * out. x86-64 with AVX2 only (exit 77 elsewhere: skipped).
 *
 *   defang-model plain|forms FILE [REPS]   matches, bytes, best time (ms)
 *   defang-model check FILE                both modes against the library
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "uriscan.h"

#define MAX_LEN MODEL_MAX_LEN

static unsigned char *load(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
		perror(path);
		exit(2);
	}
	rewind(f);
	b = calloc(1, (size_t)n + 64); /* 32 bytes past any end: next_form */
	if (b == NULL || fread(b, 1, (size_t)n, f) != (size_t)n) {
		perror(path);
		exit(2);
	}
	fclose(f);
	*len = (size_t)n;
	return b;
}

int main(int argc, char **argv)
{
	static unsigned char buf[2 * MAX_LEN + 64];
	struct uriscan_uri u;
	struct match m;
	size_t len, count = 0, defanged = 0, bytes = 0;
	unsigned char *b;
	int reps = argc > 3 ? atoi(argv[3]) : 1, forms;
	double best = 1e30;

	if (argc < 3 || (strcmp(argv[1], "plain") != 0 &&
	                 strcmp(argv[1], "forms") != 0 &&
	                 strcmp(argv[1], "check") != 0)) {
		fprintf(stderr,
		        "usage: defang-model plain|forms|check FILE [REPS]\n");
		return 2;
	}
	if (!__builtin_cpu_supports("avx2")) {
		fprintf(stderr, "defang-model: no AVX2 here\n");
		return 77;
	}
	b = load(argv[2], &len);
	if (strcmp(argv[1], "check") == 0)
		return model_check(b, len);
	forms = strcmp(argv[1], "forms") == 0;
	for (int k = 0; k < (reps > 0 ? reps : 1); k++) {
		struct timespec t0, t1;
		size_t i = 0, floor = 0;
		double ms;

		count = defanged = bytes = 0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		while (model_next_match(b, len, forms, &i, &floor, buf, &m,
		                        &u)) {
			count++;
			defanged += (size_t)m.defanged;
			bytes += m.n;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		     (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6;
		if (ms < best)
			best = ms;
	}
	printf("%s %zu matches (%zu defanged) %zu bytes best %.3f ms\n",
	       argv[1], count, defanged, bytes, best);
	free(b);
	return 0;
}
