#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_sqlite.py MODULE: the SQLite extension through Python's sqlite3
module (Connection.load_extension): the vectors that apply
(sql_vectors.py), hand-written cases of every function, the functions
usable in an index and a generated column (SQLITE_DETERMINISTIC), and bad
input: random bytes, NUL in blobs, invalid UTF-8, NULLs and a 300 MB
value through every function, which must answer or raise sqlite3's error,
never crash the process. Prints TAP; 77 (skip) when this Python's sqlite3
cannot load extensions.
"""
import json
import os
import random
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import sql_vectors as S  # noqa: E402
from tap import done, ok  # noqa: E402 (tests/tap.py)

MODULE = os.path.splitext(os.path.abspath(sys.argv[1]))[0]

if not hasattr(sqlite3.Connection, "enable_load_extension"):
    print("1..0 # SKIP this Python's sqlite3 cannot load extensions")
    sys.exit(77)

db = sqlite3.connect(":memory:")
db.enable_load_extension(True)
db.load_extension(MODULE)
db.enable_load_extension(False)


def one(sql, *args):
    return db.execute(sql, args).fetchone()[0]


def rows(sql, *args):
    return db.execute(sql, args).fetchall()


def b(x):
    """A result as bytes (text or blob)."""
    return None if x is None else (x.encode() if isinstance(x, str) else bytes(x))


ok(one("select uriscan_version()") is not None, "loaded; uriscan_version()")

# ---- the vectors ----
for g in ("rfc3986", "rfc3987"):
    bad = []
    for where, inp, valid, status, off, comps in S.grammar(g):
        v = one("select uri_is_valid(?, ?)", inp, g)
        e = one("select uri_error(?, ?)", inp, g)
        if v != int(valid) or (e is None) != valid:
            bad.append(where)
            continue
        if not valid:
            e = json.loads(e)
            if (e["status"], e["byte_offset"]) != (status, off):
                bad.append(where)
        elif comps is not None:
            got = db.execute(
                "select uri_scheme(?1, ?2), uri_authority(?1, ?2), uri_userinfo(?1, ?2),"
                " uri_host(?1, ?2), NULL, uri_path(?1, ?2), uri_query(?1, ?2),"
                " uri_fragment(?1, ?2)", (inp, g)).fetchone()
            want = [comps[k] for k in S.COMPS]
            want[4] = None
            if [b(x) for x in got] != want:
                bad.append(where)
            port = comps["port"]
            if port is not None and len(port) < 10 and \
                    one("select uri_port(?, ?)", inp, g) != (int(port) if port else None):
                bad.append(where + " port")
    ok(not bad and len(S.grammar(g)) > 50,
       "%s: validity, status, offset, components" % g, bad)

    bad = [w for w, i, n, exact in S.normalize(g)
           if (exact and b(one("select uri_normalize(?, ?)", i, g)) != n) or
           one("select uri_equivalent(?, ?, ?)", i, n, g) != 1 or
           one("select uri_normalize(?1, ?3) = uri_normalize(?2, ?3)", i, n, g) != 1]
    ok(not bad, "%s: normal forms (%d rows)" % (g, len(S.normalize(g))), bad)
    bad = [w for w, x, y, e in S.equivalent(g)
           if one("select uri_equivalent(?, ?, ?)", x, y, g) != int(e)]
    ok(not bad, "%s: equivalence" % g, bad)
    bad = [w for w, base, ref, t in S.resolve(g)
           if b(one("select uri_resolve(?, ?, ?)", base, ref, g)) != t]
    ok(not bad and S.resolve(g), "%s: resolution" % g, bad)
    bad = []
    for where, text, want in S.extract(g):
        got = [(o, b(u)) for o, u in
               rows("select byte_offset, url from uri_extract(?, ?)", text, g)]
        if got != want:
            bad.append((where, got, want))
        if text.isascii() or g == "rfc3987":  # the same from a blob
            got = [(o, b(u)) for o, u in
                   rows("select byte_offset, url from uri_extract(?, ?)",
                        sqlite3.Binary(text), g)]
            if got != want:
                bad.append((where, "blob", got))
    ok(not bad, "%s: extraction (%d rows)" % (g, len(S.extract(g))), bad)

bad = [w for w, q, k, v in S.query_get()
       if one("select uri_is_valid(?)", b"http://h/?" + q) and
       b(one("select uri_query_get(?, ?, 0)", b"http://h/?" + q, k)) != v]
ok(not bad, "query parameters (get)", bad)
# query editing: the rows of query-edit*.tsv and rewrite.tsv the functions
# express (sql_vectors.query_edit); uri_query_remove reads RFC 3986 only
bad, n = [], 0
for where, g, kind, url, keys, value, want in S.query_edit():
    if kind == "remove" and g != "rfc3986":
        continue
    n += 1
    if kind == "strip":
        got = one("select uri_strip_tracking(?, ?)", url, g)
    elif kind == "remove":
        got = one("select uri_query_remove(?%s)" % (", ?" * len(keys)), url, *keys)
    elif kind == "set":
        got = one("select uri_query_set(?, ?, ?, ?)", url, keys[0], value, g)
    else:
        got = one("select uri_query_sort(?, ?)", url, g)
    if b(got) != want:
        bad.append((where, got, want))
ok(not bad and n > 30, "query editing (%d rows)" % n, bad)
bad = [w for w, inp, valid, st, off, comps in S.grammar("rfc3986") if valid and (
       b(one("select uri_query_remove(?, 'no-such-key')", inp)) != inp or
       one("select uri_strip_tracking(uri_strip_tracking(?))", inp) !=
       one("select uri_strip_tracking(?)", inp) or
       one("select uri_query_sort(uri_query_sort(?))", inp) !=
       one("select uri_query_sort(?)", inp))]
ok(not bad, "every valid URI of rfc3986.tsv: removing an absent key gives it back"
   " byte for byte; strip and sort are idempotent", bad)

bad = [w for w, u, g, f in S.confusion()
       if set(json.loads(one("select uri_flags(?, ?)", u, g))) != f]
ok(not bad, "confusion flags (%d rows)" % len(S.confusion()), bad)
bad = [w for w, u, ip, cls in S.host_address()
       if (b(one("select uri_host_inet(?)", u)), one("select uri_ip_class(?)", u))
       != (ip, cls)]
ok(not bad, "host addresses (%d rows)" % len(S.host_address()), bad)
bad = [w for w, u, s in S.site() if b(one("select uri_site(?)", u)) != s]
ok(not bad, "sites", bad)

# ---- hand-written cases ----
cases = [
    ("select uri_error('http://example.com/a b')",
     '{"status":"bad_char","byte_offset":20,"detail":"bad_char at byte 20 (0x20)"}'),
    ("select uri_error('http://example.com/')", None),
    ("select uri_host('http://bücher.example/')", None),
    ("select uri_host('http://bücher.example/', 'rfc3987')", "bücher.example"),
    ("select uri_port('http://h:080/')", 80),
    ("select uri_port('http://h:/')", None),
    ("select uri_query_get('http://h/?a=1&b=x%20y+z', 'b')", "x y z"),
    ("select uri_query_get('http://h/?a=1&b=x%20y+z', 'b', 0)", "x%20y+z"),
    ("select uri_query_get('http://h/?a&b=1', 'a')", None),
    ("select uri_query_get('http://h/?a=%00', 'a')", b"\0"),
    ("select uri_path_segments('http://h/a/b%2Fc/')", '["a","b/c",""]'),
    ("select uri_path_segments('http://h/a/b%2Fc/', 0)", '["a","b%2Fc",""]'),
    ("select uri_path_segments('http://h')", "[]"),
    ("select uri_normalize('HTTP://Example.COM:80/a/./b/../%7e?%3f#%41')",
     "http://example.com/a/~?%3F#A"),
    ("select uri_normalize('http://h/%C3%A9', 'rfc3987')", "http://h/é"),
    ("select uri_resolve('rel', 'x')", None),
    ("select uri_equivalent('HTTP://Example.com:80/%7e', 'http://example.com/~')", 1),
    ("select uri_percent_encode('a b/é~')", "a%20b%2F%C3%A9~"),
    ("select uri_percent_decode('a%20b+c', 1)", "a b c"),
    ("select uri_percent_decode('%FF')", b"\xff"),
    ("select uri_host_inet('http://[::ffff:192.168.0.1]/')", "::ffff:192.168.0.1"),
    ("select uri_ip_class('http://0x7f.1/')", "loopback"),
    ("select uri_browser_host('http:\\\\EVIL.example\\x')", "evil.example"),
    ("select uri_site('https://foo.github.io/')", "foo.github.io"),
    ("select uri_flags('https://a.example/')", "[]"),
    ("select uriscan_identity(x'00ff')", b"\x00\xff"),
    ("select uri_strip_tracking('https://shop.example/item?id=9&utm_source=news"
     "&gclid=x1&q=a%20b+c;d#top')", "https://shop.example/item?id=9&q=a%20b+c;d#top"),
    ("select uri_strip_tracking('http://h/?utm_id=1&fbclid=2')", "http://h/"),
    ("select uri_strip_tracking('http://h/ü?utm_id=1&é=2', 'rfc3987')", "http://h/ü?é=2"),
    ("select uri_strip_tracking('http://h/ü?utm_id=1')", None),
    ("select uri_query_remove('http://h/?a=1&b=%20&c=3&utm_x=4#f', 'a', 'utm_*')",
     "http://h/?b=%20&c=3#f"),
    ("select uri_query_remove('http://h/?a%20b=1&a+b=2&c', 'a b')", "http://h/?c"),
    ("select uri_query_remove('http://h/?a=1', 'a', NULL)", None),
    ("select uri_query_remove('http://h/?k%00=1&k=2', x'6b00')", "http://h/?k=2"),
    ("select uri_query_set('http://h/search?q=a%20b&page=1&lang=en&page=7', 'page', 2)",
     "http://h/search?q=a%20b&page=2&lang=en"),
    ("select uri_query_set('http://h/', 'q', 'a b&c=d é')", "http://h/?q=a+b%26c%3Dd+%C3%A9"),
    ("select uri_query_set('http://h/', 'q', x'00ff')", "http://h/?q=%00%FF"),
    ("select uri_query_set('http://h/ü', 'q', 'é', 'rfc3987')", "http://h/ü?q=é"),
    ("select uri_query_sort('http://h/?b=1&a=2&c=%20&a=1#f')", "http://h/?a=2&a=1&b=1&c=%20#f"),
    ("select uri_query_sort('not a url')", None),
    # 100,000 pairs: one read, O(n log n) compares (the selection it
    # replaced took minutes)
    ("select uri_query_sort('http://h/?' || replace(hex(zeroblob(50000)),"
     " '00', 'b&a=1&') || 'c')",
     "http://h/?" + "a=1&" * 50000 + "b&" * 50000 + "c"),
    ("select uri_is_valid(NULL)", None),
    ("select uri_host(NULL)", None),
]
for sql, want in cases:
    try:
        got = one(sql)
    except sqlite3.Error as e:
        got = e
    if isinstance(want, bytes):
        got = bytes(got) if isinstance(got, (bytes, memoryview)) else got
    ok(got == want, sql, "got %r, want %r" % (got, want))
for sql, msg in [("select uri_is_valid('x', 'nope')", "unknown grammar"),
                 ("select uri_percent_decode('100%')", "bad_percent at byte 4"),
                 ("select uri_port('http://h:99999999999/')", "out of range"),
                 ("select * from uri_extract('x', 'nope')", "unknown grammar"),
                 ("select uri_query_remove('http://h/')", "at least one key"),
                 ("select uri_strip_tracking('http://h/', 'rfc2396')",
                  "query editing takes the grammar rfc3986 or rfc3987")]:
    try:
        db.execute(sql).fetchall()
        got = None
    except sqlite3.Error as e:
        got = str(e)
    ok(got is not None and msg in got, sql + " fails: " + msg, got)
ok(rows("select * from uri_query_params('http://h/?a=1&&b=%41+B&c&=e')") ==
   [("a", "1", 1), ("b", "A B", 2), ("c", None, 3), ("", "e", 4)],
   "uri_query_params: decoded, empty pairs left out, value NULL without '='")
ok(rows("select key, value from uri_query_params('http://h/?a=%41', 0)") == [("a", "%41")],
   "uri_query_params(url, 0): as written")
ok(rows("select * from uri_query_params(NULL)") == [] and
   rows("select * from uri_extract(NULL)") == [], "NULL arguments give no rows")
ok(rows("select t.v, e.url from (select 'a http://x/ b' v union all select 'http://y/') t,"
        " uri_extract(t.v) e order by 1") == [("a http://x/ b", "http://x/"),
                                              ("http://y/", "http://y/")],
   "uri_extract joined to a table (a correlated argument)")

# deterministic and innocuous: an index on an expression, a generated column
db.execute("create table logs (ref text, host text as (uri_host(ref)) stored)")
db.execute("create index logs_site on logs (uri_site(ref))")
db.executemany("insert into logs(ref) values (?)",
               [("http://www.example.co.uk/a",), ("https://shop.example.co.uk/",),
                ("not a url",)])
ok(rows("select uri_site(ref), count(*) from logs where uri_site(ref) is not null"
        " group by 1") == [("example.co.uk", 2)], "an index on uri_site(ref)")
ok("logs_site" in " ".join(str(r) for r in rows(
    "explain query plan select * from logs where uri_site(ref) = 'example.co.uk'")),
   "the planner uses the index on uri_site(ref)")
ok(rows("select host from logs order by rowid") ==
   [("www.example.co.uk",), ("shop.example.co.uk",), (None,)],
   "a generated column of uri_host(ref)")

# the recipe of docs/sql.md: top pages without tracking parameters
db.execute("create table access_log (target text)")
db.executemany("insert into access_log values (?)", [
    ("/item?id=9&utm_source=news&utm_medium=mail",), ("/item?gclid=x1&id=9",),
    ("/%69tem?id=9",), ("/other?fbclid=z",), ("/other?msclkid=y&_ga=1",),
    ("/a b",), ("/c",)])
ok(rows("select uri_normalize(uri_strip_tracking(target)) as page, count(*) from access_log"
        " where page is not null group by 1 order by 2 desc, 1 limit 20") ==
   [("/item?id=9", 3), ("/other", 2), ("/c", 1)],
   "recipe: top pages without tracking parameters")

# ---- bad input: random bytes through every function ----
FUNCS1 = ["uri_is_valid", "uri_error", "uri_scheme", "uri_userinfo", "uri_host",
          "uri_path", "uri_query", "uri_fragment", "uri_authority", "uri_path_segments",
          "uri_normalize", "uri_percent_encode", "uri_host_inet", "uri_ip_class",
          "uri_browser_host", "uri_site", "uri_flags", "uriscan_identity"]
rnd = random.Random(50)
pool = (b"aZ09:/?#[]@!$&'()*+,;=%-._~ \"<>\\^`{|}\t\n\r\0" + b"%2f%C3%00"
        + "éü€𝄞１．".encode())
inputs = []
for i in range(1500):
    n = rnd.randrange(0, 60)
    if i % 2:
        s = bytes(rnd.randrange(256) for _ in range(n))
    else:
        s = bytes(rnd.choice(pool) for _ in range(n))
    inputs.append([b"", b"http://", b"https://u@", b"x:"][i % 4] + s)
failures = []
for s in inputs:
    for arg in (sqlite3.Binary(s), s.decode("utf-8", "replace")):
        for g in ("rfc3986", "rfc3987", "rfc2396", "rfc1738"):
            try:
                db.execute("select " + ", ".join("%s(?1, ?2)" % f if f not in (
                    "uri_percent_encode", "uriscan_identity") else "%s(?1)" % f
                    for f in FUNCS1), (arg, g)).fetchall()
                db.execute("select uri_port(?1, ?2), uri_query_get(?1, 'a', 1, ?2),"
                           " uri_resolve('http://a/b', ?1, ?2), uri_resolve(?1, 'x', ?2),"
                           " uri_equivalent(?1, ?1, ?2)", (arg, g)).fetchall()
                db.execute("select count(*) from uri_extract(?1, ?2)", (arg, g)).fetchall()
                db.execute("select count(*) from uri_query_params(?1, 1, ?2)",
                           (arg, g)).fetchall()
            except sqlite3.Error as e:
                if "out of range" not in str(e):
                    failures.append((s, g, str(e)))
            try:
                db.execute("select uri_strip_tracking(?1, ?2), uri_query_set(?1, ?1, ?1, ?2),"
                           " uri_query_sort(?1, ?2), uri_query_remove(?1, ?1, 'a*')",
                           (arg, g)).fetchall()
            except sqlite3.Error as e:
                if g in ("rfc3986", "rfc3987") or "query editing takes" not in str(e):
                    failures.append((s, g, "edit: " + str(e)))
            try:
                db.execute("select uri_percent_decode(?1), uri_percent_decode(?1, 1)",
                           (arg,)).fetchall()
            except sqlite3.Error as e:
                if "uri_percent_decode: bad_percent" not in str(e):
                    failures.append((s, "decode", str(e)))
ok(not failures, "random bytes through every function: answers or the documented errors",
   failures[:10])
ok(one("select uri_is_valid(x'687474703a2f2f682f00')") == 0 and
   json.loads(one("select uri_error(x'687474703a2f2f682f00')"))["byte_offset"] == 9,
   "a NUL in a blob is a byte of the input (bad_char at 9)")
ok(one("select uri_is_valid(cast(x'687474703a2f2f682fff' as text), 'rfc3987')") == 0 and
   json.loads(one("select uri_error(cast(x'687474703a2f2f682fff' as text), 'rfc3987')"))
   ["status"] == "bad_utf8", "invalid UTF-8 in text: bad_utf8")
ok(one("select uri_query_remove(?, 'a')", "http://h/?" + "a=1&" * 1_000_000 + "b") ==
   "http://h/?b" and
   one("select length(uri_strip_tracking(?))",
       "http://h/?" + "utm_id=1&" * 1_000_000 + "b=" + "x" * 1_000_000) == 1_000_012,
   "query editing over a million pairs")
big = b"http://a/" + b"b" * 300_000_000
ok(one("select uri_is_valid(?)", sqlite3.Binary(big)) == 1 and
   one("select json_extract(uri_error(? || ' '), '$.byte_offset')", big.decode()) == len(big),
   "a 300 MB value: valid, and the error offset at its end")
big = None
ok(rows("select byte_offset, length(url) from uri_extract(?)",
        "x " * 25_000_000 + "http://a/" + "c" * 1_000_000) == [(50_000_000, 1_000_009)],
   "extraction from a 50 MB value, a 1 MB URL at its end")
sys.exit(done())
