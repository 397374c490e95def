/*
 * host_addr.h: shared by host_addr.c (reading a host) and host_class.c
 * (classes, names, canonical text). Internal; hidden.
 */
#ifndef URISCAN_HOST_ADDR_H
#define URISCAN_HOST_ADDR_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* Fill *err (when not NULL) for a call on one input. */
static inline void uriscan__host_err(struct uriscan_error *err, int status,
                                     size_t off)
{
	if (err == NULL)
		return;
	err->status = status;
	err->offset = off;
	err->input = (status == URISCAN_OK || status == URISCAN_E_INVALID_ARG)
	                 ? URISCAN_INPUT_NONE
	                 : URISCAN_INPUT_FIRST;
	err->component = URISCAN_COMPONENT_NONE;
}

/* Set a->embed, a->v4 and a->ip_class from a->family and a->addr. */
void uriscan__ip_classify(struct uriscan_host_addr *a);

/* The WHATWG serialisation of an IPv6 address (RFC 5952 compression, no
 * dotted part, no brackets) into t (URISCAN_IP_TEXT_MAX bytes); its
 * length. */
size_t uriscan__v6_hex_text(const uint8_t *addr, char *t);

#endif
