# SPDX-License-Identifier: MIT
"""`uriscan log` (JSON Lines) and uriscan.logformat split every line
alike: over the bundled logs, the real log of data/ and adversarial lines
(the cases of tests/vectors/access-log.tsv and more), line by line, the
same lines are out of the format and every field both report has the same
value (method target version, valid, the target's host and path, status,
referer and its host; the raw request when the CLI reports it)."""
import json
import os
import subprocess

import pytest

from uriscan.logformat import parse_lines
from vectors import ROOT, VECTORS, lines, real_log, unescape

LOGS = os.path.join(ROOT, "tests", "data", "logs")
# the CLI's key -> the record's key
SAME = {"method": "method", "target": "target", "version": "version",
        "valid": "request_valid", "host": "target_host", "path": "target_path",
        "status": "status", "referer": "referer", "referer_host": "referer_host",
        "request": "request"}

ADVERSARIAL = [
    b'1.2.3.4 - - [t] "\\x16\\x03\\x01\\x00" 400 0 "-" "-"',   # a TLS probe
    b'1.2.3.4 - - [t] "GET /a b c HTTP/1.1" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET /a b HTTP/1.1" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "-" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET " 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET / " 400 0 "-" "-"',
    b'1.2.3.4 - - [t] " / HTTP/1.1" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET * HTTP/1.1" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "OPTIONS * HTTP/1.1" 200 0 "-" "-"',
    b'1.2.3.4 - - [t] "CONNECT /x HTTP/1.1" 400 0 "-" "-"',
    b'1.2.3.4 - - [t] "CONNECT h:443 HTTP/1.1" 200 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET h:443 HTTP/1.1" 200 0 "-" "-"',
    b'1.2.3.4 - - [t] "GET http://H:8/p?q#f HTTP/1.1" 200 0 "//r.example/x" "-"',
    b'1.2.3.4 - - [t] "GET /%zz HTTP/1.1" 400 0 "http://a b/" "-"',
    b'1.2.3.4 - - [t] "GET /\\xff\\x00 HTTP/1.1" 400 0 "http://h/\\xc3\\xa9" "-"',
    b'1.2.3.4 - - [t] "GET /\xff HTTP/1.1" 200 - "http://\xc3\xa9.example/" "\xff"',
    b'1.2.3.4 - - [t] "GET / HTTP/1.1\\r\\n" 200 5 "mailto:a@b" "-"',
    b'1.2.3.4 - - [t] "GET / HTTP/1.1" 200 5 "" ""',
    b'1.2.3.4 - - [t] "get / HTTP/1.1" 200 5 "?q" "-"',
    b'1.2.3.4 - - [t] "GET /' + b"a" * 5000 + b' HTTP/1.1" 200 5 "-" "-"',
    b'1.2.3.4 - - [t] "GET / HTTP/1.1" 200 5 "-"',                 # no agent
    b'1.2.3.4 - - [t] "GET / HTTP/1.1" 099 5 "-" "-"',             # status
    b'not a log line',
    b'',
]


def cli_log(path, fmt):
    """{line number: record} of `uriscan log` on path in format fmt."""
    exe = os.environ.get("URISCAN_CLI")
    if not exe or not os.path.exists(exe):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    help_text = subprocess.run([exe, "log", "--help"], capture_output=True,
                               timeout=60).stdout
    # the input format's option: --log-format where --format names the output
    opt = "--log-format" if b"--log-format" in help_text else "--format"
    r = subprocess.run([exe, "log", f"{opt}={fmt}", path], capture_output=True,
                       timeout=120)
    assert r.returncode in (0, 1), r.stderr
    return {rec["line"]: rec for rec in map(json.loads, r.stdout.splitlines())}


def as_bytes(v):
    # the CLI writes bytes that are not UTF-8 as \udcXX (surrogateescape)
    return v.encode("utf-8", "surrogateescape") if isinstance(v, str) else v


def compare(path, fmt):
    with open(path, "rb") as f:
        recs = parse_lines(f.read(), fmt)
    cli = cli_log(path, fmt)
    assert sorted(cli) == [i + 1 for i, r in enumerate(recs) if r["malformed"] is None]
    compared = 0
    for n, c in cli.items():
        r = recs[n - 1]
        for ck, pk in SAME.items():
            if ck in c:
                assert as_bytes(c[ck]) == r[pk], (path, n, ck)
                compared += 1
    return len(recs), compared


@pytest.mark.parametrize("name,fmt", [("elastic-sample.log", "combined"),
                                      ("nginx-combined.log", "combined"),
                                      ("nginx-common.log", "common"),
                                      ("nginx-combined.log", "auto")])
def test_bundled_logs(name, fmt):
    n, compared = compare(os.path.join(LOGS, name), fmt)
    assert compared >= 9 * (n - 2)


def test_real_log():
    n, compared = compare(real_log(), "combined")
    assert n == 10000 and compared > 80000


@pytest.mark.parametrize("fmt", ["combined", "common", "auto"])
def test_adversarial_lines(tmp_path, fmt):
    cases = [unescape(f[2], strict=False) for _, f in
             lines(os.path.join(VECTORS, "access-log.tsv"))]
    cases = [c.rstrip(b"\r\n") for c in cases if b"\n" not in c.rstrip(b"\r\n")]
    path = tmp_path / "adversarial.log"
    path.write_bytes(b"".join(c + b"\n" for c in cases + ADVERSARIAL))
    n, compared = compare(str(path), fmt)
    assert n == len(cases) + len(ADVERSARIAL)
    assert compared > (30 if fmt == "common" else 100)
