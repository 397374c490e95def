#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every byte in every position: vectors for tests/core/test_vectors.c.

An independent reference for RFC 3986, written without looking at uriscan:
the ABNF of RFC 3986 Appendix A (and the RFC 5234 core rules it uses), kept
as text in abnf_nfa.py, is parsed there by a small ABNF reader and turned
into an NFA that is run by subset simulation. From that it knows, for any
rule and input, whether the input matches and, if not, the first byte at
which the input stopped being a possible prefix of the rule. Components of
valid inputs come from a different route again: the regular expression of
RFC 3986 Appendix B and the layout of section 3.2.

Usage:
  gen_vectors.py --generate OUT.tsv
      Place every byte 0x00-0xFF into every position of a list of template
      inputs (scheme, userinfo, host, port, path, query, fragment, IP
      literals, ...) and write one vector per case (format: see the header
      of tests/vectors/rfc3986.tsv).
  gen_vectors.py --check FILE.tsv...
      Compare every case of hand-written vector files with this reference;
      prints TAP. A second, independent derivation of the expected answers.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# Parser, Matcher and HEXDIG are not used here: gen_vectors_rfc2396_rfc1738.py
# and its bnf_rfc2396_rfc1738.py use them as gen_vectors' own (gv.Parser,
# gv.Matcher, gv.HEXDIG).
from abnf_nfa import (  # noqa: E402,F401
    HEXDIG, URI_CHARS, Matcher, Parser, matcher, status_of)


# ---------------------------------------------------------------------------
# Components of a valid input, by RFC 3986 Appendix B and section 3.2.

