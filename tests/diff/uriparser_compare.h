/* SPDX-License-Identifier: MIT */
/*
 * uriparser_compare.h: the comparison of one input of test_uriparser (one
 * test program with test_uriparser.c and uriparser_gen.c): uriscan's RFC
 * 3986 parser against uriparser, counted in the statistics of an input set.
 */
#ifndef URISCAN_TESTS_URIPARSER_COMPARE_H
#define URISCAN_TESTS_URIPARSER_COMPARE_H

#include <stddef.h>

#include "uriscan.h"

/* Statistics of one input set. */
struct stats {
	unsigned long inputs;
	unsigned long valid_both;
	unsigned long invalid_both;
	unsigned long diffs;
	unsigned long shown;
	/* valid in both, by host type */
	unsigned long host_type[URISCAN_HOST_REGNAME + 1];
};

/* Run one input (copied into an exact-size heap block) and record it in
 * st; the first differences of a set are written as TAP diagnostics. */
void run_input(struct stats *st, const char *s, size_t len);

/* Free the buffers the comparison keeps from one input to the next. */
void compare_free(void);

#endif
