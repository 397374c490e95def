/* SPDX-License-Identifier: MIT */
/*
 * normgen.c: the normal form of a URI reference (RFC 3986 6.2.2-6.2.3, RFC
 * 3987 5.3) written span by span: runs without escapes are copied whole.
 * No allocation; reads only [s, s + len).
 */
#include <stdint.h>
#include <string.h>

#include "normgen.h"
#include "pct.h" /* uriscan__hexdig */

#define NOWHERE ((size_t)-1)

static const char hex_upper[] = "0123456789ABCDEF";

static unsigned lower(unsigned c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* dst[0, k) = s[0, k) with the ASCII upper-case letters in lower case;
 * 8 bytes at a time (each byte of w below 0x80 tested for 'A'..'Z'). */
static void copy_lower(unsigned char *dst, const unsigned char *s, size_t k)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fu, hi = 0x8080808080808080u;
	size_t x = 0;

	for (; x + 8 <= k; x += 8) {
		uint64_t w, ge_a, gt_z;
		memcpy(&w, s + x, 8);
		ge_a = (w & lo7) + 0x3f3f3f3f3f3f3f3fu; /* + 0x80 - 'A' */
		gt_z = (w & lo7) + 0x2525252525252525u; /* + 0x80 - 'Z' - 1 */
		w |= (ge_a & ~gt_z & ~w & hi) >> 2;     /* 0x80 >> 2: 0x20 */
		memcpy(dst + x, &w, 8);
	}
	for (; x < k; x++)
		dst[x] = (unsigned char)lower(s[x]);
}

