#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# deps.sh: install what uriscan needs to build and test on Debian/Ubuntu,
# skipping what is already there. Needs root or sudo for apt-get.
# Debian packages only (apt-get); it builds nothing.
#   scripts/deps.sh          build + test dependencies
#   scripts/deps.sh --bench  also the peer parsers the bench compares against
set -euo pipefail

pkgs=(ragel meson ninja-build gcc pkg-config python3 clang libclang-rt-14-dev
      liburiparser-dev libidn2-dev libpsl-dev publicsuffix libicu-dev g++ valgrind
      python3-dev python3-pytest python3-mesonpy python3-dask python3-distributed
      patchelf python3-venv groff-base python3-pandas python3-mypy ccache
      postgresql-15 postgresql-server-dev-15 libsqlite3-dev sqlite3)
if [ "${1:-}" = "--bench" ]; then
  pkgs+=(libcurl4-openssl-dev libglib2.0-dev libhttp-parser-dev g++
         libboost-url1.81-dev python3-rfc3986 python3-rfc3987)
fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
# Optional packages may not exist on every release: install what exists.
available=()
for p in "${missing[@]}"; do
  if apt-cache show "$p" >/dev/null 2>&1; then available+=("$p"); else echo "deps.sh: $p not available, skipped" >&2; fi
done
[ ${#available[@]} -eq 0 ] || $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${available[@]}" >/dev/null
