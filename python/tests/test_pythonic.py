# SPDX-License-Identifier: MIT
"""The Python surface as a Python user expects it: inspect.signature on
every public callable, URI.port an int as urllib's, replace() a URI, a URI
wherever a str is taken, paths where a file is meant, ValueError for an
argument out of range, access-log records of one shape, __all__ in every
module, and the stubs (_core.pyi) matching the module."""
import ast
import importlib
import inspect
import io
import os
import pathlib
import subprocess
import sys
import types
import urllib.parse

import pytest

import uriscan
import uriscan._core as core
import uriscan.logformat as logformat
from vectors import ROOT

LOGS = os.path.join(ROOT, "tests", "data", "logs")
STUB = os.path.join(os.path.dirname(core.__file__), "_core.pyi")


def public_modules():
    mods = [uriscan, core, logformat]
    try:
        mods.append(importlib.import_module("uriscan.dask"))
    except ImportError:
        pass
    return mods


def public_callables():
    """(name, callable) of every public callable: the names in each
    module's __all__, and the methods of the public classes."""
    out = []
    for m in public_modules():
        for name in m.__all__:
            obj = getattr(m, name)
            if callable(obj):
                out.append((f"{m.__name__}.{name}", obj))
            if isinstance(obj, type) and obj.__module__.startswith("uriscan"):
                for k, v in vars(obj).items():
                    if not k.startswith("_") and callable(v):
                        out.append((f"{m.__name__}.{name}.{k}", getattr(obj, k)))
    return out


@pytest.mark.parametrize("name,obj", public_callables(), ids=lambda x: x if
                         isinstance(x, str) else "")
def test_signature(name, obj):
    inspect.signature(obj)  # raises ValueError without a text signature


def test_signatures_exact():
    sig = lambda f: str(inspect.signature(f))  # noqa: E731
    assert sig(uriscan.parse) == "(s, grammar='rfc3986', rule=None)"
    assert sig(uriscan.URI) == "(s, grammar='rfc3986', rule=None)"
    assert sig(uriscan.normalize) == \
        "(s, grammar='rfc3986', *, scheme_based=False, iri_decode=False)"
    assert sig(uriscan.query_get) == ("(query, key, default=Ellipsis, *, semicolon=False, "
                                      "plus=True, decode=True, utf8_errors='strict')")
    assert sig(uriscan.Extractor) == \
        ("(grammar='rfc3986', *, components=True, max_len=None, opaque=None, trim=True, "
         "keep_cut=False, flags=False, defanged=False)")
    assert sig(uriscan.Extractor.feed) == "(self, data, /)"
    assert sig(uriscan.URI.replace).startswith("(self, /, *, scheme=Ellipsis")
    assert sig(uriscan.grammars) == "()"
    assert sig(core.log_line) == "(line, format='combined', *, hosts=False)"
    assert sig(uriscan.host_address) == "(host)"
    assert sig(uriscan.browser_host) == "(url)"
    assert sig(uriscan.confusion) == "(url, grammar='rfc3986')"
    assert sig(uriscan.site) == "(host)"
    assert sig(uriscan.psl_available) == "()"
    assert sig(uriscan.URI.host_info) == "(self, /)"
    assert sig(logformat.parse_lines) == "(data: bytes, format: str = 'combined', *, " \
        "hosts: bool = False) -> list"


@pytest.mark.parametrize("text", [
    "http://h:8080/", "http://h/", "http://h:/", "http://[::1]:0/x", "//h:65535",
    "http://u@h:080/", "mailto:a@b", "http://h:99999/"])
def test_port_is_an_int_as_urllib(text):
    u = uriscan.parse(text)
    want_text = urllib.parse.urlsplit(text).netloc.rpartition("]")[2].partition(":")[2] \
        if ":" in urllib.parse.urlsplit(text).netloc.rpartition("]")[2] else None
    assert u.port_text == want_text
    if want_text:
        assert u.port == int(want_text) and isinstance(u.port, int)
    else:
        assert u.port is None
    if u.port is None or u.port <= 65535:  # urllib raises past 65535
        assert u.port == urllib.parse.urlsplit(text).port
    b = uriscan.parse(text.encode())
    assert b.port == u.port
    assert b.port_text == (None if want_text is None else want_text.encode())
    assert u.components().get("port") == u.port_text  # components: as written


