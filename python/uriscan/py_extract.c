/* SPDX-License-Identifier: MIT */
/*
 * py_extract.c: uriscan.extract, an iterator of uriscan.Match over one
 * buffer, on the objects of py_extract_core.c (py_extract.h); and the
 * module's extraction types (upy_extract_init: Match, Extractor, the
 * iterator).
 */
#include "_core.h"
#include "py_extract.h"

static PyTypeObject IterType;

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
	self = upy_x_alloc(&IterType);
	if (self == NULL)
		return NULL;
	if (upy_x_make(self, v + 1) < 0 ||
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
	PyObject *r = upy_x_match(self, &self->q[self->qi++]);
	self->busy = 0;
	return r;
}

static PyObject *it_next(XObject *self)
{
	int more = 1;
	/* busy first, also for a queued match: while one thread pulls with
	 * the GIL released, the queue is being refilled (issue 39) */
	if (upy_x_enter(self) < 0)
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
		more = upy_x_pull(self, BATCH);
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
		upy_x_release_view(self); /* done: unpin the buffer */
		return NULL;
	}
	return it_take(self);
}

static PyTypeObject IterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "uriscan._core.ExtractIterator",
    .tp_basicsize = sizeof(XObject),
    .tp_dealloc = (destructor)upy_x_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator of uriscan.Match over one buffer (see uriscan.extract).",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)it_next,
};

int upy_extract_init(PyObject *module)
{
	if (upy_match_init(module) < 0 || upy_extractor_init(module) < 0 ||
	    PyType_Ready(&IterType) < 0)
		return -1;
	return 0;
}
