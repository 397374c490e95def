/* SPDX-License-Identifier: MIT */
/*
 * py_host_fields.c: the host fields ip, ip_form, ip_class, browser_host,
 * site, flags of a record (src/frontend/host_read.h, the reading the CLI's
 * `uriscan inspect` and --hosts print): as properties of uriscan.URI and
 * URI.host_info(), and in the records of extract_records and of the log
 * functions (hosts=True). The values are the CLI's: None where it prints
 * null; ip an ipaddress object, flags a frozenset of names; browser_host
 * and site str or bytes as the input (the records': bytes).
 */
#include "_core.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "host_read.h"

static const char *const upy_host_field_names[UPY_HOST_FIELDS] = {
    "ip", "ip_form", "ip_class", "browser_host", "site", "flags"};
/* The records' keys (interned): the fields, and the log records'
 * target_ and referer_ ones. */
static PyObject *keys[UPY_HOST_FIELDS], *log_keys[2 * UPY_HOST_FIELDS];

static PyObject *text(const char *s, size_t n, int is_str)
{
	/* ASCII (a serialised host; the site a part of it) */
	return is_str ? PyUnicode_DecodeASCII(s, (Py_ssize_t)n, "strict")
	              : PyBytes_FromStringAndSize(s, (Py_ssize_t)n);
}

static PyObject *host_field(const struct host_info *h, int i, int is_str)
{
	switch (i) {
	case 0:
		return upy_ip_object(&h->addr);
	case 1:
		return upy_ip_form_name(&h->addr);
	case 2:
		return upy_ip_class_name(&h->addr);
	case 3:
		if (h->browser_status != URISCAN_OK)
			break;
		return text(h->browser, h->browser_len, is_str);
	case 4:
		if (h->site_len == 0)
			break;
		return text(h->site, h->site_len, is_str);
	default:
		return upy_flag_set(h->flags);
	}
	Py_RETURN_NONE;
}

/* d[k[i]] = field i of h, for the six: 0, or -1 with an exception. */
static int put_fields(PyObject *d, PyObject *const *k, const struct host_info *h,
                      int is_str, const char *zone_key)
{
	for (int i = 0; i < UPY_HOST_FIELDS; i++)
		if (upy_dict_put(d, k[i], host_field(h, i, is_str)) < 0)
			return -1;
	/* an IPv6 zone (only then, as the CLI's JSON Lines): its text */
	if (h->zone_len > 0) {
		PyObject *z = PyUnicode_DecodeASCII(h->zone, (Py_ssize_t)h->zone_len,
		                                    "strict");
		int bad = z == NULL || PyDict_SetItemString(d, zone_key, z) < 0;
		Py_XDECREF(z);
		if (bad)
			return -1;
	}
	return 0;
}

int upy_host_fields_put(PyObject *d, enum uriscan_grammar g, const char *s, size_t n,
                        const uint32_t *flags)
{
	struct host_info h;
	frontend_host_read(&h, g, s, n, NULL, flags);
	return put_fields(d, keys, &h, 0, "zone");
}

/* The log's target as `uriscan log --hosts` reads it: a CONNECT target
 * (authority-form, host:port) after "http://" (the host a proxy connects
 * to), any other as it is (an origin-form /path has no host: its fields
 * None, its flags those of its path and query). */
static int put_target(PyObject *d, const char *method, size_t ml,
                      const char *target, size_t tl)
{
	static const char http[] = "http://";
	const size_t k = sizeof http - 1;
	struct host_info h;
	char *buf = NULL;

	if (ml == 7 && memcmp(method, "CONNECT", 7) == 0) {
		if ((buf = PyMem_Malloc(tl + k)) == NULL) {
			PyErr_NoMemory();
			return -1;
		}
		memcpy(buf, http, k);
		memcpy(buf + k, target, tl);
		target = buf;
		tl += k;
	}
	frontend_host_read(&h, URISCAN_RFC3986, target, tl, NULL, NULL);
	PyMem_Free(buf);
	return put_fields(d, log_keys, &h, 0, "target_zone");
}

