#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_configure.py: options that configuring must refuse, with a message
that names the fix. Prints TAP.

Usage: check_configure.py SRCDIR

Each case runs `meson setup` of SRCDIR in a temporary build directory (with
the test suite, CLI and bench off, so nothing else is looked for) and
expects it to fail with the given text in its output.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

src = sys.argv[1]

CASES = [
    # (options, text the error must hold, what)
    (["-Dgrammars="], "choose at least one of rfc1738, rfc2396, rfc3986, "
     "rfc3987", "-Dgrammars= with no grammar is refused"),
]

for opts, want, what in CASES:
    with tempfile.TemporaryDirectory(prefix="uriscan-configure-") as tmp:
        r = subprocess.run(
            ["meson", "setup", tmp + "/b", src, "-Dtests=false",
             "-Dcli=false", "-Dbench=false"] + opts,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ok(r.returncode != 0 and want in r.stdout, what,
       f"exit {r.returncode}; output:\n{r.stdout}")
sys.exit(done())
