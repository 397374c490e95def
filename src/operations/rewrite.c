/* SPDX-License-Identifier: MIT */
/*
 * rewrite.c: a reference written again with its query edited
 * (uriscan_query_edit) and the whole-URL rewrite (uriscan_rewrite): the
 * steps that rebuild the reference (uriscan_set_component,
 * uriscan_normalize) write into the caller's two buffers in turn; the last
 * pass copies every byte it does not change. No allocation.
 */
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "query_edit.h"

#define QUERY_EDIT_FLAGS                                                       \
	(URISCAN_DECODE_PLUS | URISCAN_QUERY_SEMICOLON | URISCAN_QUERY_ICASE |      \
	 URISCAN_QUERY_KEEP_EMPTY)
#define REWRITE_FLAGS                                                          \
	(URISCAN_REWRITE_DROP_FRAGMENT | URISCAN_REWRITE_DROP_DEFAULT_PORT |       \
	 URISCAN_REWRITE_LOWER | URISCAN_REWRITE_NORMALIZE |                       \
	 URISCAN_REWRITE_SCHEME_BASED | URISCAN_REWRITE_STRIP_TRACKING)

/* What the last pass does. */
struct pass {
	unsigned flags; /* URISCAN_REWRITE_*: LOWER, DROP_* */
	unsigned qflags;
	const struct uriscan_query_edit *ed;
	size_t ned;
	const char *const *strip;
	size_t nstrip;
	void *sort_work; /* the caller's room for a SORT, or NULL */
	size_t sort_work_size;
};

/* Copy s[0, n) with ASCII letters in lower case, the hex digits of an
 * escape left alone. */
static void put_lower(struct qe_out *o, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = (char)s[i];
		if (c == '%' && i + 2 < n) {
			qe_put(o, s + i, 3);
			i += 2;
			continue;
		}
		if (c >= 'A' && c <= 'Z')
			c = (char)(c + 32);
		qe_put(o, &c, 1);
	}
}

/* Is the port s[0, n) empty or the scheme's default? */
static int default_port(const unsigned char *s, const struct uriscan_uri *u,
                        const unsigned char *port, size_t n)
{
	unsigned def = 0;
	uint32_t v = 0;

	if (n == 0)
		return 1;
	if (URISCAN_HAS(u, URISCAN_SCHEME))
		def = uriscan_scheme_default_port(
		    (const char *)s + u->part[URISCAN_SCHEME].off,
		    u->part[URISCAN_SCHEME].len);
	if (def == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (port[i] < '0' || port[i] > '9')
			return 0;
		v = v * 10 + (uint32_t)(port[i] - '0');
		if (v > 65535)
			return 0;
	}
	return v == def;
}

/* The last pass over s[0, len), parsed into u: everything before the
 * query (scheme and host lowered, the default port dropped), the query's
 * pairs after the edits, the fragment. */
