# SPDX-License-Identifier: MIT
"""Readers of the vector files of tests/vectors/ (the formats of
tests/core/test_vectors.c, test_extract.c, test_iri.c and the escapes of
tests/vec.h), for the Python tests. No expectations are computed here."""
import os
import re

ROOT = os.environ.get("URISCAN_SOURCE_ROOT") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(ROOT, "tests", "vectors")
DATA = os.path.join(ROOT, "data")


def real_log() -> str:
    """The path of the real access log of data/logs (10,000 lines): the
    decompressed copy of the build (URISCAN_REAL_LOG, set by
    python/tests/meson.build), else one decompressed from
    data/logs/elastic_apache_logs.log.gz into the temporary directory."""
    path = os.environ.get("URISCAN_REAL_LOG")
    if path:
        return path
    import gzip
    import tempfile
    path = os.path.join(tempfile.gettempdir(),
                        "uriscan-%d-elastic_apache_logs.log" % os.getuid())
    if not os.path.exists(path):
        with gzip.open(os.path.join(DATA, "logs", "elastic_apache_logs.log.gz"),
                       "rb") as f:
            data = f.read()
        with open(path + ".tmp", "wb") as f:
            f.write(data)
        os.replace(path + ".tmp", path)
    return path

_ESC = {b"\\": b"\\", b"t": b"\t", b"n": b"\n", b"r": b"\r", b"0": b"\0"}


def unescape(s: bytes, strict: bool = True) -> bytes:
    """tests/vec.h: \\\\ \\t \\n \\r \\0 \\xHH; strict: raw bytes outside
    0x21..0x7e are an error."""
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i:i + 1]
        if c != b"\\":
            if strict and not 0x21 <= s[i] <= 0x7e:
                raise ValueError(f"raw byte {s[i]:#x} must be escaped")
            out += c
            i += 1
            continue
        e = s[i + 1:i + 2]
        if e == b"x":
            h = s[i + 2:i + 4]
            if not re.fullmatch(rb"[0-9a-fA-F]{2}", h):
                raise ValueError("bad \\x escape")
            out.append(int(h, 16))
            i += 4
        elif e in _ESC:
            out += _ESC[e]
            i += 2
        else:
            raise ValueError("bad escape")
    return bytes(out)


def lines(path):
    """(lineno, fields) of the non-comment lines of a TSV file (bytes)."""
    with open(path, "rb") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip(b"\n")
            if not line or line.startswith(b"#"):
                continue
            yield n, line.split(b"\t")


class GrammarCase:
    """One line of a grammar vector file (rfc3986.tsv format)."""

    def __init__(self, path, lineno, f):
        assert len(f) in (4, 5), f"{path}:{lineno}: 4 or 5 fields"
        self.where = f"{os.path.basename(path)}:{lineno}"
        self.valid = {b"valid": True, b"invalid": False}[f[0]]
        self.rule = f[1].decode()
        self.input = unescape(f[2])
        self.check_parts = True
        self.comps = {}      # name -> bytes
        self.offsets = {}    # name -> explicit byte offset (KEY@OFFSET=)
        self.host_type = self.kind = self.form = None
        if self.valid:
            if f[3] == b"*":
                self.check_parts = False
            elif f[3] != b"-":
                for w in f[3].split(b" "):
                    key, _, val = w.partition(b"=")
                    key = key.decode()
                    if key == "host_type":
                        self.host_type = val.decode()
                    elif key == "kind":
                        self.kind = val.decode()
                    elif key == "form":
                        self.form = val.decode()
                    else:
                        name, at, off = key.partition("@")
                        self.comps[name] = unescape(val)
                        if at:
                            self.offsets[name] = int(off)
        else:
            status, _, off = f[3].partition(b"@")
            self.status = status.decode()
            self.offset = int(off)


def grammar_cases(path):
    return [GrammarCase(path, n, f) for n, f in lines(path)]


