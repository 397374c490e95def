/* SPDX-License-Identifier: MIT */
/*
 * py_rewrite_build.c: the options of uriscan_rewrite built from Python
 * objects (keys, values, globs, component sets) and the rewrite run with
 * buffers that grow until every step fits (py_rewrite.h). Only the option
 * arrays, the buffers and result objects are allocated.
 */
#include "py_rewrite.h"

#include <string.h>

/* A str argument into a C string (borrowed from obj), or NULL with an
 * exception. */
const char *upy_str_arg(PyObject *obj, const char *what)
{
	if (!PyUnicode_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "%s must be a str, not %.100s", what,
		             Py_TYPE(obj)->tp_name);
		return NULL;
	}
	return PyUnicode_AsUTF8(obj);
}

/* ------------------------------------------------------------------ */
/* The options of a rewrite, built from Python objects                 */

void upy_rwb_free(struct rw_build *b)
{
	PyMem_Free(b->ed);
	PyMem_Free(b->sets);
	PyMem_Free(b->globs);
	PyMem_Free(b->work);
	PyMem_Free(b->sort_work);
	Py_XDECREF(b->keep);
}

int upy_rwb_init(struct rw_build *b)
{
	memset(b, 0, sizeof *b);
	b->o.size = sizeof b->o;
	b->keep = PyList_New(0);
	return b->keep ? 0 : -1;
}

/* The bytes of a key, value or glob: str (UTF-8) or bytes-like (bytes,
 * bytearray are copied to bytes). 0, or -1 with an exception. */
static int upy_rwb_bytes(struct rw_build *b, PyObject *obj, const char **p, size_t *n,
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

struct uriscan_query_edit *upy_rwb_edit(struct rw_build *b, unsigned op)
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
int upy_rwb_key_edit(struct rw_build *b, unsigned op, PyObject *key)
{
	struct uriscan_query_edit *e = upy_rwb_edit(b, op);
	return e == NULL ? -1 : upy_rwb_bytes(b, key, &e->key, &e->key_len, "a key");
}

/* op KEY VALUE (SET, APPEND); value None: the key alone. */
int upy_rwb_pair_edit(struct rw_build *b, unsigned op, PyObject *key, PyObject *value)
{
	struct uriscan_query_edit *e = upy_rwb_edit(b, op);
	if (e == NULL || upy_rwb_bytes(b, key, &e->key, &e->key_len, "a key") < 0)
		return -1;
	if (value == Py_None)
		return 0; /* the key alone, without '=' */
	return upy_rwb_bytes(b, value, &e->value, &e->value_len, "a value");
}

/* An iterable of keys (a str or bytes alone is one key). */
int upy_rwb_keys(struct rw_build *b, unsigned op, PyObject *obj)
{
	PyObject *it, *item;
	int rc = 0;
	if (PyUnicode_Check(obj) || PyBytes_Check(obj))
		return upy_rwb_key_edit(b, op, obj);
	if ((it = PyObject_GetIter(obj)) == NULL)
		return -1;
	while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
		rc = upy_rwb_key_edit(b, op, item);
		Py_DECREF(item);
	}
	Py_DECREF(it);
	return rc == 0 && PyErr_Occurred() ? -1 : rc;
}

/* A mapping or an iterable of (key, value) pairs. */
int upy_rwb_pairs(struct rw_build *b, unsigned op, PyObject *obj)
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
			rc = upy_rwb_pair_edit(b, op, PyTuple_GET_ITEM(kv, 0), PyTuple_GET_ITEM(kv, 1));
	}
	Py_DECREF(items);
	return rc;
}

/* set={component: value or None (removed)}. */
int upy_rwb_sets(struct rw_build *b, PyObject *obj)
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
		const char *name = upy_str_arg(key, "a component name");
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
		else if (upy_rwb_bytes(b, value, &s->value, &s->value_len, "a component value") < 0)
			return -1;
		b->nsets++;
	}
	return 0;
}

/* strip_tracking: a bool (the built-in list) or an iterable of globs. */
int upy_rwb_tracking(struct rw_build *b, PyObject *obj)
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
		rc = upy_rwb_bytes(b, item, &p, &n, "a tracking glob");
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
PyObject *upy_rwb_run(enum uriscan_grammar g, const struct upy_input *in,
                             struct rw_build *b)
{
	struct uriscan_error err = {0};
	PyObject *r = NULL;
	size_t cap = (size_t)in->len + 256, n = 0;
	char *out = NULL;
	int st, sorts = 0;

	for (size_t i = 0; i < b->nsets; i++)
		cap += b->sets[i].value_len + 8;
	/* sort_work for a SORT, and for the index of many SET keys */
	for (size_t i = 0; i < b->ned; i++)
		sorts |= b->ed[i].op == URISCAN_QUERY_SORT ||
		         (b->ned > 256 && b->ed[i].op == URISCAN_QUERY_SET);
	b->o.sets = b->sets;
	b->o.n_sets = b->nsets;
	b->o.edits = b->ed;
	b->o.n_edits = b->ned;
	for (;;) {
		PyMem_Free(out);
		PyMem_Free(b->work);
		PyMem_Free(b->sort_work);
		b->work = NULL;
		b->sort_work = NULL;
		b->o.sort_work_size =
		    sorts ? URISCAN_QUERY_SORT_WORK(cap, b->ned) : 0;
		if ((out = PyMem_Malloc(cap)) == NULL ||
		    (b->work = PyMem_Malloc(cap)) == NULL ||
		    (sorts && (b->sort_work = PyMem_Malloc(b->o.sort_work_size)) ==
		                  NULL)) {
			PyMem_Free(out);
			return PyErr_NoMemory();
		}
		b->o.work = b->work;
		b->o.work_cap = cap;
		b->o.sort_work = b->sort_work;
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
PyObject *upy_rwb_as_uri(PyObject *self, PyObject *text)
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
PyObject *upy_rwb_uri_run(PyObject *self, struct rw_build *b)
{
	struct upy_input in;
	PyObject *text, *r = NULL;
	if (upy_input_get(upy_uri_input(self), &in, "rewrite") < 0) {
		upy_rwb_free(b);
		return NULL;
	}
	text = upy_rwb_run(upy_uri_parsed(self)->grammar, &in, b);
	upy_input_release(&in);
	upy_rwb_free(b);
	if (text != NULL) {
		r = upy_rwb_as_uri(self, text);
		Py_DECREF(text);
	}
	return r;
}
