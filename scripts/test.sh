#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test.sh: build uriscan and run the whole test suite twice: a normal build
# (gcc, -O2) and a build under AddressSanitizer + UndefinedBehaviorSanitizer
# (clang when present), the tests of tests/memcheck_tests.txt and the fuzz
# corpus replays of the normal build under valgrind memcheck, then each fuzz
# target for a bounded time under libFuzzer (build-fuzz, when clang's
# libFuzzer is installed). The Python module and its tests (suite python)
# run in the normal build; in the sanitizer build the module is built with
# ASan and UBSan too, and its thread, allocation-failure, extraction and
# host tests run with the ASan runtime preloaded into python3 (suite
# python-asan, python/tests/meson.build): in the full run, there only, as
# the allocation-failure sweeps of core and cli (see "once_in_san"). A
# build with one grammar (rfc1738) and its tests check -Dgrammars=; the
# Python install of docs/python.md runs as written
# (scripts/check-python-install.sh); these two run in the background
# beside the rest ("the side lane", below).
# Builds only in build*/ directories and temporary ones; it never runs
# scripts/bench.sh. Reports each phase's wall and CPU time on stderr, and
# each build's test time by suite (scripts/test-summary.py). Ends with the
# line 'N passed, N failed, N skipped'.
#   scripts/test.sh            everything
#   scripts/test.sh --quick    the normal build only
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh || exit 2

jobs=$(nproc 2>/dev/null || echo 2)
builds=(build)

# ccache (meson compiles through it when it is installed; scripts/deps.sh
# installs it) without the build directory in its hash: a build then
# reuses what another one compiled from the same bytes with the same
# command, which build-rfc1738 does for most of its objects (its grammar's
# machines and most of src/ are the normal build's: about a minute and a
# half of CPU). The debug information of such an object names the other
# build directory; the relative paths in it name the same files.
export CCACHE_NOHASHDIR=true

# phase NAME: the phase NAME starts now; the one before it is reported on
# stderr with its wall time and the CPU time of what it ran (and all of
# them again at the end), so a slow CI run shows where its time went, and
# whether the machine was busy with something else (CPU well under twice
# the wall time in a phase that keeps both cores busy).
phase_pid=$$ # the shell whose CPU time phase() reads (the side lane's own)
cpu_ticks() { # user + system time of that shell and its waited-for children
  local s; s=$(cat "/proc/$phase_pid/stat" 2>/dev/null) || { echo 0; return; }
  s=${s##*) }; set -- $s
  echo $(( ${12} + ${13} + ${14} + ${15} ))
}
clk_tck=$(getconf CLK_TCK 2>/dev/null || echo 100)
phase_name="" phase_start=$SECONDS phase_cpu=$(cpu_ticks) phase_times=()
# The side lane (below) is a child of this shell: its CPU time joins this
# shell's when bash reaps it, whenever it ends; from then on side_off,
# the lane's own count, is taken off this shell's.
side_lane_pid="" side_off=0
phase() {
  local cpu
  if [ -n "$side_lane_pid" ] && [ "$side_off" = 0 ] &&
     ! kill -0 "$side_lane_pid" 2>/dev/null; then
    side_off=$(cat build/meson-logs/side-lane-ticks.txt 2>/dev/null || echo 0)
  fi
  cpu=$(( $(cpu_ticks) - side_off ))
  if [ -n "$phase_name" ]; then
    phase_times+=("$phase_name: $((SECONDS - phase_start)) s (CPU $(( (cpu - phase_cpu) / clk_tck )) s)")
    echo "test.sh: ${phase_times[-1]}" >&2
  fi
  phase_name=$1 phase_start=$SECONDS phase_cpu=$cpu
}

# The tests that read the sources and nothing of the build they are
# registered in, so that every build runs them alike: 'subproject' builds
# uriscan anew in a parent project with its own options (-T0, no
# sanitizer), 'configure errors' runs meson setup on the sources, 'doc
# paths' reads ARCHITECTURE.md and src/'s READMEs, suite man
# renders the manual pages with groff, the *-reference tests check the
# vector files against Python's reading of the RFCs' text,
# iri-ranges-up-to-date regenerates ragel/iri_ranges.rl, and
# host-address-ipaddress reads the host vectors with Python's ipaddress;
# skips-keep-the-machine reads ragel's output for the grammars' machines,
# the same in every build of those grammars. The normal build runs them;
# the sanitizer and one-grammar builds leave them out (about 35 s of CPU).
sources_only='^uriscan:(man / .*|install / (subproject|configure errors|doc paths)|core / (vectors(-[a-z0-9]+)?-reference|iri-ranges-up-to-date|host-address-ipaddress|skips-keep-the-machine))$'

# tests_but DIR ERE: the names of the tests of build DIR but those whose
# 'project:suite / name' matches the extended regular expression ERE.
tests_but() {
  meson test -C "$1" --list 2>/dev/null | grep '^[^ ]*:[^ ]* / ' |
    grep -vE "$2" | sed 's|^[^/]*/ ||'
}

setup() { # dir, extra meson args...
  local dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@" >/dev/null
  fi
}

phase "build: compile"
setup build -Dwerror=true || exit 2
ninja -C build -j "$jobs" || exit 2

# Fuzzing: the fuzz targets as libFuzzer binaries (clang, libclang-rt),
# under ASan, each run for a bounded time on top of its seed corpus
# (suite fuzz-timed; URISCAN_FUZZ_SECONDS overrides the time per target).
# 16 s for each of the twelve targets: about 100 s on 2 cores (24 s each
# took 2.5 minutes, more than the CI's budget allowed once there were
# twelve). Built at -O0: clang at -O2/-Og took 164 s of the 2-core
# machine over the goto C with ASan and libFuzzer's coverage, -O0 43 s;
# the fuzzers then run 1.2-2 times fewer inputs in their 16 s. The long
# campaigns (scripts/fuzz.sh) build optimized.
fuzz=no
if [ "${1:-}" != "--quick" ] &&
   echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)(n & 0); }' |
     clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
  fuzz=yes
