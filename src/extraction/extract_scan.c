/* SPDX-License-Identifier: MIT */
/*
 * extract_scan.c: the URL extractor on one contiguous buffer: its options,
 * the walk back over a candidate's scheme, the extraction machine's run,
 * truncation, trimming and the components of a match (extract.c says how).
 * No allocation, no SIMD here (extract_find.c), reads only [b, b + len).
 */
#include <string.h>

#include "confusion.h"
#include "extract.h"
#include "extract_find.h"
#include "uri_reset.h"

/* ------------------------------------------------------------------ */
/* Byte classes                                                        */

/* extract.h: bit 0 cuts under an ASCII grammar, bit 1 under RFC 3987 */
#define CUT_B 3 /* a letter or a digit: under every grammar */
#define CUT_B8 CUT_B, CUT_B, CUT_B, CUT_B, CUT_B, CUT_B, CUT_B, CUT_B
#define CUT_A8 1, 1, 1, 1, 1, 1, 1, 1 /* >= 0x80: ASCII grammars only */
#define CUT_A64 CUT_A8, CUT_A8, CUT_A8, CUT_A8, CUT_A8, CUT_A8, CUT_A8, CUT_A8
const unsigned char uriscan__cut_set[256] = {
	['0'] = CUT_B8, CUT_B, CUT_B,
	['A'] = CUT_B8, CUT_B8, CUT_B8, CUT_B, CUT_B,
	['a'] = CUT_B8, CUT_B8, CUT_B8, CUT_B, CUT_B,
	[0x80] = CUT_A64, CUT_A64,
};

static unsigned char byte_class(unsigned char c)
{
	return uriscan__scheme_class[c];
}

static int ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

#define KNOWN_FLAGS                                                            \
	(URISCAN_EXTRACT_NO_TRIM | URISCAN_EXTRACT_NO_COMPONENTS |                 \
	 URISCAN_EXTRACT_SCALAR | URISCAN_EXTRACT_KEEP_CUT |                      \
	 URISCAN_EXTRACT_CONFUSION | URISCAN_EXTRACT_DEFANGED)

/* Each entry of a comma-separated list must be a scheme (RFC 3986 3.1). */
static int opaque_list_ok(const char *l)
{
	size_t n = 0;

	for (;; l++) {
		if (*l == ',' || *l == '\0') {
			if (n == 0 || n > SCHEME_MAX)
				return 0;
			if (*l == '\0')
				return 1;
			n = 0;
			continue;
		}
		if (n == 0 ? !(byte_class((unsigned char)*l) & C_ALPHA)
		           : !(byte_class((unsigned char)*l) & C_SCHEME))
			return 0;
		n++;
	}
}

/* The first version of struct uriscan_extract_options: all of 0.2.0's
 * fields. A field appended later is read only when opt->size covers it
 * (URISCAN__OPT_HAS). */
#define EXTRACT_OPTIONS_V1 sizeof(struct uriscan_extract_options)

