/* SPDX-License-Identifier: MIT */
/*
 * py_extract_core.c: what uriscan.extract (py_extract.c) and
 * uriscan.Extractor (py_extractor.c) share (py_extract.h): the options,
 * the C extractor behind each object, its matches queued with the GIL
 * released and made uriscan.Match objects with it held, the object's
 * memory. The C scan runs with the GIL released; the Python buffer stays
 * pinned (Py_buffer held) meanwhile and as long as pending matches point
 * into it.
 */
#include "_core.h"
#include "py_extract.h"

#include <stdlib.h>
#include <string.h>

PyTypeObject *upy_MatchType;

static PyStructSequence_Field match_fields[] = {
    {"offset", "offset of the first byte, from the start of the data"},
    {"length", "length of the match in the data (also when truncated)"},
    {"url", "the bytes of the match (the first max_len when truncated)"},
    {"truncated", "True when the match was longer than max_len"},
    {"uri", "its components as a uriscan.URI over url, or None (truncated, "
            "or components=False)"},
    {"cut", "True when the match was cut short by a byte that continues the "
            "text (kept by keep_cut=True; always False without it)"},
    {"flags", "with flags=True, a frozenset of the names of the match's "
              "URL-confusion flags, computed in the scan (those "
              "uriscan.confusion(url, grammar) gives); None without it"},
    /* by name only: a Match still unpacks to its 7 fields */
    {"defanged", "True when the URL was written defanged (defanged=True "
                 "only): url is the refanged URL, offset and length the text "
                 "as written"},
    {NULL, NULL}};
static PyStructSequence_Desc match_desc = {
    "uriscan.Match",
    "Match(sequence, dict={})\n--\n\n"
    "A URL found by uriscan.extract or uriscan.Extractor.",
    match_fields, 7};

int upy_extract_options(PyObject *const *v, enum uriscan_grammar *g,
                        struct uriscan_extract_options *opt, int *components)
{
	opt->size = sizeof *opt;
	opt->flags = 0;
	opt->max_len = 0;
	opt->opaque_schemes = NULL;
	if (upy_grammar(v[0], URISCAN_RFC3986, g) < 0)
		return -1;
	*components = v[1] ? PyObject_IsTrue(v[1]) : 1;
	if (*components < 0)
		return -1;
	if (!*components)
		opt->flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	if (v[2] && v[2] != Py_None) {
		/* an int out of range (below the minimum, negative, past size_t)
		 * is a ValueError naming the range; another type a TypeError */
		if (!PyLong_Check(v[2]) || PyBool_Check(v[2])) {
			PyErr_Format(PyExc_TypeError, "max_len must be an int or None, not %.100s",
			             Py_TYPE(v[2])->tp_name);
			return -1;
		}
		opt->max_len = PyLong_AsSize_t(v[2]);
		if (opt->max_len == (size_t)-1 && PyErr_Occurred()) {
			if (!PyErr_ExceptionMatches(PyExc_OverflowError))
				return -1;
			PyErr_Clear();
			opt->max_len = 0;
		}
		if (opt->max_len < URISCAN_EXTRACT_MAX_LEN_MIN || opt->max_len > UINT32_MAX / 4) {
			PyErr_Format(PyExc_ValueError, "max_len must be %u to %lu or None, not %R",
			             URISCAN_EXTRACT_MAX_LEN_MIN, (unsigned long)(UINT32_MAX / 4), v[2]);
			return -1;
		}
	}
	if (v[3] == Py_True)
		opt->opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
	else if (v[3] && PyUnicode_Check(v[3]))
		opt->opaque_schemes = PyUnicode_AsUTF8(v[3]);
	else if (v[3] && v[3] != Py_None && v[3] != Py_False) {
		PyErr_SetString(PyExc_TypeError, "opaque must be None, a bool or a str "
		                "(comma-separated schemes)");
		return -1;
	}
	if (v[3] && PyUnicode_Check(v[3]) && opt->opaque_schemes == NULL)
		return -1;
	if (v[4] && !PyObject_IsTrue(v[4]))
		opt->flags |= URISCAN_EXTRACT_NO_TRIM;
	if (v[5] && PyObject_IsTrue(v[5]))
		opt->flags |= URISCAN_EXTRACT_KEEP_CUT;
	if (v[6] && PyObject_IsTrue(v[6]))
		opt->flags |= URISCAN_EXTRACT_CONFUSION;
	if (v[7] && PyObject_IsTrue(v[7]))
		opt->flags |= URISCAN_EXTRACT_DEFANGED;
	if ((opt->flags & URISCAN_EXTRACT_DEFANGED) &&
	    opt->max_len > URISCAN_EXTRACT_DEFANGED_MAX_LEN) {
		PyErr_Format(PyExc_ValueError,
		             "max_len with defanged=True must be at most %u, not %R",
		             URISCAN_EXTRACT_DEFANGED_MAX_LEN, v[2]);
		return -1;
	}
	return 0;
}

