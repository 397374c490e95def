#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_man.py GROFF PAGE: render a man page with groff, every warning on
(-ww), output discarded (-z); fail on any message groff prints, or when
the page's .TH does not name the file. Also fails on a reference to a
section-3 page, since uriscan installs none."""
import os
import re
import subprocess
import sys

groff, page = sys.argv[1:3]
r = subprocess.run([groff, "-man", "-ww", "-z", page], capture_output=True, text=True)
problems = []
if r.returncode != 0 or r.stderr:
    problems.append(f"groff exit {r.returncode}: {r.stderr.strip()}")
text = open(page, encoding="utf-8").read()
name = os.path.basename(page).rsplit(".", 1)[0]
m = re.search(r"^\.TH (\S+) 1 ", text, re.M)
if not m or m.group(1).lower() != name:
    problems.append(f".TH does not name {name}")
for ref in re.findall(r"\\fB(\w+)\\fR\(3\)|^\.BR (\w+) \(3\)", text, re.M):
    problems.append(f"reference to a section-3 page: {ref}")
for p in problems:
    print(f"{page}: {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
