/* SPDX-License-Identifier: MIT */
/*
 * resolve.c: reference resolution (RFC 3986 5.2-5.3, RFC 3987 6.5, RFC
 * 2396 5.2) into the caller's buffer. Public API only; no allocation.
 */
#include <string.h>

#include "dot_segments.h"
#include "internal.h"

/* The components of the target (5.2.2 "T"), each [p, p + n) or absent. */
struct piece {
	const char *p;
	size_t n;
	int has;
};

struct target {
	struct piece scheme, authority, query, fragment;
	struct uriscan__path path;
	enum uriscan__dots_mode dots;
};

static struct piece part(const char *s, const struct uriscan_uri *u,
                         unsigned c)
{
	struct piece x = {NULL, 0, 0};
	if (URISCAN_HAS(u, c)) {
		x.p = s + u->part[c].off;
		x.n = u->part[c].len;
		x.has = 1;
	}
	return x;
}

static struct uriscan__path one_path(struct piece x)
{
	struct uriscan__path v = {{x.p, NULL}, {x.n, 0}};
	return v;
}

static int scheme_eq(struct piece a, struct piece b)
{
	if (!a.has || !b.has || a.n != b.n)
		return 0;
	for (size_t i = 0; i < a.n; i++) {
		unsigned char x = (unsigned char)a.p[i], y = (unsigned char)b.p[i];
		if (x >= 'A' && x <= 'Z')
			x = (unsigned char)(x + 32);
		if (y >= 'A' && y <= 'Z')
			y = (unsigned char)(y + 32);
		if (x != y)
			return 0;
	}
	return 1;
}

/* 5.2.3 merge: the base path up to its last "/" then the reference path;
 * "/" then the reference path when the base has an authority and an empty
 * path. (RFC 2396 6a-6b say the first part only; its Appendix C never
 * meets the second: with it, "g" against "http://a" gave "http://ag".) */
static struct uriscan__path merge(struct piece bauth, struct piece bpath,
                                  struct piece rpath)
{
	struct uriscan__path v = {{bpath.p, rpath.p}, {0, rpath.n}};
	if (bauth.has && bpath.n == 0) {
		v.p[0] = "/";
		v.n[0] = 1;
		return v;
	}
	for (size_t i = bpath.n; i > 0; i--)
		if (bpath.p[i - 1] == '/') {
			v.n[0] = i;
			break;
		}
	return v;
}

/*
 * 5.2.2 (RFC 3986) with the RFC 2396 5.2 differences marked "2396:".
 * Returns URISCAN_OK or URISCAN_E_UNSUPPORTED.
 */
static int pick(enum uriscan_grammar g, const char *b,
                const struct uriscan_uri *bu, const char *r,
                const struct uriscan_uri *ru, unsigned flags, unsigned opaque,
                struct target *t)
{
	int old = g == URISCAN_RFC2396;
	enum uriscan__dots_mode rds = old ? URISCAN__DOTS_RFC2396
	                             : URISCAN__DOTS_RFC3986;
	struct piece rscheme = part(r, ru, URISCAN_SCHEME);
	struct piece rauth = part(r, ru, URISCAN_AUTHORITY);
	struct piece rpath = part(r, ru, URISCAN_PATH);
	struct piece bpath = part(b, bu, URISCAN_PATH);

	t->scheme = part(b, bu, URISCAN_SCHEME);
	t->authority = part(b, bu, URISCAN_AUTHORITY);
	t->query = part(r, ru, URISCAN_QUERY);
	t->fragment = part(r, ru, URISCAN_FRAGMENT);
	t->dots = rds;

	/* 5.2.2 non-strict; 2396 step 3 describes the same choice */
	if ((flags & URISCAN_RESOLVE_NON_STRICT) && scheme_eq(rscheme, t->scheme))
		rscheme.has = 0;

