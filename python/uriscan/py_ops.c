/* SPDX-License-Identifier: MIT */
/*
 * py_ops.c: the URI operations of the extension: normalize, equivalent,
 * unquote, query_params, query_get. Only result objects are allocated.
 */
#include "_core.h"

#include <string.h>

/* The scheme-based steps: a bool (all or none) or step names (a str or an
 * iterable of them); ORed into *flags. 0, or -1 with an exception. */
static int scheme_steps(PyObject *obj, unsigned *flags)
{
	static const struct {
		const char *name;
		unsigned bit;
	} steps[] = {{"empty_port", URISCAN_NORM_EMPTY_PORT},
	             {"default_port", URISCAN_NORM_DEFAULT_PORT},
	             {"http_path", URISCAN_NORM_HTTP_PATH}};
	PyObject *it, *item;
	int ret = 0;
	if (obj == NULL || obj == Py_None || PyBool_Check(obj)) {
		*flags |= obj == Py_True ? URISCAN_NORM_SCHEME_BASED : 0;
		return 0;
	}
	if ((it = PyUnicode_Check(obj) ? PyTuple_Pack(1, obj) : NULL) != NULL) {
		item = PyObject_GetIter(it);
		Py_DECREF(it);
		it = item;
	} else if (!PyUnicode_Check(obj))
		it = PyObject_GetIter(obj);
	if (it == NULL) {
		if (PyErr_ExceptionMatches(PyExc_TypeError)) {
			PyErr_Clear();
			PyErr_Format(PyExc_TypeError,
			             "scheme_based must be a bool or step names, not %.100s",
			             Py_TYPE(obj)->tp_name);
		}
		return -1;
	}
	while (ret == 0 && (item = PyIter_Next(it)) != NULL) {
		const char *name = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
		size_t i = 0;
		if (!PyUnicode_Check(item))
			PyErr_Format(PyExc_TypeError, "scheme_based: a step name is a str, not %.100s",
			             Py_TYPE(item)->tp_name);
		for (; name && i < sizeof steps / sizeof steps[0]; i++)
			if (strcmp(name, steps[i].name) == 0)
				break;
		if (name != NULL && i < sizeof steps / sizeof steps[0])
			*flags |= steps[i].bit;
		else {
			if (!PyErr_Occurred())
				PyErr_Format(PyExc_ValueError, "unknown scheme-based step %R "
				             "(empty_port, default_port, http_path)", item);
			ret = -1;
		}
		Py_DECREF(item);
	}
	Py_DECREF(it);
	return ret == 0 && PyErr_Occurred() ? -1 : ret;
}

struct norm_call {
	enum uriscan_grammar g;
	const struct upy_input *in;
	unsigned flags;
	size_t eo;
};

static int norm_write(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct norm_call *c = ctx;
	struct uriscan_error err;
	int st = uriscan_normalize(c->g, c->in->s, (size_t)c->in->len, c->flags, out, cap,
	                           out_len, &err);
	c->eo = err.offset;
	return st;
}

PyObject *upy_normalize(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"s", "grammar", "scheme_based", "iri_decode",
	                                    NULL};
	PyObject *v[4], *r = NULL;
	struct norm_call c = {.flags = 0};
	struct upy_input in;
	struct upy_out o;
	int iri, st;
	(void)m;
	if (upy_args("normalize", a, n, kw, names, 2, v) < 0 ||
	    !upy_required("normalize", v, 0, "s") ||
	    upy_grammar(v[1], URISCAN_RFC3986, &c.g) < 0 ||
	    scheme_steps(v[2], &c.flags) < 0 || (iri = upy_flag_arg(v[3], 0)) < 0)
		return NULL;
	c.flags |= iri ? URISCAN_NORM_IRI_DECODE : 0;
	if (upy_input_get(v[0], &in, "normalize") < 0)
		return NULL;
	c.in = &in;
	st = upy_out_run(&o, norm_write, &c);
	if (st == URISCAN_OK)
		r = upy_out_result(&o, in.is_str);
	else {
		upy_out_free(&o);
		if (st != UPY_PYERR)
			upy_raise(st, c.eo, &in);
	}
	upy_input_release(&in);
	return r;
}

