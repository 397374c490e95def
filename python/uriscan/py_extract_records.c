/*
 * py_extract_records.c: uriscan._core.extract_records, the URLs of one
 * buffer as a list of dicts (the records of uriscan.dask.extract_bag),
 * built here in C from uriscan_extract's callback: no Match or URI object
 * per URL, no Python call per component.
 */
#include "_core.h"

#include <string.h>

/* The record's keys, in their order (interned once); the components are
 * taken from uriscan_uri.part[] at comps[i]. */
enum {
	K_URL, K_TRUNCATED, K_SCHEME, K_HOST, K_PORT, K_PATH, K_QUERY,
	K_FRAGMENT, K_HOST_TYPE, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "url", "truncated", "scheme", "host", "port", "path", "query", "fragment",
    "host_type"};
static const unsigned comps[] = {URISCAN_SCHEME, URISCAN_HOST, URISCAN_PORT,
                                 URISCAN_PATH, URISCAN_QUERY, URISCAN_FRAGMENT};
static PyObject *keys[K_COUNT];
/* uriscan_host_type_name of each host type, as str (NULL: None, as
 * URI.host_type gives for "none"). */
#define HOST_TYPES 8
static PyObject *host_types[HOST_TYPES];

struct records {
	PyObject *out; /* the list, NULL after an error */
};

static PyObject *host_type(enum uriscan_host_type t)
{
	if ((unsigned)t < HOST_TYPES && host_types[t] != NULL)
		return Py_NewRef(host_types[t]);
	Py_RETURN_NONE;
}

/* One match: its record appended to the list. Non-zero stops the scan. */
static int on_match(void *user, const struct uriscan_match *m)
{
	struct records *r = user;
	const struct uriscan_uri *u = &m->uri;
	int trunc = (m->flags & URISCAN_MATCH_TRUNCATED) != 0;
	PyObject *d = PyDict_New();

	if (d == NULL ||
	    upy_dict_put(d, keys[K_URL],
	                 PyBytes_FromStringAndSize(m->bytes, (Py_ssize_t)m->nbytes)) < 0 ||
	    PyDict_SetItem(d, keys[K_TRUNCATED], trunc ? Py_True : Py_False) < 0)
		goto fail;
	for (unsigned i = 0; i < sizeof comps / sizeof comps[0]; i++) {
		const struct uriscan_span *p = &u->part[comps[i]];
		PyObject *v = !trunc && URISCAN_HAS(u, comps[i])
		                  ? PyBytes_FromStringAndSize(m->bytes + p->off, p->len)
		                  : Py_NewRef(Py_None);
		if (upy_dict_put(d, keys[K_SCHEME + (int)i], v) < 0)
			goto fail;
	}
	if (upy_dict_put(d, keys[K_HOST_TYPE],
	                 trunc ? Py_NewRef(Py_None) : host_type(u->host_type)) < 0 ||
	    PyList_Append(r->out, d) < 0)
		goto fail;
	Py_DECREF(d);
	return 0;
fail:
	Py_XDECREF(d);
	Py_CLEAR(r->out);
	return 1;
}

PyObject *upy_extract_records(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"data", "grammar", "max_len", "opaque",
	                                    "trim", NULL};
	PyObject *v[5], *opts[5];
	struct uriscan_extract_options opt;
	enum uriscan_grammar g;
	struct records r;
	Py_buffer view;
	int components, st;
	(void)m;
	if (upy_args("extract_records", a, n, kw, names, 2, v) < 0)
		return NULL;
	if (v[0] == NULL)
		return PyErr_Format(PyExc_TypeError,
		                    "extract_records() missing required argument 'data'");
	if (PyUnicode_Check(v[0]) || !PyObject_CheckBuffer(v[0]))
		return PyErr_Format(PyExc_TypeError,
		                    "extract_records: expected a bytes-like object, not "
		                    "%.100s (encode str first)", Py_TYPE(v[0])->tp_name);
	/* upy_extract_options's order: grammar, components, max_len, opaque, trim */
	opts[0] = v[1];
	opts[1] = NULL;
	opts[2] = v[2];
	opts[3] = v[3];
	opts[4] = v[4];
	if (upy_extract_options(opts, &g, &opt, &components) < 0 ||
	    PyObject_GetBuffer(v[0], &view, PyBUF_SIMPLE) < 0)
		return NULL;
	r.out = PyList_New(0);
	if (r.out == NULL) {
		PyBuffer_Release(&view);
		return NULL;
	}
	/* the records are Python objects: the scan keeps the GIL */
	st = uriscan_extract(g, &opt, view.buf, (size_t)view.len, on_match, &r, NULL);
	PyBuffer_Release(&view);
	if (r.out == NULL)
		return NULL;
	if (st != URISCAN_OK) {
		Py_DECREF(r.out);
		return PyErr_Format(st == URISCAN_E_NO_MEMORY ? PyExc_MemoryError
		                                              : PyExc_ValueError,
		                    "extract_records: %s", uriscan_strerror(st));
	}
	return r.out;
}

int upy_extract_records_init(void)
{
	for (int k = 0; k < K_COUNT; k++)
		if ((keys[k] = PyUnicode_InternFromString(key_names[k])) == NULL)
			return -1;
	for (unsigned t = 0; t < HOST_TYPES; t++) {
		const char *name = uriscan_host_type_name((enum uriscan_host_type)t);
		if (name != NULL && strcmp(name, "none") != 0 && /* None, as URI.host_type */
		    (host_types[t] = PyUnicode_InternFromString(name)) == NULL)
			return -1;
	}
	return 0;
}
