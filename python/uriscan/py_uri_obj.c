/* SPDX-License-Identifier: MIT */
/*
 * py_uri_obj.c: the data of a uriscan.URI object (py_uri_obj.h): making one
 * from an input and the library's parse, and reading it back (its input,
 * its parse, a component sliced from the input). Every file that returns
 * or reads URIs uses these; the type itself, its methods and properties,
 * is py_uri.c's, which sets upy_uri_type when the module is loaded.
 */
#include "_core.h"
#include "py_uri_obj.h"

PyTypeObject *upy_uri_type;

PyObject *upy_slice(PyObject *input, const char *s, int ascii,
                    const struct uriscan_uri *u, unsigned c)
{
	const struct uriscan_span *p = &u->part[c];
	if (!URISCAN_HAS(u, c))
		Py_RETURN_NONE;
	if (PyBytes_Check(input))
		return PyBytes_FromStringAndSize(s + p->off, p->len);
	if (ascii)
		return PyUnicode_Substring(input, p->off, (Py_ssize_t)p->off + p->len);
	return PyUnicode_DecodeUTF8(s + p->off, p->len, "strict");
}

PyObject *upy_uri_new(PyObject *input, int ascii, const struct uriscan_uri *u)
{
	UriObject *self = PyObject_New(UriObject, upy_uri_type);
	if (self == NULL)
		return NULL;
	Py_INCREF(input);
	self->input = input;
	self->ascii = ascii;
	self->u = *u;
	return (PyObject *)self;
}

PyObject *upy_uri_component(PyObject *obj, unsigned c)
{
	UriObject *self = (UriObject *)obj;
	const char *s = upy_uri_bytes(self);
	if (s == NULL)
		return NULL;
	return upy_slice(self->input, s, self->ascii, &self->u, c);
}

PyObject *upy_uri_input(PyObject *obj)
{
	if (upy_uri_type == NULL || !PyObject_TypeCheck(obj, upy_uri_type))
		return NULL;
	return ((UriObject *)obj)->input;
}

const struct uriscan_uri *upy_uri_parsed(PyObject *obj)
{
	return &((UriObject *)obj)->u;
}

PyObject *upy_uri_query(PyObject *obj)
{
	return upy_uri_component(obj, URISCAN_QUERY);
}
