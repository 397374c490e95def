# SPDX-License-Identifier: MIT
"""Every grammar vector file of tests/vectors/ through uriscan.parse and
uriscan.is_valid, as bytes and (when the input is UTF-8) as str: the same
answers as tests/core/test_vectors.c."""
import os

import pytest

import uriscan
from vectors import VECTORS, grammar_cases

FILES = [("rfc3986.tsv", "rfc3986"), ("rfc9112.tsv", "rfc3986"),
         ("rfc3986-bad-input.tsv", "rfc3986"), ("rfc2396.tsv", "rfc2396"),
         ("rfc1738.tsv", "rfc1738"), ("rfc3987.tsv", "rfc3987")]
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query",
              "fragment", "reg_name", "user", "password", "ftptype", "gtype",
              "selector", "gopher_plus", "group", "article", "database", "wtype",
              "wpath", "fieldspecs", "address"]


def cases():
    for name, grammar in FILES:
        if grammar not in uriscan.grammars():
            continue
        for c in grammar_cases(os.path.join(VECTORS, name)):
            yield pytest.param(grammar, c, id=c.where)


def as_text(b):
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return None


def check(grammar, c, s):
    """s: the input as bytes or str."""
    conv = (lambda b: b) if isinstance(s, bytes) else (lambda b: b.decode("utf-8"))
    if not c.valid:
        assert not uriscan.is_valid(s, grammar, c.rule), c.where
        with pytest.raises(uriscan.InvalidURI) as ei:
            uriscan.parse(s, grammar, c.rule)
        e = ei.value
        assert e.status == c.status, c.where
        assert e.byte_offset == c.offset, c.where
        # str input: the offset of the character that holds the byte
        want = c.offset if isinstance(s, bytes) else \
            len(c.input[:c.offset].decode("utf-8", "ignore"))
        assert e.offset == want, c.where
        return
    assert uriscan.is_valid(s, grammar, c.rule), c.where
    u = uriscan.parse(s, grammar, c.rule)
    norm = lambda r: r.lower().replace("_", "-")  # noqa: E731
    assert norm(u.rule) == norm(c.rule), c.where
    if not c.check_parts:
        return
    # the port as written (URI.port is its int)
    got = {k: getattr(u, "port_text" if k == "port" else k) for k in COMPONENTS
           if getattr(u, "port_text" if k == "port" else k) is not None}
    assert got == {k: conv(v) for k, v in c.comps.items()}, c.where
    assert u.components() == got
    # URI.port: the int of port_text, None when absent or empty
    assert u.port == (int(u.port_text) if u.port_text else None), c.where
    for k, off in c.offsets.items():
        start, end = u.span(k)
        assert s[start:end] == conv(c.comps[k]), c.where
        if isinstance(s, bytes):
            assert start == off, c.where
    assert u.host_type == c.host_type, c.where
    assert u.kind == c.kind, c.where
    assert u.form == c.form, c.where


@pytest.mark.parametrize("grammar,c", cases())
def test_bytes(grammar, c):
    check(grammar, c, c.input)


@pytest.mark.parametrize("grammar,c", cases())
def test_str(grammar, c):
    s = as_text(c.input)
    if s is None:
        pytest.skip("not UTF-8: bytes only")
    check(grammar, c, s)


def test_buffers_as_bytes():
    """bytearray and memoryview give bytes components, as bytes does."""
    for b in (bytearray(b"http://h/p?q"), memoryview(b"http://h/p?q")):
        u = uriscan.parse(b)
        assert (u.host, u.path, u.query) == (b"h", b"/p", b"q")
        assert uriscan.is_valid(b)
