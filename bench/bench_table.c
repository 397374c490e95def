/* SPDX-License-Identifier: MIT */
/*
 * bench_table.c: the human-readable report: the banner, one table per
 * dataset, the log ratios and the summary. Prints results; measures nothing.
 */
#include <math.h>
#include <string.h>

#include "bench_harness.h"

void print_banner(void)
{
	fprintf(hout, "uriscan bench: %s, %ld CPUs online, pinned: %s\n",
	        machine.cpu_model, machine.ncpu, machine.pinned);
	fprintf(hout, "SIMD: %s\n", machine.simd);
	fprintf(hout, "built with %s; %s\n", compiler(), BENCH_BUILD_INFO);
	fputs("libraries:", hout);
	for (size_t i = 0; i < nversions; i++)
		fprintf(hout, "%s %s", i ? "," : "", versions[i]);
	fprintf(hout, "\nmethod: %d repetitions of >= %.3g s per parser, "
	              "round-robin; median ns/URL, spread = (max-min)/2/median; "
	              "MB = 10^6 bytes\n",
	        opt.reps, opt.min_time);
}

/* The "vs ada" column: on URL lists, when ada is compiled in. */
static int ada_column(int is_log)
{
	return !is_log && find_parser(ADA_VALIDATE_ID) != NULL;
}

void print_header(int is_log)
{
	fprintf(hout, "%-30s %-8s %9s %9s %9s %7s %8s %8s %12s %9s",
	        "parser", "task", is_log ? "found" : "accepted", "rejected",
	        is_log ? "ns/line" : "ns/URL", "spread",
	        is_log ? "Mline/s" : "MURL/s", "MB/s",
	        is_log ? "Mfound/s" : "vs " REF_ID, "vs limit");
	if (ada_column(is_log))
		fprintf(hout, " %9s", "vs ada");
	if (opt.callgrind)
		fprintf(hout, " %9s %7s %7s", "Ir/URL", "Ir/B", "mis/URL");
	fputc('\n', hout);
}

void print_row(const struct row *r)
{
	const struct bench_set *s = r->set;
	double spread = r->med > 0 ? (r->hi - r->lo) / 2 / r->med * 100 : 0;
	double urls_s = 1e9 / r->med;
	double mb_s = (double)s->bytes / ((double)s->n * r->med) * 1e3;
	char acc[24], rej[24], ref[24], lim[24];
	if (r->p->task == BENCH_LIMIT) {
		snprintf(acc, sizeof acc, "-");
		snprintf(rej, sizeof rej, "-");
	} else if (r->p->task == BENCH_EXTRACT) {
		snprintf(acc, sizeof acc, "%llu",
		         (unsigned long long)r->accepted);
		snprintf(rej, sizeof rej, "-");
	} else {
		snprintf(acc, sizeof acc, "%llu",
		         (unsigned long long)r->accepted);
		snprintf(rej, sizeof rej, "%llu",
		         (unsigned long long)(s->n - r->accepted));
	}
	if (s->is_log && r->p->task == BENCH_EXTRACT)
		snprintf(ref, sizeof ref, "%.3f",
		         (double)r->accepted / ((double)s->n * r->med) * 1e3);
	else if (isnan(r->ratio_ref))
		snprintf(ref, sizeof ref, "-");
	else
		snprintf(ref, sizeof ref, "%.2fx", r->ratio_ref);
	if (isnan(r->ratio_limit))
		snprintf(lim, sizeof lim, "-");
	else
		snprintf(lim, sizeof lim, "%.1f%%", r->ratio_limit * 100);
	fprintf(hout, "%-30s %-8s %9s %9s %9.1f %6.1f%% %8.3f %8.1f %12s %9s",
	        r->p->id, task_name(r->p->task), acc, rej, r->med, spread,
	        urls_s / 1e6, mb_s, ref, lim);
	if (ada_column(s->is_log)) {
		if (isnan(r->ratio_ada))
			fprintf(hout, " %9s", "-");
		else
			fprintf(hout, " %8.2fx", r->ratio_ada);
	}
	if (opt.callgrind) {
		if (isnan(r->ir_url))
			fprintf(hout, " %9s %7s %7s", "-", "-", "-");
		else
			fprintf(hout, " %9.1f %7.2f %7.2f", r->ir_url,
			        r->ir_url * (double)s->n / (double)s->bytes,
			        r->mis_url);
	}
	if (!isnan(r->ratio_boost))
		fprintf(hout, "  %.2fx " BOOST_ID, r->ratio_boost);
	if (spread > NOISY_PCT)
		fputs("  noisy", hout);
	fputc('\n', hout);
	if (r->unstable)
		fprintf(hout, "  WARNING: %s gave different counts between "
		              "passes\n", r->p->id);
}

/* A ratio: "1.23x", or "12.3%" when pct. */
static void put_x(double v, int pct)
{
	if (isnan(v))
		fprintf(hout, " %9s", "-");
	else if (pct)
		fprintf(hout, " %8.1f%%", v * 100);
	else
		fprintf(hout, " %8.2fx", v);
}

