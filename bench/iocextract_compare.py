#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Defanged URLs: uriscan against iocextract (the Python package a threat
analyst would use instead), on the same threat-report text: the
differential of their refanged URLs, each difference put in a class, and
their speed in the same run.

    python3 bench/iocextract_compare.py [--size N] [--reps N] [REPORT]

REPORT: a text file (default: one of --size bytes, 2,000,000, made by
bench/gen_report.py with its default seed). uriscan:
uriscan.extract(data, defanged=True) (the Python module of the build:
PYTHONPATH); iocextract: iocextract.extract_urls(text, refang=True).

iocextract is on PyPI only, not in Debian: where it is not installed this
prints "skipped: iocextract is not installed" and exits 77 (a skipped
test to meson). Nothing is downloaded.

The classes of a difference (the first that fits):
  not-a-url       iocextract's URL has no "scheme://" after refanging (a
                  bare domain or IP it reports as a URL: iocextract #61,
                  #68, #77)
  scheme          the same URL but the scheme ("hxxps" read as "http":
                  iocextract #49)
  trailing        one is the other plus trailing punctuation or brackets
                  (uriscan trims . , ; : ! ? and unbalanced ) ] ')
  prefix          one is a prefix of the other otherwise (where the URL
                  ends: the grammar's answer against a regex's)
  uriscan-only    found by uriscan alone
  iocextract-only found by iocextract alone
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIL = ".,;:!?)]'\"}>"


def classify(a: bytes, b: bytes) -> str:
    """a: uriscan's URL, b: iocextract's, both refanged (either may be
    None)."""
    if b is not None and b"://" not in b:
        return "not-a-url"
    if a is None:
        return "iocextract-only"
    if b is None:
        return "uriscan-only"
    sa, sb = a.split(b"://", 1), b.split(b"://", 1)
    if len(sa) == 2 and len(sb) == 2 and sa[1] == sb[1]:
        return "scheme"
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    if longer.startswith(shorter):
        rest = longer[len(shorter):]
        return "trailing" if all(chr(c) in TRAIL for c in rest) else "prefix"
    return "other"


def best(fn, reps):
    t = None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t0
        t = dt if t is None or dt < t else t
    return t, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=2000000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("report", nargs="?")
    a = ap.parse_args()
    try:
        import iocextract
    except ImportError:
        print("skipped: iocextract is not installed (PyPI only; not in "
              "Debian): no differential, no timing")
        return 77
    import uriscan
    path = a.report
    if path is None:
        path = os.path.join(tempfile.gettempdir(), "uriscan-report-%d.txt" % os.getpid())
        subprocess.run([sys.executable, os.path.join(HERE, "gen_report.py"),
                        "--size", str(a.size), path], check=True)
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8", "surrogateescape")
    tu, ours = best(lambda: [m.url for m in uriscan.extract(data, defanged=True)],
                    a.reps)
    ti, theirs = best(lambda: [u.encode("utf-8", "surrogateescape")
                               for u in iocextract.extract_urls(text, refang=True)],
                      a.reps)
    print(f"text: {len(data)} bytes; uriscan {len(ours)} URLs in {tu * 1e3:.1f} ms "
          f"({len(data) / tu / 1e6:.1f} MB/s); iocextract {len(theirs)} in "
          f"{ti * 1e3:.1f} ms ({len(data) / ti / 1e6:.2f} MB/s): "
          f"uriscan {ti / tu:.1f}x")
    # the differential: as multisets, then the leftovers paired by prefix
    cu, ci = collections.Counter(ours), collections.Counter(theirs)
    only_u = list((cu - ci).elements())
    only_i = list((ci - cu).elements())
    classes = collections.Counter()
    examples = {}
    pending = list(only_i)
    for u in only_u:
        match = next((i for i in pending if i.startswith(u) or u.startswith(i) or
                      i.split(b"://", 1)[-1] == u.split(b"://", 1)[-1]), None)
        if match is not None:
            pending.remove(match)
        c = classify(u, match)
        classes[c] += 1
        examples.setdefault(c, (u, match))
    for i in pending:
        c = classify(None, i)
        classes[c] += 1
        examples.setdefault(c, (None, i))
    print(f"same: {sum((cu & ci).values())}; differences: {sum(classes.values())}")
    for c, n in classes.most_common():
        u, i = examples[c]
        print(f"  {c:16} {n:6}  e.g. uriscan {u!r} iocextract {i!r}")
    if a.report is None:
        os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
