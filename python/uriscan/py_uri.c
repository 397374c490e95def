/* SPDX-License-Identifier: MIT */
/*
 * py_uri.c: the immutable uriscan.URI type. It holds the input object and the
 * C library's offsets; a component is sliced from the input on access (no
 * allocation per component at parse time). Its methods and properties;
 * the object's data, its making and reading by the other files, are
 * py_uri_obj.c's.
 */
#include "_core.h"
#include "py_uri_obj.h"

#include <stdint.h>
#include <string.h>

/* The names of enum uriscan_component, in its order. */
static const char *const comp_names[URISCAN_COMPONENT_COUNT] = {
    "scheme",   "authority", "userinfo", "host",     "port",
    "path",     "query",     "fragment", "reg_name", "user",
    "password", "ftptype",   "gtype",    "selector", "gopher_plus",
    "group",    "article",   "database", "wtype",    "wpath",
    "fieldspecs", "address"};

static void uri_dealloc(UriObject *self)
{
	Py_DECREF(self->input);
	PyObject_Free(self);
}

static PyObject *uri_component(UriObject *self, void *closure)
{
	return upy_uri_component((PyObject *)self, (unsigned)(uintptr_t)closure);
}

/* URI.port: the port's digits as an int (any size, as RFC 3986 allows);
 * None when there is no port or it is empty ("http://h:/"), as
 * urllib.parse's .port. */
static PyObject *uri_port(UriObject *self, void *closure)
{
	PyObject *t = uri_component(self, (void *)(uintptr_t)URISCAN_PORT), *r;
	(void)closure;
	if (t == NULL || t == Py_None)
		return t;
	if (PyUnicode_Check(t))
		r = PyUnicode_GET_LENGTH(t) ? PyLong_FromUnicodeObject(t, 10) : Py_NewRef(Py_None);
	else /* a bytes object ends with a NUL */
		r = PyBytes_GET_SIZE(t) ? PyLong_FromString(PyBytes_AS_STRING(t), NULL, 10)
		                        : Py_NewRef(Py_None);
	Py_DECREF(t);
	return r;
}

static PyObject *name_or_none(const char *name)
{
	if (name == NULL || strcmp(name, "none") == 0)
		Py_RETURN_NONE;
	return PyUnicode_FromString(name);
}

static PyObject *uri_host_type(UriObject *self, void *c)
{
	(void)c;
	return name_or_none(uriscan_host_type_name(self->u.host_type));
}

static PyObject *uri_kind(UriObject *self, void *c)
{
	(void)c;
	return name_or_none(uriscan_kind_name(self->u.kind));
}

static PyObject *uri_form(UriObject *self, void *c)
{
	(void)c;
	if (self->u.form == URISCAN_FORM_NONE)
		Py_RETURN_NONE;
	return name_or_none(uriscan_rule_name(self->u.grammar, self->u.form));
}

static PyObject *uri_grammar(UriObject *self, void *c)
{
	(void)c;
	return PyUnicode_FromString(uriscan_grammar_name(self->u.grammar));
}

static PyObject *uri_rule(UriObject *self, void *c)
{
	(void)c;
	return name_or_none(uriscan_rule_name(self->u.grammar, self->u.rule));
}

static PyObject *uri_input(UriObject *self, void *c)
{
	(void)c;
	Py_INCREF(self->input);
	return self->input;
}

/* Filled by upy_uri_init from comp_names, and the host fields
 * (py_host_fields.c). */
static PyGetSetDef uri_getset[URISCAN_COMPONENT_COUNT + 8 + UPY_HOST_FIELDS];

static PyObject *uri_components(UriObject *self, PyObject *unused)
{
	PyObject *d = PyDict_New();
	const char *s = upy_uri_bytes(self);
	(void)unused;
	if (d == NULL || s == NULL)
		goto fail;
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		if (!URISCAN_HAS(&self->u, c))
			continue;
		PyObject *v = upy_slice(self->input, s, self->ascii, &self->u, c);
		if (v == NULL || PyDict_SetItemString(d, comp_names[c], v) < 0) {
			Py_XDECREF(v);
			goto fail;
		}
		Py_DECREF(v);
	}
	return d;
fail:
	Py_XDECREF(d);
	return NULL;
}

