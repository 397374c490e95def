/* SPDX-License-Identifier: MIT */
/*
 * pct.h: reading one percent-escape, shared by percent.c and query.c.
 * Internal; header-only; no allocation, never reads outside [s, s + len).
 */
#ifndef URISCAN_PCT_H
#define URISCAN_PCT_H

#include <stddef.h>

/* The value of a hex digit, or -1. */
static inline int uriscan__hexdig(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (unsigned char)(c | 0x20);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * The unit at s[i] (i < len): returns how many bytes it takes (1, or 3 for
 * "%" HEXDIG HEXDIG) and sets *c to the byte it stands for ('+' is a space
 * when plus is set). A '%' that does not start a well-formed escape
 * returns 0 (*c = '%') and sets *bad to the offset of the first byte that
 * is not a hex digit, or len when the input ends first.
 */
static inline size_t uriscan__pct_unit(const unsigned char *s, size_t len,
                                       size_t i, int plus, unsigned char *c,
                                       size_t *bad)
{
	int hi, lo;

	if (s[i] != '%') {
		*c = (plus && s[i] == '+') ? ' ' : s[i];
		return 1;
	}
	*c = '%';
	if (i + 1 >= len) {
		*bad = len;
		return 0;
	}
	if ((hi = uriscan__hexdig(s[i + 1])) < 0) {
		*bad = i + 1;
		return 0;
	}
	if (i + 2 >= len) {
		*bad = len;
		return 0;
	}
	if ((lo = uriscan__hexdig(s[i + 2])) < 0) {
		*bad = i + 2;
		return 0;
	}
	*c = (unsigned char)(hi << 4 | lo);
	return 3;
}

#endif
