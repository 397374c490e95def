# SPDX-License-Identifier: MIT
"""uriscan.quote, uriscan.rewrite and the URI methods that edit a query
(issue 48) against the library's vectors (tests/vectors/encode-*.tsv,
query-edit*.tsv, rewrite.tsv): the same answers as C and the CLI, str and
bytes; the signatures inspect sees; uriscan.dask.rewrite."""
import inspect
import os

import pytest

import uriscan
from vectors import VECTORS, encode_cases, query_edit_cases, rewrite_cases


def text(b):
    return b.decode("utf-8", "surrogateescape")


@pytest.mark.parametrize("grammar", ["rfc3986", "rfc3987"])
def test_quote_vectors(grammar):
    cases = encode_cases(os.path.join(VECTORS, f"encode-{grammar}.tsv"))
    assert len(cases) > 10
    for target, flags, data, want in cases:
        kw = dict(component=target, grammar=grammar, form="form" in flags,
                  all_percent="all-percent" in flags)
        assert uriscan.quote(data, **kw) == want, (target, flags, data)
        assert uriscan.quote(bytearray(data), **kw) == want
        try:
            s = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        assert uriscan.quote(s, **kw) == want.decode("utf-8")
        if "all-percent" in flags:
            assert uriscan.unquote(want, plus="form" in flags) == data


def test_quote_round_trip_every_byte():
    data = bytes(range(256)) + "é€😀".encode()
    for comp in ("userinfo", "host", "path", "path-segment", "query", "query-key",
                 "query-value", "fragment"):
        for g in ("rfc3986", "rfc3987"):
            q = uriscan.quote(data, component=comp, grammar=g, all_percent=True)
            assert uriscan.unquote(q) == data
            assert uriscan.is_valid(b"//h/?" + q if "query" in comp else b"//h/p", g)


def test_quote_long_inputs():
    # past the 512-byte stack buffer quote gives the encoder room for any
    # result and 32 bytes more at once (its fastest path): the same bytes
    # as the short pieces, each encoded alone (byte by byte under RFC 3986
    # with all_percent, or with no '%' in the data)
    import random
    rnd = random.Random(48)
    for n in (150, 159, 160, 161, 170, 171, 1000, 100_000):
        for all_percent in (False, True):
            data = bytes(rnd.randrange(256) for _ in range(n))
            if not all_percent:
                data = data.replace(b"%", b"a")
            for comp, form in (("path", False), ("query-value", True), ("host", False)):
                kw = dict(component=comp, grammar="rfc3986", form=form,
                          all_percent=all_percent)
                want = b"".join(uriscan.quote(data[i:i + 7], **kw)
                                for i in range(0, n, 7))
                assert uriscan.quote(data, **kw) == want, (n, comp)


def test_quote_errors():
    with pytest.raises(ValueError):
        uriscan.quote("a", component="scheme")
    with pytest.raises(ValueError):
        uriscan.quote("a", component="path", form=True)
    with pytest.raises(TypeError):
        uriscan.quote(1)


def _apply(u, edits):
    for op, key, value in edits:
        if op == "sort":
            u = u.sort_query()
        elif op == "set":
            u = u.set_param(key, value)
        elif op == "append":
            u = u.append_param(key, value)
        elif op == "remove":
            u = u.remove_params(key)
        elif op == "keep":
            u = u.keep_params(key)
    return u


@pytest.mark.parametrize("name,grammar", [("query-edit.tsv", "rfc3986"),
                                          ("query-edit-rfc3987.tsv", "rfc3987")])
def test_query_edit_vectors(name, grammar):
    cases = query_edit_cases(os.path.join(VECTORS, name))
    assert cases
    ran = 0
    for flags, edits, data, ok, res in cases:
        if flags:
            continue  # the methods take no flags: rewrite() below does
        ops = [op for op, _, _ in edits]
        # one method per edit is one edit at a time: the same result
        # unless a run of keeps is one list
        if any(a == b == "keep" for a, b in zip(ops, ops[1:])):
            continue
        if not ok:
            with pytest.raises(uriscan.InvalidURI) as e:
                _apply(uriscan.parse(data, grammar), edits)
            assert e.value.status == res[0] and e.value.offset == res[1]
            continue
        got = _apply(uriscan.parse(data, grammar), edits)
        assert isinstance(got, uriscan.URI)
        assert got.input == res, (edits, data)
        ran += 1
    assert ran > 20 or grammar == "rfc3987"


def test_query_edit_vectors_with_flags():
    for flags, edits, data, ok, res in query_edit_cases(
            os.path.join(VECTORS, "query-edit.tsv")):
        if not ok or any(op in ("set", "append") for op, _, _ in edits):
            continue
        kw = dict(query_icase="icase" in flags, form="plus" in flags,
                  semicolon="semicolon" in flags, keep_empty_query="keep-empty" in flags)
        removes = [k for op, k, _ in edits if op == "remove"]
        keeps = [k for op, k, _ in edits if op == "keep"]
        if [op for op, _, _ in edits] != ["remove"] * len(removes) + \
                ["keep"] * len(keeps) + (["sort"] if edits[-1][0] == "sort" else []):
            continue
        got = uriscan.rewrite(data, query_remove=removes or None,
                              query_keep=keeps or None,
                              query_sort=edits[-1][0] == "sort", **kw)
        assert got == res, (flags, edits, data)