def extract_cases(path):
    """(where, options dict, text bytes, expected [(offset, url, length,
    truncated, cut)]) of extract-*.tsv."""
    out = []
    for n, f in lines(path):
        assert len(f) == 3, f"{path}:{n}: three columns"
        opts = {}
        if f[0] != b"-":
            for w in f[0].decode().split(","):
                if w == "opaque":
                    opts["opaque"] = True
                elif w.startswith("opaque="):
                    opts["opaque"] = w[7:].replace(";", ",")
                elif w == "notrim":
                    opts["trim"] = False
                elif w == "keepcut":
                    opts["keep_cut"] = True
                elif w.startswith("max="):
                    opts["max_len"] = int(w[4:])
                else:
                    raise ValueError(f"{path}:{n}: unknown option {w}")
        text = unescape(f[1], strict=False)
        want = []
        if f[2] != b"-":
            for w in f[2].split(b" "):
                cut = w.startswith(b"c")  # a cut match (keepcut only)
                w = w[1:] if cut else w
                m = re.fullmatch(rb"(\d+)=(.*)", w, re.S)
                if m:
                    url = m.group(2)
                    want.append((int(m.group(1)), url, len(url), False, cut))
                    continue
                m = re.fullmatch(rb"(\d+)\+(\d+)!T", w)
                assert m, f"{path}:{n}: bad match {w!r}"
                want.append((int(m.group(1)), None, int(m.group(2)), True, cut))
        out.append((f"{os.path.basename(path)}:{n}", opts, text, want))
    return out


def mapping_cases(path):
    """(where, direction, flags, verdict, input, expect) of iri_mapping.tsv."""
    out = []
    for n, f in lines(path):
        assert len(f) in (5, 6), f"{path}:{n}: 5 or 6 fields"
        out.append((f"{os.path.basename(path)}:{n}", f[0].decode(), f[1].decode(),
                    f[2].decode(), unescape(f[3]),
                    f[4] if f[2] == b"error" else unescape(f[4])))
    return out


# --- the URI operations (tests/core/test_normalize.c, test_components.c)

def status_at(field: bytes):
    """STATUS@A[@B...] -> (status, [A, B, ...]) as str."""
    status, *rest = field.decode().split("@")
    return status, rest


def normalize_cases(path):
    """(where, flags list, input, expect bytes or (status, offset)) of
    normalize-*.tsv."""
    out = []
    for n, f in lines(path):
        assert len(f) in (3, 4), f"{path}:{n}: 3 or 4 fields"
        flags = [] if f[0] == b"-" else f[0].decode().split(",")
        if f[2].startswith(b"!"):
            status, (off,) = status_at(f[2][1:])
            expect = (status, int(off))
        else:
            expect = unescape(f[2], strict=False)
        out.append((f"{os.path.basename(path)}:{n}", flags,
                    unescape(f[1], strict=False), expect))
    return out


def equivalent_cases(path):
    """(where, grammar, flags list, a, b, expect bool or (status, offset,
    input 1|2, or 0 when not given)) of equivalent.tsv."""
    out = []
    for n, f in lines(path):
        assert len(f) in (5, 6), f"{path}:{n}: 5 or 6 fields"
        flags = [] if f[1] == b"-" else f[1].decode().split(",")
        if f[4].startswith(b"!"):
            status, (off, *which) = status_at(f[4][1:])
            expect = (status, int(off), int(which[0]) if which else 0)
        else:
            expect = {b"1": True, b"0": False}[f[4]]
        out.append((f"{os.path.basename(path)}:{n}", f[0].decode(), flags,
                    unescape(f[2], strict=False), unescape(f[3], strict=False),
                    expect))
    return out


def decode_cases(path):
    """(where, flags list, input, expect (result, info list) or (status,
    offset)) of percent-decode.tsv; verdict "ok" or "error"."""
    out = []
    for n, f in lines(path):
        assert len(f) >= 4, f"{path}:{n}: 4 or more fields"
        flags = [] if f[0] == b"-" else f[0].decode().split(",")
        if f[2] == b"ok":
            info = [] if f[4] == b"-" else f[4].decode().split(",")
            out.append((f"{os.path.basename(path)}:{n}", flags, unescape(f[1], False),
                        "ok", (unescape(f[3], False), info)))
        else:
            status, (off,) = status_at(f[3])
            out.append((f"{os.path.basename(path)}:{n}", flags, unescape(f[1], False),
                        "error", (status, int(off))))
    return out


