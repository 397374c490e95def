# SPDX-License-Identifier: MIT
"""uriscan's Python API beyond the vectors: str/bytes in and out, urlsplit
against urllib, bad argument types, reference leaks, threads, pinned
buffers and inputs of 4 GiB (refused as in C)."""
import gc
import mmap
import os
import pickle
import sys
import tempfile
import threading
import urllib.parse

import pytest

import uriscan


def test_str_and_bytes():
    u = uriscan.parse("http://User@Example.com:8080/a?q#f")
    assert (u.scheme, u.authority, u.userinfo, u.host, u.port, u.path, u.query,
            u.fragment) == ("http", "User@Example.com:8080", "User", "Example.com",
                            8080, "/a", "q", "f")
    assert (u.host_type, u.kind, u.grammar, u.rule) == ("reg-name", "uri", "rfc3986",
                                                         "URI-reference")
    b = uriscan.parse(b"http://h")
    assert (b.host, b.path, b.query, b.fragment) == (b"h", b"", None, None)
    assert uriscan.parse("x:?").query == ""  # empty is not absent
    assert str(u) == u.input == "http://User@Example.com:8080/a?q#f"


def test_non_ascii_offsets_in_characters():
    u = uriscan.parse("http://r\u00e9sum\u00e9.example/\u65e5?q", "rfc3987")
    assert u.host == "r\u00e9sum\u00e9.example" and u.path == "/\u65e5"
    assert u.span("path") == (21, 23)
    s = u.input
    assert s[slice(*u.span("host"))] == u.host
    with pytest.raises(uriscan.InvalidURI) as ei:
        uriscan.parse("http://\u00e9\u00e9/ x", "rfc3987")
    assert (ei.value.offset, ei.value.byte_offset, ei.value.status) == (10, 12, "bad_char")
    assert isinstance(ei.value, ValueError) and "bad_char at offset 10" in str(ei.value)


def test_immutable_hashable_picklable():
    u = uriscan.parse("http://h/p")
    with pytest.raises(AttributeError):
        u.host = "x"
    assert u == uriscan.parse("http://h/p") and u != uriscan.parse(b"http://h/p")
    assert len({u, uriscan.parse("http://h/p")}) == 1
    assert pickle.loads(pickle.dumps(u)) == u


def test_rules_and_grammars():
    assert "rfc3986" in uriscan.grammars()
    r = uriscan.rules("rfc3986")
    assert r[:3] == ["URI", "hier-part", "URI-reference"] and "origin-form" in r
    assert uriscan.parse("/p?q", rule="origin-form").form == "origin-form"
    assert uriscan.is_valid("2001:db8::1", rule="IPv6address")


URLS = ["http://a/b?c#d", "HTTPS://User@Host:1/x", "mailto:x@y", "//h/p", "rel/p?q",
        "file:///etc/passwd", "http://[::1]:80/", "a:", ""]


@pytest.mark.parametrize("url", URLS)
def test_urlsplit_like_urllib(url):
    assert uriscan.urlsplit(url) == urllib.parse.urlsplit(url)
    b = url.encode()
    assert uriscan.urlsplit(b) == urllib.parse.urlsplit(b)
    assert type(uriscan.urlsplit(b)) is urllib.parse.SplitResultBytes


def test_urlsplit_raises_where_urllib_guesses():
    for bad in ["http://a b/", "http://h:8x/", "ht tp://x", "http://h/%zz"]:
        urllib.parse.urlsplit(bad)  # urllib says nothing
        with pytest.raises(uriscan.InvalidURI):
            uriscan.urlsplit(bad)


BAD_CALLS = [
    (uriscan.parse, (1,), {}), (uriscan.parse, (None,), {}), (uriscan.parse, (), {}),
    (uriscan.parse, ("x", 3), {}), (uriscan.parse, ("x", "rfc3986", 4), {}),
    (uriscan.parse, ("x",), {"nope": 1}), (uriscan.parse, ("x", "a", "b", "c"), {}),
    (uriscan.parse, ("x",), {"s": "y"}), (uriscan.is_valid, ([],), {}),
    (uriscan.urlsplit, (1.5,), {}), (uriscan.extract, ("str",), {}),
    (uriscan.extract, (42,), {}), (uriscan.extract, (b"x",), {"opaque": 3}),
    (uriscan.to_uri, (object(),), {}), (uriscan.to_iri, (), {}),
    (uriscan.rules, (5,), {}), (uriscan.Extractor().feed, ("str",), {}),
    (uriscan.Extractor().feed, (None,), {}), (uriscan.parse("x:y").span, (3,), {}),
]


