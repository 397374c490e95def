#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_sqlite_shell.py SQLITE3 MODULE: the SQLite extension loaded by the
sqlite3 command (`.load`), as a user types it: each case runs the shell on
a new in-memory database and compares its output. Prints TAP."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tap import done, ok  # noqa: E402 (tests/tap.py)

shell, module = sys.argv[1], os.path.splitext(os.path.abspath(sys.argv[2]))[0]

CASES = [
    ("select uri_host('http://user@Example.com:8080/a?b=1#f'), "
     "uri_port('http://user@Example.com:8080/a');", "Example.com|8080"),
    ("select uri_error('http://example.com/a b');",
     '{"status":"bad_char","byte_offset":20,"detail":"bad_char at byte 20 (0x20)"}'),
    ("select * from uri_extract('see http://a.example/x, and (https://b.example/y). end');",
     "4|http://a.example/x\n29|https://b.example/y"),
    ("select key, value, position from uri_query_params('http://h/?utm_source=x&id=7&q=a+b');",
     "utm_source|x|1\nid|7|2\nq|a b|3"),
    ("select uri_host_inet('http://0x7f.1/'), uri_ip_class('http://2130706433/'), "
     "uri_site('https://www.example.co.uk/'), uri_flags('http://u@0x7f.1/');",
     '127.0.0.1|loopback|example.co.uk|["userinfo","ip_noncanonical","browser_host_differs"]'),
    ("select uri_normalize('HTTP://Example.com:80/%7e'), "
     "uri_resolve('http://a/b/c/d;p?q', '../g'), uri_query_get('http://h/?a=%41', 'a');",
     "http://example.com/~|http://a/b/g|A"),
    ("select uri_strip_tracking('https://shop.example/item?id=9&utm_source=news&gclid=x1#top'), "
     "uri_query_remove('http://h/?a=1&ref_x=2&b=%20', 'ref_*'), uri_query_sort('http://h/?b&a');",
     "https://shop.example/item?id=9#top|http://h/?a=1&b=%20|http://h/?a&b"),
    ("create table t(u text, h text as (uri_host(u))); "
     "create index t_s on t(uri_site(u)); insert into t(u) values ('http://x.example.org/'); "
     "select h, uri_site(u) from t;", "x.example.org|example.org"),
]
for sql, want in CASES:
    r = subprocess.run([shell, "-batch", ":memory:", ".load " + module, sql],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ok(r.returncode == 0 and r.stdout.strip() == want, sql,
       "exit %d, output:\n%s\nwant:\n%s" % (r.returncode, r.stdout, want))
r = subprocess.run([shell, "-batch", ":memory:", ".load " + module,
                    "select uri_is_valid('x', 'nope');"],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
ok(r.returncode != 0 and "unknown grammar" in r.stdout,
   "an unknown grammar is an error", r.stdout)
sys.exit(done())
