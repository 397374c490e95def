/* SPDX-License-Identifier: MIT */
/*
 * normgen.h: the normal form of a URI reference as a generator that writes
 * it piece by piece into windows the caller gives (fixed-size state, no
 * allocation), shared by uriscan_normalize (normalize.c) and
 * uriscan_equivalent (compare.c). Internal.
 */
#ifndef URISCAN_NORMGEN_H
#define URISCAN_NORMGEN_H

#include <stddef.h>

#include "dot_segments.h"
#include "uriscan.h"

struct uriscan__norm {
	const unsigned char *s;
	size_t len;
	enum uriscan_grammar g;
	unsigned flags;
	struct uriscan_uri u;
	size_t i;                /* next input byte */
	size_t scheme_e;         /* [0, scheme_e): the scheme */
	size_t host_b, host_e;   /* lower case here */
	size_t nodec_b, nodec_e; /* no percent-decoding here */
	size_t drop_b, drop_e;   /* left out (a port and its ':') */
	size_t q_b, q_e;         /* the query (iprivate may be decoded) */
	size_t path_b, path_e;   /* the path; path_b (size_t)-1: none */
	int decode;              /* the grammar decodes unreserved escapes */
	int dots;                /* remove the dot segments of the path */
	int path_slash;          /* write "/" where the (empty) path starts */
	int path_state;          /* 0 before the path, 1 in it, 2 after */
	size_t seg_i, seg_e;     /* the rest of the current segment */
	unsigned char pend[16];  /* bytes produced, not yet written */
	unsigned pn, pi;
	struct uriscan__dots d;  /* last: its block bits are large */
};

/*
 * Check the arguments and parse s[0, len) with grammar g's top rule.
 * Returns URISCAN_OK (the generator is ready), or the status (with
 * *error_offset the offset of a syntax status, else 0).
 */
int uriscan__norm_init(struct uriscan__norm *n, enum uriscan_grammar g,
                       const char *s, size_t len, unsigned flags,
                       size_t *error_offset);

/*
 * Write the next bytes of the normal form to dst[0, cap) (cap > 0): as many
 * as there are, up to cap. Returns how many; 0 only at the end.
 */
size_t uriscan__norm_fill(struct uriscan__norm *n, unsigned char *dst,
                          size_t cap);

#endif
