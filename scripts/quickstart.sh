#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# quickstart.sh: install what is missing, build uriscan, and run it on the
# bundled sample (tests/data/sample-urls.txt): split every line into its
# RFC 3986 components, count the hosts (uriscan get), then list the lines
# that are not valid URI references.
# Builds in build/ only; a demonstration, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
if [ -f build/build.ninja ]; then meson setup --reconfigure build >/dev/null; else meson setup build >/dev/null; fi
ninja -C build
uriscan=build/src/cli/uriscan
echo
echo "== uriscan parse --format=tsv tests/data/sample-urls.txt (first 12 lines)"
"$uriscan" parse --format=tsv tests/data/sample-urls.txt | head -n 12 || true
echo
echo "== uriscan parse tests/data/sample-urls.txt (JSON Lines, 3 lines)"
"$uriscan" parse tests/data/sample-urls.txt | head -n 3 || true
echo
echo "== uriscan get '{host}' tests/data/sample-urls.txt | sort | uniq -c | sort -rn | head"
"$uriscan" get '{host}' tests/data/sample-urls.txt 2>/dev/null | sort | uniq -c | sort -rn | head || true
echo
echo "== uriscan check tests/data/sample-urls.txt"
status=0
"$uriscan" check tests/data/sample-urls.txt || status=$?
echo
echo "uriscan check exit status: $status (0: all valid, 1: some invalid, 2: error)"
[ "$status" -le 1 ]
