/* SPDX-License-Identifier: MIT */
/*
 * py_log.c: access-log lines (common, combined) as records, for
 * uriscan.logformat.parse_line and uriscan.dask.log_bag: the line is split
 * by `uriscan log`'s own code (src/frontend/log_line.h), the request line and the
 * referer judged by the library; one dict per line, built here in C.
 */
#include "_core.h"

#include <string.h>

#include "log_line.h"

/* The record's keys, in their order (interned once): every record has
 * all of them, a line not in the format too (its fields None, malformed
 * why offset set). */
enum {
	K_CLIENT, K_IDENT, K_USER, K_TIME, K_REQUEST, K_METHOD, K_TARGET,
	K_VERSION, K_REQUEST_VALID, K_TARGET_HOST, K_TARGET_PATH, K_STATUS,
	K_SIZE, K_REFERER, K_REFERER_HOST, K_AGENT, K_MALFORMED, K_WHY,
	K_OFFSET, K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "client", "ident", "user", "time", "request", "method", "target",
    "version", "request_valid", "target_host", "target_path", "status",
    "size", "referer", "referer_host", "agent", "malformed", "why",
    "offset"};
static PyObject *keys[K_COUNT];
/* Every record's keys, each None, in their order (upy_dict_template): a
 * record is a copy of it, its values put in. */
static PyObject *tmpl;
/* hosts=True: the keys, then target_ip ... referer_flags (py_host_fields.c) */
static PyObject *tmpl_hosts;
/* The build has RFC 3986 (it judges the request line and the referer). */
static int have_rfc3986;

static int need_rfc3986(void);

/* The decoding buffers of frontend_log_split (without the escapes' offsets,
 * which no record holds), and one for the user agent, grown to the longest
 * line of a call: three times its length. */
struct log_bufs {
	struct frontend_log_fields f;
	char *agent;
};

static int bufs_reserve(struct log_bufs *b, size_t len)
{
	size_t cap = len + 1;
	if (cap <= b->f.cap)
		return 0;
	PyMem_Free(b->f.req);
	PyMem_Free(b->f.ref);
	PyMem_Free(b->agent);
	b->f.req = PyMem_Malloc(cap);
	b->f.ref = PyMem_Malloc(cap);
	b->agent = PyMem_Malloc(cap);
	b->f.cap = cap;
	if (!b->f.req || !b->f.ref || !b->agent) {
		b->f.cap = 0;
		PyErr_NoMemory();
		return -1;
	}
	return 0;
}

static void bufs_free(struct log_bufs *b)
{
	PyMem_Free(b->f.req);
	PyMem_Free(b->f.ref);
	PyMem_Free(b->agent);
}

static PyObject *bytes_of(const char *s, size_t n)
{
	return PyBytes_FromStringAndSize(s, (Py_ssize_t)n);
}

/* A field as written, or None when it is "-" (absent). */
static PyObject *field(const char *line, struct frontend_log_span sp)
{
	if (sp.len == 1 && line[sp.off] == '-')
		Py_RETURN_NONE;
	return bytes_of(line + sp.off, sp.len);
}

/* %b: its digits as an int; None for "-" (no body) or another token. */
static PyObject *size_of(const char *line, struct frontend_log_span sp)
{
	const char *s = line + sp.off;
	for (size_t i = 0; i < sp.len; i++)
		if (s[i] < '0' || s[i] > '9')
			Py_RETURN_NONE;
	return upy_digits_int(s, sp.len);
}

/* Component c of u over s, as bytes, or None when absent. */
static PyObject *part_of(const char *s, const struct uriscan_uri *u, unsigned c)
{
	if (!URISCAN_HAS(u, c))
		Py_RETURN_NONE;
	return bytes_of(s + u->part[c].off, u->part[c].len);
}

/* The fields of a line that frontend_log_split took, into d (a copy of the
 * template: a key left alone stays None). The request line and the
 * referer are judged as `uriscan log` judges them (cmd_log.c, RFC 3986):
 * the request line in the form its method takes, the referer by the
 * grammar's top rule; method, target and version are the parts the
 * request line was split into as far as it could be (the CLI's method,
 * target and version). hosts: the host fields of the target and the
 * referer too, as `uriscan log --hosts` gives them. Every value is made
 * only when its put is reached (nothing leaks when one fails). */
