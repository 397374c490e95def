/* SPDX-License-Identifier: MIT */
/*
 * host_fields_ref.h: uriscan_host_fields's fields computed by the
 * separate public calls, as uriscan.h defines each (uriscan_browser_host,
 * uriscan_host_address of the grammar's host and of the browser's,
 * uriscan_ip_text, uriscan_site, uriscan_confusion_parsed), and a
 * comparison of two results field by field. The reference of
 * tests/core/test_host_fields.c and tests/fuzz/fuzz_host.c.
 */
#ifndef URISCAN_TESTS_HOST_FIELDS_REF_H
#define URISCAN_TESTS_HOST_FIELDS_REF_H

#include <string.h>

#include "uriscan.h"

/* The fields of s[0, len) with its parse u (NULL: not valid), options
 * flags of (URISCAN_HOST_FIELDS_*), by the separate calls, into *o
 * (o->size set). */
static inline void host_fields_ref(const char *s, size_t len,
                                   const struct uriscan_uri *u, unsigned of,
                                   struct uriscan_host_fields *o)
{
	const char *host = NULL, *name = NULL;
	size_t host_len = 0, name_len = 0, bn = 0;
	struct uriscan_host_addr *ga = &o->grammar_addr;
	struct uriscan_error e;

	if (u != NULL && URISCAN_HAS(u, URISCAN_HOST)) {
		host = s + u->part[URISCAN_HOST].off;
		host_len = u->part[URISCAN_HOST].len;
	}
	o->browser_status = uriscan_browser_host(s, len, 0, o->browser,
	                                         sizeof o->browser, &bn, &e);
	o->browser_offset = o->browser_status == URISCAN_OK ? 0 : e.offset;
	o->browser_len = o->browser_status == URISCAN_OK ? bn : 0;
	memset(ga, 0, sizeof *ga);
	memset(&o->addr, 0, sizeof o->addr);
	o->grammar_addr_status = URISCAN_OK;
	o->grammar_addr_offset = 0;
	if (host) {
		o->grammar_addr_status =
		    uriscan_host_address(host, host_len, 0, ga, &e);
		if (o->grammar_addr_status != URISCAN_OK) {
			o->grammar_addr_offset = e.offset;
			memset(ga, 0, sizeof *ga);
		}
	}
	if (o->browser_status == URISCAN_OK && o->browser_len > 0) {
		if (uriscan_host_address(o->browser, o->browser_len, 0, &o->addr,
		                         NULL) != URISCAN_OK)
			memset(&o->addr, 0, sizeof o->addr);
		if (o->addr.family == URISCAN_IP_NONE) {
			name = o->browser;
			name_len = o->browser_len;
		}
	} else if (host) {
		if (ga->family != URISCAN_IP_NONE)
			o->addr = *ga;
		else {
			name = host;
			name_len = host_len;
		}
	}
	/* the grammar's form of the same address */
	if (o->addr.family != URISCAN_IP_NONE && ga->family == o->addr.family &&
	    memcmp(ga->addr, o->addr.addr, sizeof ga->addr) == 0) {
		o->addr.form = ga->form;
		o->addr.parts = ga->parts;
		o->addr.notes = ga->notes;
	}
	o->ip[0] = '\0';
	o->ip_len = 0;
	if (o->addr.family != URISCAN_IP_NONE &&
	    uriscan_ip_text(&o->addr, o->ip, sizeof o->ip, &o->ip_len, NULL) !=
	        URISCAN_OK)
		o->ip_len = 0;
	o->site_status = URISCAN_OK;
	o->site_len = 0;
	if (name != NULL && !(of & URISCAN_HOST_FIELDS_NO_SITE)) {
		o->site_status = uriscan_site(name, name_len, 0, o->site,
		                              sizeof o->site, &o->site_len, NULL);
		if (o->site_status != URISCAN_OK)
			o->site_len = 0;
	}
	o->flags = 0;
	if (!(of & URISCAN_HOST_FIELDS_NO_FLAGS) &&
	    uriscan_confusion_parsed(s, len, u, 0, &o->flags, NULL) !=
	        URISCAN_OK)
		o->flags = ~0u;
}

static inline int host_addr_same(const struct uriscan_host_addr *a,
                                 const struct uriscan_host_addr *b)
{
	return a->family == b->family && a->form == b->form &&
	       a->ip_class == b->ip_class && a->embed == b->embed &&
	       a->parts == b->parts && a->notes == b->notes &&
	       memcmp(a->addr, b->addr, sizeof a->addr) == 0 &&
	       memcmp(a->v4, b->v4, sizeof a->v4) == 0 &&
	       a->zone_off == b->zone_off && a->zone_len == b->zone_len;
}

/* The first field in which a and b differ ("browser", "grammar_addr",
 * "addr", "ip", "site", "flags"), or NULL. */
static inline const char *host_fields_differ(const struct uriscan_host_fields *a,
                                             const struct uriscan_host_fields *b)
{
	if (a->browser_status != b->browser_status ||
	    a->browser_len != b->browser_len ||
	    a->browser_offset != b->browser_offset ||
	    memcmp(a->browser, b->browser, a->browser_len) != 0)
		return "browser";
	if (a->grammar_addr_status != b->grammar_addr_status ||
	    a->grammar_addr_offset != b->grammar_addr_offset ||
	    !host_addr_same(&a->grammar_addr, &b->grammar_addr))
		return "grammar_addr";
	if (!host_addr_same(&a->addr, &b->addr))
		return "addr";
	if (a->ip_len != b->ip_len || strcmp(a->ip, b->ip) != 0)
		return "ip";
	if (a->site_status != b->site_status || a->site_len != b->site_len ||
	    memcmp(a->site, b->site, a->site_len) != 0)
		return "site";
	if (a->flags != b->flags)
		return "flags";
	return NULL;
}

#endif
