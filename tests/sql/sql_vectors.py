# SPDX-License-Identifier: MIT
"""sql_vectors.py: the cases of tests/vectors/ that apply to the SQL
functions (docs/sql.md), read with python/tests/vectors.py, for both
engines: tests/sql/test_sqlite.py calls the functions with them, and
run_pg_regress.py writes them as COPY files (every byte string in hex) that
the pg_regress scripts load and compare. No expectation is computed here:
each is a vector file's, or a property the vector gives (an input and its
normal form are one uri).

What applies, and why the rest does not:
 - rfc3986.tsv, rfc3987.tsv: the rows of the grammar's top rule
   (URI-reference, IRI-reference): validity, status and offset, and the
   components when the row lists them (a component not listed is absent);
 - normalize-*.tsv: the extensions' normal form is the syntax-based one
   plus the scheme-based steps (and, for RFC 3987, the decoding of UTF-8):
   the rows of exactly those flags give the text; every other valid row
   gives a pair that must be one value (the same normal form);
 - equivalent.tsv: rows equal without flags or with scheme_based stay
   equal; rows of scheme_based give their answer;
 - resolve-*.tsv: strict rows with a result;
 - extract-*.tsv: the rows without options (the extensions' extraction:
   no opaque schemes, trimmed, no cut matches; no row without options
   truncates);
 - query-params.tsv: get rows whose flags are the extensions' (plus, '&');
 - query-edit*.tsv, rewrite.tsv: the rows of one kind of edit the SQL
   functions express (strip tracking, remove, set, sort) under the
   extensions' flags (plus, '&'): query_edit() says which;
 - confusion.tsv, host-address.tsv: every row (but an IPv6 address
   without brackets: in a URL it is no host); site.tsv: the rows of
   lower-case ASCII names.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("URISCAN_SOURCE_ROOT") or os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
import vectors as V  # noqa: E402 (python/tests/vectors.py)

TOP = {"rfc3986": "URI-reference", "rfc3987": "IRI-reference"}
COMPS = ["scheme", "authority", "userinfo", "host", "port", "path", "query",
         "fragment"]


def _vec(name):
    return os.path.join(V.VECTORS, name)


def grammar(g):
    """(where, input, valid, status, offset, comps): comps a dict of the 8
    components (None when absent), or None when the row does not list
    them; status and offset None for a valid row."""
    out = []
    for c in V.grammar_cases(_vec(g + ".tsv")):
        if c.rule != TOP[g]:
            continue
        if c.valid:
            comps = None
            if c.check_parts:
                comps = {k: c.comps.get(k) for k in COMPS}
                if comps["path"] is None:
                    comps["path"] = b""
            out.append((c.where, c.input, True, None, None, comps))
        else:
            out.append((c.where, c.input, False, c.status, c.offset, None))
    return out


def normalize(g):
    """(where, input, normal form, exact): exact rows give the text of
    uri_normalize; the others a value that must equal the input's."""
    want = {"rfc3986": ["scheme_based"], "rfc3987": ["scheme_based", "iri_decode"]}[g]
    out = []
    for where, flags, inp, expect in V.normalize_cases(_vec("normalize-%s.tsv" % g)):
        if isinstance(expect, tuple):
            continue
        out.append((where, inp, expect, sorted(flags) == sorted(want)))
    return out


def equivalent(g):
    """(where, a, b, equal)."""
    out = []
    for where, gr, flags, a, b, expect in V.equivalent_cases(_vec("equivalent.tsv")):
        if gr != g or isinstance(expect, tuple):
            continue
        if flags == ["scheme_based"] or (flags == [] and expect is True):
            out.append((where, a, b, expect))
    return out


def resolve(g):
    """(where, base, ref, target)."""
    return [(w, b, r, e) for w, strict, b, r, e in
            V.resolve_cases(_vec("resolve-%s.tsv" % g))
            if strict and not isinstance(e, tuple)]


def extract(g):
    """(where, text, [(offset, url)])."""
    out = []
    for where, opts, text, want in V.extract_cases(_vec("extract-%s.tsv" % g)):
        if opts:
            continue
        assert not any(w[3] or w[4] for w in want), where
        out.append((where, text, [(w[0], w[1]) for w in want]))
    return out


