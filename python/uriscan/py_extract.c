/* SPDX-License-Identifier: MIT */
/*
 * py_extract.c: uriscan.extract (an iterator over one buffer) and
 * uriscan.Extractor (a stream fed in chunks). The C scan runs with the GIL
 * released; the Python buffer stays pinned (Py_buffer held) meanwhile and as
 * long as pending matches point into it.
 */
#include "_core.h"

#include <stdlib.h>
#include <string.h>

#define BATCH 256

/* A match taken from the C extractor, not yet made a Python object. */
struct pending {
	uint64_t offset, length;
	size_t nbytes;
	size_t at;      /* offset of the bytes in the chunk or in the arena */
	int in_arena;
	unsigned flags;
	uint32_t confusion; /* with flags=True: the match's confusion flags */
	struct uriscan_uri uri;
};

typedef struct {
	PyObject_HEAD
	uriscan_extractor *x;
	int components;
	int confusion;    /* flags=True: Match.flags is a frozenset */
	int busy;         /* a thread is scanning with the GIL released */
	uint64_t offset_before; /* the C extractor's offset when busy was set */
	int state;        /* iterator: 0 fed, 1 finished, 2 done; Extractor:
	                     1 after finish() */
	int broken;       /* Extractor: a call failed part way: reset first */
	Py_buffer view;   /* the chunk being scanned */
	int has_view;
	struct pending *q;
	size_t qn, qi;
	char *arena;      /* bytes of matches outside the chunk */
	size_t arena_n, arena_cap;
} XObject;

PyTypeObject *upy_MatchType;
static PyTypeObject ExtractorType, IterType;

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
static int make_extractor(XObject *self, PyObject **v)
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
static int pull(XObject *self, size_t limit)
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

static PyObject *make_match(XObject *self, const struct pending *p)
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

static int enter(XObject *self)
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
static PyObject *drain(XObject *self, int finish)
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
		more = st == URISCAN_OK ? pull(self, BATCH) : -3;
		Py_END_ALLOW_THREADS
		for (size_t i = 0; more >= 0 && i < self->qn; i++) {
			PyObject *mt = make_match(self, &self->q[i]);
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

static void release_view(XObject *self)
{
	if (self->has_view) {
		PyBuffer_Release(&self->view);
		self->has_view = 0;
	}
}

static XObject *x_alloc(PyTypeObject *type)
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

static void x_dealloc(XObject *self)
{
	release_view(self);
	uriscan_extractor_free(self->x);
	PyMem_RawFree(self->q);
	PyMem_RawFree(self->arena);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- uriscan.Extractor ------------------------------------------- */

static PyObject *x_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	PyObject *v[8] = {0};
	static char *kw[] = {"grammar", "components", "max_len", "opaque", "trim",
	                     "keep_cut", "flags", "defanged", NULL};
	XObject *self;
	if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O$OOOOOOO:Extractor", kw, &v[0],
	                                 &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]))
		return NULL;
	self = x_alloc(type);
	if (self && make_extractor(self, v) < 0)
		Py_CLEAR(self);
	return (PyObject *)self;
}

static PyObject *x_feed(XObject *self, PyObject *data)
{
	PyObject *r;
	if (PyUnicode_Check(data) || !PyObject_CheckBuffer(data)) {
		return PyErr_Format(PyExc_TypeError, "feed: expected a bytes-like object, not %.100s",
		                    Py_TYPE(data)->tp_name);
	}
	if (enter(self) < 0)
		return NULL;
	if (PyObject_GetBuffer(data, &self->view, PyBUF_SIMPLE) < 0) {
		self->busy = 0;
		return NULL;
	}
	self->has_view = 1;
	if (uriscan_extractor_feed(self->x, self->view.buf, (size_t)self->view.len) != URISCAN_OK) {
		release_view(self);
		self->busy = 0;
		return PyErr_Format(PyExc_RuntimeError, "feed after finish (call reset first)");
	}
	r = drain(self, 0);
	release_view(self);
	self->busy = 0;
	return r;
}

static PyObject *x_finish(XObject *self, PyObject *unused)
{
	PyObject *r;
	(void)unused;
	if (enter(self) < 0)
		return NULL;
	if (self->state == 1) { /* finished already: nothing more */
		self->busy = 0;
		return PyList_New(0);
	}
	r = drain(self, 1);
	if (r != NULL)
		self->state = 1;
	self->busy = 0;
	return r;
}

static PyObject *x_reset(XObject *self, PyObject *unused)
{
	(void)unused;
	if (self->busy) /* not enter(): reset is what a broken one needs */
		return PyErr_Format(PyExc_RuntimeError, "extractor in use by another thread");
	uriscan_extractor_reset(self->x);
	self->broken = 0;
	self->state = 0;
	Py_RETURN_NONE;
}

