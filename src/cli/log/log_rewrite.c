/* SPDX-License-Identifier: MIT */
/*
 * log_rewrite.c: `uriscan log` with the rewrite options (rewrite_opts.h):
 * the line's target and referer rewritten (uriscan_rewrite), printed as
 * target_rewritten and referer_rewritten after the other fields, and what
 * --summary counts (paths, referer hosts) taken from them.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd_log.h"
#include "output.h"
#include "report.h"

/* Rewrite [s, s + n) into *dst (grown as needed); 1 when it could. */
static int rewrite_into(struct logrun *r, const char *s, size_t n, char **dst,
                        size_t *cap, size_t *len)
{
	const char *res;
	size_t k;

	if (rw_apply(&r->rw, r->g, s, n, &res, &k, NULL) != URISCAN_OK)
		return 0;
	if (*cap < k + 1) {
		*cap = 2 * k + 1;
		*dst = cli_realloc(*dst, *cap);
	}
	memcpy(*dst, res, k);
	*len = k;
	return 1;
}

void log_rewrite_read(struct logrun *r, const struct log_verdict *v)
{
	struct log_rewritten *w = &r->lrw;
	const struct uriscan_request *q = &v->q;

	w->has_target = v->st == URISCAN_OK &&
	                rewrite_into(r, r->f.req + q->target.off, q->target.len,
	                             &w->target, &w->tcap, &w->tlen);
	w->has_referer = r->f.has_ref && v->rst == URISCAN_OK &&
	                 rewrite_into(r, r->f.ref, (size_t)r->f.fl, &w->referer,
	                              &w->rcap, &w->rlen);
}

void log_rewrite_print(const struct logrun *r)
{
	const struct log_rewritten *w = &r->lrw;

	if (r->tsv) {
		out_char('\t');
		if (w->has_target)
			out_tsv_field(w->target, w->tlen);
		else
			OUT_LIT("\\N");
		out_char('\t');
		if (w->has_referer)
			out_tsv_field(w->referer, w->rlen);
		else
			OUT_LIT("\\N");
		return;
	}
	OUT_LIT(",\"target_rewritten\":");
	if (w->has_target)
		out_json_string(w->target, w->tlen);
	else
		OUT_LIT("null");
	OUT_LIT(",\"referer_rewritten\":");
	if (w->has_referer)
		out_json_string(w->referer, w->rlen);
	else
		OUT_LIT("null");
}

void log_rewrite_free(struct logrun *r)
{
	free(r->lrw.target);
	free(r->lrw.referer);
	rw_free(&r->rw);
}
