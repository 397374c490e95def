/* SPDX-License-Identifier: MIT */
/*
 * dot_segments.c: dot-segment removal (RFC 3986 5.2.4, RFC 2396 6c-6f) as
 * an iterator over the kept segments of a path in two pieces. No
 * allocation; reads only the two pieces.
 */
#include <string.h>

#include "dot_segments.h"

/* Byte i of the path (across its two pieces). */
static unsigned char at(const struct uriscan__dots *d, size_t i)
{
	size_t n0 = d->v.n[0];
	return (unsigned char)(i < n0 ? d->v.p[0][i] : d->v.p[1][i - n0]);
}

int uriscan__dots_kind(const char *seg, size_t n, unsigned flags)
{
	size_t a = 0;
	int units = 0;

	while (a < n) {
		if (seg[a] == '.')
			a++;
		else if ((flags & URISCAN__DOTS_PCT) && n - a >= 3 && seg[a] == '%' &&
		         seg[a + 1] == '2' && (seg[a + 2] == 'E' || seg[a + 2] == 'e'))
			a += 3;
		else
			return 0;
		if (++units > 2)
			return 0;
	}
	return units;
}

/* The kind of segment [a, b) of the path (uriscan__dots_kind); a segment
 * lies in one piece (piece 0 is empty or ends with '/'). */
static int dot_kind(const struct uriscan__dots *d, size_t a, size_t b)
{
	size_t n0 = d->v.n[0];

	if (b <= n0)
		return uriscan__dots_kind(d->v.p[0] + a, b - a, d->flags);
	if (a >= n0)
		return uriscan__dots_kind(d->v.p[1] + (a - n0), b - a, d->flags);
	return 0; /* across the pieces: not made by any caller */
}

static size_t base_of(const struct uriscan__dots *d)
{
	return d->n > 0 && at(d, 0) == '/' ? 1 : 0;
}

/* The first '/' in piece k at or after its offset i, as a path offset. */
static size_t find_slash(const struct uriscan__dots *d, int k, size_t i)
{
	size_t n = d->v.n[k], at0 = k ? d->v.n[0] : 0, near;
	const char *p = d->v.p[k], *s;

	if (i >= n)
		return (size_t)-1;
	/* segments are short: a loop before memchr's call */
	near = n - i < 16 ? n : i + 16;
	for (; i < near; i++)
		if (p[i] == '/')
			return at0 + i;
	s = i < n ? memchr(p + i, '/', n - i) : NULL;
	return s ? at0 + (size_t)(s - p) : (size_t)-1;
}

/* End of the segment starting at a: the next '/' or n. */
static size_t seg_end(const struct uriscan__dots *d, size_t a)
{
	size_t n0 = d->v.n[0], e = (size_t)-1;
	if (a < n0)
		e = find_slash(d, 0, a);
	if (e == (size_t)-1)
		e = find_slash(d, 1, a < n0 ? 0 : a - n0);
	return e == (size_t)-1 ? d->n : e;
}

/* Start of the segment that ends at e (a '/' or n), at or after base. */
static size_t seg_start(const struct uriscan__dots *d, size_t e)
{
	size_t base = base_of(d), n0 = d->v.n[0];
	for (; e > n0 && e > base; e--)
		if (d->v.p[1][e - 1 - n0] == '/')
			return e;
	for (; e > base; e--)
		if (d->v.p[0][e - 1] == '/')
			return e;
	return e;
}

/* 1 if path offset i (in piece k at offset j) starts a segment: the path
 * starts there or a '/' comes before it. */
static int starts_segment(const struct uriscan__dots *d, int k, size_t j)
{
	if (j > 0)
		return d->v.p[k][j - 1] == '/';
	return k == 0 || d->v.n[0] == 0 || d->v.p[0][d->v.n[0] - 1] == '/';
}

