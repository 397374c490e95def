#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-python-install.sh TESTLOG: run the Python install of docs/python.md
# ("Install") as written, in a temporary directory instead of ~/.venv: a
# virtual environment that sees Debian's packages, pip building the package
# with meson-python from this checkout (nothing downloaded: --no-index),
# then an import from outside the source tree that must load the installed
# package. Writes one result line in meson's testlog.json format to TESTLOG
# (scripts/test.sh adds it to its summary); exit status 1 on failure, with
# the commands' output on stderr.
# Debian's python3 (/usr/bin/python3) is used when present, so that a
# python3 earlier on PATH (pyenv, ...) does not hide Debian's packages.
set -uo pipefail
cd "$(dirname "$0")/.."
log=${1:?usage: check-python-install.sh TESTLOG}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/uriscan-pyinstall.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
result=OK
{
  "$py" -m venv --system-site-packages "$tmp/venv" &&
  "$tmp/venv/bin/pip" install --no-build-isolation --no-index . &&
  (cd "$tmp" && "$tmp/venv/bin/python" -c '
import sys, uriscan
assert uriscan.__file__.startswith(sys.prefix), uriscan.__file__
print(uriscan.parse("http://h/p").host)') > "$tmp/got" &&
  [ "$(cat "$tmp/got")" = h ]
} > "$tmp/out" 2>&1 || result=FAIL
if [ $result = FAIL ]; then
  echo "check-python-install.sh: the install of docs/python.md failed:" >&2
  cat "$tmp/out" >&2
fi
mkdir -p "$(dirname "$log")"
printf '{"name": "python-install (docs/python.md)", "result": "%s", "duration": %s}\n' \
  "$result" "$(( $(date +%s) - start ))" > "$log"
[ $result = OK ]
