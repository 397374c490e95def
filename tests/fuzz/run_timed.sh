#!/bin/sh
# SPDX-License-Identifier: MIT
# run_timed.sh: run one libFuzzer target for a bounded time, starting from
# its seed folders (read only: the corpus and the regressions; new inputs go
# to WORKDIR/corpus) with the dictionary. Exit status non-zero on a crash,
# a leak, a timeout or a broken invariant; the input that did it is saved
# in WORKDIR/ (crash-*, ...).
#   run_timed.sh FUZZER SECONDS DICT WORKDIR SEED_DIR...
# URISCAN_FUZZ_SECONDS in the environment overrides SECONDS.
set -eu
fuzzer=$1 seconds=${URISCAN_FUZZ_SECONDS:-$2} dict=$3 work=$4
shift 4
mkdir -p "$work/corpus"
# libFuzzer's default exit status for a finding is 77, which meson reads as
# "skipped": make every finding a failure.
exec "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -error_exitcode=1 -timeout_exitcode=1 \
  -max_len=4096 -dict="$dict" -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$@"
