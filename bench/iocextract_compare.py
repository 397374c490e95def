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

The differential is by place in the text: each URL iocextract reports
(written form, refanged form) is found in the text (every place its
written form occurs); a uriscan match and an iocextract URL whose spans
overlap are a pair. The classes (the first that fits):
  same            the pair agrees on the refanged URL
  scheme          the pair differs only in the scheme ("hxxps" read as
                  "http": iocextract #49)
  trailing        one is the other plus trailing punctuation or brackets
                  (uriscan trims . , ; : ! ? and unbalanced ) ] ')
  prefix          one is a prefix of the other otherwise (where the URL
                  ends: the grammar's answer against a regex's)
  refang          the pair's written span is the same URL but iocextract's
                  refanged text differs otherwise (a form it does not
                  refang, such as "{.}", or one it refangs inside a word,
                  such as "dot" or "at")
  uriscan-only    a uriscan match no iocextract URL overlaps
  schemeless      an iocextract URL without "scheme://" as written (a
                  bare defanged domain or IP it reports as http://...:
                  iocextract #61, #68, #77); uriscan needs a scheme
  not-valid       iocextract's refanged text is not a valid RFC 3986 URI
  iocextract-only any other iocextract URL that overlaps no uriscan match
iocextract also reports one place more than once (its regexes overlap,
with the same or other ends): those repeats are counted apart, as
"repeats".
"""
import argparse
import bisect
import collections
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIL = ".,;:!?)]'\"}>"
# a scheme as written, defanged or not: "hxxps:", "http[:]", "http__"
SCHEME = re.compile(rb"[A-Za-z][A-Za-z0-9+.-]*(\[:\]|\(:\)|\[://\]|:|__)")


def classify(a: bytes, b: bytes) -> str:
    """a: uriscan's URL, b: iocextract's, both refanged, for one pair."""
    if a == b:
        return "same"
    sa, sb = a.split(b"://", 1), b.split(b"://", 1)
    if len(sa) == 2 and len(sb) == 2 and sa[1] == sb[1]:
        return "scheme"
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    if longer.startswith(shorter) or (len(sa) == 2 and len(sb) == 2 and
                                      (sa[1].startswith(sb[1]) or
                                       sb[1].startswith(sa[1]))):
        rest = longer[len(shorter):]
        return "trailing" if all(chr(c) in TRAIL for c in rest) else "prefix"
    return "refang"


def places(data: bytes, written: bytes):
    """Every (start, end) where written occurs in data."""
    at = data.find(written)
    while at >= 0 and written:
        yield at, at + len(written)
        at = data.find(written, at + 1)


def differential(data, matches, theirs):
    """matches: uriscan's (offset, length, url); theirs: iocextract's
    (written, refanged) in its order. Returns (classes, examples)."""
    import uriscan
    classes = collections.Counter()
    examples = {}

    def count(c, u, i):
        classes[c] += 1
        examples.setdefault(c, (u, i))

    seen = collections.Counter(theirs)
    classes["repeats"] = sum(n - 1 for n in seen.values())
    spans = []  # (start, end, written, refanged) of iocextract, by place
    for w, r in seen:
        wb = w.encode("utf-8", "surrogateescape")
        rb = r.encode("utf-8", "surrogateescape")
        for st, en in places(data, wb):
            spans.append((st, en, wb, rb))
    spans.sort()
    used = set()
    starts = [sp[0] for sp in spans]
    for off, length, url in matches:
        end = off + length
        lo = bisect.bisect_left(starts, off - 4096)
        pair, over = None, []
        for k in range(lo, len(spans)):
            st, en, wb, rb = spans[k]
            if st >= end:
                break
            if en > off:
                over.append(k)
                # the best of the overlapping: the same URL if there is one
                if pair is None or rb == url:
                    pair = k
        if pair is None:
            count("uriscan-only", url, None)
            continue
        # the others read the same place again, with other ends
        classes["repeats"] += sum(1 for k in over if k != pair and k not in used)
        used.update(over)
        count(classify(url, spans[pair][3]), url, spans[pair][3])
    for k, (st, en, wb, rb) in enumerate(spans):
        if k in used:
            continue
        # an iocextract URL at a place no uriscan match overlaps
        if not SCHEME.match(wb):
            count("schemeless", None, rb)
        elif not uriscan.is_valid(rb):
            count("not-valid", None, rb)
        else:
            count("iocextract-only", None, rb)
    return classes, examples


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
    # the differential, by place in the text
    matches = [(m.offset, m.length, m.url)
               for m in uriscan.extract(data, defanged=True)]
    raw = list(iocextract.extract_urls(text, refang=False))
    refanged = list(iocextract.extract_urls(text, refang=True))
    if len(raw) != len(refanged):
        print("iocextract gave %d URLs written, %d refanged: no pairing"
              % (len(raw), len(refanged)))
        return 1
    classes, examples = differential(data, matches, list(zip(raw, refanged)))
    print(f"uriscan matches: {len(matches)}; iocextract URLs: {len(raw)}, "
          f"of which {classes['repeats']} repeat a place already reported")
    for c, n in classes.most_common():
        if c == "repeats":
            continue
        u, i = examples[c]
        print(f"  {c:16} {n:6}  e.g. uriscan {u!r} iocextract {i!r}")
    if a.report is None:
        os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
