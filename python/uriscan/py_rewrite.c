/* SPDX-License-Identifier: MIT */
/*
 * py_rewrite.c: changing a URL without touching the rest (issue 48):
 * quote (uriscan_percent_encode), rewrite (uriscan_rewrite), and the URI
 * methods set_param, append_param, remove_params, keep_params, sort_query,
 * strip_tracking. Only result objects and the option arrays are allocated.
 */
#include "_core.h"

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

/* A str argument into a C string (borrowed from obj), or NULL with an
 * exception. */
static const char *str_arg(PyObject *obj, const char *what)
{
	if (!PyUnicode_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "%s must be a str, not %.100s", what,
		             Py_TYPE(obj)->tp_name);
		return NULL;
	}
	return PyUnicode_AsUTF8(obj);
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
	    (v[1] != NULL && (comp = str_arg(v[1], "component")) == NULL))
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
	st = upy_out_run(&o, quote_write, &c);
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

/* ------------------------------------------------------------------ */
/* The options of a rewrite, built from Python objects                 */

struct rw_build {
	struct uriscan_rewrite_options o;
	struct uriscan_query_edit *ed;
	struct uriscan_set_options *sets;
	const char **globs;
	size_t ned, nsets, nglobs, cap_ed, cap_globs;
	PyObject *keep; /* the objects whose bytes the options point into */
	char *work;
};

static void rwb_free(struct rw_build *b)
{
	PyMem_Free(b->ed);
	PyMem_Free(b->sets);
	PyMem_Free(b->globs);
	PyMem_Free(b->work);
	Py_XDECREF(b->keep);
}

static int rwb_init(struct rw_build *b)
{
	memset(b, 0, sizeof *b);
	b->o.size = sizeof b->o;
	b->keep = PyList_New(0);
	return b->keep ? 0 : -1;
}

/* The bytes of a key, value or glob: str (UTF-8) or bytes-like (bytes,
 * bytearray are copied to bytes). 0, or -1 with an exception. */
static int bytes_of(struct rw_build *b, PyObject *obj, const char **p, size_t *n,
                    const char *what)
{
	PyObject *k;
	if (PyUnicode_Check(obj)) {
		Py_ssize_t len;
		const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
		if (s == NULL)
			return -1;
		*p = s;
		*n = (size_t)len;
		return PyList_Append(b->keep, obj);
	}
	if ((k = PyBytes_FromObject(obj)) == NULL) {
		PyErr_Format(PyExc_TypeError, "%s must be a str or bytes, not %.100s", what,
		             Py_TYPE(obj)->tp_name);
		return -1;
	}
	*p = PyBytes_AS_STRING(k);
	*n = (size_t)PyBytes_GET_SIZE(k);
	int rc = PyList_Append(b->keep, k);
	Py_DECREF(k);
	return rc;
}

static struct uriscan_query_edit *new_edit(struct rw_build *b, unsigned op)
{
	if (b->ned == b->cap_ed) {
		size_t cap = b->cap_ed ? 2 * b->cap_ed : 8;
		void *p = PyMem_Realloc(b->ed, cap * sizeof *b->ed);
		if (p == NULL) {
			PyErr_NoMemory();
			return NULL;
		}
		b->ed = p;
		b->cap_ed = cap;
	}
	struct uriscan_query_edit *e = &b->ed[b->ned++];
	memset(e, 0, sizeof *e);
	e->op = op;
	return e;
}

/* op KEY (REMOVE, KEEP) for one key or glob. */
static int add_key_edit(struct rw_build *b, unsigned op, PyObject *key)
{
	struct uriscan_query_edit *e = new_edit(b, op);
	return e == NULL ? -1 : bytes_of(b, key, &e->key, &e->key_len, "a key");
}

