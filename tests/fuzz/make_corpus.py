#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/).

Run by hand when the sources change; the output is committed so the replay
tests need nothing outside the repository:

    tests/fuzz/make_corpus.py [DATA_DIR]   (default: data/)

Sources: the example URIs printed in each RFC (DATA_DIR/rfc-examples/,
one per line, \\xHH escapes) with the header byte of their grammar, so the
seeds of a grammar not built yet already exercise it once it lands; the
vectors of tests/vectors/*.tsv (two valid and two invalid cases per rule)
for fuzz_rule; the extraction vectors (tests/vectors/extract-*.tsv, their
options in the header byte, each with a few chunk-size patterns) and lines
of DATA_DIR/logs/elastic_apache_logs.log.gz for fuzz_extract; the mapping vectors
(tests/vectors/iri_mapping.tsv, inputs and results) for fuzz_iri; the
normalization vectors (normalize-*.tsv as a alone, equivalent.tsv as the
pair a NUL b) for fuzz_normalize; a few
resolution vectors (tests/vectors/resolve-*.tsv, "BASE\\nREFERENCE" with
the flags byte for nonstrict) for fuzz_resolve; the request lines of
tests/vectors/request-line.tsv and tests/data/logs/ for fuzz_request; the
lines of tests/vectors/access-log.tsv and tests/data/logs/ for
fuzz_log_line; the hosts of tests/vectors/host-address.tsv for fuzz_host;
a few
hand-written inputs for the header bytes (flags, unknown grammar, rule out
of range, empty). File names are the SHA-1 of the
content, as libFuzzer names what it finds. Existing files are kept; the
inputs that once found a bug are in tests/fuzz/regressions/, which this
script does not touch. Afterwards `scripts/fuzz.sh --merge-only` drops
the seeds that reach no edge the others miss.
"""
import gzip
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GRAMMARS = ["rfc1738", "rfc2396", "rfc3986", "rfc3987"]  # enum order


def unescape(text):
    out = bytearray()
    i = 0
    while i < len(text):
        if text.startswith("\\x", i) and re.match(r"[0-9a-fA-F]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        elif text.startswith("\\\\", i):
            out.append(0x5C)
            i += 2
        elif text.startswith(("\\t", "\\n", "\\r", "\\0"), i):
            out.append({"t": 9, "n": 10, "r": 13, "0": 0}[text[i + 1]])
            i += 2
        else:
            out += text[i].encode("utf-8")
            i += 1
    return bytes(out)


def rules_of(grammar):
    path = os.path.join(ROOT, "ragel", grammar + ".rules")
    if not os.path.exists(path):
        return None
    names = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].split()
        if line and line[0] != "grammar":
            names.append(line[0])
    return names


def write(target, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def main():
    data_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "data")
    for gi, g in enumerate(GRAMMARS):
        path = os.path.join(data_dir, "rfc-examples", g + "-examples.txt")
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if not line:
                continue
            uri = unescape(line)
            write("fuzz_parse", bytes([gi]) + uri)
            if g == "rfc3986":
                write("fuzz_uriparser", uri)
    # rule-level seeds from the vector files
    for gi, g in enumerate(GRAMMARS):
        rules = rules_of(g)
        vec = os.path.join(ROOT, "tests", "vectors", g + ".tsv")
        if rules is None or not os.path.exists(vec):
            continue
        seen = {}
        for line in open(vec, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            verdict, rule, text = f[0], f[1], f[2]
            key = (rule, verdict)
            if seen.get(key, 0) >= 2 or rule not in rules:
                continue
            seen[key] = seen.get(key, 0) + 1
            data = unescape(text)
            write("fuzz_rule", bytes([gi, rules.index(rule)]) + data)
            if rule == "URI-reference" and g == "rfc3986":
                write("fuzz_uriparser", data)
                write("fuzz_parse", bytes([gi]) + data)
    # header bytes: flags, unknown grammar, rule out of range, empty input
    for data in [b"\x02", b"\x0a\x01http://h/", b"\x07http://h/",
                 b"\x02\xffhttp://h/", b"\x02\x00", b"\x0a\x80\x02a"]:
        write("fuzz_parse", data)
        write("fuzz_rule", data)
    extract_seeds(data_dir)
    iri_seeds(data_dir)
    normalize_seeds()
    recompose_seeds()
    resolve_seeds()
    request_seeds()
    log_line_seeds()
    host_seeds()
    confusion_seeds()
    rewrite_seeds()
    defanged_seeds()
    write("fuzz_uriparser", b"")
    write("fuzz_uriparser", b"http://u:p@[v1.x]:80/a/../b?q#f")


# fuzz_extract: byte 0 = grammar | options, byte 1 = number of chunk-size
# bytes, the sizes, the text (fuzz_extract.c)
X_NOTRIM, X_OPAQUE, X_SCALAR, X_MIN, X_NOCOMP = 0x08, 0x10, 0x20, 0x40, 0x80
CHUNKINGS = [b"", b"\x07", b"\x03\x00\x05", b"\x81", b"\x82\x01"]


def extract_input(gi, opts, chunking, text):
    return bytes([gi | opts, len(chunking)]) + chunking + text


def tsv_cases(prefix):
    """(grammar index, fields) of each case of tests/vectors/PREFIX-<g>.tsv."""
    for gi, g in enumerate(GRAMMARS):
        vec = os.path.join(ROOT, "tests", "vectors", prefix + g + ".tsv")
        if not os.path.exists(vec):
            continue
        for line in open(vec, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            yield gi, line.rstrip("\n").split("\t")


def extract_seeds(data_dir):
    k = 0
    for gi, f in tsv_cases("extract-"):
        opts = 0
        for o in f[0].split(","):
            if o == "notrim":
                opts |= X_NOTRIM
            elif o.startswith("opaque"):
                opts |= X_OPAQUE
            elif o.startswith("max="):
                opts |= X_MIN
        write("fuzz_extract", extract_input(
            gi, opts, CHUNKINGS[k % len(CHUNKINGS)], unescape(f[1])))
        k += 1
    # log lines, several at a time, with each set of options
    log = os.path.join(data_dir, "logs", "elastic_apache_logs.log.gz")
    with gzip.open(log, "rb") as f:
        lines = f.read().split(b"\n")[:40]
    for i in range(0, 40, 4):
        text = b"\n".join(lines[i:i + 4]) + b"\n"
        opts = [0, X_NOTRIM, X_OPAQUE, X_SCALAR, X_MIN, X_NOCOMP,
                X_MIN | X_NOTRIM, X_OPAQUE | X_NOTRIM, 0, X_MIN][i // 4]
        write("fuzz_extract", extract_input(
            2 + (i // 4) % 2, opts, CHUNKINGS[(i // 4) % len(CHUNKINGS)], text))
    # truncation across chunks, grammars without extraction, unknown
    long_url = b"x http://h/" + b"a" * 300 + b" y http://i/"
    for ch in CHUNKINGS:
        write("fuzz_extract", extract_input(2, X_MIN, ch, long_url))
    write("fuzz_extract", extract_input(3, X_MIN, b"\x05", long_url))
    for gi in (0, 1, 7):
        write("fuzz_extract", extract_input(gi, 0, b"", b"see http://a/"))
    write("fuzz_extract", b"\x02\x00")


def iri_seeds(data_dir):
    vec = os.path.join(ROOT, "tests", "vectors", "iri_mapping.tsv")
    for line in open(vec, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        flag = {"idna": 1, "unreserved": 2}.get(f[1], 0)
        write("fuzz_iri", bytes([flag]) + unescape(f[3]))
        if f[2] == "ok":
            write("fuzz_iri", bytes([flag]) + unescape(f[4]))
    path = os.path.join(data_dir, "rfc-examples", "rfc3987-examples.txt")
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line:
            write("fuzz_iri", b"\x00" + unescape(line))


NORM_FLAGS = {"empty_port": 1, "default_port": 2, "http_path": 4,
              "scheme_based": 7, "iri_decode": 8}


def norm_header(gi, flags):
    bits = 0
    for f in flags.split(","):
        bits |= NORM_FLAGS.get(f, 0)
    return bytes([gi | 8, bits]) if bits else bytes([gi])


def normalize_seeds():
    """fuzz_normalize: byte 0 grammar (| 8: a flags byte follows), then a,
    optionally NUL and b (fuzz_normalize.c)."""
    for gi, g in enumerate(GRAMMARS):
        vec = os.path.join(ROOT, "tests", "vectors", "normalize-" + g + ".tsv")
        if not os.path.exists(vec):
            continue
        for line in open(vec, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            write("fuzz_normalize", norm_header(gi, f[0]) + unescape(f[1]))
    vec = os.path.join(ROOT, "tests", "vectors", "equivalent.tsv")
    for line in open(vec, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        gi = GRAMMARS.index(f[0])
        write("fuzz_normalize", norm_header(gi, f[1]) + unescape(f[2]) +
              b"\x00" + unescape(f[3]))
    write("fuzz_normalize", b"\x07http://a/")


# fuzz_recompose: byte 0 = grammar | component << 3 | remove << 6, byte 1 =
# decode/query flags, the reference, NUL, the new value (fuzz_recompose.c)
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path",
              "query", "fragment"]


def recompose_seeds():
    vec = os.path.join(ROOT, "tests", "vectors", "recompose.tsv")
    for line in open(vec, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[0] != "set" or f[1] not in GRAMMARS:
            continue
        name, remove = f[3].lstrip("-"), f[3].startswith("-")
        head = GRAMMARS.index(f[1]) | COMPONENTS.index(name) << 3 | remove << 6
        write("fuzz_recompose", bytes([head, 0]) + unescape(f[2]) + b"\0" +
              unescape(f[4]))
    qvec = os.path.join(ROOT, "tests", "vectors", "query-params.tsv")
    flags = {"-": 0, "plus": 1, "semicolon": 4}
    for line in open(qvec, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[0] in ("pairs", "get"):
            write("fuzz_recompose", bytes([2 | 6 << 3, flags.get(f[1], 0)]) +
                  unescape(f[2]))
    dvec = os.path.join(ROOT, "tests", "vectors", "percent-decode.tsv")
    for line in open(dvec, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 3 and not f[0].startswith("#"):
            fl = (1 if "plus" in f[0] else 0) | (2 if "lenient" in f[0] else 0)
            write("fuzz_recompose", bytes([7, fl]) + unescape(f[1]))
    for gi in (1, 2, 3):
        for c in range(8):
            write("fuzz_recompose", bytes([gi | c << 3, 0]) +
                  b"http://u@h:80/p?q#f\0x")
def resolve_seeds():
    for gi, f in tsv_cases("resolve-"):
        head = bytes([gi | 8, 1]) if f[0] == "nonstrict" else bytes([gi])
        write("fuzz_resolve", head + unescape(f[1]) + b"\n" + unescape(f[2]))
    # no '\n': the reference alone against http://a/b/c/d;p?q; bad flags;
    # an unknown grammar; a long climb
    for data in [b"\x02../g", b"\x01/./g", b"\x0a\x02http://a/\ng",
                 b"\x07a:b\nc", b"\x02" + b"../" * 40 + b"g"]:
        write("fuzz_resolve", data)


def request_seeds():
    """fuzz_request: the lines of tests/vectors/request-line.tsv (header byte
    bit 0 for "any"), the request lines of the sample logs, bad flags."""
    path = os.path.join(ROOT, "tests", "vectors", "request-line.tsv")
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 4:
            continue
        write("fuzz_request", bytes([1 if f[1] == "any" else 0]) +
              unescape(f[2]))
    logs = os.path.join(ROOT, "tests", "data", "logs")
    for name in sorted(os.listdir(logs)):
        if not name.endswith(".log"):
            continue
        for line in open(os.path.join(logs, name), "rb"):
            m = re.search(rb'\] "([^"]*)"', line)
            if m:
                write("fuzz_request", b"\x00" + m.group(1))
    write("fuzz_request", b"\x02GET / HTTP/1.1")
    write("fuzz_request", b"\x00")


def log_line_seeds():
    """fuzz_log_line: the lines of tests/vectors/access-log.tsv (spaces raw
    there) and of the sample logs, after the header byte."""
    path = os.path.join(ROOT, "tests", "vectors", "access-log.tsv")
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 4:
            continue
        write("fuzz_log_line", b"\x00" + unescape(f[2]))
    logs = os.path.join(ROOT, "tests", "data", "logs")
    for name in sorted(os.listdir(logs)):
        if name.endswith(".log"):
            for line in open(os.path.join(logs, name), "rb"):
                write("fuzz_log_line", b"\x00" + line.rstrip(b"\r\n"))
    write("fuzz_log_line", b"")
    write("fuzz_log_line", b"\x00")

def host_seeds():
    """fuzz_host: the hosts of tests/vectors/host-address.tsv after a zero
    header byte, and one with the unknown-flag bit."""
    path = os.path.join(ROOT, "tests", "vectors", "host-address.tsv")
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 3:
            continue
        write("fuzz_host", b"\x00" + unescape(f[0]))
    write("fuzz_host", b"\x01127.0.0.1")
    write("fuzz_host", b"")


def confusion_seeds():
    """fuzz_confusion: the URLs of tests/vectors/confusion.tsv (grammar
    RFC 3986, or RFC 3987 where the vector says so: header byte 2 or 3 as
    the grammars are built in full) and the WHATWG inputs of
    tests/data/wpt/urltestdata.json with a special scheme and no base;
    one with the unknown-flag bit, and the empty input."""
    path = os.path.join(ROOT, "tests", "vectors", "confusion.tsv")
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 3:
            continue
        g = 3 if ",rfc3987" in f[2] else 2
        write("fuzz_confusion", bytes([g]) + unescape(f[0]))
    wpt = os.path.join(ROOT, "tests", "data", "wpt", "urltestdata.json")
    special = ("http:", "https:", "ws:", "wss:", "ftp:", "file:")
    for case in json.load(open(wpt, encoding="utf-8")):
        if isinstance(case, dict) and case.get("base") is None and \
                case["input"].lower().startswith(special):
            write("fuzz_confusion", b"\x02" + case["input"].encode("utf-8"))
    write("fuzz_confusion", b"\x06http://a@b@c/")
    write("fuzz_confusion", b"")



# fuzz_extract_defanged: byte 0 = grammar | options, byte 1 = number of
# chunk-size bytes | 0x08 (the text repeated past 9,000 bytes), the sizes,
# the text (fuzz_extract_defanged.c); the texts of
# tests/vectors/extract-defanged.tsv under every grammar
def defanged_seeds():
    vec = os.path.join(ROOT, "tests", "vectors", "extract-defanged.tsv")
    for k, line in enumerate(open(vec, encoding="utf-8")):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        text = unescape(f[1])
        gi = 2 if k % 4 else k // 4 % 4
        ch = CHUNKINGS[k % len(CHUNKINGS)]
        write("fuzz_extract_defanged", bytes([gi, len(ch)]) + ch + text)
    long_text = b"hxxps[:]//evil[.]example/" + b"a[.]" * 60 + b" "
    write("fuzz_extract_defanged", bytes([2 | 0x40, 0x08 | 1, 0x83]) + long_text)
    write("fuzz_extract_defanged", bytes([2, 0x08]) + b"see hxxp://a[.]b/c, ")



def rewrite_seeds():
    """fuzz_rewrite: byte 0 grammar | 8, a flags byte (query flags, then
    rewrite flags in bits 4-7), the reference, NUL, the edits: tokens
    separated by 0x01, each an op byte (op - 1) and KEY[=VALUE]
    (fuzz_rewrite.c), from query-edit.tsv."""
    ops = {"set": 0, "append": 1, "remove": 2, "keep": 3, "sort": 4}
    flag_bits = {"plus": 1, "semicolon": 2, "icase": 4, "keep-empty": 8}
    vec = os.path.join(ROOT, "tests", "vectors", "query-edit.tsv")
    for line in open(vec, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        flags = 0
        for name in ([] if f[0] == "-" else f[0].split(",")):
            flags |= flag_bits[name]
        toks = []
        for word in f[1].split(" "):
            op, _, arg = word.partition(":")
            toks.append(bytes([ops[op]]) + unescape(arg))
        for extra in (0, 0x70):
            write("fuzz_rewrite", bytes([2 | 8, flags | extra]) +
                  unescape(f[2]) + b"\0" + b"\x01".join(toks))
    for data in [b"\x03http://h/?\xc3\xa9=1&a#f\0\x02\xc3\xa9",
                 b"\x02", b"\x00http://h/\0\x02a", b"\x0a\xf0HTTP://H:80/?b&a#x"]:
        write("fuzz_rewrite", data)


if __name__ == "__main__":
    main()
