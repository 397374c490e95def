#!/usr/bin/env python3
"""bench_python.py: the Python bindings next to the Python URL parsers, and
the Dask pipeline next to the CLI, on the same inputs in the same run.

    PYTHONPATH=build/python python3 bench/bench_python.py [--cli build/src/cli/uriscan]
        [--log-size 20000000] [--no-dask]

1. calls/s of uriscan.parse, uriscan.is_valid, uriscan.urlsplit beside
   urllib.parse.urlsplit, rfc3986.uri_reference(s).is_valid() and
   rfc3987.match(s, "URI_reference") (each skipped when not installed) on
   every URL list of ../shared/data/urls and bench/data (best of 3 passes).
2. extraction MB/s: uriscan.extract (with and without components) beside
   re.finditer with the URL regex of bench/url_regex.h, on the real log.
3. lines/s of uriscan.dask top_hosts on a LocalCluster of 1 and 2 workers
   (the first run on a fresh cluster, then the best of 3 on the warm one)
   beside `uriscan extract --top 10 -j 1` and `-j 2`, on a synthetic log
   made by bench/gen_log.py. Speed is measured here only, never in a test.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

import uriscan

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared")
URL_RE = re.compile(rb"[A-Za-z][A-Za-z0-9+.\-]*://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")


def best(fn, reps=3):
    t = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        t = min(t, time.perf_counter() - t0)
    return t


def peers():
    def guard(f, exc):
        def g(s):
            try:
                f(s)
            except exc:
                pass
        return g
    out = [("uriscan.is_valid", uriscan.is_valid),
           ("uriscan.parse", guard(uriscan.parse, uriscan.InvalidURI)),
           ("uriscan.urlsplit", guard(uriscan.urlsplit, uriscan.InvalidURI)),
           ("urllib.parse.urlsplit", guard(urllib.parse.urlsplit, ValueError))]
    try:
        import rfc3986
        out.append(("rfc3986 is_valid", lambda s: rfc3986.uri_reference(s).is_valid()))
    except ImportError:
        print("rfc3986 not installed: skipped", file=sys.stderr)
    try:
        import rfc3987
        out.append(("rfc3987.match", lambda s: rfc3987.match(s, "URI_reference")))
    except ImportError:
        print("rfc3987 not installed: skipped", file=sys.stderr)
    return out


def url_lists(limit):
    paths = sorted(glob.glob(os.path.join(SHARED, "data", "urls", "*.txt")) +
                   glob.glob(os.path.join(HERE, "data", "*.txt")))
    for p in paths:
        with open(p, "rb") as f:
            lines = []
            for l in f.read().splitlines():
                try:
                    lines.append(l.decode("utf-8"))
                except UnicodeDecodeError:
                    pass
        yield os.path.basename(p), lines[:limit]


def bench_calls(limit):
    ps = peers()
    names = [n for n, _ in ps]
    print("## calls/s (best of 3 passes; first 10000 URLs of each list)\n")
    print("| list | URLs | " + " | ".join(names) + " | parse / urlsplit | parse / rfc3986 |")
    print("|---|---:|" + "---:|" * (len(names) + 2))
    for name, urls in url_lists(limit):
        rate = {}
        for n, fn in ps:
            t = best(lambda: [fn(u) for u in urls])
            rate[n] = len(urls) / t
        r1 = rate["uriscan.parse"] / rate["urllib.parse.urlsplit"]
        r2 = rate["uriscan.parse"] / rate["rfc3986 is_valid"] if "rfc3986 is_valid" in rate else float("nan")
        print(f"| {name} | {len(urls)} | " + " | ".join(f"{rate[n]/1e6:.2f} M" if rate[n] > 1e6
              else f"{rate[n]/1e3:.0f} k" for n in names) + f" | {r1:.1f}x | {r2:.0f}x |")


def bench_extract():
    path = os.path.join(SHARED, "data", "logs", "elastic_apache_logs.log")
    with open(path, "rb") as f:
        data = f.read()
    mb = len(data) / 1e6
    print(f"\n## extraction MB/s ({os.path.basename(path)}, {mb:.1f} MB, best of 3)\n")
    print("| method | matches | MB/s |")
    print("|---|---:|---:|")
    for name, fn in [
            ("uriscan.extract", lambda: list(uriscan.extract(data))),
            ("uriscan.extract components=False", lambda: list(uriscan.extract(data, components=False))),
            ("re.finditer (bench/url_regex.h)", lambda: [m.group() for m in URL_RE.finditer(data)])]:
        n = len(fn())
        print(f"| {name} | {n} | {mb / best(fn):.0f} |")


def bench_dask(cli, size):
    import distributed
    import uriscan.dask as ud
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "synthetic.log")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_log.py"), "--size", str(size),
                        "--shared", os.path.join(SHARED, "data"), log], check=True, stdout=subprocess.DEVNULL)
        with open(log, "rb") as f:
            nlines = sum(1 for _ in f)
        mb = os.path.getsize(log) / 1e6
        print(f"\n## top-10 hosts, lines/s (synthetic log: {nlines} lines, {mb:.0f} MB)\n")
        print("| pipeline | lines/s | MB/s |")
        print("|---|---:|---:|")
        ref = None
        for j in (1, 2):
            if not cli:
                break
            cmd = [cli, "extract", "--top", "10", "-j", str(j), log]
            ref = subprocess.run(cmd, check=True, capture_output=True).stdout
            t = best(lambda: subprocess.run(cmd, check=True, capture_output=True))
            print(f"| `uriscan extract --top 10 -j {j}` (best of 3) | {nlines / t:,.0f} | {mb / t:.0f} |")
        # the same bytes under other names (hard links): the keys of a
        # graph come from the paths, not from the block size, and the
        # scheduler would reuse the results of a graph with the same keys
        links = []
        for k in range(8):  # 4 runs on each of the 2 clusters
            links.append(f"{log}.{k}")
            os.link(log, links[-1])

        def top_hosts(client, path):
            top = client.compute(ud.top_hosts(
                ud.extract_bag(path, blocksize="8MiB"), 10)).result()
            if ref is not None:
                assert b"".join(b"%d\t%s\n" % (c, h) for h, c in top) == ref
        for w in (1, 2):
            with distributed.LocalCluster(n_workers=w, threads_per_worker=1, host="127.0.0.1",
                                          dashboard_address=None) as cl, \
                    distributed.Client(cl) as client:
                # the first run on a fresh cluster pays for the workers'
                # first imports; then best of 3 on the warm cluster, each
                # on its own link
                t0 = time.perf_counter()
                top_hosts(client, links.pop())
                t_first = time.perf_counter() - t0
                t_warm = None
                for _ in range(3):
                    t0 = time.perf_counter()
                    top_hosts(client, links.pop())
                    t = time.perf_counter() - t0
                    t_warm = t if t_warm is None else min(t_warm, t)
            name = f"uriscan.dask top_hosts, LocalCluster {w} worker{'s' if w > 1 else ''}"
            print(f"| {name}, first run (8 MiB blocks) | {nlines / t_first:,.0f} | {mb / t_first:.0f} |")
            print(f"| {name}, warm (best of 3) | {nlines / t_warm:,.0f} | {mb / t_warm:.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default=os.path.join(HERE, "..", "build", "src", "cli", "uriscan"))
    ap.add_argument("--log-size", type=int, default=20_000_000)
    ap.add_argument("--limit", type=int, default=10000)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--dask-only", action="store_true")
    a = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, uriscan {uriscan.__version__}\n")
    if not a.dask_only:
        bench_calls(a.limit)
        bench_extract()
    if not a.no_dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print("distributed not installed: no Dask bench", file=sys.stderr)
            return
        bench_dask(a.cli if os.path.exists(a.cli) else None, a.log_size)


if __name__ == "__main__":
    main()
