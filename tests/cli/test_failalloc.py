#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_failalloc.py: the CLI with each of its allocations failing in turn
(issue 39).

Usage: test_failalloc.py UCLI_FAILALLOC

UCLI_FAILALLOC is the CLI linked with the failing allocator of
tests/failalloc.h (every malloc, calloc, realloc of the CLI and of the
static library wrapped): URISCAN_FAILALLOC=N makes the N-th fail,
URISCAN_FAILALLOC_COUNT=1 prints how many there were. For each command on
a small input: the count C of a normal run, then N = 1 .. C. Each run must
either give the normal run's output and status (an allocation it can do
without), or exit 2 saying "out of memory" (or "Cannot allocate memory")
on standard error; never a signal, never another status. In build-san the
program is built with ASan and LeakSanitizer: a leak or a use after free
on a failure path fails the run there (ASan's own status, or a signal).
Prints TAP.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

cli = sys.argv[1]

LOG = (b'192.0.2.%d - - [10/Oct/2000:13:55:36 -0700] "GET /p/%d?q=1 HTTP/1.0" '
       b'200 2326 "http://R%d.example/from" "ua"\n')
URL = b"HTTP://h%d.Example/a/./b/../%%7e?q=%d#f\n"
TEXT = b"see HTTP://h%d.Example/a/./b/../%%7e?q=%d#f and mailto:x@y.example\n"


def lines(line, n):
    return b"".join(line % ((i,) * line.count(b"%d")) for i in range(n))


SMALL = lines(URL, 40)
TEXTS = lines(TEXT, 40)
BIG = lines(TEXT, 20000)  # 1.3 MiB: extract -j maps it and splits it

COMMANDS = [
    ("parse", ["parse"], SMALL),
    ("parse --all-grammars", ["parse", "--all-grammars"], SMALL),
    ("check", ["check"], SMALL),
    ("convert", ["convert", "--to-uri"], SMALL),
    ("normalize", ["normalize", "--scheme-based"], SMALL),
    ("resolve", ["resolve", "--base=http://a/b/c"], SMALL),
    ("get", ["get", "{host}"], SMALL),
    ("log", ["log"], lines(LOG, 40)),
    ("log --summary", ["log", "--summary", "--normalize"], lines(LOG, 40)),
    ("log --hosts", ["log", "--hosts", "--format=tsv"], lines(LOG, 40)),
    ("log --hosts --summary", ["log", "--hosts", "--summary"], lines(LOG, 40)),
    ("extract", ["extract", "--opaque"], TEXTS),
    ("extract --top", ["extract", "--top", "3", "--normalize"], TEXTS),
    ("extract --unique", ["extract", "--unique", "--format=jsonl"], TEXTS),
    ("extract --hosts", ["extract", "--hosts", "--format=jsonl"], TEXTS),
    ("extract -j 2", ["extract", "-j", "2", "--count"], BIG),
    ("rules", ["rules"], b""),
]


def run(args, path, env_extra, data=None):
    """From the file (mapped), or data through a pipe (read into a
    buffer that grows)."""
    env = dict(os.environ)
    env.update(env_extra)
    p = subprocess.run([cli] + args + ([path] if path else []),
                       input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def main():
    with tempfile.TemporaryDirectory(prefix="uriscan-failalloc-") as tmp:
        path = os.path.join(tmp, "input.txt")
        for (name, args, data), piped in [(c, p) for c in COMMANDS
                                          for p in (False, True)]:
            # through a pipe (the reader's growing buffer) for a few: the
            # rest allocate the same there
            if piped and name not in ("parse", "log --summary",
                                      "extract --unique"):
                continue
            with open(path, "wb") as f:
                f.write(data)
            fpath = path if data and not piped else None
            stdin = data if piped else b""
            name += " (pipe)" if piped else ""
            st0, out0, err0 = run(args, fpath, {"URISCAN_FAILALLOC_COUNT": "1"},
                                  stdin)
            m = re.search(rb"failalloc: (\d+) allocations\n", err0)
            if st0 not in (0, 1) or m is None:
                ok(False, name + ": a normal run", "status %d %r" % (st0, err0[-400:]))
                continue
            count = int(m.group(1))
            err0 = err0.replace(m.group(0), b"")
            bad = []
            failed = 0
            for n in range(1, count + 1):
                st, out, err = run(args, fpath, {"URISCAN_FAILALLOC": str(n)},
                                   stdin)
                same = (st, out, err) == (st0, out0, err0)
                nomem = st == 2 and (b"out of memory" in err or
                                     b"Cannot allocate memory" in err)
                failed += nomem
                if not (same or nomem):
                    bad.append("allocation %d: status %d, output %s, stderr %r"
                               % (n, st, "same" if out == out0 else "differs",
                                  err[-300:]))
            ok(not bad,
               "%s: %d allocations, each failing: out of memory (%d) or the "
               "normal output" % (name, count, failed), "\n".join(bad[:10]))
    return done()


sys.exit(main())
