#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_python.py: the Python bindings next to the Python URL parsers, and
the Dask pipeline next to the CLI, on the same inputs in the same run.

    PYTHONPATH=build/python python3 bench/bench_python.py [--cli build/src/cli/uriscan]
        [--log-size 20000000] [--no-dask] [--data DIR]...

1. calls/s of uriscan.parse, uriscan.is_valid, uriscan.urlsplit beside
   urllib.parse.urlsplit, rfc3986.uri_reference(s).is_valid() and
   rfc3987.match(s, "URI_reference") (each skipped when not installed) on
   every URL list of data/urls (the .gz files, decompressed in memory),
   bench/data and each --data DIR (its *.txt) (best of 3 passes).
2. extraction MB/s: uriscan.extract (with and without components) beside
   re.finditer with the URL regex of bench/url_regex.h, on the real log;
   access-log records per second: uriscan.logformat beside a split by `re`
   (uriscan judging the request line and referer) and `uriscan log`.
3. lines/s of uriscan.dask top_hosts on a LocalCluster of 1 and 2 workers
   (the first run on a fresh cluster, then the best of 3 on the warm one)
   beside `uriscan extract --top 10 -j 1` and `-j 2`, and of log_bag's
   records counted by status beside `uriscan log`, on a synthetic log
   made by bench/gen_log.py. Speed is measured here only, never in a test.
