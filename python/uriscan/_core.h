/* SPDX-License-Identifier: MIT */
/*
 * _core.h: shared declarations of the uriscan CPython extension (uriscan._core).
 * Internal to the extension; nothing here is part of the C library's API.
 */
#ifndef URISCAN_PY_CORE_H
#define URISCAN_PY_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "uriscan.h"

/* Module state lives in globals: the module is single-phase and loaded once. */
extern PyObject *upy_Error, *upy_InvalidURI;
extern PyTypeObject upy_URIType;
extern PyTypeObject *upy_MatchType;

/* Input bytes of a str, bytes or other buffer, or of a uriscan.URI (its
 * input, str or bytes). For str, s points into the str's cached UTF-8
 * form; for a buffer, view is held and must be released with
 * upy_input_release. */
struct upy_input {
	const char *s;
	Py_ssize_t len;
	int is_str;   /* 1: str, 0: bytes-like */
	int ascii;    /* str: only ASCII (byte offsets == character offsets) */
	int has_view; /* view is held */
	Py_buffer view;
};
int upy_input_get(PyObject *obj, struct upy_input *in, const char *what);
/* upy_input_get of a bytes-like object only (TypeError for a str). */
int upy_bytes_input(PyObject *obj, struct upy_input *in, const char *what);
void upy_input_release(struct upy_input *in);

/* Keyword/positional argument matching for METH_FASTCALL | METH_KEYWORDS.
 * names: the parameter names (NULL-terminated); out[i] gets the argument or
 * stays NULL. npos: how many may be positional. 0 or -1 with an exception. */
int upy_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
             PyObject *kwnames, const char *const *names, int npos,
             PyObject **out);

/* Argument i of fname, or NULL with TypeError when it was not given. */
PyObject *upy_required(const char *fname, PyObject *const *v, int i,
                       const char *name);
/* A boolean argument (NULL: dflt): 0/1, or -1 with an exception. */
int upy_flag_arg(PyObject *obj, int dflt);
/* Two inputs of one kind (both str or both bytes-like); -1 with TypeError
 * (and nothing held) otherwise. */
int upy_input_pair(const char *fname, PyObject *x, PyObject *y,
                   struct upy_input *a, struct upy_input *b);

/* A grammar argument (None: default) and a rule argument (None: the
 * grammar's top rule). 0 or -1 with a TypeError/ValueError set. */
int upy_grammar(PyObject *obj, enum uriscan_grammar dflt,
                enum uriscan_grammar *g);
int upy_rule(enum uriscan_grammar g, PyObject *obj, unsigned *rule);

/* out[i] = names[i] as interned str, for the keys of records built in C:
 * 0, or -1 with an exception. */
int upy_intern_all(const char *const *names, int n, PyObject **out);
/* A new dict of keys[0, n), in that order, each None. A record copied
 * from it (PyDict_Copy: one copy of its table) gets its values put without
 * the table growing on the way, as it does two or three times when a dict
 * of some ten keys is filled from empty. NULL with an exception. */
PyObject *upy_dict_template(PyObject *const *keys, int n);
/* d[key] = v, v's reference taken over; -1 when v is NULL (its error
 * stays set) or the dict refuses it. */
int upy_dict_put(PyObject *d, PyObject *key, PyObject *v);

/* The int of the decimal digits s[0, n) (n > 0, every byte a digit; any
 * size), or NULL with an exception. */
PyObject *upy_digits_int(const char *s, size_t n);

/* Character offset of byte offset off in the UTF-8 text s[0, len) (the
 * character holding that byte; the character count when off == len). */
Py_ssize_t upy_char_offset(const char *s, size_t len, size_t off);

/* Raise InvalidURI (syntax statuses, idna) or Error (other statuses of
 * the library) for status st at byte offset off of input in. NULL. */
PyObject *upy_raise(int st, size_t off, const struct upy_input *in);
/* upy_raise, the offset being inside the part called name (not NULL):
 * the message names it and the exception's attribute attr ("component",
 * "argument") holds it. NULL. */
PyObject *upy_raise_in(int st, size_t off, const struct upy_input *in,
                       const char *attr, const char *name);
/* upy_raise, its message saying why instead of the status's generic
 * text. NULL. */
PyObject *upy_raise_why(int st, size_t off, const struct upy_input *in,
                        const char *why);
/* 1 for the statuses that mean "the input does not match". */
int upy_is_syntax(int st);

/* The result of a library call that writes into a buffer: fn (called with
 * ctx) is run once into a stack buffer, and again into an exact-size
 * allocation when it returns URISCAN_E_BUFFER_TOO_SMALL. upy_out_run
 * returns fn's status (o->p holds o->len bytes on URISCAN_OK), or UPY_PYERR
 * with MemoryError set; upy_out_result makes the str (UTF-8) or bytes of them;
 * both upy_out_result and upy_out_free release the allocation. */
#define UPY_PYERR (-1) /* not a library status: a Python exception is set */
typedef int (*upy_write_fn)(void *ctx, char *out, size_t cap, size_t *out_len);
struct upy_out {
	char *p;
	size_t len;
	char stack[512];
};
int upy_out_run(struct upy_out *o, upy_write_fn fn, void *ctx);
/* The same, given room bytes at once when more than the stack's (a writer
 * that is faster with room: uriscan_percent_encode with 3 * len + 32). */
