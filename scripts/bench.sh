#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/bench.sh: the one command that runs uriscan's benchmark.
# Long; no test runs it (speed is measured here, never in a test).
#
#   scripts/bench.sh [OPTIONS] [-- BENCH_ARGS...]
#
# 1. installs the peers' Debian packages that are missing, when run as root
#    with apt-get (says so; --no-install to skip);
# 2. configures a release build in build-bench/ (BUILD_DIR to change) and
#    builds the harness;
# 3. decompresses the URL lists and the real log of data/ (data/README.md)
#    into BUILD_DIR/data/, and generates the synthetic ~100 MB access log
#    there if it is missing (deterministic: bench/gen_log.py, from data/);
# 4. runs the harness, pinned to one CPU, on bench/data, BUILD_DIR/data/urls,
#    BUILD_DIR/data/logs, each --data DIR and the synthetic log, printing the
#    table; the run is also saved as BUILD_DIR/bench-last.json.
#
# Options:
#   --quick            3 repetitions of 0.05 s, committed sample and URL lists
#                      only (no logs)
#   --json             print the JSON report on stdout (the table on stderr)
#   --save FILE        also save the JSON report to FILE
#   --baseline         save the run as bench/baseline.json and print the
#                      fragment of bench/README.md and the excerpt of
#                      README.md generated from it
#   --compare OLD      after the run, compare it with the saved run OLD
#                      (exit status 1 if a regression is flagged)
#   --compare OLD NEW  compare two saved runs, no new run
#   --markdown [RUN]   print bench/README.md's fragment and README.md's
#                      excerpt generated from a saved run (default
#                      bench/baseline.json), no new run
#   --callgrind        add instructions and mispredicted branches per URL
#                      (valgrind callgrind; slow)
#   --perf             instead of the timed run, where the time goes: per
#                      function, nanoseconds per line of each dataset
#                      (bench/perf_profile.py, perf's cpu-clock; installs
#                      linux-perf as for the peers); what follows -- goes to
#                      perf_profile.py (e.g. -- --only uriscan:rfc3987:parse)
#   --sql              instead of the timed run, the SQL extensions' rows
#                      (bench/sql_bench.py: PostgreSQL and SQLite against
#                      the regex and LIKE queries a user writes today, and
#                      the engines' function-call overhead; with --quick, a
#                      short run)
#   --cpu N            pin to CPU N (default: the last CPU; 'none' to not pin)
#   --ada DIR          add ada's rows (ada:can_parse, ada:url_aggregator) and
#                      the "vs ada" ratios: DIR holds ada's single-file
#                      amalgamation (ada.h, ada.cpp), or is an ada checkout,
#                      amalgamated into BUILD_DIR/ada by
#                      scripts/ada-amalgamate.sh (nothing is downloaded;
#                      default: $URISCAN_BENCH_ADA; without either, no ada)
#   --no-install       do not apt-get install missing peers
#   --no-log           skip the synthetic log (and its generation)
#   --data DIR         also run on the URL lists of DIR (*.txt, one URL a
#                      line; e.g. lists data/ leaves out for want of a
#                      licence); repeatable
#   -h, --help
# Anything after -- goes to the harness as is (e.g. -- --reps 11 --only uriscan).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$here/build-bench}
tool=$here/bench/benchtool.py
py=${PYTHON:-python3}

json=0 save='' baseline=0 compare_old='' compare_new='' markdown='' callgrind=0
perf=0 sql=0
cpu=auto install=1 nolog=0 quick=0 ada=${URISCAN_BENCH_ADA:-} extra=

abspath() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
usage() { sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
	case $1 in
	--quick) quick=1 ;;
	--json) json=1 ;;
	--save) save=$(abspath "$2"); shift ;;
	--baseline) baseline=1 ;;
	--compare)
		compare_old=$(abspath "$2"); shift
		if [ $# -gt 1 ] && [ "${2#-}" = "$2" ]; then compare_new=$2; shift; fi ;;
	--markdown)
		markdown=$here/bench/baseline.json
		if [ $# -gt 1 ] && [ "${2#-}" = "$2" ]; then markdown=$2; shift; fi ;;
	--callgrind) callgrind=1 ;;
	--perf) perf=1 ;;
	--sql) sql=1 ;;
	--cpu) cpu=$2; shift ;;
	--ada) ada=$2; shift ;;
	--no-install) install=0 ;;
	--no-log) nolog=1 ;;
	--data)
		[ -d "${2:-}" ] || { echo "bench.sh: --data ${2:-}: not a directory" >&2; exit 2; }
		extra="$extra $(abspath "$2")"; shift ;;
	-h|--help) usage; exit 0 ;;
	--) shift; break ;;
	*) echo "bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done

# Tools-only modes: no build, no run.
if [ -n "$markdown" ]; then
	"$py" "$tool" markdown "$markdown"
	echo "bench.sh: README.md's excerpt (its Performance section):" >&2
	exec "$py" "$here/bench/readme_table.py" "$markdown"
fi
if [ -n "$compare_old" ] && [ -n "$compare_new" ]; then
	exec "$py" "$tool" compare "$compare_old" "$compare_new"
fi

say() { echo "bench.sh: $*" >&2; }

