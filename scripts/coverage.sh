#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# coverage.sh: line and branch coverage of uriscan by its test suite, with
# Meson's b_coverage and gcovr (Debian: gcovr; installed when missing and run
# as root). Not part of scripts/test.sh: a debug build of its own in
# build-coverage/ (BUILD_DIR to change), every test of `meson test` run
# there (the 4 GiB and 16 MiB inputs skipped: URISCAN_SKIP_HUGE=1), then two
# reports:
#   1. the hand-written C of src/ (the library and src/cli/), per file,
#      with the files under 95 % of lines marked;
#   2. the C that ragel generates from ragel/*.rl (BUILD_DIR/ragel/*.c),
#      per grammar and part (hot, cold, and the -T0 tables of the tests),
#      and the lines of ragel/*.rl that its #line directives point at.
# Each ends with a line "TOTAL: lines L/N (P %), branches B/M (Q %)".
# The JSON summaries are kept in BUILD_DIR/coverage-{src,ragel}.json.
#   scripts/coverage.sh            configure (once), build, test, report
#   scripts/coverage.sh --report   report on the last run only
set -uo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build-coverage}
py=${PYTHON:-python3}

if ! command -v gcovr >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "coverage.sh: installing gcovr" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcovr >/dev/null ||
      { echo "coverage.sh: could not install gcovr" >&2; exit 2; }
  else
    echo "coverage.sh: gcovr not found (apt-get install gcovr)" >&2; exit 2
  fi
fi

if [ "${1:-}" != "--report" ]; then
  scripts/deps.sh || exit 2
  if [ ! -f "$build/build.ninja" ]; then
    # atomic counters: the extractor's threads (extract -j) and the Python
    # tests' threads update the same counters (single-threaded updates lose
    # counts and can wrap them negative, which gcov then cannot report)
    meson setup "$build" -Db_coverage=true -Dbuildtype=debug -Dbench=false \
      -Dc_args=-fprofile-update=atomic >/dev/null || exit 2
  fi
  ninja -C "$build" || exit 2
  find "$build" -name '*.gcda' -delete
  # the suite install builds programs against the installed library
  # outside Meson, without --coverage: they cannot link it here
  URISCAN_SKIP_HUGE=1 meson test -C "$build" --num-processes "$(nproc)" \
    --timeout-multiplier 4 --no-suite install >/dev/null
  echo "coverage.sh: $(grep -c '"result": "OK"' "$build/meson-logs/testlog.json") tests passed" \
    "(meson-logs/testlog.txt has the rest)" >&2
fi

# gcovr reads the .gcda files of the whole build once per report; the
# filters say which sources count. Paths are relative to the repository.
report() { # name, filter regex, extra gcovr args...
  local name=$1 filter=$2; shift 2
  gcovr -r . "$build" --filter "$filter" --gcov-ignore-parse-errors "$@" \
    --json-summary-pretty -o "$build/coverage-$name.json" 2>"$build/coverage-$name.log" ||
    { echo "coverage.sh: gcovr failed ($name)" >&2; exit 2; }
}
report src '^src/' --json "$build/coverage-src-lines.json"
# the machines' C (ragel -G2 emits #line directives, so gcov puts each line
# under the .rl it comes from: the generated rule files in the build
# directory, and the actions and fast paths of ragel/*_tags.rl)
report ragel "^$build/ragel/" --filter '^ragel/'
rm -f -- ./*'##'*.gcov # what gcov leaves when gcovr stops early

"$py" - "$build" <<'PY'
import json, os, sys
build = sys.argv[1]

def pct(c, n):
    return 100.0 * c / n if n else 100.0

def table(name, title, group=None):
    d = json.load(open(os.path.join(build, f"coverage-{name}.json")))
    rows = {}
    for f in d["files"]:
        key = group(f["filename"]) if group else f["filename"]
        r = rows.setdefault(key, [0, 0, 0, 0])
        r[0] += f["line_covered"]; r[1] += f["line_total"]
        r[2] += f["branch_covered"]; r[3] += f["branch_total"]
    print(f"\n{title}\n")
    print(f"{'file':46} {'lines':>15} {'branches':>17}")
    lc = lt = bc = bt = 0
    for key in sorted(rows):
        a, b, c, e = rows[key]
        lc += a; lt += b; bc += c; bt += e
        mark = "  < 95 %" if not group and pct(a, b) < 95 else ""
        print(f"{key:46} {a:6}/{b:<6} {pct(a, b):5.1f}% {c:6}/{e:<6} {pct(c, e):5.1f}%{mark}")
    print(f"TOTAL: lines {lc}/{lt} ({pct(lc, lt):.1f} %), "
          f"branches {bc}/{bt} ({pct(bc, bt):.1f} %)")

def ragel_group(path):
    base = os.path.basename(path)
    if path.startswith("ragel/"):
        return "actions and fast paths: " + path
    for part in ("_main_hot", "_main_cold", "_t0"):
        if part in base:
            return base.split("_rules")[0] + part.replace("_main", "")
    return base

table("src", "1. Hand-written C: src/ (library) and src/cli/ (the command)")

# the lines no test runs, in each hand-written file under 95 %
d = json.load(open(os.path.join(build, "coverage-src-lines.json")))
summ = {f["filename"]: f for f in json.load(open(os.path.join(build, "coverage-src.json")))["files"]}
print("\nUncovered lines of the files under 95 %:")
for f in sorted(d["files"], key=lambda f: f["file"]):
    s = summ.get(f["file"])
    if not s or pct(s["line_covered"], s["line_total"]) >= 95:
        continue
    miss = [l["line_number"] for l in f["lines"] if not l.get("gcovr/noncode") and l["count"] == 0]
    print(f"  {f['file']}: {' '.join(map(str, miss))}")
table("ragel", "2. Ragel-generated C (BUILD_DIR/ragel/), by grammar and part", ragel_group)
PY
