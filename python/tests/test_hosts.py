# SPDX-License-Identifier: MIT
"""What a host really means, from Python (issue 37, point 5; docs/hosts.md):
uriscan.host_address, browser_host, confusion and site over the vectors of
tests/vectors/ (host-address.tsv, confusion.tsv, site.tsv) and the WHATWG
URL tests the C test runs; the URI's properties, the functions and the
records' host fields (extract_records, the log records) equal to `uriscan
inspect`'s fields record by record, so that Python and the CLI cannot
drift; NUL bytes are data; without libpsl or libidn2, the "unavailable"
errors."""
import doctest
import io
import ipaddress
import json
import os
import re
import subprocess

import pytest

import uriscan
from uriscan import _core
from uriscan.logformat import HOST_KEYS, KEYS, parse_line, parse_lines
from vectors import (ROOT, VECTORS, confusion_cases, host_address_cases, host_log,
                     host_urls, site_cases, wpt_host_cases)

HOSTS = host_address_cases(os.path.join(VECTORS, "host-address.tsv"))
CONFUSION = confusion_cases(os.path.join(VECTORS, "confusion.tsv"))
SITES = site_cases(os.path.join(VECTORS, "site.tsv"))
SYNTAX = ("syntax", "incomplete", "bad_percent", "bad_char", "bad_utf8", "idna")


def utf8(b: bytes):
    """b as str, or None when it is not UTF-8."""
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return None


def spellings(b: bytes) -> list:
    """b as bytes, as another buffer, and as str when it is UTF-8."""
    return [b, bytearray(b)] + ([utf8(b)] if utf8(b) is not None else [])


def ids(cases):
    return [c[0] for c in cases]


def needs_uts46(host: bytes) -> bool:
    """Is the host, percent-decoded, not ASCII (UTS #46 through ICU)?"""
    return any(b >= 0x80 for b in host) or \
        re.search(rb"%[89a-fA-F][0-9a-fA-F]", host) is not None


@pytest.mark.parametrize("where,host,expect", HOSTS, ids=ids(HOSTS))
def test_host_address_vectors(where, host, expect):
    for h in spellings(host):
        if needs_uts46(host) and not uriscan.uts46_available():
            with pytest.raises(uriscan.Error) as e:
                uriscan.host_address(h)
            assert e.value.status == "idna_unavailable", h
            continue
        if isinstance(expect, tuple):
            with pytest.raises(uriscan.Error) as e:
                uriscan.host_address(h)
            assert (e.value.status, e.value.byte_offset) == expect, h
            assert isinstance(e.value, uriscan.InvalidURI) == (expect[0] in SYNTAX)
            continue
        a = uriscan.host_address(h)
        assert isinstance(a, uriscan.HostAddress) and isinstance(a, tuple)
        assert {k: getattr(a, k) for k in expect} == \
            dict(expect, notes=frozenset(expect["notes"])), h
        if a.family is None:
            assert (a.address, a.embedded_v4, a.parts) == (None, None, 0)
            continue
        assert a.ip_class in uriscan.IP_CLASSES
        # the address object, and the IPv4 address embedded, as ipaddress reads them
        assert a.address == ipaddress.ip_address(a.text) and a.address.version == a.family
        assert a.parts in ((1, 2, 3, 4) if a.family == 4 else (0,))
        assert a.embedded_v4 == embedded_v4(a.address, a.embed)
        assert (a.embed is None) == (a.embedded_v4 is None)


def embedded_v4(v6, embed):
    """The IPv4 address v6 embeds as ipaddress reads it (the last 32 bits
    for NAT64, which it does not read)."""
    if embed is None:
        return None
    return {"mapped": lambda: v6.ipv4_mapped, "6to4": lambda: v6.sixtofour,
            "teredo": lambda: v6.teredo[1],
            "nat64": lambda: ipaddress.IPv4Address(v6.packed[12:])}[embed]()


