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
from uriscan.logformat import parse_lines  # noqa: E402
from vectors import ROOT, real_log  # noqa: E402

LOG = real_log()
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


def test_log_bag_records(tmp_path):
    """Blocks of 97 bytes (most lines cut) give the records of the whole
    file; a bag of lines gives one record per line, the line kept as given
    in a malformed one. The records themselves: test_logformat.py."""
    with open(os.path.join(NGINX, "nginx-combined.log"), "rb") as f:
        raw = f.read()
    path = tmp_path / "mixed.log"
    path.write_bytes(raw + b"not a log line\n" + raw + b"x")  # no final line feed
    want = parse_lines(path.read_bytes(), "combined")
    assert any("malformed" in r for r in want) and any("status" in r for r in want)
    recs = ud.log_bag(str(path), "combined", blocksize=97)
    assert recs.npartitions > 10
    assert recs.compute(scheduler="sync") == want
    lines = path.read_bytes().splitlines(keepends=True)
    from_bag = ud.log_bag(db.from_sequence([l.decode("latin-1") for l in lines],
                                           npartitions=3), "combined")
    assert from_bag.compute(scheduler="sync") == want
    assert ud.log_bag(str(path), "auto").name != ud.log_bag(str(path), "common").name
    with pytest.raises(ValueError):
        ud.log_bag(str(path), "extended")
    statuses = dict(ud.count_by(db.from_sequence(want, npartitions=3), "status")
                    .compute(scheduler="sync"))
    assert statuses == dict(collections.Counter(r["status"] for r in want if "status" in r))


def test_bag_of_lines_without_line_feeds():
    """Lines of a bag that lack a line feed are not run together."""
    bag = db.from_sequence(["see http://a.example/x", "http://b.example/y"],
                           npartitions=1)
    assert [r["url"] for r in ud.extract_bag(bag).compute(scheduler="sync")] == \
        [b"http://a.example/x", b"http://b.example/y"]


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
