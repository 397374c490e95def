/* SPDX-License-Identifier: MIT */
/*
 * extract_ref.c: the extractor against a slow reference written from the
 * definition in include/uriscan.h ("What is a match") with
 * uriscan_validate_rule only, on random strings of URL-ish tokens. Part of
 * test_extract (extract_check.h). No timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract_check.h"
#include "tap.h"

static int sch(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}
static int alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* uriscan.h, rule 8: a letter, a digit, or (not RFC 3987) a byte >= 0x80
 * right after a match cuts it; the end of the text does not */
static int cuts(const char *t, size_t n, size_t at)
{
	unsigned char c;

	if (at >= n)
		return 0;
	c = (unsigned char)t[at];
	if (c >= 0x80)
		return G != URISCAN_RFC3987;
	return (c >= '0' && c <= '9') || alpha(c);
}

static int listed(const char *list, const char *s, size_t n)
{
	if (!list)
		return 0;
	while (*list) {
		size_t ln = strcspn(list, ",");
		if (ln == n) {
			size_t i = 0;
			while (i < n && (s[i] | 0x20) == (list[i] | 0x20))
				i++;
			if (i == n)
				return 1;
		}
		list += ln;
		if (*list == ',')
			list++;
	}
	return 0;
}

static void reference(const struct uriscan_extract_options *o, const char *t,
                      size_t n, struct list *out)
{
	unsigned rule_uri;
	size_t floor = 0, max = o->max_len ? o->max_len : 8192;
	uriscan_rule_from_name(G, XRULE, &rule_uri);

	for (size_t c = 0; c < n; c++) {
		size_t lo, r, run, lf, e, me;
		struct uriscan_error err;
		int auth;
		if (t[c] != ':' || c < floor)
			continue;
		lo = c > 64 && c - 64 > floor ? c - 64 : floor;
		r = c;
		while (r > lo && sch((unsigned char)t[r - 1]))
			r--;
		while (r < c && !alpha((unsigned char)t[r]))
			r++;
		if (r == c)
			continue;
		auth = c + 2 < n && t[c + 1] == '/' && t[c + 2] == '/';
		if (!auth && !listed(o->opaque_schemes, t + r, c - r))
			continue;
		/* the run: how far the bytes stay a prefix of some URI */
		if (uriscan_validate_rule(G, rule_uri, t + r, n - r,
		                          0, &err) == URISCAN_OK)
			e = n - r;
		else
			e = err.offset;
		run = e;
		lf = 0;
		for (size_t k = 1; k <= run; k++)
			if (uriscan_validate_rule(G, rule_uri, t + r,
			                          k, 0, NULL) == URISCAN_OK)
				lf = k;
		struct uriscan_match m;
		/* no prefix past the ':' matches (RFC 1738 "http://" without a
		 * host): no match, the search goes on after the ':' */
		if (r + lf <= c)
			continue;
		memset(&m, 0, sizeof m);
		m.offset = r;
		m.bytes = t + r;
		if (run > max) {
			m.length = lf;
			m.nbytes = lf < max ? lf : max;
			m.flags = URISCAN_MATCH_TRUNCATED;
			m.uri.grammar = G;
			if (cuts(t, n, r + lf))
				m.flags |= URISCAN_MATCH_CUT;
			if (!(m.flags & URISCAN_MATCH_CUT) ||
			    (o->flags & URISCAN_EXTRACT_KEEP_CUT))
				list_add(out, &m);
			floor = r + run;
			c = floor - 1;
			continue;
		}
		me = r + lf;
		if (!(o->flags & URISCAN_EXTRACT_NO_TRIM)) {
			size_t min = auth ? c + 3 : c + 1;
			for (;;) {
				size_t op = 0, cp = 0, ob = 0, cb = 0, q = 0;
				unsigned char ch;
				if (me <= min)
					break;
				for (size_t i = r; i < me; i++) {
					op += t[i] == '(';
					cp += t[i] == ')';
					ob += t[i] == '[';
					cb += t[i] == ']';
					q += t[i] == '\'';
				}
				ch = (unsigned char)t[me - 1];
				if (strchr(".,;:!?", ch) ||
				    (ch == ')' && cp > op) || (ch == ']' && cb > ob) ||
				    (ch == '\'' && q % 2))
					me--;
				else
					break;
			}
		}
		if (!auth && me <= c + 1)
			continue;
		m.length = m.nbytes = me - r;
		uriscan_parse(G, t + r, me - r, 0, &m.uri);
		if (cuts(t, n, me))
			m.flags |= URISCAN_MATCH_CUT;
		if (!(m.flags & URISCAN_MATCH_CUT) ||
		    (o->flags & URISCAN_EXTRACT_KEEP_CUT))
			list_add(out, &m);
		floor = me;
		c = floor - 1;
	}
}

static const char *const tokens[] = {
    "http", "://", ":", "/", "a", "b", "1", ".", ",", ")", "(", "'", "[",
    "]", "::1", "%41", "%", "@", "?", "#", " ", "\n", "x", "-", "+",
    "mailto:", "urn", "h:8", "[v1.x]", "!", "\xff", "\xc3\xa9",
    /* RFC 1738's scheme-specific parts */
    "news:", "ftp", ";type=a", "file", "wais", "%09", "~"};

unsigned run_fuzz(unsigned count)
{
	static const char *const optsets[] = {"-", "opaque", "notrim",
	                                      "max=128", "keepcut",
	                                      "keepcut,max=128"};
	const unsigned nsets = sizeof optsets / sizeof optsets[0];
	unsigned bad = 0;
	char buf[2048];

	for (unsigned i = 0; i < count; i++) {
		struct uriscan_extract_options o;
		struct list ref = {0};
		char optstr[32], name[32];
		size_t n = 0;
		unsigned ntok = 1 + (unsigned)(rnd() % 60);
		const char *os = optsets[i % nsets];

		if (strstr(os, "max=") != NULL)
			ntok = 40 + (unsigned)(rnd() % 100); /* long enough to truncate */
		for (unsigned k = 0; k < ntok; k++) {
			const char *tk = tokens[rnd() % (sizeof tokens / sizeof *tokens)];
			size_t l = strlen(tk);
			if (n + l > sizeof buf)
				break;
			memcpy(buf + n, tk, l);
			n += l;
		}
		snprintf(optstr, sizeof optstr, "%s", os);
		parse_options(optstr, &o);
		reference(&o, buf, n, &ref);
		snprintf(name, sizeof name, "fuzz %u", i);
		if (!check_all(name, o, buf, n, &ref, i < 150 ? n : 3, 2)) {
			if (bad++ < 3)
				tap_diag("fuzz %u (%s): %.*s", i, os, (int)n, buf);
		}
		list_free(&ref);
	}
	return bad;
}
