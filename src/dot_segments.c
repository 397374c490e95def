/*
 * dot_segments.c: remove_dot_segments (RFC 3986 5.2.4) as an iterator over
 * the surviving segments of a path. No allocation; reads only [p, p + n).
 */
#include <string.h>

#include "dot_segments.h"

/* 1 for ".", 2 for "..", 0 for any other segment p[a, b). */
static int dot_kind(const struct uriscan__dots *d, size_t a, size_t b)
{
	int units = 0;
	while (a < b) {
		if (d->p[a] == '.')
			a++;
		else if ((d->flags & URISCAN__DOTS_PCT) && b - a >= 3 &&
		         d->p[a] == '%' && d->p[a + 1] == '2' &&
		         (d->p[a + 2] == 'E' || d->p[a + 2] == 'e'))
			a += 3;
		else
			return 0;
		if (++units > 2)
			return 0;
	}
	return units;
}

static size_t base_of(const struct uriscan__dots *d)
{
	return d->n > 0 && d->p[0] == '/' ? 1 : 0;
}

/* End of the segment starting at a: the next '/' or n. */
static size_t seg_end(const struct uriscan__dots *d, size_t a)
{
	const unsigned char *e = memchr(d->p + a, '/', d->n - a);
	return e ? (size_t)(e - d->p) : d->n;
}

/* Start of the segment that ends at e (a '/' or n), at or after base. */
static size_t seg_start(const struct uriscan__dots *d, size_t e)
{
	size_t base = base_of(d);
	while (e > base && d->p[e - 1] != '/')
		e--;
	return e;
}

void uriscan__dots_init(struct uriscan__dots *d, const char *p, size_t n,
                        unsigned flags)
{
	size_t base, a;

	memset(d, 0, sizeof *d);
	d->p = (const unsigned char *)p;
	d->n = n;
	d->flags = flags;
	d->done = n == 0;
	base = base_of(d);
	d->pos = base;
	d->last_dd = n + 1;
	d->blk_b = d->blk_e = 0;
	if (n == 0)
		return;
	/* the last ".." segment, walking back from the end */
	a = seg_start(d, n);
	for (;;) {
		if (dot_kind(d, a, seg_end(d, a)) == 2) {
			d->last_dd = a;
			break;
		}
		if (a == base)
			break;
		a = seg_start(d, a - 1);
	}
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
	memset(d->bits, 0, sizeof d->bits);
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

int uriscan__dots_next(struct uriscan__dots *d,
                       struct uriscan__dot_piece *out)
{
	int absolute = d->n > 0 && d->p[0] == '/';

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
			/* B and C leave a '/' when the dot segment is the last
			 * one; A and D (the leading dots of a relative path) do
			 * not */
			if (b == d->n && (absolute || d->seen_normal))
				d->pending_tail = 1;
			continue;
		}
		out->slash = absolute || d->seen_normal;
		d->seen_normal = 1;
		surv = in_blk ? (d->bits[idx / 8] >> (idx % 8)) & 1 : 1;
		if (surv) {
			out->off = a;
			out->len = b - a;
			return 1;
		}
	}
	if (d->pending_tail) {
		d->pending_tail = 0;
		out->slash = 1;
		out->off = d->n;
		out->len = 0;
		return 1;
	}
	return 0;
}

size_t uriscan__remove_dot_segments(const char *p, size_t n, char *out,
                                    unsigned flags)
{
	struct uriscan__dots d;
	struct uriscan__dot_piece pc;
	size_t o = 0;

	uriscan__dots_init(&d, p, n, flags);
	while (uriscan__dots_next(&d, &pc)) {
		if (pc.slash)
			out[o++] = '/';
		if (pc.len)
			memcpy(out + o, p + pc.off, pc.len);
		o += pc.len;
	}
	return o;
}
