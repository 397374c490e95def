/* SPDX-License-Identifier: MIT */
/*
 * log_hosts.c: `uriscan log --hosts`: what the hosts of each line's
 * request target and referer mean (host_info.h: the address and its
 * class, the browser's host, the site, the confusion flags), and with
 * --summary their counts by address class and by flag. A CONNECT target
 * (authority-form, host:port) is read as "http://" host:port: the host a
 * proxy connects to; any other target as it is: an origin-form target
 * (/path) has no host, so its host fields are null and its flags are
 * those of its path and query (dot_segment, encoded_delimiter, nul...).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd_log.h"
#include "report.h"

static void count(uint64_t *classes, uint64_t *flags,
                  const struct host_info *h)
{
	if (h->addr.family != URISCAN_IP_NONE)
		classes[h->addr.ip_class]++;
	for (unsigned i = 0; i < 32; i++)
		if (h->flags & (1u << i))
			flags[i]++;
}

/* The bytes to read for the target [t, t + n) of method [m, m + mn). */
static void target_bytes(struct log_hosts *lh, const char *m, size_t mn,
                         const char **t, size_t *n)
{
	static const char http[] = "http://";
	size_t k = sizeof http - 1;

	if (mn != 7 || memcmp(m, "CONNECT", 7) != 0)
		return;
	if (*n + k > lh->cap) {
		free(lh->buf);
		lh->cap = *n + k > 256 ? *n + k : 256;
		lh->buf = cli_malloc(lh->cap);
	}
	memcpy(lh->buf, http, k);
	memcpy(lh->buf + k, *t, *n);
	*t = lh->buf;
	*n += k;
}

void log_hosts_read(struct logrun *r, const struct log_verdict *v)
{
	struct log_hosts *lh = r->lh;
	const struct uriscan_request *q = &v->q;
	const char *req = r->f.req;

	lh->has_target = log_has_target(v);
	if (lh->has_target) {
		const char *t = req + q->target.off;
		size_t n = q->target.len;
		target_bytes(lh, req + q->method.off, q->method.len, &t, &n);
		host_info_fill(&lh->target, r->g, t, n);
		if (r->summary)
			count(lh->target_class, lh->target_flag, &lh->target);
	}
	lh->has_referer = r->f.has_ref;
	if (lh->has_referer) {
		host_info_fill(&lh->referer, r->g, r->f.ref, (size_t)r->f.fl);
		if (r->summary)
			count(lh->referer_class, lh->referer_flag, &lh->referer);
	}
}

void log_hosts_free(struct logrun *r)
{
	if (r->lh == NULL)
		return;
	free(r->lh->buf);
	free(r->lh);
	r->lh = NULL;
}
