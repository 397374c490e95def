/* SPDX-License-Identifier: MIT */
/*
 * host_info.h: what `uriscan inspect`, `check --deny` and the get fields
 * {ip} {ip_class} {site} {browser_host} {flags} say about one record: the
 * grammar's parse, the host a browser reaches, the address the host means
 * and its class, the registrable domain, the confusion flags. Library
 * calls only; no output.
 */
#ifndef URISCAN_CLI_HOST_INFO_H
#define URISCAN_CLI_HOST_INFO_H

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
	int site_status;         /* uriscan_site (UNSUPPORTED: no libpsl) */
	char site[256];
	size_t site_len;
	uint32_t flags;          /* uriscan_confusion */
};

/* Fill h for the record rec[0, len) read with grammar g. */
void host_info_fill(struct host_info *h, enum uriscan_grammar g,
                    const char *rec, size_t len);

/* "," between the names of the flags of f, into the output (output.h). */
void host_info_out_flags(uint32_t f, char sep);

#endif
