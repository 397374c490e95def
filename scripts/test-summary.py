#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Summarise meson testlog.json files into one line: 'N passed, N failed'.
Reads the logs only; runs nothing.

Usage: test-summary.py BUILDDIR|TESTLOG [...]
A BUILDDIR stands for BUILDDIR/meson-logs/testlog.json; a test setup's run
(meson test --setup NAME) writes meson-logs/testlog-NAME.json: give that
file. Prints each build's time by suite (the sum of its tests' durations: CPU
of a sort, tests run two at a time), then the failing tests, then the
closing line. Exit status 1 if any test failed or no test ran at all.
"""
import json
import os
import sys

passed = failed = skipped = 0
suite_times = []  # (build, {suite: [seconds, tests]})
failures = []
for build in sys.argv[1:]:
    path = build
    if os.path.isdir(build):
        path = os.path.join(build, "meson-logs", "testlog.json")
    if not os.path.exists(path):
        print(f"test-summary: {path} missing", file=sys.stderr)
        failed += 1
        continue
    times = {}
    suite_times.append((build, times))
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            t = json.loads(line)
            res = t.get("result", "")
            # "project:suite / test" (the suite's name in meson's log)
            name = t.get("name", "")
            suite = name.split(" / ", 1)[0].split(":", 1)[-1] \
                if " / " in name else name
            st = times.setdefault(suite, [0.0, 0])
            st[0] += float(t.get("duration") or 0)
            st[1] += 1
            if res in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif res == "SKIP":
                skipped += 1
            else:
                failed += 1
                failures.append(f"FAILED: {build}: {t.get('name')} ({res})")
print("test time by build and suite (seconds, the sum of the tests' "
      "durations; tests):")
for build, times in suite_times:
    total = sum(v[0] for v in times.values())
    print(f"  {build}: {total:.0f} s")
    for suite, (secs, n) in sorted(times.items(), key=lambda kv: -kv[1][0]):
        print(f"    {suite:<24} {secs:7.1f} s  {n:4d}")
for line in failures:
    print(line)
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