def query_cases(path):
    """(where, kind "pairs"|"get", flags list, query, rest) of
    query-params.tsv: rest is the PAIRS field for "pairs", (key, FOUND
    field) for "get" (fields still escaped except the key)."""
    out = []
    for n, f in lines(path):
        flags = [] if f[1] == b"-" else f[1].decode().split(",")
        where = f"{os.path.basename(path)}:{n}"
        if f[0] == b"pairs":
            out.append((where, "pairs", flags, unescape(f[2], False), f[3]))
        else:
            out.append((where, "get", flags, unescape(f[2], False),
                        (unescape(f[3], False), f[4])))
    return out


def recompose_cases(path):
    """(where, kind "compose"|"set", grammar, args, verdict, expect) of
    recompose.tsv. compose: args {name: value}; set: (input, component,
    value or None to remove). expect: the result, or (status, component
    or None, offset)."""
    out = []
    for n, f in lines(path):
        where = f"{os.path.basename(path)}:{n}"
        grammar = f[1].decode()
        if f[0] == b"compose":
            args = {}
            if f[2] != b"-":
                for item in f[2].split(b" "):
                    k, _, v = item.partition(b"=")
                    args[k.decode()] = unescape(v, False)
            verdict, expect = f[3].decode(), f[4]
        else:
            comp = f[3].decode()
            value = None if comp.startswith("-") else unescape(f[4], False)
            args = (unescape(f[2], False), comp.lstrip("-"), value)
            verdict, expect = f[5].decode(), f[6]
        if verdict == "ok":
            expect = unescape(expect, False)
        else:
            status, (comp, off) = status_at(expect)
            expect = (status, None if comp == "-" else comp, int(off))
        out.append((where, f[0].decode(), grammar, args, verdict, expect))
    return out


def resolve_cases(path):
    """(where, strict, base, ref, expect bytes or (status, "base"|"ref"|None,
    offset)) of resolve-*.tsv (tests/core/test_resolve.c)."""
    out = []
    for n, f in lines(path):
        assert len(f) in (4, 5), f"{path}:{n}: 4 or 5 fields"
        assert f[0] in (b"-", b"nonstrict"), f"{path}:{n}: bad flags"
        if f[3].startswith(b"!"):
            status, rest = status_at(f[3][1:])
            which, off = rest[0].split(":") if rest else (None, "0")
            expect = (status, {"base": "base", "reference": "ref", None: None}[which],
                      int(off))
        else:
            expect = unescape(f[3])
        out.append((f"{os.path.basename(path)}:{n}", f[0] == b"-", unescape(f[1]),
                    unescape(f[2]), expect))
    return out


# --- hosts (tests/core/test_host.c, test_confusion.c, test_site.c,
# test_browser_host.c)

def host_address_cases(path):
    """(where, host, expect) of host-address.tsv: expect a dict family
    (4, 6 or None), form, ip_class, text, embed (None for "none" or "-"),
    notes (a set), or (status, offset) for an error."""
    out = []
    none = lambda v: None if v in ("none", "-") else v  # noqa: E731
    for n, f in lines(path):
        where = f"{os.path.basename(path)}:{n}"
        host = unescape(f[0], strict=False)
        if f[1] == b"error":
            status, (off,) = status_at(f[2])
            out.append((where, host, (status, int(off))))
            continue
        fam, form, cls, text, embed, notes = (x.decode() for x in f[2:8])
        notes_set = set() if notes == "-" else set(notes.split(","))
        zone = [n[5:] for n in notes_set if n.startswith("zone=")]
        notes_set = {"zone" if n.startswith("zone=") else n for n in notes_set}
        out.append((where, host, {
            "family": {"v4": 4, "v6": 6, "name": None}[fam], "form": none(form),
            "ip_class": none(cls), "text": none(text), "embed": none(embed),
            "notes": notes_set, "zone": zone[0] if zone else None}))
    return out


