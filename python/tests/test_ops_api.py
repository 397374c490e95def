# SPDX-License-Identifier: MIT
"""The URI operations of the bindings beyond the vectors: argument types,
str/bytes kinds, error attributes, offsets of str input in characters,
buffers larger than the stack buffer, and reference leaks."""
import gc
import sys

import pytest

import uriscan
from test_api import rss_kib

LONG = "http://h/" + "%7E\u00e9" * 400  # result past the 512-byte stack buffer


@pytest.mark.parametrize("call", [
    lambda: uriscan.normalize(1),
    lambda: uriscan.normalize(),
    lambda: uriscan.normalize("a", 3),
    lambda: uriscan.normalize("a", scheme_based=5),
    lambda: uriscan.normalize("a", scheme_based=[1]),
    lambda: uriscan.normalize("a", "rfc3986", True),  # scheme_based is keyword-only
    lambda: uriscan.normalize("a", bogus=1),
    lambda: uriscan.equivalent("a", b"a"),
    lambda: uriscan.equivalent("a"),
    lambda: uriscan.equivalent("a", "a", level=1),
    lambda: uriscan.unquote(None),
    lambda: uriscan.unquote("a", errors=1),
    lambda: uriscan.unquote("a", utf8_errors=b"x"),
    lambda: uriscan.query_params(3),
    lambda: uriscan.query_get("a=1", b"a"),
    lambda: uriscan.query_get("a=1"),
    lambda: uriscan.recompose("http"),
    lambda: uriscan.recompose(path=1),
    lambda: uriscan.recompose(scheme="http", path=b"/"),
    lambda: uriscan.recompose(bogus="x"),
    lambda: uriscan.parse("http://h/").replace(path=b"/x"),
    lambda: uriscan.parse("http://h/").replace("/x"),
    lambda: uriscan.parse("http://h/").replace(bogus="x"),
    lambda: uriscan.resolve(1, "g"),
    lambda: uriscan.resolve("http://a/", None),
    lambda: uriscan.resolve("http://a/"),
    lambda: uriscan.resolve(ref="g"),
    lambda: uriscan.resolve("http://a/", b"g"),
    lambda: uriscan.resolve(bytearray(b"http://a/"), "g"),
    lambda: uriscan.resolve("http://a/", "g", "rfc3986", False),  # strict: keyword-only
    lambda: uriscan.resolve("http://a/", "g", grammar=3986),
    lambda: uriscan.resolve("http://a/", "g", bogus=1),
])
def test_type_errors(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("call", [
    lambda: uriscan.normalize("a", "nogrammar"),
    lambda: uriscan.normalize("a", scheme_based=["ports"]),
    lambda: uriscan.normalize("a", scheme_based="ports"),
    lambda: uriscan.equivalent("a", "a", level="semantic"),
    lambda: uriscan.unquote("a", errors="ignore"),
    lambda: uriscan.resolve("http://a/", "g", "nogrammar"),
])
def test_value_errors(call):
    with pytest.raises(ValueError):
        call()


def test_kinds_and_buffers():
    for f in (uriscan.normalize, uriscan.unquote):
        assert isinstance(f("http://h/%41"), str)
        assert isinstance(f(b"http://h/%41"), bytes)
        assert f(bytearray(b"http://h/%41")) == f(memoryview(b"http://h/%41"))
    # the stack buffer is too small: the exact-size allocation gives the same
    assert uriscan.normalize(LONG, "rfc3987") == "http://h/" + "~\u00e9" * 400
    assert uriscan.normalize(LONG.encode(), "rfc3987") == \
        ("http://h/" + "~\u00e9" * 400).encode()
    assert uriscan.unquote(LONG) == "http://h/" + "~\u00e9" * 400
    long_path = "/" + "a" * 2000
    assert uriscan.recompose(scheme="s", path=long_path) == "s:" + long_path
    assert uriscan.parse("s:x").replace(path=long_path).input == "s:" + long_path
    # a single step name is accepted as a str
    assert uriscan.normalize("http://a:80/", scheme_based="default_port") == \
        uriscan.normalize("http://a:80/", scheme_based=["default_port"])


def test_str_offsets_in_characters():
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.normalize("http://\u00e9\u00e9/ x", "rfc3987")
    assert (e.value.offset, e.value.byte_offset) == (10, 12)
    assert e.value.component is None and e.value.argument is None
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.equivalent("http://a/", "\u00e9/%zz", "rfc3987")
    assert (e.value.argument, e.value.offset, e.value.byte_offset) == ("b", 3, 4)
    assert "of b" in str(e.value)
    # invalid UTF-8 after decoding: the offset of its escape, in characters
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.unquote("\u00e9a%FFb")
    assert (e.value.status, e.value.offset, e.value.byte_offset) == ("bad_utf8", 2, 3)
    assert uriscan.unquote("\u00e9a%FFb", utf8_errors="replace") == "\u00e9a\ufffdb"
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.query_params("x=1&\u00e9=%C3")
    assert (e.value.status, e.value.offset) == ("bad_utf8", 6)
    with pytest.raises(uriscan.Error) as e:
        uriscan.recompose(scheme="http", host="h\u00e9\u00e9/", grammar="rfc3987")
    assert (e.value.status, e.value.component, e.value.offset, e.value.byte_offset) == \
        ("bad_component", "host", 3, 5)
    assert "of host" in str(e.value)
    assert not isinstance(e.value, uriscan.InvalidURI)


def test_query_decoded():
    q = "a=1&b+c=%C3%A9&flag&a=2&=&%zz=x"
    assert uriscan.query_params(q) == [("a", "1"), ("b c", "\u00e9"), ("flag", None),
                                       ("a", "2"), ("", ""), ("%zz", "x")]
    assert uriscan.query_params(q, plus=False)[1] == ("b+c", "\u00e9")
    assert uriscan.query_params(q.encode())[1] == (b"b c", b"\xc3\xa9")
    assert uriscan.query_get(q, "a") == "1"
    assert uriscan.query_get(q, "b c") == "\u00e9"
    assert uriscan.query_get(q, "flag", "dflt") is None
    assert uriscan.query_get(q.encode(), b"zz", None) is None
    with pytest.raises(KeyError):
        uriscan.query_get(q, "zz")


def test_replace_keeps_kind_and_rest():
    u = uriscan.parse(b"http://u@h:80/p?q#f")
    assert u.replace(host=b"x", query=None).input == b"http://u@x:80/p#f"
    assert u.replace().input == b"http://u@h:80/p?q#f"
    v = uriscan.parse("http://u@h:80/p?q#f")
    assert v.replace(authority="a").input == "http://a/p?q#f"
    assert v.replace(authority=None, path="/z").input == "http:/z?q#f"
    with pytest.raises(uriscan.Error) as e:
        v.replace(authority="a", host="b")
    assert e.value.status == "invalid_argument"
    # a URI parsed with a rule that is no URI reference has no components to set
    with pytest.raises(uriscan.Error):
        uriscan.parse("h", rule="host").replace(host="x")


def test_no_leak_ops():
    """Many calls of each new function, failing ones included: no
    reference grows, RSS stays flat."""
    s, b = "HTTP://h\u00e9.example:80/a/../%7e?q#f", b"http://h/p?a=1&b=%41"
    u = uriscan.parse(s, "rfc3987")
    calls = [lambda: uriscan.normalize(s, "rfc3987", scheme_based=True),
             lambda: uriscan.normalize(LONG, "rfc3987"),
             lambda: uriscan.equivalent(s, s.lower(), "rfc3987", level="scheme"),
             lambda: pytest.raises(uriscan.InvalidURI, uriscan.equivalent, s, "a b"),
             lambda: uriscan.unquote(b), lambda: uriscan.unquote(LONG),
             lambda: pytest.raises(uriscan.InvalidURI, uriscan.unquote, "%FF"),
             lambda: uriscan.query_params(b), lambda: uriscan.query_params(s, decode=False),
             lambda: uriscan.query_get(b, b"b"),
             lambda: pytest.raises(KeyError, uriscan.query_get, s, "zz"),
             lambda: uriscan.recompose(scheme="http", host="h", path=LONG[8:],
                                               grammar="rfc3987"),
             lambda: pytest.raises(uriscan.Error, uriscan.recompose, host="a/b"),
             lambda: u.replace(path="/x", fragment=None),
             lambda: pytest.raises(TypeError, u.replace, path=b"/x")]
    assert_no_leak(calls, (s, b, u))


def assert_no_leak(calls, objs):
    """Each call 21000 times: no reference grows, RSS stays flat, and the
    objects the calls use are not kept."""
    for c in calls:
        for _ in range(1000):
            c()
    gc.collect()
    refs = sys.gettotalrefcount() if hasattr(sys, "gettotalrefcount") else 0
    rss = rss_kib()
    for c in calls:
        for _ in range(20000):
            c()
    gc.collect()
    grown = rss_kib() - rss
    assert grown < 4096, f"RSS grew by {grown} KiB"
    if refs:
        assert sys.gettotalrefcount() - refs < 1000
    for obj in objs:
        assert sys.getrefcount(obj) < 10


BASE = "http://a/b/c/d;p?q"


def test_resolve_kinds_and_buffers():
    assert uriscan.resolve(BASE, "../g") == "http://a/b/g"
    assert uriscan.resolve(BASE.encode(), b"../g") == b"http://a/b/g"
    assert uriscan.resolve(bytearray(BASE.encode()), memoryview(b"g?y#s")) == \
        b"http://a/b/c/g?y#s"
    assert uriscan.resolve(base=BASE, ref="", grammar="rfc2396") == BASE
    # RFC 2396 drops the last segment for "?y", RFC 3986 keeps it
    assert uriscan.resolve(BASE, "?y", "rfc2396") == "http://a/b/c/?y"
    assert uriscan.resolve(BASE, "?y") == "http://a/b/c/d;p?y"
    # non-ASCII str through rfc3987, and a target past the stack buffer
    assert uriscan.resolve("http://\u00e9/a/b", "../\u00f6", "rfc3987") == \
        "http://\u00e9/\u00f6"
    long_ref = "x/" * 400 + "\u00e9"
    assert uriscan.resolve("http://h/p/", long_ref, "rfc3987") == "http://h/p/" + long_ref
    assert uriscan.resolve(b"http://h/p/", long_ref.encode(), "rfc3987") == \
        ("http://h/p/" + long_ref).encode()


def test_resolve_strict():
    assert uriscan.resolve(BASE, "http:g") == "http:g"
    assert uriscan.resolve(BASE, "http:g", strict=True) == "http:g"
    assert uriscan.resolve(BASE, "http:g", strict=False) == "http://a/b/c/g"
    assert uriscan.resolve(BASE, "HTTP:g", strict=0) == "http://a/b/c/g"
    assert uriscan.resolve(BASE, "ftp:g", strict=False) == "ftp:g"


def test_resolve_errors():
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.resolve("http://\u00e9\u00e9/ x", "g", "rfc3987")
    assert (e.value.argument, e.value.status, e.value.offset, e.value.byte_offset) == \
        ("base", "bad_char", 10, 12)
    assert "of base" in str(e.value)
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.resolve("http://a/", "\u00e9/%zz", "rfc3987")
    assert (e.value.argument, e.value.status, e.value.offset, e.value.byte_offset) == \
        ("ref", "bad_percent", 3, 4)
    assert "of ref" in str(e.value)
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.resolve(b"http://a/", b"a\0")
    assert (e.value.argument, e.value.byte_offset, e.value.offset) == ("ref", 1, 1)
    # a relative base: Error (not InvalidURI), the base at offset 0
    with pytest.raises(uriscan.Error) as e:
        uriscan.resolve("a/b", "c")
    assert not isinstance(e.value, uriscan.InvalidURI)
    assert (e.value.status, e.value.argument, e.value.offset) == ("base_relative", "base", 0)
    if "rfc1738" in uriscan.grammars():
        with pytest.raises(uriscan.Error) as e:
            uriscan.resolve("http://a/b", "c", "rfc1738")
        assert not isinstance(e.value, uriscan.InvalidURI)
        assert (e.value.status, e.value.argument) == ("unsupported", None)


def test_no_leak_resolve():
    """resolve, succeeding and failing, str and bytes, stack and heap
    result: nothing leaks."""
    b, long_ref = BASE.encode(), "x/" * 400
    calls = [lambda: uriscan.resolve(BASE, "../g"),
             lambda: uriscan.resolve(b, b"g?y#s", strict=False),
             lambda: uriscan.resolve(BASE, long_ref),
             lambda: pytest.raises(uriscan.InvalidURI, uriscan.resolve, BASE, "a b"),
             lambda: pytest.raises(uriscan.InvalidURI, uriscan.resolve, "h\u00e9:/ x", "g",
                                   "rfc3987"),
             lambda: pytest.raises(uriscan.Error, uriscan.resolve, b"a/b", b"c"),
             lambda: pytest.raises(TypeError, uriscan.resolve, BASE, b"g")]
    assert_no_leak(calls, (BASE, b, long_ref))
