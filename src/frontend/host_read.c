/* SPDX-License-Identifier: MIT */
/*
 * host_read.c: one record's host as browsers, resolvers and the Public
 * Suffix List read it (host_read.h). The site comes through a memo of the
 * names seen last (site_memo.h); the flags from the record's parse.
 */
#include <string.h>

#include "host_read.h"
#include "site_memo.h"

/* The bracketed host of rec[0, len) with a zone ("[fe80::1%25eth0]"),
 * which neither the grammar nor the browser reads: the first '[' after
 * "//" (past the last '@' before it) up to the next ']'. 1 and h->addr,
 * h->zone when it is an IPv6 address with a zone. */
static int zone_host(struct host_info *h, const char *rec, size_t len)
{
	const char *ss = NULL, *lb, *rb;
	struct uriscan_host_addr a;
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if ((rec[i] == '/' || rec[i] == '\\') &&
		    (rec[i + 1] == '/' || rec[i + 1] == '\\')) {
			ss = rec + i + 2;
			break;
		}
	if (ss == NULL ||
	    (lb = memchr(ss, '[', len - (size_t)(ss - rec))) == NULL ||
	    (rb = memchr(lb, ']', len - (size_t)(lb - rec))) == NULL ||
	    uriscan_host_address(lb, (size_t)(rb - lb) + 1, 0, &a, NULL) !=
	        URISCAN_OK ||
	    !(a.notes & URISCAN_HOST_ZONE) || a.zone_len >= sizeof h->zone)
		return 0;
	h->addr = a;
	memcpy(h->zone, lb + a.zone_off, a.zone_len);
	h->zone_len = a.zone_len;
	return 1;
}

void frontend_host_read(struct host_info *h, enum uriscan_grammar g,
                        const char *rec, size_t len,
                        const struct uriscan_uri *parsed,
                        const uint32_t *flags)
{
	const char *host = NULL, *name = NULL;
	size_t host_len = 0, name_len = 0;
	struct uriscan_host_addr ga;
	int gst = URISCAN_E_INVALID_ARG;

	if (parsed) {
		h->status = URISCAN_OK;
		h->u = *parsed;
	} else {
		h->status = uriscan_parse(g, rec, len, 0, &h->u);
	}
	if (h->status == URISCAN_OK && URISCAN_HAS(&h->u, URISCAN_HOST)) {
		host = rec + h->u.part[URISCAN_HOST].off;
		host_len = h->u.part[URISCAN_HOST].len;
	}
	h->browser_status = uriscan_browser_host(rec, len, 0, h->browser,
	                                         sizeof h->browser,
	                                         &h->browser_len, NULL);
	if (h->browser_status != URISCAN_OK)
		h->browser_len = 0;
	memset(&h->addr, 0, sizeof h->addr);
	h->ip[0] = '\0';
	h->grammar_class = URISCAN_IP_CLASS_NONE;
	if (host)
		gst = uriscan_host_address(host, host_len, 0, &ga, NULL);
	if (gst == URISCAN_OK && ga.family != URISCAN_IP_NONE)
		h->grammar_class = ga.ip_class;
	h->grammar_addr_status = host ? gst : URISCAN_OK;
	if (h->browser_status == URISCAN_OK && h->browser_len > 0) {
		/* the same bytes as the grammar's host (most often): the same
		 * reading, not made twice */
		if (host && host_len == h->browser_len &&
		    memcmp(host, h->browser, host_len) == 0) {
			if (gst == URISCAN_OK)
				h->addr = ga;
		} else if (uriscan_host_address(h->browser, h->browser_len, 0,
		                                &h->addr, NULL) != URISCAN_OK) {
			memset(&h->addr, 0, sizeof h->addr);
		}
		if (h->addr.family == URISCAN_IP_NONE) {
			name = h->browser;
			name_len = h->browser_len;
		}
	} else if (host) {
		if (h->grammar_class != URISCAN_IP_CLASS_NONE)
			uriscan_host_address(host, host_len, 0, &h->addr, NULL);
		else {
			name = host;
			name_len = host_len;
		}
	}
	/* the form is how the record writes the address: the grammar's host
	 * when it is the same address (the browser's host is always in its
	 * canonical form) */
	if (h->addr.family != URISCAN_IP_NONE &&
	    h->grammar_class != URISCAN_IP_CLASS_NONE &&
	    ga.family == h->addr.family &&
	    memcmp(ga.addr, h->addr.addr, sizeof ga.addr) == 0) {
		h->addr.form = ga.form;
		h->addr.parts = ga.parts;
		h->addr.notes = ga.notes;
	}
	if (h->addr.family != URISCAN_IP_NONE) {
		size_t n;
		uriscan_ip_text(&h->addr, h->ip, sizeof h->ip, &n, NULL);
	}
	h->site_len = 0;
	h->site_status = frontend_site_memo(name, name ? name_len : 0, h->site,
	                                    sizeof h->site, &h->site_len);
	if (h->site_status != URISCAN_OK)
		h->site_len = 0;
	/* the flags: the caller's (an extractor's, computed in its pass);
	 * else from our own parse with the grammar's default rule
	 * without parsing again (uriscan_confusion_parsed); a parse the caller
	 * made (maybe with another rule) is not uriscan_confusion's, which
	 * parses with the default rule: then that */
	if (flags != NULL)
		h->flags = *flags;
	else if (parsed == NULL)
		uriscan_confusion_parsed(rec, len,
		                         h->status == URISCAN_OK ? &h->u : NULL, 0,
		                         &h->flags, NULL);
	else
		uriscan_confusion(g, rec, len, 0, &h->flags, NULL);
	/* a zone: the address curl reaches, its class, its zone */
	h->zone_len = 0;
	if ((h->flags & URISCAN_CONFUSION_IPV6_ZONE) &&
	    h->addr.family == URISCAN_IP_NONE && zone_host(h, rec, len)) {
		size_t n;
		uriscan_ip_text(&h->addr, h->ip, sizeof h->ip, &n, NULL);
	}
}
