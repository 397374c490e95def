/* SPDX-License-Identifier: MIT */
/*
 * py_hosts.c: what a host really means (docs/hosts.md), as functions:
 * uriscan.host_address (uriscan_host_address, uriscan_ip_text: a
 * HostAddress), uriscan.browser_host, uriscan.confusion, uriscan.site and
 * uriscan.psl_available; and the values the URI's and the records' host
 * fields share (py_host_fields.c): an address as an ipaddress object, a
 * set of confusion flags as a frozenset of their names.
 */
#include "_core.h"

#include <string.h>

/* The names of the library's enums and flags, interned once (NULL for
 * "none": None). */
#define N_FORMS (URISCAN_IP_FORM_IPV6 + 1)
#define N_EMBEDS (URISCAN_IP_EMBED_TEREDO + 1)
#define N_FLAGS 32
static PyObject *form_names[N_FORMS], *class_names[URISCAN_IP_CLASS_COUNT],
    *embed_names[N_EMBEDS], *flag_names[N_FLAGS], *note_names[5];
/* ipaddress.IPv4Address and IPv6Address, imported when first needed. */
static PyObject *ipv4_type, *ipv6_type;
/* frozensets of flag names by their mask (the empty one, and up to
 * FLAG_SETS_MAX others: records share them). */
#define FLAG_SETS_MAX 1024
static PyObject *flag_sets, *no_flags;
PyTypeObject *upy_HostAddressType;

static PyStructSequence_Field host_address_fields[] = {
    {"family", "4, 6, or None for a name"},
    {"address", "the address: an ipaddress.IPv4Address or IPv6Address, or None"},
    {"form", "how it is written: 'dotted', 'integer', 'short', 'octal', 'hex',\n"
             "'mixed', 'ipv6'; None for a name"},
    {"ip_class", "its class: 'unspecified', 'loopback', 'private', 'shared',\n"
                 "'link-local', 'documentation', 'benchmarking', 'multicast',\n"
                 "'broadcast', 'reserved', 'global'; None for a name"},
    {"embed", "the IPv4 address an IPv6 one embeds: 'mapped', 'nat64', '6to4',\n"
              "'teredo', or None"},
    {"embedded_v4", "that IPv4 address (ipaddress.IPv4Address), or None"},
    {"text", "the canonical text (dotted quad; RFC 5952), or None"},
    {"parts", "the IPv4 parts written (1 to 4), else 0"},
    {"notes", "frozenset of 'percent', 'fullwidth', 'trailing_dot', 'mapped'\n"
              "(UTS #46 mapped non-ASCII characters), 'zone': how the host was\n"
              "written (a name too)"},
    {"zone", "an IPv6 zone as written after '%25' or '%' (str; browsers\n"
             "refuse zones, curl connects), or None"},
    {NULL, NULL}};

static PyStructSequence_Desc host_address_desc = {
    "uriscan.HostAddress",
    "HostAddress(sequence, dict={})\n--\n\n"
    "The address a host means, as browsers and resolvers read it\n"
    "(uriscan.host_address); a name has family None and no address.",
    host_address_fields, 10};

static PyObject *name_at(PyObject *const *names, unsigned n, unsigned i)
{
	if (i < n && names[i] != NULL)
		return Py_NewRef(names[i]);
	Py_RETURN_NONE;
}

PyObject *upy_ip_form_name(const struct uriscan_host_addr *a)
{
	return name_at(form_names, N_FORMS, (unsigned)a->form);
}

PyObject *upy_ip_class_name(const struct uriscan_host_addr *a)
{
	return name_at(class_names, URISCAN_IP_CLASS_COUNT, (unsigned)a->ip_class);
}

static int import_ipaddress(void)
{
	PyObject *mod;
	if (ipv6_type != NULL)
		return 0;
	if ((mod = PyImport_ImportModule("ipaddress")) == NULL)
		return -1;
	ipv4_type = PyObject_GetAttrString(mod, "IPv4Address");
	ipv6_type = ipv4_type ? PyObject_GetAttrString(mod, "IPv6Address") : NULL;
	Py_DECREF(mod);
	if (ipv6_type == NULL) {
		Py_CLEAR(ipv4_type);
		return -1;
	}
	return 0;
}

