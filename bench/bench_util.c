/* SPDX-License-Identifier: MIT */
/*
 * bench_util.c: the harness's fatal errors and checked allocation (exit
 * status 2). No timing, no output other than the error on stderr.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}