/* The extractor of the options v[] (upy_extract_options). */
int upy_x_make(XObject *self, PyObject **v)
{
	struct uriscan_extract_options opt;
	enum uriscan_grammar g;
	int st;
	if (upy_extract_options(v, &g, &opt, &self->components) < 0)
		return -1;
	self->confusion = (opt.flags & URISCAN_EXTRACT_CONFUSION) != 0;
	st = uriscan_extractor_new(g, &opt, &self->x);
	if (st != URISCAN_OK) {
		PyErr_Format(st == URISCAN_E_NO_MEMORY ? PyExc_MemoryError : PyExc_ValueError,
		             "extractor: %s", uriscan_strerror(st));
		return -1;
	}
	return 0;
}

/* Pull matches until the chunk is used up or BATCH are queued (called with
 * the GIL released: no Python calls). 1: more may come; 0: drained; -1: no
 * memory. */
int upy_x_pull(XObject *self, size_t limit)
{
	struct uriscan_match m;
	const char *lo = self->has_view ? self->view.buf : NULL;
	const char *hi = lo ? lo + self->view.len : NULL;
	while (self->qn < limit) {
		struct pending *p = &self->q[self->qn];
		if (uriscan_extractor_next(self->x, &m) != URISCAN_OK)
			return 0;
		p->offset = m.offset;
		p->length = m.length;
		p->nbytes = m.nbytes;
		p->flags = m.flags;
		p->confusion = m.confusion;
		p->uri = m.uri;
		if (lo && m.bytes >= lo && m.bytes + m.nbytes <= hi) {
			p->in_arena = 0;
			p->at = (size_t)(m.bytes - lo);
		} else { /* valid only until the next call: copy */
			if (self->arena_n + m.nbytes > self->arena_cap) {
				size_t cap = (self->arena_cap + m.nbytes) * 2;
				char *a = PyMem_RawRealloc(self->arena, cap);
				if (a == NULL)
					return -1;
				self->arena = a;
				self->arena_cap = cap;
			}
			memcpy(self->arena + self->arena_n, m.bytes, m.nbytes);
			p->in_arena = 1;
			p->at = self->arena_n;
			self->arena_n += m.nbytes;
		}
		self->qn++;
	}
	return 1;
}

