/* SPDX-License-Identifier: MIT */
/*
 * bench_rows.c: the results table: the rows of the report (a parser timed
 * on a dataset, struct row), created here; the median and the paired ratio
 * computed from their repetitions; and bench_sink, where every run of a
 * parser (timed, checked or counted) leaves its result. The timing loop
 * (bench_run.c) fills the rows; the checks, the reports and callgrind read
 * them. Times nothing, prints nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"

struct row *rows;
size_t nrows;
volatile uint64_t bench_sink; /* defeats dead-code elimination */

/* A new row of p on s at the end of rows[]: nothing measured yet (every
 * ratio and count NAN), room for opt.reps repetitions. */
struct row *row_add(const struct bench_parser *p, const struct bench_set *s)
{
	rows = xrealloc(rows, (nrows + 1) * sizeof *rows);
	struct row *r = &rows[nrows++];
	memset(r, 0, sizeof *r);
	r->p = p;
	r->set = s;
	r->ns = xmalloc((size_t)opt.reps * sizeof *r->ns);
	r->ratio_ref = r->ratio_limit = r->ir_url = r->mis_url = NAN;
	r->vs_hs = r->vs_pcre = r->of_memmem = r->of_memchr = NAN;
	r->ratio_boost = r->ratio_ada = NAN;
	return r;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double median(const double *v, size_t n)
{
	if (n == 0)
		return NAN;
	double *t = xmalloc(n * sizeof *t);
	memcpy(t, v, n * sizeof *t);
	qsort(t, n, sizeof *t, cmp_double);
	double m = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
	free(t);
	return m;
}

/* Median over repetitions of ref.ns[r] / row.ns[r]: paired, so drift
 * between repetitions cancels. */
double paired_ratio(const struct row *ref, const struct row *r)
{
	double v[256];
	size_t n = 0;
	for (int k = 0; k < opt.reps && k < 256; k++)
		if (r->ns[k] > 0)
			v[n++] = ref->ns[k] / r->ns[k];
	return median(v, n);
}
