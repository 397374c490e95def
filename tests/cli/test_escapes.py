#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_escapes.py: every byte the output escapes, and every escape a log
field holds, at every offset of strings of 0 to 40 bytes.

Usage: test_escapes.py UCLI

The output copies runs of ordinary bytes 16 at a time and the last few one
at a time (src/frontend/byte_scan.h), so a byte to escape is put at each offset
of each length, on both sides of each 16-byte boundary and in the tail:
 - `parse --format=jsonl`: the "input" string, read back with Python's
   json and surrogateescape, is the input line, byte for byte ('"', '\\',
   control bytes, 0x7f, valid UTF-8 of 2 to 4 bytes, invalid bytes);
 - `parse --format=tsv`: the input column, unescaped as PostgreSQL COPY
   text, is the input line (backslash, tab, carriage return);
 - `log`: a referer holding one escape (\\" \\\\ \\xHH \\n \\t, a backslash
   before a byte it does not escape) is decoded as Apache and nginx
   write it, and "referer_escapes" gives the offset its byte landed at;
   a user agent with a quote, an escaped one or a lone backslash, closed
   or not, makes a record exactly when it is well-formed.
Independent oracles: Python's json module, its decoding, and the escape
rules written out below. Prints TAP.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

PLAIN = b"abcdefghijklmnopqrstuvwxyz0123456789/?&=-._~ABCDEFGHIJKLMN"
MAXLEN = 40


def placed(specials):
    """Every special at every offset of every plain string up to MAXLEN."""
    for s in specials:
        for n in range(MAXLEN + 1):
            for k in range(n + 1):
                yield PLAIN[:k] + s + PLAIN[k:n]


