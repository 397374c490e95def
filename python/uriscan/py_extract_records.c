/* SPDX-License-Identifier: MIT */
/*
 * py_extract_records.c: uriscan._core.extract_records, the URLs of one
 * buffer as a list of dicts (the records of uriscan.dask.extract_bag),
 * built here in C: no Match or URI object per URL, no Python call per
 * component. The scan runs without the GIL and keeps what each record
 * needs (80 bytes a match, freed before the call returns; with
 * hosts=True the confusion flags too, computed in the scan); the dicts
 * are made after it.
 */
#include "_core.h"

#include <stdlib.h>
#include <string.h>

/* The record's keys, in their order (interned once); the components are
 * taken from uriscan_uri.part[] at comps[i]. */
enum {
	K_URL, K_TRUNCATED, K_CUT, K_SCHEME, K_HOST, K_PORT, K_PATH, K_QUERY,
	K_FRAGMENT, K_HOST_TYPE, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "url", "truncated", "cut", "scheme", "host", "port", "path", "query", "fragment",
    "host_type"};
static const unsigned comps[] = {URISCAN_SCHEME, URISCAN_HOST, URISCAN_PORT,
                                 URISCAN_PATH, URISCAN_QUERY, URISCAN_FRAGMENT};
static PyObject *keys[K_COUNT];
/* The keys, each None, in their order (upy_dict_template): a record is a
 * copy of it, its values put in. */
static PyObject *tmpl;
/* with hosts=True: the keys, then the host fields (py_host_fields.c) */
static PyObject *tmpl_hosts;
/* uriscan_host_type_name of each host type, as str (NULL: None, as
 * URI.host_type gives for "none"). */
#define HOST_TYPES 8
static PyObject *host_types[HOST_TYPES];

/* A match as the scan leaves it, before its record is made: what the
 * record needs, offsets into the buffer (a truncated match's first nbytes
 * bytes are the buffer's at off: it is one buffer). */
struct found {
	uint64_t off;
	size_t nbytes;
	uint32_t present; /* of comps[], as bits of uriscan_uri.present */
	uint32_t confusion; /* hosts=True: URISCAN_EXTRACT_CONFUSION's */
	unsigned char truncated, cut, host_type, defanged;
	size_t at; /* defanged: where its refanged bytes are in the arena */
	struct uriscan_span part[sizeof comps / sizeof comps[0]];
};

struct scan {
	struct found *v;
	size_t n, cap;
	int no_memory;
	char *arena; /* defanged=True: the refanged URLs */
	size_t arena_n, arena_cap;
};

/* The scan's callback, run without the GIL: no Python call. */
static int on_match(void *user, const struct uriscan_match *m)
{
	struct scan *sc = user;
	struct found *f;

	if (sc->n == sc->cap) {
		size_t cap = sc->cap ? sc->cap * 2 : 256;
		/* Raw: no GIL here; failed by _testcapi.set_nomemory too */
		struct found *v = PyMem_RawRealloc(sc->v, cap * sizeof *v);
		if (v == NULL) {
			sc->no_memory = 1;
			return 1;
		}
		sc->v = v;
		sc->cap = cap;
	}
	f = &sc->v[sc->n++];
	f->off = m->offset;
	f->nbytes = m->nbytes;
	f->truncated = (m->flags & URISCAN_MATCH_TRUNCATED) != 0;
	f->cut = (m->flags & URISCAN_MATCH_CUT) != 0; /* keep_cut=True only */
	f->host_type = (unsigned char)m->uri.host_type;
	f->present = m->uri.present;
	f->confusion = m->confusion;
	f->defanged = (m->flags & URISCAN_MATCH_DEFANGED) != 0;
	if (f->defanged) { /* not the buffer's bytes: kept */
		if (sc->arena_n + m->nbytes > sc->arena_cap) {
			size_t cap = (sc->arena_cap + m->nbytes) * 2;
			char *a = PyMem_RawRealloc(sc->arena, cap);
			if (a == NULL) {
				sc->no_memory = 1;
				return 1;
			}
			sc->arena = a;
			sc->arena_cap = cap;
		}
		memcpy(sc->arena + sc->arena_n, m->bytes, m->nbytes);
		f->at = sc->arena_n;
		sc->arena_n += m->nbytes;
	}
	for (unsigned i = 0; i < sizeof comps / sizeof comps[0]; i++)
		f->part[i] = m->uri.part[comps[i]];
	return 0;
}

static PyObject *host_type(enum uriscan_host_type t)
{
	if ((unsigned)t < HOST_TYPES && host_types[t] != NULL)
		return Py_NewRef(host_types[t]);
	Py_RETURN_NONE;
}

/* The record of a match found in s: a key left alone stays None. hosts:
 * with the host fields of the URL (as found: a truncated match's first
 * bytes, where its host is), read by grammar g, its flags the scan's. */
static PyObject *record(const char *s, const struct found *f, int hosts,
                        enum uriscan_grammar g, const struct scan *sc, int defanged)
{
	const char *b = f->defanged ? sc->arena + f->at : s + f->off;
	PyObject *d = PyDict_Copy(hosts ? tmpl_hosts : tmpl);

