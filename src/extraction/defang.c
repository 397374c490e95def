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
 * form can start (defang_find.c). Here: the run, the forms of the table
 * and the spaced ones; the colon forms and the scheme words are in
 * defang_scheme.c, the helpers both use and the records in defang.h.
 */
#include <string.h>

#include "defang.h"

void uriscan__refang_reset(struct uriscan__refang *f)
{
	f->olen = f->ohand = 0;
	f->obase = f->wnext = 0;
	f->more = 0;
	f->rfirst = f->rn = 0;
	f->wn = 0;
	f->base_cnt = 0;
	f->base_delta = 0;
	f->ev_end = 0;
	f->tail_end = 0;
	f->tail_delta = 0;
}

/* Before a run (which adds at most f->run_subs replacements, at
 * refanged offsets below r + DEFANG_OUT_FULL): drop the oldest to leave
 * room for them (each dropped one then has rcap - f->run_subs newer
 * ones, at least the window: never read again), and, when r is in another
 * 2^29 bytes than the newest, any DSUB_SPAN bytes or more before r: those
 * kept are then less than DSUB_SPAN + 2^29 + DEFANG_OUT_FULL before the
 * newest (read back from its offsets). */
static void make_room(struct uriscan__refang *f, uint64_t r)
{
	const struct uriscan__dsub *d;
	uint64_t dr;
	size_t k = 0; /* the oldest k go */

	if (f->rn + f->run_subs > f->rcap)
		k = f->rn + f->run_subs - f->rcap;
	if (((r ^ f->tail_end) >> 29) != 0)
		while (k < f->rn &&
		       dsub_r(f, &f->ring[(f->rfirst + k) & (f->rcap - 1)]) +
		               DSUB_SPAN < r)
			k++;
	if (k == 0 || f->rn == 0)
		return;
	if (k > f->rn)
		k = f->rn;
	/* what is left of them: the end and the offset of the last */
	d = &f->ring[(f->rfirst + k - 1) & (f->rcap - 1)];
	dr = dsub_r(f, d);
	f->ev_end = dr + DSUB_RLEN(d);
	f->base_delta = (int64_t)(dsub_w(f, d, dr) + DSUB_WLEN(d)) -
	                (int64_t)f->ev_end;
	f->base_cnt += k;
	f->rfirst = (f->rfirst + k) & (f->rcap - 1);
	f->rn -= k;
}

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

/* At an "x" before "x" or "p" (either case): the letters of a scheme word
 * ("hxxp", "hxxps", "fxp", "fxps", "xxxx": four at most from here), then a
 * colon form at the ':' after them, after the word (defang_scheme.c). The
 * letters are plain copies: the bytes of s read (the letters, and the
 * colon form's when there is one), -1 not decided (nothing written).
 * Letters that no ':' ends are all copied: no x pair among them can be
 * one either (a ':' after five letters or more is after no word: each
 * word is at most five letters after a byte that is none). */
static int word_colon(struct uriscan__refang *f, const unsigned char *s,
                      size_t n, int eof)
{
	size_t k = 1;
	int r;

	while (k < 5 && k < n && alpha(s[k]))
		k++;
	if (k == n)
		return eof ? 0 : -1;
	memcpy(f->out + f->olen, s, k);
	f->olen += k;
	f->wnext += k;
	if (s[k] != ':')
		return (int)k;
	r = uriscan__defang_colon(f, s + k, n - k, eof);
	if (r < 0) { /* (it wrote nothing) */
		f->olen -= k;
		f->wnext -= k;
		return -1;
	}
	return (int)k + r;
}

/* A form at s[0, n) (where one can start: defang_find.c): the bytes of s
 * read, 0 none (copy s[0]), -1 not decided. */
static int form_at(struct uriscan__refang *f, const unsigned char *s,
                   size_t n, int eof)
{
	int r;

	switch (s[0]) {
	case 'x':
	case 'X':
		return word_colon(f, s, n, eof);
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
		return uriscan__defang_colon(f, s, n, eof);
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
		if (n < 2 || s[1] == ':') { /* every colon form in brackets */
			r = uriscan__defang_colon(f, s, n, eof);
			if (r != 0)
				return r;
		}
		if (n < 2 || (s[1] | 0x20) == 'h' || (s[1] | 0x20) == 'f' ||
		    (s[1] | 0x20) == 'p') { /* "[http]", "[ftp]", "htt[p]" */
			r = uriscan__defang_bracket(f, s, n, eof);
			if (r != 0)
				return r;
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
	struct uriscan__dscan c = {NULL, 0, 0, 0}; /* for this s only */

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
		j = defang_skip_kept(s, i, lim, n, f->simd, &c);
		/* past the candidates that are surely no form (copied as
		 * they are: the same), after 64 plain bytes or more: in a
		 * report's dense forms the look costs more than it saves,
		 * in a log it keeps a run read in place going */
		while (j - i >= 64 && j < lim && defang_plain_at(s, j, n))
			j = defang_skip_kept(s, j + 1, lim, n, f->simd, &c);
		if (direct && j - i >= direct) {
			/* the caller hands it in place: to a form (j < lim), or
			 * as far as the search went (to the end, or as far as
			 * out had room: the caller's search goes on from j) */
			f->brk = 1;
			f->brk_to = j;
			f->brk_form = j < lim;
			break;
		}
		if (j - i <= 32 && n - i >= 32) /* (out has room past OUT_FULL) */
			memcpy(f->out + f->olen, s + i, 32);
		else
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
