#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_big_lines.py: lines of many megabytes through the CLI, with bounded
memory.

Usage: test_big_lines.py UCLI [LINE_MIB [LINES]]   (default 16 MiB x 12)

Writes LINES lines of LINE_MIB MiB each (valid URIs "http://h/aaa...", one
with a space near its end, one with a NUL byte), then runs `uriscan check`
and `uriscan parse --format=tsv` on it, from the file (mapped) and through
a pipe (read into a buffer). Each run must give the right answer (the
exact line and column of the two bad bytes; one TSV record per line) and
its peak resident memory (wait4's ru_maxrss) must stay below
3 x the longest line + 64 MiB: proportional to a line, never to the input
(which is larger than the bound). Prints TAP.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

cli = sys.argv[1]
if os.environ.get("URISCAN_SKIP_HUGE"):
    print("1..0 # SKIP URISCAN_SKIP_HUGE is set")
    sys.exit(0)
MiB = 1 << 20
line_len = int(sys.argv[2]) * MiB if len(sys.argv) > 2 else 16 * MiB
nlines = int(sys.argv[3]) if len(sys.argv) > 3 else 12


def run(args, path, via_pipe, out):
    """Run the CLI on path (as FILE, or as stdin through cat | ...);
    returns (exit status, max RSS in bytes, stdout text or None)."""
    with open(out, "wb") as o:
        if via_pipe:
            cat = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
            p = subprocess.Popen([cli] + args + ["-"], stdin=cat.stdout, stdout=o)
            cat.stdout.close()
        else:
            p = subprocess.Popen([cli] + args + [path], stdin=subprocess.DEVNULL, stdout=o)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        if via_pipe:
            cat.wait()
    return p.returncode, ru.ru_maxrss * 1024


with tempfile.TemporaryDirectory(prefix="uriscan-big-") as tmp:
    path = os.path.join(tmp, "big.txt")
    head = b"http://h/"
    space_line, space_col = 3, line_len - 10      # 1-based line, column
    nul_line, nul_col = 6, line_len // 2
    # written in small pieces: a child inherits its parent's peak RSS
    # through fork and exec, so this process must stay small
    piece = b"a" * MiB
    with open(path, "wb") as f:
        for i in range(1, nlines + 1):
            bad = {space_line: (space_col, b" "), nul_line: (nul_col, b"\0")}.get(i)
            f.write(head)
            at = len(head)  # bytes of the line written
            while at < line_len:
                k = min(len(piece), line_len - at)
                if bad and at < bad[0] <= at + k:
                    j = bad[0] - 1 - at
                    f.write(piece[:j] + bad[1] + piece[j + 1:k])
                else:
                    f.write(piece[:k])
                at += k
            f.write(b"\n")
    total = os.path.getsize(path)
    bound = 3 * line_len + 64 * MiB
    print(f"# {nlines} lines of {line_len // MiB} MiB ({total // MiB} MiB); "
          f"memory bound {bound // MiB} MiB")
    out = os.path.join(tmp, "out")
    for via_pipe in (False, True):
        how = "pipe" if via_pipe else "file"
        rc, rss = run(["check"], path, via_pipe, out)
        with open(out, "rb") as f:
            text = f.read(4096).decode("utf-8", "replace").splitlines()
        ok(rc == 1 and len(text) == 2
           and f":{space_line}:{space_col}: bad_char:" in text[0]
           and f":{nul_line}:{nul_col}: bad_char:" in text[1],
           f"check ({how}): the two bad bytes, at their line and column", text)
        ok(rss < bound, f"check ({how}): peak memory {rss // MiB} MiB "
           f"< {bound // MiB} MiB")
        rc, rss = run(["parse", "--format=tsv"], path, via_pipe, out)
        fields = subprocess.run(["cut", "-f2", out], stdout=subprocess.PIPE).stdout.split()
        records, valid = len(fields), fields.count(b"true")
        ok(rc == 1 and records == nlines and valid == nlines - 2,
           f"parse ({how}): {records} records, {valid} valid", f"exit {rc}")
        ok(rss < bound, f"parse ({how}): peak memory {rss // MiB} MiB "
           f"< {bound // MiB} MiB")
    ok(total > bound, "the input is larger than the memory bound")
sys.exit(done())
