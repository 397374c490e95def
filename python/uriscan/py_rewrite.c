/* SPDX-License-Identifier: MIT */
/*
 * py_rewrite.c: changing a URL without touching the rest (issue 48):
 * quote (uriscan_percent_encode), rewrite (uriscan_rewrite), and the URI
 * methods set_param, append_param, remove_params, keep_params, sort_query,
 * strip_tracking. Only result objects and the option arrays are allocated.
 */
#include "py_rewrite.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* quote                                                               */

struct quote_call {
	enum uriscan_grammar g;
	const struct upy_input *in;
	struct uriscan_encode_options o;
};

static int quote_write(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct quote_call *c = ctx;
	return uriscan_percent_encode(c->g, c->in->s, (size_t)c->in->len, &c->o, out, cap,
	                              out_len, NULL);
}

PyObject *upy_quote(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"s", "component", "grammar", "form",
	                                    "all_percent", NULL};
	PyObject *v[5], *r = NULL;
	struct quote_call c = {.o = {sizeof c.o, URISCAN_ENCODE_PATH, 0}};
	struct upy_input in;
	struct upy_out o;
	const char *comp = "path";
	int form, all, st;
	(void)m;
	if (upy_args("quote", a, n, kw, names, 1, v) < 0 || !upy_required("quote", v, 0, "s") ||
	    upy_grammar(v[2], URISCAN_RFC3986, &c.g) < 0 ||
	    (form = upy_flag_arg(v[3], 0)) < 0 || (all = upy_flag_arg(v[4], 0)) < 0 ||
	    (v[1] != NULL && (comp = upy_str_arg(v[1], "component")) == NULL))
		return NULL;
	if (uriscan_encode_target_from_name(comp, &c.o.target) != URISCAN_OK)
		return PyErr_Format(PyExc_ValueError,
		                    "unknown component %R (userinfo, host, path, path-segment, "
		                    "query, query-key, query-value, fragment)",
		                    v[1]);
	if (form && c.o.target != URISCAN_ENCODE_QUERY_KEY &&
	    c.o.target != URISCAN_ENCODE_QUERY_VALUE)
		return PyErr_Format(PyExc_ValueError,
		                    "form=True goes with component 'query-key' or 'query-value'");
	c.o.flags = (form ? URISCAN_ENCODE_FORM : 0) | (all ? URISCAN_ENCODE_ALL_PERCENT : 0);
	if (upy_input_get(v[0], &in, "quote") < 0)
		return NULL;
	c.in = &in;
	/* room for any result and 32 bytes more: the encoder's fastest path
	 * (uriscan.h); a length the room cannot hold is refused below */
	st = upy_out_run_room(&o, quote_write, &c,
	                      (size_t)in.len <= (SIZE_MAX - 32) / 3 &&
	                              (size_t)in.len <= UINT32_MAX
	                          ? 3 * (size_t)in.len + 32
	                          : 0);
	if (st == URISCAN_OK)
		r = upy_out_result(&o, in.is_str);
	else {
		upy_out_free(&o);
		if (st != UPY_PYERR)
			upy_raise(st, 0, &in);
	}
	upy_input_release(&in);
	return r;
}

