/* SPDX-License-Identifier: MIT */
/*
 * deny.h: `uriscan check --deny=CLASS,...,flag:NAME,...`: a record is denied
 * when the address its host means (the browser's reading or the grammar's,
 * host_info.h) is in a denied class, or it carries a denied confusion flag,
 * or when its host cannot be read (a deny list fails closed; unless
 * --allow-unreadable).
 */
#ifndef URISCAN_CLI_DENY_H
#define URISCAN_CLI_DENY_H

#include <stddef.h>
#include <stdint.h>

#include "host_info.h"
#include "uriscan.h"

struct deny {
	uint32_t classes; /* bit (1u << c) for each denied uriscan_ip_class */
	uint32_t flags;   /* the denied URISCAN_CONFUSION_* bits */
	int allow_unreadable; /* --allow-unreadable: a host that cannot be
	                       * read passes (else it is denied) */
	struct host_info *h; /* scratch (owned) */
};

/* Read the list (an unknown name is a usage error, exit 2); several
 * --deny lists are given joined by ','. */
void deny_compile(struct deny *d, const char *list);
void deny_free(struct deny *d);

/* 0 when record rec[0, len) passes; 1 when it is denied, after writing
 * "LABEL:RECORD: denied: REASON, ..." and a newline (unless quiet). */
int deny_record(struct deny *d, enum uriscan_grammar g, const char *rec,
                size_t len, const char *label, uint64_t record, int quiet);

#endif
