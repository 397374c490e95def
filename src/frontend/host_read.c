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
	/* every field but the site (the memo's) in one call, the flags too
	 * unless the caller has them or parsed by another rule than the one
	 * uriscan_confusion_parsed reads */
	struct uriscan_host_fields_options o = {
	    sizeof o, URISCAN_HOST_FIELDS_NO_SITE |
	                  (flags != NULL || parsed != NULL
	                       ? URISCAN_HOST_FIELDS_NO_FLAGS
	                       : 0u)};
	struct uriscan_host_fields f;
	const char *name = NULL;
	size_t name_len = 0;
	int st;

	if (parsed) {
		h->status = URISCAN_OK;
		h->u = *parsed;
	} else {
		h->status = uriscan_parse(g, rec, len, 0, &h->u);
	}
	f.size = sizeof f;
	st = uriscan_host_fields(rec, len, h->status == URISCAN_OK ? &h->u : NULL,
	                         &o, &f, NULL);
	if (st != URISCAN_OK) {
		/* a record over 4 GiB: no field read */
		memset(&f, 0, sizeof f);
		f.browser_status = f.grammar_addr_status = st;
	}
	h->browser_status = f.browser_status;
	h->browser_len = f.browser_len;
	memcpy(h->browser, f.browser, f.browser_len);
	h->addr = f.addr;
	memcpy(h->ip, f.ip, f.ip_len + 1);
	h->grammar_class = f.grammar_addr.family != URISCAN_IP_NONE
	                       ? f.grammar_addr.ip_class
	                       : URISCAN_IP_CLASS_NONE;
	h->grammar_addr_status = f.grammar_addr_status;
	/* the name the site is of: the browser's host when it reads the URL,
	 * else the grammar's, when it is no address (uriscan.h) */
	if (f.addr.family == URISCAN_IP_NONE) {
		if (f.browser_status == URISCAN_OK && f.browser_len > 0) {
			name = h->browser;
			name_len = h->browser_len;
		} else if (h->status == URISCAN_OK &&
		           URISCAN_HAS(&h->u, URISCAN_HOST)) {
			name = rec + h->u.part[URISCAN_HOST].off;
			name_len = h->u.part[URISCAN_HOST].len;
		}
	}
	h->site_len = 0;
	h->site_status = frontend_site_memo(name, name ? name_len : 0, h->site,
	                                    sizeof h->site, &h->site_len);
	if (h->site_status != URISCAN_OK)
		h->site_len = 0;
	/* the flags: the caller's (an extractor's, computed in its pass);
	 * else from our own parse (uriscan_host_fields's, as
	 * uriscan_confusion_parsed); a parse the caller made (maybe with
	 * another rule) is not uriscan_confusion's, which parses with the
	 * default rule: then that */
	if (flags != NULL)
		h->flags = *flags;
	else if (parsed == NULL)
		h->flags = f.flags;
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
