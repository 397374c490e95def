/* SPDX-License-Identifier: MIT */
/*
 * py_parse.c: uriscan.parse, uriscan.is_valid and uriscan.urlsplit, the
 * one-input calls of the extension. The only allocations are the result
 * objects.
 */
#include "_core.h"

/* Above this many bytes the GIL is released around the C call. */
#define UPY_NOGIL_MIN (1 << 16)

static const char *const parse_kw[] = {"s", "grammar", "rule", NULL};

struct call {
	struct upy_input in;
	enum uriscan_grammar g;
	unsigned rule;
};

/* Arguments of parse/is_valid/urlsplit (urlsplit: no rule). */
static int call_args(const char *fname, PyObject *const *a, Py_ssize_t n,
                     PyObject *kw, const char *const *names, int npos,
                     struct call *c, PyObject **obj)
{
	PyObject *v[3];
	if (upy_args(fname, a, n, kw, names, npos, v) < 0)
		return -1;
	if (v[0] == NULL) {
		PyErr_Format(PyExc_TypeError, "%s() missing required argument 's'", fname);
		return -1;
	}
	if (upy_grammar(v[1], URISCAN_RFC3986, &c->g) < 0 ||
	    upy_rule(c->g, names[2] ? v[2] : NULL, &c->rule) < 0)
		return -1;
	/* a URI stands for its input (the URI made keeps that) */
	*obj = upy_uri_input(v[0]) ? upy_uri_input(v[0]) : v[0];
	return upy_input_get(v[0], &c->in, fname);
}

static int run_parse(struct call *c, struct uriscan_uri *u)
{
	int st;
	if (c->in.len > UPY_NOGIL_MIN) {
		Py_BEGIN_ALLOW_THREADS
		st = uriscan_parse_rule(c->g, c->rule, c->in.s, (size_t)c->in.len, 0, u);
		Py_END_ALLOW_THREADS
	} else {
		st = uriscan_parse_rule(c->g, c->rule, c->in.s, (size_t)c->in.len, 0, u);
	}
	return st;
}

/* Parse; on success the URI's input object (obj, or a bytes copy of a
 * buffer) in *keep (a new reference). */
static int do_parse(struct call *c, PyObject *obj, struct uriscan_uri *u,
                    PyObject **keep)
{
	int st = run_parse(c, u);
	if (st != URISCAN_OK) {
		upy_raise(st, u->error_offset, &c->in);
		return -1;
	}
	if (c->in.has_view)
		*keep = PyBytes_FromStringAndSize(c->in.s, c->in.len);
	else
		*keep = Py_NewRef(obj);
	return *keep == NULL ? -1 : 0;
}

PyObject *upy_parse(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	struct call c;
	struct uriscan_uri u;
	PyObject *obj, *keep = NULL, *r = NULL;
	(void)m;
	if (call_args("parse", a, n, kw, parse_kw, 3, &c, &obj) < 0)
		return NULL;
	if (do_parse(&c, obj, &u, &keep) == 0)
		r = upy_uri_new(keep, c.in.ascii, &u);
	Py_XDECREF(keep);
	upy_input_release(&c.in);
	return r;
}

PyObject *upy_is_valid(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	struct call c;
	PyObject *obj;
	int st;
	(void)m;
	if (call_args("is_valid", a, n, kw, parse_kw, 3, &c, &obj) < 0)
		return NULL;
	if (c.in.len > UPY_NOGIL_MIN) {
		Py_BEGIN_ALLOW_THREADS
		st = uriscan_validate_rule(c.g, c.rule, c.in.s, (size_t)c.in.len, 0, NULL);
		Py_END_ALLOW_THREADS
	} else {
		st = uriscan_validate_rule(c.g, c.rule, c.in.s, (size_t)c.in.len, 0, NULL);
	}
	upy_input_release(&c.in);
	if (st == URISCAN_OK)
		Py_RETURN_TRUE;
	if (upy_is_syntax(st))
		Py_RETURN_FALSE;
	return upy_raise(st, 0, &c.in);
}

/* urllib.parse.SplitResult and SplitResultBytes, looked up once. */
static PyObject *split_str, *split_bytes;

static PyObject *split_field(PyObject *keep, const char *s, int ascii,
                             const struct uriscan_uri *u, unsigned comp)
{
	if (URISCAN_HAS(u, comp))
		return upy_slice(keep, s, ascii, u, comp);
	if (PyBytes_Check(keep))
		return PyBytes_FromStringAndSize("", 0);
	return PyUnicode_FromStringAndSize("", 0);
}

static const char *const split_kw[] = {"url", "grammar", NULL};

PyObject *upy_urlsplit(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const unsigned order[5] = {URISCAN_SCHEME, URISCAN_AUTHORITY, URISCAN_PATH,
	                                  URISCAN_QUERY, URISCAN_FRAGMENT};
	struct call c;
	struct uriscan_uri u;
	PyObject *obj, *keep = NULL, *f[5] = {0}, *r = NULL;
	const char *s;
	(void)m;
	if (split_str == NULL) {
		PyObject *up = PyImport_ImportModule("urllib.parse");
		if (up == NULL)
			return NULL;
		split_str = PyObject_GetAttrString(up, "SplitResult");
		split_bytes = PyObject_GetAttrString(up, "SplitResultBytes");
		Py_DECREF(up);
		if (split_str == NULL || split_bytes == NULL)
			return NULL;
	}
	if (call_args("urlsplit", a, n, kw, split_kw, 2, &c, &obj) < 0)
		return NULL;
	if (do_parse(&c, obj, &u, &keep) < 0)
		goto done;
	s = PyBytes_Check(keep) ? PyBytes_AS_STRING(keep) : c.in.s;
	for (int i = 0; i < 5; i++)
		if ((f[i] = split_field(keep, s, c.in.ascii, &u, order[i])) == NULL)
			goto done;
	if (URISCAN_HAS(&u, URISCAN_SCHEME)) { /* urllib lower-cases the scheme */
		const struct uriscan_span *sp = &u.part[URISCAN_SCHEME];
		for (uint32_t i = 0; i < sp->len; i++) {
			if (s[sp->off + i] >= 'A' && s[sp->off + i] <= 'Z') {
				PyObject *low = PyObject_CallMethod(f[0], "lower", NULL);
				if (low == NULL)
					goto done;
				Py_SETREF(f[0], low);
				break;
			}
		}
	}
	/* The namedtuple as tuple.__new__(SplitResult, fields) would make it,
	 * without the Python-level __new__ (fields are exactly five). */
	{
		PyObject *fields = PyTuple_Pack(5, f[0], f[1], f[2], f[3], f[4]);
		if (fields != NULL) {
			PyObject *tn = PyTuple_Pack(1, fields);
			if (tn != NULL)
				r = PyTuple_Type.tp_new((PyTypeObject *)(PyBytes_Check(keep)
				        ? split_bytes : split_str), tn, NULL);
			Py_XDECREF(tn);
			Py_DECREF(fields);
		}
	}
done:
	for (int i = 0; i < 5; i++)
		Py_XDECREF(f[i]);
	Py_XDECREF(keep);
	upy_input_release(&c.in);
	return r;
}
