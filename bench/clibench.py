#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clibench.py: time the uriscan command on log files, as a user runs it.

The harness (bench/bench.c) times library calls; this times whole commands
on the same logs, so the log front-end (`uriscan log`, which parses the
access-log format, the request line and the referer) is measured next to
the extractor (`uriscan extract`) in the same run. Each command runs with
stdout to /dev/null, best of REPS wall-clock runs (after one warm-up run),
and the table gives lines/s, MB/s and the ratio to `uriscan extract --count`
on the same file (ratios are what to compare across runs).

Usage: clibench.py URISCAN REPS LOG...
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
    logs = [p for p in sys.argv[3:] if os.path.isfile(p)]
    if not logs:
        print("clibench: no log file", file=sys.stderr)
        return 0
    print("\nuriscan command on log text (best of %d wall-clock runs, stdout "
          "to /dev/null):" % reps)
    print("%-22s %-18s %12s %12s %9s %11s" %
          ("log", "command", "lines/s", "MB/s", "seconds", "vs extract"))
    for path in logs:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            lines = sum(1 for _ in f)
        base = None
        for name, args in COMMANDS:
            t, rc = best([exe] + args + [path], reps)
            if t is None:
                print("%-22s %-18s failed (exit %d)" %
                      (os.path.basename(path)[:22], name, rc))
                continue
            if base is None:
                base = t
            print("%-22s %-18s %12.0f %12.1f %9.3f %10.2fx" %
                  (os.path.basename(path)[:22], name, lines / t, size / t / 1e6,
                   t, base / t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
