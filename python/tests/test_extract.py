# SPDX-License-Identifier: MIT
"""uriscan.extract and uriscan.Extractor against tests/vectors/extract-*.tsv
(whole, and fed in chunks), and uriscan.to_uri / to_iri against
tests/vectors/iri_mapping.tsv: the answers of test_extract.c and test_iri.c."""
import io
import os
import random

import pytest

import uriscan
from vectors import VECTORS, extract_cases, mapping_cases, real_log

EXTRACT = [("extract-rfc3986.tsv", "rfc3986"), ("extract-rfc3987.tsv", "rfc3987"),
           ("extract-rfc2396.tsv", "rfc2396"), ("extract-rfc1738.tsv", "rfc1738")]


def ecases():
    for name, g in EXTRACT:
        if g in uriscan.grammars():
            for where, opts, text, want in extract_cases(os.path.join(VECTORS, name)):
                yield pytest.param(g, opts, text, want, id=where)


def expected(text, want, opts):
    max_len = opts.get("max_len", 8192)
    out = []
    for off, url, length, trunc, cut in want:
        if trunc:
            url = text[off:off + min(length, max_len)]
        assert text[off:off + len(url)] == url, "vector: match not in the text"
        out.append((off, url, length, trunc, cut))
    return out


def got(matches, grammar):
    out = []
    for m in matches:
        out.append((m.offset, m.url, m.length, m.truncated, m.cut))
        if m.truncated:
            assert m.uri is None
        else:  # components: those of parse() of the match
            assert m.uri.components() == uriscan.parse(m.url, grammar).components()
    return out


@pytest.mark.parametrize("grammar,opts,text,want", ecases())
def test_extract_whole(grammar, opts, text, want):
    want = expected(text, want, opts)
    assert got(uriscan.extract(text, grammar, **opts), grammar) == want
    # other buffer types give the same
    assert got(uriscan.extract(bytearray(text), grammar, **opts), grammar) == want
    assert got(uriscan.extract(memoryview(text), grammar, **opts), grammar) == want


@pytest.mark.parametrize("grammar,opts,text,want", ecases())
def test_extract_records(grammar, opts, text, want):
    """uriscan._core.extract_records (uriscan.dask's records): the vector's
    matches, each with the components of parse() of the match, None for
    all of them when it is truncated."""
    want = expected(text, want, opts)
    recs = uriscan._core.extract_records(text, grammar, **opts)
    assert [(r["url"], r["truncated"], r["cut"]) for r in recs] == \
        [(u, t, c) for _, u, _, t, c in want]
    names = ("scheme", "host", "port", "path", "query", "fragment")
    for r in recs:
        assert list(r) == ["url", "truncated", "cut", *names, "host_type"]
        if r["truncated"]:
            assert all(r[k] is None for k in names + ("host_type",))
            continue
        u = uriscan.parse(r["url"], grammar)
        assert [r[k] for k in names] == [getattr(u, k) for k in names]
        assert r["host_type"] == u.host_type


def test_extract_records_arguments():
    text = b"see http://h.example/" + b"p" * 300 + b" and ftp://f/x."
    recs = uriscan._core.extract_records(bytearray(text), max_len=128)
    assert [(len(r["url"]), r["truncated"]) for r in recs] == [(128, True), (9, False)]
    assert recs[1]["host_type"] == "reg-name" and recs[1]["port"] is None
    assert uriscan._core.extract_records(text, trim=False)[1]["url"] == b"ftp://f/x."
    assert uriscan._core.extract_records(b"mailto:a@b.example", opaque=True)[0]["path"] == \
        b"a@b.example"
    assert uriscan._core.extract_records(b"") == []
    with pytest.raises(TypeError):
        uriscan._core.extract_records("str")
    with pytest.raises(ValueError):
        uriscan._core.extract_records(text, "rfc9999")
    with pytest.raises(ValueError):
        uriscan._core.extract_records(text, max_len=5)


def test_extract_records_threads():
    """The scan runs without the GIL: threads on one buffer (and a
    bytearray, pinned meanwhile) get the same records."""
    from concurrent.futures import ThreadPoolExecutor
    text = b"".join(b"x http://h%d.example:%d/p?q=%d#f y\n" % (i % 7, i, i)
                    for i in range(20000))
    want = uriscan._core.extract_records(text)
    buf = bytearray(text)
    with ThreadPoolExecutor(4) as ex:
        got = list(ex.map(uriscan._core.extract_records, [text, buf] * 4))
    assert all(g == want for g in got) and len(want) == 20000
    buf += b"resizable again"  # the view was released


@pytest.mark.parametrize("grammar,opts,text,want", ecases())
def test_extractor_chunks(grammar, opts, text, want):
    want = expected(text, want, opts)
    rnd = random.Random(len(text))
    for size in (1, 2, 3, 7, None):
        x = uriscan.Extractor(grammar, **opts)
        res, i = [], 0
        while i < len(text):
            n = size or rnd.randint(1, 40)
            res += x.feed(text[i:i + n])
            i += n
        res += x.finish()
        assert got(res, grammar) == want, f"chunk size {size}"
        assert x.offset == len(text)


