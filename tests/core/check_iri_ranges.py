#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""TAP: ragel/iri_ranges.rl is exactly what scripts/gen_utf8_ranges.py
writes, and the script's split passes its own --verify.

Usage: check_iri_ranges.py GEN_UTF8_RANGES.py IRI_RANGES.rl
"""
import os
import subprocess
import sys
import tempfile

gen, committed = sys.argv[1:3]
with tempfile.TemporaryDirectory() as d:
    out = os.path.join(d, "iri_ranges.rl")
    subprocess.run([sys.executable, gen, out], check=True)
    with open(out, "rb") as a, open(committed, "rb") as b:
        same = a.read() == b.read()
verify = subprocess.run([sys.executable, gen, "--verify"],
                        capture_output=True, text=True)
print("ok 1 - iri_ranges.rl matches gen_utf8_ranges.py" if same else
      "not ok 1 - iri_ranges.rl differs from gen_utf8_ranges.py output "
      "(run scripts/gen_utf8_ranges.py ragel/iri_ranges.rl)")
ok2 = verify.returncode == 0 and "not ok" not in verify.stdout
print(f"{'ok' if ok2 else 'not ok'} 2 - gen_utf8_ranges.py --verify")
for line in verify.stdout.splitlines():
    print("# " + line)
print("1..2")
