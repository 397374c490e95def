#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz.sh: a fuzzing campaign: build the libFuzzer targets (clang, ASan) in
# their own folder and run each for N minutes on all cores from the
# committed seeds (tests/fuzz/corpus/TARGET/ and tests/fuzz/regressions/
# TARGET/) with the dictionary, then merge: the corpus becomes the smallest
# set libFuzzer finds that, with the regressions, reaches every edge the
# old corpus, the regressions and the campaign's new inputs reach. Writes
# under the work folder (new inputs, findings, logs) and, unless
# --no-merge, into tests/fuzz/corpus/; never into tests/fuzz/regressions/
# nor anything else in the repository.
#
#   scripts/fuzz.sh [--minutes N] [--jobs J] [--no-merge|--merge-only] [--ubsan] [TARGET...]
#
#   --minutes N   fuzzing time per target (default 10; decimals allowed)
#   --jobs J      parallel fuzzing processes per target (-fork=J; default:
#                 the number of cores)
#   --no-merge    leave tests/fuzz/corpus/ as it is (the new inputs stay in
#                 the work folder)
#   --merge-only  no fuzzing: merge what the work folder holds (nothing
#                 on a fresh one) with the corpus, as after a campaign;
#                 after a change of the code, this drops what no longer
#                 adds an edge
#   --ubsan       build with -fsanitize=address,undefined instead of
#                 address (clang takes far longer over the generated goto
#                 code; see tests/fuzz/README.md)
#   TARGET        fuzz_extract, ...; none: every fuzz target the build made
#
# The merge is libFuzzer's -merge=1 with its greedy set cover
# (-set_cover_merge=1: the input that adds the most edges first, where
# -merge=1 takes the smallest inputs first and kept 8,999 of fuzz_request's
# 9,098 inputs against 5,850) and -use_counters=0 (an input is kept for a
# new edge, not for a new hit count). It runs the fuzzer of this build, so
# the coverage is the current code's. The regressions go first: libFuzzer keeps every input of
# its first folder and counts what they reach as reached, so none is ever
# merged away and the corpus holds no input for what they already reach.
# Commit the corpus change (git add -A tests/fuzz/corpus) and the new size
# in tests/fuzz/README.md.
#
# Build folder: build-fuzz-campaign (build-fuzz-campaign-ubsan with
# --ubsan); work folder: FOLDER/campaign/TARGET/{corpus,log,crash-*,...}
# (URISCAN_FUZZ_WORK overrides FOLDER/campaign). Ends with one line per
# target: runs, runs per second, coverage, findings with their paths, and
# the corpus's change (inputs added, removed, files and bytes after).
# Exit status: 0 no finding, 1 a finding (or a failed merge), 2 usage or
# build error.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

minutes=10 jobs=$(nproc 2>/dev/null || echo 2) merge=1 fuzz=1 san=address
targets=()
usage() { sed -n '13,27p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
  --minutes) [ $# -ge 2 ] || usage; minutes=$2; shift 2 ;;
  --minutes=*) minutes=${1#*=}; shift ;;
  --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
  --jobs=*) jobs=${1#*=}; shift ;;
  --merge) merge=1; shift ;;   # the default; kept for old command lines
  --no-merge) merge=0; shift ;;
  --merge-only) merge=1 fuzz=0; shift ;;
  --ubsan) san=address,undefined; shift ;;
  -h|--help) usage ;;
  -*) echo "fuzz.sh: unknown option $1" >&2; usage ;;
  *) targets+=("$1"); shift ;;
  esac
done
seconds=$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); if (m !~ /^[0-9]*\.?[0-9]+$/ || s < 1) exit 1; print s }') ||
  { echo "fuzz.sh: --minutes wants a positive number, not '$minutes'" >&2; exit 2; }
case $jobs in ''|*[!0-9]*|0) echo "fuzz.sh: --jobs wants a positive integer" >&2; exit 2 ;; esac

if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)(n & 0); }' |
   clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
  echo "fuzz.sh: clang with libFuzzer not found (scripts/deps.sh installs clang and libclang-rt-14-dev)" >&2
  exit 2
fi

build=build-fuzz-campaign
[ "$san" = address ] || build=build-fuzz-campaign-ubsan
work=${URISCAN_FUZZ_WORK:-$root/$build/campaign}
opts=(-Dfuzzing=libfuzzer -Db_sanitize="$san" -Db_lundef=false
      -Dbuildtype=debugoptimized -Dbench=false -Dcli=false -Dpython=disabled)
if [ -f "$build/build.ninja" ]; then
  meson setup --reconfigure "$build" "${opts[@]}" >/dev/null || exit 2
else
  CC=clang CXX=clang++ meson setup "$build" "${opts[@]}" >/dev/null || exit 2
fi

