#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Summarise meson testlog.json files into one line: 'N passed, N failed'.
Reads the logs only; runs nothing.

Usage: test-summary.py BUILDDIR|TESTLOG [...]
A BUILDDIR stands for BUILDDIR/meson-logs/testlog.json; a test setup's run
(meson test --setup NAME) writes meson-logs/testlog-NAME.json: give that
file. Prints the failing tests first, then the closing line. Exit status 1
if any test failed or no test ran at all.
"""
import json
import os
import sys

passed = failed = skipped = 0
for build in sys.argv[1:]:
    path = build
    if os.path.isdir(build):
        path = os.path.join(build, "meson-logs", "testlog.json")
    if not os.path.exists(path):
        print(f"test-summary: {path} missing", file=sys.stderr)
        failed += 1
        continue
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            t = json.loads(line)
            res = t.get("result", "")
            if res in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif res == "SKIP":
                skipped += 1
            else:
                failed += 1
                print(f"FAILED: {build}: {t.get('name')} ({res})")
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
