/* SPDX-License-Identifier: MIT */
/*
 * defang_scheme.c: the colon forms of the refanger (defang.h) and the
 * scheme words before them: "[:]", "[://]", "[:]//" anywhere; ":\\",
 * "[:]\\" and "__" (before a letter or digit) only after a scheme word;
 * "hxxp" "hxxps" "fxp" "fxps" "xxxx" (any case) rewritten as the scheme
 * they stand for, "[http]" "[https]" "[ftp]" "[hxxp]" "[hxxps]" and
 * "htt[p]" "htt[p]s" read as it, each only right before a colon form that
 * gives "://" and after no letter ("fxp[:]21" is a host and a port). The
 * rules and where each form is seen: defang.c and docs/extraction.md
 * ("Defanged URLs").
 */
#include <string.h>

#include "defang.h"

struct word {
	const char *in, *out;
	unsigned char defanged, len;
};

/* Longest first where one ends another. */
static const struct word words[] = {
	{"hxxps", "https", 1, 5}, {"https", "https", 0, 5}, {"hxxp", "http", 1, 4},
	{"xxxx", "http", 1, 4},   {"fxps", "ftps", 1, 4},   {"ftps", "ftps", 0, 4},
	{"http", "http", 0, 4},   {"fxp", "ftp", 1, 3},     {"ftp", "ftp", 0, 3},
};

/* The scheme word that out ends with (after no letter), or NULL;
 * a defanged one only when it may be rewritten. */
static const struct word *word_before(struct uriscan__refang *f)
{
	int last = f->olen ? f->out[f->olen - 1] | 0x20 : 0;

	/* every word ends in p, s or x: most ':' are after none */
	if (last != 'p' && last != 's' && last != 'x')
		return NULL;
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
		size_t l = words[k].len;
		if (words[k].in[l - 1] != last) /* (those left keep their order) */
			continue;
		if (f->olen < l || !ci_is(f->out + f->olen - l, words[k].in, l) ||
		    !boundary_before(f, f->olen - l))
			continue;
		if (words[k].defanged && !plain_tail(f, f->olen - l))
			return NULL;
		return &words[k];
	}
	return NULL;
}

/* Rewrite the defanged scheme word w that out ends with. */
static void rewrite_word(struct uriscan__refang *f, const struct word *w)
{
	size_t l = w->len;
	if (!w->defanged)
		return;
	add_sub(f, f->obase + f->olen - l, f->wnext - l, l, l);
	note_word(f, f->out + f->olen - l, l); /* (plain copies: as written) */
	memcpy(f->out + f->olen - l, w->out, l);
}

/* The colon forms: what they are written as, stand for, and whether a
 * scheme word must come before them. */
struct colon {
	const char *in, *out;
	unsigned char len, needs_word, plain;
};
static const struct colon colons[] = {
	{"[://]", "://", 5, 0, 0}, {"[:]//", "://", 5, 0, 0},
	{"[:]\\\\", "://", 5, 1, 0}, {"[:]", ":", 3, 0, 0},
	{"://", "://", 3, 0, 1},   {":\\\\", "://", 3, 1, 0},
	{"__#", "://", 2, 1, 0},
};

/* The colon form at s[0, n): its index, -1 none, -2 not decided. have: a
 * scheme word comes before it. */
static int colon_at(const unsigned char *s, size_t n, int eof, int have)
{
	if (n >= 8) { /* decided: the table below, read at once */
		switch (s[0]) {
		case '[':
			if (s[1] != ':')
				return -1;
			if (s[2] == '/')
				return s[3] == '/' && s[4] == ']' ? 0 : -1;
			if (s[2] != ']')
				return -1;
			if (s[3] == '/' && s[4] == '/')
				return 1;
			return have && s[3] == '\\' && s[4] == '\\' ? 2 : 3;
		case ':':
			if (s[1] == '/' && s[2] == '/')
				return 4;
			return have && s[1] == '\\' && s[2] == '\\' ? 5 : -1;
		case '_':
			return have && s[1] == '_' && alnum(s[2]) ? 6 : -1;
		default:
			return -1;
		}
	}
	if (n == 0) /* (s[0] is read below) */
		return eof ? -1 : -2;
	for (size_t k = 0; k < sizeof colons / sizeof colons[0]; k++) {
		int r;
		if (colons[k].in[0] != s[0] || (colons[k].needs_word && !have))
			continue;
		r = pat(s, n, colons[k].in, 0, eof);
		if (r < 0)
			return -2;
		if (r == 1 && (have || !colons[k].needs_word))
			return (int)k;
	}
	return -1;
}

/* After a scheme form of l bytes at s[0, n): 1 when a colon form that
 * gives "://" follows (a scheme word before it), 0 when not, -1 when the
 * input ends before it is decided. */
