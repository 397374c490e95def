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

/* How many times t[0, l) occurs in b[ms, me). Inlined, as unbalanced():
 * l is a constant at each call, so the ASCII brackets' count is the
 * memchr loop alone. */
static inline __attribute__((always_inline)) size_t
count_seq(const unsigned char *b, size_t ms, size_t me, const unsigned char *t,
          size_t l)
{
	size_t n = 0;
	const unsigned char *q = b + ms, *e = b + me;

	while ((size_t)(e - q) >= l &&
	       (q = memchr(q, t[0], (size_t)(e - q) - l + 1)) != NULL) {
		n += l == 1 || memcmp(q + 1, t + 1, l - 1) == 0;
		q++;
	}
	return n;
}

/* A pair of brackets at the end of a match: its counts are taken when its
 * closing one is first at the end (the bytes before it do not change while
 * trimming). With no opening one, every closing one is unbalanced: its
 * count is then only a bound (me - ms) that stays above 0 while trimmed. */
struct pair {
	size_t open, close;
	int counted;
};

/* Is the closing bracket cl (l bytes) at b[me - l] unbalanced against the
 * opening one op (then trimmed: counted out)? */
static inline __attribute__((always_inline)) int
unbalanced(struct pair *pr, const unsigned char *b, size_t ms, size_t me,
           const unsigned char *op, const unsigned char *cl, size_t l)
{
	if (!pr->counted) {
		pr->open = count_seq(b, ms, me, op, l);
		pr->close = pr->open ? count_seq(b, ms, me, cl, l) : me - ms;
		pr->counted = 1;
	}
	if (pr->close <= pr->open)
		return 0;
	pr->close--;
	return 1;
}

/* The delimiter beyond ASCII at the end of the IRI b[ms, me), trimmed:
 * its length, 0 when none is (not before min_end; a closing bracket
 * while unbalanced, counted in up[], zeroed by the first: *up_set).
 * Not inlined: only an IRI's end gets here, and its frame stays out of
 * the trimming of every other match. */
static __attribute__((noinline)) size_t
trim_beyond_ascii(const unsigned char *b, size_t ms, size_t me,
                  size_t min_end, struct pair *up, int *up_set)
{
	unsigned k;
	unsigned char ol, op[3];
	size_t l = uriscan__utf8_delim_end(b, min_end, me, &k, &ol);

	if (l == 0 || k == 0)
		return l;
	if (!*up_set) {
		memset(up, 0, URISCAN__DELIM_PAIRS * sizeof *up);
		*up_set = 1;
	}
	op[0] = b[me - 3];
	op[1] = b[me - 2];
	op[2] = ol;
	return unbalanced(&up[k - 1], b, ms, me, op, b + me - 3, 3) ? l : 0;
}

size_t uriscan__extract_trim(const unsigned char *b, size_t ms, size_t me,
                             size_t min_end)
{
	struct pair paren = {0, 0, 0}, bracket = {0, 0, 0};
	/* RFC 3987's closing brackets beyond ASCII, zeroed when one is met */
	struct pair upair[URISCAN__DELIM_PAIRS];
	int upair_set = 0;
	size_t q = 0; /* quotes in b[ms, me), once counted */
	int q_counted = 0;

	while (me > min_end) {
		unsigned char c = b[me - 1];
		if (c >= 0x80) {
			/* only an IRI (RFC 3987) holds bytes >= 0x80: the
			 * machines of the ASCII grammars stop at one */
			size_t l = trim_beyond_ascii(b, ms, me, min_end, upair,
			                             &upair_set);
			if (l == 0)
				break;
			me -= l;
			continue;
		}
		if (c == ')') {
			if (!unbalanced(&paren, b, ms, me, (const unsigned char *)"(",
			                (const unsigned char *)")", 1))
				break;
		} else if (c == ']') {
			if (!unbalanced(&bracket, b, ms, me, (const unsigned char *)"[",
			                (const unsigned char *)"]", 1))
				break;
		} else if (c == '\'') {
			if (!q_counted) {
				q = count_seq(b, ms, me, (const unsigned char *)"'", 1);
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