/* ipaddress.IPv4Address or IPv6Address of the packed bytes b[0, n). */
static PyObject *ip_of(const uint8_t *b, int n)
{
	if (import_ipaddress() < 0)
		return NULL;
	return PyObject_CallFunction(n == 4 ? ipv4_type : ipv6_type, "y#",
	                             (const char *)b, (Py_ssize_t)n);
}

PyObject *upy_ip_object(const struct uriscan_host_addr *a)
{
	if (a->family == URISCAN_IP_V4)
		return ip_of(a->addr, 4);
	if (a->family == URISCAN_IP_V6)
		return ip_of(a->addr, 16);
	Py_RETURN_NONE;
}

/* A frozenset of the names of the set bits of mask (names[i]: bit i). */
static PyObject *name_set(PyObject *const *names, unsigned n, uint32_t mask)
{
	PyObject *s = PyFrozenSet_New(NULL);
	for (unsigned i = 0; s != NULL && i < n; i++)
		if ((mask >> i) & 1u && names[i] != NULL && PySet_Add(s, names[i]) < 0)
			Py_CLEAR(s);
	return s;
}

PyObject *upy_flag_set(uint32_t flags)
{
	PyObject *key, *s;
	if (flags == 0)
		return Py_NewRef(no_flags);
	if ((key = PyLong_FromUnsignedLong(flags)) == NULL)
		return NULL;
	s = PyDict_GetItemWithError(flag_sets, key);
	if (s != NULL || PyErr_Occurred()) {
		Py_DECREF(key);
		return Py_XNewRef(s);
	}
	s = name_set(flag_names, N_FLAGS, flags);
	if (s != NULL && PyDict_GET_SIZE(flag_sets) < FLAG_SETS_MAX &&
	    PyDict_SetItem(flag_sets, key, s) < 0)
		Py_CLEAR(s);
	Py_DECREF(key);
	return s;
}

/* The one input argument of a hosts function: 0, or -1 with an
 * exception (nothing held). */
static int one_input(const char *fname, const char *arg, PyObject *const *a,
                     Py_ssize_t n, PyObject *kw, struct upy_input *in)
{
	const char *names[] = {arg, NULL};
	PyObject *v[1];
	if (upy_args(fname, a, n, kw, names, 1, v) < 0 ||
	    upy_required(fname, v, 0, arg) == NULL)
		return -1;
	return upy_input_get(v[0], in, fname);
}

static PyObject *host_address_of(const struct uriscan_host_addr *a,
                                 const char *host)
{
	PyObject *t = PyStructSequence_New(upy_HostAddressType);
	PyObject *v[10];
	int ip = a->family != URISCAN_IP_NONE, embed = a->embed != URISCAN_IP_EMBED_NONE;
	char text[URISCAN_IP_TEXT_MAX];
	size_t tl = 0;

	if (t == NULL)
		return NULL;
	if (ip)
		uriscan_ip_text(a, text, sizeof text, &tl, NULL);
	v[0] = ip ? PyLong_FromLong((long)a->family) : Py_NewRef(Py_None);
	v[1] = upy_ip_object(a);
	v[2] = upy_ip_form_name(a);
	v[3] = upy_ip_class_name(a);
	v[4] = name_at(embed_names, N_EMBEDS, (unsigned)a->embed);
	v[5] = embed ? ip_of(a->v4, 4) : Py_NewRef(Py_None);
	v[6] = ip ? PyUnicode_FromStringAndSize(text, (Py_ssize_t)tl) : Py_NewRef(Py_None);
	v[7] = PyLong_FromUnsignedLong(a->parts);
	v[8] = name_set(note_names, 5, a->notes);
	v[9] = (a->notes & URISCAN_HOST_ZONE)
	           ? PyUnicode_DecodeASCII(host + a->zone_off,
	                                   (Py_ssize_t)a->zone_len, "strict")
	           : Py_NewRef(Py_None);
	for (int i = 0; i < 10; i++)
		PyStructSequence_SET_ITEM(t, i, v[i]);
	for (int i = 0; i < 10; i++)
		if (v[i] == NULL) {
			Py_DECREF(t); /* frees the items made (NULL ones skipped) */
			return NULL;
		}
	return t;
}