PyObject *upy_equivalent(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"a", "b", "grammar", "level", "scheme_based",
	                                    "iri_decode", NULL};
	PyObject *v[6];
	enum uriscan_grammar g;
	struct upy_input x, y;
	unsigned flags = 0;
	struct uriscan_error err;
	int equal = 0, st, iri;
	const char *level = "syntax";
	(void)m;
	if (upy_args("equivalent", a, n, kw, names, 4, v) < 0 ||
	    !upy_required("equivalent", v, 0, "a") || !upy_required("equivalent", v, 1, "b") ||
	    upy_grammar(v[2], URISCAN_RFC3986, &g) < 0 ||
	    scheme_steps(v[4], &flags) < 0 || (iri = upy_flag_arg(v[5], 0)) < 0)
		return NULL;
	if (v[3] != NULL && !PyUnicode_Check(v[3]))
		return PyErr_Format(PyExc_TypeError, "level must be a str, not %.100s",
		                    Py_TYPE(v[3])->tp_name);
	if (v[3] != NULL && (level = PyUnicode_AsUTF8(v[3])) == NULL)
		return NULL;
	if (strcmp(level, "string") == 0)
		flags |= URISCAN_EQUIV_STRING;
	else if (strcmp(level, "scheme") == 0)
		flags |= URISCAN_NORM_SCHEME_BASED;
	else if (strcmp(level, "syntax") != 0)
		return PyErr_Format(PyExc_ValueError,
		                    "level must be 'string', 'syntax' or 'scheme', not %R", v[3]);
	flags |= iri ? URISCAN_NORM_IRI_DECODE : 0;
	if (upy_input_pair("equivalent", v[0], v[1], &x, &y) < 0)
		return NULL;
	st = uriscan_equivalent(g, x.s, (size_t)x.len, y.s, (size_t)y.len, flags, &equal,
	                        &err);
	if (st != URISCAN_OK) {
		int second = err.input == URISCAN_INPUT_SECOND;
		upy_raise_in(st, err.offset, second ? &y : &x, "argument", second ? "b" : "a");
	}
	upy_input_release(&x);
	upy_input_release(&y);
	return st == URISCAN_OK ? PyBool_FromLong(equal) : NULL;
}

struct decode_call {
	const char *s;
	size_t len;
	unsigned flags;
	size_t eo;
};

static int decode_write(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct decode_call *c = ctx;
	struct uriscan_error err;
	int st = uriscan_percent_decode(c->s, c->len, c->flags, out, cap, out_len, NULL,
	                                &err);
	c->eo = err.offset;
	return st;
}

static int is_hex(char ch)
{
	return (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'f');
}

/* Percent-decode in->s[base, base + len) (flags: URISCAN_DECODE_*) into
 * bytes, or for str input a str decoded from UTF-8 with the error handler
 * errors; "strict" raises InvalidURI bad_utf8 at the escape where the
 * decoded bytes stop being UTF-8. NULL with an exception. */
static PyObject *decode_span(const struct upy_input *in, size_t base, size_t len,
                             unsigned flags, const char *errors)
{
	struct decode_call c = {in->s + base, len, flags, 0};
	struct upy_out o;
	PyObject *r;
	int st = upy_out_run(&o, decode_write, &c);
	if (st != URISCAN_OK) {
		upy_out_free(&o);
		return st == UPY_PYERR ? NULL : upy_raise(st, base + c.eo, in);
	}
	if (!in->is_str)
		return upy_out_result(&o, 0);
	r = PyUnicode_DecodeUTF8(o.p, (Py_ssize_t)o.len, errors);
	upy_out_free(&o);
	if (r == NULL && strcmp(errors, "strict") == 0 &&
	    PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
		/* map the decoded index of the bad byte back to the input */
		PyObject *t, *v, *tb;
		Py_ssize_t bad = 0, k = 0;
		size_t i = 0;
		PyErr_Fetch(&t, &v, &tb);
		PyErr_NormalizeException(&t, &v, &tb);
		if (v == NULL || PyUnicodeDecodeError_GetStart(v, &bad) < 0)
			PyErr_Clear();
		for (; k < bad && i < len; k++)
			i += in->s[base + i] == '%' && i + 2 < len &&
			             is_hex(in->s[base + i + 1]) && is_hex(in->s[base + i + 2])
			         ? 3 : 1;
		Py_XDECREF(t);
		Py_XDECREF(v);
		Py_XDECREF(tb);
		upy_raise(URISCAN_E_BAD_UTF8, base + i, in);
	}
	return r;
}

