/* SPDX-License-Identifier: MIT */
/*
 * uriparser_gen.c: the deterministic generated inputs of test_uriparser
 * (splitmix64, so one seed gives the same inputs on every platform):
 *   - token soup: delimiters, character classes, IP pieces, escapes good
 *     and bad, bytes outside the grammar (including NUL);
 *   - structured URI-shaped strings: IPv6/IPvFuture/IPv4 edge cases,
 *     percent-escapes good and bad, now and then a breaking token, one in
 *     four then mutated;
 *   - byte mutations (insert, delete, replace) of the real URLs and of the
 *     RFC 3986 examples.
 */
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "uriparser_gen.h"

static uint64_t rng_state;

/* splitmix64: deterministic across platforms for a given seed. */
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static unsigned rnd(unsigned n) { return (unsigned)(rng_next() % n); }

struct tok {
	const char *s;
	size_t n;
};
#define T(lit) {lit, sizeof(lit) - 1}
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Everything: delimiters, character classes, IP pieces, escapes, bytes
 * outside the grammar (including NUL). */
static const struct tok soup[] = {
    T(":"), T("/"), T("?"), T("#"), T("["), T("]"), T("@"), T("!"),
    T("$"), T("&"), T("'"), T("("), T(")"), T("*"), T("+"), T(","),
    T(";"), T("="), T("%"), T("//"), T("::"), T(":::"), T("://"),
    T("%41"), T("%7e"), T("%Af"), T("%00"), T("%4"), T("%g1"), T("%%"),
    T("%zz"), T("a"), T("Z"), T("v"), T("V"), T("x"), T("http"),
    T("a+b-c.d"), T("0"), T("1"), T("9"), T("25"), T("255"), T("256"),
    T("00"), T("01"), T("f"), T("F"), T("ffff"), T("FfFf0"), T("abcd"),
    T("v1."), T("vF."), T("V7."), T("v."), T("1.2.3.4"), T("0.0.0.0"),
    T("255.255.255.255"), T("256.1.1.1"), T("1.2.3"), T("1.2.3.4.5"),
    T("-"), T("."), T(".."), T("_"), T("~"), T(" "), T("\t"), T("\""),
    T("<"), T(">"), T("\\"), T("^"), T("`"), T("{"), T("|"), T("}"),
    T("\x7f"), T("\x80"), T("\xff"), T("\xc3\xa9"), T("\0"), T("\r"),
    T("\n"),
};

/* Tokens a userinfo, reg-name, segment, query or fragment may hold
 * (":" and "@" are not allowed everywhere: that is part of the test). */
static const struct tok pchars[] = {
    T("a"), T("b"), T("Z"), T("0"), T("7"), T("-"), T("."), T("_"),
    T("~"), T("!"), T("$"), T("&"), T("'"), T("("), T(")"), T("*"),
    T("+"), T(","), T(";"), T("="), T(":"), T("@"), T("%20"), T("%7E"),
    T("%aF"), T("www"), T("example"), T(".."),
};

/* Tokens that break most components. */
static const struct tok breakers[] = {
    T("%"), T("%2"), T("%G0"), T(" "), T("["), T("]"), T("\x80"), T("/"),
    T("?"), T("#"), T("\""), T("\0"),
};
static const struct tok octets[] = {
    T("0"), T("1"), T("9"), T("10"), T("99"), T("100"), T("199"),
    T("200"), T("249"), T("250"), T("255"), T("256"), T("260"), T("300"),
    T("00"), T("01"), T("099"), T("000"), T("1000"), T(""),
};

/* Ten valid schemes, then invalid ones. */
static const struct tok schemes[] = {
    T("http"), T("https"), T("ftp"), T("file"), T("x"), T("urn"),
    T("mailto"), T("a+b-c.d"), T("V1"), T("z9"), T("1a"), T("+a"),
    T("-"), T("h%41"), T("h_t"), T(""),
};

static void add_tok(struct buf *b, const struct tok *t)
{
	buf_add(b, t->s, t->n);
}

static void gen_soup(struct buf *b, const struct tok *set, size_t n_set,
                     unsigned max)
{
	unsigned k = rnd(max + 1), i;
	for (i = 0; i < k; i++)
		add_tok(b, &set[rnd((unsigned)n_set)]);
}

/* Mostly pchars, now and then a breaker. */
static void gen_part(struct buf *b, unsigned max)
{
	unsigned k = rnd(max + 1), i;
	for (i = 0; i < k; i++) {
		if (rnd(24) == 0)
			add_tok(b, &breakers[rnd((unsigned)COUNT(breakers))]);
		else
			add_tok(b, &pchars[rnd((unsigned)COUNT(pchars))]);
	}
}

static void gen_ipv4(struct buf *b)
{
	unsigned parts = rnd(10) == 0 ? 3 + rnd(3) : 4, i;
	for (i = 0; i < parts; i++) {
		if (i)
			buf_addc(b, '.');
		if (rnd(3) == 0)
			add_tok(b, &octets[rnd((unsigned)COUNT(octets))]);
		else
			add_tok(b, &octets[rnd(11)]); /* the valid ones */
	}
}

static void gen_h16(struct buf *b)
{
	static const char hex[] = "0123456789abcdefABCDEF";
	unsigned k = rnd(12) == 0 ? 5 : 1 + rnd(4), i;
	for (i = 0; i < k; i++)
		buf_addc(b, hex[rnd(sizeof hex - 1)]);
	if (rnd(40) == 0)
		buf_addc(b, "gG%.-"[rnd(5)]);
}

