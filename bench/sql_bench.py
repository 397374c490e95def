#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""sql_bench.py: the SQL extensions (src/sql/, docs/sql.md) against the
queries a user writes today, in the same run.

Over a table of the bundled referers (data/urls/apache_log_referers.txt,
5,927 URLs, repeated --copies times), each engine runs:
  count(*)                      the scan alone
  identity                      WHERE uriscan_identity(u) IS NOT NULL: a C
                                function that returns its argument, the
                                engine's function-call overhead
  uri_is_valid                  WHERE uri_is_valid(u)
  peer: regexp / LIKE           the check a user writes today (PostgreSQL:
                                u ~ a URL regex; SQLite: LIKE and instr)
  uri_host GROUP BY             uri_host(u::uri) (PostgreSQL: the text
                                parsed into the type on every row)
  uri_host GROUP BY, stored     PostgreSQL: over a column of type uri (the
                                spans stored: no parse)
  peer: substring / substr      the host a regex (substring, regexp_match)
                                or substr/instr gives
  u::uri                        PostgreSQL: the type's input (parse,
                                normalize, build the value)
Each query runs --reps times round-robin (one warm-up round first); the
table gives the median, ns per row, uriscan's own cost (ns per row above
the identity row) and the ratio to the peer row of the same run: ratios
are what to compare across machines. PostgreSQL runs on a server of its
own (tests/sql/pg_temp.py; parallel workers off, so one core is timed),
timed by psql's \\timing; SQLite in-process through Python's sqlite3.

Usage: sql_bench.py --build BUILD [--copies N] [--reps N] [--json FILE]
                    [--engines postgresql,sqlite]