"""
import argparse
import glob
import gzip
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

import uriscan

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data")
REAL_LOG_GZ = os.path.join(DATA, "logs", "elastic_apache_logs.log.gz")
URL_RE = re.compile(rb"[A-Za-z][A-Za-z0-9+.\-]*://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")


def run_log(cmd):
    """`uriscan log`: exit status 1 says a line is not in the format (a
    log of real traffic has some), 2 an error."""
    r = subprocess.run(cmd, capture_output=True)
    if r.returncode not in (0, 1):
        raise subprocess.CalledProcessError(r.returncode, cmd, r.stdout, r.stderr)
    return r


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


def url_lists(limit, dirs=()):
    paths = sorted(glob.glob(os.path.join(DATA, "urls", "*.txt.gz")) +
                   glob.glob(os.path.join(HERE, "data", "*.txt")))
    for d in dirs:
        paths += sorted(glob.glob(os.path.join(d, "*.txt")))
    for p in paths:
        with (gzip.open if p.endswith(".gz") else open)(p, "rb") as f:
            lines = []
            for l in f.read().splitlines():
                try:
                    lines.append(l.decode("utf-8"))
                except UnicodeDecodeError:
                    pass
        yield os.path.basename(p).removesuffix(".gz"), lines[:limit]


def bench_calls(limit, dirs=()):
    ps = peers()
    names = [n for n, _ in ps]
    print("## calls/s (best of 3 passes; first 10000 URLs of each list)\n")
    print("| list | URLs | " + " | ".join(names) + " | parse / urlsplit | parse / rfc3986 |")
    print("|---|---:|" + "---:|" * (len(names) + 2))
    for name, urls in url_lists(limit, dirs):
        rate = {}
        for n, fn in ps:
            t = best(lambda: [fn(u) for u in urls])
            rate[n] = len(urls) / t
        r1 = rate["uriscan.parse"] / rate["urllib.parse.urlsplit"]
        # "-" without the rfc3986 package (pip's, not in Debian)
        r2 = (f'{rate["uriscan.parse"] / rate["rfc3986 is_valid"]:.0f}x'
              if "rfc3986 is_valid" in rate else "-")
        print(f"| {name} | {len(urls)} | " + " | ".join(f"{rate[n]/1e6:.2f} M" if rate[n] > 1e6
              else f"{rate[n]/1e3:.0f} k" for n in names) + f" | {r1:.1f}x | {r2} |")


def real_log(tmp):
    """The real log of data/logs, decompressed into tmp (the CLI reads it)."""
    path = os.path.join(tmp, "elastic_apache_logs.log")
    if not os.path.exists(path):
        with gzip.open(REAL_LOG_GZ, "rb") as src, open(path, "wb") as dst:
            dst.write(src.read())
    return path


def bench_extract(path):
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


# What a Python user would write without uriscan.logformat (and what it
# was until the sixteenth round of issue 12): the combined format by `re`,
# its escapes by `re.sub`, the request line and referer judged by uriscan.
_Q = rb'"((?:[^"\\]|\\.)*)"'
LOG_RE = re.compile(rb'(\S+) (\S+) (\S+) \[([^\]]*)\] ' + _Q + rb' (\d{3}) (\S+) ' + _Q +
                    rb' ' + _Q + rb'[ \t]*\r?\n?\Z')
LOG_ESC = re.compile(rb'\\(x[0-9a-fA-F]{2}|.)', re.S)
LOG_SIMPLE = {b'"': b'"', b'\\': b'\\', b'b': b'\b', b'n': b'\n', b'r': b'\r',
              b't': b'\t', b'v': b'\v'}


def re_log_line(line):
    m = LOG_RE.match(line)
    if m is None:
        return None
    g = m.groups()

    def unescape(s):
        if b"\\" not in s:
            return s
        return LOG_ESC.sub(lambda e: bytes([int(e.group(1)[1:], 16)]) if len(e.group(1)) == 3
                           else LOG_SIMPLE.get(e.group(1), b"\\" + e.group(1)), s)
    request, referer = unescape(g[4]), unescape(g[7])
    rec = {"client": g[0], "ident": g[1], "user": g[2], "time": g[3], "request": request,
           "status": int(g[5]), "size": g[6], "method": None, "target": None,
           "version": None, "request_valid": uriscan.is_valid(request, rule="request-line"),
           "target_host": None, "referer": referer, "agent": unescape(g[8]),
           "referer_host": None}
    if rec["request_valid"]:
        rec["method"], rec["target"], rec["version"] = request.split(b" ")
        rec["target_host"] = uriscan.parse(rec["target"], rule="request-target").host
    if referer != b"-":
        try:
            rec["referer_host"] = uriscan.parse(referer, rule="URI").host
        except uriscan.InvalidURI:
            pass
    return rec


def bench_log(cli, path):
    """Access-log records (combined format) per second, one process."""
    from uriscan.logformat import parse_line, parse_lines
    with open(path, "rb") as f:
        data = f.read()
    lines = data.splitlines(keepends=True)
    print(f"\n## access-log records, lines/s ({os.path.basename(path)}, {len(lines)} lines, "
          "best of 3)\n")
    print("| method | lines/s |")
    print("|---|---:|")
    rows = [("uriscan.logformat.parse_lines (one call)", lambda: parse_lines(data)),
            ("uriscan.logformat.parse_line (a call per line)",
             lambda: [parse_line(l) for l in lines]),
            ("`re` split, uriscan judging (a call per line)",
             lambda: [re_log_line(l) for l in lines])]
    if cli:
        rows.append(("`uriscan log --format=tsv`", lambda: run_log(
            [cli, "log", "--format=tsv", path])))
    for name, fn in rows:
        print(f"| {name} | {len(lines) / best(fn):,.0f} |")


def bench_dask(cli, size):
    import distributed
    import uriscan.dask as ud
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "synthetic.log")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_log.py"), "--size", str(size),
                        log], check=True, stdout=subprocess.DEVNULL)
        with open(log, "rb") as f:
            nlines = sum(1 for _ in f)
        mb = os.path.getsize(log) / 1e6
        print(f"\n## top-10 hosts and log records, lines/s (synthetic log: {nlines} lines, {mb:.0f} MB)\n")
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
        if cli:
            cmd = [cli, "log", "--format=tsv", log]
            t = best(lambda: run_log(cmd))
            print(f"| `uriscan log --format=tsv` (best of 3) | {nlines / t:,.0f} | {mb / t:.0f} |")
        links = []
        for k in range(14):  # 4 + 3 runs on each of the 2 clusters
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
                t_log = None
                for _ in range(3):
                    t0 = time.perf_counter()
                    n = sum(c for _, c in client.compute(ud.count_by(
                        ud.log_bag(links.pop(), blocksize="8MiB"), "status")).result())
                    t = time.perf_counter() - t0
                    assert n <= nlines
                    t_log = t if t_log is None else min(t_log, t)
            cluster = f"LocalCluster {w} worker{'s' if w > 1 else ''}"
            name = f"uriscan.dask top_hosts, {cluster}"
            print(f"| {name}, first run (8 MiB blocks) | {nlines / t_first:,.0f} | {mb / t_first:.0f} |")
            print(f"| {name}, warm (best of 3) | {nlines / t_warm:,.0f} | {mb / t_warm:.0f} |")
            print(f"| uriscan.dask log_bag, count_by status, {cluster}, warm (best of 3) "
                  f"| {nlines / t_log:,.0f} | {mb / t_log:.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default=os.path.join(HERE, "..", "build", "src", "cli", "uriscan"))
    ap.add_argument("--log-size", type=int, default=20_000_000)
    ap.add_argument("--limit", type=int, default=10000)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--dask-only", action="store_true")
    ap.add_argument("--data", action="append", default=[],
                    help="a directory of further URL lists (*.txt; repeatable)")
    a = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, uriscan {uriscan.__version__}\n")
    if not a.dask_only:
        bench_calls(a.limit, a.data)
        with tempfile.TemporaryDirectory() as tmp:
            bench_extract(real_log(tmp))
            bench_log(a.cli if os.path.exists(a.cli) else None, real_log(tmp))
    if not a.no_dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print("distributed not installed: no Dask bench", file=sys.stderr)
            return
        bench_dask(a.cli if os.path.exists(a.cli) else None, a.log_size)


if __name__ == "__main__":
    main()
