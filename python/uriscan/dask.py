# SPDX-License-Identifier: MIT
"""uriscan over a Dask bag: URL extraction and access-log records computed
block by block on any Dask scheduler (local, or a distributed cluster).
Import it only where Dask is installed (python3-dask); it holds no data.

Blocks are cut only at a line delimiter (dask.bytes.read_bytes(
delimiter="\\n"), which dask.bag.read_text uses too): a block is whole
lines, and since no URL holds a line feed, no URL is ever split.
extract_bag and log_bag read the blocks as bytes and make the records of a
block in one C call; a bag of str lines would be decoded, split and joined
again for nothing.

With hosts=True the records also say what their hosts really mean
(docs/hosts.md: ip, ip_form, ip_class, browser_host, site, flags;
target_ and referer_ ones for log lines), and count_by_ip_class and
count_flags count them as `uriscan log --summary --hosts` does.

The reductions (count_by, top_hosts, top_paths, top_referer_hosts,
count_by_ip_class, count_flags) give the same answer on any number of
partitions: their combine step takes its
own output (Dask's tree reduction feeds it back past 8 partitions) and
nothing is cut before the last step. to_dataframe turns a bag of records
into a dask.dataframe (needs pandas) to group and join.
"""
import collections as _collections
import functools as _functools
import typing as _typing

import dask as _dask
import dask.bag as _db
from dask.bytes import read_bytes as _read_bytes
from fsspec.core import get_fs_token_paths as _get_fs_token_paths
from fsspec.utils import infer_compression as _infer_compression

from uriscan._core import CONFUSION_FLAGS as _FLAGS, HOST_FIELDS as _HOST_FIELDS, \
    IP_CLASSES as _IP_CLASSES, InvalidURI as _InvalidURI, \
    extract_records as _extract_records, log_line as _log_line, rewrite as _rewrite
from uriscan.logformat import FORMATS as _FORMATS, HOST_KEYS as _LOG_HOST_KEYS, \
    KEYS as _LOG_KEYS, parse_lines as _parse_lines

__all__ = ["DEFAULT_BLOCKSIZE", "DEFAULT_ENCODING", "URL_KEYS",
           "count_by", "count_by_ip_class", "count_flags", "extract_bag", "log_bag",
           "rewrite",
           "to_dataframe", "top_hosts", "top_paths", "top_referer_hosts"]

DEFAULT_BLOCKSIZE = "64MiB"
# latin-1 maps every byte to one character and back: the str lines of a bag
# made by read_text(encoding="latin-1") become their bytes again unchanged.
DEFAULT_ENCODING = "latin-1"
# the keys of extract_bag's records, in their order
URL_KEYS = ("url", "truncated", "cut", "scheme", "host", "port", "path", "query",
            "fragment", "host_type")


def _line_bytes(line: _typing.Union[str, bytes], encoding: str) -> bytes:
    return line if isinstance(line, bytes) else line.encode(encoding)


def _block_bytes(lines: _typing.Iterable[_typing.Union[str, bytes]], encoding: str) -> bytes:
    # a line feed after each line that lacks one (read_text keeps them; a
    # bag made of lines may not): two lines never run into one URL
    out = []
    for line in lines:
        b = _line_bytes(line, encoding)
        out.append(b if b.endswith(b"\n") else b + b"\n")
    return b"".join(out)


def _from_blocks(paths, blocksize, fn, *args) -> _db.Bag:
    """A bag of fn(block, *args) for each block of the files (bytes cut
    after a line feed; a compressed file, by its extension, read whole)."""
    _, _, files = _get_fs_token_paths(paths)
    if any(_infer_compression(f) for f in files):
        blocksize = None  # a compressed file cannot be cut
    _, blocks = _read_bytes(paths, delimiter=b"\n", blocksize=blocksize,
                            compression="infer")
    # the keys come from the function and its arguments (pure): another
    # grammar, format or option is another graph
    call = _dask.delayed(fn, pure=True)
    parts = [call(b, *args) for file_blocks in blocks for b in file_blocks]
    return _db.from_delayed(parts) if parts else _db.from_sequence([])


def _extract_list(data: bytes, grammar, options) -> list:
    # the records are built in C (uriscan._core.extract_records)
    return _extract_records(data, grammar, **options)


