#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_help.py: every command has its own --help, and uriscan --help lists
every option of every command.

Usage: test_help.py UCLI

For each command of the Commands section of `uriscan --help`:
`uriscan COMMAND --help` exits 0, begins with "Usage: uriscan COMMAND",
has an Options section and is not the global help; every option it lists
(the "-x, --long" or "--long" at the start of an option line) is accepted
by the command (its own --help is asked with it: an unknown option would
be a usage error, exit 2) and appears in the Options section of
`uriscan --help`; the default --format a command's help names is the one
it prints without --format. Prints TAP.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok, skip  # noqa: E402 (tests/tap.py)

cli = sys.argv[1]
OPT_LINE = re.compile(r"^  (?:(-[a-zA-Z]), |    )(--[a-z][a-z-]*)", re.M)


def run(*args):
    p = subprocess.run([cli, *args], capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def options(text):
    """The options listed in the Options section of a help text."""
    sect = text.split("\nOptions:\n", 1)
    if len(sect) < 2:
        return set()
    found = set()
    for short, long_ in OPT_LINE.findall(sect[1]):
        found.add(long_)
        if short:
            found.add(short)
    return found


rc, top, err = run("--help")
ok(rc == 0 and "\nOptions:\n" in top, "uriscan --help: exit 0, Options", err)
commands = re.findall(r"^  ([a-z]+)\b", top.split("\nCommands:\n", 1)[1]
                      .split("\nOptions:\n", 1)[0], re.M)
ok(len(commands) >= 9, f"commands listed: {' '.join(commands)}")
top_opts = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][a-z-]*)",
                          top.split("\nOptions:\n", 1)[1]))
for cmd in commands:
    rc, text, err = run(cmd, "--help")
    opts = options(text)
    ok(rc == 0 and text.startswith(f"Usage: uriscan {cmd}") and
       "\nCommands:\n" not in text and "--help" in opts,
       f"{cmd} --help: its own usage and options", text[:400] + err)
    missing = sorted(o for o in opts if o not in top_opts)
    ok(not missing, f"{cmd}: every option in uriscan --help",
       f"missing: {missing}")
    refused = []
    for o in sorted(opts):
        if o in ("-h", "--help"):
            continue
        # the option itself with --help after it: help is printed (exit 0)
        # only when the option was accepted; a value is given when needed
        rc1, _, e1 = run(cmd, o, "--help")
        if rc1 != 0:
            rc1, _, e1 = run(cmd, o + "=x" if o.startswith("--") else o,
                             "x", "--help")
        if rc1 != 0 and "unknown option" in e1:
            refused.append(o)
    ok(not refused, f"{cmd}: every option its --help lists is accepted",
       f"refused: {refused}")

# The default output format each --help names is the one printed without
# --format ("jsonl (default)": JSON objects; "tsv (default)" or "default:
# the result as text": no JSON object). inspect's help named text while it
# printed JSON Lines.
LOG_LINE = ('1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b=1 HTTP/1.0" '
            '200 2326 "http://r.example/x" "ua"\n')
SAMPLE = {"log": ([], LOG_LINE), "resolve": (["--base=http://x/"], "a/b\n"),
          "extract": ([], "see http://a.example/b here\n")}
for cmd in commands:
    rc, text, _ = run(cmd, "--help")
    m = re.search(r"^ {6}--format=FORMAT +(.*(?:\n {20,}.*)*)", text, re.M)
    if not m:
        continue
    said = " ".join(m.group(1).split())
    d = re.search(r"\b(jsonl|tsv) \(default", said)
    if "default: the result as text" in said:
        default = "text"
    elif d:
        default = d.group(1)
    else:
        ok(False, f"{cmd} --help: --format names its default", said)
        continue
    extra, stdin = SAMPLE.get(cmd, ([], "http://a.example/b?c=1\n"))
    p = subprocess.run([cli, cmd, *extra], input=stdin.encode(),
                       capture_output=True, timeout=60)
    if b"is not built into this library" in p.stderr:
        skip(f"{cmd}: without --format it prints {default}",
             "the default grammar is not in this build")
        continue
    first = p.stdout.decode(errors="replace").split("\n", 1)[0]
    is_json = first.startswith("{")
    ok(p.returncode in (0, 1) and first != "" and
       is_json == (default == "jsonl"),
       f"{cmd}: without --format it prints {default}, as its --help says",
       f"--help: {said!r}; output: {first[:200]!r}")
sys.exit(done())