	if (rscheme.has) {
		/* 2396 step 3: the reference is taken as it is (no dots
		 * removed, here and in steps 4 and 5) */
		t->scheme = rscheme;
		t->authority = rauth;
		t->path = one_path(rpath);
		if (old)
			t->dots = URISCAN__DOTS_KEEP;
		return URISCAN_OK;
	}
	if (rauth.has) {
		t->authority = rauth;
		t->path = one_path(rpath);
		if (old)
			t->dots = URISCAN__DOTS_KEEP;
		return URISCAN_OK;
	}
	if (rpath.n == 0 && (!old || !t->query.has)) {
		/* the base's path, unchanged; the base's query unless the
		 * reference has one. 2396 step 2 only for an empty reference
		 * without a query ("current document"): "?y" goes to step 6 */
		t->path = one_path(bpath);
		t->dots = URISCAN__DOTS_KEEP;
		if (!t->query.has)
			t->query = part(b, bu, URISCAN_QUERY);
		return URISCAN_OK;
	}
	if (rpath.n > 0 && rpath.p[0] == '/') {
		t->path = one_path(rpath);
		if (old) /* 2396 step 5: "/./g" stays "http://a/./g" */
			t->dots = URISCAN__DOTS_KEEP;
		return URISCAN_OK;
	}
	/* 2396 step 6 is defined on a hierarchical base path only */
	if (old && bu->form == opaque)
		return URISCAN_E_UNSUPPORTED;
	t->path = merge(t->authority, bpath, rpath);
	return URISCAN_OK;
}

/* Output into the caller's buffer, clipped to its capacity. */
struct obuf {
	char *p;
	size_t cap;
	size_t n;
};

static void put(struct obuf *o, const char *s, size_t n)
{
	if (n > 0 && o->n < o->cap) {
		size_t room = o->cap - o->n;
		memcpy(o->p + o->n, s, n < room ? n : room);
	}
	o->n += n;
}

/* 5.3 recomposition, in one pass: the output is clipped to the capacity
 * and its length counted (on URISCAN_E_BUFFER_TOO_SMALL out holds a
 * prefix of it). */
static int compose(const struct target *t, char *out, size_t out_cap,
                   size_t *out_len)
{
	struct obuf o = {out, out_cap, 0};
	struct uriscan__dots d;

	uriscan__dots_init(&d, &t->path, t->dots, 0);
	put(&o, t->scheme.p, t->scheme.n);
	put(&o, ":", 1);
	if (t->authority.has) {
		put(&o, "//", 2);
		put(&o, t->authority.p, t->authority.n);
	} else if (uriscan__dots_2slash(&d)) {
		/* no authority and a path "//...": "/." keeps the path a path */
		put(&o, "/.", 2);
	}
	o.n += uriscan__dots_write(&d, o.n < o.cap ? out + o.n : NULL,
	                           o.n < o.cap ? o.cap - o.n : 0);
	if (t->query.has) {
		put(&o, "?", 1);
		put(&o, t->query.p, t->query.n);
	}
	if (t->fragment.has) {
		put(&o, "#", 1);
		put(&o, t->fragment.p, t->fragment.n);
	}
	*out_len = o.n;
	if (o.n >= out_cap)
		return URISCAN_E_BUFFER_TOO_SMALL;
	out[o.n] = '\0';
	return URISCAN_OK;
}

/*
 * RFC 2396: Appendix C resolves "?y", but its grammar (Appendix A) has no
 * such reference: relativeURI needs a net_path, abs_path or rel_path before
 * the "?" (RFC 3986 allows the empty path). So a reference that starts
 * with "?" is read as "?" query ["#" fragment], with the rules query and
 * fragment of RFC 2396; an error is at its offset in the reference.
 */
static int parse_query_ref_2396(const char *r, size_t n,
                                struct uriscan_uri *u)
{
	const char *h = memchr(r, '#', n);
	size_t qe = h ? (size_t)(h - r) : n, eo = 0;
	unsigned rq = 0, rf = 0;
	struct uriscan_error e;
	int st;