static int fill(PyObject *d, const char *line, struct log_bufs *b, int hosts)
{
	const struct frontend_log_fields *f = &b->f;
	const char *req = f->req;
	size_t rl = (size_t)f->rl;
	struct uriscan_request q;
	int valid = uriscan_request_line(req, rl, 0, &q) == URISCAN_OK;
	int has_target = valid || q.error_part >= URISCAN_REQUEST_TARGET;
	int has_ref = f->fl >= 0 && f->has_ref;

	if (upy_dict_put(d, keys[K_CLIENT], field(line, f->host)) < 0 ||
	    upy_dict_put(d, keys[K_IDENT], field(line, f->ident)) < 0 ||
	    upy_dict_put(d, keys[K_USER], field(line, f->user)) < 0 ||
	    upy_dict_put(d, keys[K_TIME], bytes_of(line + f->time.off, f->time.len)) < 0 ||
	    upy_dict_put(d, keys[K_REQUEST], bytes_of(req, rl)) < 0 ||
	    (q.method.len &&
	     upy_dict_put(d, keys[K_METHOD],
	                  bytes_of(req + q.method.off, q.method.len)) < 0) ||
	    (has_target &&
	     upy_dict_put(d, keys[K_TARGET],
	                  bytes_of(req + q.target.off, q.target.len)) < 0) ||
	    (q.version.len &&
	     upy_dict_put(d, keys[K_VERSION],
	                  bytes_of(req + q.version.off, q.version.len)) < 0) ||
	    PyDict_SetItem(d, keys[K_REQUEST_VALID], valid ? Py_True : Py_False) < 0 ||
	    upy_dict_put(d, keys[K_TARGET_HOST], part_of(req, &q.uri, URISCAN_HOST)) < 0 ||
	    upy_dict_put(d, keys[K_TARGET_PATH], part_of(req, &q.uri, URISCAN_PATH)) < 0 ||
	    upy_dict_put(d, keys[K_STATUS], PyLong_FromUnsignedLong(f->status)) < 0 ||
	    upy_dict_put(d, keys[K_SIZE], size_of(line, f->size)) < 0 ||
	    (hosts && upy_log_hosts_put(d, req + q.method.off, q.method.len,
	                                has_target ? req + q.target.off : NULL,
	                                q.target.len, has_ref ? f->ref : NULL,
	                                has_ref ? (size_t)f->fl : 0) < 0))
		return -1;
	if (f->fl < 0)
		return 0; /* common: no referer, no user agent */
	if (f->has_ref) {
		struct uriscan_uri u;
		int ok = uriscan_parse(URISCAN_RFC3986, f->ref, (size_t)f->fl, 0, &u) ==
		         URISCAN_OK;
		if (upy_dict_put(d, keys[K_REFERER], bytes_of(f->ref, (size_t)f->fl)) < 0 ||
		    (ok && upy_dict_put(d, keys[K_REFERER_HOST],
		                        part_of(f->ref, &u, URISCAN_HOST)) < 0))
			return -1;
	}
	if (!(f->agent.len == 1 && line[f->agent.off] == '-')) {
		const char *a = line + f->agent.off;
		size_t al = frontend_log_unquote(a, a + f->agent.len, b->agent);
		if (upy_dict_put(d, keys[K_AGENT], bytes_of(b->agent, al)) < 0)
			return -1;
	}
	return 0;
}

/* A record of a line not in the format: every field None but malformed
 * (the line as given), why and offset. */
static PyObject *malformed(const char *s, size_t n, const char *why, size_t stop,
                           int hosts)
{
	PyObject *d = PyDict_Copy(hosts ? tmpl_hosts : tmpl);
	if (d == NULL || upy_dict_put(d, keys[K_MALFORMED], bytes_of(s, n)) < 0 ||
	    upy_dict_put(d, keys[K_WHY], PyUnicode_FromString(why)) < 0 ||
	    upy_dict_put(d, keys[K_OFFSET], PyLong_FromSize_t(stop)) < 0)
		Py_CLEAR(d);
	return d;
}

/* The record of the line [s, s + n) (its "\n" and a "\r" before it
 * already cut), or Py_None when it is not in the format, with *why and
 * *stop set. NULL with an exception. */
static PyObject *record(enum frontend_log_format fmt, const char *s, size_t n,
                        struct log_bufs *b, const char **why, size_t *stop,
                        int hosts)
{
	PyObject *d;

	if (bufs_reserve(b, n) < 0)
		return NULL;
	*why = frontend_log_split(fmt, s, n, &b->f);
	if (*why != NULL) {
		*stop = b->f.stop;
		Py_RETURN_NONE;
	}
	d = PyDict_Copy(hosts ? tmpl_hosts : tmpl);
	if (d != NULL && fill(d, s, b, hosts) < 0)
		Py_CLEAR(d);
	return d;
}