APPENDIX_B = re.compile(
    rb"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.S)
AUTHORITY = re.compile(rb"^(?:([^@]*)@)?(\[[^\]]*\]|[^:]*)(?::(.*))?$", re.S)
DEC_OCTET = rb"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
IPV4 = re.compile(rb"^" + rb"\.".join([DEC_OCTET] * 4) + rb"$")

REF_RULES = ("uri", "uri-reference", "absolute-uri", "relative-ref")
PART_RULES = ("hier-part", "relative-part")


def host_type(host):
    if host.startswith(b"["):
        return "ipvfuture" if host[1:2] in (b"v", b"V") else "ipv6"
    # section 3.2.2: an IPv4address is an IPv4 address, not a reg-name
    return "ipv4" if IPV4.match(host) else "reg-name"


def split_authority(auth, comp):
    m = AUTHORITY.match(auth)
    assert m, auth
    comp["authority"] = auth
    if m.group(1) is not None:
        comp["userinfo"] = m.group(1)
    comp["host"] = m.group(2)
    if m.group(3) is not None:
        comp["port"] = m.group(3)
    comp["host_type"] = host_type(m.group(2)).encode()


def components(rule, data):
    """Components of a valid input as {name: bytes}, or None if the rule has
    none (only rules that contain components report them)."""
    r = rule.lower()
    comp = {}
    if r in REF_RULES:
        m = APPENDIX_B.match(data)
        if m.group(1) is not None:
            comp["scheme"] = m.group(2)
        if m.group(3) is not None:
            split_authority(m.group(4), comp)
        comp["path"] = m.group(5)
        if m.group(6) is not None:
            comp["query"] = m.group(7)
        if m.group(8) is not None:
            comp["fragment"] = m.group(9)
        comp["kind"] = b"uri" if "scheme" in comp else b"relative-ref"
    elif r in PART_RULES:
        if data.startswith(b"//"):
            end = len(data)
            slash = data.find(b"/", 2)
            if slash >= 0:
                end = slash
            split_authority(data[2:end], comp)
            comp["path"] = data[end:]
        else:
            comp["path"] = data
    elif r == "authority":
        split_authority(data, comp)
    elif r == "host":
        comp["host"] = data
        comp["host_type"] = host_type(data).encode()
    else:
        return None
    return comp


# ---------------------------------------------------------------------------
# The vector format.

COMPONENT_KEYS = ("scheme", "authority", "userinfo", "host", "port", "path",
                  "query", "fragment", "host_type", "kind")


def escape(data):
    out = []
    for b in data:
        if b == 0x5C:
            out.append("\\\\")
        elif 0x21 <= b <= 0x7E:
            out.append(chr(b))
        else:
            out.append(f"\\x{b:02x}")
    return "".join(out)


def unescape(text):
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(ord(c))
            i += 1
            continue
        nxt = text[i + 1:i + 2]
        if nxt == "\\":
            out.append(0x5C)
            i += 2
        elif nxt in ("t", "n", "r"):
            out.append({"t": 9, "n": 10, "r": 13}[nxt])
            i += 2
        elif nxt == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            raise ValueError(f"bad escape in {text!r}")
    return bytes(out)


def expectation(rule, data):
    """(verdict, expected column) for rule and data."""
    ok, off = matcher(rule).run(data)
    if not ok:
        return "invalid", f"{status_of(data, off)}@{off}"
    comp = components(rule, data)
    if comp is None:
        return "valid", "-"
    words = [f"{k}={escape(comp[k])}" for k in COMPONENT_KEYS if k in comp]
    return "valid", " ".join(words)


# Templates: (rule, before, after, what). Every byte value is placed between
# before and after.
TEMPLATES = [
    ("URI-reference", b"", b"", "the whole input"),
    ("URI-reference", b"", b"x:/p", "first byte (scheme or relative path)"),
    ("URI-reference", b"s", b"x:/p?q", "scheme, after its first letter"),
    ("URI-reference", b"s:", b"", "right after the scheme's colon, at end"),
    ("URI-reference", b"s:", b"a/b", "first byte of a rootless path"),
    ("URI-reference", b"s://", b"h:1/p", "first byte of the authority"),
    ("URI-reference", b"s://u", b"i@h:1/p?q#f", "userinfo"),
    ("URI-reference", b"s://u:", b"@h/p", "userinfo after a colon"),
    ("URI-reference", b"s://u@h", b"o:1/p?q#f", "reg-name host"),
    ("URI-reference", b"s://u@h:1", b"2/p?q#f", "port"),
    ("URI-reference", b"s://h:", b"", "empty port, at end"),
    ("URI-reference", b"s://1.2.3.4", b"/", "after an IPv4 address"),
    ("URI-reference", b"s://1.2", b".3.4/", "inside an IPv4 address"),
    ("URI-reference", b"s://[::1", b"]/", "inside an IPv6 literal"),
    ("URI-reference", b"s://[1:", b":2]/", "between the colons of ::"),
    ("URI-reference", b"s://[", b"::1]/", "first byte of an IP-literal"),
    ("URI-reference", b"s://[v1.a", b"]/", "inside an IPvFuture"),
    ("URI-reference", b"s://[::1]", b"/", "right after an IP-literal"),
    ("URI-reference", b"s://h/p", b"a/b?q#f", "path segment"),
    ("URI-reference", b"s:/p/a%", b"1", "first hex digit of an escape"),
    ("URI-reference", b"s:/p/a%4", b"", "second hex digit of an escape"),
    ("URI-reference", b"s://h/p?q", b"r#f", "query"),
    ("URI-reference", b"s://h/p?q#f", b"g", "fragment"),
    ("URI-reference", b"p", b"a/b?q#f", "first segment of a relative path"),
    ("URI-reference", b"./p", b"a", "segment after ./"),
    ("URI-reference", b"//", b"h/p", "first byte of a relative authority"),
    ("URI-reference", b"/", b"/h", "second byte of an absolute path"),
    ("URI-reference", b"?", b"", "relative query"),
    ("URI", b"s:/", b"", "first byte of a path-absolute segment"),
    ("absolute-URI", b"s:/p?q", b"", "end of an absolute URI"),
    ("relative-ref", b"a", b"b:c", "relative-ref, first segment"),
    # URI, absolute-URI and relative-ref validate with the fast machines
    # (rfc3986.rules valid=): every byte inside each skipped run, short and
    # long (the SIMD skip's 16-byte steps)
    ("URI", b"s://u", b"i@h:1/p?q#f", "URI, userinfo"),
    ("URI", b"s://h" + b"o" * 20, b"o" * 20 + b".c:1/p", "URI, long reg-name"),
    ("URI", b"s://h/" + b"p/a" * 8, b"b/c" * 8 + b"?q#f", "URI, long path"),
    ("URI", b"s:p", b"a/b?q#f", "URI, rootless path"),
    ("URI", b"s://h/p?" + b"q" * 20, b"r" * 20 + b"#f", "URI, long query"),
    ("URI", b"s://h/p?q#" + b"f" * 20, b"g" * 20, "URI, long fragment"),
    ("absolute-URI", b"s://h", b"o/p?q", "absolute-URI, reg-name"),
    ("absolute-URI", b"s://h/p/", b"a?q", "absolute-URI, path"),
    ("absolute-URI", b"s://h/p?" + b"q" * 20, b"r" * 20, "absolute-URI, long query"),
    ("relative-ref", b"//h", b"o/p?q#f", "relative-ref, reg-name"),
    ("relative-ref", b"/p/" + b"a" * 20, b"b" * 20 + b"?q", "relative-ref, long path"),
    ("relative-ref", b"?" + b"q" * 20, b"r" * 20 + b"#f", "relative-ref, long query"),
    ("relative-ref", b"#" + b"f" * 20, b"g", "relative-ref, fragment"),
    ("URI-reference", b"//1.2.3.4", b"@", "after an IPv4-like userinfo"),
    ("URI-reference", b"//1.2.3.4:", b"@", "port-like userinfo"),
    ("authority", b"u", b"@h:1", "authority rule, userinfo"),
    ("authority", b"1.2.3.4:", b"@", "authority rule, port-like userinfo"),
    ("host", b"h", b"", "host rule"),
    ("IPv6address", b"1:", b":2", "IPv6address rule"),
    ("IPv4address", b"1.2", b".3.4", "IPv4address rule"),
    ("IPvFuture", b"v", b".x", "IPvFuture rule, version"),
    ("scheme", b"a", b"", "scheme rule"),
    ("segment-nz-nc", b"a", b"b", "segment-nz-nc rule"),
    ("dec-octet", b"2", b"5", "dec-octet rule"),
    ("pct-encoded", b"%", b"0", "pct-encoded rule"),
    ("port", b"8", b"0", "port rule"),
    ("path", b"a", b"/b", "path rule"),
    ("query", b"a", b"", "query rule"),
]


LONG_INPUTS = [
    ("URI-reference", b"http://h/" + b"a" * 5000),
    ("URI-reference", b"http://h/" + b"a" * 5000 + b"%4"),
    ("URI-reference", b"http://h/" + b"a" * 5000 + b"%4g"),
    ("URI-reference", b"a" * 9000 + b":"),
    ("URI-reference", b"a" * 9000 + b"/:"),
    ("URI-reference", b"?" + b"x" * 10000 + b" "),
    ("URI-reference", b"//" + b"u" * 4096 + b"@" + b"h" * 4096 + b":" +
     b"1" * 4096),
    ("host", b"1" * 4000),
    ("segment", b"%41" * 3000),
    ("IPv6address", b"1:" * 3000),
]


def generate(out_path):
    lines = [
        "# Generated by tests/core/gen_vectors.py: every byte 0x00-0xff in",
        "# every position of a list of templates. Format: see",
        "# tests/vectors/rfc3986.tsv. Do not edit.",
    ]
    for rule, before, after, what in TEMPLATES:
        lines.append(f"# {rule}: {escape(before)}<byte>{escape(after)}: {what}")
        for b in range(256):
            data = before + bytes([b]) + after
            verdict, expect = expectation(rule, data)
            lines.append(f"{verdict}\t{rule}\t{escape(data)}\t{expect}")
    # Long inputs: several pages, so the guard-page copies cross pages.
    lines.append("# long inputs")
    for rule, data in LONG_INPUTS:
        verdict, expect = expectation(rule, data)
        lines.append(f"{verdict}\t{rule}\t{escape(data)}\t{expect}")
    with open(out_path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def check(paths):
    """TAP: does every case of the files agree with this reference?"""
    n = 0
    failed = 0
    for path in paths:
        with open(path, encoding="ascii") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                n += 1
                where = f"{path.rsplit('/', 1)[-1]}:{lineno}"
                if len(fields) not in (4, 5):
                    failed += 1
                    print(f"not ok {n} - {where}: needs 4 or 5 fields")
                    continue
                verdict, rule, text, expect = fields[:4]
                try:
                    data = unescape(text)
                    want = expectation(rule, data)
                except (ValueError, KeyError) as e:
                    failed += 1
                    print(f"not ok {n} - {where}: {e}")
                    continue
                shown = text.replace("#", "\\x23")  # '#' starts TAP directives
                got = (verdict, expect)
                same = got == want
                if not same and expect == "*":
                    same = verdict == want[0] == "valid"
                elif not same and verdict == want[0] == "valid":
                    # same components, maybe listed in another order
                    same = sorted(expect.split(" ")) == sorted(
                        want[1].split(" "))
                if same:
                    print(f"ok {n} - {where} {rule} {shown}")
                else:
                    failed += 1
                    print(f"not ok {n} - {where} {rule} {shown}")
                    print(f"# file says:      {verdict}\t{expect}")
                    print(f"# reference says: {want[0]}\t{want[1]}")
    print(f"1..{n}")
    return 1 if failed else 0


def main(argv):
    # sanity: the ABNF's terminals are exactly the section 2 characters
    used = set()
    m = matcher("URI-reference")
    for edges in m.nfa.edges:
        for bs, _ in edges:
            used |= bs
    if used != URI_CHARS:
        sys.exit("gen_vectors.py: ABNF terminals differ from section 2")
    if len(argv) == 3 and argv[1] == "--generate":
        generate(argv[2])
        return 0
    if len(argv) >= 3 and argv[1] == "--check":
        return check(argv[2:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
