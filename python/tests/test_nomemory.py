# SPDX-License-Identifier: MIT
"""Every Python entry point under allocation failure (issue 39): with
_testcapi.set_nomemory(start) every Python allocation from the start-th on
fails; for start = 1, 2, ... each call must raise MemoryError (not another
exception, not a crash, not a wrong answer) until start is past its last
allocation, when it must give the answer it gives with memory. The C
library's own malloc is not hooked here (tests/core/test_failalloc.c and
tests/cli/test_failalloc.py fail it).

Skipped where the interpreter has no _testcapi (Debian's python3 has it).
Under scripts/test.sh these also run against the extension built with
AddressSanitizer (suite python-asan).
"""
import gc

import pytest

import uriscan
from uriscan import _core

_testcapi = pytest.importorskip("_testcapi")

# A start this far past the last failure is taken as "the call is done".
LIMIT = 4000
FAILED = object()


def starts():
    """Every start up to 300, then every 7th: the calls below make from a
    few to a few thousand allocations."""
    yield from range(1, 300)
    yield from range(300, LIMIT, 7)


def sweep(call, check=lambda r: None):
    """call() under failure from each start; returns the number of starts
    that failed with MemoryError."""
    want = call()
    check(want)
    failed = 0
    gc.collect()
    for start in starts():
        got = FAILED
        _testcapi.set_nomemory(start, 0)
        try:
            got = call()
        except MemoryError:
            pass  # nothing here allocates: the hooks are still in place
        finally:
            _testcapi.remove_mem_hooks()
        if got is FAILED:
            failed += 1
            continue
        assert got == want, f"start {start}: {got!r} != {want!r}"
        return failed
    pytest.fail(f"{call} still fails after {LIMIT} allocations")


def matches(ms):
    return [(m.offset, m.length, m.url, m.truncated,
             None if m.uri is None else m.uri.components()) for m in ms]


def parse_invalid(s):
    """The error of an invalid reference (pytest.raises is not used under
    failing allocations: it loops)."""
    try:
        uriscan.parse(s)
    except uriscan.InvalidURI as e:
        return (type(e), e.args)
    return None


TEXT = b"see http://a.example/x?q#f and mailto:x@y.example " * 40

