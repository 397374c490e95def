/* SPDX-License-Identifier: MIT */
/*
 * py_common.c: argument and input helpers of the uriscan extension: bytes of a
 * str or buffer, keyword matching, grammar and rule names, errors, and the
 * output buffer of the calls that write a result (stack, then exact size).
 */
#include "_core.h"

#include <string.h>

/* The module's exceptions, made by its init (py_module.c) and raised by
 * upy_raise here and by every file. */
PyObject *upy_Error, *upy_InvalidURI;

int upy_input_get(PyObject *obj, struct upy_input *in, const char *what)
{
	PyObject *uri_input = upy_uri_input(obj);
	memset(in, 0, sizeof *in);
	if (uri_input != NULL)
		obj = uri_input; /* a URI stands for its text */
	if (PyUnicode_Check(obj)) {
		in->s = PyUnicode_AsUTF8AndSize(obj, &in->len);
		if (in->s == NULL)
			return -1;
		in->is_str = 1;
		in->ascii = PyUnicode_IS_ASCII(obj);
		return 0;
	}
	if (PyBytes_Check(obj)) {
		in->s = PyBytes_AS_STRING(obj);
		in->len = PyBytes_GET_SIZE(obj);
		return 0;
	}
	if (PyObject_CheckBuffer(obj)) {
		if (PyObject_GetBuffer(obj, &in->view, PyBUF_SIMPLE) != 0)
			return -1;
		in->has_view = 1;
		in->s = in->view.buf;
		in->len = in->view.len;
		return 0;
	}
	PyErr_Format(PyExc_TypeError,
	             "%s: expected str, a bytes-like object or a uriscan.URI, not %.100s",
	             what, Py_TYPE(obj)->tp_name);
	return -1;
}

int upy_bytes_input(PyObject *obj, struct upy_input *in, const char *what)
{
	if (PyUnicode_Check(obj) || !PyObject_CheckBuffer(obj)) {
		memset(in, 0, sizeof *in);
		PyErr_Format(PyExc_TypeError, "%s: expected a bytes-like object, not %.100s",
		             what, Py_TYPE(obj)->tp_name);
		return -1;
	}
	return upy_input_get(obj, in, what);
}

void upy_input_release(struct upy_input *in)
{
	if (in->has_view) {
		PyBuffer_Release(&in->view);
		in->has_view = 0;
	}
}

int upy_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
             PyObject *kwnames, const char *const *names, int npos,
             PyObject **out)
{
	int n = 0;
	while (names[n])
		out[n++] = NULL;
	if (nargs > npos) {
		PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional argument%s (%zd given)",
		             fname, npos, npos == 1 ? "" : "s", nargs);
		return -1;
	}
	for (Py_ssize_t i = 0; i < nargs; i++)
		out[i] = args[i];
	Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
	for (Py_ssize_t k = 0; k < nkw; k++) {
		PyObject *key = PyTuple_GET_ITEM(kwnames, k);
		const char *ks = PyUnicode_AsUTF8(key);
		int i;
		if (ks == NULL)
			return -1;
		for (i = 0; i < n; i++)
			if (strcmp(ks, names[i]) == 0)
				break;
		if (i == n) {
			PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'",
			             fname, ks);
			return -1;
		}
		if (out[i] != NULL) {
			PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
			             fname, ks);
			return -1;
		}
		out[i] = args[nargs + k];
	}
	return 0;
}

/* A boolean argument (NULL: dflt); 0/1, or -1 with an exception. */
int upy_flag_arg(PyObject *obj, int dflt)
{
	return obj == NULL ? dflt : PyObject_IsTrue(obj);
}

/* Required argument i of fname, or NULL with TypeError. */
PyObject *upy_required(const char *fname, PyObject *const *v, int i,
                       const char *name)
{
	if (v[i] == NULL)
		PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fname, name);
	return v[i];
}

/* Two inputs of one kind (both str or both bytes-like); -1 with TypeError
 * (and nothing held) otherwise. */
int upy_input_pair(const char *fname, PyObject *x, PyObject *y,
                   struct upy_input *a, struct upy_input *b)
{
	if (upy_input_get(x, a, fname) < 0)
		return -1;
	if (upy_input_get(y, b, fname) < 0) {
		upy_input_release(a);
		return -1;
	}
	if (a->is_str != b->is_str) {
		upy_input_release(a);
		upy_input_release(b);
		PyErr_Format(PyExc_TypeError, "%s(): cannot mix str and bytes-like arguments", fname);
		return -1;
	}
	return 0;
}

