/* SPDX-License-Identifier: MIT */
/*
 * py_recompose.c: uriscan.recompose and URI.replace (uriscan_recompose over
 * uriscan_uri_parts). Nothing is encoded here; only result objects are
 * allocated.
 */
#include "_core.h"

#include <string.h>

/* The keyword names, in the order of enum uriscan_component. */
static const char *const part_names[URISCAN_PARTS_COUNT + 2] = {
    "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment",
    NULL, NULL};

/* Component values given as keywords, held while the call runs. */
struct given {
	struct upy_input in[URISCAN_PARTS_COUNT];
	unsigned held;  /* bit c: in[c] holds an input to release */
	int is_str;     /* -1 until the first value */
	PyObject *port; /* the digits of a port given as an int (a str) */
};

static void given_release(struct given *gv)
{
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++)
		if (gv->held & (1u << c))
			upy_input_release(&gv->in[c]);
	gv->held = 0;
	Py_CLEAR(gv->port);
}

/* A port given as an int: its decimal digits in in (str or bytes alike);
 * ValueError below 0. 0, or -1 with an exception. */
static int port_int(struct given *gv, PyObject *v, struct upy_input *in)
{
	int neg = PyObject_RichCompareBool(v, Py_False, Py_LT); /* v < 0 */
	if (neg < 0)
		return -1;
	if (neg) {
		PyErr_Format(PyExc_ValueError, "port must be 0 or more, not %R", v);
		return -1;
	}
	if ((gv->port = PyObject_Str(v)) == NULL ||
	    (in->s = PyUnicode_AsUTF8AndSize(gv->port, &in->len)) == NULL)
		return -1;
	in->is_str = gv->is_str > 0;
	in->ascii = 1;
	return 0;
}

/* The bytes of value v of component c; None leaves in[c] unheld. All values
 * must be of one kind (str, or bytes-like), and of kind is_str when that is
 * not -1. 0, or -1 with an exception. */
static int given_get(struct given *gv, unsigned c, PyObject *v)
{
	struct upy_input *in = &gv->in[c];
	if (v == Py_None)
		return 0;
	if (c == URISCAN_PORT && PyLong_Check(v) && !PyBool_Check(v)) {
		if (port_int(gv, v, in) < 0)
			return -1;
		gv->held |= 1u << c;
		return 0; /* digits: a str or bytes result alike */
	}
	if (upy_input_get(v, in, part_names[c]) < 0)
		return -1;
	gv->held |= 1u << c;
	if (gv->is_str >= 0 && in->is_str != gv->is_str) {
		PyErr_Format(PyExc_TypeError, "%s: cannot mix str and bytes-like components",
		             part_names[c]);
		return -1;
	}
	gv->is_str = in->is_str;
	return 0;
}

struct recompose_call {
	enum uriscan_grammar g;
	const struct uriscan_uri_parts *parts;
	size_t eo;
	unsigned ec;
};

static int recompose_write(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct recompose_call *c = ctx;
	struct uriscan_error err;
	int st = uriscan_recompose(c->g, c->parts, 0, out, cap, out_len, &err);
	c->eo = err.offset;
	c->ec = err.component;
	return st;
}

/* Recompose parts in grammar g; the result is a str when is_str. On
 * bad_component the offset is placed in the failing component. */
static PyObject *run(enum uriscan_grammar g, const struct uriscan_uri_parts *parts,
                     int is_str)
{
	struct recompose_call call = {g, parts, 0, URISCAN_COMPONENT_NONE};
	struct upy_out o;
	int st = upy_out_run(&o, recompose_write, &call);
	struct upy_input where = {.s = "", .is_str = is_str};
	if (st == URISCAN_OK)
		return upy_out_result(&o, is_str);
	upy_out_free(&o);
	if (st == UPY_PYERR)
		return NULL;
	if (st != URISCAN_E_COMPONENT || call.ec >= URISCAN_PARTS_COUNT)
		return upy_raise(st, call.eo, &where);
	where.s = parts->part[call.ec].p ? parts->part[call.ec].p : "";
	where.len = (Py_ssize_t)parts->part[call.ec].len;
	return upy_raise_in(st, call.eo, &where, "component", part_names[call.ec]);
}

PyObject *upy_recompose(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	const char *names[URISCAN_PARTS_COUNT + 2];
	PyObject *v[URISCAN_PARTS_COUNT + 1], *r = NULL;
	struct uriscan_uri_parts parts;
	struct given gv = {.held = 0, .is_str = -1};
	enum uriscan_grammar g;
	(void)m;
	memcpy(names, part_names, sizeof names);
	names[URISCAN_PARTS_COUNT] = "grammar";
	if (upy_args("recompose", a, n, kw, names, 0, v) < 0 ||
	    upy_grammar(v[URISCAN_PARTS_COUNT], URISCAN_RFC3986, &g) < 0)
		return NULL;
	memset(&parts, 0, sizeof parts);
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		if (v[c] == NULL || v[c] == Py_Ellipsis)
			continue;
		if (given_get(&gv, c, v[c]) < 0)
			goto done;
		if (gv.held & (1u << c)) {
			parts.present |= 1u << c;
			parts.part[c] = (struct uriscan_part){gv.in[c].s, (size_t)gv.in[c].len};
		}
	}
	r = run(g, &parts, gv.is_str != 0);
done:
	given_release(&gv);
	return r;
}

#define BIT(c) (1u << (c))
#define SERVER (BIT(URISCAN_USERINFO) | BIT(URISCAN_HOST) | BIT(URISCAN_PORT))

PyObject *upy_replace(PyObject *input, const struct uriscan_uri *u,
                      PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	PyObject *v[URISCAN_PARTS_COUNT], *r = NULL;
	struct uriscan_uri_parts parts;
	int is_str = PyUnicode_Check(input);
	struct given gv = {.held = 0, .is_str = is_str};
	struct upy_input in = {.is_str = is_str};
	unsigned had;
	int st;
	if (upy_args("replace", a, n, kw, part_names, 0, v) < 0 ||
	    upy_input_get(input, &in, "replace") < 0)
		return NULL;
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++)
		if (v[c] == Py_Ellipsis)
			v[c] = NULL; /* the default: keep it */
	if ((st = uriscan_uri_parts_from(u, in.s, (size_t)in.len, &parts)) != URISCAN_OK)
		return upy_raise(st, 0, &in);
	had = parts.present;
	/* as uriscan_set_component: setting the authority replaces userinfo,
	 * host and port; setting one of those drops a whole authority */
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++)
		if (v[c] != NULL)
			parts.present &= c == URISCAN_AUTHORITY ? ~SERVER
			               : (BIT(c) & SERVER) ? ~BIT(URISCAN_AUTHORITY) : ~0u;
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++) {
		if (v[c] == NULL)
			continue;
		if (given_get(&gv, c, v[c]) < 0)
			goto done;
		parts.present &= ~BIT(c);
		parts.part[c] = (struct uriscan_part){NULL, 0};
		if (gv.held & BIT(c)) {
			parts.present |= BIT(c);
			parts.part[c] = (struct uriscan_part){gv.in[c].s, (size_t)gv.in[c].len};
		} else if (c == URISCAN_HOST && (had & (SERVER | BIT(URISCAN_AUTHORITY))))
			parts.present |= BIT(c); /* removed: the empty host */
	}
	r = run(u->grammar, &parts, is_str);
done:
	given_release(&gv);
	upy_input_release(&in);
	return r;
}
