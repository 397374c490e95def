#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_install.py: `meson install --destdir` into a temporary directory,
then check what was installed and use it as a user would.

Usage: check_install.py BUILDDIR SRCDIR PREFIX LIBDIR INCLUDEDIR BINDIR
                        MANDIR SANITIZE CC...

 - the installed files are exactly the library (shared, with its soname
   links, and static), the header, the pkg-config file, the CLI and its man
   pages (docs/man/*.1); header and man pages are byte-identical to the
   sources;
 - a consumer program (consumer.c) is compiled and linked with the flags
   `pkg-config --cflags --libs uriscan` gives for the installed .pc (found
   through PKG_CONFIG_PATH, paths rebased by PKG_CONFIG_SYSROOT_DIR), once
   against the shared library (run with LD_LIBRARY_PATH) and once against
   the static one, and prints the components of a URI;
 - the installed CLI runs and reports the project's version.
Prints TAP.
"""
import filecmp
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


def main():
    (build, src, prefix, libdir, incdir, bindir, mandir, sanitize) = sys.argv[1:9]
    cc = sys.argv[9:]
    san = [] if sanitize in ("", "none") else [f"-fsanitize={sanitize}"]
    libdir = os.path.join(prefix, libdir)  # absolute, as meson resolves it
    incdir = os.path.join(prefix, incdir)
    bindir = os.path.join(prefix, bindir)
    mandir = os.path.join(prefix, mandir)
    with tempfile.TemporaryDirectory(prefix="uriscan-install-") as tmp:
        dest = os.path.join(tmp, "dest")
        r = run(["meson", "install", "-C", build, "--no-rebuild", "--quiet",
                 "--destdir", dest])
        if not ok(r.returncode == 0, "meson install --destdir", r.stdout):
            return
        root = lambda p: dest + p  # noqa: E731
        found = set()
        for d, _, files in os.walk(dest):
            for f in files:
                found.add(os.path.relpath(os.path.join(d, f), dest))
        want = {os.path.join(libdir, f)[1:] for f in
                ("liburiscan.so", "liburiscan.so.0", "liburiscan.a",
                 "pkgconfig/uriscan.pc")}
        want |= {os.path.join(incdir, "uriscan.h")[1:],
                 os.path.join(bindir, "uriscan")[1:]}
        # the man pages: every page of docs/man, uriscan.1 and one per command
        man_src = sorted(glob.glob(os.path.join(src, "docs", "man", "*.1")))
        ok(len(man_src) >= 10 and os.path.join(src, "docs", "man", "uriscan.1") in man_src,
           "docs/man holds uriscan.1 and the command pages", man_src)
        want |= {os.path.join(mandir, "man1", os.path.basename(m))[1:] for m in man_src}
        real_so = {f for f in found if f.startswith(os.path.join(libdir, "liburiscan.so.0.")[1:])}
        ok(len(real_so) == 1, "one versioned shared library", sorted(found))
        want |= real_so
        # -Dpython: the package uriscan in Python's install dir (python/)
        py_pkg = {f for f in found
                  if os.path.basename(os.path.dirname(f)) == "uriscan" and
                  os.path.basename(os.path.dirname(os.path.dirname(f))) in
                  ("dist-packages", "site-packages")}
        if py_pkg:
            names = {os.path.basename(f) for f in py_pkg}
            ok({n for n in names if not n.startswith("_core.")} ==
               {"__init__.py", "dask.py", "logformat.py", "py.typed"} and
               "_core.pyi" in names and len(names) == 6,
               "the Python package uriscan is complete", sorted(names))
            want |= py_pkg
        # the database extensions (src/sql/): what their meson.build lists,
        # at the absolute paths the servers name (pg_config's pkglibdir)
        want |= {f[1:] for f in
                 os.environ.get("URISCAN_SQL_INSTALLED", "").split(os.pathsep) if f}
        ok(found == want, "installed files are exactly the expected ones",
           f"missing: {sorted(want - found)}\nunexpected: {sorted(found - want)}")
        ok(os.path.islink(root(os.path.join(libdir, "liburiscan.so"))),
           "liburiscan.so is a link (to the soname)")
        ok(filecmp.cmp(root(os.path.join(incdir, "uriscan.h")),
                       os.path.join(src, "include", "uriscan.h"), shallow=False),
           "installed header is include/uriscan.h")
        ok(all(filecmp.cmp(root(os.path.join(mandir, "man1", os.path.basename(m))),
                           m, shallow=False) for m in man_src),
           "installed man pages are those of docs/man")

        env = dict(os.environ)
        # the installed uriscan.pc first; the system's .pc files stay
        # reachable for what it requires (libidn2 in Requires.private)
        env["PKG_CONFIG_PATH"] = root(os.path.join(libdir, "pkgconfig"))
        env["PKG_CONFIG_SYSROOT_DIR"] = dest
        r = run(["pkg-config", "--modversion", "uriscan"], env=env)
        version = r.stdout.strip()
        ok(r.returncode == 0 and version, "pkg-config --modversion", r.stdout)
        r = run(["pkg-config", "--cflags", "--libs", "uriscan"], env=env)
        if not ok(r.returncode == 0, "pkg-config --cflags --libs", r.stdout):
            return
        flags = r.stdout.split()
        ok(f"-I{root(incdir)}" in flags and f"-L{root(libdir)}" in flags
           and "-luriscan" in flags, "pkg-config flags point into DESTDIR",
           r.stdout)
        consumer = os.path.join(src, "tests", "install", "consumer.c")
        uri = "http://user@[2001:db8::7]:8080/a/b?q=1#top"
        expect = ("scheme=http\nauthority=user@[2001:db8::7]:8080\n"
                  "userinfo=user\nhost=[2001:db8::7]\nport=8080\npath=/a/b\n"
                  "query=q=1\nfragment=top\nhost_type=ipv6\n")
        run_env = dict(os.environ)
        run_env["LD_LIBRARY_PATH"] = root(libdir)
        for kind in ("shared", "static"):
            exe = os.path.join(tmp, "consumer-" + kind)
            if kind == "shared":
                link = flags
            else:
                # the static library also needs its Requires.private
                # (libidn2 when built with it), linked as shared libraries
                link = [f for f in flags if f != "-luriscan"]
                link.insert(0, root(os.path.join(libdir, "liburiscan.a")))
                rp = run(["pkg-config", "--print-requires-private", "uriscan"],
                         env=env)
                priv = rp.stdout.split() if rp.returncode == 0 else []
                if priv:
                    rl = run(["pkg-config", "--libs"] + priv)
                    link += rl.stdout.split()
            r = run(cc + san + ["-std=c99", "-o", exe, consumer] + link)
            if not ok(r.returncode == 0, f"consumer builds ({kind})", r.stdout):
                continue
            if kind == "shared":
                r2 = run(["ldd", exe], env=run_env)
                ok(root(libdir) in r2.stdout,
                   "consumer (shared) loads the installed library", r2.stdout)
            r = run([exe, uri], env=run_env)
            ok(r.returncode == 0 and r.stdout == expect,
               f"consumer ({kind}) parses a URI", r.stdout)

        cli = root(os.path.join(bindir, "uriscan"))
        r = run([cli, "--version"], env=run_env)
        ok(r.returncode == 0 and version in r.stdout,
           "installed CLI runs and reports the version", r.stdout)
        r = run([cli, "check", "-"], env=run_env, input="http://h/\n")
        ok(r.returncode == 0, "installed CLI checks a URI", r.stdout)


if __name__ == "__main__":
    main()
    sys.exit(done())