int upy_out_run_room(struct upy_out *o, upy_write_fn fn, void *ctx, size_t room);
PyObject *upy_out_result(struct upy_out *o, int is_str);
void upy_out_free(struct upy_out *o);

/* A URI object over input (a str or bytes, kept alive by the URI). */
PyObject *upy_uri_new(PyObject *input, int ascii, const struct uriscan_uri *u);
/* The input (str or bytes, borrowed) of a uriscan.URI, or NULL when obj
 * is not one. */
PyObject *upy_uri_input(PyObject *obj);
/* The query of a uriscan.URI (str or bytes), or None when it has none: a
 * new reference, or NULL with an exception. */
PyObject *upy_uri_query(PyObject *obj);
/* A component of a parsed input as str/bytes, or None when absent. */
PyObject *upy_slice(PyObject *input, const char *s, int ascii,
                    const struct uriscan_uri *u, unsigned c);

/* The uriscan.URI's parse (borrowed; obj must be a uriscan.URI). */
const struct uriscan_uri *upy_uri_parsed(PyObject *obj);

/* py_hosts.c: the values of the host fields. An address as an
 * ipaddress.IPv4Address or IPv6Address (None for family NONE); its form's
 * and class's names (None for NONE); a set of confusion flags as a
 * frozenset of their names. New references, or NULL with an exception. */
PyObject *upy_ip_object(const struct uriscan_host_addr *a);
PyObject *upy_ip_form_name(const struct uriscan_host_addr *a);
PyObject *upy_ip_class_name(const struct uriscan_host_addr *a);
PyObject *upy_flag_set(uint32_t flags);
extern PyTypeObject *upy_HostAddressType;
int upy_hosts_init(PyObject *module);

/* py_host_fields.c: the six host fields (ip ... flags) of a record, as
 * `uriscan inspect` and --hosts read them (src/frontend/host_read.h). */
#define UPY_HOST_FIELDS 6
/* The six of the record s[0, n) read with grammar g, put into d (bytes
 * for the texts): 0, or -1 with an exception. */
int upy_host_fields_put(PyObject *d, enum uriscan_grammar g, const char *s, size_t n,
                        const uint32_t *flags);
/* The target_ six of a log line's request target (NULL: none; a CONNECT
 * target read after "http://") and the referer_ six of its referer (NULL:
 * none), RFC 3986, into d: 0, or -1 with an exception. */
int upy_log_hosts_put(PyObject *d, const char *method, size_t ml,
                      const char *target, size_t tl, const char *ref, size_t rl);
/* A copy of the record template tmpl with the host keys after its own,
 * each None: the six, or (log) the target_ and referer_ ones. */
PyObject *upy_host_template(PyObject *tmpl, int log);
/* The URI's properties ip ... flags (into out[0, UPY_HOST_FIELDS)) and
 * URI.host_info(). */
void upy_uri_host_getset(PyGetSetDef *out);
PyObject *upy_uri_host_info(PyObject *self, PyObject *unused);
/* The fields' interned keys, and uriscan.HOST_FIELDS in module: 0, or -1
 * with an exception. */
int upy_host_fields_init(PyObject *module);

/* Functions of the other files, for the module's method table. */
PyObject *upy_parse(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_is_valid(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_urlsplit(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_extract(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_to_uri(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_to_iri(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_normalize(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_equivalent(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_unquote(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_query_params(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_query_get(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_recompose(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_resolve(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_log_line(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_log_records(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_host_address(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_browser_host(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_confusion(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_site(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
/* py_rewrite.c: quote, rewrite and the URI methods that edit a query */
PyObject *upy_quote(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_rewrite(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
PyObject *upy_uri_set_param(PyObject *self, PyObject *const *a, Py_ssize_t n);
PyObject *upy_uri_append_param(PyObject *self, PyObject *const *a, Py_ssize_t n);
PyObject *upy_uri_remove_params(PyObject *self, PyObject *const *a, Py_ssize_t n);
PyObject *upy_uri_keep_params(PyObject *self, PyObject *const *a, Py_ssize_t n);
PyObject *upy_uri_sort_query(PyObject *self, PyObject *unused);
PyObject *upy_uri_strip_tracking(PyObject *self, PyObject *const *a, Py_ssize_t n);
/* URI.replace of the URI parsed into u from input (a str or bytes). */
PyObject *upy_replace(PyObject *input, const struct uriscan_uri *u,
                      PyObject *const *a, Py_ssize_t n, PyObject *kw);
int upy_extract_init(PyObject *module);
/* The extraction options v[] = grammar, components, max_len, opaque, trim,
 * keep_cut, flags, defanged (each NULL when not given): 0, or -1 with an exception. opt's opaque
 * schemes point into v[3] (a str), valid as long as it lives. */
int upy_extract_options(PyObject *const *v, enum uriscan_grammar *g,
                        struct uriscan_extract_options *opt, int *components);
PyObject *upy_extract_records(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw);
int upy_extract_records_init(void);
int upy_uri_init(void);
int upy_log_init(void);

#endif
