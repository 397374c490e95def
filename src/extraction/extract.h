/* SPDX-License-Identifier: MIT */
/*
 * extract.h: what the URL extractor's files share (extract.c: the streaming
 * state machine; extract_scan.c: one buffer). Internal; not installed.
 */
#ifndef URISCAN_EXTRACT_H
#define URISCAN_EXTRACT_H

#include "internal.h"
#include "uri_reset.h"

#define SCHEME_MAX ((size_t)URISCAN_EXTRACT_SCHEME_MAX)


/* ------------------------------------------------------------------ */
/* Configuration shared by the extractor and uriscan_extract()         */

struct xcfg {
	enum uriscan_grammar g;
	unsigned rule; /* the grammar's default rule (uriscan_parse's) */
	const struct uriscan__xmachine *xm;
	unsigned flags;
	size_t max_len;
	const char *opaque; /* comma-separated schemes; NULL: none */
	size_t opaque_len;
	int simd;
	/* the states of the machine (pure) and of its tags machine after a
	 * scheme, where the scan starts them at the ':', or -1: from the
	 * scheme (extract_entry.c) */
	int entry, xentry;
	/* what uriscan__trim_set says trimming may remove: 1 (ASCII), 3
	 * under RFC 3987, 0 with URISCAN_EXTRACT_NO_TRIM */
	unsigned trim_bits;
};

enum { S_MATCH, S_MORE, S_OPEN, S_STOP, S_SKIP, S_HOLD };

/* The bytes that cut a match right before them (uriscan.h, rule 8): bit 0
 * under an ASCII grammar (a letter, a digit, a byte >= 0x80), bit 1 under
 * RFC 3987 (a letter, a digit). A table, not compares: every match asks
 * it of the byte after it (extract_scan.c; a byte >= 0x80 that starts a
 * delimiter beyond ASCII, extract_delim.c, is then looked at). */
extern const unsigned char uriscan__cut_set[256];

/* Does byte c (-1: none, the end of the stream) right after a match of
 * grammar g make it cut (uriscan.h, rule 8)? */
static inline int uriscan__extract_cuts(enum uriscan_grammar g, int c)
{
	if (c < 0)
		return 0;
	return uriscan__cut_set[c & 0xff] >> (g == URISCAN_RFC3987) & 1;
}

/* The characters beyond ASCII that end a URL in text (extract_delim.c:
 * spaces, quotation marks, brackets, sentence punctuation in UTF-8). */
/* A delimiter starts at p[0, n) (p[0] >= 0x80, n >= 1): its length (2
 * or 3; 1 for a byte 0x80-0xBF that is one in Windows-1252), 0 none (a
 * letter, other bytes that are not UTF-8...), -1 not decided (p[0, n) is
 * the start of one: more bytes decide). */
int uriscan__utf8_delim_at(const unsigned char *p, size_t n);
/* The closing brackets among them (U+3009 ... U+FF5D), numbered from 1. */
#define URISCAN__DELIM_PAIRS 12
/* The delimiter that ends b[from, me): its length (0 none); for a closing
 * bracket *pair is its number (else 0) and *open_last the last byte of
 * its opening one's UTF-8 (the other two are the same). */
size_t uriscan__utf8_delim_end(const unsigned char *b, size_t from, size_t me,
                               unsigned *pair, unsigned char *open_last);

struct uriscan__cands; /* extract_find.h */

/* (scan_buffer in extract.c sets each field by name: a new field goes
 * there too) */
struct scan_out {
	/* S_MATCH: b[ms, me) (truncated: b[ms, ms + max_len) are kept and
	 * the match ends at lf); S_OPEN: a truncated run open at the end */
	size_t ms, me, lf, scheme_len;
	int truncated;
	/* S_MATCH (and emit): the match is cut (uriscan.h, rule 8); S_OPEN:
	 * the byte at lf, or -1 when lf is the end of the buffer */
	int cut, after;
	int cs; /* S_OPEN: the machine's state */
	/* S_MORE: bytes from keep on are still needed; `from` was left at the
	 * first ':' not decided yet */
	size_t keep;
	struct uriscan_uri *uri; /* where to parse the match into, or NULL */
	/* The bulk search's candidates in b, kept from one scan of b to the
	 * next, or NULL (extract_find.h) */
	struct uriscan__cands *cands;
	/* When set (uriscan_extract: one whole buffer, eof; the defanged
	 * one's chunks read in place, uriscan__xs_drain), each match is
	 * handed to emit and the scan goes on to the next one instead of
	 * returning S_MATCH; a non-zero return of emit stops it (S_STOP). */
	int (*emit)(void *ctx, const struct scan_out *o);
	void *emit_ctx;
};

