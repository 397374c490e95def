/* SPDX-License-Identifier: MIT */
/*
 * confusion_fast.c: the fast path of the URL-confusion flags (confusion.h,
 * issue 37): a plain URL, "http://example.com/a?b#c" with none of the
 * bytes or shapes that raise a flag or make the browser read it another
 * way, has no flag; decided from its bytes in one pass. Anything else, on
 * any doubt, goes to the full reading (confusion.c), which the fuzz target
 * fuzz_confusion and test_confusion compare this with on every input.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "confusion.h"
#include "host_addr.h"
#include "uriscan.h"

/* No DNS name is longer; a longer host goes to the full reading. */
#define HOST_MAX 253

/* The bytes after the authority that send a URL to the full reading: '@',
 * '\\', '%', C0 controls and space, DEL, and every byte from 0x80. */
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t load8(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* Exact for "is there one" (a byte below n, n <= 0x80; one equal to c). */
static uint64_t below(uint64_t v, unsigned n)
{
	return (v - ONES * n) & ~v & HIGHS;
}

static uint64_t equal(uint64_t v, unsigned c)
{
	return below(v ^ (ONES * c), 1);
}

static int slow_byte(unsigned char c)
{
	return c <= 0x20 || c >= 0x7f || c == '@' || c == '\\' || c == '%';
}

static int tail_plain(const unsigned char *s, size_t i, size_t len)
{
	for (; i + 8 <= len; i += 8) {
		uint64_t v = load8(s + i);
		if ((below(v, 0x21) | (v & HIGHS) | equal(v, 0x7f) | equal(v, '@') |
		     equal(v, '\\') | equal(v, '%')) != 0)
			return 0;
	}
	for (; i < len; i++)
		if (slow_byte(s[i]))
			return 0;
	return 1;
}

/* The special schemes but file (its host rules differ), any case, and
 * "://": where the authority starts, or 0. */
static size_t authority_start(const unsigned char *s, size_t len)
{
	static const char *const sch[] = {"http", "https", "ws", "wss", "ftp"};
	unsigned k;

	for (k = 0; k < sizeof sch / sizeof sch[0]; k++) {
		size_t n = strlen(sch[k]), i;
		if (len < n + 3)
			continue;
		for (i = 0; i < n && (s[i] | 0x20) == sch[k][i]; i++)
			;
		if (i == n && s[n] == ':' && s[n + 1] == '/' && s[n + 2] == '/')
			return n + 3;
	}
	return 0;
}

/* A label s[b, e) starting "xn--" (any case). */
static int xn_label(const unsigned char *s, size_t b, size_t e)
{
	return e - b >= 4 && (s[b] | 0x20) == 'x' && (s[b + 1] | 0x20) == 'n' &&
	       s[b + 2] == '-' && s[b + 3] == '-';
}

int uriscan__cf_plain(const unsigned char *s, size_t len, size_t *hb,
                      size_t *he)
{
	size_t i, lb, port = 0;
	unsigned notes;

	i = authority_start(s, len);
	if (i == 0)
		return 0;
	/* the host: labels of letters, digits and '-', none empty, none
	 * "xn--", no trailing dot; the last not a number (an IPv4 address
	 * or a failure for the browser) */
	*hb = lb = i;
	for (; i < len; i++) {
		unsigned char c = s[i];
		if (c == '.') {
			if (i == lb || xn_label(s, lb, i))
				return 0;
			lb = i + 1;
		} else if (!(uriscan__host_byte[c] & HB_NAME)) {
			break;
		}
	}
	*he = i;
	if (i == lb || xn_label(s, lb, i) || i - *hb > HOST_MAX ||
	    uriscan__last_label_numeric(s + lb, i - lb, &notes))
		return 0;
	/* the port: empty, or digits without a leading zero up to 65535 */
	if (i < len && s[i] == ':') {
		size_t pb = ++i;
		for (; i < len && s[i] >= '0' && s[i] <= '9' && i - pb < 5; i++)
			port = port * 10 + (size_t)(s[i] - '0');
		if ((i > pb && s[pb] == '0') || port > 65535)
			return 0;
	}
	/* the authority ends here (a fifth digit, '[', '@', ...: the full
	 * reading); the rest has no byte that counts, no dot segment */
	if (i < len && s[i] != '/' && s[i] != '?' && s[i] != '#')
		return 0;
	return tail_plain(s, i, len) && uriscan__cf_dots(s, i, len, 1) == 0;
}

int uriscan__cf_fast(const unsigned char *s, size_t len,
                     const struct uriscan_uri *u)
{
	size_t hb, he;

	if (!uriscan__cf_plain(s, len, &hb, &he))
		return 0;
	/* browser_host_differs: the grammar's host must be the same span
	 * (the browser's host is its lower case); none without a parse */
	return u == NULL ||
	       (URISCAN_HAS(u, URISCAN_HOST) && u->part[URISCAN_HOST].off == hb &&
	        u->part[URISCAN_HOST].len == he - hb);
}
