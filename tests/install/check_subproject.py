#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_subproject.py: uriscan as a Meson subproject.

Usage: check_subproject.py SRCDIR VERSION [CC...]

Copies tests/subproject/ (a tiny parent project) to a temporary directory,
adds subprojects/uriscan as a symbolic link to the uriscan source tree,
configures it with `meson setup --force-fallback-for=uriscan` (so the
subproject is used even when a uriscan is installed), builds it, and runs
the parent's program on a valid and an invalid URI. Prints TAP.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

src, version = sys.argv[1:3]
cc = sys.argv[3:]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


with tempfile.TemporaryDirectory(prefix="uriscan-parent-") as tmp:
    parent = os.path.join(tmp, "parent")
    shutil.copytree(os.path.join(src, "tests", "subproject"), parent)
    os.mkdir(os.path.join(parent, "subprojects"))
    os.symlink(os.path.abspath(src), os.path.join(parent, "subprojects", "uriscan"))
    env = dict(os.environ)
    if cc:
        env["CC"] = " ".join(cc)
    build = os.path.join(tmp, "build")
    r = run(["meson", "setup", "--force-fallback-for=uriscan", build, parent], env=env)
    if ok(r.returncode == 0, "meson setup of the parent project", r.stdout):
        r = run(["ninja", "-C", build, "-j", "2"])
        if ok(r.returncode == 0, "the parent project builds", r.stdout):
            exe = os.path.join(build, "parent")
            r = run([exe, "http://example.com/a?b#c"])
            ok(r.returncode == 0 and r.stdout == f"{version} ok@0\n",
               "the parent's program validates a URI", r.stdout)
            r = run([exe, "http://exa mple.com/"])
            ok(r.returncode == 1 and r.stdout == f"{version} bad_char@10\n",
               "the parent's program rejects a bad URI", r.stdout)
sys.exit(done())
