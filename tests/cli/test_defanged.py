#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_defanged.py: `uriscan extract --defanged` against
tests/vectors/extract-defanged.tsv (the answers of
tests/core/test_extract_defanged.c and the Python tests).

Usage: test_defanged.py UCLI VECTORS [GRAMMAR]

For each vector: JSON Lines offset, length (the text as written), url (the
refanged URL) and "defanged"; the TSV DEFANGED column; -o the refanged URLs.
Then all vectors as one report text (one per line): the same matches, with
-j 2 (two threads, the same bytes; strace sees the threads where it runs)
and in a pipe; without
--defanged no record has the key or the column. With GRAMMAR (-g), the
vectors only (extract-defanged-rfc1738.tsv). Prints TAP.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "tests"))
from tap import done, ok, skip  # noqa: E402 (tests/tap.py)
from vectors import defanged_cases  # noqa: E402

cli, path = sys.argv[1], sys.argv[2]
grammar = sys.argv[3] if len(sys.argv) > 3 else None


def run(args, data):
    p = subprocess.run([cli, "extract", *args], input=data,
                       capture_output=True, timeout=60)
    return p.returncode, p.stdout


def flags(opts):
    a = ["--defanged"] + (["-g", grammar] if grammar else [])
    if opts.get("opaque"):
        a.append("--opaque")
    if opts.get("trim") is False:
        a.append("--no-trim")
    if opts.get("keep_cut"):
        a.append("--keep-cut")
    return a


cases = defanged_cases(path)
for where, opts, text, want in cases:
    a = flags(opts)
    rc, out = run(a + ["--format=jsonl"], text)
    got = []
    for line in out.splitlines():
        r = json.loads(line)
        got.append((r["offset"], r["length"], r["url"].encode("utf-8", "surrogateescape"),
                    r["defanged"], r["cut"]))
    good = got == want and rc == (0 if want else 1)
    rc, tsv = run(a, text)
    col = 4 if opts.get("keep_cut") else 3
    rows = [r.split(b"\t") for r in tsv.splitlines()]
    good = good and [(int(r[0]), int(r[1]), r[col - 1] == b"true", r[col])
                     for r in rows] == [(o, n, d, u) for o, n, u, d, _ in want]
    rc, only = run(a + ["-o"], text)
    good = good and only.splitlines() == [u for _, _, u, _, _ in want]
    ok(good, f"{where}: jsonl, tsv and -o" + ("" if good else f": {got} vs {want}"))
if grammar:
    sys.exit(done())

# one report text: every vector of the default options on its own line
report = b"".join(t + b"\n" for _, o, t, _ in cases
                  if list(o) == ["defanged"] and b"\n" not in t and b"\r" not in t)
report = report * 40
rc, one = run(["--defanged", "--format=jsonl"], report)
n = len(one.splitlines())
ok(rc == 0 and n > 100 and
   sum(json.loads(l)["defanged"] for l in one.splitlines()) > 50,
   f"the vectors as one text: {n} matches, most defanged")
big = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"uriscan-defanged-{os.getpid()}.txt")
with open(big, "wb") as f:
    f.write(report * 16)  # 1.7 MB: -j 2 maps files over 1 MiB
try:
    same = os.path.getsize(big) > (1 << 20)
    for extra in ([], ["--format=jsonl"], ["-o"], ["-u"], ["--hosts"],
                  ["--format=jsonl", "--max-length=128"]):
        p1 = subprocess.run([cli, "extract", "--defanged", *extra, big],
                            capture_output=True, timeout=60)
        p2 = subprocess.run([cli, "extract", "--defanged", "-j", "2", *extra, big],
                            capture_output=True, timeout=60)
        same = same and p1.returncode == 0 and p1.stdout == p2.stdout
    ok(same, "-j 2 --defanged: the output of -j 1 (tsv, jsonl, -o, -u, --hosts, "
       "a short --max-length)")
    # the blocks are read by threads (a thread is a clone): where strace runs
    trace = big + ".strace"
    try:
        st = subprocess.run(["strace", "-f", "-qq", "-o", trace, "-e",
                             "trace=clone,clone3", cli, "extract", "--defanged",
                             "-j", "2", big], capture_output=True, timeout=60)
        threads = -1
        if st.returncode == 0:
            with open(trace) as t:
                threads = sum(1 for line in t if "clone" in line)
    except OSError:
        threads = -1
    finally:
        if os.path.exists(trace):
            os.unlink(trace)
    if threads == -1:
        skip("-j 2 --defanged: the blocks read by threads", "strace not here or not allowed")
    else:
        ok(threads >= 1, f"-j 2 --defanged: the blocks read by threads ({threads} made)")
finally:
    os.unlink(big)
rc, plain = run(["--format=jsonl"], report)
rc2, plain_tsv = run([], report)
ok(b'"defanged"' not in plain and
   all(len(r.split(b"\t")) == 3 for r in plain_tsv.splitlines()),
   "without --defanged: no defanged key, no column")
done()
