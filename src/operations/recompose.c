/* SPDX-License-Identifier: MIT */
/*
 * recompose.c: components -> URI reference (RFC 3986 5.3), each component
 * checked with its grammar rule, the result checked whole; "set component"
 * on a parse. No allocation; writes only out[0, out_cap).
 */
#include <string.h>

#include "internal.h"

#define AUTH_BITS                                                              \
	((1u << URISCAN_AUTHORITY) | (1u << URISCAN_USERINFO) |                    \
	 (1u << URISCAN_HOST) | (1u << URISCAN_PORT))
#define ALL_BITS ((1u << URISCAN_PARTS_COUNT) - 1u)

/* The rule that checks each component, per grammar. */
enum slot {
	R_SCHEME, R_AUTHORITY, R_USERINFO, R_HOST, R_PORT,
	R_PATH_ABEMPTY, R_PATH_ABSOLUTE, R_PATH_ROOTLESS, R_PATH_NOSCHEME,
	R_QUERY, R_FRAGMENT, R_COUNT
};

static const char *const rule_names[][R_COUNT] = {
	[URISCAN_RFC3986] = {"scheme", "authority", "userinfo", "host", "port",
	                     "path-abempty", "path-absolute", "path-rootless",
	                     "path-noscheme", "query", "fragment"},
	[URISCAN_RFC3987] = {"scheme", "iauthority", "iuserinfo", "ihost",
	                     "port", "ipath-abempty", "ipath-absolute",
	                     "ipath-rootless", "ipath-noscheme", "iquery",
	                     "ifragment"},
	/* RFC 2396: a path after an authority is abs_path (or empty); a
	 * rootless path after a scheme is opaque_part */
	[URISCAN_RFC2396] = {"scheme", "authority", "userinfo", "host", "port",
	                     "abs_path", "abs_path", "opaque_part", "rel_path",
	                     "query", "fragment"},
};

struct ctx {
	enum uriscan_grammar g;
	const struct uriscan_uri_parts *in;
	size_t *error_offset;
	unsigned *error_component;
};

static int fail(struct ctx *x, unsigned c, size_t off)
{
	if (x->error_offset)
		*x->error_offset = off;
	if (x->error_component)
		*x->error_component = c;
	return URISCAN_E_COMPONENT;
}

static int has(const struct uriscan_uri_parts *in, unsigned c)
{
	return (in->present >> c) & 1u;
}

/* Component c of in (empty when absent). */
static struct uriscan_part part_of(const struct uriscan_uri_parts *in,
                                   unsigned c)
{
	struct uriscan_part p = {"", 0};
	if (has(in, c) && in->part[c].len > 0)
		p = in->part[c];
	return p;
}

/* Check component c against rule slot r of the grammar. */
static int check(struct ctx *x, unsigned c, enum slot r)
{
	struct uriscan_part p = part_of(x->in, c);
	unsigned rule;
	struct uriscan_error e;
	int st = uriscan_rule_from_name(x->g, rule_names[x->g][r], &rule);

	if (st != URISCAN_OK)
		return st;
	st = uriscan_validate_rule(x->g, rule, p.p, p.len, 0, &e);
	return st == URISCAN_OK ? st : fail(x, c, e.offset);
}

/* Every component in its place (RFC 3986 5.3 and section 3; RFC 2396
 * section 3 and appendix A). */
