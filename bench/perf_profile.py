#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where the time of a bench row goes: nanoseconds per URL per function.

    perf_profile.py [--bench PATH] [--only IDS] [--seconds S] [--period NS]
                    [--cpu N] [--min-share F] [--log] PATH...

For each row (a parser id of `bench --list`) and each dataset PATH, runs the
harness's child mode (`bench --ir-child ID --ir-passes K PATH`, the loop that
`--callgrind` counts) twice under `perf record -e cpu-clock -c NS`: one
pass, then K passes, K chosen so the K passes take about S seconds. Every
sample stands for NS nanoseconds of CPU time; the samples of the one-pass
run (loading the data, the first pass) are taken from the K-pass run's,
function by function, and what is left is divided by (K - 1) passes and
the dataset's lines. So the table gives the time per line (per URL on a URL
list) in each function, and on log text the time per URL found.

cpu-clock is a software event: it needs no hardware counters (this
project's machines have none), only `perf` (Debian package linux-perf)
and perf_event_paranoid <= 2. Each sample is a timer interrupt, and on a
virtual machine they are dear: at one every 20 us the rows ran 2-3 times
slower than timed, with the same shares; at the default, one every 200 us,
the total stayed within about 20 % of the row timed without perf, which
the table prints under it. The figures are times on a shared machine: compare
shares within one table, not absolute times between runs.

Output: one Markdown table per (row, dataset). Exit status 0, 1 if perf
is missing or fails, 2 on bad arguments.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

DEFAULT_ROWS = "uriscan:rfc3986:validate,uriscan:rfc3986:parse"
DEFAULT_LOG_ROWS = "uriscan:rfc3986:extract"


def parse_script(text):
    """{(symbol, dso): nanoseconds} from `perf script -F period,ip,sym,dso`.

    A line is `PERIOD IP SYMBOL (DSO)`; SYMBOL may hold spaces or be
    missing ([unknown]), DSO is the last parenthesised word."""
    out = {}
    for line in text.splitlines():
        fields = line.split(None, 2)
        if len(fields) < 2 or not fields[0].isdigit():
            continue
        period = int(fields[0])
        rest = fields[2] if len(fields) == 3 else ""
        sym, dso = rest, "?"
        if rest.endswith(")") and " (" in rest:
            sym, dso = rest[: rest.rindex(" (")], rest[rest.rindex(" (") + 2 : -1]
        elif rest.startswith("(") and rest.endswith(")"):
            sym, dso = "", rest[1:-1]
        sym = sym.strip() or "[unknown]"
        dso = os.path.basename(dso)
        out[(sym, dso)] = out.get((sym, dso), 0) + period
    return out


def per_line(one, many, passes, lines):
    """[(symbol, dso, ns per line)] of many - one over (passes - 1) passes,
    largest first; functions whose difference is not positive are left out
    (noise, or loading)."""
    rows = []
    for key in set(one) | set(many):
        ns = (many.get(key, 0) - one.get(key, 0)) / ((passes - 1) * lines)
        if ns > 0:
            rows.append((key[0], key[1], ns))
    rows.sort(key=lambda r: -r[2])
    return rows


def table(title, rows, min_share, timed_ns, found_per_line=None):
    """The Markdown table of per_line's rows (those under min_share of the
    total are summed in one line), with the row's time per line measured
    without perf (timed_ns) under it."""
    total = sum(r[2] for r in rows)
    out = [f"**{title}**", "", "| function | object | ns per line | share |",
           "|---|---|---:|---:|"]
    rest = 0.0
    for sym, dso, ns in rows:
        if total > 0 and ns / total < min_share:
            rest += ns
            continue
        out.append(f"| `{sym}` | {dso} | {ns:.2f} | {100 * ns / total:.1f} % |")
    if rest > 0:
        out.append(f"| (the others, each under {100 * min_share:.0f} %) | | "
                   f"{rest:.2f} | {100 * rest / total:.1f} % |")
    out.append(f"| **total** | | **{total:.2f}** | |")
    out.append("")
    out.append(f"The same row timed without perf just before: {timed_ns:.2f} ns "
               "per line.")
    if found_per_line:
        out.append(f"{found_per_line:.3f} URLs found per line: "
                   f"{total / found_per_line:.2f} ns per URL found.")
    return "\n".join(out)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, **kw)


def timed_run(bench, row, path, is_log):
    """(lines, seconds per pass, URLs found) from one short timed run."""
    cmd = [bench, "--json", "--reps", "1", "--min-time", "0.05",
           "--warmup", "0", "--only", row]
    if is_log:
        cmd.append("--log")
    rep = json.loads(run(cmd + [path]).stdout)
    for r in rep["results"]:
        if r.get("parser") == row:
            # urls: the lines of the dataset; accepted: the URLs found on
            # log text
            lines = r["urls"]
            return lines, r["ns_per_url"] * lines * 1e-9, r.get("accepted")
    raise RuntimeError(f"{row}: no result on {path}")


def record(bench, row, path, passes, period, cpu, is_log, tmp):
    data = os.path.join(tmp, "perf.data")
    cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-c", str(period),
           "-o", data, "--"]
    if cpu is not None and shutil.which("taskset"):
        cmd += ["taskset", "-c", str(cpu)]
    cmd += [bench, "--ir-child", row, "--ir-passes", str(passes)]
    if is_log:
        cmd.append("--log")
    run(cmd + [path])
    return parse_script(run(["perf", "script", "-i", data, "-F",
                             "period,ip,sym,dso"]).stdout)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+", metavar="PATH")
    ap.add_argument("--bench", default="build-bench/bench/bench")
    ap.add_argument("--only", help="comma-separated row ids (default: "
                    f"{DEFAULT_ROWS} on URL lists, {DEFAULT_LOG_ROWS} on logs)")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--period", type=int, default=200000,
                    help="nanoseconds of CPU time per sample")
    ap.add_argument("--cpu", type=int, default=None)
    ap.add_argument("--min-share", type=float, default=0.01)
    ap.add_argument("--log", action="store_true",
                    help="read every PATH as log text")
    a = ap.parse_args(argv)
    if shutil.which("perf") is None:
        print("perf_profile: no perf (Debian: apt-get install linux-perf)",
              file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for path in a.paths:
            is_log = a.log or path.endswith(".log")
            rows = (a.only or (DEFAULT_LOG_ROWS if is_log else DEFAULT_ROWS))
            for row in rows.split(","):
                try:
                    lines, sec, found = timed_run(a.bench, row, path, is_log)
                    passes = max(2, min(100000, round(a.seconds / sec)))
                    one = record(a.bench, row, path, 1, a.period, a.cpu,
                                 is_log, tmp)
                    many = record(a.bench, row, path, passes, a.period,
                                  a.cpu, is_log, tmp)
                except (subprocess.CalledProcessError, RuntimeError,
                        KeyError, ValueError) as e:
                    err = getattr(e, "stderr", "") or ""
                    print(f"perf_profile: {row} on {path}: {e} {err}".strip(),
                          file=sys.stderr)
                    return 1
                title = (f"{row} on {os.path.basename(path)} ({lines} lines, "
                         f"{passes} passes, cpu-clock every {a.period} ns)")
                fpl = found / lines if is_log and found else None
                print(table(title, per_line(one, many, passes, lines),
                            a.min_share, sec * 1e9 / lines, fpl))
                print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