/* The UTF-8 of a name argument; "" for a str holding NUL (never a name);
 * NULL with TypeError (what, then the type) for a non-str. */
static const char *name_arg(PyObject *obj, const char *what)
{
	const char *name;
	if (!PyUnicode_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "%s, not %.100s", what, Py_TYPE(obj)->tp_name);
		return NULL;
	}
	name = PyUnicode_AsUTF8(obj);
	if (name != NULL && strlen(name) != (size_t)PyUnicode_GET_LENGTH(obj))
		return "";
	return name;
}

int upy_grammar(PyObject *obj, enum uriscan_grammar dflt,
                enum uriscan_grammar *g)
{
	const char *name;
	if (obj == NULL || obj == Py_None) {
		*g = dflt;
		return 0;
	}
	if ((name = name_arg(obj, "grammar must be a str such as 'rfc3986'")) == NULL)
		return -1;
	if (!*name || uriscan_grammar_from_name(name, g) != URISCAN_OK) {
		PyErr_Format(PyExc_ValueError, "unknown grammar %R (see uriscan.grammars())", obj);
		return -1;
	}
	if (!uriscan_grammar_available(*g)) {
		PyErr_Format(PyExc_ValueError, "grammar %R: %s", obj,
		             uriscan_strerror(URISCAN_E_GRAMMAR_UNAVAILABLE));
		return -1;
	}
	return 0;
}

int upy_rule(enum uriscan_grammar g, PyObject *obj, unsigned *rule)
{
	const char *name;
	if (obj == NULL || obj == Py_None) {
		*rule = uriscan_rule_default(g);
		return 0;
	}
	if ((name = name_arg(obj, "rule must be a str (an ABNF rule name)")) == NULL)
		return -1;
	if (!*name || uriscan_rule_from_name(g, name, rule) != URISCAN_OK) {
		PyErr_Format(PyExc_ValueError, "unknown rule %R for grammar %s (see uriscan.rules())",
		             obj, uriscan_grammar_name(g));
		return -1;
	}
	return 0;
}

Py_ssize_t upy_char_offset(const char *s, size_t len, size_t off)
{
	Py_ssize_t chars = 0;
	for (size_t i = 0; i < off; i++)
		chars += ((unsigned char)s[i] & 0xC0) != 0x80;
	/* a byte inside a character belongs to the character before it */
	if (off > 0 && off < len && ((unsigned char)s[off] & 0xC0) == 0x80)
		chars--;
	return chars;
}

int upy_is_syntax(int st)
{
	return st == URISCAN_E_SYNTAX || st == URISCAN_E_INCOMPLETE ||
	       st == URISCAN_E_BAD_PERCENT || st == URISCAN_E_BAD_CHAR ||
	       st == URISCAN_E_BAD_UTF8;
}

int upy_intern_all(const char *const *names, int n, PyObject **out)
{
	for (int i = 0; i < n; i++)
		if ((out[i] = PyUnicode_InternFromString(names[i])) == NULL)
			return -1;
	return 0;
}

PyObject *upy_dict_template(PyObject *const *keys, int n)
{
	PyObject *d = PyDict_New();
	for (int i = 0; d != NULL && i < n; i++)
		if (PyDict_SetItem(d, keys[i], Py_None) < 0)
			Py_CLEAR(d);
	return d;
}

int upy_dict_put(PyObject *d, PyObject *key, PyObject *v)
{
	int r;
	if (v == NULL)
		return -1;
	r = PyDict_SetItem(d, key, v);
	Py_DECREF(v);
	return r;
}

static PyObject *raise_exc(int st, size_t off, const struct upy_input *in,
                           const char *attr, const char *name, const char *why);

PyObject *upy_raise(int st, size_t off, const struct upy_input *in)
{
	return upy_raise_in(st, off, in, NULL, NULL);
}

PyObject *upy_raise_in(int st, size_t off, const struct upy_input *in,
                       const char *attr, const char *name)
{
	return raise_exc(st, off, in, attr, name, uriscan_strerror(st));
}

PyObject *upy_raise_why(int st, size_t off, const struct upy_input *in,
                        const char *why)
{
	return raise_exc(st, off, in, NULL, NULL, why);
}