def extract_bag(paths_or_bag, grammar: str = "rfc3986", *,
                blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING,
                **options) -> _db.Bag:
    """A bag of one record per URL found: dicts of URL_KEYS, url (bytes),
    truncated and cut (bool: cut only with keep_cut=True, as
    uriscan.Match.cut), scheme host port path query fragment (bytes or None)
    and host_type (str or None).

    paths_or_bag: file paths or globs (any file system Dask reads: s3://,
    hdfs://, ...), read as bytes in blocks of about blocksize cut after a
    line feed (compressed files, known by their extension, are read whole,
    one block each); or a bag of lines (str, encoded with encoding, or
    bytes) whose partitions are whole lines.
    options: those of uriscan.extract (opaque, trim, max_len, keep_cut,
    defanged: url the refanged URL and a key defanged), and hosts=True: the records also have uriscan.HOST_FIELDS (ip,
    ip_form, ip_class, browser_host, site, flags), as `uriscan extract
    --hosts`."""
    if isinstance(paths_or_bag, _db.Bag):
        return paths_or_bag.map_partitions(
            lambda part: _extract_list(_block_bytes(part, encoding),
                                       grammar, options))
    return _from_blocks(paths_or_bag, blocksize, _extract_list, grammar, options)


def _log_list(data: bytes, format, hosts) -> list:
    return _parse_lines(data, format, hosts=hosts)


def log_bag(paths_or_bag, format: str = "combined", *,
            blocksize=DEFAULT_BLOCKSIZE, encoding: str = DEFAULT_ENCODING,
            hosts: bool = False) -> _db.Bag:
    """A bag of one record per access-log line, each a dict of
    uriscan.logformat.KEYS (uriscan.logformat.parse_line; a line not in
    the format has malformed, why and offset set), and with hosts=True
    uriscan.logformat.HOST_KEYS (target_ip ... referer_flags, as `uriscan
    log --hosts`). Each block is split into lines and records by one C
    call. paths_or_bag: as for extract_bag."""
    if format not in _FORMATS:
        raise ValueError("format must be 'combined', 'common' or 'auto'")
    hosts = bool(hosts)
    if isinstance(paths_or_bag, _db.Bag):
        # a record per line as given (a malformed record holds the line)
        return paths_or_bag.map(
            lambda line: _log_line(_line_bytes(line, encoding), format, hosts=hosts))
    return _from_blocks(paths_or_bag, blocksize, _log_list, format, hosts)


def _rewrite_part(lines, grammar, options) -> list:
    out = []
    for line in lines:
        if isinstance(line, str):
            line = line.rstrip("\r\n")
        else:
            line = bytes(line).rstrip(b"\r\n")
        try:
            out.append(_rewrite(line, grammar, **options))
        except _InvalidURI:
            out.append(None)
    return out


def rewrite(bag: _db.Bag, grammar: str = "rfc3986", **options) -> _db.Bag:
    """A bag of the lines of bag (str or bytes, one URL each; a trailing
    line feed is dropped) rewritten by uriscan.rewrite with options
    (strip_tracking=True, query_remove=[...], normalize=True, ...), the
    same type as each line, None for a line that is not a valid URI
    reference (as `uriscan rewrite` prints an empty line). A bad option
    raises when the bag is computed."""
    _rewrite("http://check.invalid/", grammar, **options)  # the options, now
    return bag.map_partitions(_rewrite_part, grammar, options)


def count_by(bag: _db.Bag, field: str) -> _db.Bag:
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


def _count_partition(part, key) -> _collections.Counter:
    # one pass per partition into a Counter (the chain filter, map,
    # frequencies ran three Python calls per record)
    c = _collections.Counter()
    c.update(k for k in map(key, part) if k is not None)
    return c


def _count_each_partition(part, key) -> _collections.Counter:
    # _count_partition for a key that gives several values (a set of flags)
    c = _collections.Counter()
    for ks in map(key, part):
        if ks is not None:
            c.update(ks)
    return c


def _merge_counters(counters) -> _collections.Counter:
    # the combine step of the tree reduction: Dask feeds it the partitions'
    # Counters and, past split_every (8) partitions, its own output, a
    # Counter too; nothing is cut before the last step (_rank)
    t = _collections.Counter()
    for c in counters:
        t.update(c)
    return t


def _top(bag: _db.Bag, n, key) -> "_db.Item":
    """The n most frequent key(record) (None left out) as a Dask Item of
    [(key, count)], count descending, ties in ascending order; right on
    any number of partitions (the counts are summed whole, cut at the end)."""
    n = _top_n(n)
    return bag.reduction(_functools.partial(_count_partition, key=key),
                         _merge_counters).apply(_functools.partial(_rank, n=n))


def _host_key(record, field):
    h = record.get(field)
    return None if h is None else h.lower()  # the whole host, as the CLI