/* h16 pieces with at most one "::" (sometimes two), maybe an IPv4 tail. */
static void gen_ipv6(struct buf *b)
{
	unsigned pieces = rnd(10), i;
	unsigned gap = rnd(3) == 0 ? 99 : rnd(pieces + 1);
	unsigned gap2 = rnd(20) == 0 ? rnd(pieces + 1) : 99;
	int v4 = rnd(4) == 0;
	for (i = 0; i <= pieces; i++) {
		if (i == gap || i == gap2)
			buf_add(b, "::", 2);
		else if (i > 0 && i < pieces)
			buf_addc(b, ':');
		if (i == pieces)
			break;
		if (v4 && i == pieces - 1)
			gen_ipv4(b);
		else
			gen_h16(b);
	}
	if (rnd(30) == 0)
		buf_addc(b, ':');
	if (rnd(40) == 0)
		buf_add(b, "%25eth0", 7);
}

static void gen_ipvfuture(struct buf *b)
{
	static const char hex[] = "0123456789abcdefABCDEFg";
	unsigned k = rnd(4), i;
	buf_addc(b, rnd(2) ? 'v' : 'V');
	for (i = 0; i < k; i++)
		buf_addc(b, hex[rnd(sizeof hex - 1)]);
	if (rnd(8))
		buf_addc(b, '.');
	gen_part(b, 4);
}

static void gen_host(struct buf *b)
{
	switch (rnd(8)) {
	case 0:
	case 1:
		gen_part(b, 5);
		break;
	case 2:
		gen_ipv4(b);
		break;
	case 3:
	case 4:
		buf_addc(b, '[');
		gen_ipv6(b);
		if (rnd(20))
			buf_addc(b, ']');
		break;
	case 5:
		buf_addc(b, '[');
		gen_ipvfuture(b);
		if (rnd(20))
			buf_addc(b, ']');
		break;
	case 6:
		break; /* empty host */
	default:
		gen_soup(b, soup, COUNT(soup), 3);
		break;
	}
}

/* [scheme ":"] ["//" [userinfo "@"] host [":" port]] path ["?" q] ["#" f] */
static void gen_structured(struct buf *b)
{
	unsigned segs = rnd(5), i;
	int authority = rnd(10) < 6, slash;
	if (rnd(10) < 7) {
		unsigned k = rnd(8) == 0 ? rnd((unsigned)COUNT(schemes))
		                         : rnd(10);
		add_tok(b, &schemes[k]);
		buf_addc(b, ':');
	}
	if (authority) {
		buf_add(b, "//", 2);
		if (rnd(10) < 3) {
			gen_part(b, 4);
			buf_addc(b, '@');
		}
		gen_host(b);
		if (rnd(10) < 3) {
			buf_addc(b, ':');
			gen_soup(b, octets, COUNT(octets), 2);
			if (rnd(20) == 0)
				buf_addc(b, 'a');
		}
	}
	/* After an authority every segment starts with '/' (now and then
	 * not the first); without one, maybe a leading '/'. */
	slash = authority ? rnd(10) != 0 : rnd(2);
	for (i = 0; i < segs; i++) {
		if (i > 0 || slash)
			buf_addc(b, '/');
		gen_part(b, 3);
	}
	if (segs == 0 && !authority && rnd(3) == 0)
		buf_addc(b, '/');
	if (rnd(10) < 3) {
		buf_addc(b, '?');
		gen_part(b, 4);
		if (rnd(3) == 0)
			buf_add(b, "/?", 2);
	}
	if (rnd(10) < 3) {
		buf_addc(b, '#');
		gen_part(b, 4);
		if (rnd(3) == 0)
			buf_add(b, "?/", 2);
	}
}

/* Insert, delete or replace 1 to 3 bytes. */
static void mutate(struct buf *b)
{
	static const char interesting[] = ":/?#[]@!$&'()*+,;=%aZ09.-_~ \"<>\\^`"
	                                  "{|}\x7f\x80\xff";
	unsigned k = 1 + rnd(3), i;
	for (i = 0; i < k; i++) {
		unsigned op = rnd(3);
		size_t pos;
		char c = rnd(10) < 7 ? interesting[rnd(sizeof interesting - 1)]
		                     : (char)rnd(256);
		if (b->n == 0)
			op = 0;
		pos = rnd((unsigned)(b->n + (op == 0)));
		if (op == 0) { /* insert */
			buf_reserve(b, b->n + 2);
			memmove(b->p + pos + 1, b->p + pos, b->n - pos);
			b->p[pos] = c;
			b->n++;
		} else if (op == 1) { /* delete */
			memmove(b->p + pos, b->p + pos + 1, b->n - pos - 1);
			b->n--;
		} else { /* replace */
			b->p[pos] = c;
		}
	}
}

void gen_seed(uint64_t seed) { rng_state = seed; }

void gen_soup_input(struct buf *b)
{
	b->n = 0;
	gen_soup(b, soup, COUNT(soup), 12);
}

void gen_structured_input(struct buf *b)
{
	b->n = 0;
	gen_structured(b);
	if (rnd(4) == 0)
		mutate(b);
}

void gen_mutant_input(struct buf *b, const struct lines *real,
                      const struct lines *rfc)
{
	/* One in ten from the RFC examples (IP-literals, empty components),
	 * the rest from the URL lists. */
	const struct lines *l = rfc->count && (real->count == 0 || rnd(10) == 0)
	                            ? rfc
	                            : real;
	size_t k = (size_t)(rng_next() % l->count);
	b->n = 0;
	buf_add(b, l->p[k], l->n[k]);
	mutate(b);
}