	if (d == NULL ||
	    (defanged && PyDict_SetItemString(d, "defanged",
	                                      f->defanged ? Py_True : Py_False) < 0) ||
	    (hosts && upy_host_fields_put(d, g, b, f->nbytes, &f->confusion) < 0) ||
	    upy_dict_put(d, keys[K_URL],
	                 PyBytes_FromStringAndSize(b, (Py_ssize_t)f->nbytes)) < 0 ||
	    PyDict_SetItem(d, keys[K_TRUNCATED], f->truncated ? Py_True : Py_False) < 0 ||
	    PyDict_SetItem(d, keys[K_CUT], f->cut ? Py_True : Py_False) < 0)
		goto fail;
	if (f->truncated)
		return d; /* no components */
	for (unsigned i = 0; i < sizeof comps / sizeof comps[0]; i++) {
		const struct uriscan_span *p = &f->part[i];
		if (!((f->present >> comps[i]) & 1u))
			continue;
		/* the port an int as URI.port (every grammar's port is digits);
		 * an empty one None */
		if (comps[i] == URISCAN_PORT
		        ? p->len > 0 &&
		              upy_dict_put(d, keys[K_PORT], upy_digits_int(b + p->off, p->len)) < 0
		        : upy_dict_put(d, keys[K_SCHEME + (int)i],
		                       PyBytes_FromStringAndSize(b + p->off, p->len)) < 0)
			goto fail;
	}
	if (upy_dict_put(d, keys[K_HOST_TYPE],
	                 host_type((enum uriscan_host_type)f->host_type)) < 0)
		goto fail;
	return d;
fail:
	Py_XDECREF(d);
	return NULL;
}

PyObject *upy_extract_records(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"data", "grammar", "max_len", "opaque",
	                                    "trim", "keep_cut", "hosts", "defanged", NULL};
	PyObject *v[8], *opts[8], *data, *out;
	struct uriscan_extract_options opt;
	enum uriscan_grammar g;
	struct scan sc = {NULL, 0, 0, 0, NULL, 0, 0};
	struct upy_input in;
	int components, st, hosts;
	(void)m;
	if (upy_args("extract_records", a, n, kw, names, 2, v) < 0 ||
	    (data = upy_required("extract_records", v, 0, "data")) == NULL)
		return NULL;
	/* upy_extract_options's order: grammar, components, max_len, opaque,
	 * trim, keep_cut, flags (the records' flags come with hosts=True) */
	opts[0] = v[1];
	opts[1] = NULL;
	opts[2] = v[2];
	opts[3] = v[3];
	opts[4] = v[4];
	opts[5] = v[5];
	opts[6] = NULL;
	opts[7] = v[7];
	if ((hosts = upy_flag_arg(v[6], 0)) < 0 ||
	    upy_extract_options(opts, &g, &opt, &components) < 0 ||
	    upy_bytes_input(data, &in, "extract_records") < 0)
		return NULL;
	/* hosts=True: each match's flags in the scan, without the GIL */
	if (hosts)
		opt.flags |= URISCAN_EXTRACT_CONFUSION;
	/* the scan without the GIL (other threads run meanwhile; the bytes
	 * stay alive as the argument, another buffer pinned by its view),
	 * then the records with it */
	Py_BEGIN_ALLOW_THREADS
	st = uriscan_extract(g, in.s, (size_t)in.len, &opt, on_match, &sc, NULL);
	Py_END_ALLOW_THREADS
	out = NULL;
	if (sc.no_memory)
		PyErr_NoMemory();
	else if (st != URISCAN_OK)
		PyErr_Format(st == URISCAN_E_NO_MEMORY ? PyExc_MemoryError : PyExc_ValueError,
		             "extract_records: %s", uriscan_strerror(st));
	else
		out = PyList_New((Py_ssize_t)sc.n);
	for (size_t i = 0; out != NULL && i < sc.n; i++) {
		PyObject *d = record(in.s, &sc.v[i], hosts, g, &sc,
		                     (opt.flags & URISCAN_EXTRACT_DEFANGED) != 0);
		if (d == NULL)
			Py_CLEAR(out);
		else
			PyList_SET_ITEM(out, (Py_ssize_t)i, d);
	}
	PyMem_RawFree(sc.v);
	PyMem_RawFree(sc.arena);
	upy_input_release(&in);
	return out;
}

int upy_extract_records_init(void)
{
	if (upy_intern_all(key_names, K_COUNT, keys) < 0 ||
	    (tmpl = upy_dict_template(keys, K_COUNT)) == NULL ||
	    (tmpl_hosts = upy_host_template(tmpl, 0)) == NULL)
		return -1;
	for (unsigned t = 0; t < HOST_TYPES; t++) {
		const char *name = uriscan_host_type_name((enum uriscan_host_type)t);
		if (name != NULL && strcmp(name, "none") != 0 && /* None, as URI.host_type */
		    (host_types[t] = PyUnicode_InternFromString(name)) == NULL)
			return -1;
	}
	return 0;
}