static void last_pass(enum uriscan_grammar g, const unsigned char *s,
                      size_t len, const struct uriscan_uri *u,
                      const struct pass *ps, struct qe_out *o)
{
	size_t at = 0, qs, qe, mark;
	int hq = URISCAN_HAS(u, URISCAN_QUERY);
	int hf = URISCAN_HAS(u, URISCAN_FRAGMENT);
	struct qe_ctx x;

	if (hq) {
		qs = u->part[URISCAN_QUERY].off - 1;
		qe = u->part[URISCAN_QUERY].off + u->part[URISCAN_QUERY].len;
	} else
		qs = qe = hf ? u->part[URISCAN_FRAGMENT].off - 1 : len;
	if ((ps->flags & URISCAN_REWRITE_LOWER) && URISCAN_HAS(u, URISCAN_SCHEME)) {
		put_lower(o, s, u->part[URISCAN_SCHEME].len);
		at = u->part[URISCAN_SCHEME].len;
	}
	if ((ps->flags & URISCAN_REWRITE_LOWER) && URISCAN_HAS(u, URISCAN_HOST)) {
		struct uriscan_span h = u->part[URISCAN_HOST];
		qe_put(o, s + at, h.off - at);
		put_lower(o, s + h.off, h.len);
		at = h.off + h.len;
	}
	if ((ps->flags & URISCAN_REWRITE_DROP_DEFAULT_PORT) &&
	    URISCAN_HAS(u, URISCAN_PORT)) {
		struct uriscan_span p = u->part[URISCAN_PORT];
		if (default_port(s, u, s + p.off, p.len)) {
			qe_put(o, s + at, p.off - 1 - at);
			at = p.off + p.len;
		}
	}
	qe_put(o, s + at, qs - at);

	uriscan__qe_init(&x, g, hq ? (const char *)s + qs + 1 : NULL,
	                 hq ? qe - qs - 1 : 0, ps->qflags, ps->ed, ps->ned);
	x.strip = ps->strip;
	x.nstrip = ps->nstrip;
	qe_set_work(&x, ps->sort_work, ps->sort_work_size);
	mark = o->n;
	qe_put(o, "?", 1);
	if (uriscan__qe_write(&x, o, NULL) == 0 &&
	    !(hq && ((ps->qflags & URISCAN_QUERY_KEEP_EMPTY) || qe == qs + 1)))
		o->n = mark;
	if (!(ps->flags & URISCAN_REWRITE_DROP_FRAGMENT))
		qe_put(o, s + qe, len - qe);
}

/* Does the last pass leave u as it is, whatever its bytes? No query
 * (edits that only remove pairs then change nothing), and nothing to do
 * outside the query. */
static int untouched(const struct uriscan_uri *u, const struct pass *ps)
{
	if (URISCAN_HAS(u, URISCAN_QUERY))
		return 0;
	for (size_t e = 0; e < ps->ned; e++)
		if (ps->ed[e].op == URISCAN_QUERY_SET ||
		    ps->ed[e].op == URISCAN_QUERY_APPEND)
			return 0;
	if (ps->flags & URISCAN_REWRITE_LOWER)
		return 0;
	if ((ps->flags & URISCAN_REWRITE_DROP_DEFAULT_PORT) &&
	    URISCAN_HAS(u, URISCAN_PORT))
		return 0;
	return !(ps->flags & URISCAN_REWRITE_DROP_FRAGMENT) ||
	       !URISCAN_HAS(u, URISCAN_FRAGMENT);
}

/* Parse s (input FIRST on failure), run the last pass into out, check the
 * result. */