"""
import argparse
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "sql"))

URL_RE = r"^[A-Za-z][A-Za-z0-9+.-]*:[^[:space:]]*$"
HOST_RE = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]*)"

PG = [
    ("count(*)", "SELECT count(*) FROM refs", None),
    ("identity", "SELECT count(*) FROM refs WHERE uriscan_identity(u) IS NOT NULL", None),
    ("uri_is_valid", "SELECT count(*) FROM refs WHERE uri_is_valid(u)", "peer: regexp ~"),
    ("peer: regexp ~", "SELECT count(*) FROM refs WHERE u ~ '%s'" % URL_RE, None),
    ("uri_host GROUP BY", "SELECT count(*) FROM (SELECT uri_host(u::uri), count(*) "
     "FROM refs GROUP BY 1) s", "peer: substring GROUP BY"),
    ("uri_host GROUP BY, stored", "SELECT count(*) FROM (SELECT uri_host(u), count(*) "
     "FROM uris GROUP BY 1) s", "peer: substring GROUP BY"),
    ("peer: substring GROUP BY", "SELECT count(*) FROM (SELECT substring(u FROM '%s'), "
     "count(*) FROM refs GROUP BY 1) s" % HOST_RE, None),
    ("peer: regexp_match GROUP BY", "SELECT count(*) FROM (SELECT (regexp_match(u, '%s'))[1], "
     "count(*) FROM refs GROUP BY 1) s" % HOST_RE, None),
    ("u::uri", "SELECT count(*) FROM refs WHERE u::uri IS NOT NULL", None),
]

SQLITE = [
    ("count(*)", "SELECT count(*) FROM refs", None),
    ("identity", "SELECT count(*) FROM refs WHERE uriscan_identity(u) IS NOT NULL", None),
    ("uri_is_valid", "SELECT count(*) FROM refs WHERE uri_is_valid(u)", "peer: LIKE/instr"),
    ("peer: LIKE/instr", "SELECT count(*) FROM refs WHERE u LIKE '%_://%' "
     "AND instr(u, ' ') = 0 AND instr(u, '\"') = 0", None),
    ("uri_host GROUP BY", "SELECT count(*) FROM (SELECT uri_host(u), count(*) "
     "FROM refs GROUP BY 1)", "peer: substr/instr GROUP BY"),
    ("peer: substr/instr GROUP BY", "SELECT count(*) FROM (SELECT substr(r, 1, "
     "instr(r || '/', '/') - 1), count(*) FROM (SELECT substr(u, instr(u, '://') + 3) "
     "AS r FROM refs) GROUP BY 1)", None),
]


def referers():
    import gzip
    path = os.path.join(ROOT, "data", "urls", "apache_log_referers.txt.gz")
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def run_sqlite(module, urls, reps):
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.splitext(module)[0])
    db.execute("CREATE TABLE refs (u TEXT)")
    db.executemany("INSERT INTO refs VALUES (?)", ((u,) for u in urls))
    times = {name: [] for name, _, _ in SQLITE}
    for rep in range(reps + 1):
        for name, sql, _ in SQLITE:
            t0 = time.perf_counter()
            db.execute(sql).fetchall()
            if rep:
                times[name].append(time.perf_counter() - t0)
    return times


def run_postgresql(build, urls, reps, workdir_cb=None):
    import pg_temp
    pg_config = lambda o: subprocess.run(  # noqa: E731
        ["pg_config", o], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    mod = os.path.join(build, "src", "sql", "postgresql")
    with pg_temp.temp_server(pg_config("--bindir"), pg_config("--pkglibdir"),
                             pg_config("--sharedir"), os.path.join(mod, "uriscan.so"),
                             os.path.join(mod, "uriscan--0.1.0.sql"),
                             os.path.join(ROOT, "src", "sql", "postgresql",
                                          "uriscan.control")) as (server, root):
        data = os.path.join(root, "refs.txt")
        with open(data, "w", encoding="utf-8") as f:
            for u in urls:
                f.write(u.replace("\\", "\\\\").replace("\t", "\\t") + "\n")
        script = ["SET max_parallel_workers_per_gather = 0;",
                  "CREATE EXTENSION uriscan;",
                  "CREATE TABLE refs (u text);",
                  "\\copy refs FROM '%s'" % data,
                  "CREATE TABLE uris AS SELECT u::uri AS u FROM refs WHERE uri_is_valid(u);",
                  "DELETE FROM refs WHERE NOT uri_is_valid(u);",
                  "VACUUM ANALYZE refs; VACUUM ANALYZE uris;",
                  "\\timing on"]
        order = []
        for rep in range(reps + 1):
            for name, sql, _ in PG:
                script.append(sql + ";")
                order.append((rep, name))
        r = subprocess.run([os.path.join(server.bindir, "psql"), "-X", "-q",
                            "-h", server.sock, "-p", pg_temp.PORT, "-U", "postgres",
                            "-d", "postgres", "-v", "ON_ERROR_STOP=1"],
                           input="\n".join(script) + "\n", stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise RuntimeError("psql failed:\n" + r.stdout[-3000:])
        ms = [float(m) for m in re.findall(r"^Time: ([0-9.]+) ms", r.stdout, re.M)]
        ms = ms[-len(order):]
        rows = int(subprocess.run(
            [os.path.join(server.bindir, "psql"), "-X", "-qtA", "-h", server.sock,
             "-p", pg_temp.PORT, "-U", "postgres", "-d", "postgres", "-c",
             "SELECT count(*) FROM refs"], stdout=subprocess.PIPE, text=True).stdout)
        times = {name: [] for name, _, _ in PG}
        for (rep, name), t in zip(order, ms):
            if rep:
                times[name].append(t / 1000)
        return times, rows


def table(engine, queries, times, rows):
    med = {n: statistics.median(t) for n, t in times.items()}
    out = []
    ident = med.get("identity")
    print("\n%s, %d rows (median of %d)" % (engine, rows, len(next(iter(times.values())))))
    print("%-30s %10s %10s %14s %10s" % ("query", "ms", "ns/row", "uriscan ns/row", "vs peer"))
    for name, _, peer in queries:
        m = med[name]
        own = ""
        if ident is not None and name not in ("count(*)", "identity") and \
                not name.startswith("peer"):
            own = "%.0f" % ((m - ident) / rows * 1e9)
        ratio = "%.2fx" % (med[peer] / m) if peer else ""
        print("%-30s %10.2f %10.0f %14s %10s" % (name, m * 1e3, m / rows * 1e9, own, ratio))
        out.append({"engine": engine, "query": name, "seconds": m, "rows": rows,
                    "ns_per_row": m / rows * 1e9,
                    "vs_peer": (med[peer] / m) if peer else None})
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--copies", type=int, default=20)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--json")
    p.add_argument("--engines", default="postgresql,sqlite")
    a = p.parse_args()
    urls = referers() * a.copies
    report = []
    engines = a.engines.split(",")
    if "sqlite" in engines:
        mod = os.path.join(a.build, "src", "sql", "sqlite", "uriscan.so")
        if not os.path.exists(mod) or not hasattr(sqlite3.Connection,
                                                  "enable_load_extension"):
            print("sqlite: skipped (no module, or this Python's sqlite3 cannot load it)")
        else:
            report += table("sqlite", SQLITE, run_sqlite(mod, urls, a.reps), len(urls))
    if "postgresql" in engines:
        if not os.path.exists(os.path.join(a.build, "src", "sql", "postgresql",
                                           "uriscan.so")):
            print("postgresql: skipped (the extension is not built)")
        else:
            import pg_temp
            try:
                times, rows = run_postgresql(a.build, urls, a.reps)
                report += table("postgresql", PG, times, rows)
            except pg_temp.Skip as e:
                print("postgresql: skipped (%s)" % e)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
