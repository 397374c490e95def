/* SPDX-License-Identifier: MIT */
/*
 * psl_table.h: the Public Suffix List compiled at build time
 * (scripts/gen_psl.py makes psl_rules.c) and its lookup (psl_site.c).
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

struct psl_entry {
	uint32_t hash; /* FNV-1a of the bytes, last to first */
	uint32_t off : 24, len : 8;
	uint8_t flags;
};

extern const char uriscan__psl_version[];
extern const char uriscan__psl_date[];
extern const unsigned uriscan__psl_nrules;
extern const uint16_t uriscan__psl_slots[];
extern const struct psl_entry uriscan__psl_entries[];
/* the keys, in rows of 4096 bytes (none across two): key off is at
 * uriscan__psl_pool[off >> 12] + (off & 4095) */
extern const char uriscan__psl_pool[][4096];
extern const size_t uriscan__psl_mask;
/* ASCII lower case of every byte; 0 for the bytes uriscan_site refuses
 * (controls, space, DEL, non-ASCII, '%') and for ':' */
extern const unsigned char uriscan__psl_lower[256];

#define PSL_FNV_BASIS 0x811C9DC5u
#define PSL_FNV_PRIME 0x01000193u

/* The site of the name s[0, len), any case, by libpsl's rules
 * (psl_registrable_domain): its offset in s, or -1 for none, also when s
 * holds a byte uriscan_site refuses (controls, space, DEL, non-ASCII,
 * '%'). z: room for len bytes: z[*zfrom, len) gets the lower-case name
 * from *zfrom on (the part it hashed). *maybe_addr: 1
 * when s may be an address for uriscan_host_address (it starts with '[',
 * holds a ':', or its last label starts with a digit), to be asked. */
long uriscan__psl_site(const char *s, size_t len, char *z, size_t *zfrom,
                       int *maybe_addr);

#endif
