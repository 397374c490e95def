/* SPDX-License-Identifier: MIT */
/*
 * failalloc.h: a failing allocator for the test builds (issue 39). A
 * program linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=free (failalloc_link_args in tests/meson.build) and failalloc.c
 * has every malloc, calloc and realloc of its own objects and of the
 * static library counted, and the one numbered failalloc_at (from 1) fail
 * with NULL and ENOMEM; the C library's own allocations (stdio) are not
 * seen. Under ASan the real functions are ASan's: a leak or a use after
 * free on the failure path is reported there.
 *
 * Programs that cannot call failalloc_set (the CLI) read the environment
 * at their first allocation: URISCAN_FAILALLOC=N fails the N-th;
 * URISCAN_FAILALLOC_COUNT=1 prints "failalloc: C allocations" on standard
 * error at exit.
 */
#ifndef URISCAN_TESTS_FAILALLOC_H
#define URISCAN_TESTS_FAILALLOC_H

#include <stddef.h>

/* Fail the n-th allocation from now (0: none); the count starts again. */
void failalloc_set(unsigned long n);
/* Allocations made since the last failalloc_set. */
unsigned long failalloc_count(void);
/* Blocks allocated and not freed since the last failalloc_set. */
long failalloc_live(void);
/* Bytes asked for by the allocations since the last failalloc_set (a
 * realloc counts its new size). */
unsigned long failalloc_bytes(void);

#endif
