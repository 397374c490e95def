/* SPDX-License-Identifier: MIT */
/*
 * uri_reset.h: clearing a struct uriscan_uri before (and after a failed)
 * parse, for parse.c and the extractor. Internal; inline stores only.
 */
#ifndef URISCAN_URI_RESET_H
#define URISCAN_URI_RESET_H

#include <stdint.h>

#include "uriscan.h"

/* part[] of every component cleared ({0, 0} for the absent ones, as the
 * header promises) in 16-byte stores: gcc makes a `rep stos` of a memset of
 * this size, which costs more than the rest of a short URL's setup. */
typedef uint32_t uriscan__parts_v __attribute__((vector_size(16), aligned(4),
                                                 may_alias));
_Static_assert(sizeof(struct uriscan_span) * URISCAN_COMPONENT_COUNT ==
                   11 * 16,
               "uriscan__clear_parts writes 11 vectors");
static inline void uriscan__clear_parts(struct uriscan_uri *u)
{
	uriscan__parts_v *v = (uriscan__parts_v *)(void *)u->part;
	const uriscan__parts_v z = {0, 0, 0, 0};

	v[0] = z, v[1] = z, v[2] = z, v[3] = z, v[4] = z, v[5] = z;
	v[6] = z, v[7] = z, v[8] = z, v[9] = z, v[10] = z;
}

/* *u before a parse of rule `rule` of grammar g: nothing present. */
static inline void uriscan__uri_reset(struct uriscan_uri *u,
                                      enum uriscan_grammar g, unsigned rule)
{
	u->present = 0;
	u->grammar = g;
	u->rule = rule;
	u->host_type = URISCAN_HOST_NONE;
	u->kind = URISCAN_KIND_NONE;
	u->form = URISCAN_FORM_NONE;
	u->error_offset = 0;
	uriscan__clear_parts(u);
}

#endif