/* The utf8_errors argument (NULL: "strict"). */
static const char *errors_arg(PyObject *obj)
{
	if (obj == NULL)
		return "strict";
	if (!PyUnicode_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "utf8_errors must be a str, not %.100s",
		             Py_TYPE(obj)->tp_name);
		return NULL;
	}
	return PyUnicode_AsUTF8(obj);
}

PyObject *upy_unquote(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"s", "plus", "errors", "utf8_errors", NULL};
	PyObject *v[4], *r;
	struct upy_input in;
	const char *mode = "strict", *errors;
	int plus;
	(void)m;
	if (upy_args("unquote", a, n, kw, names, 3, v) < 0 || !upy_required("unquote", v, 0, "s") ||
	    (plus = upy_flag_arg(v[1], 0)) < 0 || (errors = errors_arg(v[3])) == NULL)
		return NULL;
	if (v[2] != NULL && !PyUnicode_Check(v[2]))
		return PyErr_Format(PyExc_TypeError, "errors must be a str, not %.100s",
		                    Py_TYPE(v[2])->tp_name);
	if (v[2] != NULL && (mode = PyUnicode_AsUTF8(v[2])) == NULL)
		return NULL;
	if (strcmp(mode, "strict") != 0 && strcmp(mode, "lenient") != 0)
		return PyErr_Format(PyExc_ValueError,
		                    "errors must be 'strict' or 'lenient', not %R", v[2]);
	if (upy_input_get(v[0], &in, "unquote") < 0)
		return NULL;
	r = decode_span(&in, 0, (size_t)in.len,
	                (plus ? URISCAN_DECODE_PLUS : 0) |
	                    (mode[0] == 'l' ? URISCAN_DECODE_LENIENT : 0),
	                errors);
	upy_input_release(&in);
	return r;
}

/* Options of query_params and query_get: semicolon, plus, decode,
 * utf8_errors (v[0..3], any NULL). */
struct query_opts {
	unsigned flags; /* URISCAN_QUERY_SEMICOLON | URISCAN_DECODE_PLUS */
	int decode;
	const char *errors;
};

static int query_opts(PyObject *const *v, struct query_opts *q)
{
	int semi = upy_flag_arg(v[0], 0), plus = semi < 0 ? -1 : upy_flag_arg(v[1], 1);
	if (plus < 0 || (q->decode = upy_flag_arg(v[2], 1)) < 0 ||
	    (q->errors = errors_arg(v[3])) == NULL)
		return -1;
	q->flags = (semi ? URISCAN_QUERY_SEMICOLON : 0) | (plus ? URISCAN_DECODE_PLUS : 0);
	return 0;
}

/* A key or value span of in: decoded (leniently: a malformed escape stands
 * for itself, as uriscan_query_get compares keys) or as written. */
static PyObject *query_part(const struct upy_input *in, struct uriscan_span sp,
                            const struct query_opts *q)
{
	if (q->decode)
		return decode_span(in, sp.off, sp.len,
		                   (q->flags & URISCAN_DECODE_PLUS) | URISCAN_DECODE_LENIENT,
		                   q->errors);
	if (in->is_str)
		return PyUnicode_DecodeUTF8(in->s + sp.off, sp.len, "strict");
	return PyBytes_FromStringAndSize(in->s + sp.off, sp.len);
}