static PyObject *x_offset(XObject *self, void *c)
{
	(void)c;
	/* while a thread scans without the GIL the C extractor's offset is
	 * being written: the offset when that call began */
	if (self->busy)
		return PyLong_FromUnsignedLongLong(self->offset_before);
	return PyLong_FromUnsignedLongLong(uriscan_extractor_offset(self->x));
}

static PyMethodDef x_methods[] = {
    {"feed", (PyCFunction)x_feed, METH_O,
     "feed($self, data, /)\n--\n\n"
     "-> list[Match]: the next chunk of the stream (bytes-like); returns\n"
     "the matches decided by it. Chunks may be cut anywhere."},
    {"finish", (PyCFunction)x_finish, METH_NOARGS,
     "finish($self, /)\n--\n\n"
     "-> list[Match]: end of stream; returns the matches still open."},
    {"reset", (PyCFunction)x_reset, METH_NOARGS, "reset($self, /)\n--\n\nForget the stream."},
    {NULL, NULL, 0, NULL}};
static PyGetSetDef x_getset[] = {
    {"offset", (getter)x_offset, NULL, "bytes fed since creation or reset (while another thread is in a call: "
     "as that call began)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject ExtractorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "uriscan._core.Extractor",
    .tp_basicsize = sizeof(XObject),
    .tp_dealloc = (destructor)x_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Extractor(grammar='rfc3986', *, components=True, max_len=None,\n"
              "          opaque=None, trim=True, keep_cut=False, flags=False,\n"
              "          defanged=False)\n--\n\n"
              "URLs in a stream of bytes fed in chunks.",
    .tp_methods = x_methods,
    .tp_getset = x_getset,
    .tp_new = x_new,
};

/* ---- uriscan.extract: an iterator over one buffer ----------------- */

PyObject *upy_extract(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"data", "grammar", "components", "max_len",
	                                    "opaque", "trim", "keep_cut", "flags", "defanged",
	                                    NULL};
	PyObject *v[9];
	XObject *self;
	(void)m;
	if (upy_args("extract", a, n, kw, names, 2, v) < 0)
		return NULL;
	if (v[0] == NULL)
		return PyErr_Format(PyExc_TypeError, "extract() missing required argument 'data'");
	if (PyUnicode_Check(v[0]) || !PyObject_CheckBuffer(v[0]))
		return PyErr_Format(PyExc_TypeError,
		                    "extract: expected a bytes-like object (bytes, bytearray, "
		                    "memoryview, mmap), not %.100s (encode str first)",
		                    Py_TYPE(v[0])->tp_name);
	self = x_alloc(&IterType);
	if (self == NULL)
		return NULL;
	if (make_extractor(self, v + 1) < 0 ||
	    PyObject_GetBuffer(v[0], &self->view, PyBUF_SIMPLE) < 0) {
		Py_DECREF(self);
		return NULL;
	}
	self->has_view = 1;
	uriscan_extractor_feed(self->x, self->view.buf, (size_t)self->view.len);
	return (PyObject *)self;
}

/* The next queued match as a Match (self busy: make_match may run other
 * threads, which must not refill the queue under it). */
static PyObject *it_take(XObject *self)
{
	PyObject *r = make_match(self, &self->q[self->qi++]);
	self->busy = 0;
	return r;
}

static PyObject *it_next(XObject *self)
{
	int more = 1;
	/* busy first, also for a queued match: while one thread pulls with
	 * the GIL released, the queue is being refilled (issue 39) */
	if (enter(self) < 0)
		return NULL;
	if (self->qi < self->qn)
		return it_take(self);
	if (self->state == 2) {
		self->busy = 0;
		return NULL;
	}
	self->qn = self->qi = self->arena_n = 0;
	Py_BEGIN_ALLOW_THREADS
	while (self->qn == 0 && self->state < 2) {
		more = pull(self, BATCH);
		if (more == 0) {
			if (self->state == 0)
				uriscan_extractor_finish(self->x);
			self->state++;
		}
		if (more < 0)
			break;
	}
	Py_END_ALLOW_THREADS
	if (more < 0 || self->qn == 0) {
		self->busy = 0;
		if (more < 0)
			return PyErr_NoMemory();
		release_view(self); /* done: unpin the buffer */
		return NULL;
	}
	return it_take(self);
}

static PyTypeObject IterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "uriscan._core.ExtractIterator",
    .tp_basicsize = sizeof(XObject),
    .tp_dealloc = (destructor)x_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator of uriscan.Match over one buffer (see uriscan.extract).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)it_next,
};

int upy_extract_init(PyObject *module)
{
	upy_MatchType = PyStructSequence_NewType(&match_desc);
	if (upy_MatchType == NULL || PyType_Ready(&ExtractorType) < 0 ||
	    PyType_Ready(&IterType) < 0)
		return -1;
	if (PyModule_AddObjectRef(module, "Match", (PyObject *)upy_MatchType) < 0 ||
	    PyModule_AddObjectRef(module, "Extractor", (PyObject *)&ExtractorType) < 0)
		return -1;
	return 0;
}
