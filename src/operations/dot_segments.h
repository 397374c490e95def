/* SPDX-License-Identifier: MIT */
/*
 * dot_segments.h: dot-segment removal (RFC 3986 5.2.4, RFC 2396 5.2 steps
 * 6c-6f) as an iterator over the kept segments. Internal; no allocation.
 */
#ifndef URISCAN_DOT_SEGMENTS_H
#define URISCAN_DOT_SEGMENTS_H

#include <stddef.h>

/* A path made of two pieces read one after the other (a merged path is
 * the base's directory then the reference's path); n[1] may be 0. Piece 0
 * is empty or ends with '/' (no segment lies across the two). */
struct uriscan__path {
	const char *p[2];
	size_t n[2];
};

enum uriscan__dots_mode {
	URISCAN__DOTS_KEEP = 0, /* the path as it is, one piece */
	URISCAN__DOTS_RFC3986,  /* remove_dot_segments, RFC 3986 5.2.4 */
	URISCAN__DOTS_RFC2396   /* RFC 2396 5.2 steps 6c-6f */
};

/* uriscan__dots_init flags */
#define URISCAN__DOTS_PCT 1u /* "%2E" (either case) counts as "." */

/* Segments whose survival is decided by one backward pass. */
#define URISCAN__DOTS_BLOCK 4096u

/*
 * One piece of the output: an optional '/' and then the bytes [off,
 * off + len) of the path (read across its two pieces; a segment holds no
 * '/', except the one piece of URISCAN__DOTS_KEEP).
 */
struct uriscan__dot_piece {
	int slash;
	size_t off, len;
};

/*
 * The state of one walk over a path. Fixed size; it may be copied (a copy
 * walks on independently).
 *
 * RFC3986: exactly what 5.2.4 writes (dot segments are "." and ".." and,
 * with URISCAN__DOTS_PCT, the same with '.' written "%2E"). Segment k
 * survives when no later ".." pops it; that is decided for a block of
 * URISCAN__DOTS_BLOCK segments by one backward pass from the last ".." of
 * the path, so a path of m segments costs O(n * (1 + m / BLOCK)) and a path
 * with no ".." O(n).
 *
 * RFC2396: 6c and 6d drop "." segments; 6e and 6f remove "<segment>/../"
 * and a final "<segment>/.." where segment is not "..". So the same
 * segments survive as in RFC3986, but a ".." with no segment left before
 * it to take stays (Appendix C: "../../../g" gives "http://a/../g"; these
 * come before every kept segment), and a final ".." that stays leaves no
 * '/' after it ("/a/../.." gives "/.."; "/a/.." gives "/"). A path that
 * does not start with '/' is kept as it is (6c-6f work on the merged
 * path, which starts with '/').
 *
 * uriscan__dots_init sets each field but bits by name: a new field goes
 * there too.
 */
struct uriscan__dots {
	struct uriscan__path v;
	size_t n;                 /* v.n[0] + v.n[1] */
	unsigned flags;
	enum uriscan__dots_mode mode;
	size_t pos;       /* start of the next segment to look at */
	int done;         /* no more segments */
	int whole;        /* yield [0, n) as one piece (KEEP) */
	int seen_normal;  /* a segment that is not a dot segment was read */
	int pending_tail; /* the last segment was a dot segment: emit "/" */
	size_t depth;     /* RFC2396: segments read that a ".." may take */
	size_t last_dd;   /* start of the last ".." segment; n + 1: none */
	size_t blk_b, blk_e; /* segments starting in [blk_b, blk_e) ... */
	size_t blk_i;        /* ... (the next one is number blk_i of blk_n) ... */
	size_t blk_n;
	unsigned char bits[URISCAN__DOTS_BLOCK / 8]; /* ... survive if set */
};

/* 1 if seg[0, n) is the segment ".", 2 if "..", else 0 (with
 * URISCAN__DOTS_PCT, '.' may be written "%2E" or "%2e"). */
int uriscan__dots_kind(const char *seg, size_t n, unsigned flags);

void uriscan__dots_init(struct uriscan__dots *d, const struct uriscan__path *v,
                        enum uriscan__dots_mode mode, unsigned flags);
/* The next piece: 1 and *out, or 0 at the end. */
int uriscan__dots_next(struct uriscan__dots *d,
                       struct uriscan__dot_piece *out);

/* 1 if the output of the walk d (from where it stands) starts with "//". */
int uriscan__dots_2slash(const struct uriscan__dots *d);

/*
 * The length of the output of the walk d (from where it stands); its first
 * min(length, cap) bytes are also written to dst (which may be NULL when
 * cap is 0). d is unchanged.
 */
size_t uriscan__dots_write(const struct uriscan__dots *d, char *dst,
                           size_t cap);

#endif
