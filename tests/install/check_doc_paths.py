#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_doc_paths.py: every file ARCHITECTURE.md and the READMEs of src/
name exists, so that the map stays true when files move.

Usage: check_doc_paths.py SOURCE_ROOT

A name is a word in backquotes that looks like a file or folder: it has
an extension of one to four letters (`src/hosts/address.c`, `gen.h`) or
ends in '/' (`src/grammars/`). One with a '/' must exist from the root of
the sources (or from the README's folder, for a README); a bare name must
be the name of some file of the sources (a table's row names its
folder). Names with '<', '*' or '{' are patterns, and the files of the
"Generated files" section are made by the build: both are left alone.
Prints TAP.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

root = sys.argv[1]
NAME = re.compile(r"`([A-Za-z0-9_./+-]+(?:\.[a-z0-9]{1,4}|/))`")


def tracked():
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"],
                             capture_output=True, text=True, check=True).stdout
        return out.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith((".", "build"))]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


files = tracked()
basenames = {os.path.basename(f) for f in files}
folders = {os.path.dirname(f) for f in files}
docs = ["ARCHITECTURE.md"] + sorted(
    f for f in files if f.startswith("src/") and f.endswith("README.md"))
for doc in docs:
    text = open(os.path.join(root, doc), encoding="utf-8").read()
    generated = ""
    if "## Generated files" in text:
        generated = text.split("## Generated files", 1)[1].split("\n## ", 1)[0]
    missing = []
    for name in sorted(set(NAME.findall(text))):
        if any(c in name for c in "<*{") or name in generated:
            continue
        if name.startswith(("http", "-", ".")) and "/" not in name[1:]:
            continue  # an option, a URL, an extension
        if "/" in name.rstrip("/"):
            here = os.path.join(os.path.dirname(doc), name)
            if not (os.path.exists(os.path.join(root, name)) or
                    os.path.exists(os.path.join(root, here))):
                missing.append(name)
        elif name.endswith("/"):
            if not any(f == name.rstrip("/") or f.endswith("/" + name.rstrip("/"))
                       for f in folders):
                missing.append(name)
        elif name not in basenames:
            missing.append(name)
    ok(not missing, f"{doc}: every file it names exists",
       "missing: " + ", ".join(missing))
sys.exit(done())
