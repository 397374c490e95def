/*
 * dotseg.c: dot-segment removal for reference resolution (RFC 3986 5.2.4,
 * RFC 2396 5.2 step 6). No allocation: the kept segments are found right
 * to left with a counter, counted once, then written right to left.
 */
#include "resolve.h"

#include <string.h>

static char at(const struct uriscan__path *v, size_t i)
{
	return i < v->n[0] ? v->p[0][i] : v->p[1][i - v->n[0]];
}

/* 1 for ".", 2 for "..", 0 for any other segment [b, e). Only the bytes
 * '.' count: "%2E" is not a dot (RFC 3986 5.2.4 works on the string). */
static int dots_of(const struct uriscan__path *v, size_t b, size_t e)
{
	if (e - b == 1 && at(v, b) == '.')
		return 1;
	if (e - b == 2 && at(v, b) == '.' && at(v, b + 1) == '.')
		return 2;
	return 0;
}

/* The result, built right to left: each piece is put before the others. */
struct rout {
	char *dst;   /* NULL: count only */
	size_t pos;  /* writing: bytes still to write left of the cursor */
	size_t len;  /* bytes put so far */
	char head[2];
};

static void put_head(struct rout *o, const char *b, size_t n)
{
	/* the first two bytes of b[0, n) followed by the old head */
	char h[2];
	h[0] = n > 0 ? b[0] : o->head[0];
	h[1] = n > 1 ? b[1] : n == 1 ? o->head[0] : o->head[1];
	o->head[0] = h[0];
	o->head[1] = h[1];
}

static void put_bytes(struct rout *o, const char *b, size_t n)
{
	if (o->dst) {
		o->pos -= n;
		memcpy(o->dst + o->pos, b, n);
	}
	o->len += n;
	put_head(o, b, n);
}

/* Put "/" (when slash) and the segment [b, e) of v. */
static void put_seg(struct rout *o, const struct uriscan__path *v, size_t b,
                    size_t e, int slash)
{
	for (size_t i = e; i > b; i--) {
		char c = at(v, i - 1);
		put_bytes(o, &c, 1);
	}
	if (slash)
		put_bytes(o, "/", 1);
}

/*
 * Start of the segment that ends at e (lo: where the first one starts).
 */
static size_t seg_start(const struct uriscan__path *v, size_t lo, size_t e)
{
	size_t b = e;
	while (b > lo && at(v, b - 1) != '/')
		b--;
	return b;
}

/*
 * Absolute path "/s1/.../sn". RFC 3986 5.2.4 comes down to: "." segments
 * go; a ".." takes away the nearest segment before it that is still there,
 * or nothing when none is left (steps B, C); a path that ends in "." or
 * ".." ends in "/" (the "/" that B and C leave, moved by E). Right to
 * left that is a counter of ".." waiting for a segment.
 *
 * RFC 2396 6c-6f differ only for the ".." left over: 6e and 6f remove
 * "<segment>/../" and a final "<segment>/.." where segment is not "..";
 * a ".." with no segment before it stays (Appendix C: "../../../g" gives
 * "http://a/../g"). The leading "/" is not preceded by a segment. So the
 * ".." left over are kept, before the kept segments (a ".." after a kept
 * segment would have taken it). A final ".." that stays leaves no "/"
 * after it ("/a/../.." gives "/.."); one that takes a segment does (6f).
 */
static void walk_absolute(const struct uriscan__path *v, size_t len,
                          enum uriscan__dots mode, int trailing,
                          struct rout *o, int *last_taken)
{
	size_t waiting = 0, e = len;
	int last_dd = 0;

	if (trailing)
		put_bytes(o, "/", 1);
	for (;;) {
		size_t b = seg_start(v, 1, e);
		int d = dots_of(v, b, e);
		if (d == 2) {
			if (e == len)
				last_dd = 1;
			waiting++;
		} else if (d == 0) {
			if (waiting > 0) {
				waiting--;
				if (last_dd && waiting == 0)
					*last_taken = 1;
			} else {
				put_seg(o, v, b, e, 1);
			}
		}
		if (b == 1)
			break;
		e = b - 1;
	}
	if (mode == URISCAN__DOTS_RFC2396)
		for (; waiting > 0; waiting--)
			put_bytes(o, "/..", 3);
}

/*
 * Rootless path "s1/.../sn" (RFC 3986 only: an RFC 2396 merged path
 * always starts with "/"). Steps A and D drop the dot segments it starts
 * with; the first other segment r is moved without a "/" (E); the rest is
 * as above, r included: a ".." that takes r leaves the path absolute
 * ("b/../c" gives "/c", as 5.2.4 computes it).
 */
static void walk_rootless(const struct uriscan__path *v, size_t len,
                          struct rout *o)
{
	size_t rs = 0, e, waiting = 0;

	for (;;) { /* A, D: skip the leading dot segments */
		size_t j = rs;
		while (j < len && at(v, j) != '/')
			j++;
		if (dots_of(v, rs, j) == 0)
			break;
		if (j == len)
			return; /* only dot segments: "" */
		rs = j + 1;
	}
	e = len;
	{
		size_t b = seg_start(v, rs, e);
		if (b != rs && dots_of(v, b, e) != 0)
			put_bytes(o, "/", 1); /* ends in "." or ".." */
	}
	for (;;) {
		size_t b = seg_start(v, rs, e);
		int d = dots_of(v, b, e);
		if (b == rs) { /* r */
			if (waiting == 0)
				put_seg(o, v, b, e, 0);
			break;
		}
		if (d == 2)
			waiting++;
		else if (d == 0 && waiting > 0)
			waiting--;
		else if (d == 0)
			put_seg(o, v, b, e, 1);
		e = b - 1;
	}
}

static void walk(const struct uriscan__path *v, enum uriscan__dots mode,
                 struct rout *o)
{
	size_t len = v->n[0] + v->n[1];
	int last_taken = 0, trailing = 0;

	if (mode == URISCAN__DOTS_KEEP || len == 0) {
		put_seg(o, v, 0, len, 0);
		return;
	}
	if (at(v, 0) != '/') {
		if (mode == URISCAN__DOTS_RFC3986)
			walk_rootless(v, len, o);
		else
			put_seg(o, v, 0, len, 0);
		return;
	}
	{
		size_t b = seg_start(v, 1, len);
		int d = dots_of(v, b, len);
		trailing = d == 1 || (d == 2 && mode == URISCAN__DOTS_RFC3986);
		if (d == 2 && mode == URISCAN__DOTS_RFC2396) {
			/* does the final ".." take a segment? a dry run says */
			struct rout dry = {NULL, 0, 0, {0, 0}};
			walk_absolute(v, len, mode, 0, &dry, &last_taken);
			trailing = last_taken;
		}
	}
	walk_absolute(v, len, mode, trailing, o, &last_taken);
}

size_t uriscan__dots(const struct uriscan__path *v, enum uriscan__dots mode,
                     char *dst, char head[2])
{
	struct rout o = {NULL, 0, 0, {0, 0}};

	walk(v, mode, &o);
	head[0] = o.head[0];
	head[1] = o.head[1];
	if (dst) {
		size_t n = o.len;
		o = (struct rout){dst, n, 0, {0, 0}};
		walk(v, mode, &o);
	}
	return o.len;
}
