#!/usr/bin/env python3
"""check_configure.py: options that configuring must refuse, with a message
that names the fix. Prints TAP.

Usage: check_configure.py SRCDIR

Each case runs `meson setup` of SRCDIR in a temporary build directory (with
the test suite, CLI and bench off, so nothing else is looked for) and
expects it to fail with the given text in its output.
"""
import subprocess
import sys
import tempfile

src = sys.argv[1]

CASES = [
    # (options, text the error must hold, what)
    (["-Dgrammars="], "choose at least one of rfc1738, rfc2396, rfc3986, "
     "rfc3987", "-Dgrammars= with no grammar is refused"),
]

print(f"1..{len(CASES)}")
failed = 0
for i, (opts, want, what) in enumerate(CASES, 1):
    with tempfile.TemporaryDirectory(prefix="uriscan-configure-") as tmp:
        r = subprocess.run(
            ["meson", "setup", tmp + "/b", src, "-Dtests=false",
             "-Dcli=false", "-Dbench=false"] + opts,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    good = r.returncode != 0 and want in r.stdout
    failed += not good
    print(f"{'ok' if good else 'not ok'} {i} - {what}")
    if not good:
        print(f"# exit {r.returncode}; output:")
        for line in r.stdout.splitlines()[-20:]:
            print(f"# {line}")
sys.exit(1 if failed else 0)