elif [ "${1:-}" != "--quick" ]; then
  echo "test.sh: clang with libFuzzer (libclang-rt-14-dev) not found: no timed fuzzing" >&2
fi

# The side lane: the Python install of docs/python.md as written (a venv
# that sees Debian's packages, pip through meson-python: a release build
# of the library and the extension, scripts/check-python-install.sh), a
# library of one grammar (-Dgrammars=rfc1738, the option's documented use,
# with uriscan_site through libpsl at run time, -Dpsl=runtime: it must build, and every test registered there must pass; the suites
# written for RFC 3986 are not registered without it), then the fuzz
# build's compile. They share no directory with the main lane, so they run
# in the background, one after the other, beside the main lane's phases
# from 'build: tests' on: on 2 cores the two lanes fill each other's
# moments with a core to spare (one big generated file compiling alone at
# the end of a build, the tests that run alone). The timed fuzzing waits
# for the side lane, so that its fuzzers have the cores to themselves. The
# side lane's output goes to build/meson-logs/side-lane.log, printed when
# it is waited for.
side_lane() {
  phase_pid=$BASHPID phase_name="" phase_times=()
  phase "python install"
  scripts/check-python-install.sh build/meson-logs/testlog-pyinstall.json
  phase "build-rfc1738"
  # (and without ICU: the reading of non-ASCII hosts that says
  # idna_unavailable and names the flags it cannot compute, tested here;
  # and the other engine of uriscan_site: libpsl at run time, -Dpsl=runtime:
  # its tests site, psl-oracle and fuzz_site run against libpsl's own List)
  setup build-rfc1738 -Dgrammars=rfc1738 -Dbench=false -Dpython=disabled \
    -Dicu=disabled -Dpsl=runtime -Dwerror=true || exit 2
  ninja -C build-rfc1738 -j "$jobs" || exit 2
  # not the tests of the sources alone ($sources_only): the normal build's
  mapfile -t one_tests < <(tests_but build-rfc1738 "$sources_only")
  meson test -C build-rfc1738 --num-processes "$jobs" --print-errorlogs \
    "${one_tests[@]}"
  if [ $fuzz = yes ]; then
    # ASan only here: UBSan makes clang take minutes over the generated
    # goto code, and the corpus replay already runs under ASan+UBSan.
    phase "build-fuzz: compile"
    CC=clang setup build-fuzz -Dfuzzing=libfuzzer -Dfuzz_seconds=16 -Doptimization=0 \
      -Db_sanitize=address -Db_lundef=false -Dbench=false \
      -Dcli=false -Dwerror=true -Dpython=disabled || exit 2
    # Only the libFuzzer binaries (the programs of suite fuzz-timed): the
    # test programs and the corpus replays of this build would not run
    # (the other builds run them), and were about 30 % of its compile.
    mapfile -t fuzzers < <(meson introspect --tests build-fuzz | python3 -c '
import json, os, sys
for t in json.load(sys.stdin):
    if "uriscan:fuzz-timed" in t["suite"]:
        f = t["cmd"][1]
        print(os.path.relpath(f, sys.argv[1]) if os.path.isabs(f) else f)' build-fuzz)
    [ ${#fuzzers[@]} -gt 0 ] || { echo "test.sh: no fuzz-timed test in build-fuzz" >&2; exit 2; }
    ninja -C build-fuzz -j "$jobs" "${fuzzers[@]}" || exit 2
  fi
  phase ""
  printf '%s\n' "${phase_times[@]}" > build/meson-logs/side-lane-times.txt
  cpu_ticks > build/meson-logs/side-lane-ticks.txt
}
side_pid=""
# on an early exit of the main lane, the side lane still ends first
trap 'if [ -n "$side_pid" ]; then
  echo "test.sh: waiting for the side lane (build/meson-logs/side-lane.log)" >&2
  wait "$side_pid"; fi' EXIT
if [ "${1:-}" != "--quick" ]; then
  side_lane > build/meson-logs/side-lane.log 2>&1 &
  side_pid=$! side_lane_pid=$!
fi

# What finds the most under the sanitizers runs there only (in the full
# run): the allocation-failure sweeps (core's failalloc, cli failalloc),
# which under ASan also catch a leak or a use after free on each failure
# path, and the Python tests of threads, allocation failures, extraction
# and hosts, which build-san runs with the ASan runtime preloaded (suite
# python-asan). Each is left out of the normal build's run only when
# build-san registers its counterpart (its setup, done here, says: with
# gcc and no shared ASan runtime, suite python-asan is empty and the
# normal build runs them). --quick runs everything in the normal build.
san_cc=gcc san_cxx=g++
if command -v clang >/dev/null && command -v clang++ >/dev/null; then
  san_cc=clang san_cxx=clang++
fi
once_in_san=()
if [ "${1:-}" != "--quick" ]; then
  # Without the bench harness: the library, the CLI and the Python module
  # are what run under the sanitizers (the normal build runs the bench's
  # smoke tests; compiling and running them here took about a minute).
  CC=$san_cc CXX=$san_cxx setup build-san -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized -Dwerror=true -Dpython=auto -Dbench=false || exit 2
  san_list=$(meson test -C build-san --list 2>/dev/null)
  for t in 'core / failalloc' 'cli / cli failalloc' \
           'python / python-threads' 'python / python-nomemory' \
           'python / python-extract' 'python / python-hosts'; do
    case $t in
      python*) twin="python-asan / python-asan-${t#python / python-}" ;;
      *) twin=$t ;;
    esac
    if grep -qxF "uriscan:$twin" <<<"$san_list"; then
      once_in_san+=("uriscan:$t")
    fi
  done
fi
once_re='^$'
if [ ${#once_in_san[@]} -gt 0 ]; then
  once_re="^($(printf '%s|' "${once_in_san[@]}" | sed 's/|$//'))\$"
fi

phase "build: tests"
mapfile -t normal_tests < <(tests_but build "$once_re")
meson test -C build --num-processes "$jobs" --print-errorlogs \
  "${normal_tests[@]}"
if [ "${1:-}" != "--quick" ]; then
  # valgrind memcheck (tests/valgrind.sh; setup 'valgrind' in
  # tests/meson.build) over the normal build: the tests that reach every
  # public entry point (memcheck_tests.txt says which, and which are left
  # out), plus every fuzz corpus replay, so a new target is included.
  # Its results are build/meson-logs/testlog-valgrind.json.
  phase "memcheck"
  if command -v valgrind >/dev/null; then
    mapfile -t vg_tests < <(grep -v '^#' tests/memcheck_tests.txt | grep .;
      meson test -C build --list --suite fuzz 2>/dev/null | sed -n 's|^[^/]*/ ||p')
    rm -f build/meson-logs/testlog-valgrind.json
    meson test -C build --setup valgrind --num-processes "$jobs" \
      --print-errorlogs "${vg_tests[@]}"
    builds+=(build/meson-logs/testlog-valgrind.json)
  else
    echo "test.sh: valgrind not found (scripts/deps.sh installs it): no memcheck" >&2
  fi

  # (build-san was set up before the normal build's tests, above)
  phase "build-san: compile"
  ninja -C build-san -j "$jobs" || exit 2
  phase "build-san: tests"
  # Every test but those of the sources alone ($sources_only), which the
  # normal build runs ('subproject' here would be clang -Werror over the
  # sources, which this build's own compile already is).
  mapfile -t san_tests < <(tests_but build-san "$sources_only")
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-san --num-processes "$jobs" --print-errorlogs \
    "${san_tests[@]}"
  builds+=(build-san)

  phase "waiting for the side lane"
  wait "$side_pid"
  side_rc=$?
  side_pid=""
  echo "test.sh: the side lane's output (python install, build-rfc1738, build-fuzz):"
  cat build/meson-logs/side-lane.log
  [ $side_rc = 0 ] || { echo "test.sh: the side lane failed (exit $side_rc)" >&2; exit 2; }
  builds+=(build/meson-logs/testlog-pyinstall.json build-rfc1738)

  if [ $fuzz = yes ]; then
    phase "build-fuzz: timed fuzzing"
    ASAN_OPTIONS=detect_leaks=1 \
      meson test -C build-fuzz --suite fuzz-timed --num-processes "$jobs" \
      --print-errorlogs --no-rebuild
    builds+=(build-fuzz)
  fi
fi
phase ""
{ echo "test.sh: wall time by phase (total $SECONDS s):"
  printf 'test.sh:   %s\n' "${phase_times[@]}"
  if [ -s build/meson-logs/side-lane-times.txt ]; then
    echo "test.sh: the side lane's, beside 'build: tests' and after:"
    sed 's/^/test.sh:   /' build/meson-logs/side-lane-times.txt
  fi; } >&2
python3 scripts/test-summary.py "${builds[@]}"