def confusion_cases(path, icu=None):
    """(where, url, flags set, grammar) of confusion.tsv; the rows marked
    "icu" (they need the browser's UTS #46 and UTS #39) only in a library
    with ICU: icu says whether it has it (None: ask the uriscan module,
    which the caller then needs on its path)."""
    if icu is None:
        import uriscan
        icu = uriscan.uts46_available()
    out = []
    for n, f in lines(path):
        about = f[2].decode().split(",")
        if "icu" in about and not icu:
            continue
        out.append((f"{os.path.basename(path)}:{n}", unescape(f[0], strict=False),
                    set() if f[1] == b"-" else set(f[1].decode().split(",")),
                    "rfc3987" if "rfc3987" in about else "rfc3986"))
    return out


def site_cases(path):
    """(where, host, site or None) of site.tsv."""
    return [(f"{os.path.basename(path)}:{n}", unescape(f[0], strict=False),
             None if f[1] == b"-" else f[1]) for n, f in lines(path)]


def wpt_host_cases():
    """(input str, hostname str or None for a failure) of the WHATWG URL
    tests (tests/data/wpt/urltestdata.json) that test_browser_host.c runs
    (tests/core/wpt_hosts.py picks them), and the set of inputs (bytes)
    listed in wpt-host-disagreements.tsv."""
    import json
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    try:
        from wpt_hosts import scheme_of
    finally:
        sys.path.pop(0)
    with open(os.path.join(ROOT, "tests", "data", "wpt", "urltestdata.json"),
              encoding="utf-8") as f:
        data = json.load(f)
    cases = [(c["input"], None if c.get("failure") else c["hostname"]) for c in data
             if isinstance(c, dict) and c.get("base") is None and
             scheme_of(c["input"]) is not None]
    listed = {unescape(f[0], strict=False)
              for _, f in lines(os.path.join(VECTORS, "wpt-host-disagreements.tsv"))}
    return cases, listed


def host_urls() -> list:
    """URLs (bytes) whose hosts say much: every URL of confusion.tsv and of
    the WHATWG cases, a URL for each host of host-address.tsv and site.tsv,
    and URLs the grammar reads where browsers read none; none empty or
    with a NUL byte (records of `uriscan inspect -z`), each once."""
    cases, _ = wpt_host_cases()
    urls = [c[1] for c in confusion_cases(os.path.join(VECTORS, "confusion.tsv"))]
    urls += [t.encode("utf-8") for t, _ in cases]
    urls += [b"http://%s/p" % h
             for _, h, _ in host_address_cases(os.path.join(VECTORS, "host-address.tsv"))]
    urls += [b"https://%s:8443/" % h
             for _, h, _ in site_cases(os.path.join(VECTORS, "site.tsv"))]
    urls += [b"foo://0x7f.1/", b"ssh://u@[fe80::1]/", b"git://169.254.169.254/x",
             b"//10.0.0.1/", b"http://www.Example.co.uk./", b"ftp://[::ffff:10.0.0.1]/"]
    return [u for u in dict.fromkeys(urls) if b"\0" not in u and u]


def host_log(urls) -> bytes:
    """A combined log whose request targets and referers are the urls that
    fit in a quoted field unescaped (every third target an origin-form
    /path, every seventh request to an http URL a CONNECT to its host on
    port 443, every fifth referer "-")."""
    fit = [u for u in urls if re.fullmatch(rb"[!#-\[\]-~]+", u)]
    out = []
    for i, u in enumerate(fit):
        target = u if i % 3 else b"/p%d" % i
        method = b"GET"
        if i % 7 == 0 and u.startswith(b"http://"):
            method, target = b"CONNECT", u[7:].split(b"/")[0] + b":443"
        ref = b"-" if i % 5 == 0 else fit[-1 - i]
        out.append(b'10.0.0.%d - - [t] "%s %s HTTP/1.1" 200 %d "%s" "agent"\n'
                   % (i % 250, method, target, i, ref))
    return b"".join(out)


