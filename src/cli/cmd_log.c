/*
 * cmd_log.c: uriscan log, HTTP access logs (Apache/nginx common and
 * combined formats). The log format is parsed here; the request line and
 * the URLs are judged by the library (uriscan_request_line, uriscan_parse).
 *
 *   common:   %h %l %u %t "%r" %>s %b
 *   combined: common "%{Referer}i" "%{User-agent}i"
 *
 * Quoted fields hold the escapes both servers write (\" \\ \xHH, and
 * Apache's \b \n \r \t \v); they are decoded before judging, and the output
 * lists the offsets (in the decoded field) of the bytes that came from an
 * escape. Memory: one record at a time (reader.c); --summary keeps one
 * count per distinct referer host, path and error kind.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "output.h"
#include "reader.h"

enum logfmt { FMT_AUTO, FMT_COMMON, FMT_COMBINED };

/* A counter keyed by bytes (open addressing, grows by doubling). */
struct cnt_entry {
	char *key;
	size_t len;
	uint64_t n;
};
struct counter {
	struct cnt_entry *t;
	size_t cap, used;
};

static void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n, sz);
	if (!p) {
		fprintf(stderr, "uriscan: out of memory\n");
		exit(2);
	}
	return p;
}

static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static void cnt_add(struct counter *c, const char *k, size_t n)
{
	if (c->used * 2 >= c->cap) {
		struct counter nc = {xcalloc(c->cap ? c->cap * 2 : 64,
		                             sizeof(struct cnt_entry)),
		                     c->cap ? c->cap * 2 : 64, 0};
		for (size_t i = 0; i < c->cap; i++) {
			if (!c->t[i].key)
				continue;
			size_t j = hash(c->t[i].key, c->t[i].len) & (nc.cap - 1);
			while (nc.t[j].key)
				j = (j + 1) & (nc.cap - 1);
			nc.t[j] = c->t[i];
			nc.used++;
		}
		free(c->t);
		*c = nc;
	}
	size_t j = hash(k, n) & (c->cap - 1);
	while (c->t[j].key) {
		if (c->t[j].len == n && memcmp(c->t[j].key, k, n) == 0) {
			c->t[j].n++;
			return;
		}
		j = (j + 1) & (c->cap - 1);
	}
	c->t[j].key = xcalloc(n + 1, 1);
	memcpy(c->t[j].key, k, n);
	c->t[j].len = n;
	c->t[j].n = 1;
	c->used++;
}

static int cnt_cmp(const void *a, const void *b)
{
	const struct cnt_entry *x = a, *y = b;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	size_t m = x->len < y->len ? x->len : y->len;
	int r = memcmp(x->key, y->key, m);
	return r ? r : (x->len < y->len ? -1 : x->len > y->len);
}

/* Sort the entries (most frequent first, then by bytes) into t[0..used). */
static void cnt_sort(struct counter *c)
{
	size_t k = 0;
	for (size_t i = 0; i < c->cap; i++)
		if (c->t[i].key)
			c->t[k++] = c->t[i];
	c->cap = k; /* no more adds */
	if (k)
		qsort(c->t, k, sizeof(c->t[0]), cnt_cmp);
}

static void cnt_free(struct counter *c)
{
	for (size_t i = 0; i < c->cap; i++)
		free(c->t[i].key);
	free(c->t);
}

struct logrun {
	enum logfmt fmt;
	enum uriscan_grammar g;
	int tsv, summary, verbose;
	unsigned top;
	const char *label;
	uint64_t lineno;
	/* counts */
	uint64_t lines, not_in_format, tv, ti, rv, ri, rabsent;
	struct counter hosts, paths, errors;
	/* decoded fields */
	char *req, *ref;
	size_t cap;
	uint32_t *req_esc, *ref_esc;
	size_t nreq_esc, nref_esc;
};

/* A span of a line: [a, b). */
struct fld {
	const char *a, *b;
};

