/* SPDX-License-Identifier: MIT */
/*
 * cmd_log.c: `uriscan log`, HTTP access logs (Apache/nginx common and
 * combined): the judging of each line's request line and referer by the
 * library (uriscan_request_line, uriscan_parse), the counts. The options
 * are log_opts.c's, the line format log_line.c's, the output
 * log_output.c's and log_summary.c's, --hosts log_hosts.c's; records come
 * from input.h's record loop. Memory: one line at a time; --summary keeps
 * one count per distinct referer host, path and error kind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "commands.h"
#include "cmd_log.h"
#include "output.h"
#include "report.h"

/* Grammars other than rfc3986: method SP target SP version split at the
 * first and last SP, the target judged by the grammar's top rule (no
 * form). */
static int other_request(enum uriscan_grammar g, const char *req, long rl,
                         struct uriscan_request *q)
{
	int st = uriscan_request_line(req, (size_t)rl, URISCAN_REQUEST_ANY_FORM,
	                              q);
	const char *sp1 = memchr(req, ' ', (size_t)rl);
	const char *sp2 = NULL;
	struct uriscan_uri t;
	size_t t0;

	for (long k = rl; sp1 && k-- > 0;)
		if (req[k] == ' ') {
			sp2 = req + k;
			break;
		}
	if (!sp1 || sp2 <= sp1)
		return st;
	t0 = (size_t)(sp1 + 1 - req);
	memset(q, 0, sizeof *q);
	q->method.len = (uint32_t)(sp1 - req);
	q->target.off = (uint32_t)t0;
	q->target.len = (uint32_t)(sp2 - sp1 - 1);
	q->version.off = (uint32_t)(sp2 + 1 - req);
	q->version.len = (uint32_t)(req + rl - sp2 - 1);
	q->form = URISCAN_FORM_NONE;
	st = uriscan_parse(g, req + t0, q->target.len, 0, &t);
	q->uri = t;
	if (st == URISCAN_OK) {
		for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
			q->uri.part[c].off += (uint32_t)t0;
	} else {
		q->error_offset = t0 + t.error_offset;
		q->error_part = URISCAN_REQUEST_TARGET;
	}
	return st;
}

/* Judge the request line and the referer (the grammar's top rule). */
static void judge(const struct logrun *r, struct log_verdict *v)
{
	const struct frontend_log_fields *f = &r->f;

	if (r->g == URISCAN_RFC3986)
		v->st = uriscan_request_line(f->req, (size_t)f->rl, 0, &v->q);
	else
		v->st = other_request(r->g, f->req, f->rl, &v->q);
	v->rst = URISCAN_OK;
	memset(&v->ru, 0, sizeof v->ru);
	if (f->has_ref)
		v->rst = uriscan_parse(r->g, f->ref, (size_t)f->fl, 0, &v->ru);
}

/* --normalize: the target's path [p, p + n) in normal form (its dot
 * segments removed, unreserved escapes decoded), in place of p and n; a
 * path starting with "//" (it would read as an authority) is kept. */
static void normal_path(struct logrun *r, const char **p, size_t *n)
{
	size_t k;

	if (!r->normalize || (*n >= 2 && (*p)[0] == '/' && (*p)[1] == '/'))
		return;
	if (norm_buf_run(&r->norm, r->g, *p, *n, 0, &k, NULL) == URISCAN_OK) {
		*p = r->norm.p;
		*n = k;
	}
}

/* The referer's host, from its normal form with --normalize. */
static void count_referer_host(struct logrun *r, const struct log_verdict *v)
{
	const char *s = r->f.ref;
	const struct uriscan_uri *u = &v->ru;
	struct uriscan_uri nu;
	size_t k;

	if (r->rw.any && r->lrw.has_referer &&
	    uriscan_parse(r->g, r->lrw.referer, r->lrw.rlen, 0, &nu) ==
	        URISCAN_OK) {
		s = r->lrw.referer; /* the rewritten referer */
		u = &nu;
	} else if (r->normalize &&
	    norm_buf_run(&r->norm, r->g, s, (size_t)r->f.fl, 0, &k, NULL) ==
	        URISCAN_OK &&
	    uriscan_parse(r->g, r->norm.p, k, 0, &nu) == URISCAN_OK) {
		s = r->norm.p;
		u = &nu;
	}
	if (URISCAN_HAS(u, URISCAN_HOST))
		counted_set_add(&r->hosts, s + u->part[URISCAN_HOST].off,
		                u->part[URISCAN_HOST].len);
}

