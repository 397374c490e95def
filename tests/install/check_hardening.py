#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_hardening.py: the ELF files the build installs are linked hardened.

Usage: check_hardening.py READELF FILE...

For each FILE (the shared library, the CLI), from `readelf -d -l -W`:
 - a GNU_RELRO segment, and BIND_NOW (FLAGS BIND_NOW or FLAGS_1 NOW): the
   loader resolves every symbol at load time, then makes the GOT and the
   other relocated data read-only, the tables of function pointers the
   machines call through (src/grammars/gen.h) among them (meson.build links with
   -z relro -z now);
 - no TEXTREL: no relocation writes into code;
 - a GNU_STACK segment without the execute flag.
Prints TAP.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)


def main():
    readelf, files = sys.argv[1], sys.argv[2:]
    for f in files:
        name = os.path.basename(f)
        out = subprocess.run([readelf, "-d", "-l", "-W", f], check=True,
                             stdout=subprocess.PIPE, text=True).stdout
        ok(re.search(r"^\s*GNU_RELRO\s", out, re.M) is not None,
           f"{name}: has a GNU_RELRO segment", out)
        ok(re.search(r"\(FLAGS\)\s.*\bBIND_NOW\b", out) is not None or
           re.search(r"\(FLAGS_1\)\s.*\bNOW\b", out) is not None,
           f"{name}: BIND_NOW (every symbol resolved at load, the GOT "
           "read-only after)", out)
        ok(re.search(r"\bTEXTREL\b", out) is None,
           f"{name}: no relocation in its code (TEXTREL)", out)
        stack = re.search(r"^\s*GNU_STACK\s.*?\s([RWE ]{3})\s+0x[0-9a-f]+\s*$",
                          out, re.M)
        ok(stack is not None and "E" not in stack.group(1),
           f"{name}: a non-executable stack (GNU_STACK "
           f"{stack.group(1).strip() if stack else 'missing'})", out)
    return done()


if __name__ == "__main__":
    sys.exit(main())