static int check_all(struct ctx *x)
{
	const struct uriscan_uri_parts *in = x->in;
	struct uriscan_part path = part_of(in, URISCAN_PATH);
	int auth = (in->present & AUTH_BITS) != 0;
	int old = x->g == URISCAN_RFC2396;
	int st = URISCAN_OK;

	if (has(in, URISCAN_SCHEME))
		st = check(x, URISCAN_SCHEME, R_SCHEME);
	if (st == URISCAN_OK && has(in, URISCAN_AUTHORITY))
		st = check(x, URISCAN_AUTHORITY, R_AUTHORITY);
	if (st == URISCAN_OK && has(in, URISCAN_USERINFO))
		st = check(x, URISCAN_USERINFO, R_USERINFO);
	/* with userinfo or port alone, the host is the empty host */
	if (st == URISCAN_OK && auth && !has(in, URISCAN_AUTHORITY))
		st = check(x, URISCAN_HOST, R_HOST);
	if (st == URISCAN_OK && has(in, URISCAN_PORT))
		st = check(x, URISCAN_PORT, R_PORT);
	if (st != URISCAN_OK)
		return st;

	if (auth) {
		/* path-abempty: after an authority a path is empty or absolute */
		if (path.len > 0 && path.p[0] != '/')
			return fail(x, URISCAN_PATH, 0);
		if (path.len > 0)
			st = check(x, URISCAN_PATH, R_PATH_ABEMPTY);
	} else if (path.len >= 2 && path.p[0] == '/' && path.p[1] == '/') {
		/* would read as an authority */
		return fail(x, URISCAN_PATH, 1);
	} else if (path.len > 0 && path.p[0] == '/') {
		st = check(x, URISCAN_PATH, R_PATH_ABSOLUTE);
	} else if (path.len == 0) {
		/* RFC 2396 has no empty path after a scheme ("s:"), nor before
		 * a query ("?q") */
		if (old && (has(in, URISCAN_SCHEME) || has(in, URISCAN_QUERY)))
			return fail(x, URISCAN_PATH, 0);
	} else if (has(in, URISCAN_SCHEME)) {
		st = check(x, URISCAN_PATH, R_PATH_ROOTLESS);
		/* RFC 2396: an opaque_part takes the '?' in: no query */
		if (st == URISCAN_OK && old && has(in, URISCAN_QUERY))
			return fail(x, URISCAN_QUERY, 0);
	} else {
		/* path-noscheme: no ':' in the first segment */
		st = check(x, URISCAN_PATH, R_PATH_NOSCHEME);
	}
	if (st == URISCAN_OK && has(in, URISCAN_QUERY))
		st = check(x, URISCAN_QUERY, R_QUERY);
	if (st == URISCAN_OK && has(in, URISCAN_FRAGMENT))
		st = check(x, URISCAN_FRAGMENT, R_FRAGMENT);
	return st;
}

/* Output into the caller's buffer; start[c]: where component c begins. */
struct obuf {
	char *p;
	size_t cap, n;
	size_t start[URISCAN_PARTS_COUNT];
};

static void put(struct obuf *o, const char *b, size_t n)
{
	if (o->n < o->cap && n > 0) {
		size_t room = o->cap - o->n;
		memcpy(o->p + o->n, b, n < room ? n : room);
	}
	o->n += n;
}

/* delim before, then component c when present (or when forced). */
static void put_part(struct obuf *o, const struct uriscan_uri_parts *in,
                     unsigned c, const char *before, const char *after,
                     int force)
{
	struct uriscan_part p = part_of(in, c);
	if (!has(in, c) && !force)
		return;
	put(o, before, strlen(before));
	o->start[c] = o->n;
	put(o, p.p, p.len);
	put(o, after, strlen(after));
}

/* RFC 3986 5.3. */
static void build(struct obuf *o, const struct uriscan_uri_parts *in)
{
	int auth = (in->present & AUTH_BITS) != 0;

	put_part(o, in, URISCAN_SCHEME, "", ":", 0);
	if (auth) {
		put(o, "//", 2);
		o->start[URISCAN_AUTHORITY] = o->n;
		put_part(o, in, URISCAN_AUTHORITY, "", "", 0);
		put_part(o, in, URISCAN_USERINFO, "", "@", 0);
		if (!has(in, URISCAN_AUTHORITY))
			put_part(o, in, URISCAN_HOST, "", "", 1);
		put_part(o, in, URISCAN_PORT, ":", "", 0);
	}
	put_part(o, in, URISCAN_PATH, "", "", 1);
	put_part(o, in, URISCAN_QUERY, "?", "", 0);
	put_part(o, in, URISCAN_FRAGMENT, "#", "", 0);
}

static int span_is(const struct uriscan_uri *u, const char *s, unsigned c,
                   const char *b, size_t n)
{
	return URISCAN_HAS(u, c) && u->part[c].len == n &&
	       (n == 0 || memcmp(s + u->part[c].off, b, n) == 0);
}

/* The invariant: the result is valid in the grammar and its parse has
 * exactly the components given. A component check above that missed a
 * case is reported on the component where the parse went wrong. */