# --- editing URLs (issue 48): encode-*.tsv, query-edit*.tsv, rewrite.tsv
# (tests/core/test_encode.c, test_query_edit.c, test_rewrite.c)

def _lax(s):
    return unescape(s, strict=False)


def _edit_lines(path):
    with open(path, "rb") as f:
        for raw in f:
            line = raw.rstrip(b"\r\n")
            if line and not line.startswith(b"#"):
                yield line.split(b"\t")


def encode_cases(path):
    """(target, flags, input, result) of an encode-*.tsv file; flags a set
    of "all-percent", "form"."""
    out = []
    for f in _edit_lines(path):
        flags = set() if f[1] == b"-" else set(f[1].decode().split(","))
        out.append((f[0].decode(), flags, _lax(f[2]), _lax(f[3])))
    return out


def _verdict(f3, f4):
    if f3 == b"ok":
        return True, _lax(f4)
    status, off = f4.decode().split("@")
    return False, (status, int(off))


def query_edit_cases(path):
    """(flags, edits, input, ok, result or (status, offset)) of
    query-edit*.tsv: flags a set of plus, semicolon, icase, keep-empty;
    edits a list of (op, key, value or None) (bytes; sort: key None)."""
    out = []
    for f in _edit_lines(path):
        flags = set() if f[0] == b"-" else set(f[0].decode().split(","))
        edits = []
        for word in f[1].split(b" "):
            op, _, arg = word.partition(b":")
            op = op.decode()
            if op == "sort":
                edits.append((op, None, None))
            elif op in ("set", "append") and b"=" in arg:
                k, _, v = arg.partition(b"=")
                edits.append((op, _lax(k), _lax(v)))
            else:
                edits.append((op, _lax(arg), None))
        ok, res = _verdict(f[3], f[4])
        out.append((flags, edits, _lax(f[2]), ok, res))
    return out


def rewrite_cases(path):
    """(options, input, ok, result or (status, offset)) of rewrite.tsv:
    options a list of (name, argument bytes or None), names as the CLI's
    long options."""
    out = []
    for f in _edit_lines(path):
        opts = []
        if f[0] != b"-":
            for word in f[0].split(b" "):
                name, eq, arg = word.partition(b"=")
                opts.append((name.decode(), _lax(arg) if eq else None))
        ok, res = _verdict(f[2], f[3])
        out.append((opts, _lax(f[1]), ok, res))
    return out


def defanged_cases(path):
    """(where, options dict, text bytes, expected [(offset, length, url,
    defanged, cut)]) of extract-defanged.tsv (its format at its top: OFF=URL
    as written, dOFF+LEN=URL defanged)."""
    out = []
    for n, f in lines(path):
        assert len(f) == 3, f"{path}:{n}: three columns"
        opts = {"defanged": True}
        if f[0] != b"-":
            for w in f[0].decode().split(","):
                if w == "opaque":
                    opts["opaque"] = True
                elif w == "notrim":
                    opts["trim"] = False
                elif w == "keepcut":
                    opts["keep_cut"] = True
                elif w.startswith("max="):
                    opts["max_len"] = int(w[4:])
                else:
                    raise ValueError(f"{path}:{n}: unknown option {w}")
        text = unescape(f[1], strict=False)
        want = []
        if f[2] != b"-":
            for w in f[2].split(b" "):
                cut = w.startswith(b"c")
                w = w[1:] if cut else w
                m = re.fullmatch(rb"d(\d+)\+(\d+)=(.*)", w, re.S)
                if m:
                    want.append((int(m.group(1)), int(m.group(2)), m.group(3), True, cut))
                    continue
                m = re.fullmatch(rb"(\d+)=(.*)", w, re.S)
                assert m, f"{path}:{n}: bad match {w!r}"
                want.append((int(m.group(1)), len(m.group(2)), m.group(2), False, cut))
        out.append((f"{os.path.basename(path)}:{n}", opts, text, want))
    return out