static int slashes_after(const unsigned char *s, size_t n, size_t l, int eof)
{
	int c = colon_at(s + l, n - l, eof, 1);

	if (c == -2)
		return -1;
	return c >= 0 && colons[c].out[1] == '/';
}

/* Is there an x (either case) among the last five bytes of out? With
 * eight bytes or more there, one load and a test for a zero byte. */
static inline int x_before(const struct uriscan__refang *f)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (f->olen >= 8) {
		uint64_t v;
		memcpy(&v, f->out + f->olen - 8, 8);
		/* LE: the last five bytes are the high ones; 'x' gives 0 */
		v = ((v | 0x2020202020202020u) ^ 0x7878787878787878u) |
		    0x0000000000ffffffu;
		return ((v - 0x0101010101010101u) & ~v & 0x8080808080808080u) != 0;
	}
#endif
	int x = 0;
	size_t k = f->olen < 5 ? f->olen : 5;
	for (size_t j = f->olen - k; j < f->olen; j++)
		x |= (f->out[j] | 0x20) == 'x';
	return x;
}

/* A colon form at s[0, n) after out's scheme word (or none): the bytes
 * read, 0 none, -1 not decided. */
int uriscan__defang_colon(struct uriscan__refang *f, const unsigned char *s,
                          size_t n, int eof)
{
	if (n >= 3 && s[0] == ':' && s[1] == '/' && s[2] == '/') {
		/* "://" itself, the usual case: only a defanged word (each
		 * has an x) changes anything before it */
		if (!x_before(f)) {
			memcpy(f->out + f->olen, "://", 3);
			f->olen += 3;
			f->wnext += 3;
			return 3;
		}
	}
	const struct word *w = s[0] == '[' && n > 1 && s[1] != ':'
	                           ? NULL /* no colon form: "[.]", "[dot]"... */
	                           : word_before(f);
	int k = colon_at(s, n, eof, w != NULL);
	const struct colon *c;

	if (k == -2)
		return -1;
	if (k < 0)
		return 0;
	c = &colons[k];
	/* a scheme word only before "://": "fxp[:]21" is a host and a port */
	if (w && c->out[1] == '/')
		rewrite_word(f, w);
	if (c->plain) { /* "://" itself */
		memcpy(f->out + f->olen, c->out, c->len);
		f->olen += c->len;
		f->wnext += c->len;
	} else {
		put(f, c->out, c->out[1] ? 3 : 1, c->len);
	}
	return c->len;
}

/* Scheme words in brackets, before a colon form. */
static const struct word bracketed[] = {
	{"[hxxps]", "https", 1, 7}, {"[https]", "https", 1, 7},
	{"[hxxp]", "http", 1, 6},   {"[http]", "http", 1, 6},
	{"[ftp]", "ftp", 1, 5},
};

/* Does s[0, n) start with the scheme form p (l bytes, either case), a
 * colon form that gives "://" after it? 1 yes, 0 no, -1 not decided. */
static int form_then_slashes(const unsigned char *s, size_t n, const char *p,
                             size_t l, int eof)
{
	int r = pat(s, n, p, 1, eof);

	return r <= 0 ? r : slashes_after(s, n, l, eof);
}

int uriscan__defang_bracket(struct uriscan__refang *f, const unsigned char *s,
                            size_t n, int eof)
{
	int r;

	/* "[http]://", after no letter */
	if ((n < 2 || (s[1] | 0x20) == 'h' || (s[1] | 0x20) == 'f') &&
	    boundary_before(f, f->olen)) {
		for (size_t k = 0; k < sizeof bracketed / sizeof bracketed[0];
		     k++) {
			size_t l = bracketed[k].len;
			r = form_then_slashes(s, n, bracketed[k].in, l, eof);
			if (r < 0)
				return -1;
			if (r) {
				put(f, bracketed[k].out, l - 2, l);
				note_word(f, s, l);
				return (int)l;
			}
		}
	}
	/* "htt[p]://", "htt[p]s://" */
	if ((n < 2 || (s[1] | 0x20) == 'p') && f->olen >= 3 &&
	    ci_is(f->out + f->olen - 3, "htt", 3) &&
	    boundary_before(f, f->olen - 3) && plain_tail(f, f->olen - 3)) {
		static const char *const p[] = {"[p]s", "[p]"};
		for (size_t k = 0; k < 2; k++) {
			size_t l = strlen(p[k]);
			r = form_then_slashes(s, n, p[k], l, eof);
			if (r < 0)
				return -1;
			if (r) {
				unsigned char w[7];
				memcpy(w, f->out + f->olen - 3, 3); /* as written */
				memcpy(w + 3, s, l);
				f->olen -= 3;
				f->wnext -= 3;
				put(f, k == 0 ? "https" : "http", k == 0 ? 5 : 4,
				    l + 3);
				note_word(f, w, l + 3);
				return (int)l;
			}
		}
	}
	return 0;
}