static int hexv(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A quoted field at *p: decode it into out (room for e - *p bytes),
 * recording escape offsets in esc. Returns the decoded length, or -1 if
 * there is no closing quote. *p ends after the quote. */
static long quoted(const char **pp, const char *e, char *out, uint32_t *esc,
                   size_t *nesc)
{
	const char *p = *pp;
	size_t o = 0;
	*nesc = 0;
	if (p >= e || *p != '"')
		return -1;
	for (p++; p < e; p++) {
		char c = *p;
		if (c == '"') {
			*pp = p + 1;
			return (long)o;
		}
		if (c == '\\' && p + 1 < e) {
			char d = p[1];
			int byte = -1, used = 1;
			switch (d) {
			case '"': byte = '"'; break;
			case '\\': byte = '\\'; break;
			case 'b': byte = '\b'; break;
			case 'n': byte = '\n'; break;
			case 'r': byte = '\r'; break;
			case 't': byte = '\t'; break;
			case 'v': byte = '\v'; break;
			case 'x':
				if (p + 3 < e && hexv(p[2]) >= 0 && hexv(p[3]) >= 0) {
					byte = hexv(p[2]) * 16 + hexv(p[3]);
					used = 3;
				}
				break;
			default: break;
			}
			if (byte >= 0) {
				esc[(*nesc)++] = (uint32_t)o;
				out[o++] = (char)byte;
				p += used;
				continue;
			}
		}
		out[o++] = c;
	}
	return -1;
}

/* A run of non-space bytes at *p, then one space (unless last). */
static int token(const char **pp, const char *e, struct fld *f)
{
	const char *p = *pp;
	f->a = p;
	while (p < e && *p != ' ')
		p++;
	f->b = p;
	*pp = p;
	return f->b > f->a;
}

static int space(const char **pp, const char *e)
{
	if (*pp < e && **pp == ' ') {
		(*pp)++;
		return 1;
	}
	return 0;
}

static void j_span(const char *s, struct uriscan_span sp, int present)
{
	if (present)
		out_json_string(s + sp.off, sp.len);
	else
		OUT_LIT("null");
}

static void t_span(const char *s, struct uriscan_span sp, int present)
{
	if (present)
		out_tsv_field(s + sp.off, sp.len);
	else
		OUT_LIT("\\N");
}

/* Output helpers that switch on the format. */
static void key(struct logrun *r, const char *k, int first)
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
static void v_null(struct logrun *r)
{
	if (r->tsv)
		OUT_LIT("\\N");
	else
		OUT_LIT("null");
}
static void v_bool(struct logrun *r, int b)
{
	out_str(b ? "true" : "false");
	(void)r;
}
static void v_str(struct logrun *r, const char *s, size_t n)
{
	if (r->tsv)
		out_tsv_field(s, n);
	else
		out_json_string(s, n);
}
static void v_cstr(struct logrun *r, const char *s)
{
	if (!s)
		v_null(r);
	else
		v_str(r, s, strlen(s));
}
static void v_u64(struct logrun *r, uint64_t v)
{
	(void)r;
	out_u64(v);
}
static void v_esc(struct logrun *r, const uint32_t *e, size_t n)
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
static void v_span(struct logrun *r, const char *s, const struct uriscan_uri *u,
                   unsigned c)
{
	if (r->tsv)
		t_span(s, u->part[c], URISCAN_HAS(u, c));
	else
		j_span(s, u->part[c], URISCAN_HAS(u, c));
}

static const char *part_name(enum uriscan_request_part p)
{
	switch (p) {
	case URISCAN_REQUEST_METHOD: return "method";
	case URISCAN_REQUEST_TARGET: return "target";
	case URISCAN_REQUEST_VERSION: return "version";
	case URISCAN_REQUEST_NONE: break;
	}
	return NULL;
}

static void not_in_format(struct logrun *r, const char *rec, size_t len,
                          const char *why)
{
	r->not_in_format++;
	if (r->verbose) {
		out_flush();
		fprintf(stderr, "uriscan: %s:%llu: not a %s log line (%s): %.*s\n",
		        r->label, (unsigned long long)r->lineno,
		        r->fmt == FMT_COMMON ? "common"
		        : r->fmt == FMT_COMBINED ? "combined" : "common or combined",
		        why, (int)(len > 200 ? 200 : len), rec);
	}
}

static void log_record(void *ctx, const char *rec, size_t len)
{
	struct logrun *r = ctx;
	const char *p = rec, *e = rec + len;
	struct fld host, ident, user, status, bytes;
	r->lineno++;
	r->lines++;
	if (len + 1 > r->cap) {
		free(r->req); free(r->ref); free(r->req_esc); free(r->ref_esc);
		r->cap = len + 1;
		r->req = xcalloc(r->cap, 1);
		r->ref = xcalloc(r->cap, 1);
		r->req_esc = xcalloc(r->cap, sizeof(uint32_t));
		r->ref_esc = xcalloc(r->cap, sizeof(uint32_t));
	}
	if (!token(&p, e, &host) || !space(&p, e) || !token(&p, e, &ident) ||
	    !space(&p, e) || !token(&p, e, &user) || !space(&p, e))
		{ not_in_format(r, rec, len, "host ident user"); return; }
	(void)host; (void)ident; (void)user;
	if (p >= e || *p != '[')
		{ not_in_format(r, rec, len, "no [time]"); return; }
	while (p < e && *p != ']')
		p++;
	if (p >= e)
		{ not_in_format(r, rec, len, "no [time]"); return; }
	p++;
	if (!space(&p, e))
		{ not_in_format(r, rec, len, "after [time]"); return; }
	long rl = quoted(&p, e, r->req, r->req_esc, &r->nreq_esc);
	if (rl < 0)
		{ not_in_format(r, rec, len, "request not quoted"); return; }
	if (!space(&p, e) || !token(&p, e, &status) || !space(&p, e) ||
	    !token(&p, e, &bytes))
		{ not_in_format(r, rec, len, "status bytes"); return; }
	if (status.b - status.a != 3 || status.a[0] < '1' || status.a[0] > '5' ||
	    status.a[1] < '0' || status.a[1] > '9' || status.a[2] < '0' ||
	    status.a[2] > '9')
		{ not_in_format(r, rec, len, "status"); return; }
	long fl = -1;
	int has_ref = 0;
	if (p < e) {
		if (r->fmt == FMT_COMMON)
			{ not_in_format(r, rec, len, "bytes after %b"); return; }
		struct fld ua;
		if (!space(&p, e) ||
		    (fl = quoted(&p, e, r->ref, r->ref_esc, &r->nref_esc)) < 0 ||
		    !space(&p, e))
			{ not_in_format(r, rec, len, "referer"); return; }
		/* the user agent: a quoted field, not judged */
		const char *q = p;
		if (q >= e || *q != '"')
			{ not_in_format(r, rec, len, "user agent"); return; }
		for (q++; q < e && *q != '"'; q++)
			if (*q == '\\' && q + 1 < e)
				q++;
		if (q >= e)
			{ not_in_format(r, rec, len, "user agent not quoted"); return; }
		ua.a = p;
		ua.b = q + 1;
		(void)ua;
		if (q + 1 != e)
			{ not_in_format(r, rec, len, "bytes after user agent"); return; }
		has_ref = !(fl == 1 && r->ref[0] == '-');
	} else if (r->fmt == FMT_COMBINED) {
		{ not_in_format(r, rec, len, "no referer, user agent"); return; }
	}

	/* judge the request line */
	struct uriscan_request q;
	struct uriscan_uri *u = &q.uri;
	int st;
	if (r->g == URISCAN_RFC3986) {
		st = uriscan_request_line(r->req, (size_t)rl, 0, &q);
	} else {
		/* other grammars: method SP target SP version split at the
		 * first and last SP, the target judged by the grammar's top
		 * rule (no form) */
		st = uriscan_request_line(r->req, (size_t)rl,
		                          URISCAN_REQUEST_ANY_FORM, &q);
		const char *sp1 = memchr(r->req, ' ', (size_t)rl);
		const char *sp2 = NULL;
		for (long k = rl; sp1 && k-- > 0;)
			if (r->req[k] == ' ') {
				sp2 = r->req + k;
				break;
			}
		if (sp1 && sp2 > sp1) {
			struct uriscan_uri t;
			size_t t0 = (size_t)(sp1 + 1 - r->req);
			memset(&q, 0, sizeof q);
			q.method.len = (uint32_t)(sp1 - r->req);
			q.target.off = (uint32_t)t0;
			q.target.len = (uint32_t)(sp2 - sp1 - 1);
			q.version.off = (uint32_t)(sp2 + 1 - r->req);
			q.version.len = (uint32_t)(r->req + rl - sp2 - 1);
			q.form = URISCAN_FORM_NONE;
			st = uriscan_parse(r->g, r->req + t0, q.target.len, 0, &t);
			*u = t;
			if (st == URISCAN_OK) {
				for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
					u->part[c].off += (uint32_t)t0;
			} else {
				q.error_offset = t0 + t.error_offset;
				q.error_part = URISCAN_REQUEST_TARGET;
			}
		}
	}
	/* the referer: the grammar's top rule (URI-reference) */
	struct uriscan_uri ru;
	int rst = URISCAN_OK;
	memset(&ru, 0, sizeof ru);
	if (has_ref)
		rst = uriscan_parse(r->g, r->ref, (size_t)fl, 0, &ru);

	if (st == URISCAN_OK)
		r->tv++;
	else
		r->ti++;
	if (!has_ref)
		r->rabsent++;
	else if (rst == URISCAN_OK)
		r->rv++;
	else
		r->ri++;
	if (r->summary) {
		if (st == URISCAN_OK && URISCAN_HAS(u, URISCAN_PATH))
			cnt_add(&r->paths, r->req + u->part[URISCAN_PATH].off,
			        u->part[URISCAN_PATH].len);
		if (st != URISCAN_OK) {
			char k[64];
			int n = snprintf(k, sizeof k, "%s %s", uriscan_status_name(st),
			                 part_name(q.error_part) ? part_name(q.error_part)
			                                         : "request");
			cnt_add(&r->errors, k, (size_t)n);
		}
		if (has_ref && rst == URISCAN_OK && URISCAN_HAS(&ru, URISCAN_HOST))
			cnt_add(&r->hosts, r->ref + ru.part[URISCAN_HOST].off,
			        ru.part[URISCAN_HOST].len);
		return;
	}

	if (!r->tsv)
		out_char('{');
	key(r, "line", 1); v_u64(r, r->lineno);
	key(r, "method", 0);
	if (q.method.len) v_str(r, r->req + q.method.off, q.method.len); else v_null(r);
	key(r, "target", 0);
	if (st == URISCAN_OK || q.error_part >= URISCAN_REQUEST_TARGET)
		v_str(r, r->req + q.target.off, q.target.len);
	else
		v_null(r);
	key(r, "version", 0);
	if (q.version.len) v_str(r, r->req + q.version.off, q.version.len); else v_null(r);
	key(r, "valid", 0); v_bool(r, st == URISCAN_OK);
	key(r, "form", 0);
	v_cstr(r, q.form == URISCAN_FORM_NONE ? NULL
	                                      : uriscan_rule_name(URISCAN_RFC3986, q.form));
	key(r, "error", 0);
	v_cstr(r, st == URISCAN_OK ? NULL : uriscan_status_name(st));
	key(r, "error_part", 0); v_cstr(r, st == URISCAN_OK ? NULL : part_name(q.error_part));
	key(r, "offset", 0);
	if (st == URISCAN_OK) v_null(r); else v_u64(r, q.error_offset);
	static const unsigned comps[] = {URISCAN_SCHEME, URISCAN_AUTHORITY,
	                                 URISCAN_USERINFO, URISCAN_HOST,
	                                 URISCAN_PORT, URISCAN_PATH,
	                                 URISCAN_QUERY, URISCAN_FRAGMENT};
	for (size_t i = 0; i < sizeof comps / sizeof comps[0]; i++) {
		key(r, uriscan_component_name(comps[i]), 0);
		v_span(r, r->req, u, comps[i]);
	}
	key(r, "escapes", 0); v_esc(r, r->req_esc, r->nreq_esc);
	key(r, "status", 0); v_u64(r, (uint64_t)((status.a[0] - '0') * 100 + (status.a[1] - '0') * 10 + (status.a[2] - '0')));
	key(r, "referer", 0);
	if (has_ref) v_str(r, r->ref, (size_t)fl); else v_null(r);
	key(r, "referer_valid", 0);
	if (has_ref) v_bool(r, rst == URISCAN_OK); else v_null(r);
	key(r, "referer_error", 0);
	v_cstr(r, has_ref && rst != URISCAN_OK ? uriscan_status_name(rst) : NULL);
	key(r, "referer_offset", 0);
	if (has_ref && rst != URISCAN_OK) v_u64(r, ru.error_offset); else v_null(r);
	static const unsigned rcomps[] = {URISCAN_SCHEME, URISCAN_HOST,
	                                  URISCAN_PORT, URISCAN_PATH,
	                                  URISCAN_QUERY, URISCAN_FRAGMENT};
	for (size_t i = 0; i < sizeof rcomps / sizeof rcomps[0]; i++) {
		char k[32];
		snprintf(k, sizeof k, "referer_%s", uriscan_component_name(rcomps[i]));
		key(r, k, 0);
		v_span(r, r->ref, &ru, rcomps[i]);
	}
	key(r, "referer_escapes", 0);
	if (fl >= 0) v_esc(r, r->ref_esc, r->nref_esc); else v_null(r);
	if (!r->tsv)
		out_char('}');
	out_char('\n');
	out_end_record();
}

static void top_json(struct logrun *r, const char *name, struct counter *c)
{
	cnt_sort(c);
	out_char(',');
	out_char('"');
	out_str(name);
	OUT_LIT("\":[");
	for (size_t i = 0; i < c->cap && (r->top == 0 || i < r->top); i++) {
		if (i)
			out_char(',');
		OUT_LIT("[");
		out_json_string(c->t[i].key, c->t[i].len);
		out_char(',');
		out_u64(c->t[i].n);
		OUT_LIT("]");
	}
	out_char(']');
}

static void top_tsv(struct logrun *r, const char *name, struct counter *c)
{
	cnt_sort(c);
	for (size_t i = 0; i < c->cap && (r->top == 0 || i < r->top); i++) {
		out_str(name);
		out_char('\t');
		out_tsv_field(c->t[i].key, c->t[i].len);
		out_char('\t');
		out_u64(c->t[i].n);
		out_char('\n');
	}
}

static void summary(struct logrun *r)
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
		top_tsv(r, "referer_host", &r->hosts);
		top_tsv(r, "path", &r->paths);
		r->top = 0;
		top_tsv(r, "invalid_target", &r->errors);
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
		top_json(r, "top_referer_hosts", &r->hosts);
		top_json(r, "top_paths", &r->paths);
		r->top = 0;
		top_json(r, "invalid_targets", &r->errors);
		OUT_LIT("}\n");
	}
	out_end_record();
}