CALLS = {
    "parse": lambda: uriscan.parse("http://u@Example.com:80/a/../b?q#f").components(),
    "parse bytes": lambda: uriscan.parse(bytearray(b"http://h/p")).components(),
    "parse span": lambda: uriscan.parse("http://h/p?q").span("query"),
    "parse invalid": lambda: parse_invalid("http://a b"),
    "replace": lambda: uriscan.parse("http://h/p").replace(path="/x", query="y"),
    "is_valid": lambda: uriscan.is_valid("http://h/%41"),
    "urlsplit": lambda: tuple(uriscan.urlsplit("http://u@h:1/p?q#f")),
    "to_uri": lambda: uriscan.to_uri("http://h\u00e9/\u00e9?\u00e9"),
    "to_iri": lambda: uriscan.to_iri("http://h/%C3%A9", decode_unreserved=True),
    "grammars": lambda: uriscan.grammars(),
    "rules": lambda: uriscan.rules("rfc3986"),
    "resolve": lambda: uriscan.resolve("http://a/b/c/d;p?q", "../g?x#y"),
    "normalize": lambda: uriscan.normalize("HTTP://Ex.COM:80/%7eu/./a", scheme_based=True),
    "equivalent": lambda: uriscan.equivalent("http://a/%7e", "HTTP://A/~"),
    "unquote": lambda: uriscan.unquote("a%20b+c", plus=True),
    "query_params": lambda: uriscan.query_params("a=1&b=%C3%A9&c"),
    "query_get": lambda: uriscan.query_get("a=1&b=2", "b"),
    "recompose": lambda: uriscan.recompose(scheme="http", host="h", path="/p", query="q"),
    "extract": lambda: matches(uriscan.extract(TEXT, opaque=True)),
    "extract no components": lambda: matches(uriscan.extract(TEXT, components=False)),
    "extract_records": lambda: _core.extract_records(TEXT),
    "log_line": lambda: _core.log_line(
        b'1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.0" 200 2326 '
        b'"http://r.example/" "ua"'),
    "log_records": lambda: _core.log_records(
        b'1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.0" 200 1 "-" "u"\n' * 3),
    # hosts (py_hosts.c, py_host_fields.c)
    "host_address": lambda: uriscan.host_address("[::ffff:7f00:1]"),
    "host_address name": lambda: uriscan.host_address("www.example.com."),
    "host_address invalid": lambda: host_error("1.2.3.256"),
    "browser_host": lambda: uriscan.browser_host("http://user@evil.com@GOOD.com/"),
    "browser_host bytes": lambda: uriscan.browser_host(b"http://0x7f.1/"),
    "confusion": lambda: uriscan.confusion("http://u@0x7f.1:080/a/../%2F\\b"),
    "site": lambda: uriscan.site("www.example.co.uk") if uriscan.psl_available() else None,
    "URI host fields": lambda: (uriscan.parse("http://0x7f.1/").host_info(),
                                uriscan.parse(b"http://www.example.co.uk/").ip),
    "extract_records hosts": lambda: _core.extract_records(
        TEXT + b" http://0x7f.1/ http://[::1]/x", hosts=True),
    "log_records hosts": lambda: _core.log_records(
        b'1.2.3.4 - - [t] "CONNECT 0x7f.1:443 HTTP/1.1" 200 1 "http://u@h.example/" "u"\n'
        b'1.2.3.4 - - [t] "GET /a/../b HTTP/1.0" 200 1 "-" "u"\nnot a line\n', hosts=True),
}


def host_error(host):
    """The error of a host browsers refuse (no pytest.raises, as above)."""
    try:
        uriscan.host_address(host)
    except uriscan.InvalidURI as e:
        return (type(e), e.args, e.status, e.offset)
    return None


@pytest.mark.parametrize("name", sorted(CALLS))
def test_entry_point(name):
    sweep(CALLS[name])  # some allocate nothing (equivalent: a bool)


def test_extractor_calls():
    """Extractor(), feed() and finish() in one stream: a failure anywhere
    is MemoryError, and the stream is then refused until reset()."""
    def stream():
        x = uriscan.Extractor(opaque="mailto")
        r = matches(x.feed(TEXT[:1000]))
        r += matches(x.feed(TEXT[1000:]))
        r += matches(x.finish())
        return r
    assert sweep(stream) > 0


def test_feed_fails_part_way():
    """Issue 39: a feed() that fails part way (MemoryError while its matches
    are made) must not leave the C extractor inside the caller's buffer,
    which is released: the next feed() or finish() says the stream is
    broken (not "feed after finish"), reset() makes it whole again."""
    want = matches(uriscan.Extractor().feed(b"see http://a.example/x " * 4000))
    broken = 0
    for start in list(range(1, 30)) + list(range(30, 40000, 2999)):
        x = uriscan.Extractor()
        buf = bytearray(b"see http://a.example/x " * 4000)
        ok = False
        _testcapi.set_nomemory(start, 0)
        try:
            x.feed(buf)
            ok = True
        except MemoryError:
            pass
        finally:
            _testcapi.remove_mem_hooks()
        del buf
        gc.collect()
        if ok:
            continue
        broken += 1
        with pytest.raises(RuntimeError) as e:
            x.finish()
        assert "call reset" in str(e.value) and "after finish" not in str(e.value)
        with pytest.raises(RuntimeError) as e:
            x.feed(b"http://b/ ")
        assert "failed part way" in str(e.value)
        x.reset()
        assert matches(x.feed(b"see http://a.example/x " * 4000)) == want
        assert x.finish() == [] and x.offset == len(want) * 23
    assert broken > 0
