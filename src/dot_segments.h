/*
 * dot_segments.h: remove_dot_segments (RFC 3986 5.2.4) as an iterator over
 * the surviving segments, with no allocation and no copy. Internal.
 */
#ifndef URISCAN_DOT_SEGMENTS_H
#define URISCAN_DOT_SEGMENTS_H

#include <stddef.h>

/* uriscan__dots_init flags */
#define URISCAN__DOTS_PCT 1u /* "%2E" (either case) counts as "." */

/* Segments whose survival is decided by one backward pass. */
#define URISCAN__DOTS_BLOCK 4096u

/*
 * One piece of the output: an optional '/' and then the bytes
 * p[off, off + len) (a segment, never holding a '/').
 */
struct uriscan__dot_piece {
	int slash;
	size_t off, len;
};

/*
 * The state of one walk over a path p[0, n). Fixed size; it may be copied
 * (a copy walks on independently).
 *
 * The output is exactly what RFC 3986 5.2.4 writes for the input p[0, n)
 * (dot segments are "." and ".." and, with URISCAN__DOTS_PCT, the same with
 * '.' written "%2E"). Segment k survives when no later ".." pops it; that
 * is decided for a block of URISCAN__DOTS_BLOCK segments by one backward
 * pass from the last ".." of the path, so a path of m segments costs
 * O(n * (1 + m / URISCAN__DOTS_BLOCK)) and a path with no ".." O(n).
 */
struct uriscan__dots {
	const unsigned char *p;
	size_t n;
	unsigned flags;
	size_t pos;       /* start of the next segment to look at */
	int done;         /* no more segments */
	int seen_normal;  /* a segment that is not a dot segment was read */
	int pending_tail; /* the last segment was a dot segment: emit "/" */
	size_t last_dd;   /* start of the last ".." segment; n + 1: none */
	size_t blk_b, blk_e; /* segments starting in [blk_b, blk_e) ... */
	size_t blk_i;        /* ... (the next one is number blk_i) ... */
	unsigned char bits[URISCAN__DOTS_BLOCK / 8]; /* ... survive if set */
};

void uriscan__dots_init(struct uriscan__dots *d, const char *p, size_t n,
                        unsigned flags);
/* The next piece: 1 and *out, or 0 at the end. */
int uriscan__dots_next(struct uriscan__dots *d,
                       struct uriscan__dot_piece *out);

/*
 * The whole of remove_dot_segments into out (at least n bytes: the output
 * is never longer than the input); returns the output length.
 */
size_t uriscan__remove_dot_segments(const char *p, size_t n, char *out,
                                    unsigned flags);

#endif