/* --summary: count the line's path, error kind and referer host. */
static void count(struct logrun *r, const struct log_verdict *v)
{
	const struct uriscan_uri *u = &v->q.uri;

	struct uriscan_uri wu;
	if (r->rw.any && r->lrw.has_target &&
	    uriscan_parse(r->g, r->lrw.target, r->lrw.tlen, 0, &wu) == URISCAN_OK) {
		/* the rewritten target's path */
		const char *p = r->lrw.target + wu.part[URISCAN_PATH].off;
		size_t n = wu.part[URISCAN_PATH].len;
		normal_path(r, &p, &n);
		counted_set_add(&r->paths, p, n);
	} else if (v->st == URISCAN_OK && URISCAN_HAS(u, URISCAN_PATH)) {
		const char *p = r->f.req + u->part[URISCAN_PATH].off;
		size_t n = u->part[URISCAN_PATH].len;
		normal_path(r, &p, &n);
		counted_set_add(&r->paths, p, n);
	}
	if (v->st != URISCAN_OK) {
		char k[64];
		enum uriscan_request_part p = v->q.error_part;
		int n = snprintf(k, sizeof k, "%s %s", uriscan_status_name(v->st),
		                 p != URISCAN_REQUEST_NONE
		                     ? uriscan_request_part_name(p)
		                     : "request");
		counted_set_add(&r->errors, k, (size_t)n);
	}
	if (r->f.has_ref && v->rst == URISCAN_OK)
		count_referer_host(r, v);
}

static void not_in_format(struct logrun *r, const char *rec, size_t len,
                          const char *why)
{
	r->not_in_format++;
	if (r->verbose)
		cli_error("%s:%llu: not a %s log line (%s): %.*s", r->loop.label,
		          (unsigned long long)r->loop.record,
		          r->fmt == FRONTEND_LOG_COMMON     ? "common"
		          : r->fmt == FRONTEND_LOG_COMBINED ? "combined"
		                                   : "common or combined",
		          why, (int)(len > 200 ? 200 : len), rec);
}

static void log_fields_free(struct frontend_log_fields *f)
{
	free(f->req);
	free(f->ref);
	free(f->req_esc);
	free(f->ref_esc);
	f->req = f->ref = NULL;
	f->req_esc = f->ref_esc = NULL;
	f->cap = 0;
}

/* Room in f's buffers for a line of len bytes (they grow to the longest
 * line). */
static void log_fields_reserve(struct frontend_log_fields *f, size_t len)
{
	if (len < f->cap)
		return;
	log_fields_free(f);
	f->cap = len + 1;
	f->req = cli_calloc(f->cap, 1);
	f->ref = cli_calloc(f->cap, 1);
	f->req_esc = cli_calloc(f->cap, sizeof(uint32_t));
	f->ref_esc = cli_calloc(f->cap, sizeof(uint32_t));
}

static void log_record(void *ctx, const char *rec, size_t len)
{
	struct logrun *r = ctx;
	struct log_verdict v;
	const char *why;

	r->lines++;
	log_fields_reserve(&r->f, len);
	why = frontend_log_split(r->fmt, rec, len, &r->f);
	if (why != NULL) {
		not_in_format(r, rec, len, why);
		return;
	}
	judge(r, &v);
	if (r->lh)
		log_hosts_read(r, &v);
	if (r->rw.any)
		log_rewrite_read(r, &v);
	if (v.st == URISCAN_OK)
		r->tv++;
	else
		r->ti++;
	if (!r->f.has_ref)
		r->rabsent++;
	else if (v.rst == URISCAN_OK)
		r->rv++;
	else
		r->ri++;
	if (r->summary)
		count(r, &v);
	else
		log_print_line(r, &v);
}

static int cmd_log(int argc, char **argv)
{
	struct logrun r;
	int nfiles, trouble;

	memset(&r, 0, sizeof r);
	r.fmt = FRONTEND_LOG_AUTO;
	r.g = URISCAN_RFC3986;
	r.top = 10;
	nfiles = log_options(&r, argc, argv);
	if (r.rw.any && r.g != URISCAN_RFC3986 && r.g != URISCAN_RFC3987)
		cli_usage_error("the rewrite options need -g rfc3986 or rfc3987");
	if (rw_finish(&r.rw) != 0)
		return EXIT_TROUBLE;
	if (r.with_hosts)
		r.lh = cli_calloc(1, sizeof *r.lh); /* 2 KiB buffers */
	r.loop.delim = '\n';
	r.loop.strip_cr = 1;
	r.loop.fn = log_record;
	r.loop.ctx = &r;
	trouble = records_run(&r.loop, argv, nfiles);
	if (r.summary)
		log_print_summary(&r);
	out_flush();
	if (r.not_in_format && !r.verbose && !r.summary)
		cli_error("log: %llu line(s) not in the format (-v shows them)",
		          (unsigned long long)r.not_in_format);
	counted_set_free(&r.hosts);
	counted_set_free(&r.paths);
	counted_set_free(&r.errors);
	log_fields_free(&r.f);
	norm_buf_free(&r.norm);
	log_hosts_free(&r);
	log_rewrite_free(&r);
	if (trouble)
		return EXIT_TROUBLE;
	return r.not_in_format ? EXIT_INVALID : EXIT_SUCCESS;
}

const struct cli_command cli_cmd_log = {
    "log",
    "uriscan log [--log-format=combined|common|auto] [-g GRAMMAR]\n"
    "            [--format=jsonl|tsv] [--hosts]\n"
    "            [--summary [--top=N] [--normalize]] [-v] [FILE...]\n",
    "judge the request lines and referers of HTTP access logs\n"
    "(common, combined); see 'uriscan log --help'\n",
    cmd_log,
};