# 1. peers (each is optional: the harness skips what is not there)
peers="liburiparser-dev libcurl4-openssl-dev libglib2.0-dev libhttp-parser-dev libboost-url1.81-dev g++ libpcre2-dev"
[ "$(uname -m)" = x86_64 ] && peers="$peers libhyperscan-dev"
[ $callgrind = 1 ] && peers="$peers valgrind"
[ $perf = 1 ] && peers="$peers linux-perf"
missing=
for p in $peers; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ $install = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		say "installing the missing peer packages:$missing"
		export DEBIAN_FRONTEND=noninteractive
		# shellcheck disable=SC2086
		apt-get install -y -q $missing >&2 ||
			{ apt-get update -q >&2 && apt-get install -y -q $missing >&2; } ||
			say "could not install$missing; those peers will be skipped"
	else
		say "peer packages not installed:$missing (their rows are skipped)"
	fi
fi

# 2. build (release; tests off: the harness, and the CLI for the log rows)
if [ -n "$ada" ]; then
	ada=$(abspath "$ada")
	if [ ! -f "$ada/ada.h" ] || [ ! -f "$ada/ada.cpp" ]; then
		# an ada checkout: its amalgamation, made once into the build dir
		mkdir -p "$build"
		ada=$("$here/scripts/ada-amalgamate.sh" "$ada" "$(abspath "$build")/ada")
	fi
fi
if [ ! -f "$build/build.ninja" ]; then
	say "configuring $build (release)"
	meson setup "$build" "$here" --buildtype=release -Dbench=true \
		-Dtests=false -Dcli=true -Dada="$ada" >&2
elif [ -n "$missing" ]; then
	meson setup --reconfigure "$build" "$here" -Dada="$ada" >&2 # new peers
fi
# older build dirs had the CLI off; ada as given this time (none: no rows)
meson configure "$build" -Dcli=true -Dada="$ada" >/dev/null
ninja -C "$build" bench/bench src/cli/uriscan >&2
if [ $sql = 1 ]; then
	ninja -C "$build" >&2 # the extensions (src/sql/), when configured
	sqlpy=$py # one whose sqlite3 loads extensions (Debian's does)
	"$py" -c 'import sqlite3; sqlite3.Connection.enable_load_extension' \
		2>/dev/null || { [ -x /usr/bin/python3 ] && sqlpy=/usr/bin/python3; }
	if [ $quick = 1 ]; then set -- --copies 2 --reps 3; else set -- --copies 20 --reps 7; fi
	[ -n "$save" ] && set -- "$@" --json "$save"
	exec "$sqlpy" "$here/bench/sql_bench.py" --build "$build" "$@"
fi

# 3. datasets, named relative to the repository (they end up in the JSON)
cd "$here"
case $build in "$here"/*) build=${build#"$here"/} ;; esac
mkdir -p "$build/data/urls" "$build/data/logs"
for gz in data/urls/*.txt.gz data/logs/*.log.gz; do
	out=$build/${gz%.gz}
	[ "$out" -nt "$gz" ] || "$py" data/gunzip.py "$gz" "$out"
done
sets="bench/data $build/data/urls"
if [ $quick = 0 ]; then
	sets="$sets $build/data/logs"
	if [ $nolog = 0 ]; then
		synth=$build/data/synth_access.log
		if [ ! -f "$synth" ]; then
			say "generating $synth (deterministic, ~100 MB)"
			"$py" "$here/bench/gen_log.py" --data "$here/data" "$synth"
		fi
		sets="$sets $synth"
	fi
fi
sets="$sets$extra"

# 4. run
if [ "$cpu" = auto ]; then
	n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
	[ "$n" -gt 1 ] && cpu=$((n - 1)) || cpu=none
fi
if [ $perf = 1 ]; then
	[ "$cpu" != none ] && set -- --cpu "$cpu" "$@"
	files=
	for d in $sets; do
		[ -d "$d" ] || { files="$files $d"; continue; }
		for f in "$d"/*.txt "$d"/*.log; do
			[ -f "$f" ] && files="$files $f"
		done
	done
	# shellcheck disable=SC2086
	exec "$py" "$here/bench/perf_profile.py" --bench "$build/bench/bench" "$@" $files
fi
set --  "$@"
[ $quick = 1 ] && set -- --reps 3 --min-time 0.05 "$@"
[ $callgrind = 1 ] && set -- --callgrind "$@"
[ $json = 1 ] && set -- --json "$@"
[ "$cpu" != none ] && set -- --cpu "$cpu" "$@"
last=$build/bench-last.json
# shellcheck disable=SC2086
"$build/bench/bench" --save "$last" "$@" $sets
# 5. the command on the logs: `uriscan log` next to `uriscan extract`
if [ $quick = 0 ] && [ $json = 0 ]; then
	logs=$build/data/logs/elastic_apache_logs.log
	[ -n "${synth:-}" ] && logs="$logs $synth"
	# and `uriscan inspect` next to `uriscan parse` on the URL lists
	for f in bench/data/kasztp_sample.txt "$build"/data/urls/*.txt; do
		[ -f "$f" ] && logs="$logs $f"
	done
	# shellcheck disable=SC2086
	"$py" "$here/bench/clibench.py" "$build/src/cli/uriscan" 3 $logs >&2
fi
[ -n "$save" ] && cp "$last" "$save" && say "saved $save"
if [ $baseline = 1 ]; then
	cp "$last" "$here/bench/baseline.json"
	say "saved bench/baseline.json; bench/README.md's fragment:"
	"$py" "$tool" markdown "$here/bench/baseline.json"
	say "README.md's excerpt (its Performance section):"
	"$py" "$here/bench/readme_table.py" "$here/bench/baseline.json"
fi
if [ -n "$compare_old" ]; then
	"$py" "$tool" compare "$compare_old" "$last"
fi
