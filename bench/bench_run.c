/* SPDX-License-Identifier: MIT */
/*
 * bench_run.c: the timing loop: per dataset, warm-up, checks, timed
 * repetitions round-robin over the parsers, then each row's median and
 * its paired ratios (computed by bench_rows.c). Prints through the report
 * functions; formats nothing itself.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "bench_harness.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t time_passes(const struct row *r, uint64_t passes,
                            double *dt, int *unstable)
{
	uint64_t sink = 0, acc = 0;
	double t0 = now_s();
	for (uint64_t k = 0; k < passes; k++) {
		uint64_t a = r->p->batch(r->ctx, r->set, &sink);
		if (k > 0 && a != acc)
			*unstable = 1;
		acc = a;
	}
	*dt = now_s() - t0;
	bench_sink += sink;
	return acc;
}

void bench_set_run(const struct bench_set *s)
{
	size_t first = nrows;
	fprintf(hout, "\n== %s: %zu %s, %llu bytes, %.1f B/%s (%s)\n", s->name,
	        s->n, s->is_log ? "lines" : "URLs",
	        (unsigned long long)s->bytes,
	        (double)s->bytes / (double)s->n, s->is_log ? "line" : "URL",
	        s->path);

	for (size_t i = 0; i < nall; i++) {
		const struct bench_parser *p = all[i];
		if (!selected(p) || !applies(p, s))
			continue;
		row_add(p, s);
	}
	if (s->is_log) {
		fprintf(hout, "(log text: the URL parsers do not apply; "
		              "extraction rows and limits)\n");
	}

	/* warm-up: counts, and the passes that make one repetition */
	fprintf(hout, "counts (warm-up, before timing):\n");
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		r->ctx = r->p->init ? r->p->init() : NULL;
		double dt = 0, best = INFINITY, spent = 0;
		uint64_t acc = 0;
		int k = 0;
		do {
			uint64_t a = time_passes(r, 1, &dt, &r->unstable);
			if (k > 0 && a != acc)
				r->unstable = 1;
			acc = a;
			if (dt < best)
				best = dt;
			spent += dt;
			k++;
		} while (spent < opt.warmup);
		r->accepted = acc;
		double p = best > 0 ? ceil(opt.min_time / best) : 1;
		r->passes = p < 1 ? 1 : p > 1e7 ? 10000000 : (uint64_t)p;
		if (r->p->task == BENCH_LIMIT)
			fprintf(hout, "  %-30s (limit)\n", r->p->id);
		else if (r->p->task == BENCH_EXTRACT)
			fprintf(hout, "  %-30s found %llu\n", r->p->id,
			        (unsigned long long)acc);
		else
			fprintf(hout, "  %-30s accepted %llu rejected %llu\n",
			        r->p->id, (unsigned long long)acc,
			        (unsigned long long)(s->n - acc));
	}

	if (s->is_log)
		count_checks(&rows[first], nrows - first);
	if (!s->is_log) {
		run_check(s, CHECK_A, REF_ID);
		run_check(s, CHECK_A_PARSE, CHECK_A);
		for (int k = 0; k < opt.nextra; k++)
			run_check(s, CHECK_A, opt.extra_check[k]);
		ops_checks(s);
	}
	if (opt.check_only) {
		for (size_t i = first; i < nrows; i++)
			if (rows[i].p->fini)
				rows[i].p->fini(rows[i].ctx);
		nrows = first;
		return;
	}

	/* timed repetitions, round-robin over the parsers */
	for (int rep = 0; rep < opt.reps; rep++) {
		for (size_t i = first; i < nrows; i++) {
			struct row *r = &rows[i];
			double dt;
			uint64_t a = time_passes(r, r->passes, &dt,
			                         &r->unstable);
			if (a != r->accepted)
				r->unstable = 1;
			r->ns[rep] = dt * 1e9 / ((double)r->passes *
			                         (double)s->n);
		}
	}

	const struct row *ref = NULL, *lim = NULL, *hs = NULL, *pc = NULL,
	                 *mm = NULL, *mc = NULL, *av = NULL, *ap = NULL;
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		if (r->p->fini)
			r->p->fini(r->ctx);
		r->ctx = NULL;
		r->med = median(r->ns, (size_t)opt.reps);
		r->lo = r->hi = r->ns[0];
		for (int k = 1; k < opt.reps; k++) {
			if (r->ns[k] < r->lo)
				r->lo = r->ns[k];
			if (r->ns[k] > r->hi)
				r->hi = r->ns[k];
		}
		if (strcmp(r->p->id, REF_ID) == 0)
			ref = r;
		if (strcmp(r->p->id, LIMIT_ID) == 0)
			lim = r;
		if (strcmp(r->p->id, HS_ID) == 0)
			hs = r;
		if (strcmp(r->p->id, PCRE_ID) == 0)
			pc = r;
		if (strcmp(r->p->id, MEMMEM_ID) == 0)
			mm = r;
		if (strcmp(r->p->id, MEMCHR_ID) == 0)
			mc = r;
		if (strcmp(r->p->id, ADA_VALIDATE_ID) == 0)
			av = r;
		if (strcmp(r->p->id, ADA_PARSE_ID) == 0)
			ap = r;
	}
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		if (ref)
			r->ratio_ref = paired_ratio(ref, r);
		if (lim)
			r->ratio_limit = paired_ratio(lim, r);
		if (av && r->p->task == BENCH_VALIDATE)
			r->ratio_ada = paired_ratio(av, r);
		if (ap && r->p->task == BENCH_PARSE)
			r->ratio_ada = paired_ratio(ap, r);
		if (!s->is_log)
			continue;
		if (hs)
			r->vs_hs = paired_ratio(hs, r);
		if (pc)
			r->vs_pcre = paired_ratio(pc, r);
		if (mm)
			r->of_memmem = paired_ratio(mm, r);
		if (mc)
			r->of_memchr = paired_ratio(mc, r);
	}

	ops_ratios(&rows[first], nrows - first);

	if (opt.callgrind)
		callgrind_rows(s, &rows[first], nrows - first);

	fputc('\n', hout);
	print_header(s->is_log);
	for (size_t i = first; i < nrows; i++)
		print_row(&rows[i]);
	if (s->is_log)
		print_log_ratios(&rows[first], nrows - first);
}
