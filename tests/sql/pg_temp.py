# SPDX-License-Identifier: MIT
"""pg_temp.py: a throw-away PostgreSQL server with the uriscan extension,
for the tests (run_pg_regress.py) and the bench (bench/sql_bench.py).

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
TCP), trust authentication, fsync off. temp_server() stops it (pg_ctl
stop -m immediate) and removes the temporary root on every way out:
success, an exception, SIGTERM (meson test's timeout), SIGINT, SIGHUP.
"""
import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile

PORT = "54329"  # the socket is in our own directory: no clash possible


class Skip(Exception):
    """The machine cannot run a server (the reason is the message)."""


def server_user():
    """The user to run the server as: None (ourselves) unless root."""
    if os.geteuid() != 0:
        return None
    if shutil.which("runuser") is None:
        raise Skip("root without runuser")
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            pass
    raise Skip("root without a user postgres or nobody")


class Server:
    """A cluster in root/data, run as user (None: as ourselves)."""

    def __init__(self, root, bindir, user):
        self.root, self.bindir, self.user = root, bindir, user
        self.data = os.path.join(root, "run", "data")
        self.sock = os.path.join(root, "run")
        self.log = os.path.join(root, "run", "server.log")
        self.started = False

    def run(self, argv, timeout=180):
        """argv as the server's user; a command that hangs (initdb, pg_ctl)
        is killed after timeout seconds: a RuntimeError."""
        if self.user:
            argv = ["runuser", "-u", self.user, "--"] + argv
        try:
            return subprocess.run(argv, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError("%s: no answer after %d s" % (argv[-1], timeout))

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
            try:
                self.run([os.path.join(self.bindir, "pg_ctl"), "-D", self.data,
                          "-m", "immediate", "-w", "stop"], timeout=60)
            except RuntimeError:
                pass  # the temporary root goes all the same


def copy_install(root, bindir, pkglibdir, sharedir, module, sql, control):
    """bin, lib (modules only) and share at their paths under root, the
    extension added; returns the copy's bindir."""
    at = lambda p: root + os.path.abspath(p)  # noqa: E731
    os.makedirs(at(bindir))
    for f in os.listdir(bindir):
        src = os.path.join(bindir, f)
        if os.path.isfile(src):
            shutil.copy2(src, at(bindir))
    os.makedirs(at(pkglibdir))
    for f in os.listdir(pkglibdir):
        src = os.path.join(pkglibdir, f)
        if os.path.isfile(src) and f.endswith(".so"):
            shutil.copy2(src, at(pkglibdir))
    shutil.copytree(sharedir, at(sharedir), symlinks=True)
    ext = os.path.join(at(sharedir), "extension")
    shutil.copy2(module, os.path.join(at(pkglibdir), "uriscan.so"))
    shutil.copy2(sql, ext)
    shutil.copy2(control, ext)
    return at(bindir)


@contextlib.contextmanager
def temp_server(bindir, pkglibdir, sharedir, module, sql, control):
    """Yields (server, root): a running server (server.sock, PORT, user
    postgres, trust) and the temporary root (mode 0755: files put there
    are readable by the server's user)."""
    user = server_user()

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)
    old = {s: signal.signal(s, on_signal)
           for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    # in /tmp when it can be: the server's user must reach the directory
    # (a TMPDIR under /root is not reachable by postgres), and a Unix
    # socket's path has at most 107 bytes
    base = "/tmp" if os.access("/tmp", os.W_OK | os.X_OK) else None
    root = tempfile.mkdtemp(prefix="uriscan-pg-", dir=base)
    server = None
    try:
        os.chmod(root, 0o755)
        copied = copy_install(root, bindir, pkglibdir, sharedir, module, sql,
                              control)
        run = os.path.join(root, "run")
        os.mkdir(run, 0o700)
        if user:
            pw = pwd.getpwnam(user)
            os.chown(run, pw.pw_uid, pw.pw_gid)
        server = Server(root, copied, user)
        server.start()
        yield server, root
    finally:
        if server:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)
        for s, h in old.items():
            signal.signal(s, h)
