# SPDX-License-Identifier: MIT
"""The Python objects that keep state across calls, used from several threads
at once (issue 39): every call either does its work as if alone or raises
RuntimeError ("in use by another thread"); nothing is read past a queue or
from a released buffer. The scans run with the GIL released, so the threads
really overlap. Under scripts/test.sh these also run against an extension
built with AddressSanitizer (suite python-asan), where a wrong read is a
report, not a silent wrong answer.

Objects with state: uriscan.extract()'s iterator, uriscan.Extractor. The
functions (parse, normalize, ..., extract_records) keep none: they are run
from several threads on shared inputs for the same answers.
"""
import threading
from concurrent.futures import ThreadPoolExecutor

import uriscan

IN_USE = "in use by another thread"
URL = b"http://h%d.example/p "


def run_threads(n, fn):
    errors = []

    def wrap(k):
        try:
            fn(k)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=wrap, args=(k,)) for k in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors


def test_shared_iterator():
    """The issue's reproducer: two (here four) threads drain one iterator.
    Every match is handed out exactly once, in order within a thread; a
    thread that comes while another scans gets RuntimeError and retries."""
    n = 60000  # 235 batches of 256: the race is met many times
    data = b"".join(URL % i for i in range(n))
    for components in (False, True):
        it = uriscan.extract(data, components=components)
        seen = [[] for _ in range(4)]
        busy = [0] * 4

        def worker(k):
            while True:
                try:
                    m = next(it)
                except StopIteration:
                    return
                except RuntimeError as e:
                    assert IN_USE in str(e)
                    busy[k] += 1
                    continue
                seen[k].append(m)

        run_threads(4, worker)
        for s in seen:
            offs = [m.offset for m in s]
            assert offs == sorted(offs)
        allm = sorted((m for s in seen for m in s), key=lambda m: m.offset)
        assert len(allm) == n
        want = 0
        for i, m in enumerate(allm):
            url = (URL % i)[:-1]
            assert (m.offset, m.url) == (want, url)
            if components:
                assert m.uri.host == b"h%d.example" % i
            want += len(url) + 1


def test_shared_extractor():
    """Threads feeding one Extractor chunks of whole URLs: each feed either
    returns that chunk's matches or raises RuntimeError; the stream is the
    successful chunks one after another."""
    chunk = b"".join(URL % i for i in range(2000))
    x = uriscan.Extractor(components=True)
    done = []
    lock = threading.Lock()

    def worker(k):
        for _ in range(30):
            try:
                got = x.feed(chunk)
            except RuntimeError as e:
                assert IN_USE in str(e)
                continue
            with lock:
                done.append(got)

    run_threads(4, worker)
    assert done
    offsets = set()
    for got in done:
        assert len(got) == 2000
        start = got[0].offset
        assert start % len(chunk) == 0
        for i, m in enumerate(got):
            assert m.url == (URL % i)[:-1] and m.uri.host == b"h%d.example" % i
            offsets.add(m.offset - start)
            assert m.offset - start == chunk.index(m.url)
        offsets.add(start)
    assert x.finish() == []
    assert x.offset == len(done) * len(chunk)
    starts = sorted(got[0].offset for got in done)
    assert starts == [k * len(chunk) for k in range(len(done))]


def test_extractor_mixed_calls():
    """feed, finish, reset and offset from different threads at once: each
    call works or raises RuntimeError; afterwards the extractor works."""
    chunk = b"".join(URL % i for i in range(3000))
    x = uriscan.Extractor()
    stop = threading.Event()

    def feeder(k):
        for _ in range(20):
            try:
                x.feed(chunk)
            except RuntimeError:
                pass  # busy, or fed after another thread's finish
        stop.set()

    def other(k):
        while not stop.is_set():
            for call in (x.finish, x.reset):
                try:
                    r = call()
                    assert r is None or isinstance(r, list)
                except RuntimeError as e:
                    assert IN_USE in str(e)
            assert x.offset % len(chunk) == 0  # whole chunks, never torn

    run_threads(2, lambda k: feeder(k) if k == 0 else other(k))
    x.reset()
    assert [m.url for m in x.feed(b"a http://a/ ")] == [b"http://a/"]


def test_functions_from_threads():
    """The stateless functions from 8 threads on shared inputs (bytes and a
    bytearray, above the size where the GIL is released): the same answers
    as from one thread."""
    big = b"http://example.com/" + b"a" * 300000
    ba = bytearray(big)
    text = b"".join(URL % i for i in range(20000))

    def calls():
        return [
            uriscan.parse(big).path[-3:],
            uriscan.parse(ba).host,
            uriscan.is_valid(ba),
            len(uriscan.normalize(big)),
            len(uriscan._core.extract_records(text)),
            len(list(uriscan.extract(bytearray(text), components=False))),
        ]

    want = calls()
    with ThreadPoolExecutor(8) as ex:
        got = list(ex.map(lambda _: calls(), range(16)))
    assert all(g == want for g in got)