static int is_alnum(unsigned c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* The grammar's unreserved set: the escapes it may decode. */
static int decodable(enum uriscan_grammar g, unsigned c)
{
	if (is_alnum(c) || c == '-' || c == '.' || c == '_' || c == '~')
		return 1;
	/* RFC 2396 2.3: mark = "-" | "_" | "." | "!" | "~" | "*" | "'" |
	 * "(" | ")" */
	return g == URISCAN_RFC2396 &&
	       (c == '!' || c == '*' || c == '\'' || c == '(' || c == ')');
}

/* s[a, a + n) equals the lower-case word w, ignoring ASCII case. */
static int span_is(const unsigned char *s, size_t a, size_t n, const char *w)
{
	size_t k = strlen(w);
	if (n != k)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (lower(s[a + i]) != (unsigned char)w[i])
			return 0;
	return 1;
}

/* The default ports of URISCAN_NORM_DEFAULT_PORT (uriscan.h). */
static const struct {
	const char *scheme;
	const char *port;
} default_ports[] = {
    {"http", "80"}, {"https", "443"}, {"ws", "80"}, {"wss", "443"},
    {"ftp", "21"},
};

unsigned uriscan_scheme_default_port(const char *scheme, size_t len)
{
	if (scheme == NULL)
		return 0;
	for (size_t i = 0; i < sizeof default_ports / sizeof default_ports[0];
	     i++) {
		unsigned v = 0;
		if (!span_is((const unsigned char *)scheme, 0, len,
		             default_ports[i].scheme))
			continue;
		for (const char *d = default_ports[i].port; *d; d++)
			v = v * 10 + (unsigned)(*d - '0');
		return v;
	}
	return 0;
}

static int port_is_default(const struct uriscan__norm *n)
{
	const struct uriscan_span *sc = &n->u.part[URISCAN_SCHEME];
	struct uriscan_span p = n->u.part[URISCAN_PORT];

	while (p.len > 0 && n->s[p.off] == '0') {
		p.off++;
		p.len--;
	}
	for (size_t i = 0; i < sizeof default_ports / sizeof default_ports[0];
	     i++)
		if (span_is(n->s, sc->off, sc->len, default_ports[i].scheme))
			return span_is(n->s, p.off, p.len, default_ports[i].port);
	return 0;
}

static int is_http(const struct uriscan__norm *n)
{
	const struct uriscan_span *sc = &n->u.part[URISCAN_SCHEME];
	return URISCAN_HAS(&n->u, URISCAN_SCHEME) &&
	       (span_is(n->s, sc->off, sc->len, "http") ||
	        (n->g != URISCAN_RFC1738 &&
	         span_is(n->s, sc->off, sc->len, "https")));
}

/* The scheme-based steps, and where the path is. */
static void set_scheme_based(struct uriscan__norm *n)
{
	const struct uriscan_uri *u = &n->u;

	if (URISCAN_HAS(u, URISCAN_PORT)) {
		uint32_t off = u->part[URISCAN_PORT].off;
		uint32_t len = u->part[URISCAN_PORT].len;
		if (((n->flags & URISCAN_NORM_EMPTY_PORT) && len == 0) ||
		    ((n->flags & URISCAN_NORM_DEFAULT_PORT) && len > 0 &&
		     URISCAN_HAS(u, URISCAN_SCHEME) && port_is_default(n))) {
			n->drop_b = off - 1; /* the ':' */
			n->drop_e = off + len;
		}
	}
	if (!(n->flags & URISCAN_NORM_HTTP_PATH) ||
	    !URISCAN_HAS(u, URISCAN_AUTHORITY) || !is_http(n))
		return;
	if (n->g == URISCAN_RFC1738) {
		/* 3.3: "http://host" may omit the "/" */
		if (u->part[URISCAN_AUTHORITY].off + u->part[URISCAN_AUTHORITY].len ==
		    n->len) {
			n->path_b = n->path_e = n->len;
			n->path_slash = 1;
		}
	} else if (u->part[URISCAN_PATH].len == 0) {
		n->path_slash = 1;
	}
}

int uriscan__norm_init(struct uriscan__norm *n, enum uriscan_grammar g,
                       const char *s, size_t len, unsigned flags,
                       size_t *error_offset)
{
	const unsigned known = URISCAN_NORM_SCHEME_BASED | URISCAN_NORM_IRI_DECODE;
	struct uriscan_uri *u = &n->u;
	int st;

	if (error_offset)
		*error_offset = 0;
	if ((s == NULL && len != 0) || (flags & ~known) != 0 ||
	    ((flags & URISCAN_NORM_IRI_DECODE) && g != URISCAN_RFC3987))
		return URISCAN_E_INVALID_ARG;
	st = uriscan_parse(g, s, len, 0, u);
	if (st != URISCAN_OK) {
		if (error_offset)
			*error_offset = u->error_offset;
		return st;
	}
	n->s = (const unsigned char *)(s ? s : "");
	n->len = len;
	n->g = g;
	n->flags = flags;
	n->i = n->scheme_e = n->host_b = n->host_e = 0;
	n->dots = n->path_slash = n->path_state = 0;
	n->seg_i = n->seg_e = 0;
	n->pn = n->pi = 0;
	n->nodec_b = n->nodec_e = n->drop_b = n->drop_e = NOWHERE;
	n->q_b = n->q_e = NOWHERE;
	n->path_b = n->path_e = NOWHERE;
	n->decode = g != URISCAN_RFC1738;
	if (URISCAN_HAS(u, URISCAN_SCHEME))
		n->scheme_e = u->part[URISCAN_SCHEME].len;
	if (URISCAN_HAS(u, URISCAN_HOST)) {
		n->host_b = u->part[URISCAN_HOST].off;
		n->host_e = n->host_b + u->part[URISCAN_HOST].len;
	}
	if (URISCAN_HAS(u, URISCAN_REG_NAME)) {
		n->nodec_b = u->part[URISCAN_REG_NAME].off;
		n->nodec_e = n->nodec_b + u->part[URISCAN_REG_NAME].len;
	}
	if (URISCAN_HAS(u, URISCAN_QUERY)) {
		n->q_b = u->part[URISCAN_QUERY].off;
		n->q_e = n->q_b + u->part[URISCAN_QUERY].len;
	}
	if (g != URISCAN_RFC1738 && URISCAN_HAS(u, URISCAN_PATH)) {
		const struct uriscan_span *p = &u->part[URISCAN_PATH];
		int abs = p->len > 0 && n->s[p->off] == '/';
		n->path_b = p->off;
		n->path_e = p->off + p->len;
		n->dots = abs || (g != URISCAN_RFC2396 &&
		                  (URISCAN_HAS(u, URISCAN_SCHEME) ||
		                   URISCAN_HAS(u, URISCAN_AUTHORITY)));
	}
	set_scheme_based(n);
	return URISCAN_OK;
}

static void push(struct uriscan__norm *n, unsigned c)
{
	n->pend[n->pn++] = (unsigned char)c;
}

static int in(size_t i, size_t b, size_t e)
{
	return i >= b && i < e;
}

/* URISCAN_NORM_IRI_DECODE: if the escapes at s[i] encode a character that
 * uriscan_uri_to_iri decodes there, write its bytes to out[0, *k) (at most
 * 4) and return how many input bytes they took; else 0. */
static size_t iri_decode(const struct uriscan__norm *n, size_t i,
                         unsigned char *out, unsigned *k)
{
	char in_buf[1 + 12], dec[24];
	size_t j = 0, bl = 0, ol = 0;

	if (in(i, n->q_b, n->q_e))
		in_buf[bl++] = '?'; /* iprivate is allowed in the query only */
	while (j < 4 && i + 3 * j + 2 < n->len && n->s[i + 3 * j] == '%') {
		memcpy(in_buf + bl, n->s + i + 3 * j, 3);
		bl += 3;
		j++;
	}
	if (uriscan_uri_to_iri(in_buf, bl, 0, dec, sizeof dec, &ol, NULL) !=
	    URISCAN_OK)
		return 0;
	size_t at = in_buf[0] == '?' ? 1 : 0;
	unsigned lead = (unsigned char)dec[at];
	unsigned m = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
	if (m == 0 || ol < at + m)
		return 0;
	memcpy(out, dec + at, m);
	*k = m;
	return 3 * (size_t)m;
}

/* "%2E" at s[i] stays encoded in a path whose dot segments stay (a
 * relative reference's): decoded, it would make a segment "." or ".."
 * that the path did not have (".%2E" is a name to uriscan_resolve). */
static int keeps_dot(const struct uriscan__norm *n, size_t i)
{
	size_t a = i, b = i;

	if (n->dots || !in(i, n->path_b, n->path_e))
		return 0;
	while (a > n->path_b && n->s[a - 1] != '/')
		a--;
	while (b < n->path_e && n->s[b] != '/')
		b++;
	return uriscan__dots_kind((const char *)n->s + a, b - a,
	                          URISCAN__DOTS_PCT) != 0;
}

/* The normal form of the escape at s[i] (with the ones after it, for an
 * IRI character) to out[0, *k) (at most 4 bytes); returns how many input
 * bytes it took. */
static size_t escape(const struct uriscan__norm *n, size_t i,
                     unsigned char *out, unsigned *k)
{
	unsigned o = (unsigned)(uriscan__hexdig(n->s[i + 1]) * 16 + uriscan__hexdig(n->s[i + 2]));

	if (n->decode && decodable(n->g, o) && !in(i, n->nodec_b, n->nodec_e) &&
	    !(o == '.' && keeps_dot(n, i))) {
		out[0] = (unsigned char)(in(i, n->host_b, n->host_e) ? lower(o) : o);
		*k = 1;
		return 3;
	}
	if (o >= 0x80 && (n->flags & URISCAN_NORM_IRI_DECODE)) {
		size_t took = iri_decode(n, i, out, k);
		if (took)
			return took;
	}
	out[0] = '%';
	out[1] = (unsigned char)hex_upper[o >> 4];
	out[2] = (unsigned char)hex_upper[o & 15];
	*k = 3;
	return 3;
}

/*
 * Write the normal form of input bytes from s[i] on (up to e, the end of a
 * stretch copied one way; lo: in lower case) to dst[*o, cap): an escape,
 * or the run of other bytes up to the next escape, as much as fits. What
 * does not fit of an escape waits in pend. Returns the input bytes taken.
 */
static size_t step(struct uriscan__norm *n, size_t i, size_t e, int lo,
                   unsigned char *dst, size_t cap, size_t *o)
{
	const unsigned char *s = n->s;
	size_t room = cap - *o, j;

	if (s[i] == '%') {
		unsigned char t[4];
		unsigned k;
		size_t took = escape(n, i, t, &k);
		if (k <= room) {
			for (unsigned x = 0; x < k; x++)
				dst[(*o)++] = t[x];
		} else {
			memcpy(n->pend, t, k);
			n->pn = k;
		}
		return took;
	}
	if (e - i > room)
		e = i + room;
	const unsigned char *q = memchr(s + i + 1, '%', e - i - 1);
	j = q ? (size_t)(q - s) : e;
	if (lo)
		copy_lower(dst + *o, s + i, j - i);
	else
		memcpy(dst + *o, s + i, j - i);
	*o += j - i;
	return j - i;
}

static void start_path(struct uriscan__norm *n)
{
	n->path_state = 2;
	if (n->path_slash)
		push(n, '/');
	if (!n->dots)
		return;
	struct uriscan__path v = {{(const char *)n->s + n->path_b, NULL},
	                          {n->path_e - n->path_b, 0}};
	uriscan__dots_init(&n->d, &v, URISCAN__DOTS_RFC3986,
	                   n->g == URISCAN_RFC1738 ? 0 : URISCAN__DOTS_PCT);
	if (!URISCAN_HAS(&n->u, URISCAN_AUTHORITY) && uriscan__dots_2slash(&n->d)) {
		push(n, '/');
		push(n, '.');
	}
	n->seg_i = n->seg_e = 0;
	n->path_state = 1;
}

/* The next kept piece of the path (its '/' pushed), or the path's end. */
static void next_piece(struct uriscan__norm *n)
{
	struct uriscan__dot_piece pc;

	if (!uriscan__dots_next(&n->d, &pc)) {
		n->path_state = 2;
		n->i = n->path_e;
		return;
	}
	if (pc.slash)
		push(n, '/');
	n->seg_i = n->path_b + pc.off;
	n->seg_e = n->seg_i + pc.len;
}

static size_t bound(size_t i, size_t b, size_t e)
{
	return b > i && b < e ? b : e;
}

size_t uriscan__norm_fill(struct uriscan__norm *n, unsigned char *dst,
                          size_t cap)
{
	size_t o = 0, i, e;

	while (o < cap) {
		if (n->pi < n->pn) {
			while (n->pi < n->pn && o < cap)
				dst[o++] = n->pend[n->pi++];
			continue;
		}
		n->pi = n->pn = 0;
		if (n->path_state == 1) {
			if (n->seg_i < n->seg_e)
				n->seg_i += step(n, n->seg_i, n->seg_e, 0, dst, cap, &o);
			else
				next_piece(n);
			continue;
		}
		i = n->i;
		if (n->path_state == 0 && i == n->path_b) {
			start_path(n);
			continue;
		}
		if (i >= n->len)
			break;
		if (i == n->drop_b) {
			n->i = n->drop_e;
			continue;
		}
		/* the stretch from i on copied one way */
		e = bound(i, n->scheme_e, n->len);
		e = bound(i, n->host_b, e);
		e = bound(i, n->host_e, e);
		e = bound(i, n->drop_b, e);
		if (n->path_state == 0)
			e = bound(i, n->path_b, e);
		n->i += step(n, i, e, i < n->scheme_e || in(i, n->host_b, n->host_e),
		             dst, cap, &o);
	}
	return o;
}