/*
 * Find the dot segments from the bytes that can start one ('.', and '%'
 * under URISCAN__DOTS_PCT) at the start of a segment: returns 1 if there is
 * one, and sets d->last_dd to the start of the last ".." (if any).
 */
static int find_dots(struct uriscan__dots *d)
{
	int marks = d->flags & URISCAN__DOTS_PCT ? 2 : 1, any = 0;

	for (int k = 0; k < 2; k++) {
		const char *p = d->v.p[k];
		size_t n = d->v.n[k], at0 = k ? d->v.n[0] : 0;
		if (n == 0)
			continue;
		for (int w = 0; w < marks; w++) {
			const char *q = p;
			while ((q = memchr(q, w ? '%' : '.', n - (size_t)(q - p)))) {
				size_t j = (size_t)(q - p), a = at0 + j;
				int kind;
				if (starts_segment(d, k, j) &&
				    (kind = dot_kind(d, a, seg_end(d, a))) != 0) {
					any = 1;
					if (kind == 2 &&
					    (d->last_dd > d->n || a > d->last_dd))
						d->last_dd = a;
				}
				if (++q == p + n)
					break;
			}
		}
	}
	return any;
}

void uriscan__dots_init(struct uriscan__dots *d, const struct uriscan__path *v,
                        enum uriscan__dots_mode mode, unsigned flags)
{
	/* every field but the block bits (cleared when a block is built),
	 * one by one: gcc makes a `rep stos` of a memset of this size, whose
	 * start-up perf put at 7 % of a resolve call on kasztp (resolve and
	 * normalize 2-6 % faster without it: docs/performance.md, "Per call:
	 * the entry points") */
	d->v = *v;
	d->n = v->n[0] + v->n[1];
	d->flags = flags;
	d->mode = mode;
	d->done = d->n == 0;
	d->whole = mode == URISCAN__DOTS_KEEP ||
	           (mode == URISCAN__DOTS_RFC2396 && base_of(d) == 0);
	d->pos = base_of(d);
	d->seen_normal = d->pending_tail = 0;
	d->depth = 0;
	d->last_dd = d->n + 1;
	d->blk_b = d->blk_e = d->blk_i = d->blk_n = 0;
	/* a path without dot segments is its own output, in both modes */
	if (!d->done && !d->whole && !find_dots(d))
		d->whole = 1;
}

/* Decide the survival of the segments from a (< last_dd) on, as many as a
 * block holds, by one backward pass from the last "..". */
static void build_block(struct uriscan__dots *d, size_t a)
{
	size_t e = a, cnt = 0, s, idx, c = 0;

	while (cnt < URISCAN__DOTS_BLOCK && e < d->last_dd) {
		cnt++;
		e = seg_end(d, e) + 1;
	}
	d->blk_b = a;
	d->blk_e = e;
	d->blk_i = 0;
	d->blk_n = cnt;
	memset(d->bits, 0, (cnt + 7) / 8);
	idx = cnt;
	s = d->last_dd;
	for (;;) {
		int k = dot_kind(d, s, seg_end(d, s));
		int surv = 0;
		if (k == 2)
			c++;
		else if (k == 0) {
			surv = c == 0;
			if (c > 0)
				c--;
		}
		if (s < e) {
			idx--;
			if (surv)
				d->bits[idx / 8] |= (unsigned char)(1u << (idx % 8));
		}
		if (s == a)
			break;
		s = seg_start(d, s - 1);
	}
}

/* A dot segment [a, b) (kind k) read: 1 and *out if it stays. */
static int dot_seg(struct uriscan__dots *d, size_t a, size_t b, int k,
                   int absolute, struct uriscan__dot_piece *out)
{
	if (d->mode == URISCAN__DOTS_RFC2396 && k == 2) {
		/* 6e, 6f: it takes the nearest segment still there; with
		 * none left it stays, and no '/' follows it */
		if (d->depth == 0) {
			out->slash = 1;
			out->off = a;
			out->len = b - a;
			return 1;
		}
		d->depth--;
	}
	/* B and C leave a '/' when the dot segment is the last one; A and
	 * D (the leading dots of a relative path) do not */
	if (b == d->n && (absolute || d->seen_normal))
		d->pending_tail = 1;
	return 0;
}

