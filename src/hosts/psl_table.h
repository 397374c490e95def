/* SPDX-License-Identifier: MIT */
/*
 * psl_table.h: the Public Suffix List compiled at build time
 * (scripts/gen_psl.py makes psl_rules.c and psl_rules.h) and its lookup
 * (psl_site.c).
 * Read-only data: no allocation, no state, safe from any thread.
 */
#ifndef URISCAN_PSL_TABLE_H
#define URISCAN_PSL_TABLE_H

#include <stddef.h>
#include <stdint.h>

enum {
	PSL_RULE = 1,      /* a rule, or the base "ck" of "*.ck" */
	PSL_WILDCARD = 2,  /* "*.X": every label under X is a suffix */
	PSL_EXCEPTION = 4, /* "!X": X is not a suffix */
	PSL_NODE = 8,      /* a proper suffix of some rule */
	PSL_ICANN = 16,
	PSL_PRIVATE = 32
};

/* A node of the trie (gen_psl.py): a suffix of some rule, keyed on its
 * first label and its parent (the index of the suffix after that label;
 * PSL_ROOT for a last label). */
struct psl_node {
	uint64_t w0;     /* the label's first 8 bytes, zero-padded, as
	                    psl_site.c's le64 reads them */
	uint32_t rest;   /* longer than 8: the rest in uriscan__psl_rest[rest],
	                    zero-padded words */
	uint16_t parent;
	uint8_t len;
	uint8_t flags;
};

#define PSL_ROOT 0xFFFFu

#include "psl_rules.h" /* generated: PSL_BITS */

/* the table, in the library only (no lookup through the GOT) */
#pragma GCC visibility push(hidden)
extern const char uriscan__psl_version[];
extern const char uriscan__psl_date[];
extern const unsigned uriscan__psl_nrules;
/* open addressing, linear probing from the top bits of psl_hash: a
 * slot is 0 (empty) or psl_tag of its node's hash << 16 | the node's
 * index in uriscan__psl_nodes; a node is read only for the tag looked
 * for */
extern const uint32_t uriscan__psl_slots[];
extern const struct psl_node uriscan__psl_nodes[];
extern const uint64_t uriscan__psl_rest[];
#pragma GCC visibility pop

/* The hash of a label n bytes long whose first eight bytes (zero-padded)
 * read as w0, under the node parent (gen_psl.py's psl_hash). */
static inline uint64_t psl_hash(unsigned parent, size_t n, uint64_t w0)
{
	const uint64_t k = 0x9E3779B97F4A7C15u;
	return ((((uint64_t)parent << 8 | n) * k) ^ w0) * k;
}

static inline unsigned psl_tag(uint64_t h)
{
	return ((unsigned)(h >> 16) & 0xFFFFu) | 1u;
}

/* room for the lower-case copy of a name up to 255 bytes and the sixteen
 * bytes the walk may read past it */
#define PSL_Z_CAP 272

struct uriscan_error;

/* uriscan_site(host, len, 0, out, out_cap, out_len, err) from the List
 * compiled in (psl_site.c), after its argument checks: 0 < len < 256,
 * *out_len 0 and err's status OK already. */
#pragma GCC visibility push(hidden)
int uriscan__psl_site_of(const char *host, size_t len, char *out,
                         size_t out_cap, size_t *out_len,
                         struct uriscan_error *err);
/* uriscan__psl_site_of of a plain name, what the flags' quick window
 * reads as one (0 < len < 256; labels of letters, digits and '-', none
 * empty, no trailing dot, the last not starting with a digit: no byte to
 * refuse, no address), whose checks it does not make; the name's lower
 * case left in z (PSL_Z_CAP bytes, written past len too), z[0, len) the
 * browser's host. For host_fields.c: no second lower-casing, no checks
 * made twice. */
int uriscan__psl_site_lower(const char *host, size_t len, char *z, char *out,
                            size_t out_cap, size_t *out_len,
                            struct uriscan_error *err);
#pragma GCC visibility pop

#endif
