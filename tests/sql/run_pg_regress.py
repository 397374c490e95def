#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""run_pg_regress.py: the PostgreSQL extension's tests (pg_regress) on a
server of their own, which this script starts and always stops.

Usage: run_pg_regress.py --bindir D --pkglibdir D --sharedir D
         --pg-regress PATH --module uriscan.so --sql uriscan--V.sql
         --control uriscan.control --outdir D TEST...

PostgreSQL 15 finds an extension's control file only in its own sharedir
and its module in its pkglibdir, both computed from where the postgres
binary lives. So, as PostgreSQL's own `make check` does with its temporary
install, the server runs from a copy: the executables of bindir, the
modules of pkglibdir and all of sharedir, at the same paths under a
temporary root (postgres finds share/ and lib/ relative to bin/), with the
extension's three files added. Nothing is written into the system's
PostgreSQL directories, and no system cluster is used.

initdb refuses root: run as root (CI), the cluster belongs to the user
postgres (or nobody), and initdb and pg_ctl run as that user (runuser).
The server listens on a Unix socket in the temporary directory only (no
TCP), trust authentication, fsync off. pg_regress runs against it
(installcheck mode: it creates its database uriscan_regress) with the
scripts of tests/sql/postgresql/sql, where @vectors@ is replaced by the
directory of the vector files written here (sql_vectors.py: every byte
string in hex); expected outputs in tests/sql/postgresql/expected.

The server is stopped (pg_ctl stop -m immediate) and the temporary root
removed on every way out: success, failure, an exception, SIGTERM (meson
test's timeout), SIGINT, SIGHUP. Exit status: pg_regress's (0 when every
test passed), 77 (skip) when the machine cannot run a server, 1 on a
setup error. On a failure regression.diffs is printed and kept in --outdir.
"""
import argparse
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sql_vectors as S  # noqa: E402

PORT = "54329"  # the socket is in our own directory: no clash possible


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
    write_copy(os.path.join(d, "confusion.copy"),
               [[w, hexs(u), g, "{" + ",".join(sorted(f)) + "}"]
                for w, u, g, f in S.confusion()])
    write_copy(os.path.join(d, "host_address.copy"),
               [[w, hexs(u), "\\N" if t is None else t.decode(), c or "\\N"]
                for w, u, t, c in S.host_address()])
    write_copy(os.path.join(d, "site.copy"),
               [[w, hexs(u), "\\N" if s is None else s.decode()]
                for w, u, s in S.site()])


class Server:
    """A cluster in root/data, run as user (None: as ourselves)."""

    def __init__(self, root, bindir, user):
        self.root, self.bindir, self.user = root, bindir, user
        self.data = os.path.join(root, "run", "data")
        self.sock = os.path.join(root, "run")
        self.log = os.path.join(root, "run", "server.log")
        self.started = False

    def run(self, argv, **kw):
        if self.user:
            argv = ["runuser", "-u", self.user, "--"] + argv
        return subprocess.run(argv, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, **kw)

    def start(self):
        r = self.run([os.path.join(self.bindir, "initdb"), "-D", self.data,
                      "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                      "--locale=C", "--no-sync", "--no-instructions"])
        if r.returncode != 0:
            raise RuntimeError("initdb failed:\n" + r.stdout)
        opts = ("-k %s -c listen_addresses='' -p %s -F -c jit=off "
                "-c max_parallel_workers_per_gather=2" % (self.sock, PORT))
        self.started = True  # stop even when start fails half-way
        r = self.run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data,
                      "-l", self.log, "-w", "-t", "60", "-o", opts, "start"])
        if r.returncode != 0:
            log = open(self.log, errors="replace").read() if os.path.exists(self.log) else ""
            raise RuntimeError("pg_ctl start failed:\n" + r.stdout + log)

    def stop(self):
        if self.started:
            self.started = False
            self.run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data,
                      "-m", "immediate", "-w", "stop"])


def copy_install(root, a):
    """bin, lib (modules only) and share at their paths under root."""
    at = lambda p: root + os.path.abspath(p)  # noqa: E731
    os.makedirs(at(a.bindir))
    for f in os.listdir(a.bindir):
        src = os.path.join(a.bindir, f)
        if os.path.isfile(src):
            shutil.copy2(src, at(a.bindir))
    os.makedirs(at(a.pkglibdir))
    for f in os.listdir(a.pkglibdir):
        src = os.path.join(a.pkglibdir, f)
        if os.path.isfile(src) and f.endswith(".so"):
            shutil.copy2(src, at(a.pkglibdir))
    shutil.copytree(a.sharedir, at(a.sharedir), symlinks=True)
    ext = os.path.join(at(a.sharedir), "extension")
    shutil.copy2(a.module, os.path.join(at(a.pkglibdir), "uriscan.so"))
    shutil.copy2(a.sql, ext)
    shutil.copy2(a.control, ext)
    return at(a.bindir)


def main():
    p = argparse.ArgumentParser()
    for o in ("bindir", "pkglibdir", "sharedir", "pg-regress", "module", "sql",
              "control", "outdir"):
        p.add_argument("--" + o, required=True)
    p.add_argument("tests", nargs="+")
    a = p.parse_args()

    user = None
    if os.geteuid() == 0:
        for name in ("postgres", "nobody"):
            try:
                pwd.getpwnam(name)
                user = name
                break
            except KeyError:
                pass
        if user is None or shutil.which("runuser") is None:
            print("1..0 # SKIP root without a user postgres or nobody, or runuser")
            return 77

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, on_signal)

    root = tempfile.mkdtemp(prefix="uriscan-pg-")
    server = None
    try:
        os.chmod(root, 0o755)
        bindir = copy_install(root, a)
        run = os.path.join(root, "run")
        os.mkdir(run, 0o700)
        if user:
            pw = pwd.getpwnam(user)
            os.chown(run, pw.pw_uid, pw.pw_gid)
        vec = os.path.join(root, "vectors")
        os.mkdir(vec)
        write_vectors(vec)
        os.chmod(vec, 0o755)
        # the scripts, @vectors@ replaced
        inp = os.path.join(root, "input")
        os.makedirs(os.path.join(inp, "sql"))
        src = os.path.join(HERE, "postgresql")
        for f in os.listdir(os.path.join(src, "sql")):
            with open(os.path.join(src, "sql", f), encoding="utf-8") as fi:
                text = fi.read().replace("@vectors@", vec).replace(
                    "@sqldir@", os.path.join(inp, "sql"))
            with open(os.path.join(inp, "sql", f), "w", encoding="utf-8") as fo:
                fo.write(text)
        shutil.copytree(os.path.join(src, "expected"), os.path.join(inp, "expected"))

        server = Server(root, bindir, user)
        server.start()
        os.makedirs(a.outdir, exist_ok=True)
        r = subprocess.run([a.pg_regress, "--host=" + run, "--port=" + PORT,
                            "--user=postgres", "--bindir=" + bindir,
                            "--inputdir=" + inp, "--outputdir=" + a.outdir,
                            "--dbname=uriscan_regress"] + a.tests)
        if r.returncode != 0:
            diffs = os.path.join(a.outdir, "regression.diffs")
            if os.path.exists(diffs):
                sys.stdout.write(open(diffs, errors="replace").read()[:20000])
            with open(server.log, errors="replace") as f:
                sys.stdout.write("--- server log (end)\n" + f.read()[-5000:])
        return r.returncode
    except RuntimeError as e:
        print(e)
        return 1
    finally:
        if server:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