def top_hosts(bag: _db.Bag, n: _typing.Optional[int] = 10,
              field: str = "host") -> "_db.Item":
    """The n most frequent hosts (n None or 0: all), lower-cased (ASCII),
    as a Dask Item of [(host, count)], ranked as `uriscan extract --top n`
    ranks them: count descending, then the host's bytes in ascending order."""
    return _top(bag, n, _functools.partial(_host_key, field=field))


def _path_key(record):
    return record.get("target_path") if record.get("request_valid") else None


def top_paths(bag: _db.Bag, n: _typing.Optional[int] = 10) -> "_db.Item":
    """The n most frequent request paths (n None or 0: all) of a bag of
    log records (log_bag): the path of each valid request line's target,
    as written, as a Dask Item of [(path, count)] ranked as `uriscan log
    --summary --top n` ranks its top_paths."""
    return _top(bag, n, _path_key)


def _referer_host_key(record):
    return record.get("referer_host")


def top_referer_hosts(bag: _db.Bag, n: _typing.Optional[int] = 10) -> "_db.Item":
    """The n most frequent referer hosts (n None or 0: all) of a bag of log
    records (log_bag): the host of each referer that is an RFC 3986
    URI-reference with one, as written, as a Dask Item of [(host, count)]
    ranked as `uriscan log --summary --top n` ranks its top_referer_hosts."""
    return _top(bag, n, _referer_host_key)


def _host_field(record, field):
    try:
        return record[field]
    except KeyError:
        raise KeyError(f"{field!r}: not in the records (make the bag with "
                       "hosts=True)") from None


def _in_order(counts, names) -> dict:
    # `uriscan log --summary --hosts`: the counts not 0, in the library's
    # order of the names
    return {n: counts[n] for n in names if counts.get(n)}


def _host_counts(bag, field, names, each) -> "_db.Item":
    count = _count_each_partition if each else _count_partition
    key = _functools.partial(_host_field, field=field)
    return bag.reduction(_functools.partial(count, key=key), _merge_counters) \
        .apply(_functools.partial(_in_order, names=names))


def count_by_ip_class(bag: _db.Bag, field: str = "ip_class") -> "_db.Item":
    """The records by the class of the address their host means (records
    made with hosts=True; field "ip_class" for extract_bag's, or
    "target_ip_class" / "referer_ip_class" for log_bag's), as a Dask Item
    of {class: count}: the classes counted (None, a name, left out), in
    the order of uriscan.IP_CLASSES, as `uriscan log --summary --hosts`
    gives them. A record without the field is a KeyError."""
    return _host_counts(bag, field, _IP_CLASSES, False)


def count_flags(bag: _db.Bag, field: str = "flags") -> "_db.Item":
    """How many records carry each URL-confusion flag (records made with
    hosts=True; field "flags", or "target_flags" / "referer_flags" for
    log_bag's), as a Dask Item of {flag: count}: the flags found, in the
    order of uriscan.CONFUSION_FLAGS, as `uriscan log --summary --hosts`
    gives them. A record without the field is a KeyError."""
    return _host_counts(bag, field, _FLAGS, True)


def _columns(kind: str, hosts: bool = False) -> dict:
    if kind == "url":
        cols = {k: object for k in URL_KEYS + (_HOST_FIELDS if hosts else ())}
        cols.update(truncated=bool, cut=bool, port="Int64")
        return cols
    if kind == "log":
        cols = {k: object for k in _LOG_KEYS + (_LOG_HOST_KEYS if hosts else ())}
        cols.update(request_valid="boolean", status="Int64", size="Int64",
                    offset="Int64")
        return cols
    raise ValueError(f"kind must be 'url' or 'log', not {kind!r}")


def to_dataframe(bag: _db.Bag, kind: str, *, hosts: bool = False):
    """A dask.dataframe of a bag of records, one row per record, to group
    and join: kind "url" (extract_bag's records: columns URL_KEYS) or
    "log" (log_bag's: columns uriscan.logformat.KEYS); hosts=True for
    records made with hosts=True (and the columns uriscan.HOST_FIELDS, or
    uriscan.logformat.HOST_KEYS, objects). Text stays bytes
    (object columns); truncated is bool; request_valid a nullable boolean,
    port status size offset nullable Int64 (None: <NA>). Needs pandas; the
    columns are known without computing anything."""
    import pandas as pd
    meta = pd.DataFrame({c: pd.Series(dtype=t)
                         for c, t in _columns(kind, hosts).items()})
    return bag.to_dataframe(meta=meta)