def test_components_off():
    m = next(uriscan.extract(b"x http://a/b y", components=False))
    assert (m.offset, m.url, m.uri) == (2, b"http://a/b", None)


FLAGGED = (b"see http://user@example.com/a/../b and http://0x7f.1/ then "
           b"https://example.com/%2e%2E/x?y=%00, HTTP://EXAMPLE.com:080/ok. "
           b"and http://example.com/plain")


def test_extract_flags():
    """flags=True: each match's URL-confusion flags, computed in the scan,
    as uriscan.confusion gives them for its bytes; None without it."""
    ms = list(uriscan.extract(FLAGGED, flags=True))
    assert [(m.url, sorted(m.flags)) for m in ms] == [
        (b"http://user@example.com/a/../b", ["dot_segment", "userinfo"]),
        (b"http://0x7f.1/", ["browser_host_differs", "ip_noncanonical"]),
        (b"https://example.com/%2e%2E/x?y=%00",
         ["dot_segment", "encoded_delimiter", "nul"]),
        (b"HTTP://EXAMPLE.com:080/ok", ["port_leading_zero"]),
        (b"http://example.com/plain", []),
    ]
    assert all(isinstance(m.flags, frozenset) for m in ms)
    assert all(m.flags is None for m in uriscan.extract(FLAGGED))
    # fed in chunks: the same
    for size in (1, 5, 64):
        x = uriscan.Extractor(flags=True)
        res = []
        for i in range(0, len(FLAGGED), size):
            res += x.feed(FLAGGED[i:i + size])
        res += x.finish()
        assert [(m.url, m.flags) for m in res] == [(m.url, m.flags) for m in ms]


def test_extract_flags_real_log():
    """Every match of the real log: the scan's flags are uriscan.confusion's
    of its bytes, with components and without, whole and in chunks."""
    with open(real_log(), "rb") as f:
        data = f.read()
    for components in (True, False):
        ms = list(uriscan.extract(data, flags=True, components=components))
        assert len(ms) == 8214
        assert all(m.flags == uriscan.confusion(m.url) for m in ms)
        chunked = list(uriscan.extract_file(io.BytesIO(data), chunk_size=4093,
                                            flags=True, components=components))
        assert [(m.offset, m.flags) for m in chunked] == \
            [(m.offset, m.flags) for m in ms]
    assert sum(1 for m in ms if m.flags) > 0


def test_extract_file_same_as_extract():
    """The real log read in chunks of 4 KiB gives what one buffer gives."""
    with open(real_log(), "rb") as f:
        data = f.read()
    whole = [(m.offset, m.url) for m in uriscan.extract(data)]
    assert len(whole) == 8214  # data/README.md
    chunked = [(m.offset, m.url) for m in
               uriscan.extract_file(io.BytesIO(data), chunk_size=4096)]
    assert chunked == whole


def test_extractor_state():
    x = uriscan.Extractor()
    x.finish()
    with pytest.raises(RuntimeError):
        x.feed(b"http://a/")
    x.reset()
    assert [m.url for m in x.feed(b"http://a/ ")] == [b"http://a/"]


def mcases():
    for where, d, flags, verdict, inp, exp in mapping_cases(
            os.path.join(VECTORS, "iri_mapping.tsv")):
        yield pytest.param(d, flags, verdict, inp, exp, id=where)


def run_map(fn, s, flags):
    kw = {}
    if flags == "idna":
        kw["idna"] = True
    elif flags == "unreserved":
        kw["decode_unreserved"] = True
    return fn(s, **kw)


def check_map(fn, flags, verdict, inp, exp):
    if flags == "idna" and not uriscan.idna_available():
        with pytest.raises(uriscan.Error) as ei:
            run_map(fn, inp, flags)
        assert ei.value.status == "idna_unavailable"
        return
    if verdict == "ok":
        assert run_map(fn, inp, flags) == exp
        s = inp.decode("utf-8", "strict") if is_utf8(inp) else None
        if s is not None and is_utf8(exp):  # str in, str out
            assert run_map(fn, s, flags) == exp.decode("utf-8")
        return
    status, _, off = exp.decode().partition("@")
    with pytest.raises(uriscan.Error) as ei:
        run_map(fn, inp, flags)
    assert (ei.value.status, ei.value.byte_offset) == (status, int(off))


def is_utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


@pytest.mark.parametrize("d,flags,verdict,inp,exp", mcases())
def test_iri_mapping(d, flags, verdict, inp, exp):
    if d in ("to-uri", "roundtrip"):
        check_map(uriscan.to_uri, flags, verdict, inp, exp)
    if d == "to-iri":
        check_map(uriscan.to_iri, flags, verdict, inp, exp)
    if d == "roundtrip":
        check_map(uriscan.to_iri, "-", verdict, exp, inp)
