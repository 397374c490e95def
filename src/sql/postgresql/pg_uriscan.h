/* SPDX-License-Identifier: MIT */
/*
 * pg_uriscan.h: the PostgreSQL extension's shared declarations: how a
 * value of the types uri and iri is stored (pg_type.c), and the helpers
 * the other files use to read it.
 *
 * A stored value (a varlena, 4-byte aligned) holds the URI as it was
 * written, the spans of its components (so that reading one does not parse
 * again) and its normal form (what =, <, hashing, GROUP BY and indexes
 * compare; left out when it is the text itself, the common case):
 *
 *   varlena header    4 bytes when built; 1 byte on disk for a short value
 *   struct pgus_meta  version, grammar, flags, present components, length
 *   spans             8 x {offset, length}: uint16 each, or uint32 (WIDE)
 *   text              the bytes as written (no NUL)
 *   normal form       unless NORM_SAME
 * A value is read where it lies (a short value is not copied to give it a
 * 4-byte header: comparisons in sorts and index builds would allocate
 * each time), so the parts after the header are read with memcpy.
 */
#ifndef URISCAN_PG_URISCAN_H
#define URISCAN_PG_URISCAN_H

#include "postgres.h"

#include "fmgr.h"

#include "uriscan.h"

#define PGUS_VERSION 1
#define PGUS_WIDE 1u      /* spans are uint32 (text over 65535 bytes) */
#define PGUS_NORM_SAME 2u /* the normal form is the text */
#define PGUS_NCOMP (URISCAN_FRAGMENT + 1)

typedef struct pgus_meta {
	uint8 version;
	uint8 grammar;   /* URISCAN_RFC3986 (uri) or URISCAN_RFC3987 (iri) */
	uint8 flags;     /* PGUS_* */
	uint8 host_type; /* enum uriscan_host_type */
	uint32 present;  /* bit c: component c < PGUS_NCOMP is present */
	uint32 text_len;
} pgus_meta;

/* A stored value read: pointers into it (valid as long as the value). */
typedef struct pgus_view {
	pgus_meta m;
	const char *spans;
	Pointer datum;   /* the argument as given */
	Pointer value;   /* as read: datum, or a detoasted copy */
	enum uriscan_grammar g;
	const char *text;
	size_t text_len;
	const char *norm;
	size_t norm_len;
} pgus_view;

/* The value of argument n, detoasted (a short value read in place), as a
 * view; pgus_free frees what pgus_arg copied (for the comparison and hash
 * support functions, called many times in one memory context). */
void pgus_arg(FunctionCallInfo fcinfo, int n, pgus_view *v);
void pgus_free(pgus_view *v);

/* Component c of v: 1 and the bytes (*p, *len), or 0 when absent. */
int pgus_component(const pgus_view *v, unsigned c, const char **p,
                   size_t *len);

/* A new value of grammar g from s[0, len); an invalid s raises
 * "invalid input syntax for type uri" (iri) with the status and byte
 * offset in the DETAIL. */
Datum pgus_make(enum uriscan_grammar g, const char *s, size_t len);

/* The grammar named by a text argument (an ERROR when unknown). */
enum uriscan_grammar pgus_grammar_arg(FunctionCallInfo fcinfo, int n);

/* The name of the SQL type of grammar g ("uri", "iri"). */
const char *pgus_type_name(enum uriscan_grammar g);

/* A text Datum of s[0, len): an ERROR (22021) when the bytes are not valid
 * in the database encoding or hold a NUL (what: what they are, for the
 * message; hint: the way out). */
Datum pgus_text_checked(const char *s, size_t len, const char *what,
                        const char *hint);

/* Percent-decode s[0, len) (plus: '+' as a space) into a new palloc'd
 * buffer: its length in *out_len; malformed escapes stand for themselves. */
char *pgus_decode(const char *s, size_t len, int plus, size_t *out_len);

#endif