PyObject *upy_x_match(XObject *self, const struct pending *p)
{
	const char *src = (p->in_arena ? self->arena : (const char *)self->view.buf) + p->at;
	PyObject *t = PyStructSequence_New(upy_MatchType), *url, *uri, *fl;
	int trunc = (p->flags & URISCAN_MATCH_TRUNCATED) != 0;
	int cut = (p->flags & URISCAN_MATCH_CUT) != 0;
	if (t == NULL)
		return NULL;
	url = PyBytes_FromStringAndSize(src, (Py_ssize_t)p->nbytes);
	if (url == NULL)
		goto fail;
	if (self->components && !trunc) {
		uri = upy_uri_new(url, 0, &p->uri);
		if (uri == NULL) {
			Py_DECREF(url);
			goto fail;
		}
	} else {
		uri = Py_NewRef(Py_None);
	}
	PyStructSequence_SET_ITEM(t, 0, PyLong_FromUnsignedLongLong(p->offset));
	PyStructSequence_SET_ITEM(t, 1, PyLong_FromUnsignedLongLong(p->length));
	PyStructSequence_SET_ITEM(t, 2, url);
	PyStructSequence_SET_ITEM(t, 3, PyBool_FromLong(trunc));
	PyStructSequence_SET_ITEM(t, 4, uri);
	PyStructSequence_SET_ITEM(t, 5, PyBool_FromLong(cut));
	fl = self->confusion ? upy_flag_set(p->confusion) : Py_NewRef(Py_None);
	PyStructSequence_SET_ITEM(t, 6, fl);
	PyStructSequence_SET_ITEM(t, 7,
	                          PyBool_FromLong((p->flags & URISCAN_MATCH_DEFANGED) != 0));
	if (PyStructSequence_GET_ITEM(t, 0) == NULL || PyStructSequence_GET_ITEM(t, 1) == NULL ||
	    fl == NULL)
		goto fail;
	return t;
fail:
	Py_DECREF(t);
	return NULL;
}

int upy_x_enter(XObject *self)
{
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "extractor in use by another thread");
		return -1;
	}
	if (self->broken) {
		PyErr_SetString(PyExc_RuntimeError,
		                "extractor: an earlier feed() or finish() failed part "
		                "way and its matches are lost (call reset first)");
		return -1;
	}
	self->offset_before = uriscan_extractor_offset(self->x);
	self->busy = 1;
	return 0;
}

/* Drain the current chunk (after feed or finish) into a list. On failure
 * the C extractor is reset, for it may still be inside the caller's chunk,
 * which is released next (issue 39), and self is broken until reset(). */
PyObject *upy_x_drain(XObject *self, int finish)
{
	PyObject *list = PyList_New(0);
	int more = 1, st = URISCAN_OK;
	if (list == NULL)
		more = -2;
	while (more > 0) {
		self->qn = self->arena_n = 0;
		Py_BEGIN_ALLOW_THREADS
		if (finish) {
			st = uriscan_extractor_finish(self->x);
			finish = 0;
		}
		more = st == URISCAN_OK ? upy_x_pull(self, BATCH) : -3;
		Py_END_ALLOW_THREADS
		for (size_t i = 0; more >= 0 && i < self->qn; i++) {
			PyObject *mt = upy_x_match(self, &self->q[i]);
			if (mt == NULL || PyList_Append(list, mt) < 0)
				more = -2;
			Py_XDECREF(mt);
		}
	}
	self->qn = 0;
	if (more == -1)
		PyErr_NoMemory();
	else if (more == -3)
		PyErr_Format(PyExc_RuntimeError, "finish: %s", uriscan_strerror(st));
	if (more < 0) {
		Py_CLEAR(list);
		uriscan_extractor_reset(self->x);
		self->broken = 1;
	}
	return list;
}

void upy_x_release_view(XObject *self)
{
	if (self->has_view) {
		PyBuffer_Release(&self->view);
		self->has_view = 0;
	}
}

XObject *upy_x_alloc(PyTypeObject *type)
{
	XObject *self = (XObject *)type->tp_alloc(type, 0);
	if (self == NULL)
		return NULL;
	/* PyMem_Raw*: usable without the GIL (pull), and failed by
	 * _testcapi.set_nomemory as Python's own allocations are */
	self->q = PyMem_RawMalloc(BATCH * sizeof *self->q);
	if (self->q == NULL) {
		Py_DECREF(self);
		return (XObject *)PyErr_NoMemory();
	}
	return self;
}

void upy_x_dealloc(XObject *self)
{
	upy_x_release_view(self);
	uriscan_extractor_free(self->x);
	PyMem_RawFree(self->q);
	PyMem_RawFree(self->arena);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* uriscan.Match, made once: 0, or -1 with an exception. */
int upy_match_init(PyObject *module)
{
	upy_MatchType = PyStructSequence_NewType(&match_desc);
	if (upy_MatchType == NULL)
		return -1;
	return PyModule_AddObjectRef(module, "Match", (PyObject *)upy_MatchType);
}