/* op KEY VALUE (SET, APPEND); value None: the key alone. */
static int add_pair_edit(struct rw_build *b, unsigned op, PyObject *key, PyObject *value)
{
	struct uriscan_query_edit *e = new_edit(b, op);
	if (e == NULL || bytes_of(b, key, &e->key, &e->key_len, "a key") < 0)
		return -1;
	if (value == Py_None)
		return 0; /* the key alone, without '=' */
	return bytes_of(b, value, &e->value, &e->value_len, "a value");
}

/* An iterable of keys (a str or bytes alone is one key). */
static int add_keys(struct rw_build *b, unsigned op, PyObject *obj)
{
	PyObject *it, *item;
	int rc = 0;
	if (PyUnicode_Check(obj) || PyBytes_Check(obj))
		return add_key_edit(b, op, obj);
	if ((it = PyObject_GetIter(obj)) == NULL)
		return -1;
	while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
		rc = add_key_edit(b, op, item);
		Py_DECREF(item);
	}
	Py_DECREF(it);
	return rc == 0 && PyErr_Occurred() ? -1 : rc;
}

/* A mapping or an iterable of (key, value) pairs. */
static int add_pairs(struct rw_build *b, unsigned op, PyObject *obj)
{
	PyObject *items = PyDict_Check(obj) ? PyDict_Items(obj) : PySequence_List(obj);
	int rc = 0;
	if (items == NULL)
		return -1;
	for (Py_ssize_t i = 0; rc == 0 && i < PyList_GET_SIZE(items); i++) {
		PyObject *kv = PyList_GET_ITEM(items, i);
		if (!PyTuple_Check(kv) || PyTuple_GET_SIZE(kv) != 2) {
			PyErr_SetString(PyExc_TypeError, "query_set and query_append take a dict or "
			                                 "(key, value) pairs");
			rc = -1;
		} else
			rc = add_pair_edit(b, op, PyTuple_GET_ITEM(kv, 0), PyTuple_GET_ITEM(kv, 1));
	}
	Py_DECREF(items);
	return rc;
}

/* set={component: value or None (removed)}. */
static int add_sets(struct rw_build *b, PyObject *obj)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0, n;
	if (!PyDict_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "set must be a dict, not %.100s",
		             Py_TYPE(obj)->tp_name);
		return -1;
	}
	n = PyDict_Size(obj);
	if ((b->sets = PyMem_Calloc((size_t)n + 1, sizeof *b->sets)) == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	while (PyDict_Next(obj, &pos, &key, &value)) {
		struct uriscan_set_options *s = &b->sets[b->nsets];
		const char *name = str_arg(key, "a component name");
		unsigned c = 0;
		if (name == NULL)
			return -1;
		for (; c < URISCAN_PARTS_COUNT; c++)
			if (strcmp(uriscan_component_name(c), name) == 0)
				break;
		if (c == URISCAN_PARTS_COUNT) {
			PyErr_Format(PyExc_ValueError, "unknown component %R", key);
			return -1;
		}
		s->size = sizeof *s;
		s->component = c;
		if (value == Py_None)
			s->flags = URISCAN_SET_REMOVE;
		else if (bytes_of(b, value, &s->value, &s->value_len, "a component value") < 0)
			return -1;
		b->nsets++;
	}
	return 0;
}