def test_host_address_names_and_errors():
    a = uriscan.host_address("%31%32%37.0.0.1.")
    assert a.address == ipaddress.IPv4Address("127.0.0.1")
    assert a.notes == {"percent", "trailing_dot"} and a.form == "dotted"
    assert uriscan.host_address(b"0x7f.1").text == "127.0.0.1"  # computed: str
    with pytest.raises(uriscan.Error) as e:
        uriscan.host_address("[v1.x]")
    assert e.value.status == "unsupported" and "IPvFuture" in str(e.value)
    assert not isinstance(e.value, uriscan.InvalidURI)
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.host_address("b\u00fccher%zz")  # offsets in characters for str
    with pytest.raises(uriscan.InvalidURI) as eb:
        uriscan.host_address("b\u00fccher%zz".encode())
    assert e.value.byte_offset == eb.value.offset == eb.value.byte_offset > 7
    assert e.value.offset == e.value.byte_offset - 1
    with pytest.raises(TypeError):
        uriscan.host_address(127)
    with pytest.raises(TypeError):
        uriscan.host_address()


@pytest.mark.parametrize("where,url,flags,grammar", CONFUSION, ids=ids(CONFUSION))
def test_confusion_vectors(where, url, flags, grammar):
    for u in spellings(url):
        got = uriscan.confusion(u, grammar)
        assert isinstance(got, frozenset) and got == flags, u
        assert uriscan.confusion(u, grammar=grammar) == got
    assert flags <= set(uriscan.CONFUSION_FLAGS)


