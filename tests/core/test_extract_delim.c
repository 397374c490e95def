/* SPDX-License-Identifier: MIT */
/*
 * test_extract_delim.c: the characters beyond ASCII that end a URL in text
 * (src/extraction/extract_delim.c: uriscan.h, "What is a match", rules 4
 * and 8) against the list the fuzz targets check, written out separately
 * as UTF-8 byte strings (tests/fuzz/text_delims.h): every code point from
 * U+0080 to U+FFFF, whole, cut short (undecided exactly when a delimiter
 * starts with the bytes there) and followed by a byte that is no
 * continuation; the other lead bytes, and the bytes of Windows text that
 * are delimiters alone (0x93 ...); and uriscan__extract_trim at the
 * end of an IRI (every delimiter alone, a closing bracket after its
 * opening one, never before min_end). Each buffer is allocated to its exact length. No
 * timing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/text_delims.h"
#include "extract.h"
#include "tap.h"

static size_t utf8(uint32_t cp, unsigned char *u)
{
	if (cp < 0x800) {
		u[0] = (unsigned char)(0xC0 | cp >> 6);
		u[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	u[0] = (unsigned char)(0xE0 | cp >> 12);
	u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
	u[2] = (unsigned char)(0x80 | (cp & 0x3F));
	return 3;
}

/* Does a delimiter of the list start with p[0, n)? */
static int starts_one(const unsigned char *p, size_t n)
{
	for (size_t k = 0; k < sizeof td_delims / sizeof td_delims[0]; k++)
		if (strlen(td_delims[k].utf8) > n &&
		    memcmp(td_delims[k].utf8, p, n) == 0)
			return 1;
	return 0;
}

/* uriscan__utf8_delim_at on a copy of p[0, n) in a block of exactly n. */
static int at(const unsigned char *p, size_t n)
{
	unsigned char *c = malloc(n);
	int r;

	memcpy(c, p, n);
	r = uriscan__utf8_delim_at(c, n);
	free(c);
	return r;
}

static int every_code_point(unsigned *found)
{
	int ok = 1;

	*found = 0;
	for (uint32_t cp = 0x80; cp <= 0xFFFF && ok; cp++) {
		unsigned char u[4];
		size_t l;
		const struct td_delim *d;
		if (cp >= 0xD800 && cp <= 0xDFFF)
			continue;
		l = utf8(cp, u);
		d = td_at((const char *)u, l);
		*found += d != NULL;
		if (at(u, l) != (d ? (int)l : 0)) {
			tap_diag("U+%04X: %d, the list says %s", (unsigned)cp, at(u, l),
			         d ? "a delimiter" : "none");
			ok = 0;
		}
		for (size_t n = 1; n < l && ok; n++) {
			int want = starts_one(u, n) ? -1 : 0;
			if (at(u, n) != want) {
				tap_diag("U+%04X cut to %zu bytes: %d, want %d",
				         (unsigned)cp, n, at(u, n), want);
				ok = 0;
			}
		}
		/* a byte that is no continuation in place of the last */
		for (unsigned char b = 0; b < 0x80 && ok; b += 0x21) {
			unsigned char v[4];
			memcpy(v, u, l);
			v[l - 1] = b;
			if (at(v, l) != 0) {
				tap_diag("U+%04X with 0x%02x last: a delimiter",
				         (unsigned)cp, b);
				ok = 0;
			}
		}
	}
	return ok;
}

/* The other bytes >= 0x80 begin none, but the bytes of Windows text of
 * td_bytes, each a delimiter of one byte whatever follows it. */
static int other_leads(void)
{
	for (unsigned c = 0x80; c <= 0xFF; c++) {
		unsigned char s[4] = {(unsigned char)c, 0x80, 0x80, 0x80};
		int want = td_byte((unsigned char)c);
		if (c == 0xC2 || c == 0xE2 || c == 0xE3 || c == 0xEF)
			continue;
		if (at(s, 4) != want || at(s, 1) != want) {
			tap_diag("lead 0x%02x: %d, want %d", c, at(s, 4), want);
			return 0;
		}
	}
	return 1;
}

/* Each byte of td_bytes stands for a delimiter of the list. */
static int bytes_in_list(void)
{
	for (size_t k = 0; k < sizeof td_bytes / sizeof td_bytes[0]; k++) {
		const char *u = td_bytes[k].utf8;
		if (td_at(u, strlen(u)) == NULL || td_bytes[k].b < 0x80 ||
		    td_bytes[k].b >= 0xC0) {
			tap_diag("0x%02x: not a delimiter of the list", td_bytes[k].b);
			return 0;
		}
	}
	return 1;
}

/* How many bytes uriscan__extract_trim takes off the IRI "http://a/" +
 * tail (not before min_end). */
static size_t trim(const char *tail, size_t min_end)
{
	size_t n = 9 + strlen(tail), r;
	unsigned char *b = malloc(n);

	memcpy(b, "http://a/", 9);
	memcpy(b + 9, tail, n - 9);
	r = n - uriscan__extract_trim(b, 0, n, min_end);
	free(b);
	return r;
}

static int trims(void)
{
	int ok = 1;

	for (size_t k = 0; k < sizeof td_delims / sizeof td_delims[0]; k++) {
		const struct td_delim *d = &td_delims[k];
		size_t l = strlen(d->utf8);
		char t[32];
		/* alone: trimmed (a closing bracket without its opening one) */
		if (trim(d->utf8, 7) != l) {
			tap_diag("%s alone: %zu", d->utf8, trim(d->utf8, 7));
			ok = 0;
		}
		/* not into "http://a/" */
		if (trim(d->utf8, 10) != 0)
			ok = 0;
		/* after its opening one: kept; two after none: both trimmed */
		if (d->open) {
			snprintf(t, sizeof t, "%sx%s", d->open, d->utf8);
			if (trim(t, 7) != 0) {
				tap_diag("%s balanced: trimmed", d->utf8);
				ok = 0;
			}
			snprintf(t, sizeof t, "x%s%s", d->utf8, d->utf8);
			if (trim(t, 7) != 2 * l)
				ok = 0;
			/* two after one: the last trimmed */
			snprintf(t, sizeof t, "%sx%s%s", d->open, d->utf8, d->utf8);
			if (trim(t, 7) != l)
				ok = 0;
		}
	}
	/* a letter, a symbol, an ASCII byte, bytes that are no UTF-8: none */
	if (trim("\xc3\xa9", 7) || trim("\xe2\x82\xac", 7) || trim("x", 7) ||
	    trim("\x80\x9d", 7))
		ok = 0;
	return ok;
}

int main(void)
{
	unsigned found = 0;

	int ok = every_code_point(&found);

	tap_ok(ok && found == sizeof td_delims / sizeof td_delims[0],
	       "U+0080..U+FFFF: %u delimiters, the list's; cut short, undecided "
	       "exactly where one starts so; no continuation, none",
	       found);
	tap_ok(other_leads() && bytes_in_list(),
	       "the other bytes >= 0x80 begin none, but %zu of Windows text "
	       "(0x93 0x94 ...), each one of the list's",
	       sizeof td_bytes / sizeof td_bytes[0]);
	tap_ok(trims(), "trimmed at the end of a match: each alone, a closing "
	                "bracket only when unbalanced, never before min_end");
	return tap_done();
}
