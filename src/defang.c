/* SPDX-License-Identifier: MIT */
/*
 * defang.c: the refanger of URISCAN_EXTRACT_DEFANGED (defang.h): the text
 * as written in, the text the extractor reads out, each defanged form
 * replaced by what it stands for and recorded. The forms, and where each
 * is seen, are listed in docs/extraction.md ("Defanged URLs"); the rules:
 *
 *  - anywhere: "[.]" "{.}" "[dot]" "{dot}" "\." give ".", and so do
 *    "(.)" "(dot)" between two letters or digits ("evil(.)com"),
 *    "[/]" gives "/", "[@]" "[at]" give "@", "[:]" gives ":", "[://]" and
 *    "[:]//" give "://" (letters of "dot" and "at" in any case);
 *  - " DOT " (upper case) before a letter or a digit, and " ." before a
 *    lower-case letter, give "." after a letter or a digit ("evil DOT
 *    com", "evil .com"; not "see .NET");
 *  - a scheme word right before a colon form that gives "://" (above, or
 *    "://", or ":\\", "[:]\\", or "__" before a letter or digit; the last
 *    three only there) and after no letter: "hxxp" "hxxps" "fxp" "fxps"
 *    "xxxx" (any case) give "http" "https" "ftp" "ftps" "http"; "[http]"
 *    "[https]" "[ftp]" "[hxxp]" "[hxxps]" and "htt[p]" "htt[p]s" give the
 *    scheme; "http", "https", "ftp" and "ftps" stay, and make ":\\",
 *    "[:]\\" and "__" colon forms.
 *
 * A decision needs at most DEFANG_LOOK bytes after the form's first byte
 * and DEFANG_KEEP refanged bytes before it, so it never depends on where
 * the text was cut. Plain bytes are copied in runs between the places a
 * form can start (defang_find.c).
 */
#include <string.h>

#include "defang.h"

