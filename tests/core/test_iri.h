/* SPDX-License-Identifier: MIT */
/*
 * test_iri.h: what the three files of the test program test_iri share.
 * test_iri.c has main, the test points' count and the argument checks of
 * the two mappings; iri_map_check.c the mapping vectors (--map) and the
 * round trips (--roundtrip); iri_ascii_check.c the ASCII differential with
 * RFC 3986 (--ascii-tsv, --ascii-lines).
 */
#ifndef URISCAN_TESTS_TEST_IRI_H
#define URISCAN_TESTS_TEST_IRI_H

#include "vec.h"

/* The escapes of the vector files (tests/vec.h), in place. */
static inline long unescape(char *s)
{
	return vec_unescape(s, (unsigned char *)s, 0);
}

/* iri_map_check.c */
void run_map_file(const char *path);
void run_roundtrip_file(const char *path);

/* iri_ascii_check.c */
void run_ascii_file(const char *path, int tsv);

#endif
