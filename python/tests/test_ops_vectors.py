# SPDX-License-Identifier: MIT
"""The URI operations (resolve, normalize, equivalent, unquote,
query_params, query_get, recompose, URI.replace) against the vector files
the C tests read (tests/core/test_resolve.c, test_normalize.c,
test_components.c): the same answers as C, for bytes and, when the input is
UTF-8, for str."""
import os

import pytest

import uriscan
from vectors import (VECTORS, decode_cases, equivalent_cases, normalize_cases,
                     query_cases, recompose_cases, resolve_cases, unescape)

STEPS = {"empty_port", "default_port", "http_path"}


def text(b):
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return None


def kinds(*values):
    """The argument tuples to try: bytes, and str when all are UTF-8."""
    out = [values]
    texts = tuple(v if v is None else text(v) for v in values)
    if all(t is not None for t, v in zip(texts, values) if v is not None):
        out.append(texts)
    return out


def as_kind(like, b):
    return b if isinstance(like, bytes) else b.decode("utf-8")


def check_error(exc, status, byte_offset):
    assert (exc.status, exc.byte_offset) == (status, byte_offset)


def norm_options(flags):
    """normalize() keywords of a FLAGS list; None when Python cannot say it
    (the unknown flag "bad" of the C tests)."""
    opts = {}
    steps = [f for f in flags if f in STEPS]
    if steps:
        opts["scheme_based"] = steps
    if "scheme_based" in flags:
        opts["scheme_based"] = True
    if "iri_decode" in flags:
        opts["iri_decode"] = True
    if set(flags) - STEPS - {"scheme_based", "iri_decode"}:
        return None
    return opts


def resolve_params():
    """resolve-GRAMMAR.tsv under its grammar, and (as tests/core/meson.build
    does) the RFC 3986 cases that succeed under rfc3987 too."""
    built = uriscan.grammars()
    runs = [(g, g, False) for g in ("rfc3986", "rfc3987", "rfc2396", "rfc1738")
            if g in built]
    if "rfc3987" in built:
        runs.append(("rfc3987", "rfc3986", True))
    for g, f, ok_only in runs:
        for c in resolve_cases(os.path.join(VECTORS, f"resolve-{f}.tsv")):
            if not (ok_only and isinstance(c[-1], tuple)):
                yield pytest.param(g, *c[1:], id=f"{g}:{c[0]}")


@pytest.mark.parametrize("grammar,strict,base,ref,expect", resolve_params())
def test_resolve(grammar, strict, base, ref, expect):
    for x, y in kinds(base, ref):
        if isinstance(expect, bytes):
            r = uriscan.resolve(x, y, grammar, strict=strict)
            assert r == as_kind(x, expect)
            assert uriscan.parse(r, grammar).kind == "uri"
            continue
        status, which, off = expect
        with pytest.raises(uriscan.Error) as e:
            uriscan.resolve(x, y, grammar, strict=strict)
        check_error(e.value, status, off)
        assert e.value.argument == which
        assert isinstance(e.value, uriscan.InvalidURI) == (
            status in ("syntax", "incomplete", "bad_percent", "bad_char", "bad_utf8"))


def normalize_params():
    for g in ("rfc3986", "rfc3987", "rfc2396", "rfc1738"):
        if g in uriscan.grammars():
            for c in normalize_cases(os.path.join(VECTORS, f"normalize-{g}.tsv")):
                yield pytest.param(g, *c[1:], id=c[0])


@pytest.mark.parametrize("grammar,flags,s,expect", normalize_params())
def test_normalize(grammar, flags, s, expect):
    opts = norm_options(flags)
    if opts is None:
        pytest.skip("flag not expressible in Python: " + ",".join(flags))
    for (x,) in kinds(s):
        if isinstance(expect, bytes):
            r = uriscan.normalize(x, grammar, **opts)
            assert r == as_kind(x, expect)
            assert uriscan.normalize(r, grammar, **opts) == r  # idempotent
            assert uriscan.equivalent(x, r, grammar, **opts)
        else:
            with pytest.raises(uriscan.Error) as e:
                uriscan.normalize(x, grammar, **opts)
            check_error(e.value, *expect)


def equivalent_params():
    for c in equivalent_cases(os.path.join(VECTORS, "equivalent.tsv")):
        if c[1] in uriscan.grammars():
            yield pytest.param(*c[1:], id=c[0])


