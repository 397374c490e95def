/* SPDX-License-Identifier: MIT */
/*
 * py_resolve.c: uriscan.resolve, the binding of uriscan_resolve (RFC 3986
 * section 5, RFC 2396 5.2). Only the result object is allocated.
 */
#include "_core.h"

struct resolve_call {
	enum uriscan_grammar g;
	const struct upy_input *base, *ref;
	unsigned flags;
	struct uriscan_error err;
};

static int resolve_write(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct resolve_call *c = ctx;
	return uriscan_resolve(c->g, c->base->s, (size_t)c->base->len, c->ref->s,
	                       (size_t)c->ref->len, c->flags, out, cap, out_len, &c->err);
}

PyObject *upy_resolve(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"base", "ref", "grammar", "strict", NULL};
	PyObject *v[4], *r = NULL;
	struct resolve_call c = {.flags = 0};
	struct upy_input base, ref;
	struct upy_out o;
	int strict, st;
	(void)m;
	if (upy_args("resolve", a, n, kw, names, 3, v) < 0 ||
	    !upy_required("resolve", v, 0, "base") || !upy_required("resolve", v, 1, "ref") ||
	    upy_grammar(v[2], URISCAN_RFC3986, &c.g) < 0 || (strict = upy_flag_arg(v[3], 1)) < 0)
		return NULL;
	c.flags = strict ? 0 : URISCAN_RESOLVE_NON_STRICT;
	if (upy_input_pair("resolve", v[0], v[1], &base, &ref) < 0)
		return NULL;
	c.base = &base;
	c.ref = &ref;
	st = upy_out_run(&o, resolve_write, &c);
	if (st == URISCAN_OK)
		r = upy_out_result(&o, base.is_str);
	else {
		upy_out_free(&o);
		/* unsupported (rfc1738), invalid_argument: in no input */
		if (st != UPY_PYERR && c.err.input == URISCAN_INPUT_NONE)
			upy_raise(st, c.err.offset, &base);
		else if (st != UPY_PYERR)
			upy_raise_in(st, c.err.offset,
			             c.err.input == URISCAN_INPUT_FIRST ? &base : &ref, "argument",
			             c.err.input == URISCAN_INPUT_FIRST ? "base" : "ref");
	}
	upy_input_release(&base);
	upy_input_release(&ref);
	return r;
}