PyObject *upy_host_address(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	struct upy_input in;
	struct uriscan_host_addr addr;
	struct uriscan_error err;
	PyObject *r = NULL;
	int st;
	(void)m;
	if (one_input("host_address", "host", a, n, kw, &in) < 0)
		return NULL;
	st = uriscan_host_address(in.s, (size_t)in.len, 0, &addr, &err);
	if (st == URISCAN_E_UNSUPPORTED)
		upy_raise_why(st, err.offset, &in,
		              "an IPvFuture literal ([v1.x]): no address browsers read");
	else if (st != URISCAN_OK)
		upy_raise(st, err.offset, &in);
	else
		r = host_address_of(&addr, in.s);
	upy_input_release(&in);
	return r;
}

/* uriscan_browser_host and uriscan_site in upy_out_run's shape. */
struct write_call {
	const struct upy_input *in;
	struct uriscan_error err;
	int (*fn)(const char *, size_t, unsigned, char *, size_t, size_t *,
	          struct uriscan_error *);
};

static int write_fn(void *ctx, char *out, size_t cap, size_t *out_len)
{
	struct write_call *c = ctx;
	return c->fn(c->in->s, (size_t)c->in->len, 0, out, cap, out_len, &c->err);
}

/* The text fn writes for the one argument arg, as str or bytes as the
 * input; empty_none: None for an empty result; unsupported: what
 * URISCAN_E_UNSUPPORTED means for fn. */
static PyObject *write_call(const char *fname, const char *arg, PyObject *const *a,
                            Py_ssize_t n, PyObject *kw,
                            int (*fn)(const char *, size_t, unsigned, char *,
                                      size_t, size_t *, struct uriscan_error *),
                            int empty_none, const char *unsupported,
                            const char *too_long)
{
	struct upy_input in;
	struct write_call c;
	struct upy_out o;
	PyObject *r = NULL;
	int st;
	if (one_input(fname, arg, a, n, kw, &in) < 0)
		return NULL;
	c.in = &in;
	c.fn = fn;
	c.err.offset = 0;
	st = upy_out_run(&o, write_fn, &c);
	if (st == URISCAN_OK && empty_none && o.len == 0) {
		upy_out_free(&o);
		r = Py_NewRef(Py_None);
	} else if (st == URISCAN_OK) {
		r = upy_out_result(&o, in.is_str);
	} else {
		upy_out_free(&o);
		if (st == URISCAN_E_UNSUPPORTED)
			upy_raise_why(st, c.err.offset, &in, unsupported);
		else if (st == URISCAN_E_TOO_LONG && in.len <= (Py_ssize_t)UINT32_MAX)
			upy_raise_why(st, c.err.offset, &in, too_long);
		else if (st != UPY_PYERR)
			upy_raise(st, c.err.offset, &in);
	}
	upy_input_release(&in);
	return r;
}

PyObject *upy_browser_host(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	(void)m;
	return write_call("browser_host", "url", a, n, kw, uriscan_browser_host, 0,
	                  "the URL has no host: a scheme that is not special "
	                  "without '//' (an opaque path: 'mailto:a@b'), or no "
	                  "scheme and no '//' (a relative reference: no host "
	                  "without a base)",
	                  "the host is longer than 2,048 bytes (after removing "
	                  "tabs and newlines): longer than any name, not read");
}

PyObject *upy_site(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	(void)m;
	return write_call("site", "host", a, n, kw, uriscan_site, 1,
	                  "the library was built without a Public Suffix List "
	                  "(uriscan.psl_available() is False)",
	                  "the host is longer than 255 bytes: no DNS name is");
}