static int alnum(int c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static int alpha(int c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/*
 * Does s[0, n) start with pattern p? 1 yes, 0 no, -1 not decided (s ends
 * first and more may follow: !eof). In p, a lower-case letter matches
 * either case when ci, '#' any ASCII letter or digit, '~' a lower-case
 * letter.
 */
static int pat(const unsigned char *s, size_t n, const char *p, int ci,
               int eof)
{
	size_t k;

	for (k = 0; p[k]; k++) {
		unsigned char c, q = (unsigned char)p[k];
		if (k >= n)
			return eof ? 0 : -1;
		c = s[k];
		if (q == '#') {
			if (!alnum(c))
				return 0;
		} else if (q == '~') {
			if (c < 'a' || c > 'z')
				return 0;
		} else if (ci && q >= 'a' && q <= 'z') {
			if ((c | 0x20) != q)
				return 0;
		} else if (c != q) {
			return 0;
		}
	}
	return 1;
}

/* s[0, l) is the lower-case letters w in either case. */
static inline int ci_is(const unsigned char *s, const char *w, size_t l)
{
	for (size_t k = 0; k < l; k++)
		if ((s[k] | 0x20) != (unsigned char)w[k])
			return 0;
	return 1;
}

void uriscan__refang_reset(struct uriscan__refang *f)
{
	f->olen = f->ohand = 0;
	f->obase = f->wnext = 0;
	f->more = 0;
	f->rfirst = f->rn = 0;
	f->base_cnt = 0;
	f->base_delta = 0;
	f->ev_end = 0;
	f->tail_end = 0;
	f->tail_delta = 0;
}

/* Are out[at, olen) plain copies not handed yet (may be replaced)? */
static int plain_tail(struct uriscan__refang *f, size_t at)
{
	if (at < f->ohand)
		return 0;
	return f->tail_end <= f->obase + at; /* (0 when none yet) */
}

/* Is the refanged byte before out[at] no letter (or none)? A scheme word
 * starts there: the extractor's scheme starts at its first letter too. */
static int boundary_before(const struct uriscan__refang *f, size_t at)
{
	if (at == 0)
		return f->obase == 0; /* the start of the text */
	return !alpha(f->out[at - 1]);
}

/* Before a run (which adds at most DEFANG_RUN_SUBS replacements, at
 * refanged offsets below r + DEFANG_OUT_FULL): drop the oldest to leave
 * room for them (each dropped one then has rcap - DEFANG_RUN_SUBS newer
 * ones, at least the window: never read again), and, when r is in another
 * 2^29 bytes than the newest, any DSUB_SPAN bytes or more before r: those
 * kept are then less than DSUB_SPAN + 2^29 + DEFANG_OUT_FULL before the
 * newest (read back from its offsets). */
static void make_room(struct uriscan__refang *f, uint64_t r)
{
	int far = ((r ^ f->tail_end) >> 29) != 0;

	while (f->rn > 0 &&
	       (f->rn + DEFANG_RUN_SUBS > f->rcap ||
	        (far && dsub_r(f, &f->ring[f->rfirst]) + DSUB_SPAN < r))) {
		const struct uriscan__dsub *d = &f->ring[f->rfirst];
		uint64_t dr = dsub_r(f, d);
		f->base_cnt++;
		f->ev_end = dr + DSUB_RLEN(d);
		f->base_delta = (int64_t)(dsub_w(f, d, dr) + DSUB_WLEN(d)) -
		                (int64_t)f->ev_end;
		f->rfirst = (f->rfirst + 1) & (f->rcap - 1);
		f->rn--;
	}
}

/* (the ring has room: make_room) */
static void add_sub(struct uriscan__refang *f, uint64_t r, uint64_t w,
                    size_t rlen, size_t wlen)
{
	struct uriscan__dsub *d = &f->ring[(f->rfirst + f->rn) & (f->rcap - 1)];

	d->r = (uint32_t)r;
	d->dl = ((uint32_t)(w - r) & 0x3ffffffu) | (uint32_t)rlen << 26 |
	        (uint32_t)wlen << 29;
	f->rn++;
	f->tail_end = r + rlen;
	f->tail_delta = (int64_t)(w + wlen) - (int64_t)(r + rlen);
}

/* Write out text (rlen bytes) for the wlen written bytes at f->wnext. */
static void put(struct uriscan__refang *f, const char *text, size_t rlen,
                size_t wlen)
{
	add_sub(f, f->obase + f->olen, f->wnext, rlen, wlen);
	memcpy(f->out + f->olen, text, rlen);
	f->olen += rlen;
	f->wnext += wlen;
}

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

/* A colon form at s[0, n) after out's scheme word (or none): the bytes
 * read, 0 none, -1 not decided. */
static int do_colon(struct uriscan__refang *f, const unsigned char *s,
                    size_t n, int eof)
{
	if (n >= 3 && s[0] == ':' && s[1] == '/' && s[2] == '/') {
		/* "://" itself, the usual case: only a defanged word (each
		 * has an x) changes anything before it */
		size_t k = f->olen < 5 ? f->olen : 5, x = 0;
		for (size_t j = f->olen - k; j < f->olen; j++)
			x |= (f->out[j] | 0x20) == 'x';
		if (!x) {
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

/* The other forms (after the colon forms). A pattern ending in '#' (the
 * letter or digit after the form, not read) is a form only after a letter
 * or a digit too: "(" and ")" are URL bytes, so "(.)" and "(dot)" are
 * read as a dot only between two labels ("evil(.)com"), never where a
 * URL's path may hold them ("/wiki/A_(.)"). */
struct form {
	const char *in, *out;
	unsigned char len;
};
static const struct form forms[] = {
	{"[.]", ".", 3},   {"[dot]", ".", 5}, {"[/]", "/", 3},   {"[@]", "@", 3},
	{"[at]", "@", 4},  {"(.)#", ".", 3},  {"(dot)#", ".", 5}, {"{.}", ".", 3},
	{"{dot}", ".", 5}, {"\\.", ".", 2},
};

/* The forms of the table at s[0, n): the bytes read, 0 none, -1 not
 * decided. */
static int generic(struct uriscan__refang *f, const unsigned char *s,
                   size_t n, int eof)
{
	int r, undecided = 0;

	if (n >= 7) { /* decided: the table below, read at once */
		size_t len = 0;
		const char *out = ".";
		int after = f->olen > 0 && alnum(f->out[f->olen - 1]);
		switch (s[0]) {
		case '[':
			if (s[1] == '.' || s[1] == '/' || s[1] == '@') {
				if (s[2] == ']') {
					len = 3;
					out = s[1] == '.' ? "." : s[1] == '/' ? "/" : "@";
				}
			} else if ((s[1] | 0x20) == 'd') {
				if (ci_is(s + 2, "ot", 2) && s[4] == ']')
					len = 5;
			} else if ((s[1] | 0x20) == 'a') {
				if ((s[2] | 0x20) == 't' && s[3] == ']') {
					len = 4;
					out = "@";
				}
			}
			break;
		case '(':
			if (!after)
				break;
			if (s[1] == '.' && s[2] == ')' && alnum(s[3]))
				len = 3;
			else if ((s[1] | 0x20) == 'd' && ci_is(s + 2, "ot", 2) &&
			         s[4] == ')' && alnum(s[5]))
				len = 5;
			break;
		case '{':
			if (s[1] == '.' && s[2] == '}')
				len = 3;
			else if ((s[1] | 0x20) == 'd' && ci_is(s + 2, "ot", 2) &&
			         s[4] == '}')
				len = 5;
			break;
		case '\\':
			if (s[1] == '.')
				len = 2;
			break;
		default:
			break;
		}
		if (len)
			put(f, out, 1, len);
		return (int)len;
	}

	for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		if ((unsigned char)forms[k].in[0] != s[0])
			continue;
		if (forms[k].in[forms[k].len] == '#' &&
		    (f->olen == 0 || !alnum(f->out[f->olen - 1])))
			continue;
		r = pat(s, n, forms[k].in, 1, eof);
		if (r < 0)
			undecided = 1;
		else if (r == 1 && !undecided) {
			put(f, forms[k].out, 1, forms[k].len);
			return (int)forms[k].len;
		}
	}
	return undecided ? -1 : 0;
}

/* A form at s[0, n) (where one can start: defang_find.c): the bytes of s
 * read, 0 none (copy s[0]), -1 not decided. */
static int form_at(struct uriscan__refang *f, const unsigned char *s,
                   size_t n, int eof)
{
	int r;

	switch (s[0]) {
	case ' ': /* "evil .com", "evil DOT com": after a letter or digit */
		if (f->olen == 0 || !alnum(f->out[f->olen - 1]))
			return 0;
		r = pat(s, n, " .~", 0, eof);
		if (r == 1) {
			put(f, ".", 1, 2);
			return 2;
		}
		if (r == 0) {
			r = pat(s, n, " DOT #", 0, eof);
			if (r == 1) {
				put(f, ".", 1, 5);
				return 5;
			}
		}
		return r < 0 ? -1 : 0;
	case ':':
	case '_':
		return do_colon(f, s, n, eof);
	case '[': {
		if (n >= 3 && s[1] == '.' && s[2] == ']') { /* the usual one */
			put(f, ".", 1, 3);
			return 3;
		}
		/* every other form has one of these second (a log's "[01/...]"
		 * is none) */
		if (n >= 2 && s[1] != '.' && s[1] != ':' && s[1] != '/' &&
		    s[1] != '@' &&
		    (s[1] | 0x20) != 'd' && (s[1] | 0x20) != 'a' &&
		    (s[1] | 0x20) != 'h' && (s[1] | 0x20) != 'f' &&
		    (s[1] | 0x20) != 'p')
			return 0;
		r = do_colon(f, s, n, eof);
		if (r != 0)
			return r;
		/* "[http]://", after no letter */
		if ((n < 2 || (s[1] | 0x20) == 'h' || (s[1] | 0x20) == 'f') &&
		    boundary_before(f, f->olen)) {
			for (size_t k = 0; k < sizeof bracketed / sizeof bracketed[0];
			     k++) {
				size_t l = bracketed[k].len;
				int c;
				r = pat(s, n, bracketed[k].in, 1, eof);
				if (r < 0)
					return -1;
				if (r == 0)
					continue;
				c = colon_at(s + l, n - l, eof, 1);
				if (c == -2)
					return -1;
				if (c >= 0 && colons[c].out[1] == '/') {
					put(f, bracketed[k].out, l - 2, l);
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
				int c;
				r = pat(s, n, p[k], 1, eof);
				if (r < 0)
					return -1;
				if (r == 0)
					continue;
				c = colon_at(s + l, n - l, eof, 1);
				if (c == -2)
					return -1;
				if (c >= 0 && colons[c].out[1] == '/') {
					f->olen -= 3;
					f->wnext -= 3;
					put(f, k == 0 ? "https" : "http", k == 0 ? 5 : 4,
					    l + 3);
					return (int)l;
				}
				break;
			}
		}
	}
		return generic(f, s, n, eof);
	default:
		return generic(f, s, n, eof);
	}
}

size_t uriscan__refang_run(struct uriscan__refang *f, const unsigned char *s,
                           size_t n, size_t i, size_t stop, int eof,
                           size_t direct)
{
	struct uriscan__dscan c = {NULL, 0, 0}; /* for this s only */

	make_room(f, f->obase + f->olen);
	f->more = f->brk = 0;
	while (i < n && f->olen < DEFANG_OUT_FULL) {
		size_t lim = n < stop ? n : stop, j = i, room;
		int r;
		if (i >= stop)
			break;
		room = DEFANG_OUT_FULL - f->olen;
		if (lim - i > room)
			lim = i + room;
		j = uriscan__defang_skip(s, i, lim, n, f->simd, &c);
		if (direct && j - i >= direct && j == lim && lim == n) {
			/* to the end: the caller hands it in place */
			f->brk = 1;
			f->brk_to = j;
			break;
		}
		if (direct && j - i >= direct && j < lim) {
			f->brk = 1; /* before a form: the same */
			f->brk_to = j;
			break;
		}
		memcpy(f->out + f->olen, s + i, j - i);
		f->olen += j - i;
		f->wnext += j - i;
		i = j;
		if (i >= lim)
			continue;
		r = form_at(f, s + i, n - i, eof);
		if (r < 0) {
			f->more = 1;
			break;
		}
		if (r == 0) {
			f->out[f->olen++] = s[i];
			f->wnext++;
			i++;
		} else {
			i += (size_t)r;
		}
	}
	return i;
}
