/* SPDX-License-Identifier: MIT */
/*
 * py_extract.h: the objects behind uriscan.extract's iterator (py_extract.c)
 * and uriscan.Extractor (py_extractor.c), and what they share
 * (py_extract_core.c). Internal to the extension.
 */
#ifndef URISCAN_PY_EXTRACT_H
#define URISCAN_PY_EXTRACT_H

#include "_core.h"

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

/* The object of tp_basicsize sizeof(XObject) with its queue, or NULL with
 * MemoryError; its tp_dealloc. */
XObject *upy_x_alloc(PyTypeObject *type);
void upy_x_dealloc(XObject *self);
/* The C extractor of the options v[0..7] (grammar ... defanged): 0, or -1
 * with an exception. */
int upy_x_make(XObject *self, PyObject **v);
/* Queue matches until the chunk is used up or limit are queued (with the
 * GIL released: no Python calls): 1 more may come, 0 drained, -1 no
 * memory. */
int upy_x_pull(XObject *self, size_t limit);
/* The queued match p as a uriscan.Match; NULL with an exception. */
PyObject *upy_x_match(XObject *self, const struct pending *p);
/* Mark self busy: 0, or -1 with RuntimeError (another thread is in it, or
 * an earlier call failed part way and reset() was not called). */
int upy_x_enter(XObject *self);
/* The current chunk (after feed, or finish) drained into a list; NULL
 * with an exception, the C extractor reset and self broken until
 * reset(). */
PyObject *upy_x_drain(XObject *self, int finish);
/* Unpin the buffer being scanned, if any. */
void upy_x_release_view(XObject *self);
/* uriscan.Match (py_extract_core.c) and uriscan.Extractor (py_extractor.c)
 * made and put in module: 0, or -1 with an exception. */
int upy_match_init(PyObject *module);
int upy_extractor_init(PyObject *module);

#endif