@pytest.mark.parametrize("grammar,flags,a,b,expect", equivalent_params())
def test_equivalent(grammar, flags, a, b, expect):
    opts = norm_options([f for f in flags if f != "string"])
    assert opts is not None
    if "string" in flags:
        opts["level"] = "string"
    for x, y in kinds(a, b):
        if isinstance(expect, bool):
            assert uriscan.equivalent(x, y, grammar, **opts) is expect
            if "string" not in flags:  # the same as comparing normal forms
                assert (uriscan.normalize(x, grammar, **opts) ==
                        uriscan.normalize(y, grammar, **opts)) is expect
            continue
        with pytest.raises(uriscan.Error) as e:
            uriscan.equivalent(x, y, grammar, **opts)
        check_error(e.value, expect[0], expect[1])
        if expect[0] != "invalid_argument":
            assert e.value.argument == "ab"[expect[2] - 1]


@pytest.mark.parametrize("flags,s,verdict,expect",
                         [pytest.param(*c[1:], id=c[0]) for c in
                          decode_cases(os.path.join(VECTORS, "percent-decode.tsv"))])
def test_unquote(flags, s, verdict, expect):
    opts = {"plus": "plus" in flags, "errors": "lenient" if "lenient" in flags else "strict"}
    if verdict == "error":
        for (x,) in kinds(s):
            with pytest.raises(uriscan.InvalidURI) as e:
                uriscan.unquote(x, **opts)
            check_error(e.value, *expect)
        return
    result, info = expect
    assert uriscan.unquote(s, **opts) == result
    assert (b"\0" in result) == ("nul" in info)
    t = text(s)
    if t is None:
        return
    if "bad_utf8" in info:
        with pytest.raises(uriscan.InvalidURI) as e:
            uriscan.unquote(t, **opts)
        assert e.value.status == "bad_utf8"
        assert e.value.byte_offset < len(s) and s[e.value.byte_offset:][:1] == b"%"
        assert uriscan.unquote(t, utf8_errors="surrogateescape", **opts) == \
            result.decode("utf-8", "surrogateescape")
    else:
        assert uriscan.unquote(t, **opts) == result.decode("utf-8")


def bracketed(pairs):
    """The PAIRS notation of query-params.tsv: [key] or [key=value]."""
    esc = lambda b: b.replace(b"[", b"\\x5b").replace(b"]", b"\\x5d")
    return b"".join(b"[" + esc(k) + (b"" if v is None else b"=" + esc(v)) + b"]"
                    for k, v in pairs)


@pytest.mark.parametrize("kind,flags,query,rest",
                         [pytest.param(*c[1:], id=c[0]) for c in
                          query_cases(os.path.join(VECTORS, "query-params.tsv"))])
def test_query(kind, flags, query, rest):
    opts = {"semicolon": "semicolon" in flags, "plus": "plus" in flags}
    if kind == "pairs":
        for (q,) in kinds(query):
            raw = uriscan.query_params(q, decode=False, **opts)
            got = [(k.encode(), None if v is None else v.encode())
                   for k, v in raw] if isinstance(q, str) else raw
            assert unescape(bracketed(got), False) == unescape(rest, False)
            # decoded: each span through unquote (lenient, plus as given)
            dec = uriscan.query_params(q, utf8_errors="surrogateescape", **opts)
            un = lambda x: x if x is None else uriscan.unquote(
                x, plus=opts["plus"], errors="lenient", utf8_errors="surrogateescape")
            assert dec == [(un(k), un(v)) for k, v in raw]
        return
    key, found = rest
    for q, k in kinds(query, key):
        if found == b"none":
            with pytest.raises(KeyError):
                uriscan.query_get(q, k, decode=False, **opts)
            assert uriscan.query_get(q, k, 7, **opts) == 7
            continue
        pair = unescape(found.rsplit(b"@", 1)[0][1:-1], False)
        _, eq, value = pair.partition(b"=")
        want = as_kind(q, value) if eq else None
        assert uriscan.query_get(q, k, decode=False, **opts) == want


@pytest.mark.parametrize("kind,grammar,args,verdict,expect",
                         [pytest.param(*c[1:], id=c[0]) for c in
                          recompose_cases(os.path.join(VECTORS, "recompose.tsv"))])
def test_recompose(kind, grammar, args, verdict, expect):
    if grammar not in uriscan.grammars():
        pytest.skip(grammar + " not built")
    if kind == "compose":
        names = list(args)
        calls = [(lambda vals: uriscan.recompose(grammar=grammar, **dict(zip(names, vals))),
                  vals) for vals in kinds(*args.values())]
    else:
        s, comp, value = args
        # replace gives a URI: its text
        calls = [(lambda vals: uriscan.parse(vals[0], grammar).replace(**{comp: vals[1]}).input,
                  vals) for vals in kinds(s, value)]
    for call, vals in calls:
        is_str = any(isinstance(v, str) for v in vals) or not vals
        if verdict == "ok":
            assert call(vals) == (expect.decode("utf-8") if is_str else expect)
            continue
        with pytest.raises(uriscan.Error) as e:
            call(vals)
        check_error(e.value, expect[0], expect[2])
        assert e.value.component == expect[1]
