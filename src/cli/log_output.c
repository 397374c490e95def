/*
 * log_output.c: what `uriscan log` prints (log.h): one JSON Lines or TSV
 * record per log line, or the --summary. Output only; judges nothing.
 */
#include <stdio.h>
#include <string.h>

#include "cmd_log.h"
#include "output.h"

/* Output helpers that switch on the format. */
static void key(const struct logrun *r, const char *k, int first)
{
	if (r->tsv) {
		if (!first)
			out_char('\t');
	} else {
		if (!first)
			out_char(',');
		out_char('"');
		out_str(k);
		OUT_LIT("\":");
	}
}
static void v_null(const struct logrun *r)
{
	if (r->tsv)
		OUT_LIT("\\N");
	else
		OUT_LIT("null");
}
static void v_bool(int b)
{
	out_str(b ? "true" : "false");
}
static void v_str(const struct logrun *r, const char *s, size_t n)
{
	if (r->tsv)
		out_tsv_field(s, n);
	else
		out_json_string(s, n);
}
static void v_cstr(const struct logrun *r, const char *s)
{
	if (!s)
		v_null(r);
	else
		v_str(r, s, strlen(s));
}
static void v_esc(const struct logrun *r, const uint32_t *e, size_t n)
{
	if (!r->tsv)
		out_char('[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			out_char(',');
		out_u64(e[i]);
	}
	if (!r->tsv)
		out_char(']');
}
static void v_span(const struct logrun *r, const char *s,
                   const struct uriscan_uri *u, unsigned c)
{
	if (URISCAN_HAS(u, c))
		v_str(r, s + u->part[c].off, u->part[c].len);
	else
		v_null(r);
}

/* The request line's fields: method .. fragment, escapes. */
static void print_request(const struct logrun *r, const struct log_verdict *v)
{
	static const unsigned comps[] = {URISCAN_SCHEME, URISCAN_AUTHORITY,
	                                 URISCAN_USERINFO, URISCAN_HOST,
	                                 URISCAN_PORT, URISCAN_PATH,
	                                 URISCAN_QUERY, URISCAN_FRAGMENT};
	const struct uriscan_request *q = &v->q;
	const char *req = r->f.req;
	int ok = v->st == URISCAN_OK;

	key(r, "method", 0);
	if (q->method.len) v_str(r, req + q->method.off, q->method.len); else v_null(r);
	key(r, "target", 0);
	if (ok || q->error_part >= URISCAN_REQUEST_TARGET)
		v_str(r, req + q->target.off, q->target.len);
	else
		v_null(r);
	key(r, "version", 0);
	if (q->version.len) v_str(r, req + q->version.off, q->version.len); else v_null(r);
	key(r, "valid", 0); v_bool(ok);
	key(r, "form", 0);
	v_cstr(r, q->form == URISCAN_FORM_NONE
	              ? NULL
	              : uriscan_rule_name(URISCAN_RFC3986, q->form));
	key(r, "error", 0);
	v_cstr(r, ok ? NULL : uriscan_status_name(v->st));
	key(r, "error_part", 0); v_cstr(r, ok ? NULL : log_part_name(q->error_part));
	key(r, "offset", 0);
	if (ok) v_null(r); else out_u64(q->error_offset);
	for (size_t i = 0; i < sizeof comps / sizeof comps[0]; i++) {
		key(r, uriscan_component_name(comps[i]), 0);
		v_span(r, req, &q->uri, comps[i]);
	}
	key(r, "escapes", 0); v_esc(r, r->f.req_esc, r->f.nreq_esc);
}

/* The referer's fields. */
static void print_referer(const struct logrun *r, const struct log_verdict *v)
{
	/* the keys spelled out: a snprintf per key was a sixth of `uriscan
	 * log`'s time (bench/SPEED.md, thirteenth round); the cli case "log:
	 * JSON Lines record, every key exact" pins them */
	static const struct {
		unsigned c;
		const char *key;
	} rcomps[] = {{URISCAN_SCHEME, "referer_scheme"},
	              {URISCAN_HOST, "referer_host"},
	              {URISCAN_PORT, "referer_port"},
	              {URISCAN_PATH, "referer_path"},
	              {URISCAN_QUERY, "referer_query"},
	              {URISCAN_FRAGMENT, "referer_fragment"}};
	const struct log_fields *f = &r->f;
	int bad = f->has_ref && v->rst != URISCAN_OK;

	key(r, "referer", 0);
	if (f->has_ref) v_str(r, f->ref, (size_t)f->fl); else v_null(r);
	key(r, "referer_valid", 0);
	if (f->has_ref) v_bool(v->rst == URISCAN_OK); else v_null(r);
	key(r, "referer_error", 0);
	v_cstr(r, bad ? uriscan_status_name(v->rst) : NULL);
	key(r, "referer_offset", 0);
	if (bad) out_u64(v->ru.error_offset); else v_null(r);
	for (size_t i = 0; i < sizeof rcomps / sizeof rcomps[0]; i++) {
		key(r, rcomps[i].key, 0);
		v_span(r, f->ref, &v->ru, rcomps[i].c);
	}
	key(r, "referer_escapes", 0);
	if (f->fl >= 0) v_esc(r, f->ref_esc, f->nref_esc); else v_null(r);
}

void log_print_line(struct logrun *r, const struct log_verdict *v)
{
	if (!r->tsv)
		out_char('{');
	key(r, "line", 1); out_u64(r->loop.record);
	print_request(r, v);
	key(r, "status", 0); out_u64(r->f.status);
	print_referer(r, v);
	if (!r->tsv)
		out_char('}');
	out_char('\n');
	out_end_record();
}

/* The first `top` entries of c (all when top is 0). */
static void top_json(const char *name, struct counted_set *c, unsigned top)
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

static void top_tsv(const char *name, struct counted_set *c, unsigned top)
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
		OUT_LIT("}\n");
	}
	out_end_record();
}