/* The (key, value) tuple of pair p; value None without '='. */
static PyObject *query_tuple(const struct upy_input *in, const struct uriscan_query_pair *p,
                             const struct query_opts *q)
{
	PyObject *k = query_part(in, p->key, q), *val;
	if (k == NULL)
		return NULL;
	if (!p->has_value)
		val = Py_NewRef(Py_None);
	else if ((val = query_part(in, p->value, q)) == NULL) {
		Py_DECREF(k);
		return NULL;
	}
	return Py_BuildValue("(NN)", k, val);
}

/* The query argument: a uriscan.URI stands for its query (None when it
 * has none: no pair). A new reference, or NULL with an exception. */
static PyObject *query_of(PyObject *obj)
{
	return upy_uri_input(obj) ? upy_uri_query(obj) : Py_NewRef(obj);
}

PyObject *upy_query_params(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"query", "semicolon", "plus", "decode",
	                                    "utf8_errors", NULL};
	PyObject *v[5], *l, *qobj;
	struct query_opts q;
	struct upy_input in;
	struct uriscan_query_iter it;
	struct uriscan_query_pair p;
	int st;
	(void)m;
	if (upy_args("query_params", a, n, kw, names, 1, v) < 0 ||
	    !upy_required("query_params", v, 0, "query") || query_opts(v + 1, &q) < 0 ||
	    (qobj = query_of(v[0])) == NULL)
		return NULL;
	if (qobj == Py_None) {
		Py_DECREF(qobj);
		return PyList_New(0);
	}
	if (upy_input_get(qobj, &in, "query_params") < 0) {
		Py_DECREF(qobj);
		return NULL;
	}
	st = uriscan_query_iter_init(&it, in.s, (size_t)in.len, q.flags);
	l = st != URISCAN_OK ? upy_raise(st, 0, &in) : PyList_New(0);
	while (l != NULL && uriscan_query_next(&it, &p) == URISCAN_OK) {
		PyObject *t = query_tuple(&in, &p, &q);
		if (t == NULL || PyList_Append(l, t) < 0)
			Py_CLEAR(l);
		Py_XDECREF(t);
	}
	upy_input_release(&in);
	Py_DECREF(qobj);
	return l;
}

PyObject *upy_query_get(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"query", "key", "default", "semicolon", "plus",
	                                    "decode", "utf8_errors", NULL};
	PyObject *v[7], *r = NULL, *qobj;
	struct query_opts q;
	struct upy_input in, key;
	struct uriscan_query_pair p;
	int st, found = 0;
	(void)m;
	if (upy_args("query_get", a, n, kw, names, 3, v) < 0 ||
	    !upy_required("query_get", v, 0, "query") || !upy_required("query_get", v, 1, "key") ||
	    query_opts(v + 3, &q) < 0 || (qobj = query_of(v[0])) == NULL)
		return NULL;
	if (qobj == Py_None) { /* a URI without a query: no pair */
		Py_DECREF(qobj);
		if (v[2] != NULL && v[2] != Py_Ellipsis)
			return Py_NewRef(v[2]);
		PyErr_SetObject(PyExc_KeyError, v[1]);
		return NULL;
	}
	if (upy_input_pair("query_get", qobj, v[1], &in, &key) < 0) {
		Py_DECREF(qobj);
		return NULL;
	}
	st = uriscan_query_get(in.s, (size_t)in.len, key.s, (size_t)key.len, q.flags, &found,
	                       &p);
	if (st != URISCAN_OK)
		upy_raise(st, 0, &in);
	else if (found)
		r = p.has_value ? query_part(&in, p.value, &q) : Py_NewRef(Py_None);
	else if (v[2] != NULL && v[2] != Py_Ellipsis)
		r = Py_NewRef(v[2]);
	else
		PyErr_SetObject(PyExc_KeyError, v[1]);
	upy_input_release(&in);
	upy_input_release(&key);
	Py_DECREF(qobj);
	return r;
}