PyObject *upy_rewrite(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {
	    "url", "grammar", "set", "query_remove", "query_keep", "query_set",
	    "query_append", "query_sort", "strip_tracking", "drop_fragment",
	    "drop_default_port", "lower", "normalize", "scheme_based", "query_icase",
	    "form", "semicolon", "keep_empty_query", NULL};
	static const unsigned flag_bits[] = {
	    URISCAN_REWRITE_DROP_FRAGMENT, URISCAN_REWRITE_DROP_DEFAULT_PORT,
	    URISCAN_REWRITE_LOWER, URISCAN_REWRITE_NORMALIZE, URISCAN_REWRITE_SCHEME_BASED};
	static const unsigned qflag_bits[] = {URISCAN_QUERY_ICASE, URISCAN_DECODE_PLUS,
	                                      URISCAN_QUERY_SEMICOLON,
	                                      URISCAN_QUERY_KEEP_EMPTY};
	PyObject *v[18], *r = NULL;
	enum uriscan_grammar g;
	struct rw_build b;
	struct upy_input in;
	int f;
	(void)m;
	if (upy_args("rewrite", a, n, kw, names, 2, v) < 0 || !upy_required("rewrite", v, 0, "url"))
		return NULL;
	if (upy_uri_input(v[0]) != NULL)
		g = upy_uri_parsed(v[0])->grammar;
	else
		g = URISCAN_RFC3986;
	if (upy_grammar(v[1], g, &g) < 0 || upy_rwb_init(&b) < 0)
		return NULL;
	for (int i = 0; i < 5; i++) {
		if ((f = upy_flag_arg(v[9 + i], 0)) < 0)
			goto out;
		b.o.flags |= f ? flag_bits[i] : 0;
	}
	for (int i = 0; i < 4; i++) {
		if ((f = upy_flag_arg(v[14 + i], 0)) < 0)
			goto out;
		b.o.query_flags |= f ? qflag_bits[i] : 0;
	}
	if ((b.o.flags & URISCAN_REWRITE_SCHEME_BASED) && !(b.o.flags & URISCAN_REWRITE_NORMALIZE)) {
		PyErr_SetString(PyExc_ValueError, "scheme_based=True goes with normalize=True");
		goto out;
	}
	if ((v[2] && v[2] != Py_None && upy_rwb_sets(&b, v[2]) < 0) ||
	    (v[3] && v[3] != Py_None && upy_rwb_keys(&b, URISCAN_QUERY_REMOVE, v[3]) < 0) ||
	    (v[4] && v[4] != Py_None && upy_rwb_keys(&b, URISCAN_QUERY_KEEP, v[4]) < 0) ||
	    (v[5] && v[5] != Py_None && upy_rwb_pairs(&b, URISCAN_QUERY_SET, v[5]) < 0) ||
	    (v[6] && v[6] != Py_None && upy_rwb_pairs(&b, URISCAN_QUERY_APPEND, v[6]) < 0) ||
	    upy_rwb_tracking(&b, v[8]) < 0)
		goto out;
	if ((f = upy_flag_arg(v[7], 0)) < 0 || (f && upy_rwb_edit(&b, URISCAN_QUERY_SORT) == NULL))
		goto out;
	if (upy_input_get(v[0], &in, "rewrite") < 0)
		goto out;
	r = upy_rwb_run(g, &in, &b);
	upy_input_release(&in);
	if (r != NULL && upy_uri_input(v[0]) != NULL) {
		PyObject *u = upy_rwb_as_uri(v[0], r);
		Py_DECREF(r);
		r = u;
	}
out:
	upy_rwb_free(&b);
	return r;
}

/* ------------------------------------------------------------------ */
/* URI methods                                                         */

PyObject *upy_uri_set_param(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n != 2)
		return PyErr_Format(PyExc_TypeError, "set_param() takes a key and a value");
	if (upy_rwb_init(&b) < 0)
		return NULL;
	if (upy_rwb_pair_edit(&b, URISCAN_QUERY_SET, a[0], a[1]) < 0) {
		upy_rwb_free(&b);
		return NULL;
	}
	return upy_rwb_uri_run(self, &b);
}

PyObject *upy_uri_append_param(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n != 1 && n != 2)
		return PyErr_Format(PyExc_TypeError,
		                    "append_param() takes a key and a value (None: the key alone)");
	if (upy_rwb_init(&b) < 0)
		return NULL;
	if (upy_rwb_pair_edit(&b, URISCAN_QUERY_APPEND, a[0], n == 2 ? a[1] : Py_None) < 0) {
		upy_rwb_free(&b);
		return NULL;
	}
	return upy_rwb_uri_run(self, &b);
}

static PyObject *keys_method(PyObject *self, PyObject *const *a, Py_ssize_t n, unsigned op)
{
	struct rw_build b;
	if (upy_rwb_init(&b) < 0)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++)
		if (upy_rwb_key_edit(&b, op, a[i]) < 0) {
			upy_rwb_free(&b);
			return NULL;
		}
	if (n == 0 && op == URISCAN_QUERY_KEEP) {
		/* keep nothing: remove every pair */
		struct uriscan_query_edit *e = upy_rwb_edit(&b, URISCAN_QUERY_REMOVE);
		if (e == NULL) {
			upy_rwb_free(&b);
			return NULL;
		}
		e->key = "*";
		e->key_len = 1;
	}
	return upy_rwb_uri_run(self, &b);
}

PyObject *upy_uri_remove_params(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	return keys_method(self, a, n, URISCAN_QUERY_REMOVE);
}

PyObject *upy_uri_keep_params(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	return keys_method(self, a, n, URISCAN_QUERY_KEEP);
}

PyObject *upy_uri_sort_query(PyObject *self, PyObject *unused)
{
	struct rw_build b;
	(void)unused;
	if (upy_rwb_init(&b) < 0)
		return NULL;
	if (upy_rwb_edit(&b, URISCAN_QUERY_SORT) == NULL) {
		upy_rwb_free(&b);
		return NULL;
	}
	return upy_rwb_uri_run(self, &b);
}

PyObject *upy_uri_strip_tracking(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n > 1)
		return PyErr_Format(PyExc_TypeError, "strip_tracking() takes at most one argument");
	if (upy_rwb_init(&b) < 0)
		return NULL;
	if (upy_rwb_tracking(&b, n == 1 && a[0] != Py_None ? a[0] : Py_True) < 0) {
		upy_rwb_free(&b);
		return NULL;
	}
	return upy_rwb_uri_run(self, &b);
}
