/* SPDX-License-Identifier: MIT */
/*
 * py_module.c: the uriscan._core extension module: its method table, the
 * InvalidURI exception, grammars() and rules(). The calls live in py_parse.c,
 * py_extract.c, py_extract_records.c, py_iri.c, py_ops.c, py_recompose.c,
 * py_resolve.c, py_log.c and py_hosts.c; the URI type in py_uri.c (its
 * host fields in py_host_fields.c).
 */
#include "_core.h"

static PyObject *idna_available(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	return PyBool_FromLong(uriscan_idna_available());
}

static PyObject *uts46_available(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	return PyBool_FromLong(uriscan_uts46_available());
}

static PyObject *psl_available(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	return PyBool_FromLong(uriscan_psl_available());
}

static PyObject *psl_version(PyObject *m, PyObject *unused)
{
	(void)m;
	(void)unused;
	return PyUnicode_FromString(uriscan_psl_version());
}

static PyObject *grammars(PyObject *m, PyObject *unused)
{
	PyObject *l = PyList_New(0);
	(void)m;
	(void)unused;
	for (int g = 0; l && g < URISCAN_GRAMMAR_COUNT; g++) {
		PyObject *s;
		if (!uriscan_grammar_available((enum uriscan_grammar)g))
			continue;
		s = PyUnicode_FromString(uriscan_grammar_name((enum uriscan_grammar)g));
		if (s == NULL || PyList_Append(l, s) < 0)
			Py_CLEAR(l);
		Py_XDECREF(s);
	}
	return l;
}

static PyObject *rules(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
	static const char *const names[] = {"grammar", NULL};
	enum uriscan_grammar g;
	PyObject *v[1], *l;
	unsigned count;
	(void)m;
	if (upy_args("rules", a, n, kw, names, 1, v) < 0 ||
	    upy_grammar(v[0], URISCAN_RFC3986, &g) < 0)
		return NULL;
	count = uriscan_rule_count(g);
	l = PyList_New(count);
	for (unsigned i = 0; l && i < count; i++) {
		PyObject *s = PyUnicode_FromString(uriscan_rule_name(g, i));
		if (s == NULL)
			Py_CLEAR(l);
		else
			PyList_SET_ITEM(l, i, s);
	}
	return l;
}

