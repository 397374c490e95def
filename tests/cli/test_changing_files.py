#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_changing_files.py: every command that reads FILEs, on a file that
is truncated, grown or replaced while the command has it mapped (issue 39:
a truncated file killed the CLI with SIGBUS, exit 135).

Usage: test_changing_files.py UCLI FILE_SHIM

FILE_SHIM (tests/cli/file_shim.c) is preloaded: right after the command
first maps the file (or reads it, where it reads: extract -j 1), it
changes it (see there). Each command runs on a 1.06 MiB file (more than
extract -j's smallest mapped file), with the default mmap window and with
(parse, extract -j 2) 8 KiB windows (URISCAN_MMAP_WINDOW: many
mappings), and must:
  - truncated (to 0 bytes, and inside a page in the middle) under a
    mapping: exit 2, never a signal, with "FILE: read error: the file
    shrank to N bytes" on standard error (N the new size), and no output
    line that the whole file does not give (a record command's output is
    a prefix of the whole file's, cut at a record boundary); under read():
    the bytes read before the cut, as from a shorter file (status as for
    the whole file, nothing on standard error);
  - grown, or replaced by another file (renamed over it): exactly the
    output and status of the bytes that were there when it was opened,
    or, grown under read(), those and the bytes added (as cat reads).
Prints TAP. Skips (with the reason) where the shim cannot see the
program's mmap calls.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok, skip  # noqa: E402 (tests/tap.py)

cli, shim = sys.argv[1], sys.argv[2]

LOG = (b'192.0.2.%d - - [10/Oct/2000:13:55:36 -0700] "GET /p/%d?q=1 HTTP/1.0" '
       b'200 2326 "http://r%d.example/from" "ua"\n')
URL = b"http://h%d.example/a/./b/../c?q=%d#f\n"

COMMANDS = [
    ("parse", ["parse", "--format=tsv"], URL),
    ("parse --all-grammars", ["parse", "--all-grammars"], URL),
    ("check", ["check"], URL),
    ("convert", ["convert", "--to-iri"], URL),
    ("normalize", ["normalize"], URL),
    ("resolve", ["resolve", "--base=http://a/b/c"], URL),
    ("get", ["get", "{host}"], URL),
    ("log", ["log", "--format=tsv"], LOG),
    ("extract", ["extract"], URL),
    ("extract -j 2", ["extract", "-j", "2"], URL),
]


def content(line):
    out, i = [], 0
    size = 0
    while size < 1088 * 1024:
        b = line % ((i,) * line.count(b"%d"))
        out.append(b)
        size += len(b)
        i += 1
    return b"".join(out)


def run(args, path, env_extra):
    env = dict(os.environ)
    env.update(env_extra)
    p = subprocess.run([cli] + args + [path], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


def shim_env(path, action, mark):
    asan = os.environ.get("ASAN_OPTIONS", "")
    return {
        "LD_PRELOAD": shim,
        "URISCAN_SHIM_FILE": path,
        "URISCAN_SHIM_ACTION": action,
        "URISCAN_SHIM_MARK": mark,
        # a gcc ASan runtime wants to be first in the list
        "ASAN_OPTIONS": (asan + ":" if asan else "") + "verify_asan_link_order=0",
    }


def main():
    with tempfile.TemporaryDirectory(prefix="uriscan-changing-") as tmp:
        path = os.path.join(tmp, "input.txt")
        mark = os.path.join(tmp, "mark")
        for name, args, line in COMMANDS:
            data = content(line)
            # 8 KiB windows (many mappings) for the two ways of reading a
            # mapped file: the record loop and extract -j
            for window in (None, "8192") if name in ("parse", "extract -j 2") else (None,):
                wenv = {"URISCAN_MMAP_WINDOW": window} if window else {}
                label = name + (" (8 KiB windows)" if window else "")
                with open(path, "wb") as f:
                    f.write(data)
                st0, out0, err0 = run(args, path, wenv)
                if st0 not in (0, 1) or err0:
                    ok(False, label + ": the unchanged file",
                       "status %d %r" % (st0, err0[:300]))
                    continue
                cut_mid = len(data) // 2 + 123
                for action in ("truncate:0", "truncate:%d" % cut_mid, "grow",
                               "replace"):
                    with open(path, "wb") as f:
                        f.write(data)
                    if os.path.exists(mark):
                        os.unlink(mark)
                    env = dict(wenv)
                    env.update(shim_env(path, action, mark))
                    st, out, err = run(args, path, env)
                    what = "%s, file %s after mmap" % (label, action)
                    if not os.path.exists(mark):
                        skip(what, "the shim did not see the mmap call "
                             "(a sanitizer runtime?): status %d" % st)
                        continue
                    with open(mark) as m:
                        how = m.read()
                    what += " (%s)" % how
                    lines0 = set(out0.splitlines())
                    # extract: the URL cut by the truncation is a match
                    known = all(x in lines0 for x in out.splitlines()[:-1])
                    if action.startswith("truncate") and how == "read":
                        ok(st == st0 and not err and known, what +
                           ": what was read, as from a shorter file",
                           "status %d (want %d), stderr %r" % (st, st0,
                                                               err[:400]))
                    elif action.startswith("truncate"):
                        size = int(action.split(":")[1])
                        want_err = ("%s: read error: the file shrank to %d "
                                    "bytes" % (path, size)).encode()
                        prefix = known if name.startswith("extract") else (
                            out0.startswith(out) and
                            (out == b"" or out.endswith(b"\n")))
                        ok(st == 2 and want_err in err and prefix, what +
                           ": exit 2, the new size named, output a prefix",
                           "status %d, stderr %r, output %d bytes of %d, "
                           "prefix %s" % (st, err[:400], len(out), len(out0),
                                          prefix))
                    elif action == "grow" and how == "read":
                        more = out[len(out0):].splitlines()
                        ok(st == st0 and out.startswith(out0) and not err and
                           more and all(b"grown.example" in x for x in more),
                           what + ": the bytes there, then the bytes added",
                           "status %d (want %d), stderr %r" % (st, st0,
                                                               err[:400]))
                    else:
                        ok(st == st0 and out == out0 and err == err0, what +
                           ": the bytes that were there",
                           "status %d (want %d), stderr %r, output %s" % (
                               st, st0, err[:400],
                               "same" if out == out0 else "differs"))
    return done()


sys.exit(main())
