/* SPDX-License-Identifier: MIT */
/*
 * host_addr.h: shared by host_addr.c (reading a host) and host_class.c
 * (classes, names, canonical text). Internal; hidden.
 */
#ifndef URISCAN_HOST_ADDR_H
#define URISCAN_HOST_ADDR_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* Fill *err (when not NULL) for a call on one input, as struct
 * uriscan_error says: the offset for the syntax statuses and E_IDNA, else
 * 0; the input (FIRST) for those and E_TOO_LONG, else NONE. */
static inline void uriscan__host_err(struct uriscan_error *err, int status,
                                     size_t off)
{
	int syntax = status == URISCAN_E_SYNTAX ||
	             status == URISCAN_E_INCOMPLETE ||
	             status == URISCAN_E_BAD_PERCENT ||
	             status == URISCAN_E_BAD_CHAR ||
	             status == URISCAN_E_BAD_UTF8 || status == URISCAN_E_IDNA;

	if (err == NULL)
		return;
	err->status = status;
	err->offset = syntax ? off : 0;
	err->input = (syntax || status == URISCAN_E_TOO_LONG)
	                 ? URISCAN_INPUT_FIRST
	                 : URISCAN_INPUT_NONE;
	err->component = URISCAN_COMPONENT_NONE;
}

/* Set a->embed, a->v4 and a->ip_class from a->family and a->addr. */
void uriscan__ip_classify(struct uriscan_host_addr *a);

/* The WHATWG serialisation of an IPv6 address (RFC 5952 compression, no
 * dotted part, no brackets) into t (URISCAN_IP_TEXT_MAX bytes); its
 * length. */
size_t uriscan__v6_hex_text(const uint8_t *addr, char *t);

#endif
