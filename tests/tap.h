/* SPDX-License-Identifier: MIT */
/*
 * tap.h: a minimal TAP producer for uriscan's test programs (meson runs them
 * with protocol: 'tap'). Header-only. The count of test points is per
 * translation unit: one file of a program reports the points (tap_ok,
 * tap_skip, tap_done); its other files may write diagnostics (tap_diag).
 * A program whose points are reported from several files defines
 * TAP_SHARED before including this in each of them, and TAP_COUNTS as well
 * in exactly one (where the count lives).
 */
#ifndef URISCAN_TAP_H
#define URISCAN_TAP_H

#include <stdarg.h>
#include <stdio.h>

#ifdef TAP_SHARED
extern unsigned tap_n_, tap_failed_;
#ifdef TAP_COUNTS
unsigned tap_n_, tap_failed_;
#endif
#else
static unsigned tap_n_, tap_failed_;
#endif

/* Report one test point; returns cond. */
__attribute__((format(printf, 2, 3))) static inline int
tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_n_++;
	if (!cond)
		tap_failed_++;
	printf("%s %u - ", cond ? "ok" : "not ok", tap_n_);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return cond;
}

/* A comment line (diagnostics). */
__attribute__((format(printf, 1, 2))) static inline void
tap_diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A skipped test point. */
static inline void tap_skip(const char *why)
{
	printf("ok %u # SKIP %s\n", ++tap_n_, why);
}

/* Print the plan and return the exit status. */
static inline int tap_done(void)
{
	printf("1..%u\n", tap_n_);
	return tap_failed_ ? 1 : 0;
}

#endif