/* Check opt and fill *k for grammar g (uriscan_extract_options). */
int uriscan__extract_cfg_init(struct xcfg *k, enum uriscan_grammar g,
                              const struct uriscan_extract_options *opt);

/* The one state that every scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" /
 * "." )) leads grammar g's extraction machine xm to from its start (its tags
 * machine when tags), with no action run, or -1 when there is none. xm must
 * be g's machine in this build (the value is kept per grammar). */
/* uriscan_extract's matches of s[0, len) by the options k already read
 * (without URISCAN_EXTRACT_DEFANGED): each to cb, *count (may be NULL)
 * the number handed over. */
void uriscan__extract_buffer(const struct xcfg *k, const unsigned char *s,
                             size_t len, uriscan_match_fn cb, void *user,
                             uint64_t *count);

int uriscan__extract_entry(enum uriscan_grammar g,
                           const struct uriscan__xmachine *xm, int tags);

/*
 * Find the next match in b[0, len), looking at candidate ':' at indices >=
 * *from, with schemes starting at >= *floor. eof: nothing follows b. On
 * S_MATCH, *from and *floor move past the match. With o->emit, every
 * match goes to emit: S_STOP when it asked to stop, else S_MORE (or, when
 * !eof, S_OPEN as without it: uriscan__xs_drain).
 */
int uriscan__extract_scan(const struct xcfg *k, const unsigned char *b,
                          size_t len, int eof, size_t *from, size_t *floor,
                          struct scan_out *o);

/* The bytes trimming (extract_trim.c) could remove at the end of a match:
 * 3 for . , ; : ! ? ) ] ', 2 for the bytes >= 0x80 (under RFC 3987 the
 * last of a delimiter beyond ASCII may be one), 0 for the others. */
extern const unsigned char uriscan__trim_set[256];

/* Could trimming remove c at the end of a match of k? A table, not a
 * switch: every match asks it of its last byte, and gcc's compare tree
 * for the switch mispredicted on about every other URL of a log. */
static inline int uriscan__trimmable(const struct xcfg *k, unsigned char c)
{
	return uriscan__trim_set[c] & k->trim_bits;
}

/* Trailing punctuation (uriscan.h, rule 4): the new end of the match
 * b[ms, me), not before min_end; at an IRI's end (RFC 3987: only its
 * matches hold bytes >= 0x80) the delimiters beyond ASCII too
 * (uriscan__utf8_delim_end). */
size_t uriscan__extract_trim(const unsigned char *b, size_t ms, size_t me,
                             size_t min_end);

/* Cut the components *u of a match of k's grammar back to its first `cut`
 * bytes (a trimmed end) without a parse when the grammar allows it for the
 * match's form (k->xm->cut): 1 if done, 0 if a parse is needed (*u then
 * unchanged or partly cut: parse again). */
int uriscan__extract_cut(const struct xcfg *k, struct uriscan_uri *u,
                         size_t cut);

/* URISCAN_EXTRACT_CONFUSION: m->confusion, the flags of its bytes, from
 * its components when it has them (a truncated match has none). Out of
 * line: the fill of a match without the option keeps its registers. */
void uriscan__extract_confusion(const struct xcfg *k,
                                struct uriscan_match *m);

/* The match o found in buffer b (stream offset abs) as the caller sees it.
 * Inline: every match of uriscan_extract and of the streaming extractor
 * goes through it, and a call into another file cost about 10
 * instructions a match (docs/performance.md, issue 53). */
static inline void uriscan__extract_fill(const struct xcfg *k,
                                         const struct scan_out *o,
                                         const unsigned char *b,
                                         uint64_t abs,
                                         struct uriscan_match *m)
{
	m->offset = abs + o->ms;
	m->scheme_len = (uint32_t)o->scheme_len;
	m->bytes = (const char *)b + o->ms;
	if (o->truncated) {
		m->length = (uint64_t)(o->lf - o->ms);
		/* the first max_len bytes of the match, never bytes after it
		 * (the longest valid prefix may be short: "http://a:bbb...") */
		m->nbytes = m->length < k->max_len ? (size_t)m->length
		                                   : k->max_len;
		m->flags = URISCAN_MATCH_TRUNCATED;
	} else {
		m->length = (uint64_t)(o->me - o->ms);
		m->nbytes = o->me - o->ms;
		m->flags = 0;
	}
	if (o->cut)
		m->flags |= URISCAN_MATCH_CUT;
	if (o->truncated || (k->flags & URISCAN_EXTRACT_NO_COMPONENTS)) {
		/* no components: every field 0 but the grammar */
		uriscan__uri_reset(&m->uri, k->g, 0);
		m->uri.form = 0;
	}
	m->confusion = 0;
	if (__builtin_expect((k->flags & URISCAN_EXTRACT_CONFUSION) != 0, 0))
		uriscan__extract_confusion(k, m);
}

#endif