int uriscan__dots_next(struct uriscan__dots *d,
                       struct uriscan__dot_piece *out)
{
	int absolute = base_of(d);

	if (d->whole && !d->done) {
		d->done = 1;
		*out = (struct uriscan__dot_piece){0, 0, d->n};
		return 1;
	}
	while (!d->done) {
		size_t a = d->pos, b = seg_end(d, a), idx = 0;
		int k = dot_kind(d, a, b), in_blk, surv;

		if (b == d->n)
			d->done = 1;
		else
			d->pos = b + 1;
		in_blk = a >= d->blk_b && a < d->blk_e;
		if (!in_blk && d->last_dd <= d->n && a < d->last_dd) {
			build_block(d, a);
			in_blk = 1;
		}
		if (in_blk)
			idx = d->blk_i++;
		if (k != 0) {
			if (dot_seg(d, a, b, k, absolute, out))
				return 1;
			continue;
		}
		out->slash = absolute || d->seen_normal;
		d->seen_normal = 1;
		d->depth++;
		surv = in_blk ? (d->bits[idx / 8] >> (idx % 8)) & 1 : 1;
		if (surv) {
			out->off = a;
			out->len = b - a;
			return 1;
		}
	}
	if (d->pending_tail) {
		d->pending_tail = 0;
		*out = (struct uriscan__dot_piece){1, d->n, 0};
		return 1;
	}
	return 0;
}

/* *c = *d, the block bits only as far as they are used: a walk to run on
 * without moving d. */
static void fork_walk(struct uriscan__dots *c, const struct uriscan__dots *d)
{
	memcpy(c, d, offsetof(struct uriscan__dots, bits));
	if (d->blk_n > 0)
		memcpy(c->bits, d->bits, (d->blk_n + 7) / 8);
}

int uriscan__dots_2slash(const struct uriscan__dots *d)
{
	struct uriscan__dots c;
	struct uriscan__dot_piece pc;
	int got = 0;

	if (d->whole)
		return !d->done && d->n >= 2 && at(d, 0) == '/' && at(d, 1) == '/';
	fork_walk(&c, d);
	while (got < 2 && uriscan__dots_next(&c, &pc)) {
		if (pc.slash)
			got++;
		for (size_t i = 0; i < pc.len && got < 2; i++, got++)
			if (at(d, pc.off + i) != '/')
				return 0;
	}
	return got == 2;
}

/* Path bytes [off, off + len) to dst[0, min(len, cap)). */
static void copy_out(const struct uriscan__dots *d, size_t off, size_t len,
                     char *dst, size_t cap)
{
	size_t n0 = d->v.n[0], k = off < n0 ? n0 - off : 0;

	if (len > cap)
		len = cap;
	if (k > len)
		k = len;
	if (k)
		memcpy(dst, d->v.p[0] + off, k);
	if (len > k)
		memcpy(dst + k, d->v.p[1] + (off + k - n0), len - k);
}

size_t uriscan__dots_write(const struct uriscan__dots *d, char *dst,
                           size_t cap)
{
	struct uriscan__dots c;
	struct uriscan__dot_piece pc;
	size_t o = 0;

	if (d->whole) {
		if (d->done)
			return 0;
		copy_out(d, 0, d->n, dst, cap);
		return d->n;
	}
	fork_walk(&c, d);
	while (uriscan__dots_next(&c, &pc)) {
		if (pc.slash && o < cap)
			dst[o] = '/';
		o += (size_t)pc.slash;
		if (pc.len && o < cap)
			copy_out(d, pc.off, pc.len, dst + o, cap - o);
		o += pc.len;
	}
	return o;
}