PyObject *upy_confusion(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"url", "grammar", NULL};
	PyObject *v[2], *r = NULL;
	enum uriscan_grammar g;
	struct upy_input in;
	struct uriscan_error err;
	uint32_t flags = 0;
	int st;
	(void)m;
	if (upy_args("confusion", a, n, kw, names, 2, v) < 0 ||
	    upy_required("confusion", v, 0, "url") == NULL ||
	    upy_grammar(v[1], URISCAN_RFC3986, &g) < 0 ||
	    upy_input_get(v[0], &in, "confusion") < 0)
		return NULL;
	st = uriscan_confusion(g, in.s, (size_t)in.len, 0, &flags, &err);
	if (st != URISCAN_OK)
		upy_raise(st, err.offset, &in);
	else
		r = upy_flag_set(flags);
	upy_input_release(&in);
	return r;
}

/* A tuple of the names names[0, n) that are set, in their order. */
static PyObject *names_tuple(PyObject *const *names, unsigned n)
{
	PyObject *l = PyList_New(0), *t;
	for (unsigned i = 0; l != NULL && i < n; i++)
		if (names[i] != NULL && PyList_Append(l, names[i]) < 0)
			Py_CLEAR(l);
	t = l ? PyList_AsTuple(l) : NULL;
	Py_XDECREF(l);
	return t;
}

/* names[i] = the interned name(i), NULL for "none" (and, with unknown
 * set, for that name too). */
static int intern_names(PyObject **names, unsigned n, const char *(*name)(unsigned),
                        const char *unknown)
{
	for (unsigned i = 0; i < n; i++) {
		const char *s = name(i);
		if (strcmp(s, "none") == 0 || (unknown && strcmp(s, unknown) == 0))
			continue;
		if ((names[i] = PyUnicode_InternFromString(s)) == NULL)
			return -1;
	}
	return 0;
}

static const char *form_name(unsigned i) { return uriscan_ip_form_name((enum uriscan_ip_form)i); }
static const char *class_name(unsigned i) { return uriscan_ip_class_name((enum uriscan_ip_class)i); }
static const char *embed_name(unsigned i) { return uriscan_ip_embed_name((enum uriscan_ip_embed)i); }
static const char *flag_name(unsigned i) { return uriscan_confusion_name(1u << i); }

static const char *note_name(unsigned i)
{
	static const char *const notes[] = {"percent", "fullwidth", "trailing_dot",
	                                    "mapped", "zone"};
	return notes[i];
}

/* The names, the HostAddress type and the constants CONFUSION_FLAGS,
 * IP_CLASSES (tuples of the names, in the library's order) and HOST_FIELDS
 * (the names of the host fields, URI.host_info()'s keys). */
int upy_hosts_init(PyObject *module)
{
	PyObject *flags_t, *classes_t;
	int bad;
	if (intern_names(form_names, N_FORMS, form_name, NULL) < 0 ||
	    intern_names(class_names, URISCAN_IP_CLASS_COUNT, class_name, NULL) < 0 ||
	    intern_names(embed_names, N_EMBEDS, embed_name, NULL) < 0 ||
	    intern_names(flag_names, N_FLAGS, flag_name, "unknown") < 0 ||
	    intern_names(note_names, 5, note_name, NULL) < 0 ||
	    (flag_sets = PyDict_New()) == NULL ||
	    (no_flags = PyFrozenSet_New(NULL)) == NULL ||
	    (upy_HostAddressType = PyStructSequence_NewType(&host_address_desc)) == NULL)
		return -1;
	flags_t = names_tuple(flag_names, N_FLAGS);
	classes_t = names_tuple(class_names, URISCAN_IP_CLASS_COUNT);
	bad = flags_t == NULL || classes_t == NULL ||
	      PyModule_AddObjectRef(module, "CONFUSION_FLAGS", flags_t) < 0 ||
	      PyModule_AddObjectRef(module, "IP_CLASSES", classes_t) < 0 ||
	      PyModule_AddObjectRef(module, "HostAddress",
	                            (PyObject *)upy_HostAddressType) < 0;
	Py_XDECREF(flags_t);
	Py_XDECREF(classes_t);
	return bad ? -1 : 0;
}