static int run_last(enum uriscan_grammar g, const char *s, size_t len,
                    const struct pass *ps, char *out, size_t out_cap,
                    size_t *out_len, struct uriscan_error *err)
{
	struct uriscan_uri u;
	struct qe_out o = {out, out_cap, 0};
	int st = uriscan_parse(g, s, len, 0, &u);

	if (st != URISCAN_OK)
		return uriscan__error1(err, st, u.error_offset);
	if (untouched(&u, ps)) {
		/* the common case of a pipeline: nothing to strip */
		*out_len = len;
		if (len >= out_cap)
			return uriscan__error1(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
		memcpy(out, s, len);
		out[len] = '\0';
		return uriscan__error1(err, URISCAN_OK, 0);
	}
	last_pass(g, (const unsigned char *)s, len, &u, ps, &o);
	if (o.n > UINT32_MAX) {
		if (out_cap > 0)
			out[0] = '\0';
		return uriscan__error1(err, URISCAN_E_TOO_LONG, 0);
	}
	*out_len = o.n;
	if (o.n >= out_cap)
		return uriscan__error1(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
	out[o.n] = '\0';
	/* never an invalid reference: cannot fail (new keys and values are
	 * encoded for their place), checked all the same, unless nothing
	 * changed (s was parsed) */
	if ((o.n != len || memcmp(out, s, len) != 0) &&
	    uriscan_validate(g, out, o.n, 0, NULL) != URISCAN_OK) {
		*out_len = 0;
		out[0] = '\0';
		return uriscan__error(err, URISCAN_E_COMPONENT,
		                      ps->ned ? ps->ned - 1 : 0,
		                      URISCAN_INPUT_SECOND, URISCAN_QUERY);
	}
	return uriscan__error1(err, URISCAN_OK, 0);
}

static int grammar_check(enum uriscan_grammar g)
{
	if ((unsigned)g >= URISCAN_GRAMMAR_COUNT)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (g != URISCAN_RFC3986 && g != URISCAN_RFC3987)
		return URISCAN_E_UNSUPPORTED;
	return uriscan_grammar_available(g) ? URISCAN_OK
	                                    : URISCAN_E_GRAMMAR_UNAVAILABLE;
}

/* Does the room for a SORT overlap out or work (or is NULL with a size)? */
static int sort_work_clash(const void *sw, size_t n, const char *out,
                           size_t out_cap, const char *work, size_t work_cap)
{
	const char *a = sw;

	if (sw == NULL)
		return n != 0;
	return (out != NULL && a < out + out_cap && out < a + n) ||
	       (work != NULL && a < work + work_cap && work < a + n);
}

/* A bad edit: input SECOND, offset its index. */
static int bad_edit(struct uriscan_error *err, size_t i)
{
	if (err != NULL) {
		err->status = URISCAN_E_INVALID_ARG;
		err->offset = i;
		err->input = URISCAN_INPUT_SECOND;
		err->component = URISCAN_QUERY;
	}
	return URISCAN_E_INVALID_ARG;
}

int uriscan_query_edit(enum uriscan_grammar g, const char *s, size_t len,
                       const struct uriscan_query_edit_options *opt,
                       char *out, size_t out_cap, size_t *out_len,
                       struct uriscan_error *err)
{
	struct pass ps;
	size_t bad;
	int st;

	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
	if (opt == NULL || out_len == NULL || (out == NULL && out_cap != 0) ||
	    (s == NULL && len != 0) ||
	    opt->size < sizeof(struct uriscan_query_edit_options) ||
	    (opt->flags & ~QUERY_EDIT_FLAGS) ||
	    (opt->edits == NULL && opt->n_edits != 0))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	if (sort_work_clash(opt->sort_work, opt->sort_work_size, out, out_cap,
	                    NULL, 0))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	if ((st = grammar_check(g)) != URISCAN_OK)
		return uriscan__error1(err, st, 0);
	if (len > UINT32_MAX)
		return uriscan__error1(err, URISCAN_E_TOO_LONG, 0);
	if (uriscan__qe_check(opt->edits, opt->n_edits, &bad) != URISCAN_OK)
		return bad_edit(err, bad);
	if (s == NULL)
		s = ""; /* len is 0: no arithmetic on a null pointer below */
	memset(&ps, 0, sizeof ps);
	ps.sort_work = opt->sort_work;
	ps.sort_work_size = opt->sort_work_size;
	ps.qflags = opt->flags;
	ps.ed = opt->edits;
	ps.ned = opt->n_edits;
	return run_last(g, s, len, &ps, out, out_cap, out_len, err);
}

/* The checks of uriscan_rewrite's options that need no input. */
static int rewrite_args(const struct uriscan_rewrite_options *opt,
                        struct uriscan_error *err, int *done)
{
	size_t bad;

	*done = 1;
	if (opt->size < sizeof(struct uriscan_rewrite_options) ||
	    (opt->flags & ~REWRITE_FLAGS) ||
	    ((opt->flags & URISCAN_REWRITE_SCHEME_BASED) &&
	     !(opt->flags & URISCAN_REWRITE_NORMALIZE)) ||
	    (opt->query_flags & ~QUERY_EDIT_FLAGS) ||
	    (opt->sets == NULL && opt->n_sets != 0) ||
	    (opt->edits == NULL && opt->n_edits != 0) ||
	    (opt->tracking == NULL && opt->n_tracking != 0))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	for (size_t i = 0; i < opt->n_tracking; i++)
		if (opt->tracking[i] == NULL)
			return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	if (uriscan__qe_check(opt->edits, opt->n_edits, &bad) != URISCAN_OK)
		return bad_edit(err, bad);
	*done = 0;
	return URISCAN_OK;
}

int uriscan_rewrite(enum uriscan_grammar g, const char *s, size_t len,
                    const struct uriscan_rewrite_options *opt, char *out,
                    size_t out_cap, size_t *out_len,
                    struct uriscan_error *err)
{
	static const struct uriscan_rewrite_options none = {.size = sizeof none};
	struct pass ps;
	const char *cur = s;
	size_t cur_len = len, steps, step = 0;
	int st, done;

	if (out_len)
		*out_len = 0;
	if (out != NULL && out_cap > 0)
		out[0] = '\0';
	if (out_len == NULL || (out == NULL && out_cap != 0) ||
	    (s == NULL && len != 0))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	if (opt == NULL)
		opt = &none;
	st = rewrite_args(opt, err, &done);
	if (done)
		return st;
	if (sort_work_clash(opt->sort_work, opt->sort_work_size, out, out_cap,
	                    opt->work, opt->work_cap))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);
	if ((st = grammar_check(g)) != URISCAN_OK)
		return uriscan__error1(err, st, 0);
	if (len > UINT32_MAX)
		return uriscan__error1(err, URISCAN_E_TOO_LONG, 0);
	if (s == NULL)
		s = cur = ""; /* len is 0: no arithmetic on a null pointer */
	steps = opt->n_sets + ((opt->flags & URISCAN_REWRITE_NORMALIZE) != 0);
	if (steps > 0 &&
	    (opt->work == NULL || opt->work_cap == 0 ||
	     (out != NULL && opt->work < out + out_cap &&
	      out < opt->work + opt->work_cap)))
		return uriscan__error1(err, URISCAN_E_INVALID_ARG, 0);

	/* the steps before the last: the one right before it writes into
	 * work, the one before that into out, and so on */
	for (size_t i = 0; i <= opt->n_sets && step < steps; i++, step++) {
		int in_work = (steps - 1 - step) % 2 == 0;
		char *buf = in_work ? opt->work : out;
		size_t cap = in_work ? opt->work_cap : out_cap, n = 0;
		if (i < opt->n_sets) {
			struct uriscan_uri u;
			st = uriscan_parse(g, cur, cur_len, 0, &u);
			if (st != URISCAN_OK)
				return uriscan__error1(err, st, u.error_offset);
			st = uriscan_set_component(&u, cur, cur_len, &opt->sets[i], buf,
			                           cap, &n, err);
		} else
			st = uriscan_normalize(
			    g, cur, cur_len,
			    (opt->flags & URISCAN_REWRITE_SCHEME_BASED)
			        ? URISCAN_NORM_SCHEME_BASED
			        : 0,
			    buf, cap, &n, err);
		if (st != URISCAN_OK) {
			*out_len = st == URISCAN_E_BUFFER_TOO_SMALL ? n : 0;
			return st;
		}
		cur = buf;
		cur_len = n;
	}

	memset(&ps, 0, sizeof ps);
	ps.sort_work = opt->sort_work;
	ps.sort_work_size = opt->sort_work_size;
	ps.flags = opt->flags;
	ps.qflags = opt->query_flags;
	ps.ed = opt->edits;
	ps.ned = opt->n_edits;
	if (opt->flags & URISCAN_REWRITE_STRIP_TRACKING) {
		ps.strip = opt->tracking;
		ps.nstrip = opt->n_tracking;
		if (ps.strip == NULL)
			ps.strip = uriscan_tracking_default(&ps.nstrip);
	}
	return run_last(g, cur, cur_len, &ps, out, out_cap, out_len, err);
}
