/* SPDX-License-Identifier: MIT */
/*
 * py_extractor.c: uriscan.Extractor, URLs in a stream fed in chunks, on
 * the objects of py_extract_core.c (py_extract.h).
 */
#include "_core.h"
#include "py_extract.h"

static PyObject *x_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	PyObject *v[8] = {0};
	static char *kw[] = {"grammar", "components", "max_len", "opaque", "trim",
	                     "keep_cut", "flags", "defanged", NULL};
	XObject *self;
	if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O$OOOOOOO:Extractor", kw, &v[0],
	                                 &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]))
		return NULL;
	self = upy_x_alloc(type);
	if (self && upy_x_make(self, v) < 0)
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
	if (upy_x_enter(self) < 0)
		return NULL;
	if (PyObject_GetBuffer(data, &self->view, PyBUF_SIMPLE) < 0) {
		self->busy = 0;
		return NULL;
	}
	self->has_view = 1;
	if (uriscan_extractor_feed(self->x, self->view.buf, (size_t)self->view.len) != URISCAN_OK) {
		upy_x_release_view(self);
		self->busy = 0;
		return PyErr_Format(PyExc_RuntimeError, "feed after finish (call reset first)");
	}
	r = upy_x_drain(self, 0);
	upy_x_release_view(self);
	self->busy = 0;
	return r;
}

static PyObject *x_finish(XObject *self, PyObject *unused)
{
	PyObject *r;
	(void)unused;
	if (upy_x_enter(self) < 0)
		return NULL;
	if (self->state == 1) { /* finished already: nothing more */
		self->busy = 0;
		return PyList_New(0);
	}
	r = upy_x_drain(self, 1);
	if (r != NULL)
		self->state = 1;
	self->busy = 0;
	return r;
}

static PyObject *x_reset(XObject *self, PyObject *unused)
{
	(void)unused;
	if (self->busy) /* not upy_x_enter(): reset is what a broken one needs */
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
    .tp_dealloc = (destructor)upy_x_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Extractor(grammar='rfc3986', *, components=True, max_len=None,\n"
              "          opaque=None, trim=True, keep_cut=False, flags=False,\n"
              "          defanged=False)\n--\n\n"
              "URLs in a stream of bytes fed in chunks.",
    .tp_methods = x_methods,
    .tp_getset = x_getset,
    .tp_new = x_new,
};

int upy_extractor_init(PyObject *module)
{
	if (PyType_Ready(&ExtractorType) < 0)
		return -1;
	return PyModule_AddObjectRef(module, "Extractor", (PyObject *)&ExtractorType);
}
