"""uriscan.dask: blocks cut at line boundaries (a blocksize that cuts lines),
extract_bag equal to uriscan.extract, log_bag records, and top_hosts on a
two-process distributed.LocalCluster equal to `uriscan extract --top 10`."""
import collections
import os
import subprocess
import sys

import pytest

dask = pytest.importorskip("dask")
db = pytest.importorskip("dask.bag")

import uriscan  # noqa: E402
import uriscan.dask as ud  # noqa: E402
from uriscan.logformat import parse_line  # noqa: E402
from vectors import ROOT, SHARED  # noqa: E402

LOG = os.path.join(SHARED, "data", "logs", "elastic_apache_logs.log")
if not os.path.exists(LOG):
    LOG = os.path.join(ROOT, "tests", "data", "logs", "elastic-sample.log")
NGINX = os.path.join(ROOT, "tests", "data", "logs")


def test_blocks_are_whole_lines(tmp_path):
    lines = [b"x" * (i % 37) + b" http://h%d.example/p%d y\n" % (i % 5, i)
             for i in range(300)]
    path = tmp_path / "t.log"
    path.write_bytes(b"".join(lines) + b"last http://end.example/")
    bag = db.read_text(str(path), blocksize=97, encoding="latin-1", linedelimiter="\n")
    parts = [list(p) for p in dask.compute(*bag.to_delayed(), scheduler="sync")]
    assert len(parts) > 50  # 97 bytes cut most lines in the middle
    for p in parts[:-1]:
        assert all(l.endswith("\n") for l in p)
    assert "".join(l for p in parts for l in p).encode("latin-1") == path.read_bytes()
    want = [m.url for m in uriscan.extract(path.read_bytes())]
    got = [r["url"] for r in ud.extract_bag(str(path), blocksize=97).compute(
        scheduler="sync")]
    assert got == want and len(want) == 301


def test_extract_bag_compressed_empty_and_keys(tmp_path):
    """A .gz file is decompressed (read whole, as read_text reads it); an
    empty file gives no record; another grammar or option is another graph
    (keys), so a scheduler never hands one the other's results."""
    import gzip
    text = b"".join(b"see http://h%d.example/p%d. and ftp://f/%d\n" % (i % 3, i, i)
                    for i in range(200))
    gz = tmp_path / "t.log.gz"
    gz.write_bytes(gzip.compress(text))
    want = [m.url for m in uriscan.extract(text)]
    got = [r["url"] for r in ud.extract_bag(str(gz)).compute(scheduler="sync")]
    assert got == want and len(want) == 400
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    assert ud.extract_bag(str(empty)).compute(scheduler="sync") == []
    plain = tmp_path / "t.log"
    plain.write_bytes(text)
    a = ud.extract_bag(str(plain), blocksize=1000)
    b = ud.extract_bag(str(plain), "rfc1738", blocksize=1000)
    c = ud.extract_bag(str(plain), blocksize=1000, trim=False)
    assert len({a.name, b.name, c.name}) == 3
    ra, rc = dask.compute(a, c, scheduler="sync")
    assert [r["url"] for r in ra] == want
    assert [r["url"] for r in rc] == [m.url for m in uriscan.extract(text, trim=False)]
    assert [r["url"] for r in ra] != [r["url"] for r in rc]  # the trailing "."


def test_log_bag_records():
    path = os.path.join(NGINX, "nginx-combined.log")
    recs = ud.log_bag(path, "combined", blocksize=4096).compute(scheduler="sync")
    with open(path, "rb") as f:
        raw = f.read().splitlines(keepends=True)
    assert len(recs) == len(raw)
    assert recs == [parse_line(l, "combined") or {"malformed": l} for l in raw]
    statuses = dict(ud.count_by(db.from_sequence(recs, npartitions=3), "status")
                    .compute(scheduler="sync"))
    assert statuses == dict(collections.Counter(r["status"] for r in recs if "status" in r))


def test_parse_line_fields():
    r = parse_line(b'1.2.3.4 - bob [17/May/2015:10:05:03 +0000] "GET http://Ex.com/a?b '
                   b'HTTP/1.1" 200 5 "http://ref.example/x" "ag\\"ent"\n')
    assert (r["client"], r["user"], r["method"], r["target"], r["version"]) == \
        (b"1.2.3.4", b"bob", b"GET", b"http://Ex.com/a?b", b"HTTP/1.1")
    assert (r["status"], r["target_host"], r["referer_host"], r["agent"]) == \
        (200, b"Ex.com", b"ref.example", b'ag"ent')
    bad = parse_line(b'1.2.3.4 - - [t] "GET /a b HTTP/1.1" 400 0 "-" "-"')
    assert bad["request_valid"] is False and bad["method"] is None
    assert parse_line(b"not a log line") is None
    c = parse_line(b'h - - [t] "GET / HTTP/1.0" 304 -', "common")
    assert c["target"] == b"/" and "referer" not in c


def cli_top(path, n):
    cli = os.environ.get("URISCAN_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    out = subprocess.run([cli, "extract", "--top", str(n), path], check=True,
                         capture_output=True, timeout=60).stdout
    return [(h, int(c)) for c, h in (l.split(b"\t") for l in out.splitlines())]


def test_top_hosts_ties_ranked_as_cli(tmp_path):
    # counts 3, 2, 2, 2, 1: the ties are ranked in byte order as the CLI does
    text = b"".join(b"http://%s/ x\n" % h for h in
                    [b"b.ex", b"a.ex", b"A.EX", b"c.ex", b"c.ex", b"ab.ex", b"ab.ex",
                     b"b.ex", b"a.ex", b"zz"])
    path = tmp_path / "ties.log"
    path.write_bytes(text)
    got = ud.top_hosts(ud.extract_bag(str(path), blocksize=20), 4).compute(
        scheduler="sync")
    assert got == cli_top(str(path), 4)
    assert got == [(b"a.ex", 3), (b"ab.ex", 2), (b"b.ex", 2), (b"c.ex", 2)]


def test_local_cluster_top_hosts_equal_cli():
    distributed = pytest.importorskip("distributed")
    want = cli_top(LOG, 10)
    size = os.path.getsize(LOG)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                       processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster, timeout=60) as client:
            bag = ud.extract_bag(LOG, blocksize=max(size // 7, 4096) + 13)
            assert bag.npartitions >= 6  # several blocks per worker
            fut = client.compute(ud.top_hosts(bag, 10))
            got = fut.result(timeout=120)
            assert len(client.scheduler_info()["workers"]) == 2
    finally:
        cluster.close(timeout=30)
    assert got == want


def test_example_script_prints_cli_output():
    """examples/dask_top_hosts.py --local 1 prints `uriscan extract --top`'s
    output byte for byte."""
    pytest.importorskip("distributed")
    want = b"".join(b"%d\t%s\n" % (c, h) for h, c in cli_top(LOG, 10))
    script = os.path.join(ROOT, "examples", "dask_top_hosts.py")
    out = subprocess.run([sys.executable, script, "--local", "1", "--blocksize",
                          "512KiB", LOG], capture_output=True, timeout=120, check=True)
    assert out.stdout == want
