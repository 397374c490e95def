/* SPDX-License-Identifier: MIT */
/*
 * vec.h: the escapes of the vector files under tests/vectors/, shared by the
 * test programs that read them. Header-only; include it once per program.
 *
 * Escapes: \\ \t \n \r \0 and \xHH (either case). In strict mode a raw
 * byte outside 0x21..0x7e is an error too (it must be escaped), as the
 * grammar vector files require.
 */
#ifndef URISCAN_TESTS_VEC_H
#define URISCAN_TESTS_VEC_H

#include <stddef.h>
#include <string.h>

#include "uriscan.h"

static int vec_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decode the NUL-terminated s into out (which may be s: the output is never
 * longer); returns the length, or -1 on a bad escape (or, when strict, a
 * raw byte that must be escaped). */
static long vec_unescape(const char *s, unsigned char *out, int strict)
{
	size_t n = 0;
	while (*s) {
		unsigned char c = (unsigned char)*s;
		if (c != '\\') {
			if (strict && (c < 0x21 || c > 0x7e))
				return -1;
			out[n++] = c;
			s++;
			continue;
		}
		switch (s[1]) {
		case '\\': out[n++] = '\\'; break;
		case 't': out[n++] = '\t'; break;
		case 'n': out[n++] = '\n'; break;
		case 'r': out[n++] = '\r'; break;
		case '0': out[n++] = '\0'; break;
		case 'x': {
			int hi = vec_hexval((unsigned char)s[2]);
			int lo = hi < 0 ? -1 : vec_hexval((unsigned char)s[3]);
			if (lo < 0)
				return -1;
			out[n++] = (unsigned char)(hi * 16 + lo);
			s += 2;
			break;
		}
		default:
			return -1;
		}
		s += 2;
	}
	return (long)n;
}

/* Split a line at tabs (in place) into at most max fields; returns the
 * count. */
__attribute__((unused)) static int vec_split_tabs(char *line, char **f,
                                                  int max)
{
	int n = 0;
	f[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = '\0';
			f[n++] = p + 1;
		}
	return n;
}

/* The status named name ("bad_percent"), or -1. */
__attribute__((unused)) static int vec_status_from_name(const char *name)
{
	for (int st = 0; st < URISCAN_STATUS_LAST; st++)
		if (strcmp(uriscan_status_name(st), name) == 0)
			return st;
	return -1;
}

#endif
