/* SPDX-License-Identifier: MIT */
/*
 * extract_trim.c: the URL extractor's trimming of trailing punctuation
 * (uriscan.h, rule 4; under RFC 3987 the delimiters beyond ASCII too,
 * extract_delim.c) and the components of a trimmed match taken from those
 * of the untrimmed one. No allocation, no SIMD, reads only [b + ms, b + me).
 */
#include <string.h>

#include "extract.h"

#define T8 2, 2, 2, 2, 2, 2, 2, 2
#define T64 T8, T8, T8, T8, T8, T8, T8, T8
const unsigned char uriscan__trim_set[256] = {
	['.'] = 3, [','] = 3, [';'] = 3, [':'] = 3, ['!'] = 3,
	['?'] = 3, [')'] = 3, [']'] = 3, ['\''] = 3,
	[0x80] = T64, T64,
};

/* How many times c occurs in b[ms, me). */
static size_t count_byte(const unsigned char *b, size_t ms, size_t me,
                         unsigned char c)
{
	size_t n = 0;
	const unsigned char *q = b + ms, *e = b + me;

	while ((q = memchr(q, c, (size_t)(e - q))) != NULL) {
		n++;
		q++;
	}
	return n;
}

/* A pair of brackets at the end of a match: its counts are taken when its
 * closing byte is first at the end (the bytes before it do not change while
 * trimming). With no opening byte, every closing one is unbalanced: its
 * count is then only a bound (me - ms) that stays above 0 while trimmed. */
struct pair {
	size_t open, close;
	int counted;
};

/* Is the closing byte `cl` at b[me - 1] unbalanced (then trimmed: counted
 * out)? */
static int unbalanced(struct pair *pr, const unsigned char *b, size_t ms,
                      size_t me, unsigned char op, unsigned char cl)
{
	if (!pr->counted) {
		pr->open = count_byte(b, ms, me, op);
		pr->close = pr->open ? count_byte(b, ms, me, cl) : me - ms;
		pr->counted = 1;
	}
	if (pr->close <= pr->open)
		return 0;
	pr->close--;
	return 1;
}

size_t uriscan__extract_trim(const unsigned char *b, size_t ms, size_t me,
                             size_t min_end, int iri)
{
	struct pair paren = {0, 0, 0}, bracket = {0, 0, 0};
	size_t q = 0; /* quotes in b[ms, me), once counted */
	int q_counted = 0;
	struct uriscan__delim_count dc;

	dc.counted = 0;
	while (me > min_end) {
		unsigned char c = b[me - 1];
		if (c >= 0x80) {
			/* (only an IRI holds bytes >= 0x80: RFC 3987) */
			size_t l = iri ? uriscan__utf8_delim_trim(b, ms, me, min_end,
			                                          &dc)
			               : 0;
			if (l == 0)
				break;
			me -= l;
			continue;
		}
		if (c == ')') {
			if (!unbalanced(&paren, b, ms, me, '(', ')'))
				break;
		} else if (c == ']') {
			if (!unbalanced(&bracket, b, ms, me, '[', ']'))
				break;
		} else if (c == '\'') {
			if (!q_counted) {
				q = count_byte(b, ms, me, '\'');
				q_counted = 1;
			}
			if (!(q & 1))
				break;
			q--;
		} else if (!(uriscan__trim_set[c] & 1)) {
			break;
		}
		me--;
	}
	return me;
}

/*
 * In RFC 3986 and 3987 a path, a query and a fragment are closed under
 * prefixes that end outside a pct-encoded triplet (and a trimmed byte is
 * never part of one, nor of a UTF-8 sequence: a delimiter beyond ASCII
 * goes whole): cutting the match at `cut`
 * shortens the components that end after it, drops a query whose '?' was
 * cut, and changes nothing else. So are RFC 2396's (section 3.3: segment =
 * *pchar *( ";" param ), param = *pchar; query and fragment = *uric;
 * opaque_part = uric_no_slash *uric, of which a match keeps at least one
 * byte): their rules files say `extract_cut=all`. In RFC 1738 an
 * httpurl's are (section 3.3: hpath = hsegment *[ "/" hsegment ], hsegment
 * and search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]; the '/' before
 * hpath is never trimmed), and its rules file says `extract_cut=httpurl`.
 * Not every form is: an otherurl's "//h." is an opaque schemepart (a host
 * cannot end in '.') whose prefix "//h" is an ip-schemepart with a host;
 * the other forms are parsed again (their prefixes were not checked one by
 * one, and in logs the trimmed matches are http's). Any other component
 * reaching past the cut (a host: "1.2.3.4." is a reg-name, "1.2.3.4" an
 * IPv4address; an empty port) needs a parse.
 */
int uriscan__extract_cut(const struct xcfg *k, struct uriscan_uri *u,
                         size_t cut)
{
	const uint32_t tail = 1u << URISCAN_PATH | 1u << URISCAN_QUERY |
	                      1u << URISCAN_FRAGMENT;
	uint32_t over = 0;

	if (k->xm->cut != URISCAN__CUT_ALL && k->xm->cut != u->form)
		return 0;
	for (uint32_t left = u->present; left != 0; left &= left - 1) {
		unsigned c = (unsigned)__builtin_ctz(left);
		if ((size_t)u->part[c].off + u->part[c].len > cut)
			over |= 1u << c;
	}
	if (over & ~tail)
		return 0;
	for (unsigned c = URISCAN_PATH; c <= URISCAN_FRAGMENT; c++) {
		if (!(over >> c & 1u))
			continue;
		if (u->part[c].off > cut) {
			if (c == URISCAN_PATH)
				return 0; /* (not reached: the path starts
				           * before any trimmable byte) */
			u->present &= ~(1u << c);
			u->part[c].off = u->part[c].len = 0;
		} else {
			u->part[c].len = (uint32_t)(cut - u->part[c].off);
		}
	}
	return 1;
}
