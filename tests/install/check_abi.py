#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_abi.py: the shared library exports exactly the public API.

Usage: check_abi.py SHARED_LIB STATIC_LIB HEADER VERSION_SCRIPT

 - `nm -D --defined-only` of the shared library: every symbol is one of
   the functions the header declares with URISCAN_API, and every one of
   those is exported: the two sets are equal;
 - every exported symbol carries the version node of the version script
   (URISCAN_0) and matches one of its `global:` patterns; no internal
   symbol (uriscan__*) leaks;
 - the static library defines no global symbol outside the uriscan_
   namespace (internal ones are uriscan__*), so it links beside anything.
Prints TAP.
"""
import fnmatch
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)


def nm(args):
    return subprocess.run(["nm"] + args, check=True, stdout=subprocess.PIPE,
                          text=True).stdout


def main():
    shared, static, header, script = sys.argv[1:5]
    text = open(script, encoding="utf-8").read()
    m = re.search(r"(\w+)\s*\{\s*global:\s*(.*?)local:", text, re.S)
    node, patterns = m.group(1), re.findall(r"([\w*?]+)\s*;", m.group(2))
    hdr = re.sub(r"/\*.*?\*/", "", open(header, encoding="utf-8").read(), flags=re.S)
    declared = set(re.findall(r"URISCAN_API\b[^;{]*?\b(uriscan_\w+)\s*\(", hdr))
    ok(len(declared) > 10, f"header declares {len(declared)} functions")

    exported = {}
    for line in nm(["-D", "--defined-only", shared]).splitlines():
        f = line.split()
        if len(f) < 3 or f[1] == "A":  # the version node itself
            continue
        name, _, version = f[2].partition("@@")
        exported[name] = version
    names = set(exported)
    ok(names == declared, "exported symbols == URISCAN_API declarations",
       f"exported, not declared: {sorted(names - declared)}\n"
       f"declared, not exported: {sorted(declared - names)}")
    ok(all(re.fullmatch(r"uriscan_[a-z0-9][a-z0-9_]*", s) and
           not s.startswith("uriscan__") for s in names),
       "every exported symbol is uriscan_*, none internal",
       sorted(s for s in names if not s.startswith("uriscan_") or s.startswith("uriscan__")))
    bad = sorted(s for s, v in exported.items() if v != node)
    ok(not bad, f"every exported symbol has version {node}", bad)
    bad = sorted(s for s in names if not any(fnmatch.fnmatchcase(s, p) for p in patterns))
    ok(not bad, "every exported symbol matches the version script", bad)

    bad = []
    for line in nm(["-g", "--defined-only", static]).splitlines():
        f = line.split()
        if len(f) >= 3 and not f[2].startswith("uriscan_"):
            # sanitizer builds add their own module constructors
            if not f[2].startswith(("__asan", "__ubsan", "__sancov", "asan.", "__odr_asan")):
                bad.append(f[2])
    ok(not bad, "static library: every global symbol is uriscan_*", sorted(set(bad)))


if __name__ == "__main__":
    main()
    sys.exit(done())