static int check_whole(struct ctx *x, const struct obuf *o)
{
	const struct uriscan_uri_parts *in = x->in;
	struct uriscan_uri u;
	int auth = (in->present & AUTH_BITS) != 0;
	int st = uriscan_parse(x->g, o->p, o->n, 0, &u);
	unsigned c, last = URISCAN_PATH;

	if (st != URISCAN_OK) {
		size_t eo = u.error_offset;
		for (c = 0; c < URISCAN_PARTS_COUNT; c++)
			if ((has(in, c) || c == URISCAN_PATH ||
			     (c == URISCAN_AUTHORITY && auth)) &&
			    o->start[c] <= eo)
				last = c;
		return fail(x, last, eo >= o->start[last] ? eo - o->start[last] : 0);
	}
	for (c = 0; c < URISCAN_PARTS_COUNT; c++) {
		struct uriscan_part p = part_of(in, c);
		int want = has(in, c) || c == URISCAN_PATH;
		if (c == URISCAN_AUTHORITY && auth) {
			/* given whole or built from its parts */
			want = 1;
			p.p = o->p + o->start[c];
			p.len = o->start[URISCAN_PATH] - o->start[c];
		}
		if (c == URISCAN_HOST && auth && !has(in, URISCAN_AUTHORITY))
			want = 1; /* maybe the empty host */
		if (has(in, URISCAN_AUTHORITY) && c > URISCAN_AUTHORITY &&
		    c < URISCAN_PATH)
			continue; /* given whole: its parts are the grammar's */
		if (want ? !span_is(&u, o->p, c, p.p, p.len) : URISCAN_HAS(&u, c))
			return fail(x, c, 0);
	}
	return URISCAN_OK;
}

static int grammar_ok(enum uriscan_grammar g)
{
	if ((unsigned)g >= URISCAN_GRAMMAR_COUNT)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (!uriscan_grammar_available(g))
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	return g == URISCAN_RFC1738 ? URISCAN_E_UNSUPPORTED : URISCAN_OK;
}

/* Every output as on failure, before anything is known. */
static void reset(char *out, size_t out_cap, size_t *out_len,
                  size_t *error_offset, unsigned *error_component)
{
	*error_offset = 0;
	*error_component = URISCAN_COMPONENT_NONE;
	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
}

/* uriscan_recompose, with the error's offset and component (not NULL). */
static int recompose(enum uriscan_grammar g,
                     const struct uriscan_uri_parts *in, char *out,
                     size_t out_cap, size_t *out_len, unsigned flags,
                     size_t *error_offset, unsigned *error_component)
{
	struct ctx x = {g, in, error_offset, error_component};
	struct obuf o;
	size_t total = 0;
	int st;

	reset(out, out_cap, out_len, error_offset, error_component);
	if (out_len == NULL || in == NULL || (out == NULL && out_cap != 0) ||
	    flags != 0 || (in->present & ~ALL_BITS) != 0 ||
	    (has(in, URISCAN_AUTHORITY) && (in->present & AUTH_BITS) !=
	                                       (1u << URISCAN_AUTHORITY)))
		return URISCAN_E_INVALID_ARG;
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		if (!has(in, c))
			continue;
		if (in->part[c].p == NULL && in->part[c].len != 0)
			return URISCAN_E_INVALID_ARG;
		if (in->part[c].len > UINT32_MAX - total)
			return URISCAN_E_TOO_LONG;
		total += in->part[c].len;
	}
	if ((st = grammar_ok(g)) != URISCAN_OK)
		return st;
	/* the length with the delimiters, counted before anything is
	 * written: parts of UINT32_MAX bytes in all pass the loop above,
	 * their ':', "//", '?', '#' may not */
	memset(&o, 0, sizeof o);
	build(&o, in);
	if (o.n > UINT32_MAX)
		return URISCAN_E_TOO_LONG;
	if ((st = check_all(&x)) != URISCAN_OK)
		return st;

	memset(&o, 0, sizeof o);
	o.p = out;
	o.cap = out_cap;
	build(&o, in);
	*out_len = o.n;
	if (o.n >= out_cap)
		return URISCAN_E_BUFFER_TOO_SMALL;
	out[o.n] = '\0';
	if ((st = check_whole(&x, &o)) != URISCAN_OK) {
		*out_len = 0;
		out[0] = '\0';
	}
	return st;
}