def _kw(opts):
    kw, sets = {}, {}
    for name, arg in opts:
        key = name.replace("-", "_")
        if name == "set":
            comp, _, value = arg.partition(b"=")
            sets[comp.decode()] = value
        elif name == "remove-component":
            sets[arg.decode()] = None
        elif name in ("query-set", "query-append"):
            k, _, v = arg.partition(b"=")
            kw.setdefault(key, []).append((k, v))
        elif name in ("query-remove", "query-keep"):
            kw.setdefault(key, []).extend(arg.split(b","))
        else:
            kw[key] = True
    if sets:
        kw["set"] = sets
    return kw


def test_rewrite_vectors():
    cases = rewrite_cases(os.path.join(VECTORS, "rewrite.tsv"))
    assert len(cases) > 20
    for opts, data, ok, res in cases:
        names = [n for n, _ in opts]
        # rewrite() applies the query edits in its own order
        if "query-sort" in names and names.index("query-sort") < len(names) - 1 and \
                any(n.startswith("query-") and n not in ("query-sort", "query-icase")
                    for n in names[names.index("query-sort") + 1:]):
            continue
        kw = _kw(opts)
        if not ok:
            with pytest.raises(uriscan.Error) as e:
                uriscan.rewrite(data, **kw)
            assert e.value.status == res[0]
            continue
        assert uriscan.rewrite(data, **kw) == res, (opts, data)
        try:
            s = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        assert uriscan.rewrite(s, **kw) == res.decode("utf-8")
        u = uriscan.rewrite(uriscan.parse(s), **kw)
        assert isinstance(u, uriscan.URI) and u.input == res.decode("utf-8")


def test_sort_many_pairs():
    # 100,000 pairs sort in one read (O(n log n)): the binding gives the
    # library room for every record; the same order as a stable sort here
    pairs = ["k%d=%d" % ((i * 7919) % 1000, i) for i in range(100000)]
    url = "http://h/?" + "&".join(pairs)
    want = "http://h/?" + "&".join(sorted(pairs, key=lambda p: p.split("=")[0]))
    assert uriscan.rewrite(url, query_sort=True) == want
    assert str(uriscan.parse(url).sort_query()) == want


def test_strip_tracking_list():
    u = uriscan.parse("http://h/?sid=1&utm_id=2&k=3")
    assert str(u.strip_tracking()) == "http://h/?sid=1&k=3"
    assert str(u.strip_tracking(["sid"])) == "http://h/?utm_id=2&k=3"
    assert uriscan.rewrite("http://h/?sid=1&utm_id=2", strip_tracking=["s*"]) == \
        "http://h/?utm_id=2"
    assert uriscan.rewrite("http://h/?sid=1", strip_tracking=[]) == "http://h/?sid=1"


def test_signatures_and_errors():
    sig = inspect.signature(uriscan.rewrite)
    assert list(sig.parameters)[:2] == ["url", "grammar"]
    assert sig.parameters["strip_tracking"].kind is inspect.Parameter.KEYWORD_ONLY
    assert list(inspect.signature(uriscan.quote).parameters) == \
        ["s", "component", "grammar", "form", "all_percent"]
    for m in ("set_param", "append_param", "remove_params", "keep_params",
              "sort_query", "strip_tracking"):
        inspect.signature(getattr(uriscan.URI, m))
    with pytest.raises(ValueError):
        uriscan.rewrite("http://h/", scheme_based=True)
    with pytest.raises(TypeError):
        uriscan.rewrite("http://h/", query_set=[1])
    with pytest.raises(ValueError):
        uriscan.rewrite("http://h/", set={"nope": "x"})
    with pytest.raises(uriscan.Error) as e:
        uriscan.rewrite("//h", set={"path": "a:b"})
    assert e.value.status == "bad_component"
    with pytest.raises(uriscan.Error):
        uriscan.parse("http://h/", "rfc2396").set_param("a", "b")
    b = uriscan.parse(b"http://h/?a=1")
    assert b.set_param(b"a", b"2").input == b"http://h/?a=2"


def test_dask_rewrite():
    db = pytest.importorskip("dask.bag")
    import uriscan.dask as ud
    lines = ["http://h/?utm_source=1&id=%d\n" % i for i in range(50)] + ["not valid\n"]
    for n in (1, 7):
        got = ud.rewrite(db.from_sequence(lines, npartitions=n),
                         strip_tracking=True).compute()
        assert got == ["http://h/?id=%d" % i for i in range(50)] + [None]
    got = ud.rewrite(db.from_sequence([b"http://H/?b&a"]), lower=True,
                     query_sort=True).compute()
    assert got == [b"http://h/?a&b"]
    with pytest.raises(ValueError):
        ud.rewrite(db.from_sequence(["x"]), scheme_based=True)


def test_doc_examples():
    """The examples of docs/python.md's section on changing a URL, run as
    written (doctest)."""
    import doctest
    import io
    from vectors import ROOT
    text = open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8").read()
    section = text.split("## Changing a URL: quote, rewrite, the query methods", 1)[1] \
        .split("\n## ", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "python.md: rewrite",
                                               "docs/python.md", 0)
    out = io.StringIO()
    runner = doctest.DocTestRunner()
    runner.run(test, out=out.write)
    assert runner.failures == 0 and runner.tries >= 4, out.getvalue()