def query_get():
    """(where, query, key, value or None): the value as written."""
    out = []
    for where, kind, flags, q, rest in V.query_cases(_vec("query-params.tsv")):
        if kind != "get" or "semicolon" in flags:
            continue
        if "plus" not in flags and (b"+" in q or b"+" in rest[0]):
            continue
        key, found = rest
        value = None
        if found != b"none":
            pair = V.unescape(found.rsplit(b"@", 1)[0][1:-1], False)
            if b"=" in pair:
                value = pair.split(b"=", 1)[1]
        out.append((where, q, key, value))
    return out


def confusion():
    """(where, url, grammar, flags set); the rows that need ICU only when
    the library has it (URISCAN_ICU, set by tests/sql/meson.build)."""
    icu = os.environ.get("URISCAN_ICU", "1") == "1"
    return [(w, u, g, f) for w, u, f, g
            in V.confusion_cases(_vec("confusion.tsv"), icu=icu)]


def host_address():
    """(where, url, ip text or None, class or None): the host in an http
    URL; a name or a host the browser refuses has no address."""
    out = []
    for where, host, expect in V.host_address_cases(_vec("host-address.tsv")):
        if b":" in host and not host.startswith(b"["):
            continue  # an IPv6 address without brackets is no URL's host
        url = b"http://" + host + b"/"
        if isinstance(expect, tuple) or expect["family"] is None:
            out.append((where, url, None, None))
        else:
            out.append((where, url, expect["text"].encode(), expect["ip_class"]))
    return out


def site():
    """(where, url, site or None): the hosts that are lower-case ASCII
    names (the extensions read a URL's host as the browser does, decoded
    and mapped, before the List: the other rows test uriscan_site on a
    host as given)."""
    import re
    return [(w, b"https://" + h + b"/", s) for w, h, s in V.site_cases(_vec("site.tsv"))
            if re.fullmatch(rb"[a-z0-9.-]+", h)]


def _edit_plain(b):
    """No '+' and no space: the bytes mean the same whether '+' is a space
    or not (the extensions read keys as uri_query_get does: '+' a space)."""
    return b is None or (b"+" not in b and b" " not in b)


def query_edit():
    """(where, grammar, kind, url, keys, value, result or None): the rows
    of query-edit*.tsv the SQL functions express, and the rewrite.tsv rows
    of one such option. kind: strip (uri_strip_tracking; keys []), remove
    (uri_query_remove(url, keys...)), set (uri_query_set(url, keys[0],
    value)), sort (uri_query_sort). A row without the flag plus is taken
    only when '+' and space mean the same either way (no '+' in the URL,
    no '+' or space in a key or value); rows of semicolon, icase or
    keep-empty, and rows mixing edits, are left out. result None: the
    URL is invalid (the type refuses it; SQLite gives NULL)."""
    out = []
    for g, name in (("rfc3986", "query-edit.tsv"), ("rfc3987", "query-edit-rfc3987.tsv")):
        for n, (flags, edits, inp, ok, res) in enumerate(V.query_edit_cases(_vec(name))):
            if flags - {"plus"}:
                continue
            if "plus" not in flags and not (b"+" not in inp and all(
                    _edit_plain(k) and _edit_plain(v) for _, k, v in edits)):
                continue
            ops = [e[0] for e in edits]
            if ops == ["remove"] * len(ops):
                kind, keys, value = "remove", [e[1] for e in edits], None
            elif ops == ["set"] and edits[0][2] is not None:
                kind, keys, value = "set", [edits[0][1]], edits[0][2]
            elif ops == ["sort"]:
                kind, keys, value = "sort", [], None
            else:
                continue
            out.append(("%s row %d" % (name, n + 1), g, kind, inp, keys, value,
                        res if ok else None))
    for n, (opts, inp, ok, res) in enumerate(V.rewrite_cases(_vec("rewrite.tsv"))):
        if len(opts) != 1 or b"+" in inp:
            continue
        name, arg = opts[0]
        if name == "strip-tracking":
            kind, keys, value = "strip", [], None
        elif name == "query-remove" and _edit_plain(arg):
            kind, keys, value = "remove", [arg], None
        elif name == "query-sort":
            kind, keys, value = "sort", [], None
        elif name == "query-set" and b"=" in arg:
            k, _, value = arg.partition(b"=")
            if not (_edit_plain(k) and _edit_plain(value)):
                continue
            kind, keys = "set", [k]
        else:
            continue
        out.append(("rewrite.tsv row %d" % (n + 1), "rfc3986", kind, inp, keys,
                    value, res if ok else None))
    return out