int uriscan_uri_parts_from(const struct uriscan_uri *u, const char *s,
                           size_t len, struct uriscan_uri_parts *parts)
{
	uint32_t want;
	int st;

	if (parts)
		memset(parts, 0, sizeof *parts);
	if (u == NULL || parts == NULL || (s == NULL && len != 0) ||
	    u->kind == URISCAN_KIND_NONE)
		return URISCAN_E_INVALID_ARG;
	if ((st = grammar_ok(u->grammar)) != URISCAN_OK)
		return st;
	/* the authority split when the parse split it (it has a host),
	 * else whole (an RFC 2396 reg_name, or an empty server) */
	want = (1u << URISCAN_SCHEME) | (1u << URISCAN_PATH) |
	       (1u << URISCAN_QUERY) | (1u << URISCAN_FRAGMENT);
	if (URISCAN_HAS(u, URISCAN_HOST))
		want |= (1u << URISCAN_USERINFO) | (1u << URISCAN_HOST) |
		        (1u << URISCAN_PORT);
	else
		want |= 1u << URISCAN_AUTHORITY;
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		if (!((u->present & want) >> c & 1u))
			continue;
		if (u->part[c].off > len || u->part[c].len > len - u->part[c].off) {
			memset(parts, 0, sizeof *parts);
			return URISCAN_E_INVALID_ARG;
		}
		parts->present |= 1u << c;
		parts->part[c].p = len ? s + u->part[c].off : s;
		parts->part[c].len = u->part[c].len;
	}
	return URISCAN_OK;
}

/* uriscan_set_component, with the error's offset and component (not
 * NULL). */
static int set_component(const struct uriscan_uri *u, const char *s,
                         size_t len, unsigned c, const char *val,
                         size_t val_len, unsigned flags, char *out,
                         size_t out_cap, size_t *out_len,
                         size_t *error_offset, unsigned *error_component)
{
	struct uriscan_uri_parts parts;
	int remove = (flags & URISCAN_SET_REMOVE) != 0;
	int st;

	reset(out, out_cap, out_len, error_offset, error_component);
	if (c >= URISCAN_PARTS_COUNT || (flags & ~URISCAN_SET_REMOVE) != 0 ||
	    (val == NULL && val_len != 0 && !remove))
		return URISCAN_E_INVALID_ARG;
	if ((st = uriscan_uri_parts_from(u, s, len, &parts)) != URISCAN_OK)
		return st;
	if (c == URISCAN_AUTHORITY)
		parts.present &= ~AUTH_BITS;
	else if (c == URISCAN_USERINFO || c == URISCAN_HOST ||
	         c == URISCAN_PORT)
		parts.present &= ~(1u << URISCAN_AUTHORITY);
	if (remove && (c == URISCAN_HOST || c == URISCAN_PATH)) {
		/* the empty host keeps the authority; the path is never absent */
		remove = 0;
		val = "";
		val_len = 0;
	}
	parts.present &= ~(1u << c);
	if (!remove) {
		parts.present |= 1u << c;
		parts.part[c].p = val;
		parts.part[c].len = val_len;
	}
	return recompose(u->grammar, &parts, out, out_cap, out_len, 0,
	                 error_offset, error_component);
}

int uriscan_recompose(enum uriscan_grammar g,
                      const struct uriscan_uri_parts *in, unsigned flags,
                      char *out, size_t out_cap, size_t *out_len,
                      struct uriscan_error *err)
{
	size_t off = 0;
	unsigned comp = URISCAN_COMPONENT_NONE;
	int st = recompose(g, in, out, out_cap, out_len, flags, &off, &comp);

	return uriscan__error(err, st, off, URISCAN_INPUT_FIRST, comp);
}

/* The first version of struct uriscan_set_options: all of 0.2.0's. */
#define SET_OPTIONS_V1 sizeof(struct uriscan_set_options)

int uriscan_set_component(const struct uriscan_uri *u, const char *s,
                          size_t len, const struct uriscan_set_options *opt,
                          char *out, size_t out_cap, size_t *out_len,
                          struct uriscan_error *err)
{
	size_t off = 0;
	unsigned comp = URISCAN_COMPONENT_NONE;
	int st;

	if (opt == NULL || !URISCAN__OPT_SIZE_OK(opt, SET_OPTIONS_V1)) {
		reset(out, out_cap, out_len, &off, &comp);
		return uriscan__error(err, URISCAN_E_INVALID_ARG, 0,
		                      URISCAN_INPUT_NONE, comp);
	}
	st = set_component(u, s, len, opt->component, opt->value,
	                   opt->value_len, opt->flags, out, out_cap, out_len,
	                   &off, &comp);
	/* the new value is the second input; any other component is of s */
	return uriscan__error(err, st, off,
	                      comp == opt->component ? URISCAN_INPUT_SECOND
	                                             : URISCAN_INPUT_FIRST,
	                      comp);
}