#define FAST (METH_FASTCALL | METH_KEYWORDS)
static PyMethodDef methods[] = {
    {"parse", (PyCFunction)(void (*)(void))upy_parse, FAST,
     "parse($module, s, grammar='rfc3986', rule=None)\n--\n\n"
     "-> URI. "
     "Parse s (str or bytes-like) against rule (default: the grammar's top\n"
     "rule, URI-reference for rfc3986). Raises InvalidURI when s does not\n"
     "match; its offset is in characters for str input, in bytes for bytes."},
    {"is_valid", (PyCFunction)(void (*)(void))upy_is_valid, FAST,
     "is_valid($module, s, grammar='rfc3986', rule=None)\n--\n\n"
     "-> bool. "
     "True when s matches the rule. Raises ValueError for an unknown grammar\n"
     "or rule, and uriscan.Error (status 'too_long') for 4 GiB or more."},
    {"urlsplit", (PyCFunction)(void (*)(void))upy_urlsplit, FAST,
     "urlsplit($module, url, grammar='rfc3986')\n--\n\n"
     "-> urllib.parse.SplitResult. "
     "urllib.parse.urlsplit's result (SplitResultBytes for bytes), with the\n"
     "scheme lower-cased as urllib does, but validating: raises InvalidURI\n"
     "instead of guessing."},
    {"extract", (PyCFunction)(void (*)(void))upy_extract, FAST,
     "extract($module, data, grammar='rfc3986', *, components=True,\n"
     "        max_len=None, opaque=None, trim=True,\n"
     "        keep_cut=False, flags=False, defanged=False)\n--\n\n"
     "-> Iterator[Match]. "
     "The URLs in data (bytes, bytearray, memoryview, mmap), in order. The\n"
     "buffer stays pinned while the iterator lives; the scan runs without\n"
     "the GIL. keep_cut=True: also the matches cut short by a letter, a\n"
     "digit or (not rfc3987) a byte >= 0x80 that starts no Unicode space or\n"
     "punctuation, nor is one in Windows text (URISCAN_EXTRACT_KEEP_CUT),\n"
     "marked Match.cut. flags=True: each Match.flags is the frozenset of its\n"
     "URL-confusion flags, computed in the scan (URISCAN_EXTRACT_CONFUSION).\n"
     "defanged=True: also the URLs written defanged (hxxps://evil[.]com/x,\n"
     "URISCAN_EXTRACT_DEFANGED), marked Match.defanged: url is the refanged\n"
     "URL, offset and length the text as written."},
    {"to_uri", (PyCFunction)(void (*)(void))upy_to_uri, FAST,
     "to_uri($module, s, *, idna=False)\n--\n\n"
     "IRI to URI (RFC 3987 3.1), str or bytes."},
    {"to_iri", (PyCFunction)(void (*)(void))upy_to_iri, FAST,
     "to_iri($module, s, *, decode_unreserved=False)\n--\n\n"
     "URI to IRI (RFC 3987 3.2), str or bytes."},
    {"quote", (PyCFunction)(void (*)(void))upy_quote, FAST,
     "quote($module, s, component='path', grammar='rfc3986', form=False,\n"
     "      all_percent=False)\n--\n\n"
     "Percent-encode s (str or bytes, any characters) so that it is valid as\n"
     "component: 'userinfo', 'host', 'path', 'path-segment', 'query',\n"
     "'query-key', 'query-value', 'fragment' (uriscan_percent_encode). A\n"
     "valid %HH escape is kept unless all_percent=True; form=True writes a\n"
     "space as '+' (query-key, query-value); grammar 'rfc3987' keeps the\n"
     "characters an IRI allows. unquote(quote(s, all_percent=True)) == s."},
    {"rewrite", (PyCFunction)(void (*)(void))upy_rewrite, FAST,
     "rewrite($module, url, grammar='rfc3986', *, set=None, query_remove=None,\n"
     "        query_keep=None, query_set=None, query_append=None,\n"
     "        query_sort=False, strip_tracking=False, drop_fragment=False,\n"
     "        drop_default_port=False, lower=False, normalize=False,\n"
     "        scheme_based=False, query_icase=False, form=False,\n"
     "        semicolon=False, keep_empty_query=False)\n--\n\n"
     "The URL (str, bytes or URI; the same type back) changed as `uriscan\n"
     "rewrite` does, every other byte copied (uriscan_rewrite): set (a dict\n"
     "component -> value, None removes), normalization, then the query edits\n"
     "in this order: query_remove (globs), query_keep (globs), query_set and\n"
     "query_append (dicts or (key, value) pairs), query_sort; strip_tracking\n"
     "(True: the built-in list; or globs) first. InvalidURI for an invalid\n"
     "url."},
    {"idna_available", idna_available, METH_NOARGS,
     "idna_available($module, /)\n--\n\n"
     "-> bool: to_uri(idna=True) works (built with libidn2)."},
    {"uts46_available", uts46_available, METH_NOARGS,
     "uts46_available($module, /)\n--\n\n"
     "-> bool: the browser's IDNA (UTS #46 through ICU) is built in: without\n"
     "it a non-ASCII host raises uriscan.Error 'idna_unavailable', and the\n"
     "flags mixed_script and ascii_lookalike are never set."},
    {"grammars", grammars, METH_NOARGS,
     "grammars($module, /)\n--\n\n"
     "-> list[str]: the grammars built into this library."},
    {"rules", (PyCFunction)(void (*)(void))rules, FAST,
     "rules($module, grammar='rfc3986')\n--\n\n"
     "-> list[str]: the grammar's ABNF rule names."},
    /* URI operations (py_resolve.c, py_ops.c, py_recompose.c) */
    {"resolve", (PyCFunction)(void (*)(void))upy_resolve, FAST,
     "resolve($module, base, ref, grammar='rfc3986', *, strict=True)\n--\n\n"
     "-> str or bytes. "
     "The target URI of reference ref against base (RFC 3986 5.2; RFC 2396\n"
     "5.2 for rfc2396, RFC 3987 6.5 for rfc3987). Both str or both bytes-like.\n"
     "Components are copied as written (no case change, no decoding).\n"
     "strict=False: a ref whose scheme is the base's is resolved as if it had\n"
     "none ('http:g'). An invalid base or ref raises InvalidURI, its argument\n"
     "attribute 'base' or 'ref'; a relative base raises uriscan.Error\n"
     "'base_relative', rfc1738 (no relative form) 'unsupported'."},
    {"normalize", (PyCFunction)(void (*)(void))upy_normalize, FAST,
     "normalize($module, s, grammar='rfc3986', *, scheme_based=False,\n"
     "          iri_decode=False)\n--\n\n"
     "The syntax-based normal form of s (RFC 3986 6.2.2: scheme and host in\n"
     "lower case, hex digits in upper case, unreserved escapes decoded, dot\n"
     "segments removed). scheme_based: True for every scheme-based step\n"
     "(6.2.3), or the names of some: 'empty_port', 'default_port',\n"
     "'http_path'. iri_decode (rfc3987 only): decode escaped UTF-8 the IRI\n"
     "allows. Raises InvalidURI when s is not valid in the grammar."},
    {"equivalent", (PyCFunction)(void (*)(void))upy_equivalent, FAST,
     "equivalent($module, a, b, grammar='rfc3986', level='syntax', *,\n"
     "           scheme_based=False, iri_decode=False)\n--\n\n"
     "-> bool. "
     "RFC 3986 6.2: level 'string' compares the bytes (6.2.1), 'syntax' the\n"
     "normal forms (6.2.2), 'scheme' with every scheme-based step (6.2.3).\n"
     "Both must be valid: InvalidURI, its argument attribute 'a' or 'b'."},
    {"unquote", (PyCFunction)(void (*)(void))upy_unquote, FAST,
     "unquote($module, s, plus=False, errors='strict', *, utf8_errors='strict')\n--\n\n"
     "Percent-decode one component. plus: '+' is a space (form queries).\n"
     "errors 'strict' raises InvalidURI (bad_percent) on a malformed escape,\n"
     "'lenient' keeps it as written. bytes in, bytes out; str in, the\n"
     "decoded bytes read as UTF-8: invalid UTF-8 raises InvalidURI\n"
     "(bad_utf8, offset of its escape) unless utf8_errors names another\n"
     "codec error handler ('replace', 'surrogateescape', ...)."},
    {"query_params", (PyCFunction)(void (*)(void))upy_query_params, FAST,
     "query_params($module, query, *, semicolon=False, plus=True, decode=True,\n"
     "             utf8_errors='strict')\n--\n\n"
     "-> list[(key, value)]. "
     "Every pair of the query (no '?'; a uriscan.URI: its query), in order,\n"
     "split at '&' (and ';'\n"
     "with semicolon) and at the first '='; value None without '='. Empty\n"
     "pairs are kept. decode: unquote keys and values (leniently; plus as\n"
     "given), else the spans as written."},
    {"query_get", (PyCFunction)(void (*)(void))upy_query_get, FAST,
     "query_get($module, query, key, default=..., *, semicolon=False, plus=True,\n"
     "          decode=True, utf8_errors='strict')\n--\n\n"
     "The value of the first pair whose decoded key is key (None for a pair\n"
     "without '='); when there is none, default, or KeyError when default\n"
     "is ... (not given). query: the query (no '?'), or a uriscan.URI (its\n"
     "query)."},
    {"recompose", (PyCFunction)(void (*)(void))upy_recompose, FAST,
     "recompose($module, *, scheme=None, authority=None, userinfo=None, host=None,\n"
     "          port=None, path=None, query=None, fragment=None,\n"
     "          grammar='rfc3986')\n--\n\n"
     "-> str or bytes. "
     "The reference of these components (RFC 3986 5.3); None is absent.\n"
     "Nothing is encoded: a component invalid in its place raises\n"
     "uriscan.Error, status 'bad_component', with its component and the\n"
     "offset inside it. authority excludes userinfo, host and port."},
    {"extract_records", (PyCFunction)(void (*)(void))upy_extract_records, FAST,
     "extract_records($module, data, grammar='rfc3986', *, max_len=None,\n"
     "                opaque=None, trim=True, keep_cut=False, hosts=False,\n"
     "                defanged=False)\n--\n\n"
     "-> list of dict. "
     "The URLs of data (bytes-like) as uriscan.extract finds them, each a\n"
     "dict: url (bytes), truncated, scheme host path query fragment\n"
     "(bytes or None; None when truncated), port (an int as URI.port, or\n"
     "None) and host_type (str or None); hosts=True: and ip, ip_form,\n"
     "ip_class, browser_host, site, flags (as URI's; texts bytes), the\n"
     "fields of `uriscan extract --hosts`. defanged=True: also the URLs\n"
     "written defanged, url the refanged URL, and a key defanged (bool).\n"
     "The records of uriscan.dask.extract_bag, built in C."},
    {"log_line", (PyCFunction)(void (*)(void))upy_log_line, FAST,
     "log_line($module, line, format='combined', *, hosts=False)\n--\n\n"
     "-> dict: the record of one access-log line (bytes; a final '\\n' and\n"
     "a '\\r' before it are cut), split as `uriscan log` splits it, in\n"
     "format 'combined', 'common' or 'auto' (either). Every record has the\n"
     "same keys (uriscan.logformat.KEYS); a line not in the format has\n"
     "them all None but malformed (the line), why and offset. hosts=True:\n"
     "and the host fields of the target and the referer (target_ip ...\n"
     "referer_flags: uriscan.logformat.HOST_KEYS), as `uriscan log --hosts`."},
    {"log_records", (PyCFunction)(void (*)(void))upy_log_records, FAST,
     "log_records($module, data, format='combined', *, hosts=False)\n--\n\n"
     "-> list of dict: log_line of each line of data (bytes, lines ended\n"
     "by '\\n'), in one call; a line not in the format keeps its '\\n' in\n"
     "malformed."},
    /* hosts (py_hosts.c) */
    {"host_address", (PyCFunction)(void (*)(void))upy_host_address, FAST,
     "host_address($module, host)\n--\n\n"
     "-> HostAddress. "
     "The address the host (a URI's host, brackets kept for IPv6; str or\n"
     "bytes-like) means as browsers and resolvers read it: every IPv4 form\n"
     "('0x7f.1', '2130706433', '0177.0.0.1', '127.1', '%31%32%37.0.0.1'),\n"
     "IPv6 with the IPv4 address it embeds, the class. A name gives family\n"
     "None. A non-ASCII host is mapped by UTS #46 (ICU) first ('①②⑦.0.0.1'\n"
     "is 127.0.0.1); an IPv6 zone ('[fe80::1%25eth0]') is in .zone. A host\n"
     "browsers refuse ('1.2.3.256', 'foo.1') raises InvalidURI (syntax,\n"
     "bad_percent, idna); IPvFuture uriscan.Error 'unsupported'; without\n"
     "ICU a non-ASCII host uriscan.Error 'idna_unavailable'."},
    {"browser_host", (PyCFunction)(void (*)(void))upy_browser_host, FAST,
     "browser_host($module, url)\n--\n\n"
     "-> str or bytes. "
     "The host a browser reaches for url (WHATWG URL Standard, no base):\n"
     "'user@evil.com@good.com' -> 'good.com', 'http://0x7f.1/' ->\n"
     "'127.0.0.1', IPv6 in brackets, '' for a file: URL without a host;\n"
     "IDNA is UTS #46 through ICU; a scheme that is not special gets the\n"
     "opaque host ('ssh://git@h/' -> 'h'). Raises InvalidURI when the\n"
     "browser refuses the URL (syntax; idna), uriscan.Error\n"
     "'idna_unavailable' when the host needs IDNA and the library has no\n"
     "ICU (not guessed), 'unsupported' when the URL has no host ('mailto:',\n"
     "a relative reference)."},
    {"confusion", (PyCFunction)(void (*)(void))upy_confusion, FAST,
     "confusion($module, url, grammar='rfc3986')\n--\n\n"
     "-> frozenset[str]. "
     "The URL-confusion flags of url (any bytes, valid or not; names of\n"
     "uriscan.CONFUSION_FLAGS: 'userinfo', 'backslash', 'ip_noncanonical',\n"
     "...); browser_host_differs compares the browser's host with the\n"
     "grammar's. docs/hosts.md says what each means."},
    {"site", (PyCFunction)(void (*)(void))upy_site, FAST,
     "site($module, host)\n--\n\n"
     "-> str, bytes or None. "
     "The registrable domain of the host name (Public Suffix List):\n"
     "'www.example.co.uk' -> 'example.co.uk'; None for an address, a public\n"
     "suffix, a single label or a name that is not lower-case ASCII (pass\n"
     "browser_host's result). Raises uriscan.Error 'unsupported' when the\n"
     "library has no List (psl_available() is False)."},
    {"psl_available", psl_available, METH_NOARGS,
     "psl_available($module, /)\n--\n\n"
     "-> bool: site() works (built with the List or libpsl)."},
    {"psl_version", psl_version, METH_NOARGS,
     "psl_version($module, /)\n--\n\n"
     "-> str: the Public Suffix List site() reads: its date, the start of\n"
     "its SHA-256 and its number of rules; 'libpsl ...' when read through\n"
     "libpsl at run time; 'none' without a List."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "uriscan._core",
    "C core of the uriscan package (import uriscan instead).", -1, methods,
    NULL, NULL, NULL, NULL};

/* The module's public names (__all__), as _core.pyi lists them. */
static const char *const all_names[] = {
    "CONFUSION_FLAGS", "Error", "Extractor", "HOST_FIELDS", "HostAddress",
    "IP_CLASSES",
    "InvalidURI", "Match", "URI", "__version__", "browser_host", "confusion",
    "equivalent", "extract", "extract_records", "grammars", "host_address",
    "idna_available", "is_valid", "log_line", "log_records", "normalize",
    "parse", "psl_available", "psl_version", "query_get", "query_params", "recompose",
    "resolve", "rules", "site", "to_iri", "to_uri", "unquote", "urlsplit",
    "uts46_available", "quote", "rewrite",
    NULL};

static int add_all(PyObject *m)
{
	PyObject *l = PyList_New(0);
	for (int i = 0; l != NULL && all_names[i]; i++) {
		PyObject *s = PyUnicode_FromString(all_names[i]);
		if (s == NULL || PyList_Append(l, s) < 0)
			Py_CLEAR(l);
		Py_XDECREF(s);
	}
	if (l == NULL || PyModule_AddObjectRef(m, "__all__", l) < 0) {
		Py_XDECREF(l);
		return -1;
	}
	Py_DECREF(l);
	return 0;
}

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
	PyObject *m = PyModule_Create(&moddef);
	if (m == NULL)
		return NULL;
	upy_Error = PyErr_NewExceptionWithDoc(
	    "uriscan.Error",
	    "Error(*args)\n--\n\n"
	    "A status of the C library (a ValueError). Attributes: status (its\n"
	    "name, e.g. 'too_long'), offset (characters for str input, bytes for\n"
	    "bytes), byte_offset (in the UTF-8 bytes); component (recompose,\n"
	    "URI.replace) or argument (equivalent, resolve) when the offset is\n"
	    "inside one component or argument, else None.",
	    PyExc_ValueError, NULL);
	upy_InvalidURI = upy_Error == NULL ? NULL : PyErr_NewExceptionWithDoc(
	    "uriscan.InvalidURI",
	    "InvalidURI(*args)\n--\n\n"
	    "The input does not match the rule (status syntax, incomplete,\n"
	    "bad_percent, bad_char, bad_utf8; idna for to_uri(idna=True)).",
	    upy_Error, NULL);
	if (upy_InvalidURI == NULL || upy_host_fields_init(m) < 0 ||
	    upy_uri_init() < 0 || upy_log_init() < 0 || upy_hosts_init(m) < 0 ||
	    upy_extract_records_init() < 0 ||
	    PyObject_SetAttrString(upy_Error, "component", Py_None) < 0 ||
	    PyObject_SetAttrString(upy_Error, "argument", Py_None) < 0 ||
	    PyModule_AddObjectRef(m, "Error", upy_Error) < 0 ||
	    PyModule_AddObjectRef(m, "InvalidURI", upy_InvalidURI) < 0 ||
	    PyModule_AddObjectRef(m, "URI", (PyObject *)&upy_URIType) < 0 ||
	    PyModule_AddStringConstant(m, "__version__", uriscan_version_string()) < 0 ||
	    upy_extract_init(m) < 0 || add_all(m) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
