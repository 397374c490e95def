/* SPDX-License-Identifier: MIT */
/*
 * report.c: messages on standard error for every command (report.h).
 * Never writes to stdout except to flush it first.
 */
#include "report.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"

#include "output.h"

static const char *usage_command; /* NULL: the general help */

__attribute__((format(printf, 1, 0))) static void verror(const char *fmt,
                                                      va_list ap)
{
	int saved = errno;

	out_flush(); /* keep stdout and stderr in order on a terminal */
	fputs("uriscan: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	errno = saved;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
}

void cli_set_command(const char *name)
{
	usage_command = name;
}

void cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	if (usage_command != NULL)
		fprintf(stderr, "Try 'uriscan %s --help' for more information.\n",
		        usage_command);
	else
		fputs("Try 'uriscan --help' for more information.\n", stderr);
	exit(EXIT_TROUBLE);
}

void cli_byte_name(unsigned char c, char out[16])
{
	if (c > 0x20 && c < 0x7f)
		snprintf(out, 16, " (0x%02x '%c')", c, c);
	else if (c == 0x20)
		snprintf(out, 16, " (0x20 ' ')");
	else
		snprintf(out, 16, " (0x%02x)", c);
}

void cli_record_error(const char *label, uint64_t record, const char *rec,
                      size_t len, size_t off, int status)
{
	char byte[16] = "";

	if (status == URISCAN_E_BAD_CHAR && off < len)
		cli_byte_name((unsigned char)rec[off], byte);
	out_flush(); /* stdout and stderr in order on a terminal */
	fprintf(stderr, "%s:%llu:%llu: %s: %s%s\n", label,
	        (unsigned long long)record, (unsigned long long)off + 1,
	        uriscan_status_name(status), uriscan_strerror(status), byte);
}

unsigned long cli_number(const char *spelled, const char *arg,
                         unsigned long min, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || errno != 0 || *end != '\0' ||
	    v < min || v > max) {
		/* the option without its "=ARG" */
		const int name = (int)strcspn(spelled, "=");
		if (max == ULONG_MAX && min == 0)
			cli_usage_error("bad number for %.*s: '%s' (a whole number)",
			                name, spelled, arg);
		if (max == ULONG_MAX)
			cli_usage_error("bad number for %.*s: '%s' (a whole number, "
			                "at least %lu)", name, spelled, arg, min);
		cli_usage_error("bad number for %.*s: '%s' (a whole number from "
		                "%lu to %lu)", name, spelled, arg, min, max);
	}
	return v;
}

static void *checked(void *p)
{
	if (p == NULL) {
		cli_error("out of memory");
		exit(EXIT_TROUBLE);
	}
	return p;
}

void *cli_malloc(size_t n)
{
	return checked(malloc(n ? n : 1));
}

void *cli_calloc(size_t n, size_t size)
{
	return checked(calloc(n ? n : 1, size ? size : 1));
}

void *cli_realloc(void *p, size_t n)
{
	return checked(realloc(p, n ? n : 1));
}