@pytest.mark.parametrize("fn,args,kw", BAD_CALLS)
def test_bad_argument_types(fn, args, kw):
    with pytest.raises(TypeError):
        fn(*args, **kw)


def test_bad_argument_values():
    for call in (lambda: uriscan.parse("x", "rfc9999"),
                 lambda: uriscan.parse("x", rule="no-such-rule"),
                 lambda: uriscan.extract(b"x", max_len=10),
                 lambda: uriscan.Extractor(opaque="1bad"),
                 lambda: uriscan.parse("x:y").span("nope")):
        with pytest.raises(ValueError):
            call()


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    pytest.skip("no /proc/self/status")


def test_no_leak_million_calls():
    """A million calls of each kind: no reference grows, RSS stays flat."""
    s, b = "http://user@h\u00e9.example:80/p?q#f", b"http://h/p?q"
    calls = [lambda: uriscan.parse(s, "rfc3987").host,
             lambda: uriscan.parse(b).query, lambda: uriscan.is_valid(s),
             lambda: uriscan.urlsplit(b),
             lambda: pytest.raises(uriscan.InvalidURI, uriscan.parse, "a b"),
             lambda: list(uriscan.extract(b"x http://a/ y https://b/")),
             lambda: uriscan.to_uri(s)]
    for c in calls:
        for _ in range(1000):
            c()
    gc.collect()
    refs, rss = sys.gettotalrefcount() if hasattr(sys, "gettotalrefcount") else 0, rss_kib()
    n = 1_000_000 // len(calls)
    for c in calls:
        for _ in range(n):
            c()
    gc.collect()
    grown = rss_kib() - rss
    assert grown < 4096, f"RSS grew by {grown} KiB over a million calls"
    if refs:
        assert sys.gettotalrefcount() - refs < 1000
    for obj in (s, b):
        assert sys.getrefcount(obj) < 10


def test_threads_same_answers():
    data = b"".join(b"GET http://h%d.example/p?%d x\n" % (i % 97, i) for i in range(20000))
    want = [m.url for m in uriscan.extract(data)]
    results, errors = [None] * 4, []

    def work(k):
        try:
            results[k] = [m.url for m in uriscan.extract(data)]
            for u in want[:2000]:
                assert uriscan.parse(u).host.startswith(b"h")
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors and all(r == want for r in results)


def test_extractor_one_thread_at_a_time():
    x = uriscan.Extractor()
    big = b"http://a/ " * 500_000
    errs = []
    def feed():
        try:
            x.feed(big)
        except RuntimeError as e:
            errs.append(e)
    ts = [threading.Thread(target=feed) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    # either it ran alone or it was refused, never both at once
    assert all("another thread" in str(e) for e in errs)


def test_buffer_pinned_while_iterating():
    buf = bytearray(b"a http://a/ b http://b/ c")
    it = uriscan.extract(buf)
    assert next(it).url == b"http://a/"
    with pytest.raises(BufferError):
        buf.extend(b"more")  # the iterator holds the buffer
    assert [m.url for m in it] == [b"http://b/"]
    buf.extend(b"more")  # exhausted: released


def huge_map(size):
    """A read-only mmap of a sparse file of size bytes (no RAM needed)."""
    f = tempfile.TemporaryFile()
    try:
        f.truncate(size)
        return mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ)
    except (OSError, OverflowError, ValueError) as e:
        pytest.skip(f"no sparse file of {size} bytes here: {e}")
    finally:
        f.close()


def test_four_gib_refused_as_in_c():
    m = huge_map(1 << 32)
    with pytest.raises(uriscan.Error) as ei:
        uriscan.is_valid(m)
    assert ei.value.status == "too_long"
    with pytest.raises(uriscan.Error) as ei:
        uriscan.parse(memoryview(m))
    assert ei.value.status == "too_long" and not isinstance(ei.value, uriscan.InvalidURI)
    m.close()
    m = huge_map((1 << 32) - 1)  # the longest input: judged (NUL bytes: bad_char@0)
    assert uriscan.is_valid(m) is False
    with pytest.raises(uriscan.InvalidURI) as ei:
        uriscan.parse(m)
    assert (ei.value.status, ei.value.offset) == ("bad_char", 0)
    m.close()