def test_replace_returns_a_uri():
    u = uriscan.parse("http://h:80/a?q")
    r = u.replace(port=8080, query=None)
    assert isinstance(r, uriscan.URI)
    assert str(r) == "http://h:8080/a" and r.port == 8080
    assert r.grammar == u.grammar and r.rule == u.rule
    assert u.replace() == u and u.replace(path=...) == u
    rb = uriscan.parse(b"http://h/").replace(port=1, path=b"/x")
    assert isinstance(rb, uriscan.URI) and rb.input == b"http://h:1/x"
    assert uriscan.recompose(scheme="http", host="h", port=8080) == "http://h:8080"
    assert uriscan.recompose(scheme=b"http", host=b"h", port=0) == b"http://h:0"
    with pytest.raises(ValueError):
        u.replace(port=-1)
    with pytest.raises(ValueError):
        uriscan.recompose(host="h", port=-80)
    # the result is parsed in the URI's rule: an absolute URI stays one
    a = uriscan.parse("http://h/", rule="absolute-URI")
    with pytest.raises(uriscan.InvalidURI):
        a.replace(scheme=None)


def test_a_uri_wherever_a_str_is_taken():
    u = uriscan.parse("HTTP://Example.COM/a/../b?x=1&y#f")
    s = u.input
    assert uriscan.URI(s) == u and uriscan.URI(u) == u
    assert uriscan.parse(u) == u
    assert uriscan.is_valid(u)
    assert uriscan.urlsplit(u) == uriscan.urlsplit(s)
    assert uriscan.normalize(u) == uriscan.normalize(s) == "http://example.com/b?x=1&y#f"
    assert uriscan.equivalent(u, "http://example.com/b?x=1&y#f")
    assert uriscan.resolve(u, "c") == uriscan.resolve(s, "c")
    assert uriscan.resolve("http://a/b", uriscan.parse("../c")) == "http://a/c"
    assert uriscan.to_uri(u) == uriscan.to_uri(s)
    assert uriscan.to_iri(u) == uriscan.to_iri(s)
    assert uriscan.unquote(uriscan.parse("a%41")) == "aA"
    # the query functions take a URI's query
    assert uriscan.query_params(u) == [("x", "1"), ("y", None)]
    assert uriscan.query_get(u, "x") == "1"
    assert uriscan.query_params(uriscan.parse("http://h/")) == []
    assert uriscan.query_get(uriscan.parse(b"http://h/?k=v"), b"k") == b"v"
    with pytest.raises(KeyError):
        uriscan.query_get(u, "z", ...)
    assert uriscan.query_get(u, "z", None) is None
    with pytest.raises(TypeError):
        uriscan.resolve(uriscan.parse(b"http://a/"), "b")  # bytes and str


def test_paths_where_a_file_is_meant(tmp_path):
    data = b"see http://a.example/x and\nhttp://b.example/y\n"
    path = tmp_path / "f.log"
    path.write_bytes(data)
    want = [m.url for m in uriscan.extract(data)]
    assert len(want) == 2
    for f in (str(path), path, os.fsencode(str(path))):
        assert [m.url for m in uriscan.extract_file(f)] == want
        assert [m.url for m in uriscan.Extractor().extract_file(f, 5)] == want
    with open(path, "rb") as f:
        assert [m.url for m in uriscan.extract_file(f, chunk_size=3)] == want
    assert [m.url for m in uriscan.extract_file(io.BytesIO(data))] == want
    with pytest.raises(ValueError):
        uriscan.extract_file(path, chunk_size=0)
    with pytest.raises(TypeError):
        uriscan.extract_file(42)
    with pytest.raises(FileNotFoundError):
        list(uriscan.extract_file(tmp_path / "missing"))


@pytest.mark.parametrize("bad", [-1, 0, 127, 2**32, 2**70, -2**70])
def test_out_of_range_is_valueerror(bad):
    for call in (lambda: list(uriscan.extract(b"http://a/", max_len=bad)),
                 lambda: uriscan.Extractor(max_len=bad),
                 lambda: core.extract_records(b"http://a/", max_len=bad)):
        with pytest.raises(ValueError, match="max_len must be 128 to"):
            call()
    with pytest.raises(TypeError):
        uriscan.Extractor(max_len="200")
    assert [m.url for m in uriscan.extract(b"http://a/", max_len=128)] == [b"http://a/"]


def log_lines():
    lines = []
    for name in ("elastic-sample.log", "nginx-combined.log"):
        with open(os.path.join(LOGS, name), "rb") as f:
            lines += f.read().splitlines(keepends=True)
    return lines + [b'1.2.3.4 - - [t] "GET / HTTP/1.1" 200 - "-" "-"\n',
                    b'1.2.3.4 x y [t] "GET /a b c HTTP/1.1" 404 12 "//h/r" "a"\n',
                    b"not a log line\n"]


