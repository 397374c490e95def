#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_psl_names.py: the names of the differential test of uriscan_site
against libpsl (test_psl_oracle.c): one name a line, escaped as the
vector files are (tests/vec.h: \\xHH for bytes outside 0x21-0x7e, \\\\ for
a backslash), each preceded by its origin and a tab.

Usage: gen_psl_names.py PSL_DAT WPT_JSON FILE... OUT

- "data": the host of every URL of each FILE (URL lists, logs, one URL or
  log line a line: every "scheme://" in a line, the host as written,
  whatever its case, dots, escapes or script), and of every input and
  "hostname" of the WHATWG URL tests (WPT_JSON);
- "rule": for every rule of the List: the rule, one and two labels under
  it, upper case, a trailing dot; a wildcard's base, a label and two under
  it; an exception and a label under it; an IDN rule in its U-label form
  (origin "idn", the test maps it to A-labels) and in its A-label form;
- "gen": random names (seeded: the same every run) over the rules'
  labels, random labels, upper case, trailing, leading and double dots,
  single labels, IPv4 in every form, IPv6 literals: at least 100,000 names
  in all.
"""
import json
import random
import re
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "core"))
from wpt_hosts import escape  # noqa: E402 (tests/core/wpt_hosts.py)

HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@\s\"]*@)?"
                  r"(\[[^\]\s\"]*\]|[^:/?#\s\"\\]*)")


def alabel(label):
    if all(ord(c) < 128 for c in label):
        return label
    return "xn--" + label.encode("punycode").decode("ascii")


def rules(path):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("//"):
            yield line.split()[0]


def main():
    dat, wpt, out = sys.argv[1], sys.argv[2], sys.argv[-1]
    names = []  # (origin, name)
    seen = set()

    def add(origin, name):
        if len(name.encode("utf-8", "surrogateescape")) < 256 and \
                (origin, name) not in seen:
            seen.add((origin, name))
            names.append((origin, name))

    for path in sys.argv[3:-1]:
        with open(path, encoding="utf-8", errors="surrogateescape") as fp:
            for line in fp:
                for m in HOST.finditer(line):
                    add("data", m.group(1))
    for case in json.load(open(wpt, encoding="utf-8")):
        if isinstance(case, dict):
            for key in ("input", "href"):
                for m in HOST.finditer(case.get(key, "")):
                    add("data", m.group(1))
            if case.get("hostname"):
                add("data", case["hostname"])

    rnd = random.Random(53)
    labels = set()
    for r in rules(dat):
        base = r.lstrip("!")
        if base.startswith("*."):
            base = base[2:]
        u = base.split(".")
        labels.update(u)
        forms = [base]
        if any(ord(c) >= 128 for c in base):
            forms.append(".".join(alabel(l) for l in u))
        for f in forms:
            origin = "idn" if f != forms[-1] else "rule"
            # upper case: the ASCII letters (libpsl lower-cases no other)
            up = "".join(c.upper() if c < "\x80" else c for c in f)
            for n in (f, "a." + f, "b.a." + f, "X-Y." + up,
                      "www.a." + f + ".", f + "."):
                add(origin, n)
            if r.startswith("*."):
                add(origin, "c.z9." + f)
            if r.startswith("!"):
                add(origin, "q." + f)
    labels = sorted(labels)
    alpha = "abcdefghijklmnopqrstuvwxyz0123456789-"

    def rlabel():
        k = rnd.random()
        if k < 0.5:
            return rnd.choice(labels)
        if k < 0.55:
            return ""
        return "".join(rnd.choice(alpha) for _ in range(rnd.randint(1, 12)))

    while len(names) < 130000:
        k = rnd.random()
        if k < 0.04:
            n = ".".join(str(rnd.randint(0, 300)) for _ in range(rnd.randint(1, 4)))
            n = rnd.choice([n, hex(rnd.randint(0, 2**32)), "0" + n])
        elif k < 0.06:
            n = "[%x::%x]" % (rnd.randint(0, 65535), rnd.randint(0, 65535))
        else:
            parts = [rlabel() for _ in range(rnd.randint(1, 6))]
            n = ".".join(parts)
            if rnd.random() < 0.3:
                n = ".".join(alabel(p) for p in parts)
        r = rnd.random()
        if r < 0.15:
            n = n.upper()
        elif r < 0.25:
            n = "".join(c.upper() if rnd.random() < 0.5 else c for c in n)
        r = rnd.random()
        if r < 0.12:
            n += "."
        elif r < 0.14:
            n = "." + n
        add("gen", n)

    with open(out, "w", encoding="ascii") as fp:
        for origin, n in names:
            fp.write("%s\t%s\n" % (origin, escape(n)))


if __name__ == "__main__":
    main()
