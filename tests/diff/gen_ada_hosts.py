#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_ada_hosts.py: the inputs of the differential test against ada
(test_ada_hosts.cpp): one URL a line, escaped as the vector files are
(tests/vec.h: \\xHH for bytes outside 0x21-0x7e, \\\\ for a backslash),
each preceded by its origin and a tab.

Usage: gen_ada_hosts.py OUT WPT_JSON LIST...

- "wpt": every input of the WHATWG URL tests with no base (urltestdata.json);
- "list:NAME": every line of each URL list given (data/urls, decompressed),
  and every URL of the logs given (a line's request target when absolute,
  its referer), that is UTF-8;
- "gen": host spellings written here, deterministically: every IPv4 form
  (dotted, integer, octal, hex, short, mixed, trailing dot, overflow,
  percent-encoded, fullwidth and other UTS #46 mappings), IPv6 with
  embedded IPv4 and zones, IDNA (symbols, emoji, deviation characters,
  joiners, soft hyphens, fullwidth dots, bidi), "xn--" labels valid and
  broken, percent-encoded names, forbidden code points, in authorities
  with userinfo (several '@'), backslashes, tabs and newlines, ports,
  every special scheme and some others, and file:.
"""
import itertools
import json
import re
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "core"))
from wpt_hosts import escape  # noqa: E402 (tests/core/wpt_hosts.py)


def ipv4_forms():
    out = []
    for a in ((127, 0, 0, 1), (169, 254, 169, 254), (10, 0, 0, 1), (0, 0, 0, 0),
              (255, 255, 255, 255), (192, 168, 1, 1), (8, 8, 8, 8)):
        n = a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3]
        out += [".".join(map(str, a)), str(n), hex(n), "0" + oct(n)[2:],
                "%d.%d" % (a[0], n & 0xFFFFFF), "%d.%d.%d" % (a[0], a[1], n & 0xFFFF),
                ".".join("0x%x" % p for p in a), ".".join("0%o" % p for p in a),
                "0x%x.%d.0%o.%d" % a, ".".join(map(str, a)) + ".",
                ".".join("%03d" % p for p in a), "0x" + "0" * 8 + "%x" % n,
                ".".join(map(str, a)) + "..", "%d.%d.%d.%d.%d" % (a + (1,))]
    out += ["256.0.0.1", "1.2.3.256", "4294967296", "0x100000000", "1.2.3.4.5",
            "08", "09.1", "0x", "0x.0x.0x.0x", "1.0x", "1.2.3.08", "00000000000001",
            "1." + "0" * 40 + "1", "foo.1", "1.foo", "1.2.3.4x", "0xg", "1.2.3.-1",
            "%31%32%37.0.0.1", "127%2E0.0.1", "%2531.0.0.1", "127.0.0.%31",
            "\uff11\uff12\uff17.0.0.1", "127\u30020\uff0e0\uff611",
            "\u00b9\u00b2\u2077.0.0.1", "\u2460\u2461\u2466.0.0.1",
            "\U0001d7cf\U0001d7d0\U0001d7d5.0.0.1", "127.0.0.1\u00ad",
            "127.0.0.1\u200b", "127.0.0.1%C2%AD", "\u216b.0.0.1",
            "\uff10\uff58\uff17\uff46.1"]
    return out


def ipv6_forms():
    return ["[::1]", "[::ffff:127.0.0.1]", "[0:0:0:0:0:ffff:7f00:1]", "[::]",
            "[1:2:3:4:5:6:7:8]", "[1::]", "[::1.2.3.4]", "[fe80::1%25eth0]",
            "[fe80::1%eth0]", "[fe80::1]", "[::ffff:169.254.169.254]",
            "[64:ff9b::127.0.0.1]", "[2001:db8::7]", "[2001:DB8::7]",
            "[1::2::3]", "[12345::]", "[::1.2.3]", "[::1.2.3.04]", "[v1.x]",
            "[::1", "::1]", "[::1]x", "[:1]", "[::%31]", "[0:0::1]"]


def idn_forms():
    return ["b\u00fccher.de", "B\u00dcCHER.DE", "\u2603.net", "i\u2764.ws",
            "\U0001f600.com", "fa\u00df.de", "\u03c2.gr", "a\u200db.com",
            "a\u200cb.com", "\u0628\u200c\u0628.com", "ex\u00adample.com",
            "example\u3002com", "example\uff0ecom", "example\uff61com",
            "\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com", "xn--bcher-kva.de",
            "XN--BCHER-KVA.DE", "xn--", "xn--a", "xn--zz-", "xn--a-", "xn--55",
            "xn--ls8h.la", "xn--n3h.net", "xn--pokxncvks", "a.b.c.xn--pokxncvks",
            "xn--80ak6aa92e.com", "p\u0430ypal.com", "\u0430\u0440\u0440\u04cf\u0435.com",
            "\u65e5\u672c\u8a9e.jp", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629.com",
            "a\u0627.com", "\u05d0\u05d1.il", "1\u05d0.il", "\u0301a.com", "a\u0301.com",
            "\ufb01.com", "\u2163.com", "\u2100.com", "\u00bd.com", "a\ufe0fb.com",
            "\u180e.com", "\ufffd.com", "-a.com", "a-.com", "ab--c.com", "a..b",
            ".a", "a.", "%C3%BC.de", "%E2%98%83.net", "%FF.com", "%C3.com",
            "%ef%bc%8e.com", "x%00y.com", "ex%61mple.com", "EXAMPLE.COM"]


def name_forms():
    return ["example.com", "a", "localhost", "LOCALHOST", "h_x.com", "a*b.com",
            "a%b.com", "a%25b.com", "a%zz.com", "a b.com", "a<b.com", "a^b.com",
            "a|b.com", "a{b}.com", "a~b.com", "a!b.com", "a$b.com", "a'b.com",
            "a(b).com", "a,b.com", "a;b.com", "a=b.com", "a+b.com", "a\"b.com",
            "a`b.com", "a\x7fb.com", "a\x01b.com", "a\tb.com", "a\nb.com",
            "%20.com", "%2F.com", "%40.com", "a%2eb", "0x7f.example", "com.1",
            "example.com:", "a" * 63 + ".com", "a" * 64 + ".com", "", " "]


SPECIAL = ["http", "https", "ws", "wss", "ftp"]
OTHER = ["foo", "ssh", "redis", "git+ssh", "sc"]


def generated():
    hosts = ipv4_forms() + ipv6_forms() + idn_forms() + name_forms()
    users = ["", "user@", "a@b@"]
    ports = ["", ":80", ":0080", ":65536", ":99999x"]
    tails = ["/", "/a?q#f", "", "?q", "\\x"]
    seps = ["://", ":", ":///", ":\\\\", ":/\\"]
    out = []
    # every host under special schemes, userinfo and port
    for h, s, u, p in itertools.product(hosts, ["http", "ws", "ftp"], users, ports):
        out.append("%s://%s%s%s/" % (s, u, h, p))
    for h, u in itertools.product(hosts, ["u:p@", "@", "user%40x@", "a:b@c:d@"]):
        out.append("https://%s%s:65535/" % (u, h))
    # the separators, tails, upper case
    for h, s, sep, t in itertools.product(hosts, ["http", "HTTPS"], seps, tails):
        out.append("%s%s%s%s" % (s, sep, h, t))
    # other schemes (the opaque host)
    for h, s, u, p in itertools.product(hosts, OTHER[:3], ["", "git@", "a@b@"], ["", ":22", ":x"]):
        out.append("%s://%s%s%s/p" % (s, u, h, p))
        out.append("%s:%s%s" % (s, h, p))
    # file: (no userinfo, no port, drive letters, localhost)
    for h, t in itertools.product(hosts + ["C:", "c|", "localhost", "user@host"],
                                  ["/p", "", "\\p", "?q"]):
        out.append("file://%s%s" % (h, t))
        out.append("FILE:\\\\%s%s" % (h, t))
    # tabs and newlines inside
    for h in hosts:
        out.append("ht\ttp://%s/" % h)
        out.append(" \thttp://us\ner@%s\r:8\t0/ " % h)
    return out


def lists(paths):
    out = []
    for p in paths:
        name = re.sub(r"\W", "_", p.rsplit("/", 1)[-1])
        with open(p, "rb") as f:
            for line in f:
                try:
                    t = line.rstrip(b"\r\n").decode("utf-8")
                except UnicodeDecodeError:
                    continue
                if p.endswith(".log"):
                    # the request target when absolute, the referer
                    m = re.search(r'"[A-Z]+ (\S+) [^"]*" \S+ \S+ "([^"]*)"', t)
                    if m:
                        out += [("list:" + name, u) for u in m.groups()
                                if "://" in u]
                elif t:
                    out.append(("list:" + name, t))
    return out


def main():
    outp, wpt = sys.argv[1], sys.argv[2]
    rows = [("wpt", c["input"]) for c in json.load(open(wpt, encoding="utf-8"))
            if isinstance(c, dict) and c.get("base") is None]
    rows += lists(sys.argv[3:])
    gen = generated()
    rows += [("gen", u) for u in gen]
    seen = set()
    with open(outp, "w", encoding="ascii") as f:
        f.write("# generated by tests/diff/gen_ada_hosts.py: %d generated\n" % len(gen))
        for origin, u in rows:
            e = escape(u)
            if (origin, e) in seen:
                continue
            seen.add((origin, e))
            f.write("%s\t%s\n" % (origin, e))


if __name__ == "__main__":
    main()
