# SPDX-License-Identifier: MIT
"""uriscan.extract(..., defanged=True), uriscan.Extractor(defanged=True)
(whole, and cut in two at every offset), extract_records and, where Dask is
installed, uriscan.dask.extract_bag, against tests/vectors/extract-defanged.tsv
and, under RFC 1738, extract-defanged-rfc1738.tsv: the answers of
tests/core/test_extract_defanged.c."""
import os

import pytest

import uriscan
from uriscan import _core
from vectors import VECTORS, defanged_cases

CASES = [pytest.param(opts, text, want, id=where) for where, opts, text, want in
         defanged_cases(os.path.join(VECTORS, "extract-defanged.tsv"))]
# a scheme word read as written where the URL ends before its colon form
CASES += [pytest.param(dict(opts, grammar="rfc1738"), text, want, id=where)
          for where, opts, text, want in
          defanged_cases(os.path.join(VECTORS, "extract-defanged-rfc1738.tsv"))]


def got(matches, grammar="rfc3986"):
    out = []
    for m in matches:
        out.append((m.offset, m.length, m.url, m.defanged, m.cut))
        # components: those of parse() of the refanged URL
        assert m.uri.components() == uriscan.parse(m.url, grammar).components()
        if not m.defanged:
            assert len(m.url) == m.length
    return out


@pytest.mark.parametrize("opts,text,want", CASES)
def test_whole(opts, text, want):
    assert got(uriscan.extract(text, **opts), opts.get("grammar", "rfc3986")) == want
    # without the option: no match is marked, and the plain ones are there
    plain = {k: v for k, v in opts.items() if k != "defanged"}
    for m in uriscan.extract(text, **plain):
        assert m.defanged is False


@pytest.mark.parametrize("opts,text,want", CASES)
def test_every_split(opts, text, want):
    for cut in range(len(text) + 1):
        x = uriscan.Extractor(**opts)
        ms = x.feed(text[:cut]) + x.feed(text[cut:]) + x.finish()
        assert got(ms, opts.get("grammar", "rfc3986")) == want, cut


@pytest.mark.parametrize("opts,text,want", CASES)
def test_records(opts, text, want):
    recs = _core.extract_records(text, **opts)
    assert [(r["url"], r["defanged"], r["cut"]) for r in recs] == \
        [(url, d, cut) for _, _, url, d, cut in want]
    # the option off: no key defanged, as before
    plain = {k: v for k, v in opts.items() if k != "defanged"}
    assert all("defanged" not in r for r in _core.extract_records(text, **plain))


def test_dask_bag(tmp_path):
    pytest.importorskip("dask.bag")
    import uriscan.dask as ud
    rows = [t for o, t, _ in ((c.values[0], c.values[1], c.values[2]) for c in CASES)
            if b"\n" not in t and b"\r" not in t and "grammar" not in o]
    path = tmp_path / "report.txt"
    path.write_bytes(b"\n".join(rows) + b"\n")
    want = [(r["url"], r["defanged"])
            for r in _core.extract_records(path.read_bytes(), defanged=True)]
    assert sum(d for _, d in want) > 50
    bag = ud.extract_bag([str(path)], defanged=True, blocksize=512)
    assert [(r["url"], r["defanged"]) for r in bag.compute()] == want


def test_max_len_bound():
    # the library's bound with the flag (URISCAN_EXTRACT_DEFANGED_MAX_LEN)
    text = b"see hxxp://evil[.]example/x now"
    assert [m.url for m in uriscan.extract(text, defanged=True, max_len=4_000_000)] == \
        [b"http://evil.example/x"]
    for call in (lambda: list(uriscan.extract(text, defanged=True, max_len=4_000_001)),
                 lambda: uriscan.Extractor(defanged=True, max_len=4_000_001)):
        with pytest.raises(ValueError, match="at most 4000000"):
            call()
    # without the flag the bound is max_len's own
    assert [m.url for m in uriscan.extract(b"http://a.example/ x", max_len=4_000_001)] == \
        [b"http://a.example/"]
