"""uriscan over a Dask bag: URL extraction and access-log records computed
block by block on any Dask scheduler (local, or a distributed cluster).
Import it only where Dask is installed (python3-dask); it holds no data.

Blocks come from dask.bag.read_text(paths, blocksize=...), which cuts a file
only at a line delimiter (dask.bytes.read_bytes(delimiter="\\n")): a block is
whole lines, and since no URL holds a line feed, no URL is ever split.
"""
from typing import Iterable, Iterator, Union

import dask.bag as db

import uriscan
from uriscan.logformat import parse_line

DEFAULT_BLOCKSIZE = "64MiB"
# latin-1 maps every byte to one character and back: log bytes survive the
# str lines of read_text unchanged, whatever their encoding.
DEFAULT_ENCODING = "latin-1"
HOST_MAX = 1024  # `uriscan extract --top` keys: at most 1024 bytes of host


def _bag(paths_or_bag, blocksize, encoding) -> db.Bag:
    if isinstance(paths_or_bag, db.Bag):
        return paths_or_bag
    return db.read_text(paths_or_bag, blocksize=blocksize, encoding=encoding,
                        linedelimiter="\n")


def _block_bytes(lines: Iterable[Union[str, bytes]], encoding: str) -> bytes:
    return b"".join(l if isinstance(l, bytes) else l.encode(encoding) for l in lines)


def _extract_block(lines, grammar, encoding, options) -> Iterator[dict]:
    data = _block_bytes(lines, encoding)
    for m in uriscan.extract(data, grammar, **options):
        u = m.uri
        rec = {"url": m.url, "truncated": m.truncated}
        for k in ("scheme", "host", "port", "path", "query", "fragment"):
            rec[k] = getattr(u, k) if u is not None else None
        rec["host_type"] = u.host_type if u is not None else None
        yield rec


def extract_bag(paths_or_bag, grammar: str = "rfc3986", *,
                blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING,
                **options) -> db.Bag:
    """A bag of one record per URL found: dicts with url (bytes), truncated,
    scheme host port path query fragment (bytes or None) and host_type.

    paths_or_bag: file paths or globs (any file system Dask reads: s3://,
    hdfs://, ...), read with read_text(blocksize=...); or a bag of lines
    (str, encoded with encoding, or bytes) whose partitions are whole lines.
    options: those of uriscan.extract (opaque, trim, max_len)."""
    bag = _bag(paths_or_bag, blocksize, encoding)
    return bag.map_partitions(
        lambda part: list(_extract_block(part, grammar, encoding, options)))


def log_bag(paths_or_bag, format: str = "combined", *,
            blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING) -> db.Bag:
    """A bag of one record per access-log line (uriscan.logformat.parse_line;
    a line not in the format gives {"malformed": line})."""
    if format not in ("common", "combined"):
        raise ValueError("format must be 'common' or 'combined'")
    bag = _bag(paths_or_bag, blocksize, encoding)

    def one(line):
        b = line if isinstance(line, bytes) else line.encode(encoding)
        return parse_line(b, format) or {"malformed": b}
    return bag.map(one)


def count_by(bag: db.Bag, field: str) -> db.Bag:
    """A bag of (value, count) for a field of the records (None values and
    records without the field are left out)."""
    return bag.filter(lambda r: r.get(field) is not None).pluck(field).frequencies()


def _rank(pairs):
    # `uriscan extract --top`: most frequent first, ties in byte order
    return sorted(pairs, key=lambda kv: (-kv[1], kv[0]))


def top_hosts(bag: db.Bag, n: int = 10, field: str = "host") -> "db.Item":
    """The n most frequent hosts, lower-cased (ASCII), as a Dask Item of
    [(host, count)], ranked as `uriscan extract --top n` ranks them: count
    descending, then the host's bytes in ascending order."""
    hosts = bag.filter(lambda r: r.get(field) is not None).map(
        lambda r: r[field].lower()[:HOST_MAX])
    return hosts.frequencies().reduction(
        lambda part: list(part),
        lambda parts: _rank(kv for p in parts for kv in p)[:n])
