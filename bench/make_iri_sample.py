#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Make bench/data/iri_sample.txt: IRIs with non-ASCII segments.

Deterministic: every line of bench/data/kasztp_sample.txt with, on every
other line, one path segment (or, when there is none, a new one) replaced by
a word from a fixed list of non-ASCII words (Latin with accents, Greek,
Cyrillic, Arabic, Hebrew, CJK, Hangul, Devanagari, an emoji), and on every
fourth line a query value "q=<word>". The output is valid RFC 3987 (and, on
the lines left alone, valid RFC 3986).

Usage: make_iri_sample.py IN OUT
"""
import sys

WORDS = ["café", "résumé", "Ελληνικά", "пример", "مثال", "דוגמה", "日本語",
         "中文页面", "한국어", "हिन्दी", "naïve-façade", "😀-smile"]


def main():
    src, dst = sys.argv[1:3]
    out = []
    with open(src, encoding="utf-8") as f:
        for i, line in enumerate(f):
            url = line.rstrip("\n")
            if i % 2 == 0:
                w = WORDS[(i // 2) % len(WORDS)]
                head, sep, rest = url.partition("://")
                host, slash, path = rest.partition("/")
                path, q, query = path.partition("?")
                segs = path.split("/") if path else []
                if segs:
                    segs[len(segs) // 2] = w
                else:
                    segs = [w]
                url = head + sep + host + "/" + "/".join(segs)
                if q:
                    url += "?" + query
                if i % 4 == 0:
                    url += ("&" if q else "?") + "q=" + WORDS[(i // 4 + 3) % len(WORDS)]
            out.append(url)
    with open(dst, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