int upy_log_hosts_put(PyObject *d, const char *method, size_t ml,
                      const char *target, size_t tl, const char *ref, size_t rl)
{
	struct host_info h;
	if (target != NULL && put_target(d, method, ml, target, tl) < 0)
		return -1;
	if (ref == NULL)
		return 0;
	frontend_host_read(&h, URISCAN_RFC3986, ref, rl, NULL, NULL);
	return put_fields(d, log_keys + UPY_HOST_FIELDS, &h, 0, "referer_zone");
}

PyObject *upy_host_template(PyObject *tmpl, int log)
{
	PyObject *d = PyDict_Copy(tmpl);
	PyObject *const *k = log ? log_keys : keys;
	int n = log ? 2 * UPY_HOST_FIELDS : UPY_HOST_FIELDS;
	for (int i = 0; d != NULL && i < n; i++)
		if (PyDict_SetItem(d, k[i], Py_None) < 0)
			Py_CLEAR(d);
	return d;
}

/* The host reading of a uriscan.URI (its input, parsed by its rule):
 * 0, or -1 with an exception. */
static int uri_read(PyObject *self, struct host_info *h, int *is_str)
{
	const struct uriscan_uri *u = upy_uri_parsed(self);
	struct upy_input in;
	if (upy_input_get(self, &in, "URI") < 0)
		return -1;
	frontend_host_read(h, u->grammar, in.s, (size_t)in.len, u, NULL);
	*is_str = in.is_str;
	upy_input_release(&in);
	return 0;
}

static PyObject *uri_field(PyObject *self, void *closure)
{
	struct host_info h;
	int is_str;
	if (uri_read(self, &h, &is_str) < 0)
		return NULL;
	return host_field(&h, (int)(uintptr_t)closure, is_str);
}

PyObject *upy_uri_host_info(PyObject *self, PyObject *unused)
{
	struct host_info h;
	PyObject *d;
	int is_str;
	(void)unused;
	if (uri_read(self, &h, &is_str) < 0 || (d = PyDict_New()) == NULL)
		return NULL;
	if (put_fields(d, keys, &h, is_str, "zone") < 0)
		Py_CLEAR(d);
	return d;
}

static const char *const field_docs[UPY_HOST_FIELDS] = {
    "the address the host means (ipaddress.IPv4Address or IPv6Address):\n"
    "the browser's host's when a browser reads the URL, else the host's;\n"
    "None for a name (docs/hosts.md; `uriscan inspect`'s ip)",
    "how the address is written ('dotted', 'integer', 'short', 'octal',\n"
    "'hex', 'mixed', 'ipv6'), or None",
    "the address's class ('loopback', 'private', 'link-local', 'global', ...;\n"
    "uriscan.IP_CLASSES), or None",
    "the host a browser reaches (WHATWG URL Standard; str or bytes as the\n"
    "input), or None when a browser reads none (uriscan.browser_host says why)",
    "the registrable domain (Public Suffix List; str or bytes as the input),\n"
    "or None: none, or no List (uriscan.psl_available())",
    "frozenset of the URL-confusion flags' names (uriscan.CONFUSION_FLAGS)"};

void upy_uri_host_getset(PyGetSetDef *out)
{
	for (int i = 0; i < UPY_HOST_FIELDS; i++)
		out[i] = (PyGetSetDef){upy_host_field_names[i], uri_field, NULL,
		                       field_docs[i], (void *)(uintptr_t)i};
}

int upy_host_fields_init(PyObject *module)
{
	char name[32];
	PyObject *fields_t;
	int bad;
	if (upy_intern_all(upy_host_field_names, UPY_HOST_FIELDS, keys) < 0)
		return -1;
	fields_t = Py_BuildValue("(ssssss)", upy_host_field_names[0], upy_host_field_names[1],
	                         upy_host_field_names[2], upy_host_field_names[3],
	                         upy_host_field_names[4], upy_host_field_names[5]);
	bad = fields_t == NULL ||
	      PyModule_AddObjectRef(module, "HOST_FIELDS", fields_t) < 0;
	Py_XDECREF(fields_t);
	if (bad)
		return -1;
	for (int i = 0; i < 2 * UPY_HOST_FIELDS; i++) {
		snprintf(name, sizeof name, "%s%s", i < UPY_HOST_FIELDS ? "target_" : "referer_",
		         upy_host_field_names[i % UPY_HOST_FIELDS]);
		if ((log_keys[i] = PyUnicode_InternFromString(name)) == NULL)
			return -1;
	}
	return 0;
}