static void log_usage(FILE *f)
{
	fputs("usage: uriscan log [--format=combined|common|auto] [-g GRAMMAR]\n"
	      "                   [--output=jsonl|tsv] [--summary [--top=N]] [-v]\n"
	      "                   [FILE...]\n"
	      "Reads Apache/nginx access logs (common, combined) and judges each\n"
	      "request line (RFC 9112: method, request-target form, components)\n"
	      "and referer (the grammar's top rule). See uriscan(1).\n",
	      f);
}

__attribute__((format(printf, 1, 2))) static _Noreturn void
log_usage_error(const char *fmt, ...)
{
	va_list ap;

	out_flush();
	fputs("uriscan: log: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	log_usage(stderr);
	exit(2);
}

enum { L_FORMAT, L_OUTPUT, L_SUMMARY, L_TOP, L_VERBOSE, L_GRAMMAR, L_HELP };

/* The options of uriscan log, read by the shared scanner (args.h), so they
 * follow the same conventions as the other commands. */
static const struct cli_optdef log_opts[] = {
    {0, "format", CLI_ARG_REQUIRED, L_FORMAT},
    {0, "output", CLI_ARG_REQUIRED, L_OUTPUT},
    {0, "summary", CLI_ARG_NONE, L_SUMMARY},
    {0, "top", CLI_ARG_REQUIRED, L_TOP},
    {'v', "verbose", CLI_ARG_NONE, L_VERBOSE},
    {'g', "grammar", CLI_ARG_REQUIRED, L_GRAMMAR},
    {'h', "help", CLI_ARG_NONE, L_HELP},
};

static void log_set(void *ctx, const struct cli_optdef *d, const char *spelled,
                    const char *arg)
{
	struct logrun *r = ctx;
	char *end;
	unsigned long v;

	switch (d->id) {
	case L_FORMAT:
		if (strcmp(arg, "combined") == 0)
			r->fmt = FMT_COMBINED;
		else if (strcmp(arg, "common") == 0)
			r->fmt = FMT_COMMON;
		else if (strcmp(arg, "auto") == 0)
			r->fmt = FMT_AUTO;
		else
			log_usage_error("unknown log format '%s' (combined, common "
			                "or auto)", arg);
		break;
	case L_OUTPUT:
		if (strcmp(arg, "tsv") == 0)
			r->tsv = 1;
		else if (strcmp(arg, "jsonl") == 0)
			r->tsv = 0;
		else
			log_usage_error("unknown output '%s' (jsonl or tsv)", arg);
		break;
	case L_SUMMARY:
		r->summary = 1;
		break;
	case L_TOP:
		v = strtoul(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end != '\0' || v == 0 ||
		    v > 1000000)
			log_usage_error("bad number for %s: '%s'", spelled, arg);
		r->top = (unsigned)v;
		break;
	case L_VERBOSE:
		r->verbose = 1;
		break;
	case L_GRAMMAR:
		if (uriscan_grammar_from_name(arg, &r->g) != URISCAN_OK ||
		    !uriscan_grammar_available(r->g))
			log_usage_error("unknown or unavailable grammar '%s'", arg);
		break;
	case L_HELP:
		log_usage(stdout);
		exit(0);
	default:
		break;
	}
}

int cmd_log(int argc, char **argv)
{
	struct logrun r;
	const char *files_default[] = {"-"};
	const char **files = files_default;
	int nfiles, trouble = 0;
	memset(&r, 0, sizeof r);
	r.fmt = FMT_AUTO;
	r.g = URISCAN_RFC3986;
	r.top = 10;
	nfiles = cli_parse_args(log_opts, sizeof log_opts / sizeof log_opts[0],
	                        argc, argv, log_set, &r, log_usage_error);
	const char **fl = (const char **)argv;
	if (nfiles)
		files = fl;
	else
		nfiles = 1;
	struct reader rd;
	reader_init(&rd, '\n', 1);
	for (int i = 0; i < nfiles; i++) {
		int is_stdin = strcmp(files[i], "-") == 0;
		int fd = is_stdin ? STDIN_FILENO : open(files[i], O_RDONLY);
		if (fd < 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: %s\n", files[i], strerror(errno));
			trouble = 1;
			continue;
		}
		r.label = is_stdin ? "(stdin)" : files[i];
		r.lineno = 0;
		if (reader_run(&rd, fd, log_record, &r) != 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: read error: %s\n", files[i],
			        strerror(errno));
			trouble = 1;
		}
		if (!is_stdin)
			close(fd);
	}
	reader_free(&rd);
	if (r.summary)
		summary(&r);
	out_flush();
	if (r.not_in_format && !r.verbose && !r.summary)
		fprintf(stderr, "uriscan: log: %llu line(s) not in the format "
		                "(-v shows them)\n",
		        (unsigned long long)r.not_in_format);
	cnt_free(&r.hosts);
	cnt_free(&r.paths);
	cnt_free(&r.errors);
	free(r.req); free(r.ref); free(r.req_esc); free(r.ref_esc);
	return trouble ? 2 : 0;
}
