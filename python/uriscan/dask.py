"""uriscan over a Dask bag: URL extraction and access-log records computed
block by block on any Dask scheduler (local, or a distributed cluster).
Import it only where Dask is installed (python3-dask); it holds no data.

Blocks are cut only at a line delimiter (dask.bytes.read_bytes(
delimiter="\\n"), which dask.bag.read_text uses too): a block is whole
lines, and since no URL holds a line feed, no URL is ever split.
extract_bag and log_bag read the blocks as bytes and make the records of a
block in one C call; a bag of str lines would be decoded, split and joined
again for nothing.
"""
import collections
import functools
from typing import Iterable, List, Optional, Union

import dask
import dask.bag as db
from dask.bytes import read_bytes
from fsspec.core import get_fs_token_paths
from fsspec.utils import infer_compression

from uriscan._core import extract_records, log_line
from uriscan.logformat import FORMATS, parse_lines

DEFAULT_BLOCKSIZE = "64MiB"
# latin-1 maps every byte to one character and back: the str lines of a bag
# made by read_text(encoding="latin-1") become their bytes again unchanged.
DEFAULT_ENCODING = "latin-1"
HOST_MAX = 1024  # `uriscan extract --top` keys: at most 1024 bytes of host


def _line_bytes(line: Union[str, bytes], encoding: str) -> bytes:
    return line if isinstance(line, bytes) else line.encode(encoding)


def _block_bytes(lines: Iterable[Union[str, bytes]], encoding: str) -> bytes:
    # a line feed after each line that lacks one (read_text keeps them; a
    # bag made of lines may not): two lines never run into one URL
    out = []
    for line in lines:
        b = _line_bytes(line, encoding)
        out.append(b if b.endswith(b"\n") else b + b"\n")
    return b"".join(out)


def _from_blocks(paths, blocksize, fn, *args) -> db.Bag:
    """A bag of fn(block, *args) for each block of the files (bytes cut
    after a line feed; a compressed file, by its extension, read whole)."""
    _, _, files = get_fs_token_paths(paths)
    if any(infer_compression(f) for f in files):
        blocksize = None  # a compressed file cannot be cut
    _, blocks = read_bytes(paths, delimiter=b"\n", blocksize=blocksize,
                           compression="infer")
    # the keys come from the function and its arguments (pure): another
    # grammar, format or option is another graph
    call = dask.delayed(fn, pure=True)
    parts = [call(b, *args) for file_blocks in blocks for b in file_blocks]
    return db.from_delayed(parts) if parts else db.from_sequence([])


def _extract_list(data: bytes, grammar, options) -> List[dict]:
    # the records are built in C (uriscan._core.extract_records)
    return extract_records(data, grammar, **options)


def extract_bag(paths_or_bag, grammar: str = "rfc3986", *,
                blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING,
                **options) -> db.Bag:
    """A bag of one record per URL found: dicts with url (bytes), truncated,
    scheme host port path query fragment (bytes or None) and host_type.

    paths_or_bag: file paths or globs (any file system Dask reads: s3://,
    hdfs://, ...), read as bytes in blocks of about blocksize cut after a
    line feed (compressed files, known by their extension, are read whole,
    one block each); or a bag of lines (str, encoded with encoding, or
    bytes) whose partitions are whole lines.
    options: those of uriscan.extract (opaque, trim, max_len)."""
    if isinstance(paths_or_bag, db.Bag):
        return paths_or_bag.map_partitions(
            lambda part: _extract_list(_block_bytes(part, encoding),
                                       grammar, options))
    return _from_blocks(paths_or_bag, blocksize, _extract_list, grammar, options)


def log_bag(paths_or_bag, format: str = "combined", *,
            blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING) -> db.Bag:
    """A bag of one record per access-log line (uriscan.logformat.parse_line;
    a line not in the format gives {"malformed": line, "why": ...,
    "offset": ...}, as uriscan.logformat.parse_lines). Each block is split
    into lines and records by one C call. paths_or_bag: as for
    extract_bag."""
    if format not in FORMATS:
        raise ValueError("format must be 'combined', 'common' or 'auto'")
    if isinstance(paths_or_bag, db.Bag):
        # a record per line as given (a malformed record holds the line)
        return paths_or_bag.map(
            lambda line: log_line(_line_bytes(line, encoding), format,
                                  malformed=True))
    return _from_blocks(paths_or_bag, blocksize, parse_lines, format)


def count_by(bag: db.Bag, field: str) -> db.Bag:
    """A bag of (value, count) for a field of the records (None values and
    records without the field are left out)."""
    return bag.filter(lambda r: r.get(field) is not None).pluck(field).frequencies()


def _rank(counts, n):
    # `uriscan extract --top`, `uriscan log --summary`: most frequent
    # first, ties in byte order; n 0: all
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked if not n else ranked[:n]


def _top_n(n) -> int:
    if n is None:
        return 0
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int or None, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"n must be 0 (all) or more, not {n}")
    return n


def _count_partition(part, key) -> collections.Counter:
    # one pass per partition into a Counter (the chain filter, map,
    # frequencies ran three Python calls per record)
    c = collections.Counter()
    c.update(k for k in map(key, part) if k is not None)
    return c


def _merge_counters(counters) -> collections.Counter:
    # the combine step of the tree reduction: Dask feeds it the partitions'
    # Counters and, past split_every (8) partitions, its own output, a
    # Counter too; nothing is cut before the last step (_rank)
    t = collections.Counter()
    for c in counters:
        t.update(c)
    return t


def _top(bag: db.Bag, n, key) -> "db.Item":
    """The n most frequent key(record) (None left out) as a Dask Item of
    [(key, count)], count descending, ties in ascending order; right on
    any number of partitions (the counts are summed whole, cut at the end)."""
    n = _top_n(n)
    return bag.reduction(functools.partial(_count_partition, key=key),
                         _merge_counters).apply(functools.partial(_rank, n=n))


def _host_key(record, field):
    h = record.get(field)
    return None if h is None else h.lower()[:HOST_MAX]


def top_hosts(bag: db.Bag, n: Optional[int] = 10, field: str = "host") -> "db.Item":
    """The n most frequent hosts (n None or 0: all), lower-cased (ASCII),
    as a Dask Item of [(host, count)], ranked as `uriscan extract --top n`
    ranks them: count descending, then the host's bytes in ascending order."""
    return _top(bag, n, functools.partial(_host_key, field=field))
