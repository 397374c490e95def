#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_header.py: the public header in strict C and in C++.

Usage: check_header.py c|c++ INCLUDE_DIR SOURCE STATIC_LIB SANITIZE COMPILER...

c:   compile SOURCE with -std=c99 -pedantic -Werror (and -Wall -Wextra
     -Wstrict-prototypes ...), link it with the static library, run it.
c++: compile SOURCE as C++ (-x c++) with -pedantic -Werror -Wall -Wextra
     for C++98 and C++17, link with the static library, run it.
No compiler (COMPILER is '-'): exit 77, a skip.
"""
import os
import subprocess
import sys
import tempfile

lang, inc, source, static, sanitize = sys.argv[1:6]
compiler = sys.argv[6:]
if compiler == ["-"]:
    print(f"no {lang} compiler found: skipped")
    sys.exit(77)
san = [] if sanitize in ("", "none") else [f"-fsanitize={sanitize}"]
if lang == "c":
    variants = [["-std=c99", "-Wstrict-prototypes", "-Wmissing-prototypes",
                 "-Wold-style-definition", "-Wshadow"]]
    prefix = []
else:
    variants = [["-std=c++98"], ["-std=c++17", "-Wold-style-cast"]]
    prefix = ["-x", "c++"]
common = ["-pedantic", "-Werror", "-Wall", "-Wextra", "-Wundef",
          "-Wcast-qual", "-Wconversion", "-Wsign-conversion", "-I", inc]
failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for i, v in enumerate(variants):
        exe = os.path.join(tmp, f"h{i}")
        # libraries the static library needs (libidn2 when built with it)
        extra = os.environ.get("URISCAN_STATIC_LIBS", "").split()
        cmd = compiler + san + common + v + prefix + [source, "-x", "none",
                                                     static] + extra + ["-o", exe]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print("$ " + " ".join(cmd))
        print(r.stdout, end="")
        if r.returncode != 0:
            print(f"FAIL: {lang} {v[0]}: does not compile")
            failed = 1
            continue
        r = subprocess.run([exe])
        if r.returncode != 0:
            print(f"FAIL: {lang} {v[0]}: program exits {r.returncode}")
            failed = 1
        else:
            print(f"ok: {lang} {v[0]}")
sys.exit(failed)
