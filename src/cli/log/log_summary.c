/* SPDX-License-Identifier: MIT */
/*
 * log_summary.c: what `uriscan log --summary` prints (cmd_log.h): the
 * counts, the top referer hosts and paths, the invalid targets by kind,
 * and with --hosts the targets and referers by address class and by
 * confusion flag; one JSON object, or TSV rows NAME<TAB>KEY<TAB>COUNT.
 * Output only; counts nothing.
 */
#include "cmd_log.h"
#include "output.h"

/* The first `top` entries of c (all when top is 0). */
static void top_json(const char *name, struct counted_set *c,
                     unsigned long top)
{
	const struct counted_entry *v = counted_set_sorted(c);

	out_char(',');
	out_char('"');
	out_str(name);
	OUT_LIT("\":[");
	for (size_t i = 0; i < c->n && (top == 0 || i < top); i++) {
		if (i)
			out_char(',');
		OUT_LIT("[");
		out_json_string(v[i].key, v[i].len);
		out_char(',');
		out_u64(v[i].count);
		OUT_LIT("]");
	}
	out_char(']');
}

static void top_tsv(const char *name, struct counted_set *c,
                    unsigned long top)
{
	const struct counted_entry *v = counted_set_sorted(c);

	for (size_t i = 0; i < c->n && (top == 0 || i < top); i++) {
		out_str(name);
		out_char('\t');
		out_tsv_field(v[i].key, v[i].len);
		out_char('\t');
		out_u64(v[i].count);
		out_char('\n');
	}
}

/* --hosts --summary: the n counts c by name (those not 0, in the order
 * of the names), as a JSON object or TSV rows `row NAME COUNT`. */
static const char *class_name(unsigned i)
{
	return uriscan_ip_class_name((enum uriscan_ip_class)i);
}
static const char *flag_name(unsigned i)
{
	return uriscan_confusion_name(1u << i);
}
static void counts_json(const char *key, const uint64_t *c, unsigned n,
                        const char *(*name)(unsigned))
{
	int first = 1;

	OUT_LIT(",\"");
	out_str(key);
	OUT_LIT("\":{");
	for (unsigned i = 0; i < n; i++) {
		if (c[i] == 0)
			continue;
		if (!first)
			out_char(',');
		first = 0;
		out_json_name(name(i));
		out_char(':');
		out_u64(c[i]);
	}
	out_char('}');
}
static void counts_tsv(const char *row, const uint64_t *c, unsigned n,
                       const char *(*name)(unsigned))
{
	for (unsigned i = 0; i < n; i++) {
		if (c[i] == 0)
			continue;
		out_str(row);
		out_char('\t');
		out_str(name(i));
		out_char('\t');
		out_u64(c[i]);
		out_char('\n');
	}
}
static void summary_hosts(const struct log_hosts *lh, int tsv)
{
	void (*f)(const char *, const uint64_t *, unsigned,
	          const char *(*)(unsigned)) = tsv ? counts_tsv : counts_json;

	f(tsv ? "target_ip_class" : "target_ip_classes", lh->target_class,
	  URISCAN_IP_CLASS_COUNT, class_name);
	f(tsv ? "target_flag" : "target_flags", lh->target_flag, 32, flag_name);
	f(tsv ? "referer_ip_class" : "referer_ip_classes", lh->referer_class,
	  URISCAN_IP_CLASS_COUNT, class_name);
	f(tsv ? "referer_flag" : "referer_flags", lh->referer_flag, 32,
	  flag_name);
}

void log_print_summary(struct logrun *r)
{
	static const char *const names[] = {
	    "lines", "not_in_format", "targets_valid", "targets_invalid",
	    "referers_valid", "referers_invalid", "referers_absent"};
	uint64_t v[] = {r->lines, r->not_in_format, r->tv, r->ti,
	                r->rv, r->ri, r->rabsent};
	if (r->tsv) {
		for (size_t i = 0; i < 7; i++) {
			out_str(names[i]);
			OUT_LIT("\t\t");
			out_u64(v[i]);
			out_char('\n');
		}
		top_tsv("referer_host", &r->hosts, r->top);
		top_tsv("path", &r->paths, r->top);
		top_tsv("invalid_target", &r->errors, 0);
		if (r->lh)
			summary_hosts(r->lh, 1);
	} else {
		out_char('{');
		for (size_t i = 0; i < 7; i++) {
			if (i)
				out_char(',');
			out_char('"');
			out_str(names[i]);
			OUT_LIT("\":");
			out_u64(v[i]);
		}
		top_json("top_referer_hosts", &r->hosts, r->top);
		top_json("top_paths", &r->paths, r->top);
		top_json("invalid_targets", &r->errors, 0);
		if (r->lh)
			summary_hosts(r->lh, 0);
		OUT_LIT("}\n");
	}
	out_end_record();
}