/* Log text: the extraction rows against the peers and the scan limits. */
void print_log_ratios(const struct row *r0, size_t nr)
{
	fprintf(hout, "\n%-30s %9s %9s %9s %9s %9s\n", "ratios (paired)",
	        "vs " HS_ID, "vs pcre2", "of memmem", "of memchr", "MB/s");
	for (size_t i = 0; i < nr; i++) {
		const struct row *r = &r0[i];
		if (r->p->task != BENCH_EXTRACT)
			continue;
		fprintf(hout, "%-30s", r->p->id);
		put_x(r->vs_hs, 0);
		put_x(r->vs_pcre, 0);
		put_x(r->of_memmem, 1);
		put_x(r->of_memchr, 1);
		fprintf(hout, " %9.0f\n", (double)r->set->bytes /
		                              ((double)r->set->n * r->med) *
		                              1e3);
	}
}

static const struct row *find_row(const struct bench_set *s, const char *id)
{
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].set == s && strcmp(rows[i].p->id, id) == 0)
			return &rows[i];
	return NULL;
}

void print_summary(void)
{
	int any = 0;
	for (size_t i = 0; i < nsets; i++) {
		const struct bench_set *s = &sets[i];
		const struct row *p = find_row(s, CHECK_A_PARSE);
		const struct row *v = find_row(s, CHECK_A);
		const struct row *u = find_row(s, REF_ID);
		if (p == NULL)
			continue;
		if (!any)
			fprintf(hout, "\nsummary (ratios of URLs/s, median of "
			              "per-repetition ratios):\n");
		any = 1;
		fprintf(hout, "  %-22s rfc3986 parse = ", s->name);
		if (u)
			fprintf(hout, "%.2fx uriparser", p->ratio_ref);
		else
			fputs("(no uriparser)", hout);
		if (v)
			fprintf(hout, "; validate = %.2fx parse",
			        paired_ratio(p, v));
		if (u && (strcmp(s->name, "kasztp") == 0 ||
		          strcmp(s->name, "userbait") == 0))
			fprintf(hout, "  [target >= 2x: %s]",
			        p->ratio_ref >= 2 ? "met" : "NOT met");
		fputc('\n', hout);
		/* ada: only where it accepts something (a list of relative
		 * references compares nothing: ada rejects each at once) */
		const struct row *av = find_row(s, ADA_VALIDATE_ID);
		const struct row *ap = find_row(s, ADA_PARSE_ID);
		if (av && ap && v && ap->accepted > 0)
			fprintf(hout, "  %-22s vs ada: validate = %.2fx "
			              "can_parse, parse = %.2fx url_aggregator  "
			              "[targets >= 3x, >= 5x: %s, %s]\n", "",
			        v->ratio_ada, p->ratio_ada,
			        v->ratio_ada >= 3 ? "met" : "NOT met",
			        p->ratio_ada >= 5 ? "met" : "NOT met");
		else if (av && ap)
			fprintf(hout, "  %-22s vs ada: ada accepts none of "
			              "these (no ratio)\n", "");
	}
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		size_t gl = ours_extract(r->p);
		const char *v = r->p->id + gl;
		if (gl == 0 || (strcmp(v, "extract") != 0 &&
		                strcmp(v, "extract-stream") != 0))
			continue;
		double mb = (double)r->set->bytes /
		            ((double)r->set->n * r->med) * 1e3;
		if (!any)
			fprintf(hout, "\nsummary:\n");
		any = 1;
		fprintf(hout, "  %-22s %s = %.0f MB/s", r->set->name, r->p->id,
		        mb);
		if (!isnan(r->vs_hs))
			fprintf(hout, ", %.2fx hyperscan", r->vs_hs);
		if (!isnan(r->of_memmem))
			fprintf(hout, ", %.0f%% of memmem", r->of_memmem * 100);
		fprintf(hout, "  [>= 1 GB/s: %s; >= hyperscan: %s]\n",
		        mb >= 1000 ? "met" : "NOT met",
		        isnan(r->vs_hs) ? "no hyperscan"
		        : r->vs_hs >= 1 ? "met" : "NOT met");
	}
	uint64_t bad = 0;
	for (size_t i = 0; i < ncchecks; i++)
		bad += cchecks[i].must_agree && cchecks[i].na != cchecks[i].nb;
	if (ncchecks)
		fprintf(hout, "extraction count checks: %llu mismatch%s between "
		              "uriscan's extraction rows\n",
		        (unsigned long long)bad, bad == 1 ? "" : "es");
	size_t noisy = 0;
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].med > 0 &&
		    (rows[i].hi - rows[i].lo) / 2 / rows[i].med * 100 > NOISY_PCT)
			noisy++;
	if (noisy)
		fprintf(hout, "%zu row%s marked noisy (spread > %.0f%%): the "
		              "machine was busy; the ratios are paired per "
		              "repetition, but rerun to be sure\n",
		        noisy, noisy == 1 ? "" : "s", NOISY_PCT);
	uint64_t dis = 0;
	for (size_t i = 0; i < nchecks; i++)
		dis += checks[i].disagreements;
	if (nchecks)
		fprintf(hout, "verdict checks: %llu disagreement%s in total\n",
		        (unsigned long long)dis, dis == 1 ? "" : "s");
}
