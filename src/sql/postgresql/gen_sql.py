#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_sql.py IN OUT: the extension's SQL script from uriscan.sql.in, the
type block written for uri and iri, the value block for text and bytea."""
import re
import sys

TYPES = [
    ("uri", "true", "a URI reference (RFC 3986), compared on its normal form"),
    ("iri", "false", "an IRI reference (RFC 3987), compared on its normal form"),
]
VALUES = ["text", "bytea"]

src = open(sys.argv[1], encoding="utf-8").read()


def expand(text, begin, end, subs):
    m = re.search(re.escape(begin) + r"\n(.*?)" + re.escape(end) + r"\n",
                  text, re.S)
    block = m.group(1)
    out = "".join(sub(block) for sub in subs)
    return text[:m.start()] + out + text[m.end():]


src = expand(src, "@BEGIN_TYPE@", "@END_TYPE@",
             [lambda b, t=t: b.replace("@T@", t[0]).replace("@PREFERRED@", t[1])
              .replace("@COMMENT@", t[2]) + "\n" for t in TYPES])
src = expand(src, "@BEGIN_VALUE@", "@END_VALUE@",
             [lambda b, v=v: b.replace("@V@", v) for v in VALUES])
assert not re.search(r"@[A-Z_]+@", src), "a placeholder left"
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write(src)
