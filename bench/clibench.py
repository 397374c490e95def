#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clibench.py: time the uriscan command on log files and URL lists, as a
user runs it.

The harness (bench/bench.c) times library calls; this times whole commands
on the same files, so the log front-end (`uriscan log`, which parses the
access-log format, the request line and the referer) is measured next to
the extractor (`uriscan extract`), and `uriscan inspect` (what each URL's
host means: the browser's host, the address, the site, the confusion
flags) next to `uriscan parse`, in the same run. Each command runs with
stdout to /dev/null, best of REPS wall-clock runs (after one warm-up run),
and the table gives lines/s, MB/s and the ratio to the first command on
the same file: `uriscan extract --count` for a log (a file not ending in
.txt), `uriscan parse` for a URL list (*.txt); ratios are what to compare
across runs. The "vs first" column of `inspect` is parse's time over
inspect's (0.67x: inspect takes 1.5 times as long).

Usage: clibench.py URISCAN REPS FILE...
"""
import os
import subprocess
import sys
import time

COMMANDS = [
    ("extract --count", ["extract", "--count"]),
    ("extract (tsv)", ["extract"]),
    ("log (jsonl)", ["log"]),
    ("log --format=tsv", ["log", "--format=tsv"]),
    ("log --summary", ["log", "--summary"]),
]


URL_COMMANDS = [
    ("parse (jsonl)", ["parse"]),
    ("inspect (jsonl)", ["inspect"]),
    ("parse --format=tsv", ["parse", "--format=tsv"]),
    ("inspect --format=tsv", ["inspect", "--format=tsv"]),
]


def best(argv, reps):
    t_best = None
    for i in range(reps + 1):
        t0 = time.perf_counter()
        r = subprocess.run(argv, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        dt = time.perf_counter() - t0
        if r.returncode not in (0, 1):
            return None, r.returncode
        if i > 0 and (t_best is None or dt < t_best):
            t_best = dt
    return t_best, 0


def main():
    exe, reps = sys.argv[1], int(sys.argv[2])
    files = [p for p in sys.argv[3:] if os.path.isfile(p)]
    if not files:
        print("clibench: no file", file=sys.stderr)
        return 0
    print("\nuriscan command on log text and URL lists (best of %d "
          "wall-clock runs, stdout to /dev/null):" % reps)
    print("%-22s %-20s %12s %12s %9s %11s" %
          ("file", "command", "lines/s", "MB/s", "seconds", "vs first"))
    for path in files:
        commands = URL_COMMANDS if path.endswith(".txt") else COMMANDS
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            lines = sum(1 for _ in f)
        base = None
        for name, args in commands:
            t, rc = best([exe] + args + [path], reps)
            if t is None:
                print("%-22s %-20s failed (exit %d)" %
                      (os.path.basename(path)[:22], name, rc))
                continue
            if base is None:
                base = t
            print("%-22s %-20s %12.0f %12.1f %9.3f %10.2fx" %
                  (os.path.basename(path)[:22], name, lines / t, size / t / 1e6,
                   t, base / t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
