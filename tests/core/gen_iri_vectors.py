#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generated RFC 3987 vectors for tests/core/test_vectors.c -g rfc3987.

Usage: gen_iri_vectors.py OUT.tsv

Written from RFC 3987 section 2.2 and RFC 3629 (UTF-8), without uriscan's
code or its generated ranges: the code-point ranges are copied from the RFC
below, UTF-8 comes from Python's own encoder, and every expected answer is
computed by enumerating code points. It writes:

 1. every boundary code point of every ucschar and iprivate range and its
    neighbours (lo-1, lo, lo+1, hi-1, hi, hi+1), encoded in UTF-8 (a
    surrogate neighbour with the 'surrogatepass' encoding, which is invalid
    UTF-8), in a dozen places: the rules ucschar, iprivate, iunreserved,
    ipchar, iquery, ifragment, ireg-name, iuserinfo, isegment-nz-nc, and
    IRI-reference with the character in the host, the userinfo, the path,
    the query and the fragment (with components);
 2. every lead byte 0x80-0xFF followed by 'a', and every lead byte C2-F4
    followed by every byte 0x00-0xFF (then completed with continuation
    bytes), in a path; every third byte after the smallest valid second
    byte of each 3- and 4-byte lead, every fourth byte likewise.

Expected answers, for a character c placed where the set S of non-ASCII
code points is allowed (ucschar; ucschar and iprivate in the query; one set
for the rules ucschar and iprivate): the machine stops at the first byte
whose prefix (from the start of the character) begins no encoding of a code
point of S. Its status is bad_utf8 when that prefix begins no valid UTF-8
encoding at all, bad_char when it begins no encoding of a ucschar or
iprivate (allowed nowhere in an IRI), else syntax. A valid prefix that the
input ends inside is incomplete at the input's length.
"""
import sys

# RFC 3987 section 2.2:
# ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
#                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
#                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
#                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
#                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
#                / %xD0000-DFFFD / %xE1000-EFFFD
# iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
UCSCHAR = [(0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
           (0x10000, 0x1FFFD), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
           (0x40000, 0x4FFFD), (0x50000, 0x5FFFD), (0x60000, 0x6FFFD),
           (0x70000, 0x7FFFD), (0x80000, 0x8FFFD), (0x90000, 0x9FFFD),
           (0xA0000, 0xAFFFD), (0xB0000, 0xBFFFD), (0xC0000, 0xCFFFD),
           (0xD0000, 0xDFFFD), (0xE1000, 0xEFFFD)]
IPRIVATE = [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]

UCS, PRIV, ANY = 1, 2, 4  # bits: ucschar, iprivate, any valid UTF-8


def in_ranges(cp, ranges):
    return any(lo <= cp <= hi for lo, hi in ranges)


def build_prefixes():
    """Proper prefixes (1 to 3 bytes) of UTF-8 encodings -> bits of the
    sets whose encodings they begin."""
    pre = {}
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        e = chr(cp).encode("utf-8")
        bits = ANY
        if in_ranges(cp, UCSCHAR):
            bits |= UCS
        elif in_ranges(cp, IPRIVATE):
            bits |= PRIV
        for k in range(1, len(e)):
            pre[e[:k]] = pre.get(e[:k], 0) | bits
    return pre


PREFIXES = build_prefixes()


def full_bits(b):
    """Bits of a complete byte sequence: 0 unless it is one valid
    character."""
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError:
        return 0
    if len(s) != 1:
        return 0
    cp = ord(s)
    bits = ANY
    if in_ranges(cp, UCSCHAR):
        bits |= UCS
    elif in_ranges(cp, IPRIVATE):
        bits |= PRIV
    return bits


def expect_tail(head_len, tail, allowed):
    """Walk tail placed after a valid prefix of head_len bytes, where the
    set `allowed` (bits) of non-ASCII code points may appear. An ASCII byte
    that starts a character is accepted: the places below put only ASCII
    that they allow there. Returns None if valid, else (status, offset)."""
    start = 0
    for i in range(len(tail)):
        cur = tail[start:i + 1]
        if len(cur) == 1 and cur[0] < 0x80:
            start = i + 1
            continue
        if full_bits(cur) & allowed:
            start = i + 1
            continue
        if len(cur) < 4 and PREFIXES.get(cur, 0) & allowed:
            continue
        bits = full_bits(cur) | PREFIXES.get(cur, 0)
        if not bits & ANY:
            st = "bad_utf8"
        elif not bits & (UCS | PRIV):
            st = "bad_char"
        else:
            st = "syntax"
        return st, head_len + i
    if start != len(tail):
        return "incomplete", head_len + len(tail)
    return None


def esc(data):
    out = []
    for c in data:
        if c == 0x5C:
            out.append("\\\\")
        elif 0x21 <= c <= 0x7E:
            out.append(chr(c))
        else:
            out.append(f"\\x{c:02x}")
    return "".join(out)


# (rule, head, tail-before, tail-after, allowed, components(head, x, after))
def comps(**kw):
    order = ["scheme", "authority", "userinfo", "host", "port", "path",
             "query", "fragment", "host_type", "kind"]
    return " ".join(f"{k}={kw[k] if k in ('host_type', 'kind') else esc(kw[k])}"
                    for k in order if k in kw)


PLACES = [
    ("ucschar", b"", b"", UCS, lambda x: "-"),
    ("iprivate", b"", b"", PRIV, lambda x: "-"),
    ("iunreserved", b"", b"", UCS, lambda x: "-"),
    ("ipchar", b"", b"", UCS, lambda x: "-"),
    ("iquery", b"a", b"b", UCS | PRIV, lambda x: "-"),
    ("ifragment", b"a", b"b", UCS, lambda x: "-"),
    ("ireg-name", b"a", b"b", UCS, lambda x: "-"),
    ("iuserinfo", b"a", b"b", UCS, lambda x: "-"),
    ("isegment-nz-nc", b"a", b"b", UCS, lambda x: "-"),
    ("IRI-reference", b"http://a", b"b/",  UCS, lambda x: comps(
        scheme=b"http", authority=b"a" + x + b"b", host=b"a" + x + b"b",
        path=b"/", host_type="reg-name", kind="uri")),
    ("IRI-reference", b"//a", b"b@h", UCS, lambda x: comps(
        authority=b"a" + x + b"b@h", userinfo=b"a" + x + b"b", host=b"h",
        path=b"", host_type="reg-name", kind="relative-ref")),
    ("IRI-reference", b"http://h/a", b"b", UCS, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/a" + x + b"b",
        host_type="reg-name", kind="uri")),
    ("IRI-reference", b"a", b"b", UCS, lambda x: comps(
        path=b"a" + x + b"b", kind="relative-ref")),
    ("IRI-reference", b"http://h/?a", b"b", UCS | PRIV, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/",
        query=b"a" + x + b"b", host_type="reg-name", kind="uri")),
    ("IRI-reference", b"http://h/#a", b"b", UCS, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/",
        fragment=b"a" + x + b"b", host_type="reg-name", kind="uri")),
    # IRI, absolute-IRI and irelative-ref validate with the fast machines
    # (rfc3987.rules valid=): a character inside each skipped run
    ("IRI", b"http://a", b"b/", UCS, lambda x: comps(
        scheme=b"http", authority=b"a" + x + b"b", host=b"a" + x + b"b",
        path=b"/", host_type="reg-name", kind="uri")),
    ("IRI", b"http://h/a", b"b?q#f", UCS, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/a" + x + b"b",
        query=b"q", fragment=b"f", host_type="reg-name", kind="uri")),
    ("IRI", b"http://h/#a", b"b", UCS, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/",
        fragment=b"a" + x + b"b", host_type="reg-name", kind="uri")),
    ("absolute-IRI", b"http://h/?a", b"b", UCS | PRIV, lambda x: comps(
        scheme=b"http", authority=b"h", host=b"h", path=b"/",
        query=b"a" + x + b"b", host_type="reg-name", kind="uri")),
    ("absolute-IRI", b"s:a", b"b", UCS, lambda x: comps(
        scheme=b"s", path=b"a" + x + b"b", kind="uri")),
    ("irelative-ref", b"//a", b"b@h", UCS, lambda x: comps(
        authority=b"a" + x + b"b@h", userinfo=b"a" + x + b"b", host=b"h",
        path=b"", host_type="reg-name", kind="relative-ref")),
    ("irelative-ref", b"/a", b"b", UCS, lambda x: comps(
        path=b"/a" + x + b"b", kind="relative-ref")),
]


def vector(rule, head, x, after, allowed, comp, note):
    data = head + x + after
    tail = x + after
    e = expect_tail(len(head), tail, allowed)
    if e is None:
        return f"valid\t{rule}\t{esc(data)}\t{comp(x)}\t{note}"
    return f"invalid\t{rule}\t{esc(data)}\t{e[0]}@{e[1]}\t{note}"


def generate(path):
    lines = ["# Generated by tests/core/gen_iri_vectors.py. Do not edit."]
    # 1. boundaries
    cps = set()
    for lo, hi in UCSCHAR + IPRIVATE:
        cps |= {lo - 1, lo, lo + 1, hi - 1, hi, hi + 1}
    for cp in sorted(cps):
        x = chr(cp).encode("utf-8", "surrogatepass")
        for rule, head, after, allowed, comp in PLACES:
            lines.append(vector(rule, head, x, after, allowed, comp,
                                f"U+{cp:04X}"))
    # 2. bytes after "http://h/" in a path
    head = b"http://h/"

    def path_vec(x, note):
        lines.append(vector("IRI-reference", head, x, b"", UCS,
                            lambda y: comps(scheme=b"http", authority=b"h",
                                            host=b"h", path=b"/" + y,
                                            host_type="reg-name",
                                            kind="uri"), note))
    for lead in range(0x80, 0x100):
        path_vec(bytes([lead]) + b"a", f"lead {lead:02X} then 'a'")
    for lead in range(0xC2, 0xF5):
        n = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
        for b2 in range(0x100):
            path_vec(bytes([lead, b2]) + b"\x80" * (n - 2) + b"a",
                     f"{lead:02X} {b2:02X}")
    second = {0xE0: 0xA0, 0xF0: 0x90}
    for lead in range(0xE0, 0xF5):
        n = 3 if lead < 0xF0 else 4
        b2 = second.get(lead, 0x80)
        for b3 in range(0x100):
            path_vec(bytes([lead, b2, b3]) + b"\x80" * (n - 3) + b"a",
                     f"{lead:02X} {b2:02X} {b3:02X}")
        if n == 4:
            for b4 in range(0x100):
                path_vec(bytes([lead, b2, 0x80, b4]) + b"a",
                         f"{lead:02X} {b2:02X} 80 {b4:02X}")
    with open(path, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    generate(sys.argv[1])
