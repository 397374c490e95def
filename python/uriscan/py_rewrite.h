/* SPDX-License-Identifier: MIT */
/*
 * py_rewrite.h: the options of uriscan_rewrite built from Python objects
 * (py_rewrite_build.c), for quote, rewrite and the URI methods
 * (py_rewrite.c). Internal to the extension.
 */
#ifndef URISCAN_PY_REWRITE_H
#define URISCAN_PY_REWRITE_H

#include "_core.h"

struct rw_build {
	struct uriscan_rewrite_options o;
	struct uriscan_query_edit *ed;
	struct uriscan_set_options *sets;
	const char **globs;
	size_t ned, nsets, nglobs, cap_ed, cap_globs;
	PyObject *keep; /* the objects whose bytes the options point into */
	char *work;
	void *sort_work; /* records of a SORT (with a sort edit): one read */
};

/* 0, or -1 with an exception: each function below. */
int upy_rwb_init(struct rw_build *b);
void upy_rwb_free(struct rw_build *b);
/* A str argument as UTF-8 (borrowed), or NULL with TypeError. */
const char *upy_str_arg(PyObject *obj, const char *what);
/* A new edit of op (NULL with MemoryError). */
struct uriscan_query_edit *upy_rwb_edit(struct rw_build *b, unsigned op);
/* op KEY: REMOVE or KEEP; op KEY VALUE: SET or APPEND (value None: the
 * key alone); keys: an iterable of keys (a str or bytes is one); pairs: a
 * dict or (key, value) pairs; sets: {component: value or None};
 * tracking: True, or an iterable of globs. */
int upy_rwb_key_edit(struct rw_build *b, unsigned op, PyObject *key);
int upy_rwb_pair_edit(struct rw_build *b, unsigned op, PyObject *key, PyObject *value);
int upy_rwb_keys(struct rw_build *b, unsigned op, PyObject *obj);
int upy_rwb_pairs(struct rw_build *b, unsigned op, PyObject *obj);
int upy_rwb_sets(struct rw_build *b, PyObject *obj);
int upy_rwb_tracking(struct rw_build *b, PyObject *obj);
/* Rewrite in with b: str/bytes as in, or NULL with an exception. */
PyObject *upy_rwb_run(enum uriscan_grammar g, const struct upy_input *in,
                      struct rw_build *b);
/* The URI (grammar and rule of the URI self) of text. */
PyObject *upy_rwb_as_uri(PyObject *self, PyObject *text);
/* b run on the URI self, as a URI; frees b. */
PyObject *upy_rwb_uri_run(PyObject *self, struct rw_build *b);

#endif
