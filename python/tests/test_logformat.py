# SPDX-License-Identifier: MIT
"""uriscan.logformat on tests/vectors/access-log.tsv: every case through
parse_line (one line) and parse_lines (a block of lines, and every case in
one block, in order), and the same lines through `uriscan log -v`, which
must find the same lines out of the format for the same reasons."""
import os
import subprocess

import pytest

from uriscan.logformat import FORMATS, KEYS, parse_line, parse_lines
from vectors import VECTORS, lines, unescape

PATH = os.path.join(VECTORS, "access-log.tsv")


def malformed(line, why, offset):
    """The record of a line not in the format: every key, all None but
    malformed why offset."""
    r = dict.fromkeys(KEYS)
    r.update(malformed=line, why=why, offset=offset)
    return r


class LogCase:
    def __init__(self, lineno, f):
        self.where = f"access-log.tsv:{lineno}"
        assert f[0] in (b"record", b"malformed") and len(f) >= 4, self.where
        self.record = f[0] == b"record"
        self.format = f[1].decode()
        assert self.format in FORMATS, self.where
        self.line = unescape(f[2], strict=False)
        if not self.record:
            assert len(f) == 4, self.where
            why, _, off = f[3].decode().rpartition("@")
            self.why, self.offset = why, int(off)
            return
        self.want = {}
        for field in f[3:]:
            if field.endswith(b":none"):
                k, v = field[:-5].decode(), None
            else:
                k, _, raw = field.partition(b"=")
                k, v = k.decode(), unescape(raw, strict=False)
                if k in ("status", "size"):
                    v = int(v)
                elif k == "request_valid":
                    v = {b"true": True, b"false": False}[v]
            self.want[k] = v
        # every key, in the record's order
        assert list(self.want) == [k for k in KEYS if k in self.want], self.where
        assert tuple(self.want) == KEYS, self.where

    def __repr__(self):
        return self.where


CASES = [LogCase(n, f) for n, f in lines(PATH)]


def test_the_file_has_cases():
    assert sum(c.record for c in CASES) >= 20
    assert sum(not c.record for c in CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=repr)
def test_parse_line(case):
    got = parse_line(case.line, case.format)
    if case.record:
        assert got == case.want
        assert list(got) == list(case.want)  # the keys' order too
    else:
        assert got == malformed(case.line, case.why, case.offset)
        assert tuple(got) == KEYS


@pytest.mark.parametrize("case", CASES, ids=repr)
def test_parse_lines_one(case):
    block = case.line if case.line.endswith(b"\n") else case.line + b"\n"
    [got] = parse_lines(block, case.format)
    if case.record:
        assert got == case.want
    else:
        assert got == malformed(block, case.why, case.offset)


def test_parse_lines_block():
    """Every case of a format in one block, in order; the last line of the
    block without its line feed."""
    for fmt in FORMATS:
        cases = [c for c in CASES if c.format == fmt and b"\n" not in c.line[:-1]]
        block = b"".join(c.line if c.line.endswith(b"\n") else c.line + b"\n"
                         for c in cases)[:-1]
        got = parse_lines(block, fmt)
        assert len(got) == len(cases)
        for c, g in zip(cases, got):
            assert (g["why"], g["offset"]) == \
                ((None, None) if c.record else (c.why, c.offset)), c.where
            if c.record:
                assert g == c.want, c.where
    assert parse_lines(b"") == []
    assert parse_lines(b"\n") == [malformed(b"\n", "host ident user", 0)]


def test_arguments():
    with pytest.raises(ValueError):
        parse_line(b"x", "extended")
    with pytest.raises(TypeError):
        parse_line("a str")
    with pytest.raises(TypeError):
        parse_lines(None)
    assert parse_line(bytearray(CASES[0].line), CASES[0].format) == CASES[0].want
    assert parse_line(memoryview(CASES[0].line), CASES[0].format) == CASES[0].want


def test_cli_agrees(tmp_path):
    """`uriscan log -v --log-format=F`: the lines of the cases out of the format
    are reported, with the same reason, and no other line."""
    cli = os.environ.get("URISCAN_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    for fmt in FORMATS:
        # a file of lines: a case with a line feed inside it cannot be one
        cases = [c for c in CASES if c.format == fmt and b"\n" not in c.line[:-1]]
        path = tmp_path / f"{fmt}.log"
        path.write_bytes(b"".join(c.line if c.line.endswith(b"\n") else c.line + b"\n"
                                  for c in cases))
        r = subprocess.run([cli, "log", "-v", "--log-format=" + fmt, str(path)],
                           capture_output=True, timeout=60)
        assert r.returncode in (0, 1), r.stderr
        reported = {}
        for line in r.stderr.splitlines():
            if b": not a " in line:
                head, _, rest = line.partition(b": not a ")
                n = int(head.rsplit(b":", 1)[1])
                reported[n] = rest.split(b"(", 1)[1].split(b")", 1)[0].decode()
        want = {i + 1: c.why for i, c in enumerate(cases) if not c.record}
        assert reported == want, fmt