# The fuzz targets the build defines: executables in tests/fuzz that are not
# the corpus replayers (fuzz_X_replay).
mapfile -t all < <(meson introspect "$build" --targets | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    if t["type"] == "executable" and not t["name"].endswith("_replay") \
       and t["defined_in"].endswith("/tests/fuzz/meson.build"):
        print(t["name"])' | sort)
[ ${#all[@]} -gt 0 ] || { echo "fuzz.sh: the build defines no fuzz target" >&2; exit 2; }
if [ ${#targets[@]} -eq 0 ]; then
  targets=("${all[@]}")
else
  for t in "${targets[@]}"; do
    printf '%s\n' "${all[@]}" | grep -qx -- "$t" ||
      { echo "fuzz.sh: no fuzz target '$t' (there are: ${all[*]})" >&2; exit 2; }
  done
fi
ninja -C "$build" $(printf 'tests/fuzz/%s ' "${targets[@]}") >/dev/null ||
  { echo "fuzz.sh: build failed (ninja -C $build)" >&2; exit 2; }

if [ $fuzz = 1 ]; then
  echo "fuzz.sh: ${targets[*]}: ${minutes} min each, $jobs jobs, -fsanitize=$san, work in $work" >&2
else
  echo "fuzz.sh: ${targets[*]}: merge only, -fsanitize=$san, work in $work" >&2
fi
summary=() found=0
for t in "${targets[@]}"; do
  w=$work/$t seeds=$root/tests/fuzz/corpus/$t regs=$root/tests/fuzz/regressions/$t
  mkdir -p "$w/corpus"
  seed_dirs=()
  [ -d "$seeds" ] && seed_dirs+=("$seeds")
  [ -d "$regs" ] && seed_dirs+=("$regs")
  runs=0 elapsed=1 cov="cov: - ft: -" finds=()
  if [ $fuzz = 1 ]; then
    touch "$w/.start"
    start=$(date +%s)
    # -fork: J processes, each restarted after a finding, which the parent
    # records and goes on (-ignore_*); artifacts (crash-*, leak-*, timeout-*,
    # oom-*) under $w/. New inputs go to the first folder only.
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
      "$build/tests/fuzz/$t" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -dict="$root/tests/fuzz/uri.dict" -artifact_prefix="$w/" \
        "$w/corpus" "${seed_dirs[@]}" >"$w/log" 2>&1
    rc=$?
    elapsed=$(( $(date +%s) - start ))
    [ $elapsed -gt 0 ] || elapsed=1
    # the parent's last status line: "#RUNS: cov: C ft: F corp: ..."
    last=$(grep -E '^#[0-9]+: cov: ' "$w/log" | tail -n 1)
    runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
    cov=$(sed -E 's/.* cov: ([0-9]+) ft: ([0-9]+).*/cov: \1 ft: \2/' <<<"$last")
    [ -n "$last" ] || { runs=0; cov="cov: ? ft: ?"; }
    mapfile -t finds < <(find "$w" -maxdepth 1 -type f \
      \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \
         -o -name 'slow-unit-*' \) -newer "$w/.start" 2>/dev/null | sort)
    # a run that ended badly with no artifact is a finding too (its log says)
    if [ ${#finds[@]} -eq 0 ] && [ $rc -ne 0 ]; then finds=("exit status $rc, see $w/log"); fi
  fi
  merged=""
  if [ $merge = 1 ]; then
    # regressions first (kept whole, their edges counted as reached), then
    # the corpus and the campaign's inputs; the result replaces the corpus
    m=$w/merge
    rm -rf "$m" && mkdir -p "$m" "$seeds"
    [ -d "$regs" ] && find "$regs" -maxdepth 1 -type f ! -name '.*' -exec cp {} "$m/" \;
    if ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
       "$build/tests/fuzz/$t" -set_cover_merge=1 -use_counters=0 -max_len=4096 -timeout=10 \
         -rss_limit_mb=2048 "$m" "$seeds" "$w/corpus" >"$w/merge.log" 2>&1; then
      [ -d "$regs" ] && find "$regs" -maxdepth 1 -type f ! -name '.*' -printf '%f\0' |
        (cd "$m" && xargs -0 -r rm -f --)
      removed=0 added=0
      for f in "$seeds"/*; do
        # an empty input stays: libFuzzer never keeps one, the replay
        # passes it as a NULL pointer
        [ -f "$f" ] && [ -s "$f" ] || continue
        [ -f "$m/${f##*/}" ] || { rm -f -- "$f"; removed=$((removed + 1)); }
      done
      for f in "$m"/*; do
        [ -f "$f" ] || continue
        [ -f "$seeds/${f##*/}" ] || { cp -- "$f" "$seeds/"; added=$((added + 1)); }
      done
      files=$(find "$seeds" -maxdepth 1 -type f | wc -l)
      bytes=$(find "$seeds" -maxdepth 1 -type f -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }')
      merged=", corpus +$added -$removed inputs: $files files, $bytes bytes in tests/fuzz/corpus/$t"
    else
      finds+=("merge failed, see $w/merge.log (corpus unchanged)")
    fi
  fi
  if [ $fuzz = 1 ]; then
    line="$t: $minutes min, $runs runs, $((runs / elapsed)) runs/s, $cov, ${#finds[@]} findings"
  else
    line="$t: merge only, ${#finds[@]} findings"
  fi
  [ ${#finds[@]} -eq 0 ] || { line+=": ${finds[*]}"; found=1; }
  summary+=("$line$merged")
  echo "$line$merged" >&2
done
echo "--- fuzz.sh summary (logs: $work/TARGET/log)"
printf '%s\n' "${summary[@]}"
exit $found