def doc_table(section: str) -> list:
    """The first column's `names` of the table under a heading of
    docs/hosts.md."""
    text = open(os.path.join(ROOT, "docs", "hosts.md"), encoding="utf-8").read()
    part = text.split(section, 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\| `([\w-]+)` \|", part, re.M)


def test_names_are_the_documented_ones():
    assert list(uriscan.CONFUSION_FLAGS) == doc_table("## The confusion flags")
    assert list(uriscan.IP_CLASSES) == doc_table("**Classes**")
    assert uriscan.HOST_FIELDS == ("ip", "ip_form", "ip_class", "browser_host", "site",
                                   "flags")
    with pytest.raises(ValueError):
        uriscan.confusion("http://h/", "rfc9999")


@pytest.mark.skipif(not uriscan.psl_available(), reason="library built without libpsl")
@pytest.mark.parametrize("where,host,site", SITES, ids=ids(SITES))
def test_site_vectors(where, host, site):
    for h in spellings(host):
        want = site if isinstance(h, (bytes, bytearray)) or site is None else site.decode()
        assert uriscan.site(h) == want, h


def test_psl_version():
    # the List's date, SHA-256 and rules; libpsl's; or "none"
    v = uriscan.psl_version()
    assert isinstance(v, str)
    assert (re.fullmatch(r"\d{4}-\d\d-\d\d.* \(sha256 [0-9a-f]{16}, \d+ rules\)", v)
            or v.startswith("libpsl ")) if uriscan.psl_available() else v == "none"


@pytest.mark.skipif(uriscan.psl_available(), reason="library built with a List")
def test_site_without_libpsl():
    with pytest.raises(uriscan.Error) as e:
        uriscan.site("www.example.co.uk")
    assert e.value.status == "unsupported" and "Public Suffix List" in str(e.value)
    # the fields are the CLI's: null
    assert uriscan.parse("http://www.example.co.uk/").site is None
    assert _core.extract_records(b"http://www.example.co.uk/", hosts=True)[0]["site"] is None


def test_browser_host_wpt():
    """The WHATWG URL tests with a scheme and no base: the host browsers
    reach, or a failure (InvalidURI), or none ('unsupported': a null host);
    the cases listed in wpt-host-disagreements.tsv disagree; without ICU a
    host that needs IDNA is uriscan.Error 'idna_unavailable'."""
    cases, listed = wpt_host_cases()
    agree = unavailable = 0
    for text, want in cases:
        raw = text.encode("utf-8")
        try:
            got = uriscan.browser_host(text)
        except uriscan.Error as e:
            if e.status == "idna_unavailable":
                assert not uriscan.uts46_available() and not isinstance(e, uriscan.InvalidURI)
                unavailable += 1
                continue
            if e.status == "unsupported":
                got = ""  # no host (null), whose hostname getter gives ""
            else:
                assert isinstance(e, uriscan.InvalidURI) and e.status in ("syntax", "idna")
                with pytest.raises(uriscan.InvalidURI) as eb:
                    uriscan.browser_host(raw)
                assert eb.value.status == e.status and eb.value.byte_offset == e.byte_offset
                got = None
        else:
            assert uriscan.browser_host(raw) == got.encode()
        if raw in listed:
            assert got != want, text
        else:
            assert got == want, text
            agree += 1
    # without ICU a listed case (all need IDNA) is counted as unavailable
    assert agree + unavailable + (len(listed) if uriscan.uts46_available() else 0) == \
        len(cases) and len(cases) == 547


def test_browser_host_errors():
    assert uriscan.browser_host("HTTP://User@Evil.COM@Good.COM:80/") == "good.com"
    assert uriscan.browser_host("file:///etc/passwd") == ""
    assert uriscan.browser_host("//0x7f.1/a") == "127.0.0.1"
    assert uriscan.browser_host("http://[::ffff:127.0.0.1]/") == "[::ffff:7f00:1]"
    assert uriscan.browser_host("foo://H%41/") == "H%41"  # opaque: as written
    assert uriscan.browser_host("ssh://git@h\u00e9/") == "h%C3%A9"  # no IDNA: no ICU needed
    with pytest.raises(uriscan.InvalidURI):
        uriscan.browser_host("file://user@host/p")  # no userinfo in file:
    for url in ("mailto:a@example.com", "/relative"):
        with pytest.raises(uriscan.Error) as e:
            uriscan.browser_host(url)
        assert e.value.status == "unsupported" and "no host" in str(e.value)
    with pytest.raises(uriscan.Error) as e:
        uriscan.browser_host("http://" + "a" * 2049 + "/")
    assert e.value.status == "too_long" and "2,048 bytes" in str(e.value)
    with pytest.raises(uriscan.Error) as e:
        uriscan.site("a" * 256)
    assert e.value.status == "too_long" and "255 bytes" in str(e.value)
    with pytest.raises(uriscan.InvalidURI) as e:
        uriscan.browser_host("http://example.com:65536/")
    assert e.value.status == "syntax"
    idn = "http://b\u00fccher.de/"
    if uriscan.uts46_available():
        assert uriscan.browser_host(idn) == "xn--bcher-kva.de"
        assert uriscan.browser_host(idn.encode()) == b"xn--bcher-kva.de"
    else:
        with pytest.raises(uriscan.Error) as e:
            uriscan.browser_host(idn)
        assert e.value.status == "idna_unavailable"


def test_nul_bytes_are_data():
    """A NUL byte neither ends the input nor is skipped, in str or bytes."""
    for nul in ("\0", b"\0"):
        j = lambda *p: nul[:0].join(p)  # noqa: E731
        s = (lambda t: t) if isinstance(nul, str) else str.encode
        assert uriscan.host_address(j(s("127.0.0.1"), nul)).family is None  # a name
        assert uriscan.host_address(j(s("127.0.0.1"))).family == 4
        assert uriscan.confusion(j(s("http://a"), nul, s("@example.com/"))) == \
            {"userinfo", "nul"}
        assert uriscan.confusion(j(s("http://example.com/"), nul)) == {"nul"}
        with pytest.raises(uriscan.InvalidURI) as e:
            uriscan.browser_host(j(s("http://a"), nul, s("b/")))
        assert e.value.status == "syntax"
        if uriscan.psl_available():  # a name with a NUL byte has no site
            assert uriscan.site(j(s("example.com"), nul)) is None


def test_uri_properties():
    u = uriscan.parse("http://0x7f.1/")
    assert u.ip == ipaddress.IPv4Address("127.0.0.1") and u.ip_form == "hex"
    assert (u.ip_class, u.browser_host, u.site) == ("loopback", "127.0.0.1", None)
    assert u.flags == {"ip_noncanonical", "browser_host_differs"}
    assert u.host_info() == {k: getattr(u, k) for k in uriscan.HOST_FIELDS}
    assert tuple(u.host_info()) == uriscan.HOST_FIELDS
    b = uriscan.parse(b"http://[::ffff:169.254.169.254]/")
    assert b.ip == ipaddress.IPv6Address("::ffff:169.254.169.254")
    assert (b.ip_class, b.browser_host) == ("link-local", b"[::ffff:a9fe:a9fe]")
    assert b.flags == frozenset()
    # a scheme that is not special: the opaque host
    g = uriscan.parse("ssh://git@10.1.2.3/x")
    assert (g.ip, g.ip_class, g.browser_host) == (ipaddress.IPv4Address("10.1.2.3"),
                                                  "private", "10.1.2.3")
    # the URI's own parse: an authority parsed by its rule keeps its host
    a = uriscan.parse("0x7f.1:80", rule="authority")
    assert a.host == "0x7f.1" and a.ip == ipaddress.IPv4Address("127.0.0.1")
    n = uriscan.parse("mailto:a@example.com")
    assert (n.ip, n.ip_form, n.ip_class, n.browser_host, n.site) == (None,) * 5


def test_record_host_fields():
    """hosts=True adds the fields after the record's own keys; without it
    the records are as before."""
    text = b"see http://0x7f.1/a and https://u@www.example.co.uk./b\n"
    plain, recs = _core.extract_records(text), _core.extract_records(text, hosts=True)
    assert [list(r) for r in recs] == [list(p) + list(uriscan.HOST_FIELDS) for p in plain]
    assert [{k: r[k] for k in p} for r, p in zip(recs, plain)] == plain
    assert recs[0]["ip"] == ipaddress.IPv4Address("127.0.0.1")
    assert recs[0]["browser_host"] == b"127.0.0.1"
    assert recs[1]["flags"] == {"userinfo", "trailing_dot"}
    line = (b'1.2.3.4 - - [t] "GET /a/../b HTTP/1.1" 200 1 "http://10.0.0.1/" "-"\n'
            b'1.2.3.4 - - [t] "CONNECT 0x7f.1:443 HTTP/1.1" 200 1 "-" "-"\n'
            b'1.2.3.4 - - [t] "GET" 400 1 "-" "-"\nnot a line\n')
    plain, recs = parse_lines(line), parse_lines(line, hosts=True)
    assert all(tuple(r) == KEYS + HOST_KEYS for r in recs)
    assert [{k: r[k] for k in KEYS} for r in recs] == plain
    assert recs[0]["target_flags"] == {"dot_segment"} and recs[0]["target_ip"] is None
    assert recs[0]["referer_ip_class"] == "private"
    assert (recs[1]["target_ip_class"], recs[1]["target_browser_host"]) == \
        ("loopback", b"127.0.0.1")
    assert all(recs[1][k] is None for k in HOST_KEYS[6:])  # no referer
    assert all(r[k] is None for r in recs[2:] for k in HOST_KEYS)  # no target, malformed
    assert parse_line(line.splitlines()[1], hosts=True) == recs[1]
    common = parse_line(b'1.2.3.4 - - [t] "GET http://[::1]/ HTTP/1.1" 200 1', "common",
                        hosts=True)
    assert common["target_ip_class"] == "loopback"


def test_doc_examples():
    """The examples of docs/python.md's section on hosts, and of the
    package's docstring, run as written (doctest)."""
    if not uriscan.psl_available():
        pytest.skip("the examples show sites: library built without libpsl")
    text = open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8").read()
    section = text.split("## Hosts: what a host really means", 1)[1].split("\n## ", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "python.md: Hosts",
                                               "docs/python.md", 0)
    out = io.StringIO()
    runner = doctest.DocTestRunner()
    runner.run(test, out=out.write)
    assert runner.failures == 0 and runner.tries > 15, out.getvalue()
    assert doctest.testmod(uriscan).failed == 0


# ---- the same as `uriscan inspect`, record by record

def cli_inspect(records):
    """`uriscan inspect -z` of records (bytes, without NUL): its JSON
    objects, one per record."""
    exe = os.environ.get("URISCAN_CLI")
    if not exe or not os.path.exists(exe):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    assert all(b"\0" not in r for r in records)
    # the ASan runtime preloaded for python3 (suite python-asan) is not the
    # one an instrumented CLI links
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    r = subprocess.run([exe, "inspect", "-z"], input=b"\0".join(records) + b"\0",
                       capture_output=True, timeout=120, env=env)
    assert r.returncode in (0, 1), r.stderr
    out = [json.loads(line) for line in r.stdout.replace(b"\0", b"").splitlines()]
    assert len(out) == len(records)
    return out


def as_bytes(v):
    # the CLI writes bytes that are not UTF-8 as \udcXX (surrogateescape)
    return None if v is None else v.encode("utf-8", "surrogateescape")


def same_fields(got: dict, cli: dict, is_str: bool, prefix: str = ""):
    """The host fields got (of a URI or a record) are the CLI's."""
    def text(v):
        return v if is_str or v is None else as_bytes(v)
    want = {"ip": None if cli["ip"] is None else ipaddress.ip_address(cli["ip"]),
            "ip_form": cli["ip_form"], "ip_class": cli["ip_class"],
            "browser_host": text(cli["browser_host"]), "site": text(cli["site"]),
            "flags": frozenset(cli["flags"])}
    assert {k: got[prefix + k] for k in want} == want, cli["input"]


def test_uri_and_functions_equal_cli():
    inputs = host_urls()
    assert len(inputs) > 600
    valid = 0
    for raw, cli in zip(inputs, cli_inspect(inputs)):
        # the functions, on any record
        try:
            got = uriscan.browser_host(raw)
            assert cli["browser_error"] is None and got == as_bytes(cli["browser_host"])
        except uriscan.Error as e:
            assert e.status == cli["browser_error"], raw
        assert uriscan.confusion(raw) == frozenset(cli["flags"]), raw
        # the URI's properties, on a valid one (RFC 3986, as inspect's default)
        assert uriscan.is_valid(raw) == cli["valid"], raw
        if not cli["valid"]:
            continue
        valid += 1
        for u in {raw, utf8(raw)} - {None}:
            uri = uriscan.parse(u)
            same_fields(uri.host_info(), cli, isinstance(u, str))
            same_fields({k: getattr(uri, k) for k in uriscan.HOST_FIELDS}, cli,
                        isinstance(u, str))
    assert valid > 300


def test_extract_records_equal_cli():
    """extract_records(hosts=True): each record's fields are inspect's of
    its URL (the URL as matched: `uriscan extract --hosts` reads that)."""
    text = b"\n".join(b"<a href=\"%s\">x</a>" % u for u in host_urls())
    recs = _core.extract_records(text, hosts=True)
    assert len(recs) > 400
    for r, cli in zip(recs, cli_inspect([r["url"] for r in recs])):
        same_fields(r, cli, False)


def test_log_records_equal_cli():
    """parse_lines(hosts=True): the target_ fields are inspect's of the
    request target (a CONNECT target after "http://"), the referer_ ones
    inspect's of the referer."""
    data = host_log(host_urls())
    recs = parse_lines(data, hosts=True)
    assert len(recs) > 300 and all(r["malformed"] is None for r in recs)
    targets = [r for r in recs if r["target"] is not None]
    referers = [r for r in recs if r["referer"] is not None]
    assert sum(r["method"] == b"CONNECT" for r in targets) > 10
    cli = cli_inspect([b"http://" + r["target"] if r["method"] == b"CONNECT" else r["target"]
                       for r in targets])
    for r, c in zip(targets, cli):
        same_fields(r, c, False, "target_")
    for r, c in zip(referers, cli_inspect([r["referer"] for r in referers])):
        same_fields(r, c, False, "referer_")


def test_ipv6_zone():
    """An IPv6 zone (issue 49): read by host_address, refused by the
    browser's reading, the record's zone and class the address's."""
    a = uriscan.host_address("[fe80::1%25eth0]")
    assert (a.address, a.ip_class, a.zone) == (ipaddress.IPv6Address("fe80::1"),
                                               "link-local", "eth0")
    assert "zone" in a.notes and uriscan.host_address("[fe80::1]").zone is None
    with pytest.raises(uriscan.InvalidURI):
        uriscan.browser_host("http://[fe80::1%25eth0]/")
    assert "ipv6_zone" in uriscan.confusion("http://[fe80::1%eth0]/")
    r = _core.log_line(b'1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 '
                       b'"http://[fe80::1%25eth0]/" "-"\n', hosts=True)
    assert (r["referer_ip_class"], r["referer_zone"]) == ("link-local", "eth0")
    assert "ipv6_zone" in r["referer_flags"] and "target_zone" not in r


@pytest.mark.skipif(not uriscan.uts46_available(), reason="library built without ICU")
def test_homograph_flags():
    assert {"mixed_script", "ascii_lookalike"} <= uriscan.confusion("http://p\u0430ypal.com/",
                                                                   "rfc3987")
    assert uriscan.confusion("http://xn--80ak6aa92e.com/") == {"idn", "ascii_lookalike"}
    assert uriscan.parse("http://\u65e5\u672c\u8a9e\u30c9\u30e1\u30a4\u30f3.jp/",
                         "rfc3987").flags == {"idn"}
    assert uriscan.host_address("\u2460\u2461\u2466.0.0.1").text == "127.0.0.1"
