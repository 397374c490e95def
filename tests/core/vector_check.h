/* SPDX-License-Identifier: MIT */
/*
 * vector_check.h: whether one run of a vector's case meets the vector
 * (vector_check.c), for the runner test_vectors.c.
 */
#ifndef URISCAN_TESTS_VECTOR_CHECK_H
#define URISCAN_TESTS_VECTOR_CHECK_H

#include <stddef.h>

#include "uriscan.h"
#include "vector_file.h"

/* What one run of a case gave: the status and record of the parse, the
 * status and error offset of the validation. */
struct result {
	int pstatus; /* parse */
	struct uriscan_uri u;
	int vstatus; /* validate */
	size_t veo;
};

/* 1 if r meets the expectation of v, else 0 with a diagnostic. */
int check_result(const struct vcase *v, const struct result *r,
                 const char *who);

/* 1 if two runs gave identical results (status, offsets, components). */
int same_result(const struct result *a, const struct result *b);

#endif
