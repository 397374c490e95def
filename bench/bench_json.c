/* SPDX-License-Identifier: MIT */
/*
 * bench_json.c: the JSON report (schema "uriscan-bench/1", read by
 * benchtool.py): keys and their order are an interface. Measures nothing.
 */
#include <math.h>
#include <string.h>

#include "bench_harness.h"

/* JSON string; bytes >= 0x80 become \u00XX (lossy, but valid JSON). */
static void json_str(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_cstr(FILE *f, const char *s)
{
	if (s == NULL)
		fputs("null", f);
	else
		json_str(f, s, strlen(s));
}

static void json_num(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.6g", v);
}

/* The start of the i-th entry of "checks" or "count_checks". */
static void json_check_head(FILE *f, size_t i, const struct bench_set *s,
                            const char *a, const char *b)
{
	fprintf(f, "%s\n    {\"dataset\": ", i ? "," : "");
	json_cstr(f, s->name);
	fputs(", \"a\": ", f);
	json_cstr(f, a);
	fputs(", \"b\": ", f);
	json_cstr(f, b);
}

void write_json(FILE *f)
{
	fprintf(f, "{\n  \"schema\": \"uriscan-bench/1\",\n  \"meta\": {\n");
	fputs("    \"date\": ", f);
	json_cstr(f, machine.date_utc);
	fputs(",\n    \"cpu\": ", f);
	json_cstr(f, machine.cpu_model);
	fprintf(f, ",\n    \"cpus_online\": %ld,\n    \"pinned\": ",
	        machine.ncpu);
	json_cstr(f, machine.pinned);
	fputs(",\n    \"simd\": ", f);
	json_cstr(f, machine.simd);
	fputs(",\n    \"kernel\": ", f);
	json_cstr(f, machine.kernel);
	fputs(",\n    \"compiler\": ", f);
	json_cstr(f, compiler());
	fputs(",\n    \"build\": ", f);
	json_cstr(f, BENCH_BUILD_INFO);
	fputs(",\n    \"libraries\": [", f);
	for (size_t i = 0; i < nversions; i++) {
		if (i)
			fputs(", ", f);
		json_cstr(f, versions[i]);
	}
	/* ada's version and build flags (peers/peer_ada.cpp), null without */
	const char *ada = NULL;
	for (size_t i = 0; i < nversions; i++)
		if (strncmp(versions[i], "ada ", 4) == 0)
			ada = versions[i];
	fputs("],\n    \"ada\": ", f);
	json_cstr(f, ada);
	fprintf(f, ",\n    \"reps\": %d,\n    \"min_time_s\": ", opt.reps);
	json_num(f, opt.min_time);
	fputs(",\n    \"statistic\": \"median of repetitions; ratios: "
	      "median of per-repetition ratios of URLs/s\",\n", f);
	fputs("    \"reference\": \"" REF_ID "\",\n    \"limit\": \"" LIMIT_ID
	      "\",\n    \"parsers\": [",
	      f);
	for (size_t i = 0; i < nall; i++) {
		fprintf(f, "%s\n      {\"id\": ", i ? "," : "");
		json_cstr(f, all[i]->id);
		fputs(", \"task\": ", f);
		json_cstr(f, task_name(all[i]->task));
		fputs(", \"grammar\": ", f);
		json_cstr(f, all[i]->grammar);
		fputs(", \"what\": ", f);
		json_cstr(f, all[i]->what);
		fputc('}', f);
	}
	fputs("\n    ]\n  },\n  \"datasets\": [", f);
	for (size_t i = 0; i < nsets; i++) {
		const struct bench_set *s = &sets[i];
		fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
		json_cstr(f, s->name);
		fputs(", \"path\": ", f);
		json_cstr(f, s->path);
		fprintf(f, ", \"kind\": \"%s\", \"lines\": %zu, \"bytes\": "
		           "%llu}",
		        s->is_log ? "log" : "urls", s->n,
		        (unsigned long long)s->bytes);
	}
	fputs("\n  ],\n  \"checks\": [", f);
	for (size_t i = 0; i < nchecks; i++) {
		const struct check *c = &checks[i];
		json_check_head(f, i, c->set, c->a, c->b);
		fprintf(f, ", \"compared\": %llu, \"disagreements\": %llu, "
		           "\"examples\": [",
		        (unsigned long long)c->compared,
		        (unsigned long long)c->disagreements);
		for (size_t k = 0; k < c->nex; k++) {
			size_t li = c->ex[k];
			fprintf(f, "%s{\"line\": %zu, \"a\": %s, \"b\": %s, "
			           "\"input\": ",
			        k ? ", " : "", li + 1,
			        c->exa[k] ? "true" : "false",
			        c->exb[k] ? "true" : "false");
			json_str(f, c->set->text + c->set->off[li],
			         c->set->len[li]);
			fputc('}', f);
		}
		fputs("]}", f);
	}
	fputs("\n  ],\n  \"count_checks\": [", f);
	for (size_t i = 0; i < ncchecks; i++) {
		const struct count_check *c = &cchecks[i];
		json_check_head(f, i, c->set, c->a, c->b);
		fprintf(f, ", \"found_a\": %llu, \"found_b\": %llu, "
		           "\"must_agree\": %s}",
		        (unsigned long long)c->na, (unsigned long long)c->nb,
		        c->must_agree ? "true" : "false");
	}
	fputs("\n  ],\n  \"op_checks\": [", f);
	for (size_t i = 0; i < nopchecks; i++) {
		const struct op_check *c = &opchecks[i];
		json_check_head(f, i, c->set, c->a, c->b);
		fprintf(f, ", \"compared\": %llu, \"agree\": %llu, "
		           "\"classes\": {",
		        (unsigned long long)c->compared,
		        (unsigned long long)c->agree);
		for (int k = 0, m = 0; k < OP_CLASSES; k++)
			if (c->cls[k])
				fprintf(f, "%s\"%s\": %llu", m++ ? ", " : "",
				        op_class_names[k],
				        (unsigned long long)c->cls[k]);
		fputs("}, \"examples\": [", f);
		for (size_t k = 0; k < c->nex; k++) {
			const struct bench_set *s = c->set;
			size_t li = c->ex[k];
			int rel = find_parser(c->a)->rel;
			fprintf(f, "%s{\"line\": %zu, \"class\": \"%s\", "
			           "\"input\": ",
			        k ? ", " : "", li + 1, op_class_names[c->excls[k]]);
			json_str(f, (rel ? s->rtext : s->text) +
			                (rel ? s->roff : s->off)[li],
			         (rel ? s->rlen : s->len)[li]);
			fputc('}', f);
		}
		fputs("]}", f);
	}
	fputs("\n  ],\n  \"results\": [", f);
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		const struct bench_set *s = r->set;
		fprintf(f, "%s\n    {\"parser\": ", i ? "," : "");
		json_cstr(f, r->p->id);
		fputs(", \"task\": ", f);
		json_cstr(f, task_name(r->p->task));
		fputs(", \"grammar\": ", f);
		json_cstr(f, r->p->grammar);
		fputs(", \"dataset\": ", f);
		json_cstr(f, s->name);
		fprintf(f, ", \"urls\": %zu, \"bytes\": %llu", s->n,
		        (unsigned long long)s->bytes);
		if (r->p->task == BENCH_LIMIT)
			fputs(", \"accepted\": null, \"rejected\": null", f);
		else if (r->p->task == BENCH_EXTRACT)
			fprintf(f, ", \"accepted\": %llu, \"rejected\": null",
			        (unsigned long long)r->accepted);
		else
			fprintf(f, ", \"accepted\": %llu, \"rejected\": %llu",
			        (unsigned long long)r->accepted,
			        (unsigned long long)(s->n - r->accepted));
		fputs(",\n     \"ns_per_url\": ", f);
		json_num(f, r->med);
		fputs(", \"ns_min\": ", f);
		json_num(f, r->lo);
		fputs(", \"ns_max\": ", f);
		json_num(f, r->hi);
		fputs(", \"urls_per_s\": ", f);
		json_num(f, 1e9 / r->med);
		fputs(", \"mb_per_s\": ", f);
		json_num(f, (double)s->bytes / ((double)s->n * r->med) * 1e3);
		fputs(", \"found_per_s\": ", f);
		json_num(f, r->p->task == BENCH_EXTRACT
		                ? (double)r->accepted * 1e9 /
		                      ((double)s->n * r->med)
		                : NAN);
		fputs(",\n     \"ratio_uriparser\": ", f);
		json_num(f, r->ratio_ref);
		fputs(", \"ratio_limit\": ", f);
		json_num(f, r->ratio_limit);
		fputs(", \"ratio_boost_url\": ", f);
		json_num(f, r->ratio_boost);
		fputs(", \"ratio_ada\": ", f);
		json_num(f, r->ratio_ada);
		fputs(",\n     \"ratio_hyperscan\": ", f);
		json_num(f, r->vs_hs);
		fputs(", \"ratio_pcre2\": ", f);
		json_num(f, r->vs_pcre);
		fputs(", \"ratio_memmem\": ", f);
		json_num(f, r->of_memmem);
		fputs(", \"ratio_memchr\": ", f);
		json_num(f, r->of_memchr);
		fputs(", \"ir_per_url\": ", f);
		json_num(f, r->ir_url);
		fputs(", \"mispredicts_per_url\": ", f);
		json_num(f, r->mis_url);
		fprintf(f, ", \"passes_per_rep\": %llu, \"stable\": %s}",
		        (unsigned long long)r->passes,
		        r->unstable ? "false" : "true");
	}
	fputs("\n  ]\n}\n", f);
}
