#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/ada-amalgamate.sh: ada's single-file amalgamation (ada.h + ada.cpp)
# from an ada checkout, for the bench's ada rows (-Dada=DIR, or
# scripts/bench.sh --ada DIR).
#
#   scripts/ada-amalgamate.sh ADA_CHECKOUT [OUT_DIR]
#
# Runs ada's own singleheader/amalgamate.py on the checkout (a clone of
# github.com/ada-url/ada, or an unpacked snapshot of it) and writes the
# amalgamation into OUT_DIR (default: ADA_CHECKOUT/singleheader, where ada's
# script puts it by itself). Downloads nothing; writes nothing into this
# repository unless told to (ada's code is never committed here). Prints
# OUT_DIR on stdout, ada's messages on stderr.
set -eu

usage() { sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case ${1:-} in
-h|--help) usage; exit 0 ;;
'') usage >&2; exit 2 ;;
esac
[ $# -le 2 ] || { usage >&2; exit 2; }

src=$(cd "$1" && pwd) || exit 2
amal=$src/singleheader/amalgamate.py
if [ ! -f "$amal" ] || [ ! -d "$src/include" ] || [ ! -d "$src/src" ]; then
	echo "ada-amalgamate.sh: $1 is not an ada checkout (no singleheader/amalgamate.py, include/, src/)" >&2
	exit 2
fi
out=${2:-$src/singleheader}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# ada's script reads its sources beside itself, dates the files from git
# when the checkout is a git work tree, and writes into
# AMALGAMATE_OUTPUT_PATH.
(cd "$src" && AMALGAMATE_OUTPUT_PATH=$out "${PYTHON:-python3}" "$amal") >&2
for f in ada.h ada.cpp; do
	[ -s "$out/$f" ] || { echo "ada-amalgamate.sh: $out/$f not made" >&2; exit 1; }
done
version=$(sed -n 's/^#define ADA_VERSION "\(.*\)"$/\1/p' "$out/ada.h" | head -n 1)
echo "ada-amalgamate.sh: ada ${version:-(version unknown)} amalgamated into $out" >&2
echo "$out"