	memset(u, 0, sizeof *u);
	u->grammar = URISCAN_RFC2396;
	u->form = URISCAN_FORM_NONE;
	if (uriscan_rule_from_name(URISCAN_RFC2396, "query", &rq) != URISCAN_OK ||
	    uriscan_rule_from_name(URISCAN_RFC2396, "fragment", &rf) != URISCAN_OK)
		return URISCAN_E_RULE_UNKNOWN;
	st = uriscan_validate_rule(URISCAN_RFC2396, rq, r + 1, qe - 1, 0, &e);
	eo = e.offset;
	if (st != URISCAN_OK) {
		/* "%4#": the "#" is where the escape breaks, as for the whole */
		if (st == URISCAN_E_INCOMPLETE && h)
			st = URISCAN_E_BAD_PERCENT;
		u->error_offset = 1 + eo;
		return st;
	}
	if (h) {
		st = uriscan_validate_rule(URISCAN_RFC2396, rf, h + 1, n - qe - 1, 0,
		                           &e);
		if (st != URISCAN_OK) {
			u->error_offset = qe + 1 + e.offset;
			return st;
		}
	}
	u->kind = URISCAN_KIND_RELATIVE;
	u->present = (1u << URISCAN_PATH) | (1u << URISCAN_QUERY);
	u->part[URISCAN_PATH].off = 0;
	u->part[URISCAN_QUERY].off = 1;
	u->part[URISCAN_QUERY].len = (uint32_t)(qe - 1);
	if (h) {
		u->present |= 1u << URISCAN_FRAGMENT;
		u->part[URISCAN_FRAGMENT].off = (uint32_t)(qe + 1);
		u->part[URISCAN_FRAGMENT].len = (uint32_t)(n - qe - 1);
	}
	return URISCAN_OK;
}

static int fail(struct uriscan_error *err, int st, size_t off,
                enum uriscan_input in)
{
	return uriscan__error(err, st, off, in, URISCAN_COMPONENT_NONE);
}

static int resolve(enum uriscan_grammar g, const char *base, size_t base_len,
                   const char *ref, size_t ref_len, unsigned flags, char *out,
                   size_t out_cap, size_t *out_len, struct uriscan_error *err);

int uriscan_resolve(enum uriscan_grammar g, const char *base, size_t base_len,
                    const char *ref, size_t ref_len, unsigned flags, char *out,
                    size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	struct uriscan_error e;
	int st = resolve(g, base, base_len, ref, ref_len, flags, out, out_cap,
	                 out_len, &e);

	if (err != NULL)
		*err = e;
	return st;
}

/* uriscan_resolve; every return fills *err (not NULL). */
static int resolve(enum uriscan_grammar g, const char *base, size_t base_len,
                   const char *ref, size_t ref_len, unsigned flags, char *out,
                   size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	struct uriscan_uri bu, ru;
	struct target t;
	unsigned opaque = URISCAN_FORM_NONE;
	int st;

	fail(err, URISCAN_OK, 0, URISCAN_INPUT_NONE);
	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
	if (out_len == NULL || (out == NULL && out_cap != 0) ||
	    (base == NULL && base_len != 0) || (ref == NULL && ref_len != 0) ||
	    (flags & ~URISCAN_RESOLVE_NON_STRICT) != 0)
		return fail(err, URISCAN_E_INVALID_ARG, 0, URISCAN_INPUT_NONE);
	if (!uriscan_grammar_available(g))
		return fail(err,
		            (unsigned)g >= URISCAN_GRAMMAR_COUNT
		                ? URISCAN_E_GRAMMAR_UNKNOWN
		                : URISCAN_E_GRAMMAR_UNAVAILABLE,
		            0, URISCAN_INPUT_NONE);
	if (g == URISCAN_RFC1738)
		return fail(err, URISCAN_E_UNSUPPORTED, 0, URISCAN_INPUT_NONE);
	if (base == NULL)
		base = "";
	if (ref == NULL)
		ref = "";

	st = uriscan_parse(g, base, base_len, 0, &bu);
	if (st != URISCAN_OK)
		return fail(err, st, bu.error_offset, URISCAN_INPUT_FIRST);
	if (bu.kind != URISCAN_KIND_URI)
		return fail(err, URISCAN_E_BASE_RELATIVE, 0, URISCAN_INPUT_FIRST);
	st = uriscan_parse(g, ref, ref_len, 0, &ru);
	if (st == URISCAN_E_SYNTAX && ru.error_offset == 0 &&
	    g == URISCAN_RFC2396 && ref[0] == '?')
		st = parse_query_ref_2396(ref, ref_len, &ru);
	if (st != URISCAN_OK)
		return fail(err, st, ru.error_offset, URISCAN_INPUT_SECOND);

	if (g == URISCAN_RFC2396 &&
	    uriscan_rule_from_name(g, "opaque_part", &opaque) != URISCAN_OK)
		opaque = URISCAN_FORM_NONE;
	st = pick(g, base, &bu, ref, &ru, flags, opaque, &t);
	if (st == URISCAN_OK)
		st = compose(&t, out, out_cap, out_len);
	return fail(err, st, 0, URISCAN_INPUT_NONE);
}