static int format_arg(PyObject *o, enum frontend_log_format *fmt)
{
	const char *s;
	if (o == NULL) {
		*fmt = FRONTEND_LOG_COMBINED;
		return 0;
	}
	s = PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : NULL;
	if (s != NULL && strcmp(s, "combined") == 0)
		*fmt = FRONTEND_LOG_COMBINED;
	else if (s != NULL && strcmp(s, "common") == 0)
		*fmt = FRONTEND_LOG_COMMON;
	else if (s != NULL && strcmp(s, "auto") == 0)
		*fmt = FRONTEND_LOG_AUTO;
	else {
		PyErr_Clear();
		PyErr_SetString(PyExc_ValueError,
		                "format must be 'combined', 'common' or 'auto'");
		return -1;
	}
	return 0;
}

/* The line's end without its "\n", and without a "\r" before that. */
static size_t line_len(const char *s, size_t n)
{
	if (n > 0 && s[n - 1] == '\n')
		n--;
	if (n > 0 && s[n - 1] == '\r')
		n--;
	return n;
}

PyObject *upy_log_line(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"line", "format", "hosts", NULL};
	PyObject *v[3], *line, *r;
	struct upy_input in;
	struct log_bufs b = {{0}};
	enum frontend_log_format fmt;
	const char *why;
	size_t stop;
	int hosts;
	(void)m;
	if (need_rfc3986() < 0 || upy_args("log_line", a, n, kw, names, 2, v) < 0 ||
	    (line = upy_required("log_line", v, 0, "line")) == NULL ||
	    format_arg(v[1], &fmt) < 0 || (hosts = upy_flag_arg(v[2], 0)) < 0 ||
	    upy_bytes_input(line, &in, "log_line") < 0)
		return NULL;
	r = record(fmt, in.s, line_len(in.s, (size_t)in.len), &b, &why, &stop, hosts);
	if (r == Py_None) {
		Py_DECREF(r);
		r = malformed(in.s, (size_t)in.len, why, stop, hosts);
	}
	bufs_free(&b);
	upy_input_release(&in);
	return r;
}

PyObject *upy_log_records(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"data", "format", "hosts", NULL};
	PyObject *v[3], *data, *out = NULL;
	struct upy_input in;
	struct log_bufs b = {{0}};
	enum frontend_log_format fmt;
	const char *p, *e;
	int hosts;
	(void)m;
	if (need_rfc3986() < 0 ||
	    upy_args("log_records", a, n, kw, names, 2, v) < 0 ||
	    (data = upy_required("log_records", v, 0, "data")) == NULL ||
	    format_arg(v[1], &fmt) < 0 || (hosts = upy_flag_arg(v[2], 0)) < 0 ||
	    upy_bytes_input(data, &in, "log_records") < 0)
		return NULL;
	out = PyList_New(0);
	for (p = in.s, e = in.s + in.len; out != NULL && p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t whole = nl ? (size_t)(nl + 1 - p) : (size_t)(e - p);
		const char *why;
		size_t stop;
		PyObject *r = record(fmt, p, line_len(p, whole), &b, &why, &stop, hosts);
		if (r == Py_None) {
			Py_DECREF(r);
			r = malformed(p, whole, why, stop, hosts);
		}
		if (r == NULL || PyList_Append(out, r) < 0)
			Py_CLEAR(out);
		Py_XDECREF(r);
		p += whole;
	}
	bufs_free(&b);
	upy_input_release(&in);
	return out;
}

int upy_log_init(void)
{
	if (upy_intern_all(key_names, K_COUNT, keys) < 0 ||
	    (tmpl = upy_dict_template(keys, K_COUNT)) == NULL ||
	    (tmpl_hosts = upy_host_template(tmpl, 1)) == NULL)
		return -1;
	/* a build without RFC 3986 (-Dgrammars=...): the calls raise */
	have_rfc3986 = uriscan_grammar_available(URISCAN_RFC3986);
	return 0;
}

/* 0, or -1 with uriscan.Error "grammar_unavailable" without RFC 3986. */
static int need_rfc3986(void)
{
	static const struct upy_input none;
	if (have_rfc3986)
		return 0;
	upy_raise(URISCAN_E_GRAMMAR_UNAVAILABLE, 0, &none);
	return -1;
}