static PyObject *uri_span(UriObject *self, PyObject *name)
{
	const char *want = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
	const char *s = upy_uri_bytes(self);
	const struct uriscan_span *p;
	size_t a, b;
	unsigned c;
	if (want == NULL || s == NULL) {
		if (!PyErr_Occurred())
			PyErr_SetString(PyExc_TypeError, "span: component name must be a str");
		return NULL;
	}
	for (c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (strcmp(want, comp_names[c]) == 0)
			break;
	if (c == URISCAN_COMPONENT_COUNT)
		return PyErr_Format(PyExc_ValueError, "span: unknown component %R", name);
	if (!URISCAN_HAS(&self->u, c))
		Py_RETURN_NONE;
	p = &self->u.part[c];
	a = p->off;
	b = (size_t)p->off + p->len;
	if (PyUnicode_Check(self->input) && !self->ascii) {
		size_t len = strlen(s);
		a = (size_t)upy_char_offset(s, len, a);
		b = (size_t)upy_char_offset(s, len, b);
	}
	return Py_BuildValue("(nn)", (Py_ssize_t)a, (Py_ssize_t)b);
}

/* A new reference to uriscan._core.parse, or NULL with an exception. */
static PyObject *core_parse(void)
{
	PyObject *mod = PyImport_ImportModule("uriscan._core"), *parse;

	if (mod == NULL)
		return NULL;
	parse = PyObject_GetAttrString(mod, "parse");
	Py_DECREF(mod);
	return parse;
}

static PyObject *uri_reduce(UriObject *self, PyObject *unused)
{
	PyObject *parse = core_parse(), *r;
	(void)unused;
	if (parse == NULL)
		return NULL;
	r = Py_BuildValue("(N(Oss))", parse, self->input,
	                  uriscan_grammar_name(self->u.grammar),
	                  uriscan_rule_name(self->u.grammar, self->u.rule));
	return r;
}

static PyObject *uri_repr(UriObject *self)
{
	return PyUnicode_FromFormat("uriscan.URI(%R, grammar='%s', rule='%s')", self->input,
	                            uriscan_grammar_name(self->u.grammar),
	                            uriscan_rule_name(self->u.grammar, self->u.rule));
}

static PyObject *uri_str(UriObject *self)
{
	if (PyUnicode_Check(self->input)) {
		Py_INCREF(self->input);
		return self->input;
	}
	return uri_repr(self);
}

static PyObject *uri_richcompare(PyObject *a, PyObject *b, int op)
{
	UriObject *x = (UriObject *)a, *y = (UriObject *)b;
	int eq;
	if (!PyObject_TypeCheck(b, &upy_URIType) || (op != Py_EQ && op != Py_NE))
		Py_RETURN_NOTIMPLEMENTED;
	eq = x->u.grammar == y->u.grammar && x->u.rule == y->u.rule &&
	     Py_TYPE(x->input) == Py_TYPE(y->input);
	if (eq) {
		eq = PyObject_RichCompareBool(x->input, y->input, Py_EQ);
		if (eq < 0)
			return NULL;
	}
	return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t uri_hash(UriObject *self)
{
	Py_hash_t h = PyObject_Hash(self->input);
	if (h == -1)
		return -1;
	h ^= (Py_hash_t)(self->u.grammar * 1000003u + self->u.rule);
	return h == -1 ? -2 : h;
}

/* URI.replace: the recomposed reference parsed again, in the URI's
 * grammar and rule. */
static PyObject *uri_replace(UriObject *self, PyObject *const *a, Py_ssize_t n,
                             PyObject *kw)
{
	PyObject *text = upy_replace(self->input, &self->u, a, n, kw), *r = NULL;
	struct upy_input in;
	struct uriscan_uri u;
	int st;
	if (text == NULL || upy_input_get(text, &in, "replace") < 0) {
		Py_XDECREF(text);
		return NULL;
	}
	st = uriscan_parse_rule(self->u.grammar, self->u.rule, in.s, (size_t)in.len, 0, &u);
	if (st != URISCAN_OK)
		upy_raise(st, u.error_offset, &in);
	else
		r = upy_uri_new(text, in.is_str ? (int)PyUnicode_IS_ASCII(text) : 0, &u);
	upy_input_release(&in);
	Py_DECREF(text);
	return r;
}

/* URI(s, grammar='rfc3986', rule=None): uriscan.parse. */
static PyObject *uri_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
	PyObject *parse = core_parse(), *r;
	(void)type;
	if (parse == NULL)
		return NULL;
	r = PyObject_Call(parse, args, kwds);
	Py_DECREF(parse);
	return r;
}

static PyMethodDef uri_methods[] = {
    {"components", (PyCFunction)uri_components, METH_NOARGS,
     "components($self, /)\n--\n\n"
     "-> dict: every component present, by name, as written (str/bytes;\n"
     "the port too)."},
    {"span", (PyCFunction)uri_span, METH_O,
     "span($self, component, /)\n--\n\n"
     "-> (start, end) or None: where the component is in the input\n"
     "(characters for str input, bytes for bytes)."},
    {"replace", (PyCFunction)(void (*)(void))uri_replace, METH_FASTCALL | METH_KEYWORDS,
     "replace($self, *, scheme=..., authority=..., userinfo=..., host=...,\n"
     "        port=..., path=..., query=..., fragment=...)\n--\n\n"
     "-> URI: the reference with the given components set (str or bytes as\n"
     "the URI's input; port also an int), or removed when None (a removed\n"
     "host is the empty host); ... (the default) keeps one. The result is\n"
     "parsed in the URI's grammar and rule (InvalidURI when not in it).\n"
     "Setting authority replaces userinfo, host and port; setting one of\n"
     "those drops a whole (RFC 2396 reg_name) authority. Nothing is encoded:\n"
     "a value invalid in its place raises uriscan.Error, status\n"
     "'bad_component', with its component and the offset inside it."},
    {"set_param", (PyCFunction)(void (*)(void))upy_uri_set_param, METH_FASTCALL,
     "set_param($self, key, value, /)\n--\n\n"
     "-> URI: the first pair with key (decoded) gets value, the others go;\n"
     "appended when there is none. Every other byte is kept; new keys and\n"
     "values are percent-encoded (value None: the key alone)."},
    {"append_param", (PyCFunction)(void (*)(void))upy_uri_append_param, METH_FASTCALL,
     "append_param($self, key, value=None, /)\n--\n\n"
     "-> URI: key=value appended to the query (value None: the key alone)."},
    {"remove_params", (PyCFunction)(void (*)(void))upy_uri_remove_params, METH_FASTCALL,
     "remove_params($self, *globs)\n--\n\n"
     "-> URI: without the pairs whose decoded key matches a glob ('*' any\n"
     "run: 'utm_*'); the other pairs byte for byte."},
    {"keep_params", (PyCFunction)(void (*)(void))upy_uri_keep_params, METH_FASTCALL,
     "keep_params($self, *globs)\n--\n\n"
     "-> URI: only the pairs whose decoded key matches a glob."},
    {"sort_query", (PyCFunction)upy_uri_sort_query, METH_NOARGS,
     "sort_query($self, /)\n--\n\n"
     "-> URI: the pairs sorted by decoded key, stable."},
    {"strip_tracking", (PyCFunction)(void (*)(void))upy_uri_strip_tracking, METH_FASTCALL,
     "strip_tracking($self, globs=None, /)\n--\n\n"
     "-> URI: without the tracking parameters (the built-in list of\n"
     "data/tracking/tracking-params.tsv: utm_*, gclid, fbclid, ...; or globs)."},
    {"host_info", (PyCFunction)upy_uri_host_info, METH_NOARGS,
     "host_info($self, /)\n--\n\n"
     "-> dict: ip, ip_form, ip_class, browser_host, site, flags at once (the\n"
     "properties of those names; `uriscan inspect`'s fields)."},
    {"__reduce__", (PyCFunction)uri_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

PyTypeObject upy_URIType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "uriscan.URI",
    .tp_basicsize = sizeof(UriObject),
    .tp_dealloc = (destructor)uri_dealloc,
    .tp_repr = (reprfunc)uri_repr,
    .tp_str = (reprfunc)uri_str,
    .tp_hash = (hashfunc)uri_hash,
    .tp_richcompare = uri_richcompare,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = uri_new,
    .tp_doc = "URI(s, grammar='rfc3986', rule=None)\n--\n\n"
              "A parsed URI (immutable): uriscan.parse(s, grammar, rule).\n\n"
              "Components are str for str input and bytes for bytes input; None\n"
              "when absent, empty when present but empty. Offsets are kept, and a\n"
              "component is sliced from the input when read.",
    .tp_methods = uri_methods,
    .tp_getset = uri_getset,
};

/* Fill the getset table (names from comp_names) before PyType_Ready. */
int upy_uri_init(void)
{
	unsigned i = 0;
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++, i++) {
		uri_getset[i].name = comp_names[c];
		uri_getset[i].get = (getter)uri_component;
		uri_getset[i].doc = "the component (str/bytes), or None when absent";
		uri_getset[i].closure = (void *)(uintptr_t)c;
	}
	uri_getset[URISCAN_PORT].get = (getter)uri_port;
	uri_getset[URISCAN_PORT].doc =
	    "the port as an int, or None when absent or empty (as urllib.parse's\n"
	    ".port; the text as written: port_text)";
	uri_getset[i++] = (PyGetSetDef){"port_text", (getter)uri_component, NULL,
	    "the port as written (str/bytes; '' when empty), or None when absent",
	    (void *)(uintptr_t)URISCAN_PORT};
	uri_getset[i++] = (PyGetSetDef){"host_type", (getter)uri_host_type, NULL,
	    "'ipv4', 'ipv6', 'ipvfuture', 'reg-name', 'hostname' or None", NULL};
	uri_getset[i++] = (PyGetSetDef){"kind", (getter)uri_kind, NULL,
	    "'uri', 'relative-ref' or None (the rule is not a URI reference)", NULL};
	uri_getset[i++] = (PyGetSetDef){"form", (getter)uri_form, NULL,
	    "the production that matched (RFC 2396, RFC 1738, RFC 9112 forms) or None", NULL};
	uri_getset[i++] = (PyGetSetDef){"grammar", (getter)uri_grammar, NULL,
	    "the grammar's name, e.g. 'rfc3986'", NULL};
	uri_getset[i++] = (PyGetSetDef){"rule", (getter)uri_rule, NULL,
	    "the rule that matched, e.g. 'URI-reference'", NULL};
	uri_getset[i++] = (PyGetSetDef){"input", (getter)uri_input, NULL,
	    "the parsed input (str or bytes)", NULL};
	upy_uri_host_getset(&uri_getset[i]);
	upy_uri_type = &upy_URIType;
	return PyType_Ready(&upy_URIType);
}