def test_log_records_one_shape():
    recs = logformat.parse_lines(b"".join(log_lines()))
    recs += logformat.parse_lines(open(os.path.join(LOGS, "nginx-common.log"), "rb").read(),
                                  "common")
    assert any(r["malformed"] for r in recs) and any(not r["malformed"] for r in recs)
    for r in recs:
        assert tuple(r) == logformat.KEYS
        if r["malformed"] is not None:
            assert isinstance(r["malformed"], bytes) and isinstance(r["why"], str)
            assert isinstance(r["offset"], int)
            assert all(r[k] is None for k in logformat.KEYS[:-3])
            continue
        assert r["why"] is None and r["offset"] is None
        assert isinstance(r["status"], int) and isinstance(r["request_valid"], bool)
        assert r["size"] is None or isinstance(r["size"], int)
        assert isinstance(r["time"], bytes) and isinstance(r["request"], bytes)
        for k in ("client", "ident", "user", "referer", "agent"):
            assert r[k] is None or (isinstance(r[k], bytes) and r[k] != b"-"), k
    dash = logformat.parse_line(log_lines()[-3])
    assert (dash["ident"], dash["user"], dash["size"], dash["referer"], dash["agent"]) == \
        (None, None, None, None, None)
    assert dash["time"] == b"t" and dash["status"] == 200
    odd = logformat.parse_line(log_lines()[-2])
    assert odd["request"] == b"GET /a b c HTTP/1.1" and odd["request_valid"] is False
    assert odd["size"] == 12 and odd["referer_host"] == b"h"
    bad = logformat.parse_line(b"not a log line")
    assert bad["malformed"] == b"not a log line" and bad["why"] == "no [time]"
    assert bad["offset"] == 10
    assert tuple(bad) == logformat.KEYS


def test_all_in_every_module():
    for m in public_modules():
        assert isinstance(m.__all__, (list, tuple)), m.__name__
        for name in m.__all__:
            assert hasattr(m, name), (m.__name__, name)
        # no public name but those of __all__ (modules imported aside)
        leaked = [k for k, v in vars(m).items() if not k.startswith("_")
                  and k not in m.__all__ and not isinstance(v, types.ModuleType)]
        assert leaked == [], m.__name__
    assert not hasattr(uriscan, "BinaryIO") and not hasattr(logformat, "Optional")


def stub_functions():
    """{name: [parameter names]} of the stub's module-level functions and
    class methods (the overload with the most parameters)."""
    tree = ast.parse(open(STUB).read())
    out, found = {}, []

    def params(f):
        a = f.args
        return [p.arg for p in a.posonlyargs + a.args + ([a.vararg] if a.vararg else [])
                + a.kwonlyargs]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.append((node.name, params(node)))
        elif isinstance(node, ast.ClassDef):
            for f in node.body:
                if isinstance(f, ast.FunctionDef):
                    found.append((f"{node.name}.{f.name}", params(f)))
    for name, names in found:
        # positional-only in the stub: a leading double underscore
        names = [p[2:] if p.startswith("__") else p for p in names]
        if name not in out or len(names) > len(out[name]):
            out[name] = names
    return out


def test_stub_parameters_match():
    """Every function and method of _core.pyi has the runtime's parameter
    names, in order (self and cls aside), and every public callable of
    _core is in the stub."""
    stub = stub_functions()
    for name, names in stub.items():
        obj = core
        for part in name.split("."):
            obj = getattr(obj, part)
        if name.endswith(".__new__"):
            obj = getattr(core, name.split(".")[0])
        elif name.endswith(".__init__"):
            obj = getattr(core, name.split(".")[0])
        got = [p for p in inspect.signature(obj).parameters if p not in ("self", "cls")]
        want = [p for p in names if p not in ("self", "cls")]
        assert got == want, name
    for name in core.__all__:
        if callable(getattr(core, name)) and not isinstance(getattr(core, name), type):
            assert name in stub, name


def test_stubtest():
    """mypy's stubtest (Debian's python3-mypy) on uriscan._core, offline."""
    try:
        import mypy.stubtest  # noqa: F401
    except ImportError:
        pytest.skip("mypy not installed (python3-mypy): test_stub_parameters_match only")
    pkg = os.path.dirname(os.path.dirname(core.__file__))
    env = dict(os.environ, PYTHONPATH=pkg, MYPYPATH=pkg)
    r = subprocess.run([sys.executable, "-m", "mypy.stubtest", "--concise",
                        "--ignore-missing-stub", "uriscan._core"],
                       capture_output=True, timeout=240, env=env, cwd=str(pathlib.Path(pkg)))
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
