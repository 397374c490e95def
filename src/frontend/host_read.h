/* SPDX-License-Identifier: MIT */
/*
 * host_read.h: what one record's host really means (docs/hosts.md): the
 * grammar's parse, the host a browser reaches, the address the host means
 * and its class, the registrable domain, the confusion flags. Part of the
 * front ends' library (src/frontend/, names prefixed frontend_): shared by
 * the CLI (`uriscan inspect`, `check --deny`, the get fields, extract and
 * log --hosts: src/cli/host_info.h) and the Python extension (the URI's
 * ip ... flags, the records' host fields), so both read a host alike.
 * Library calls only; no output, no allocation (but ICU's, freed).
 */
#ifndef URISCAN_FRONTEND_HOST_READ_H
#define URISCAN_FRONTEND_HOST_READ_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#define HOST_INFO_MAX 2048

struct host_info {
	int status;              /* the grammar's parse */
	struct uriscan_uri u;
	int browser_status;      /* uriscan_browser_host */
	char browser[HOST_INFO_MAX];
	size_t browser_len;
	/* The address: the browser's host's when the browser reads the URL,
	 * else the grammar's host's; family URISCAN_IP_NONE when neither is
	 * an address. */
	struct uriscan_host_addr addr;
	char ip[URISCAN_IP_TEXT_MAX];
	/* the class of the grammar's host when it is an address (NONE else):
	 * check --deny looks at both readings */
	enum uriscan_ip_class grammar_class;
	/* uriscan_host_address's status on the grammar's host (OK when the
	 * grammar has no host): check --deny's unreadable hosts */
	int grammar_addr_status;
	int site_status;         /* uriscan_site (UNSUPPORTED: no libpsl) */
	char site[256];
	size_t site_len;
	uint32_t flags;          /* uriscan_confusion */
	/* An IPv6 zone (flag ipv6_zone): the grammar and the browser refuse
	 * the URL, and addr is the address of its bracketed host (curl
	 * connects to it), zone its zone as written (zone_len 0: none). */
	char zone[256];
	size_t zone_len;
};

/* Fill h for the record rec[0, len) read with grammar g. parsed: the
 * record's parse by g when the caller has it (its rule's: a URI object
 * parsed by another rule keeps its components), or NULL to parse rec by
 * g's top rule here. flags: the record's confusion flags when the caller
 * has them (an extraction match's, URISCAN_EXTRACT_CONFUSION), or NULL to
 * compute them here. */
void frontend_host_read(struct host_info *h, enum uriscan_grammar g,
                        const char *rec, size_t len,
                        const struct uriscan_uri *parsed,
                        const uint32_t *flags);

#endif