def run(cli, args, data):
    with tempfile.NamedTemporaryFile(suffix=".txt") as f:
        f.write(data)
        f.flush()
        p = subprocess.run([cli] + args + [f.name], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def check_json(cli):
    specials = [b'"', b"\\", b"\x00", b"\x01", b"\x08", b"\x0c", b"\x1f",
                b"\t", b"\x7f", b"\x80", b"\xff", b"\xc3\xa9",
                b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xc3",
                b"\xed\xa0\x80", b'"\\"']
    lines = list(placed(specials))
    rc, out, err = run(cli, ["parse", "--format=jsonl"],
                       b"\n".join(lines) + b"\n")
    got = out.split(b"\n")[:-1]
    bad = []
    for i, (want, rec) in enumerate(zip(lines, got)):
        try:
            s = json.loads(rec.decode("utf-8"))["input"]
            back = s.encode("utf-8", "surrogateescape")
        except (ValueError, UnicodeError) as e:
            back = repr(e).encode()
        if back != want:
            bad.append("line %d: %r -> %r" % (i + 1, want, rec))
    ok(rc == 1 and len(got) == len(lines) and not bad,
       "parse --format=jsonl: %d lines, each special byte at every offset "
       "of 0-%d bytes, read back exactly" % (len(lines), MAXLEN),
       err + "\n".join(bad[:20]))


def tsv_unescape(b):
    out, i = bytearray(), 0
    table = {ord("\\"): b"\\", ord("t"): b"\t", ord("n"): b"\n",
             ord("r"): b"\r"}
    while i < len(b):
        if b[i] == ord("\\") and i + 1 < len(b) and b[i + 1] in table:
            out += table[b[i + 1]]
            i += 2
        else:
            out.append(b[i])
            i += 1
    return bytes(out)


def check_tsv(cli):
    # a carriage return ends with a plain byte after it: at the end of a
    # line it would be the CR of a CRLF
    lines = [l + (b"z" if l.endswith(b"\r") else b"")
             for l in placed([b"\\", b"\t", b"\r", b"\\\\", b"\\t"])]
    rc, out, err = run(cli, ["parse", "--format=tsv"],
                       b"\n".join(lines) + b"\n")
    got = out.split(b"\n")[:-1]
    bad = []
    for i, (want, rec) in enumerate(zip(lines, got)):
        back = tsv_unescape(rec.split(b"\t")[-1])
        if back != want:
            bad.append("line %d: %r -> %r" % (i + 1, want, rec))
    ok(len(got) == len(lines) and not bad,
       "parse --format=tsv: %d lines, backslash, tab and carriage return at "
       "every offset of 0-%d bytes, unescaped exactly" % (len(lines), MAXLEN),
       err + "\n".join(bad[:20]))


# (escape as written in the log, the byte it decodes to or None when the
# backslash stays)
LOG_ESCAPES = [(b'\\"', b'"'), (b"\\\\", b"\\"), (b"\\x41", b"A"),
               (b"\\xfF", b"\xff"), (b"\\n", b"\n"), (b"\\t", b"\t"),
               (b"\\q", None), (b"\\x4g", None)]


def check_log(cli):
    head = (b'192.0.2.1 - - [01/Mar/2024:00:00:00 +0000] "GET /a HTTP/1.1" '
            b'200 5 "')
    lines, want = [], []
    for esc, byte in LOG_ESCAPES:
        for n in range(MAXLEN + 1):
            for k in range(n + 1):
                field = PLAIN[:k] + esc + PLAIN[k:n]
                lines.append(head + field + b'" "ua"')
                if byte is None:  # the backslash is a byte like another
                    want.append((field, []))
                else:
                    want.append((PLAIN[:k] + byte + PLAIN[k:n], [k]))
    rc, out, err = run(cli, ["log"], b"\n".join(lines) + b"\n")
    got = out.split(b"\n")[:-1]
    bad = []
    for i, ((field, escs), rec) in enumerate(zip(want, got)):
        try:
            d = json.loads(rec.decode("utf-8"))
            back = d["referer"].encode("utf-8", "surrogateescape")
            offs = d["referer_escapes"]
        except (ValueError, UnicodeError, KeyError) as e:
            back, offs = repr(e).encode(), None
        if back != field or offs != escs:
            bad.append("line %d: %r -> %r" % (i + 1, lines[i], rec))
    ok(len(got) == len(lines) and not bad,
       "log: %d referers, each escape at every offset of 0-%d bytes, "
       "decoded with its offset" % (len(lines), MAXLEN),
       err + "\n".join(bad[:20]))


def ua_ok(ua):
    """The rule of a log line's last field (src/frontend/log_line.c,
    user_agent): a quote, bytes where a backslash takes the byte after it
    along, a quote, and nothing after."""
    if not ua.startswith(b'"'):
        return False
    i = 1
    while i < len(ua) and ua[i] != ord('"'):
        i += 2 if ua[i] == ord("\\") and i + 1 < len(ua) else 1
    return i == len(ua) - 1


def check_user_agent(cli):
    head = (b'192.0.2.1 - - [01/Mar/2024:00:00:00 +0000] "GET /a HTTP/1.1" '
            b'200 5 "-" ')
    lines, want = [], []
    for esc in (b'\\"', b"\\\\", b'"', b"\\", b"\\x"):
        for n in range(MAXLEN + 1):
            for k in range(n + 1):
                for tail in (b'"', b''):
                    ua = b'"' + PLAIN[:k] + esc + PLAIN[k:n] + tail
                    lines.append(head + ua)
                    if ua_ok(ua):
                        want.append(len(lines))
    rc, out, err = run(cli, ["log"], b"\n".join(lines) + b"\n")
    got = [json.loads(r)["line"] for r in out.split(b"\n")[:-1]]
    ok(len(want) > len(lines) // 4 and got == want,
       "log: %d user agents with a quote, an escape or a backslash at every "
       "offset of 0-%d bytes, closed or not: the %d well-formed lines, and "
       "only they, give records" % (len(lines), MAXLEN, len(want)),
       "%s\nwant %d records, got %d; first differences: %r" %
       (err, len(want), len(got),
        [(a, b) for a, b in zip(want, got) if a != b][:10]))


def main():
    cli = sys.argv[1]
    check_json(cli)
    check_tsv(cli)
    check_log(cli)
    check_user_agent(cli)
    return done()


if __name__ == "__main__":
    sys.exit(main())
