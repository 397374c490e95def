/* SPDX-License-Identifier: MIT */
/*
 * test_api.h: what the three files of the test program test_api share.
 * test_api.c has main, the test points' count and the tests of versions,
 * statuses, lookups and names; test_api_args.c the tests of unavailable
 * grammars, argument checking and inputs at the edges; test_api_shape.c
 * those of the one shape of 0.2.0 (component accessor, options sizes, the
 * error struct, the SIMD level).
 */
#ifndef URISCAN_TESTS_TEST_API_H
#define URISCAN_TESTS_TEST_API_H

#define G URISCAN_RFC3986

int streq(const char *a, const char *b);

/* test_api_args.c, called from main in this order among the others */
void test_availability(void);
void test_old_grammars(void);
void test_arguments(void);
void test_nul_bytes(void);
void test_too_long(void);
/* test_api_shape.c */
void test_shape(void);

#endif
