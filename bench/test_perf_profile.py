#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench-perf-profile: checks of bench/perf_profile.py (TAP).

    test_perf_profile.py PERF_PROFILE_PY FIXTURE_DIR BENCH_EXE SAMPLE

The arithmetic on two stored `perf script` outputs (FIXTURE_DIR/perf_one.txt
and perf_many.txt: what is left of the K-pass run once the one-pass run is
taken away, per function and line), the table, and, when `perf record` works
on this machine, a short real run on SAMPLE (skipped otherwise: perf is not
one of the project's dependencies). Not a measurement: no figure is
compared with a speed.
"""

import importlib.util
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests"))
from tap import done, ok, skip  # noqa: E402 (tests/tap.py)


def load(path):
    spec = importlib.util.spec_from_file_location("perf_profile", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def perf_works():
    if shutil.which("perf") is None:
        return "no perf"
    try:
        r = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock",
                            "-o", "/dev/null", "--", "true"],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    return None if r.returncode == 0 else "perf record fails here"


def main(argv):
    pp, fixtures, bench, sample = argv[1:5]
    m = load(pp)
    with open(os.path.join(fixtures, "perf_one.txt")) as f:
        one = m.parse_script(f.read())
    with open(os.path.join(fixtures, "perf_many.txt")) as f:
        many = m.parse_script(f.read())

    ok(one.get(("rfc3986_v_URI_reference", "bench")) == 200000,
       "parse_script: a sample's period, the dso's base name")
    ok(one.get(("_copy_to_iter", "[kernel.kallsyms]")) == 400000,
       "parse_script: kernel samples summed")
    ok(many.get(("operator new(unsigned long)", "libstdc++.so.6")) == 200000,
       "parse_script: a symbol with spaces and parentheses")
    ok(many.get(("[unknown]", "libcrypto.so.3")) == 100000,
       "parse_script: [unknown] with its own period")
    ok(sum(many.values()) == 18 * 200000 + 100000,
       "parse_script: comments, blank lines and non-samples skipped")

    rows = m.per_line(one, many, 11, 1000)
    got = [(s, round(ns, 6)) for s, _, ns in rows]
    ok(got[:3] == [("rfc3986_v_URI_reference", 120.0),
                   ("uriscan__skip_avx2", 60.0), (got[2][0], 20.0)],
       "per_line: (K-run - one-run) / ((K - 1) * lines), largest first")
    ok(sorted(s for s, _ in got) == sorted([
        "rfc3986_v_URI_reference", "uriscan__skip_avx2", "uriscan_validate",
        "operator new(unsigned long)", "[unknown]"]),
       "per_line: the functions with the same time in both runs left out")

    t = m.table("T", rows, 0.05, 25.0, 1.5)
    ok("| `rfc3986_v_URI_reference` | bench | 120.00 | 52.2 % |" in t,
       "table: time per line and share of the total")
    ok("| (the others, each under 5 %) | | 10.00 | 4.3 % |" in t,
       "table: the functions under the least share in one line")
    ok("**230.00**" in t and "25.00 ns per line" in t,
       "table: the total and the time measured without perf")
    ok("153.33 ns per URL found" in t, "table: the time per URL found")

    why = perf_works()
    if why is not None:
        skip("a real run", why)
    else:
        r = subprocess.run([sys.executable, pp, "--bench", bench,
                            "--seconds", "0.05", "--only",
                            "uriscan:rfc3986:validate", sample],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=120)
        # the AVX2 read of src/grammars/uri_fast.c (its AVX-512 build,
        # src/grammars/uri_fast512.c, on a CPU with AVX-512) answers most of the
        # sample's URLs; without AVX2, the machine (its entry point, or the
        # machine itself behind the read's entry)
        fns = ("`uriscan__uri_fast_v`", "`uriscan__uri_fast512_v`",
               "`rfc3986_v_URI_reference`", "`rfc3986_v_URI_reference_m`")
        ok(r.returncode == 0 and any(f in r.stdout for f in fns)
           and "**total**" in r.stdout,
           "a real run: the library's validation in the table " + r.stderr)
    return done()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
