/* SPDX-License-Identifier: MIT */
/*
 * log_output.c: what `uriscan log` prints per log line (cmd_log.h): one
 * JSON Lines or TSV record, with --hosts the host fields of its target
 * and referer (host_fields.h). Output only; judges nothing. The
 * --summary is log_summary.c's.
 */
#include <string.h>

#include "cmd_log.h"
#include "host_fields.h"
#include "output.h"

/* Output helpers that switch on the format. */

/* A key after the first of a record, as spelled out in lit (`,"k":`, n
 * bytes) in JSON, a tab in TSV. The keys are literals: written with a
 * strlen each, they were a fifth of `uriscan log`'s time
 * (docs/performance.md, "The command line"); the cli case "log: JSON
 * Lines record, every key
 * exact" pins them. */
static void key_lit(const struct logrun *r, const char *lit, size_t n)
{
	if (r->tsv)
		out_char('\t');
	else
		out_bytes(lit, n);
}
/* `,"k":` for the literal k, and its length */
#define KEY_LIT(k) ",\"" k "\":"
#define KEY(r, k) key_lit((r), KEY_LIT(k), sizeof KEY_LIT(k) - 1)
#define KEY_ENTRY(c, k) {(c), KEY_LIT(k), sizeof KEY_LIT(k) - 1}
struct key_entry {
	unsigned c;
	const char *lit;
	size_t n;
};
static void v_null(const struct logrun *r)
{
	if (r->tsv)
		OUT_LIT("\\N");
	else
		OUT_LIT("null");
}
static void v_bool(int b)
{
	if (b)
		OUT_LIT("true");
	else
		OUT_LIT("false");
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
	static const struct key_entry comps[] = {
	    KEY_ENTRY(URISCAN_SCHEME, "scheme"),
	    KEY_ENTRY(URISCAN_AUTHORITY, "authority"),
	    KEY_ENTRY(URISCAN_USERINFO, "userinfo"),
	    KEY_ENTRY(URISCAN_HOST, "host"),
	    KEY_ENTRY(URISCAN_PORT, "port"),
	    KEY_ENTRY(URISCAN_PATH, "path"),
	    KEY_ENTRY(URISCAN_QUERY, "query"),
	    KEY_ENTRY(URISCAN_FRAGMENT, "fragment")};
	const struct uriscan_request *q = &v->q;
	const char *req = r->f.req;
	int ok = v->st == URISCAN_OK;

	const int has_target = log_has_target(v);

	/* the request as logged (escapes decoded), split or not: its bytes
	 * are always in the record (uriscan.logformat's "request" too) */
	KEY(r, "request");
	v_str(r, req, (size_t)r->f.rl);
	KEY(r, "method");
	if (q->method.len) v_str(r, req + q->method.off, q->method.len); else v_null(r);
	KEY(r, "target");
	if (has_target)
		v_str(r, req + q->target.off, q->target.len);
	else
		v_null(r);
	KEY(r, "version");
	if (q->version.len) v_str(r, req + q->version.off, q->version.len); else v_null(r);
	KEY(r, "valid"); v_bool(ok);
	KEY(r, "form");
	v_cstr(r, q->form == URISCAN_FORM_NONE
	              ? NULL
	              : uriscan_rule_name(URISCAN_RFC3986, q->form));
	KEY(r, "error");
	v_cstr(r, ok ? NULL : uriscan_status_name(v->st));
	KEY(r, "error_part");
	v_cstr(r, ok || q->error_part == URISCAN_REQUEST_NONE
	              ? NULL
	              : uriscan_request_part_name(q->error_part));
	KEY(r, "offset");
	if (ok) v_null(r); else out_u64(q->error_offset);
	for (size_t i = 0; i < sizeof comps / sizeof comps[0]; i++) {
		key_lit(r, comps[i].lit, comps[i].n);
		v_span(r, req, &q->uri, comps[i].c);
	}
	KEY(r, "escapes"); v_esc(r, r->f.req_esc, r->f.nreq_esc);
}

/* The referer's fields. */
static void print_referer(const struct logrun *r, const struct log_verdict *v)
{
	static const struct key_entry rcomps[] = {
	    KEY_ENTRY(URISCAN_SCHEME, "referer_scheme"),
	    KEY_ENTRY(URISCAN_HOST, "referer_host"),
	    KEY_ENTRY(URISCAN_PORT, "referer_port"),
	    KEY_ENTRY(URISCAN_PATH, "referer_path"),
	    KEY_ENTRY(URISCAN_QUERY, "referer_query"),
	    KEY_ENTRY(URISCAN_FRAGMENT, "referer_fragment")};
	const struct frontend_log_fields *f = &r->f;
	int bad = f->has_ref && v->rst != URISCAN_OK;

	KEY(r, "referer");
	if (f->has_ref) v_str(r, f->ref, (size_t)f->fl); else v_null(r);
	KEY(r, "referer_valid");
	if (f->has_ref) v_bool(v->rst == URISCAN_OK); else v_null(r);
	KEY(r, "referer_error");
	v_cstr(r, bad ? uriscan_status_name(v->rst) : NULL);
	KEY(r, "referer_offset");
	if (bad) out_u64(v->ru.error_offset); else v_null(r);
	for (size_t i = 0; i < sizeof rcomps / sizeof rcomps[0]; i++) {
		key_lit(r, rcomps[i].lit, rcomps[i].n);
		v_span(r, f->ref, &v->ru, rcomps[i].c);
	}
	KEY(r, "referer_escapes");
	if (f->fl >= 0) v_esc(r, f->ref_esc, f->nref_esc); else v_null(r);
}

/* --hosts: target_* and referer_* (host_fields.h), null for what the
 * line does not have. */
static void print_hosts(const struct logrun *r)
{
	const struct log_hosts *lh = r->lh;

	if (r->tsv) {
		if (lh->has_target)
			host_fields_tsv(&lh->target);
		else
			host_fields_tsv_null();
		if (lh->has_referer)
			host_fields_tsv(&lh->referer);
		else
			host_fields_tsv_null();
		return;
	}
	if (lh->has_target)
		host_fields_jsonl(&lh->target, "target_", 0);
	else
		host_fields_jsonl_null("target_");
	if (lh->has_referer)
		host_fields_jsonl(&lh->referer, "referer_", 0);
	else
		host_fields_jsonl_null("referer_");
}

void log_print_line(struct logrun *r, const struct log_verdict *v)
{
	if (!r->tsv)
		out_char('{');
	if (!r->tsv)
		OUT_LIT("\"line\":");
	out_u64(r->loop.record);
	print_request(r, v);
	KEY(r, "status"); out_u64(r->f.status);
	print_referer(r, v);
	if (r->lh)
		print_hosts(r);
	if (r->rw.any)
		log_rewrite_print(r);
	if (!r->tsv)
		out_char('}');
	out_char('\n');
	out_end_record();
}
