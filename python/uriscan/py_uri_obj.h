/* SPDX-License-Identifier: MIT */
/*
 * py_uri_obj.h: the layout of a uriscan.URI object, for py_uri.c (the type)
 * and py_uri_obj.c (its data); the other files use _core.h's functions.
 */
#ifndef URISCAN_PY_URI_OBJ_H
#define URISCAN_PY_URI_OBJ_H

#include "_core.h"

typedef struct {
	PyObject_HEAD
	PyObject *input; /* str or bytes */
	int ascii;       /* str input with only ASCII: offsets are indices */
	struct uriscan_uri u;
} UriObject;

/* The input's bytes (a str's cached UTF-8), or NULL with an exception. */
static inline const char *upy_uri_bytes(UriObject *self)
{
	if (PyBytes_Check(self->input))
		return PyBytes_AS_STRING(self->input);
	return PyUnicode_AsUTF8(self->input); /* cached by the str */
}

/* The type, set by upy_uri_init (py_uri.c) before any URI is made. */
extern PyTypeObject *upy_uri_type;

/* Component c of a URI object as str/bytes, None when absent; NULL with
 * an exception. */
PyObject *upy_uri_component(PyObject *obj, unsigned c);

#endif
