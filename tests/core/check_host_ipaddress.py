#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_host_ipaddress.py: tests/vectors/host-address.tsv against two
other readers of addresses: Python's ipaddress and glibc's inet_aton.

Usage: check_host_ipaddress.py host-address.tsv

For every address row (ok v4 / v6):
 - ipaddress reads TEXT and writes it back unchanged (the canonical text
   is ipaddress's; an IPv4-mapped address is written "::ffff:a.b.c.d" as
   RFC 5952 section 5 says and Python does from 3.13: before 3.13 the two
   texts must only mean the same address);
 - when ipaddress can read HOST itself (a dotted quad, an IPv6 literal
   without a note), it reads the same address; HOST as inet_aton reads it
   (socket.inet_aton; IPv4 rows without percent, fullwidth or trailing-dot
   notes) is TEXT, but on the rows whose comment says "(inet_aton refuses
   it)", the differences the docs list, where inet_aton must refuse HOST;
 - the classes ipaddress also knows agree both ways: loopback
   (is_loopback), multicast (is_multicast), link-local (is_link_local),
   unspecified (is_unspecified), for addresses that embed no IPv4 address;
   and every private address is is_private for ipaddress (but
   64:ff9b:1::/48, RFC 8215, which Python 3.11 does not list).
For every IPv4 error row without a '%', inet_aton refuses HOST too.
Prints TAP.
"""
import ipaddress
import os
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)


def unescape(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == "\\":
            c = s[i + 1]
            if c == "x":
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
                continue
            out += {"\\": b"\\", "t": b"\t", "n": b"\n", "r": b"\r",
                    "0": b"\0"}[c]
            i += 2
            continue
        out += s[i].encode()
        i += 1
    return bytes(out)


def aton(host):
    try:
        return socket.inet_ntoa(socket.inet_aton(host.decode("latin-1")))
    except (OSError, ValueError):
        return None


PROPS = {"loopback": "is_loopback", "multicast": "is_multicast",
         "link-local": "is_link_local", "unspecified": "is_unspecified"}


def main():
    rows = []
    for line in open(sys.argv[1], encoding="utf-8"):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    bad_text, bad_host, bad_aton, bad_class, refused, n_addr = [], [], [], [], [], 0
    for f in rows:
        host = unescape(f[0])
        if f[1] == "error":
            if b"%" not in host and b":" not in host and not host.startswith(b"["):
                if aton(host) is not None:
                    refused.append(f[0])
            continue
        family, form, cls, text, embed, notes = f[2:8]
        if family == "name":
            continue
        n_addr += 1
        a = ipaddress.ip_address(text)
        want = text
        if (embed == "mapped" and sys.version_info < (3, 13)):
            want = str(ipaddress.IPv6Address(a.packed))
        if str(a) != want:
            bad_text.append(f"{f[0]}: {text} -> {a}")
        if notes == "-":
            inner = host.strip(b"[]").decode()
            if form in ("dotted", "ipv6"):
                try:
                    if ipaddress.ip_address(inner) != a:
                        bad_host.append(f"{f[0]}: {ipaddress.ip_address(inner)} != {a}")
                except ValueError as e:
                    if form == "ipv6":
                        bad_host.append(f"{f[0]}: {e}")
            if len(f) > 8 and "(inet_aton refuses it)" in f[8]:
                if aton(host) is not None:
                    bad_aton.append(f"{f[0]}: inet_aton reads it")
            elif family == "v4" and aton(host) != text:
                bad_aton.append(f"{f[0]}: inet_aton {aton(host)}, vectors {text}")
        if embed == "none":
            for c, prop in PROPS.items():
                if (cls == c) != getattr(a, prop):
                    bad_class.append(f"{f[0]}: {cls}, but {prop} is {getattr(a, prop)}")
            if (cls == "private" and not a.is_private and
                    a not in ipaddress.ip_network("64:ff9b:1::/48")):
                bad_class.append(f"{f[0]}: private, but not is_private")
    ok(n_addr > 150, f"{n_addr} address rows")
    ok(not bad_text, "ipaddress writes every canonical text back unchanged",
       "\n".join(bad_text))
    ok(not bad_host, "ipaddress reads the standard forms as the same address",
       "\n".join(bad_host))
    ok(not bad_aton, "inet_aton reads every plain IPv4 row as its text",
       "\n".join(bad_aton))
    ok(not refused, "inet_aton refuses the IPv4 error rows", "\n".join(refused))
    ok(not bad_class, "loopback, multicast, link-local, unspecified, private "
       "agree with ipaddress", "\n".join(bad_class))


if __name__ == "__main__":
    main()
    sys.exit(done())
