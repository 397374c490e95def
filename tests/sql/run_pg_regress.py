#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""run_pg_regress.py: the PostgreSQL extension's tests (pg_regress) on a
server of their own, which this script starts and always stops.

Usage: run_pg_regress.py --bindir D --pkglibdir D --sharedir D
         --pg-regress PATH --module uriscan.so --sql uriscan--V.sql
         --control uriscan.control --outdir D TEST...

The server is pg_temp.py's: a temporary copy of the server's bin, lib
and share with the extension added (PostgreSQL 15 reads extensions from
its own sharedir only), run as postgres (or nobody) when root, on a Unix
socket in a temporary directory. pg_regress runs against it
(installcheck mode: it creates its database uriscan_regress) with the
scripts of tests/sql/postgresql/sql, where @vectors@ is replaced by the
directory of the vector files written here (sql_vectors.py: every byte
string in hex) and @sqldir@ by the scripts' own; expected outputs in
tests/sql/postgresql/expected.

The server is stopped (pg_ctl stop -m immediate) and the temporary root
removed on every way out: success, failure, an exception, SIGTERM (meson
test's timeout), SIGINT, SIGHUP. Exit status: pg_regress's (0 when every
test passed), 77 (skip) when the machine cannot run a server, 1 on a
setup error. On a failure regression.diffs is printed and kept in --outdir.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pg_temp  # noqa: E402
import sql_vectors as S  # noqa: E402


def hexs(b):
    return "\\N" if b is None else b.hex()


def write_copy(path, rows):
    with open(path, "w", encoding="ascii") as f:
        for r in rows:
            f.write("\t".join(r) + "\n")


def is_text(b):
    """"t" when the bytes are text in a UTF8 database (no NUL, UTF-8)."""
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        return "f"
    return "f" if b"\0" in b else "t"


def write_vectors(d):
    """The COPY files the scripts load: text columns plain, bytes in hex."""
    rows = []
    for g in ("rfc3986", "rfc3987"):
        for where, inp, valid, status, off, comps in S.grammar(g):
            cols = [g, where, hexs(inp), is_text(inp), "t" if valid else "f",
                    status or "\\N", "\\N" if off is None else str(off),
                    "t" if comps is not None else "f"]
            cols += [hexs(comps[k]) if comps else "\\N" for k in S.COMPS]
            rows.append(cols)
    write_copy(os.path.join(d, "grammar.copy"), rows)
    write_copy(os.path.join(d, "normalize.copy"),
               [[g, w, hexs(i), hexs(e), "t" if x else "f"]
                for g in ("rfc3986", "rfc3987") for w, i, e, x in S.normalize(g)])
    write_copy(os.path.join(d, "equivalent.copy"),
               [[g, w, hexs(a), hexs(b), "t" if e else "f"]
                for g in ("rfc3986", "rfc3987") for w, a, b, e in S.equivalent(g)])
    write_copy(os.path.join(d, "resolve.copy"),
               [[g, w, hexs(b), hexs(r), hexs(t)]
                for g in ("rfc3986", "rfc3987") for w, b, r, t in S.resolve(g)])
    write_copy(os.path.join(d, "extract.copy"),
               [[g, w, hexs(t), is_text(t), " ".join("%d=%s" % (o, u.hex()) for o, u in m)]
                for g in ("rfc3986", "rfc3987") for w, t, m in S.extract(g)])
    write_copy(os.path.join(d, "query_get.copy"),
               [[w, hexs(q), hexs(k), hexs(v)] for w, q, k, v in S.query_get()])
    write_copy(os.path.join(d, "query_edit.copy"),
               [[w, g, k, hexs(u), ",".join(x.hex() for x in keys), hexs(v), hexs(r)]
                for w, g, k, u, keys, v, r in S.query_edit()])
    write_copy(os.path.join(d, "confusion.copy"),
               [[w, hexs(u), g, "{" + ",".join(sorted(f)) + "}"]
                for w, u, g, f in S.confusion()])
    write_copy(os.path.join(d, "host_address.copy"),
               [[w, hexs(u), "\\N" if t is None else t.decode(), c or "\\N"]
                for w, u, t, c in S.host_address()])
    write_copy(os.path.join(d, "site.copy"),
               [[w, hexs(u), "\\N" if s is None else s.decode()]
                for w, u, s in S.site()])


def main():
    p = argparse.ArgumentParser()
    for o in ("bindir", "pkglibdir", "sharedir", "pg-regress", "module", "sql",
              "control", "outdir"):
        p.add_argument("--" + o, required=True)
    p.add_argument("tests", nargs="+")
    a = p.parse_args()

    try:
        with pg_temp.temp_server(a.bindir, a.pkglibdir, a.sharedir, a.module,
                                 a.sql, a.control) as (server, root):
            vec = os.path.join(root, "vectors")
            os.mkdir(vec)
            write_vectors(vec)
            os.chmod(vec, 0o755)
            # the scripts, @vectors@ and @sqldir@ replaced
            inp = os.path.join(root, "input")
            os.makedirs(os.path.join(inp, "sql"))
            src = os.path.join(HERE, "postgresql")
            for f in os.listdir(os.path.join(src, "sql")):
                with open(os.path.join(src, "sql", f), encoding="utf-8") as fi:
                    text = fi.read().replace("@vectors@", vec).replace(
                        "@sqldir@", os.path.join(inp, "sql"))
                with open(os.path.join(inp, "sql", f), "w", encoding="utf-8") as fo:
                    fo.write(text)
            shutil.copytree(os.path.join(src, "expected"),
                            os.path.join(inp, "expected"))
            os.makedirs(a.outdir, exist_ok=True)
            r = subprocess.run([a.pg_regress, "--host=" + server.sock,
                                "--port=" + pg_temp.PORT, "--user=postgres",
                                "--bindir=" + server.bindir, "--inputdir=" + inp,
                                "--outputdir=" + a.outdir,
                                "--dbname=uriscan_regress"] + a.tests)
            if r.returncode != 0:
                diffs = os.path.join(a.outdir, "regression.diffs")
                if os.path.exists(diffs):
                    sys.stdout.write(open(diffs, errors="replace").read()[:20000])
                with open(server.log, errors="replace") as f:
                    sys.stdout.write("--- server log (end)\n" + f.read()[-5000:])
            return r.returncode
    except pg_temp.Skip as e:
        print("1..0 # SKIP %s" % e)
        return 77
    except RuntimeError as e:
        print(e)
        return 1


if __name__ == "__main__":
    sys.exit(main())
