/* SPDX-License-Identifier: MIT */
/*
 * t0_compare.h: the library's default rule against a -T0 build of the same
 * grammar (t0_compare.c), for the tests of the machines' shortcuts that the
 * -T0 build does not have (test_http_entry.c, test_uri_fast.c).
 */
#ifndef URISCAN_TESTS_T0_COMPARE_H
#define URISCAN_TESTS_T0_COMPARE_H

#include <stddef.h>

#include "internal.h"

/* Are two results the same, field by field (status aside)? */
int t0_same_uri(const struct uriscan_uri *a, const struct uriscan_uri *b);

/* uriscan_validate, uriscan_parse and their _rule forms on grammar g's
 * default rule against the -T0 build t0 on s[0, len): 1 when every result
 * is the same (status, error offset, whole parse). */
int t0_compare(enum uriscan_grammar g, const struct uriscan__gen *t0,
               const char *s, size_t len);

#endif