/* strip_tracking: a bool (the built-in list) or an iterable of globs. */
static int add_tracking(struct rw_build *b, PyObject *obj)
{
	PyObject *it, *item;
	int rc = 0;
	if (obj == NULL || obj == Py_False || obj == Py_None)
		return 0;
	b->o.flags |= URISCAN_REWRITE_STRIP_TRACKING;
	if (obj == Py_True)
		return 0;
	if ((it = PyObject_GetIter(obj)) == NULL)
		return -1;
	while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
		const char *p;
		size_t n;
		rc = bytes_of(b, item, &p, &n, "a tracking glob");
		Py_DECREF(item);
		if (rc == 0 && memchr(p, 0, n) != NULL) {
			PyErr_SetString(PyExc_ValueError, "a tracking glob holds a NUL");
			rc = -1;
		}
		if (rc == 0 && b->nglobs == b->cap_globs) {
			size_t cap = b->cap_globs ? 2 * b->cap_globs : 16;
			void *q = PyMem_Realloc(b->globs, cap * sizeof *b->globs);
			if (q == NULL) {
				PyErr_NoMemory();
				rc = -1;
			} else {
				b->globs = q;
				b->cap_globs = cap;
			}
		}
		if (rc == 0)
			b->globs[b->nglobs++] = p; /* str and bytes end with a NUL */
	}
	Py_DECREF(it);
	if (rc == 0 && PyErr_Occurred())
		return -1;
	if (rc == 0) {
		static const char *const empty[1] = {""};
		b->o.tracking = b->nglobs ? b->globs : empty;
		b->o.n_tracking = b->nglobs;
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* Running a rewrite                                                   */

/* Rewrite in with b's options: str/bytes as in, or NULL with an exception
 * (InvalidURI for an invalid input, uriscan.Error for a bad edit). The
 * output and work buffers grow until every step fits (a step before the
 * last may need more room than the result). */
static PyObject *run_rewrite(enum uriscan_grammar g, const struct upy_input *in,
                             struct rw_build *b)
{
	struct uriscan_error err = {0};
	PyObject *r = NULL;
	size_t cap = (size_t)in->len + 256, n = 0;
	char *out = NULL;
	int st;

	for (size_t i = 0; i < b->nsets; i++)
		cap += b->sets[i].value_len + 8;
	b->o.sets = b->sets;
	b->o.n_sets = b->nsets;
	b->o.edits = b->ed;
	b->o.n_edits = b->ned;
	for (;;) {
		PyMem_Free(out);
		PyMem_Free(b->work);
		b->work = NULL;
		if ((out = PyMem_Malloc(cap)) == NULL || (b->work = PyMem_Malloc(cap)) == NULL) {
			PyMem_Free(out);
			return PyErr_NoMemory();
		}
		b->o.work = b->work;
		b->o.work_cap = cap;
		st = uriscan_rewrite(g, in->s, (size_t)in->len, &b->o, out, cap, &n, &err);
		if (st != URISCAN_E_BUFFER_TOO_SMALL)
			break;
		cap = n + 1 > 2 * cap ? n + 1 : 2 * cap;
	}
	if (st == URISCAN_OK)
		r = in->is_str ? PyUnicode_DecodeUTF8(out, (Py_ssize_t)n, "strict")
		               : PyBytes_FromStringAndSize(out, (Py_ssize_t)n);
	else if (err.input == URISCAN_INPUT_FIRST)
		upy_raise(st, err.offset, in);
	else
		upy_raise_why(st, 0, in,
		              st == URISCAN_E_COMPONENT
		                  ? "a component value is not valid in its place"
		                  : "an edit or option is not valid");
	PyMem_Free(out);
	return r;
}

/* The URI (grammar and rule of self) of a rewritten text. */
static PyObject *as_uri(PyObject *self, PyObject *text)
{
	const struct uriscan_uri *pu = upy_uri_parsed(self);
	struct upy_input in;
	struct uriscan_uri u;
	PyObject *r = NULL;
	int st;
	if (upy_input_get(text, &in, "rewrite") < 0)
		return NULL;
	st = uriscan_parse_rule(pu->grammar, pu->rule, in.s, (size_t)in.len, 0, &u);
	if (st != URISCAN_OK)
		upy_raise(st, u.error_offset, &in);
	else
		r = upy_uri_new(text, in.is_str ? (int)PyUnicode_IS_ASCII(text) : 0, &u);
	upy_input_release(&in);
	return r;
}

/* Run b on a URI, giving a URI. Steals nothing; frees b. */
static PyObject *uri_run(PyObject *self, struct rw_build *b)
{
	struct upy_input in;
	PyObject *text, *r = NULL;
	if (upy_input_get(upy_uri_input(self), &in, "rewrite") < 0) {
		rwb_free(b);
		return NULL;
	}
	text = run_rewrite(upy_uri_parsed(self)->grammar, &in, b);
	upy_input_release(&in);
	rwb_free(b);
	if (text != NULL) {
		r = as_uri(self, text);
		Py_DECREF(text);
	}
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
	if (upy_grammar(v[1], g, &g) < 0 || rwb_init(&b) < 0)
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
	if ((v[2] && v[2] != Py_None && add_sets(&b, v[2]) < 0) ||
	    (v[3] && v[3] != Py_None && add_keys(&b, URISCAN_QUERY_REMOVE, v[3]) < 0) ||
	    (v[4] && v[4] != Py_None && add_keys(&b, URISCAN_QUERY_KEEP, v[4]) < 0) ||
	    (v[5] && v[5] != Py_None && add_pairs(&b, URISCAN_QUERY_SET, v[5]) < 0) ||
	    (v[6] && v[6] != Py_None && add_pairs(&b, URISCAN_QUERY_APPEND, v[6]) < 0) ||
	    add_tracking(&b, v[8]) < 0)
		goto out;
	if ((f = upy_flag_arg(v[7], 0)) < 0 || (f && new_edit(&b, URISCAN_QUERY_SORT) == NULL))
		goto out;
	if (upy_input_get(v[0], &in, "rewrite") < 0)
		goto out;
	r = run_rewrite(g, &in, &b);
	upy_input_release(&in);
	if (r != NULL && upy_uri_input(v[0]) != NULL) {
		PyObject *u = as_uri(v[0], r);
		Py_DECREF(r);
		r = u;
	}
out:
	rwb_free(&b);
	return r;
}

/* ------------------------------------------------------------------ */
/* URI methods                                                         */

PyObject *upy_uri_set_param(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n != 2)
		return PyErr_Format(PyExc_TypeError, "set_param() takes a key and a value");
	if (rwb_init(&b) < 0)
		return NULL;
	if (add_pair_edit(&b, URISCAN_QUERY_SET, a[0], a[1]) < 0) {
		rwb_free(&b);
		return NULL;
	}
	return uri_run(self, &b);
}