int uriscan__extract_cfg_init(struct xcfg *k, enum uriscan_grammar g,
                              const struct uriscan_extract_options *opt)
{
	const struct uriscan__gen *gen;
	int st = uriscan__grammar_gen(g, &gen);

	if (st != URISCAN_OK)
		return st;
	if (gen->extract == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	memset(k, 0, sizeof *k);
	k->g = g;
	k->rule = uriscan_rule_default(g);
	k->xm = gen->extract;
	k->max_len = URISCAN_EXTRACT_MAX_LEN_DEFAULT;
	if (!URISCAN__OPT_SIZE_OK(opt, EXTRACT_OPTIONS_V1))
		return URISCAN_E_INVALID_ARG;
	if (opt != NULL) {
		if (opt->flags & ~KNOWN_FLAGS)
			return URISCAN_E_INVALID_ARG;
		k->flags = opt->flags;
		if (opt->max_len != 0) {
			if (opt->max_len < URISCAN_EXTRACT_MAX_LEN_MIN ||
			    opt->max_len > URISCAN_EXTRACT_MAX_LEN_MAX)
				return URISCAN_E_INVALID_ARG;
			k->max_len = opt->max_len;
		}
		if (opt->opaque_schemes != NULL && opt->opaque_schemes[0]) {
			if (!opaque_list_ok(opt->opaque_schemes))
				return URISCAN_E_INVALID_ARG;
			k->opaque = opt->opaque_schemes;
			k->opaque_len = strlen(k->opaque);
		}
	}
	k->simd = uriscan__find_simd_wanted(k->flags);
	k->entry = uriscan__extract_entry(g, k->xm, 0);
	k->xentry = uriscan__extract_entry(g, k->xm, 1);
	k->trim_bits = (k->flags & URISCAN_EXTRACT_NO_TRIM) ? 0
	               : g == URISCAN_RFC3987                ? 3
	                                                     : 1;
	return URISCAN_OK;
}

/* Is [s, s + n) one of the opaque schemes (ASCII case-insensitive)? */
static int opaque_listed(const struct xcfg *k, const unsigned char *s,
                         size_t n)
{
	const char *l = k->opaque, *end = k->opaque + k->opaque_len;

	if (l == NULL)
		return 0;
	while (l < end) {
		const char *e = memchr(l, ',', (size_t)(end - l));
		size_t ln;

		if (e == NULL)
			e = end;
		ln = (size_t)(e - l);
		if (ln == n) {
			size_t i = 0;
			while (i < n && ascii_lower(s[i]) == ascii_lower(l[i]))
				i++;
			if (i == n)
				return 1;
		}
		l = e + 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* One buffer                                                          */

/* The start of the scheme that ends at the ':' b[c]: the first letter of
 * the run of scheme characters before c that starts at lo or later; c if
 * there is none. "http" and "https", the schemes of most URLs in logs, are
 * answered by a 4-byte compare and a look at the two bytes before, as the
 * walk would answer them: the scheme starts there when the byte before is
 * no scheme character, or is one but not a letter with none before it (a
 * bot's "+http://", a fifth of the URLs of the elastic log). All of it is
 * one value and one branch: logs mix http and https, and a branch on
 * either or on "+" mispredicted on about every other URL. Near lo the
 * walk answers. */
_Static_assert(C_ALPHA == C_SCHEME << 1, "scheme_start shifts C_ALPHA down");

static size_t scheme_start(const unsigned char *b, size_t lo, size_t c)
{
	uint32_t w, http, ttps;
	size_t r = c;

	memcpy(&http, "http", 4);
	memcpy(&ttps, "ttps", 4);
	if (c >= lo + 7) {
		memcpy(&w, b + c - 4, 4);
		const size_t s5 = (size_t)((w == ttps) & (b[c - 5] == 'h'));
		const size_t st = c - 4 - s5; /* >= lo + 2 */
		/* 1 where b[st - 1], b[st - 2] is no scheme character, no
		 * letter (bits of C_SCHEME, C_ALPHA cleared from all ones) */
		const unsigned n1 = ~(unsigned)byte_class(b[st - 1]);
		const unsigned n2 = ~(unsigned)byte_class(b[st - 2]);
		unsigned hit = ((unsigned)(w == http) | (unsigned)s5) &
		               ((n1 & C_SCHEME) | ((n1 >> 1) & n2 & C_SCHEME));
		/* one value, one branch: else gcc tests each part in turn */
		__asm__("" : "+r"(hit));
		if (hit)
			return st;
	}
	/* four at a time while they all are */
	while (r >= lo + 4 &&
	       (byte_class(b[r - 1]) & byte_class(b[r - 2]) &
	        byte_class(b[r - 3]) & byte_class(b[r - 4]) & C_SCHEME))
		r -= 4;
	while (r > lo && (byte_class(b[r - 1]) & C_SCHEME))
		r--;
	while (r < c && !(byte_class(b[r]) & C_ALPHA))
		r++;
	return r;
}

/*
 * The components of a match b[0, n), as uriscan_parse(g, b, n) gives them
 * (uriscan.h: struct uriscan_match.uri), but with the parse machine of the
 * extraction rule called directly: a match is an instance of that rule, so
 * the dispatch and the union with relative-ref that the default rule
 * (URI-reference) adds are not needed. 1 if it parses.
 */
static void uri_init(const struct xcfg *k, struct uriscan_uri *u)
{
	uriscan__uri_reset(u, k->g, k->rule);
}

static void uri_done(struct uriscan_uri *u)
{
	u->kind = uriscan__kind_of(u);
}

static int parse_match(const struct xcfg *k, const unsigned char *b, size_t n,
                       struct uriscan_uri *u)
{
	if (k->xm->parse == NULL)
		return uriscan_parse(k->g, (const char *)b, n, 0, u) ==
		       URISCAN_OK;
	uri_init(k, u);
	/* a failed parse clears *u (uriscan__rejected) */
	if (k->xm->parse(b, b + n, u, NULL) != URISCAN_OK)
		return 0;
	uri_done(u);
	return 1;
}

/* The pure machine on b[r, stop), the scheme b[r, c) (as the tags run
 * above): the bytes it read, its state in *cs. */
static size_t pure_run(const struct xcfg *k, const unsigned char *b,
                       size_t r, size_t c, size_t stop, int *cs,
                       const unsigned char **lf)
{
	const size_t at = k->entry >= 0 ? c : r;

	*cs = k->entry >= 0 ? k->entry : k->xm->start;
	return (at - r) + k->xm->exec(cs, b + at, b + stop, lf);
}

/* A match ends at e (o says the rest; its last byte is b[end - 1]):
 * *from and *floor move past it; a cut match without KEEP_CUT is skipped
 * (S_SKIP); else the scan returns it (S_MATCH), or with o->emit hands it
 * over and stops (S_STOP) or goes on (S_MORE) as emit says. S_HOLD (not
 * at eof): whether it is cut needs bytes past b; *from and o->keep are
 * set as for a match still open (the scan returns S_MORE). */
static int found(const struct xcfg *k, struct scan_out *o, size_t e,
                 size_t *from, size_t *floor, const unsigned char *b,
                 size_t len, size_t end, int eof)
{
	/* the byte after the match is in b unless the match ends b (then
	 * eof: the machine stopped at an error byte, which is never before
	 * end) */
	o->cut = end < len && uriscan__extract_cuts(k->g, b[end]);
	if (o->cut && b[end] >= 0x80 && !o->truncated) {
		/* under an ASCII grammar: not when a delimiter beyond ASCII
		 * starts there (extract_delim.c; a truncated match goes by
		 * the byte alone); when only the next bytes can say, the
		 * match waits for them as an open one (S_HOLD) */
		int d = uriscan__utf8_delim_at(b + end, len - end);
		if (d < 0 && !eof) {
			*from = o->ms + o->scheme_len;
			o->keep = o->ms;
			return S_HOLD;
		}
		o->cut = d <= 0;
	}
	*floor = *from = e;
	if (o->cut && !(k->flags & URISCAN_EXTRACT_KEEP_CUT))
		return S_SKIP;
	if (o->emit == NULL)
		return S_MATCH;
	return o->emit(o->emit_ctx, o) ? S_STOP : S_MORE;
}

/*
 * Find the next match in b[0, len), looking at candidate ':' at indices >=
 * *from, with schemes starting at >= *floor. eof: nothing follows b. On
 * S_MATCH, *from and *floor move past the match; with o->emit, matches go
 * to emit (extract.h).
 */
int uriscan__extract_scan(const struct xcfg *k, const unsigned char *b,
                          size_t len, int eof, size_t *from, size_t *floor,
                          struct scan_out *o)
{
	const struct uriscan__xmachine *xm = k->xm;
	size_t lim = eof ? len : (len >= 2 ? len - 2 : 0);
	size_t i = *from < *floor ? *floor : *from;
	/* components in the same run (the tags machine), when wanted */
	const int want_tags = o->uri != NULL && xm->xexec != NULL;
	const int any_colon = k->opaque != NULL;

	for (;;) {
		size_t c = uriscan__find_candidate(any_colon, k->simd, o->cands,
		                                   b, i, lim, len);
		size_t lo, r, stop, n, me;
		const unsigned char *lf = NULL;
		const unsigned char *mk[URISCAN_COMPONENT_COUNT];
		int cs, auth, st, ended = 0;
		int tags = want_tags;

		if (c >= lim)
			break;
		i = c + 1;
		/* the scheme: scheme characters back from ':', from a letter */
		lo = *floor;
		if (c >= SCHEME_MAX && c - SCHEME_MAX > lo)
			lo = c - SCHEME_MAX;
		r = scheme_start(b, lo, c);
		if (r == c)
			continue;
		/* (without opaque schemes every candidate is a "://") */
		auth = !any_colon ||
		       (c + 2 < len && b[c + 1] == '/' && b[c + 2] == '/');
		if (!auth && !opaque_listed(k, b + r, c - r))
			continue;

		/* the machine, from the scheme, for at most max_len + 1 bytes
		 * (max_len > SCHEME_MAX: the ':' is before stop); it starts at
		 * the ':' in the state after a scheme when the grammar has one
		 * (extract_entry.c): the walk back has read the scheme */
		stop = len - r > k->max_len + 1 ? r + k->max_len + 1 : len;
		if (tags) {
			const size_t at = k->xentry >= 0 ? c : r;
			uri_init(k, o->uri);
			/* the marks of the components the grammar reports
			 * (uriscan.h, "What each grammar reports": RFC 1738
			 * alone reports any after reg_name), at the start */
			if (k->g == URISCAN_RFC1738) {
				for (unsigned j = 0; j < URISCAN_COMPONENT_COUNT; j++)
					mk[j] = b + r;
			} else {
				for (unsigned j = 0; j <= URISCAN_REG_NAME; j++)
					mk[j] = b + r;
			}
			cs = k->xentry >= 0 ? k->xentry : xm->xstart;
			n = (at - r) + xm->xexec(&cs, b + r, b + at, b + stop,
			                         o->uri, mk, &lf, &ended);
			if (cs == xm->xerror) {
				cs = xm->error;
			} else if (n > k->max_len) {
				/* truncated: the pure machine runs on (its states
				 * differ), so run it again from the scheme */
				tags = 0;
				lf = NULL;
				n = pure_run(k, b, r, c, stop, &cs, &lf);
			} else {
				cs = xm->start; /* open: anything but error */
			}
		} else {
			n = pure_run(k, b, r, c, stop, &cs, &lf);
		}
		if (cs != xm->error && n <= k->max_len && !eof) {
			/* open at the end of the buffer: decide later */
			*from = c;
			o->keep = r;
			return S_MORE;
		}
		if (lf == NULL)
			continue; /* not even "scheme:" (not for RFC 3986) */
		o->ms = r;
		o->scheme_len = c - r;
		if (cs != xm->error && n > k->max_len) {
			/* truncated: run on to its end, keeping nothing */
			size_t e;
			n = xm->exec(&cs, b + stop, b + len, &lf);
			o->truncated = 1;
			o->lf = (size_t)(lf - b);
			if (cs != xm->error && !eof) {
				o->cs = cs;
				o->after = o->lf < len ? b[o->lf] : -1;
				return S_OPEN;
			}
			e = stop + n;
			o->me = o->lf;
			st = found(k, o, e, from, floor, b, len, o->lf, eof);
			if (st != S_MORE && st != S_SKIP)
				return st;
			i = e;
			continue;
		}
		me = (size_t)(lf - b);
		o->lf = me;
		if (uriscan__trimmable(k, b[me - 1]))
			me = uriscan__extract_trim(b, r, me, auth ? c + 3 : c + 1);
		if (!auth && me <= c + 1)
			continue; /* an opaque match needs a byte after ':' */
		if (tags && ended) {
			/* the run read nothing past the match but the byte that
			 * ended it, and ended the match there (the EOF actions of
			 * the state after its last final transition): the
			 * components are complete; cut them back to a trimmed end
			 * (extract_trim.c) */
			uri_done(o->uri);
			if (me != o->lf &&
			    !uriscan__extract_cut(k, o->uri, me - r))
				tags = 0;
		} else {
			tags = 0;
		}
		if (!tags && o->uri != NULL) {
			/* trimming keeps an RFC 3986 URI valid; should a grammar
			 * disagree, give bytes back until it parses */
			while (!parse_match(k, b + r, me - r, o->uri) &&
			       me < o->lf)
				me++;
		}
		o->truncated = 0;
		o->me = me;
		st = found(k, o, me, from, floor, b, len, me, eof);
		if (st != S_MORE && st != S_SKIP)
			return st != S_HOLD ? st : S_MORE;
		i = me;
	}
	if (!eof) {
		/* keep what a candidate ':' at lim or later may need: the run of
		 * scheme characters before it */
		size_t t = len;
		if (len >= 2 && b[len - 2] == ':')
			t = len - 2;
		else if (len >= 1 && b[len - 1] == ':')
			t = len - 1;
		size_t lo = *floor;
		if (t >= SCHEME_MAX && t - SCHEME_MAX > lo)
			lo = t - SCHEME_MAX;
		if (lo > t)
			lo = t;
		while (t > lo && (byte_class(b[t - 1]) & C_SCHEME))
			t--;
		o->keep = t;
	}
	*from = lim > i ? lim : i;
	return S_MORE;
}

__attribute__((noinline)) void
uriscan__extract_confusion(const struct xcfg *k, struct uriscan_match *m)
{
	m->confusion = uriscan__confusion_match(
	    k->g, m->bytes, m->nbytes, m->uri.present != 0 ? &m->uri : NULL);
}
