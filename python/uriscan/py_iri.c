/* SPDX-License-Identifier: MIT */
/*
 * py_iri.c: uriscan.to_uri and uriscan.to_iri, the RFC 3987 section 3
 * mappings (uriscan_iri_to_uri, uriscan_uri_to_iri). str in, str out;
 * bytes in, bytes out.
 */
#include "_core.h"

typedef int (*map_fn)(const char *, size_t, unsigned, char *, size_t, size_t *,
                      struct uriscan_error *);

static PyObject *map(const char *fname, PyObject *const *a, Py_ssize_t n,
                     PyObject *kw, const char *flag_name, unsigned flag, map_fn fn)
{
	const char *names[] = {"s", flag_name, NULL};
	PyObject *v[2], *r = NULL;
	struct upy_input in;
	size_t need = 0;
	struct uriscan_error err;
	unsigned flags = 0;
	char *buf;
	int st;
	if (upy_args(fname, a, n, kw, names, 1, v) < 0)
		return NULL;
	if (v[0] == NULL)
		return PyErr_Format(PyExc_TypeError, "%s() missing required argument 's'", fname);
	if (v[1] != NULL) {
		int t = PyObject_IsTrue(v[1]);
		if (t < 0)
			return NULL;
		flags = t ? flag : 0;
	}
	if (upy_input_get(v[0], &in, fname) < 0)
		return NULL;
	st = fn(in.s, (size_t)in.len, flags, NULL, 0, &need, &err);
	if (st != URISCAN_OK && st != URISCAN_E_BUFFER_TOO_SMALL) {
		upy_raise(st, err.offset, &in);
		goto done;
	}
	buf = PyMem_Malloc(need + 1);
	if (buf == NULL) {
		PyErr_NoMemory();
		goto done;
	}
	st = fn(in.s, (size_t)in.len, flags, buf, need + 1, &need, &err);
	if (st != URISCAN_OK)
		upy_raise(st, err.offset, &in);
	else if (in.is_str)
		r = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)need, "strict");
	else
		r = PyBytes_FromStringAndSize(buf, (Py_ssize_t)need);
	PyMem_Free(buf);
done:
	upy_input_release(&in);
	return r;
}

PyObject *upy_to_uri(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	(void)m;
	return map("to_uri", a, n, kw, "idna", URISCAN_IRI_IDNA, uriscan_iri_to_uri);
}

PyObject *upy_to_iri(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	(void)m;
	return map("to_iri", a, n, kw, "decode_unreserved", URISCAN_URI_DECODE_UNRESERVED,
	           uriscan_uri_to_iri);
}