PyObject *upy_uri_append_param(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n != 1 && n != 2)
		return PyErr_Format(PyExc_TypeError,
		                    "append_param() takes a key and a value (None: the key alone)");
	if (rwb_init(&b) < 0)
		return NULL;
	if (add_pair_edit(&b, URISCAN_QUERY_APPEND, a[0], n == 2 ? a[1] : Py_None) < 0) {
		rwb_free(&b);
		return NULL;
	}
	return uri_run(self, &b);
}

static PyObject *keys_method(PyObject *self, PyObject *const *a, Py_ssize_t n, unsigned op)
{
	struct rw_build b;
	if (rwb_init(&b) < 0)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++)
		if (add_key_edit(&b, op, a[i]) < 0) {
			rwb_free(&b);
			return NULL;
		}
	if (n == 0 && op == URISCAN_QUERY_KEEP) {
		/* keep nothing: remove every pair */
		struct uriscan_query_edit *e = new_edit(&b, URISCAN_QUERY_REMOVE);
		if (e == NULL) {
			rwb_free(&b);
			return NULL;
		}
		e->key = "*";
		e->key_len = 1;
	}
	return uri_run(self, &b);
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
	if (rwb_init(&b) < 0)
		return NULL;
	if (new_edit(&b, URISCAN_QUERY_SORT) == NULL) {
		rwb_free(&b);
		return NULL;
	}
	return uri_run(self, &b);
}

PyObject *upy_uri_strip_tracking(PyObject *self, PyObject *const *a, Py_ssize_t n)
{
	struct rw_build b;
	if (n > 1)
		return PyErr_Format(PyExc_TypeError, "strip_tracking() takes at most one argument");
	if (rwb_init(&b) < 0)
		return NULL;
	if (add_tracking(&b, n == 1 && a[0] != Py_None ? a[0] : Py_True) < 0) {
		rwb_free(&b);
		return NULL;
	}
	return uri_run(self, &b);
}
