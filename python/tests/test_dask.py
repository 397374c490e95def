# SPDX-License-Identifier: MIT
"""uriscan.dask: blocks cut at line boundaries (a blocksize that cuts lines),
extract_bag equal to uriscan.extract, log_bag records; every helper gives
the CLI's answer on 1, 8, 9 and 64 partitions (past 8, Dask's tree
reduction feeds a combine step its own output) and on a two-process
distributed.LocalCluster."""
import collections
import json
import os
import random
import re
import subprocess
import sys

import pytest

dask = pytest.importorskip("dask")
db = pytest.importorskip("dask.bag")

import uriscan  # noqa: E402
import uriscan.dask as ud  # noqa: E402
from uriscan import _core  # noqa: E402
from uriscan.logformat import parse_lines  # noqa: E402
from vectors import ROOT, host_log, host_urls, real_log  # noqa: E402

NGINX = os.path.join(ROOT, "tests", "data", "logs")
PARTITIONS = (1, 8, 9, 64)


def make_log() -> bytes:
    """A combined log of 1500 lines (about 200 KB), the same on every run:
    the bundled lines every tenth line, the others of 23 hosts (some in
    upper case) at uneven rates (ties among the rare ones), referers and
    agents holding URLs (a third with a port), sizes and referers sometimes
    "-"."""
    rnd = random.Random(35)
    bundled = []
    for name in ("elastic-sample.log", "nginx-combined.log"):
        with open(os.path.join(NGINX, name), "rb") as f:
            bundled += f.read().splitlines(keepends=True)
    hosts = [b"h%d.example" % i for i in range(20)] + [b"WWW.Example.COM",
                                                        b"www.example.com", b"[::1]"]
    weights = [40 - 2 * i for i in range(20)] + [15, 15, 3]
    paths = [b"/", b"/index.html", b"/a/b", b"/a/./b", b"/img/%d.png"] + \
        [b"/p%d" % i for i in range(12)]
    lines = []
    for i in range(1500):
        if i % 10 == 0:
            lines.append(bundled[(i // 10) % len(bundled)])
            continue
        h, r = rnd.choices(hosts, weights, k=2)
        path = rnd.choice(paths)
        if b"%d" in path:
            path = path % rnd.randrange(4)
        size = b"-" if i % 7 == 0 else b"%d" % rnd.randrange(100000)
        ref = b"-" if i % 5 == 0 else b"http://%s/from?i=%d" % (r, i % 13)
        port = b":8080" if i % 3 == 0 else b""
        lines.append(b'10.0.%d.%d - - [17/May/2015:10:%02d:%02d +0000] '
                     b'"GET %s HTTP/1.1" %d %s "%s" "bot (+http://%s%s/bot)"\n'
                     % (i % 7, i % 250, i % 60, i % 59, path,
                        rnd.choice((200, 200, 200, 304, 404, 500)), size, ref, h, port))
    return b"".join(lines)


@pytest.fixture(scope="module")
def log_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("dask") / "gen.log"
    path.write_bytes(make_log())
    return str(path)


def blocks_of(path, k):
    """A blocksize that cuts path into exactly k blocks (read_bytes makes
    size // blocksize blocks)."""
    return os.path.getsize(path) // k


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
    assert any(r["malformed"] for r in want) and any(not r["malformed"] for r in want)
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
    assert statuses == dict(collections.Counter(r["status"] for r in want
                                                if r["malformed"] is None))


def test_bag_of_lines_without_line_feeds():
    """Lines of a bag that lack a line feed are not run together."""
    bag = db.from_sequence(["see http://a.example/x", "http://b.example/y"],
                           npartitions=1)
    assert [r["url"] for r in ud.extract_bag(bag).compute(scheduler="sync")] == \
        [b"http://a.example/x", b"http://b.example/y"]


def bag_of_lines(path, k):
    """A bag of the file's lines (bytes) in exactly k partitions."""
    with open(path, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    n = len(lines)
    bag = db.from_delayed([dask.delayed(lines[i * n // k:(i + 1) * n // k])
                           for i in range(k)])
    assert bag.npartitions == k
    return bag


def cli(*args) -> bytes:
    exe = os.environ.get("URISCAN_CLI")
    if not exe or not os.path.exists(exe):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    r = subprocess.run([exe, *args], capture_output=True, timeout=60)
    assert r.returncode in (0, 1), r.stderr
    return r.stdout


def cli_top(path, n):
    out = cli("extract", "--top", str(n), path)
    return [(h, int(c)) for c, h in (l.split(b"\t") for l in out.splitlines())]


def cli_extract(path):
    """(url, truncated, host) of each match of `uriscan extract
    --format=jsonl` (the data is ASCII)."""
    return [(r["url"].encode(), r["truncated"],
             None if r["host"] is None else r["host"].encode())
            for r in map(json.loads, cli("extract", "--format=jsonl", path).splitlines())]


def cli_log(path):
    """{line number: record} of `uriscan log`'s JSON Lines (the lines in
    the format)."""
    return {r["line"]: r for r in map(json.loads, cli("log", path).splitlines())}


def cli_summary(path, n):
    """`uriscan log --summary --top n`: (top_paths, top_referer_hosts) as
    [(bytes, count)]."""
    out = json.loads(cli("log", "--summary", f"--top={n}", path))
    return tuple([(as_bytes(k), c) for k, c in out[key]]
                 for key in ("top_paths", "top_referer_hosts"))


def as_bytes(v):
    # the CLI writes bytes that are not UTF-8 as \udcXX (surrogateescape)
    return v.encode("utf-8", "surrogateescape")


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
    every = ud.top_hosts(ud.extract_bag(str(path), blocksize=20), None)
    assert every.compute(scheduler="sync") == got + [(b"zz", 1)]
    assert ud.top_hosts(ud.extract_bag(str(path)), 0).compute(scheduler="sync") == \
        got + [(b"zz", 1)]
    with pytest.raises(ValueError):
        ud.top_hosts(ud.extract_bag(str(path)), -1)
    with pytest.raises(TypeError):
        ud.top_hosts(ud.extract_bag(str(path)), "3")


def test_top_hosts_long_hosts(tmp_path):
    """Hosts past 1,024 bytes are counted whole, as `uriscan extract --top`
    counts them: two that differ only past byte 1,024 are two rows."""
    a, b = b"a" * 1030 + b".example", b"a" * 1030 + b".EXAMPLF"
    path = tmp_path / "long.log"
    path.write_bytes(b"".join(b"http://%s/ x\n" % h for h in (a, a, b, a.upper())))
    got = ud.top_hosts(ud.extract_bag(str(path), blocksize=1100), 5).compute(
        scheduler="sync")
    assert got == cli_top(str(path), 5) == [(a, 3), (b.lower(), 1)]


def test_reductions_take_their_own_output():
    """The combine step of a reduction is fed its own output past
    split_every partitions: 64 partitions of one host each, split_every 8
    and 2, give each host counted once."""
    bag = db.from_sequence([{"host": b"h%d" % i} for i in range(64)], npartitions=64)
    assert bag.npartitions == 64
    got = ud.top_hosts(bag, 3).compute(scheduler="sync")
    assert got == [(b"h0", 1), (b"h1", 1), (b"h10", 1)]


def test_real_log_top_hosts_64kib():
    """The issue's case: the real log (10,000 lines) in 64 KiB blocks."""
    log = real_log()
    bag = ud.extract_bag(log, blocksize="64KiB")
    assert bag.npartitions > 8
    assert ud.top_hosts(bag, 3).compute(scheduler="sync") == cli_top(log, 3)


@pytest.mark.parametrize("k", PARTITIONS)
def test_extract_helpers_equal_cli(log_path, k):
    """extract_bag and top_hosts on k blocks (and on a bag of k partitions
    of lines) give what `uriscan extract` gives."""
    bag = ud.extract_bag(log_path, blocksize=blocks_of(log_path, k))
    assert bag.npartitions == k
    want = cli_extract(log_path)
    assert len(want) > 2000
    got = [(r["url"], r["truncated"], r["host"]) for r in bag.compute(scheduler="sync")]
    assert got == want
    for n in (1, 5, 30):
        assert ud.top_hosts(bag, n).compute(scheduler="sync") == cli_top(log_path, n)
    lines = bag_of_lines(log_path, k)
    assert ud.top_hosts(ud.extract_bag(lines), 5).compute(scheduler="sync") == \
        cli_top(log_path, 5)


@pytest.mark.parametrize("k", PARTITIONS)
def test_log_helpers_equal_cli(log_path, k):
    """log_bag on k blocks: the lines in the format are the CLI's, with its
    statuses; count_by gives their counts."""
    bag = ud.log_bag(log_path, blocksize=blocks_of(log_path, k))
    assert bag.npartitions == k
    recs = bag.compute(scheduler="sync")
    want = cli_log(log_path)
    assert len(recs) == 1500 and len(want) > 1400
    assert {i + 1: r["status"] for i, r in enumerate(recs) if r["malformed"] is None} == \
        {n: r["status"] for n, r in want.items()}
    for n, c in want.items():  # every field both report, line by line
        r = recs[n - 1]
        for ck, pk in (("method", "method"), ("target", "target"), ("version", "version"),
                       ("valid", "request_valid"), ("path", "target_path"),
                       ("referer", "referer"), ("referer_host", "referer_host")):
            assert (as_bytes(c[ck]) if isinstance(c[ck], str) else c[ck]) == r[pk], (n, ck)
    counts = dict(ud.count_by(bag, "status").compute(scheduler="sync"))
    assert counts == dict(collections.Counter(r["status"] for r in want.values()))
    for n in (3, 1000):
        paths, referers = cli_summary(log_path, n)
        assert len(paths) > 2 and len(referers) > 2
        assert ud.top_paths(bag, n).compute(scheduler="sync") == paths
        assert ud.top_referer_hosts(bag, n).compute(scheduler="sync") == referers
    assert ud.top_paths(bag, None).compute(scheduler="sync") == cli_summary(log_path, 1000)[0]


@pytest.mark.parametrize("k", PARTITIONS)
def test_to_dataframe(log_path, k):
    """to_dataframe of log_bag and extract_bag on k blocks: a row per
    record, the columns known before computing, grouped as the CLI counts."""
    pytest.importorskip("pandas")
    pytest.importorskip("dask.dataframe")
    import uriscan.logformat
    bs = blocks_of(log_path, k)
    logs = ud.to_dataframe(ud.log_bag(log_path, blocksize=bs), "log")
    assert logs.npartitions == k and tuple(logs.columns) == uriscan.logformat.KEYS
    pdf = logs.compute(scheduler="sync")
    assert len(pdf) == 1500 and dict(pdf.dtypes) == dict(logs.dtypes)
    ok = pdf[pdf.malformed.isna()]
    want = cli_log(log_path)
    assert dict(ok.status.value_counts()) == \
        dict(collections.Counter(r["status"] for r in want.values()))
    by_ref = ok.groupby("referer_host").size()
    assert sorted(by_ref.items(), key=lambda kv: (-kv[1], kv[0])) == \
        cli_summary(log_path, 1000)[1]
    assert logs["size"].sum().compute(scheduler="sync") == \
        sum(r["size"] for r in uriscan.logformat.parse_lines(open(log_path, "rb").read())
            if r["size"] is not None)
    urls = ud.to_dataframe(ud.extract_bag(log_path, blocksize=bs), "url")
    assert urls.npartitions == k and tuple(urls.columns) == ud.URL_KEYS
    u = urls.compute(scheduler="sync")
    assert dict(u.dtypes) == dict(urls.dtypes) and str(u.dtypes["port"]) == "Int64"
    assert (u.port == 8080).sum() == 450 and u.port.notna().sum() == 450
    assert list(zip(u.url, u.truncated, u.host)) == cli_extract(log_path)
    hosts = u.host.dropna().map(bytes.lower).value_counts()
    assert sorted(hosts.items(), key=lambda kv: (-kv[1], kv[0]))[:5] == cli_top(log_path, 5)
    with pytest.raises(ValueError):
        ud.to_dataframe(ud.log_bag(log_path), "csv")


def test_local_cluster_equal_cli(log_path):
    """On two worker processes, over 9 blocks: extract_bag, top_hosts,
    log_bag, count_by, top_paths and top_referer_hosts give the CLI's
    answers; and examples/dask_top_hosts.py --scheduler, on the same
    cluster, prints `uriscan extract --top`'s output byte for byte. One
    LocalCluster for both: starting one (spawned workers, each importing
    dask) is most of the time of these tests."""
    distributed = pytest.importorskip("distributed")
    want_top = cli_top(log_path, 10)
    want_urls = cli_extract(log_path)
    want_log = cli_log(log_path)
    # spawned workers (the default): forked ones start faster but can
    # deadlock, forked while the scheduler's thread holds a lock
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                       processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster, timeout=60) as client:
            bs = blocks_of(log_path, 9)
            urls = ud.extract_bag(log_path, blocksize=bs)
            recs = ud.log_bag(log_path, blocksize=bs)
            assert urls.npartitions == 9
            top, got_urls, got_recs, statuses, paths, referers = client.compute(
                [ud.top_hosts(urls, 10), urls, recs, ud.count_by(recs, "status"),
                 ud.top_paths(recs, 10), ud.top_referer_hosts(recs, 10)],
                sync=True)
            assert len(client.scheduler_info()["workers"]) == 2
        script = os.path.join(ROOT, "examples", "dask_top_hosts.py")
        example = subprocess.run(
            [sys.executable, script, "--scheduler", cluster.scheduler_address,
             "--blocksize", str(bs), log_path],
            capture_output=True, timeout=120, check=True)
    finally:
        cluster.close(timeout=30)
    assert top == want_top
    assert [(r["url"], r["truncated"], r["host"]) for r in got_urls] == want_urls
    assert {i + 1: r["status"] for i, r in enumerate(got_recs) if r["malformed"] is None} == \
        {n: r["status"] for n, r in want_log.items()}
    assert dict(statuses) == dict(collections.Counter(r["status"] for r in want_log.values()))
    assert (paths, referers) == cli_summary(log_path, 10)
    assert example.stdout == b"".join(b"%d\t%s\n" % (c, h) for h, c in want_top)


# ---- the host fields (hosts=True) and their counts

def in_order(counter, names):
    # count_by_ip_class's and count_flags's shape: the counted names, in
    # the library's order
    return {n: counter[n] for n in names if counter[n]}


def class_and_flag_counts(records, prefix=""):
    """The reference counts of records made in one call: by ip_class, by
    flag."""
    classes = collections.Counter(r[prefix + "ip_class"] for r in records)
    flags = collections.Counter(f for r in records if r[prefix + "flags"] is not None
                                for f in r[prefix + "flags"])
    return (in_order(classes, uriscan.IP_CLASSES),
            in_order(flags, uriscan.CONFUSION_FLAGS))


def with_empty_partitions(lines, k):
    """A bag of the lines in exactly k partitions, the even ones empty when
    k > 1 (the lines spread over the odd ones)."""
    full = [i for i in range(k) if k == 1 or i % 2]
    n = len(lines)
    parts = [[] for _ in range(k)]
    for j, i in enumerate(full):
        parts[i] = lines[j * n // len(full):(j + 1) * n // len(full)]
    bag = db.from_delayed([dask.delayed(p) for p in parts])
    assert bag.npartitions == k and ([] in parts) == (k > 1)
    return bag


HOST_PARTITIONS = (1, 2, 7, 9)


@pytest.fixture(scope="module")
def host_files(tmp_path_factory):
    """A text of the host vectors' URLs, one per line among words, and a
    combined log of them as targets and referers."""
    d = tmp_path_factory.mktemp("hosts")
    urls = host_urls()
    text = d / "urls.txt"
    text.write_bytes(b"".join(b"see <%s> here\n" % u for u in urls))
    log = d / "hosts.log"
    log.write_bytes(host_log(urls))
    return str(text), str(log)


@pytest.mark.parametrize("k", HOST_PARTITIONS)
def test_host_counts_any_partitions(host_files, k):
    """count_by_ip_class and count_flags give the counts of the records made
    in one call, on k blocks of a file and on a bag of k partitions of
    lines, some of them empty: for extracted URLs and for log lines (the
    targets' and the referers')."""
    text, log = host_files
    whole = _core.extract_records(open(text, "rb").read(), hosts=True)
    classes, flags = class_and_flag_counts(whole)
    assert len(classes) >= 8 and len(flags) >= 10  # the vectors reach most of them
    bag = ud.extract_bag(text, hosts=True, blocksize=blocks_of(text, k))
    assert bag.npartitions == k
    with open(text, "rb") as f:
        lines = with_empty_partitions(f.read().splitlines(keepends=True), k)
    for b in (bag, ud.extract_bag(lines, hosts=True)):
        got_c, got_f = dask.compute(ud.count_by_ip_class(b), ud.count_flags(b),
                                    scheduler="sync")
        assert list(got_c.items()) == list(classes.items())
        assert list(got_f.items()) == list(flags.items())
    recs = parse_lines(open(log, "rb").read(), hosts=True)
    logs = ud.log_bag(log, hosts=True, blocksize=blocks_of(log, k))
    assert logs.npartitions == k
    with open(log, "rb") as f:
        log_lines = with_empty_partitions(f.read().splitlines(keepends=True), k)
    for side in ("target_", "referer_"):
        classes, flags = class_and_flag_counts(recs, side)
        assert len(classes) >= 5 and len(flags) >= 8, side
        for b in (logs, ud.log_bag(log_lines, hosts=True)):
            got_c, got_f = dask.compute(ud.count_by_ip_class(b, side + "ip_class"),
                                        ud.count_flags(b, side + "flags"), scheduler="sync")
            assert list(got_c.items()) == list(classes.items()), side
            assert list(got_f.items()) == list(flags.items()), side


def test_host_counts_need_hosts(host_files):
    text, log = host_files
    with pytest.raises(KeyError, match="hosts=True"):
        ud.count_flags(ud.extract_bag(text)).compute(scheduler="sync")
    with pytest.raises(KeyError, match="hosts=True"):
        ud.count_by_ip_class(ud.log_bag(log), "target_ip_class").compute(scheduler="sync")
    assert ud.count_flags(db.from_sequence([], npartitions=1)).compute(
        scheduler="sync") == {}
    recs = ud.log_bag(log, hosts=True).compute(scheduler="sync")
    assert recs == parse_lines(open(log, "rb").read(), hosts=True)
    assert ud.log_bag(log, hosts=True).name != ud.log_bag(log).name


def test_host_dataframe(host_files, tmp_path):
    pytest.importorskip("pandas")
    pytest.importorskip("dask.dataframe")
    _, log = host_files
    text = tmp_path / "urls.txt"  # ports that fit in an Int64 column
    text.write_bytes(b"".join(b"%s\n" % u for u in host_urls()
                              if not re.search(rb":\d{19}", u)))
    text = str(text)
    urls = ud.to_dataframe(ud.extract_bag(text, hosts=True, blocksize=blocks_of(text, 3)),
                           "url", hosts=True)
    assert tuple(urls.columns) == ud.URL_KEYS + uriscan.HOST_FIELDS
    u = urls.compute(scheduler="sync")
    assert len(u) > 300
    whole = _core.extract_records(open(text, "rb").read(), hosts=True)
    assert dict(u.ip_class.value_counts()) == \
        dict(collections.Counter(r["ip_class"] for r in whole if r["ip_class"]))
    logs = ud.to_dataframe(ud.log_bag(log, hosts=True), "log", hosts=True)
    assert tuple(logs.columns) == uriscan.logformat.KEYS + uriscan.logformat.HOST_KEYS


def test_host_summary_equal_cli(host_files):
    """`uriscan log --summary --hosts` counts what count_by_ip_class and
    count_flags count (skipped with a CLI that has no --hosts)."""
    _, log = host_files
    exe = os.environ.get("URISCAN_CLI")
    if not exe or not os.path.exists(exe):
        pytest.skip("URISCAN_CLI not set (run through meson test)")
    r = subprocess.run([exe, "log", "--summary", "--hosts", log], capture_output=True,
                       timeout=60)
    if r.returncode == 2:
        pytest.skip("this uriscan has no log --hosts")
    out = json.loads(r.stdout)
    bag = ud.log_bag(log, hosts=True, blocksize=blocks_of(log, 7))
    for side in ("target", "referer"):
        got_c, got_f = dask.compute(ud.count_by_ip_class(bag, side + "_ip_class"),
                                    ud.count_flags(bag, side + "_flags"), scheduler="sync")
        assert got_c == out[side + "_ip_classes"] and got_f == out[side + "_flags"]