static PyObject *raise_exc(int st, size_t off, const struct upy_input *in,
                           const char *attr, const char *name, const char *why)
{
	PyObject *exc, *args;
	Py_ssize_t where = (Py_ssize_t)off;

	PyObject *cls = upy_is_syntax(st) || st == URISCAN_E_IDNA ? upy_InvalidURI : upy_Error;
	if (in->is_str && !in->ascii)
		where = upy_char_offset(in->s, (size_t)in->len, off);
	if (name != NULL)
		args = Py_BuildValue("(N)", PyUnicode_FromFormat("%s at offset %zd of %s (%s)",
		                     uriscan_status_name(st), where, name, why));
	else
		args = Py_BuildValue("(N)", PyUnicode_FromFormat("%s at offset %zd (%s)",
		                     uriscan_status_name(st), where, why));
	if (args == NULL)
		return NULL;
	exc = PyObject_Call(cls, args, NULL);
	Py_DECREF(args);
	if (exc == NULL)
		return NULL;
	PyObject *s = PyUnicode_FromString(uriscan_status_name(st));
	PyObject *o = PyLong_FromSsize_t(where), *b = PyLong_FromSize_t(off);
	int bad = s == NULL || o == NULL || b == NULL ||
	          PyObject_SetAttrString(exc, "status", s) < 0 ||
	          PyObject_SetAttrString(exc, "offset", o) < 0 ||
	          PyObject_SetAttrString(exc, "byte_offset", b) < 0;
	Py_XDECREF(s);
	Py_XDECREF(o);
	Py_XDECREF(b);
	if (!bad && name != NULL) {
		PyObject *n = PyUnicode_FromString(name);
		bad = n == NULL || PyObject_SetAttrString(exc, attr, n) < 0;
		Py_XDECREF(n);
	}
	if (bad)
		goto fail;
	PyErr_SetObject(cls, exc);
	Py_DECREF(exc);
	return NULL;
fail:
	Py_DECREF(exc);
	return NULL;
}

int upy_out_run_room(struct upy_out *o, upy_write_fn fn, void *ctx, size_t room)
{
	if (room <= sizeof o->stack)
		return upy_out_run(o, fn, ctx);
	/* one call with all the room (a writer faster with it) */
	o->len = 0;
	if ((o->p = PyMem_Malloc(room)) == NULL) {
		o->p = o->stack;
		PyErr_NoMemory();
		return UPY_PYERR;
	}
	return fn(ctx, o->p, room, &o->len);
}

int upy_out_run(struct upy_out *o, upy_write_fn fn, void *ctx)
{
	size_t need = 0;
	int st;
	o->p = o->stack;
	o->len = 0;
	st = fn(ctx, o->stack, sizeof o->stack, &need);
	if (st != URISCAN_E_BUFFER_TOO_SMALL) {
		o->len = need;
		return st;
	}
	if ((o->p = PyMem_Malloc(need + 1)) == NULL) {
		o->p = o->stack;
		PyErr_NoMemory();
		return UPY_PYERR;
	}
	st = fn(ctx, o->p, need + 1, &o->len);
	return st;
}

PyObject *upy_out_result(struct upy_out *o, int is_str)
{
	PyObject *r = is_str ? PyUnicode_DecodeUTF8(o->p, (Py_ssize_t)o->len, "strict")
	                     : PyBytes_FromStringAndSize(o->p, (Py_ssize_t)o->len);
	upy_out_free(o);
	return r;
}

void upy_out_free(struct upy_out *o)
{
	if (o->p != o->stack)
		PyMem_Free(o->p);
	o->p = o->stack;
}

PyObject *upy_digits_int(const char *s, size_t n)
{
	unsigned long long v = 0;
	char *z;
	PyObject *r;
	if (n <= 19) { /* < 10^19 < 2^64 */
		for (size_t i = 0; i < n; i++)
			v = v * 10 + (unsigned)(s[i] - '0');
		return PyLong_FromUnsignedLongLong(v);
	}
	if ((z = PyMem_Malloc(n + 1)) == NULL)
		return PyErr_NoMemory();
	memcpy(z, s, n);
	z[n] = '\0';
	r = PyLong_FromString(z, NULL, 10);
	PyMem_Free(z);
	return r;
}
