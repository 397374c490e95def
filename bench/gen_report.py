#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate a synthetic threat-report text: prose with defanged and plain
indicators, for the defanged extraction's cost (bench/, the rows
uriscan:rfc3986:defanged*) and its differential against iocextract
(bench/iocextract_compare.py).

    python3 bench/gen_report.py [--seed 52] [--size 2000000] [--rate 0.125]
                                [--plain P] OUT

--plain P also writes the same report with every indicator written plain
(each form replaced by what it stands for: the same URLs, found by plain
extraction), so that `bench OUT.log P.log` puts defanged extraction of
the report beside plain extraction of the same URLs in one run
(docs/performance.md, "Defanged URLs"). OUT is the same with or without it.

Deterministic: the same seed and size give the same bytes (only
random.Random.random() is used). Every name is made up under example TLDs
and documentation addresses (192.0.2.0/24, 198.51.100.0/24,
203.0.113.0/24): nothing in it points anywhere.

What a paragraph holds: sentences of report prose (a fixed word list), and
about one indicator in eight words (--rate: the share of words that are
one; a real report's prose holds fewer, its appendix more): 55% a URL written in one of the
defanged styles of docs/extraction.md (the CyberChef and ioc_fanger styles
most often: hxxp(s) and [.], then [:], [://], (dot), [dot], {.}, " DOT ",
[/], [@], htt[p], \\., hxxp:\\\\, __), 15% a plain URL, 10% a defanged
domain or IP without a scheme (no URL), 10% a hash, 10% an e-mail address
written with [at]; some in brackets, quotes or parentheses, some followed
by . , ; : and a few in UTF-8 prose (curly quotes are not used, so that the
report stays the bytes earlier rounds measured; uriscan finds URLs in them
since they no longer cut a match: docs/extraction.md, "Delimiters beyond
ASCII").
"""

import argparse

WORDS = ("the actor used a loader that fetched its second stage from "
         "infrastructure registered days before the campaign the sample "
         "beacons every minutes to its command server and downloads a "
         "payload we observed requests to several domains operators rotated "
         "hosts frequently analysts should block the following indicators "
         "victims received a lure document with a link to").split()
UTF8 = ["la campagne utilise", "die Kampagne nutzt", "攻撃者は次のURLを使用",
        "кампания использует", "الحملة تستخدم"]
TLDS = ["com", "net", "org", "example", "test", "co.uk", "info", "xyz"]
PATHS = ["", "/", "/index.php", "/wp-content/uploads/a.zip", "/gate.php?id=",
         "/dl/payload.bin", "/admin/login.aspx", "/x/y/z.js", "/?q=1&r=2"]


def name(r):
    letters = "abcdefghijklmnopqrstuvwxyz"
    n = 3 + int(r.random() * 9)
    label = "".join(letters[int(r.random() * 26)] for _ in range(n))
    if r.random() < 0.3:
        label += "-" + str(int(r.random() * 100))
    sub = ["", "www.", "cdn.", "mail.", "update."][int(r.random() * 5)]
    return sub + label + "." + TLDS[int(r.random() * len(TLDS))]


def ip(r):
    net = ["192.0.2", "198.51.100", "203.0.113"][int(r.random() * 3)]
    return "%s.%d" % (net, 1 + int(r.random() * 254))


def url(r):
    host = name(r) if r.random() < 0.8 else ip(r)
    port = ":%d" % (8000 + int(r.random() * 1000)) if r.random() < 0.1 else ""
    path = PATHS[int(r.random() * len(PATHS))]
    if path.endswith("="):
        path += str(int(r.random() * 99999))
    scheme = "https" if r.random() < 0.6 else "http"
    user = "user@" if r.random() < 0.05 else ""
    return scheme, user, host, port, path


def dots(s, form):
    return s.replace(".", form)


def defang(r, parts):
    scheme, user, host, port, path = parts
    k = r.random()
    colon = "://"
    if k < 0.35:  # CyberChef: hxxp and [.] in the host
        scheme = scheme.replace("tt", "xx")
        host = dots(host, "[.]")
    elif k < 0.45:
        scheme = scheme.replace("tt", "XX")
        colon = "[:]//"
        host = dots(host, "[.]")
    elif k < 0.55:
        scheme = scheme.replace("tt", "xx")
        colon = "[://]"
        host = dots(host, "[.]")
        path = path.replace("/", "[/]")
    elif k < 0.62:
        host = dots(host, "(dot)")
    elif k < 0.68:
        host = dots(host, "[dot]")
    elif k < 0.73:
        host = dots(host, "{.}")
    elif k < 0.78:
        host = dots(host, " DOT ")
    elif k < 0.82:
        scheme = scheme.replace("tt", "xx")
        colon = ":\\\\"
        host = dots(host, "\\.")
    elif k < 0.86:
        scheme = "htt[p]" + scheme[4:]
        host = dots(host, "[.]")
    elif k < 0.90:
        scheme = scheme.replace("tt", "xx")
        colon = "__"
        host = dots(host, "[.]")
    elif k < 0.95:
        scheme = scheme.replace("tt", "xx")
        user = user.replace("@", "[@]")
        host = dots(host, "(.)")
    else:
        host = dots(host, "[.]")
        path = path.replace(".", "[.]")
    return scheme + colon + user + host + port + path


def plain(parts):
    scheme, user, host, port, path = parts
    return scheme + "://" + user + host + port + path


def indicator(r):
    """The indicator as written and as it stands for (plain)."""
    k = r.random()
    if k < 0.55:
        parts = url(r)
        return defang(r, parts), plain(parts)
    if k < 0.70:
        s = plain(url(r))
        return s, s
    if k < 0.80:
        s = name(r) if r.random() < 0.6 else ip(r)
        return dots(s, "[.]"), s
    if k < 0.90:
        s = "".join("0123456789abcdef"[int(r.random() * 16)]
                    for _ in range(64))
        return s, s
    user, host = name(r).split(".")[0], name(r)
    return user + "[at]" + dots(host, "[.]"), user + "@" + host


def wrap(r, pair):
    k = r.random()
    if k < 0.08:
        return tuple("(" + s + ")" for s in pair)
    if k < 0.12:
        return tuple("<" + s + ">" for s in pair)
    if k < 0.16:
        return tuple('"' + s + '"' for s in pair)
    if k < 0.30:
        p = [".", ",", ";", ":"][int(r.random() * 4)]
        return tuple(s + p for s in pair)
    return pair


def paragraph(r, rate):
    """A paragraph as written and with its indicators plain."""
    out, out_plain = [], []
    for _ in range(40 + int(r.random() * 80)):
        if r.random() < rate:
            w, p = wrap(r, indicator(r))
        elif r.random() < 0.02:
            w = p = UTF8[int(r.random() * len(UTF8))]
        else:
            w = p = WORDS[int(r.random() * len(WORDS))]
        out.append(w)
        out_plain.append(p)
    return " ".join(out) + ".\n", " ".join(out_plain) + ".\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=52)
    ap.add_argument("--size", type=int, default=2000000)
    ap.add_argument("--rate", type=float, default=0.125,
                    help="the share of words that are an indicator "
                         "(0.125, one in eight: the default report)")
    ap.add_argument("--plain", metavar="P",
                    help="also write the report with its indicators plain")
    ap.add_argument("out")
    a = ap.parse_args()
    import random
    r = random.Random(a.seed)
    n = 0
    fp = (open(a.plain, "w", encoding="utf-8", newline="\n")
          if a.plain else None)
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        while n < a.size:
            w, p = paragraph(r, a.rate)
            f.write(w)
            if fp:
                fp.write(p)
            n += len(w.encode("utf-8"))
    if fp:
        fp.close()


if __name__ == "__main__":
    main()
