# SPDX-License-Identifier: MIT
"""uriscan: recognise URIs and URLs at line rate (Python bindings).

The C library (RFC 1738, 2396, 3986, 3987 grammars compiled with Ragel) does
the work; this package only binds it. See docs/python.md in the source
repository.

    >>> import uriscan
    >>> u = uriscan.parse("http://User@Example.com:8080/a?q#f")
    >>> u.host, u.port, u.query
    ('Example.com', 8080, 'q')
    >>> uriscan.is_valid("http://a b")
    False
    >>> uriscan.resolve("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    >>> uriscan.normalize("HTTP://Example.COM:80/%7euser/./a", scheme_based=True)
    'http://example.com/~user/a'
    >>> uriscan.query_params("a=1&b=%C3%A9&c")
    [('a', '1'), ('b', 'é'), ('c', None)]
    >>> u = uriscan.parse("http://0x7f.1/")
    >>> u.ip, u.ip_class, u.browser_host, sorted(u.flags)
    (IPv4Address('127.0.0.1'), 'loopback', '127.0.0.1', ['browser_host_differs', 'ip_noncanonical'])

str in gives str out, bytes in gives bytes out; a URI stands for its text
wherever a str is taken. What a host really means (docs/hosts.md): the
functions host_address, browser_host, confusion and site, and on a URI the
properties ip, ip_form, ip_class, browser_host, site and flags (those of
`uriscan inspect`). uriscan.dask (needs Dask) runs the extractor over
a Dask bag of log blocks.
"""
import os as _os
import typing as _typing

from uriscan._core import (
    CONFUSION_FLAGS,
    HOST_FIELDS,
    IP_CLASSES,
    URI,
    Error,
    Extractor as _CoreExtractor,
    HostAddress,
    InvalidURI,
    Match,
    __version__,
    browser_host,
    confusion,
    equivalent,
    extract,
    grammars,
    host_address,
    idna_available,
    is_valid,
    normalize,
    parse,
    psl_available,
    psl_version,
    query_get,
    quote,
    rewrite,
    query_params,
    recompose,
    resolve,
    rules,
    site,
    to_iri,
    to_uri,
    unquote,
    urlsplit,
    uts46_available,
)

__all__ = [
    "CHUNK_SIZE", "CONFUSION_FLAGS", "HOST_FIELDS", "IP_CLASSES", "URI", "Error", "Extractor",
    "HostAddress", "InvalidURI", "Match", "__version__", "browser_host", "confusion",
    "equivalent", "extract", "extract_file", "grammars", "host_address", "idna_available",
    "is_valid", "normalize", "parse", "psl_available", "psl_version", "query_get",
    "query_params", "recompose", "resolve", "rules", "site", "to_iri", "to_uri", "unquote", "urlsplit",
    "uts46_available", "quote", "rewrite",
]

CHUNK_SIZE = 1 << 20


def _read(file, chunk_size: int) -> "_typing.Iterator[bytes]":
    if isinstance(file, (str, bytes, _os.PathLike)):
        with open(file, "rb") as f:
            yield from iter(lambda: f.read(chunk_size), b"")
    else:
        yield from iter(lambda: file.read(chunk_size), b"")


def _chunks(file, chunk_size: int) -> "_typing.Iterator[bytes]":
    """The chunks of file: a path (str, bytes or os.PathLike), opened in
    binary mode when the first chunk is read and closed at the end, or a
    binary file object. The arguments are checked at once."""
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int):
        raise TypeError(f"chunk_size must be an int, not {type(chunk_size).__name__}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be 1 or more, not {chunk_size}")
    if not isinstance(file, (str, bytes, _os.PathLike)) and not hasattr(file, "read"):
        raise TypeError("file must be a path (str, bytes, os.PathLike) or a binary "
                        f"file object, not {type(file).__name__}")
    return _read(file, chunk_size)


class Extractor(_CoreExtractor):
    """URLs in a stream of bytes fed in chunks cut anywhere.

    Extractor(grammar='rfc3986', *, components=True, max_len=None,
              opaque=None, trim=True, keep_cut=False, flags=False,
              defanged=False)

    feed(data) returns the matches that chunk decides, finish() the ones
    still open at the end; the matches never depend on where the stream was
    cut. Offsets count from the start of the stream. One thread at a time
    (another one gets RuntimeError); the scan runs without the GIL.
    flags=True: each Match.flags is the frozenset of the match's
    URL-confusion flags, computed in the scan (uriscan.confusion's).
    defanged=True: also the URLs written defanged (hxxps://evil[.]com/x),
    Match.defanged True, Match.url the refanged URL.
    """

    def extract_file(self, file, chunk_size: int = CHUNK_SIZE) -> "_typing.Iterator[Match]":
        """Read file (a path: str, bytes or os.PathLike; or a file object
        opened in binary mode) in chunks to its end, yield every match,
        then finish the stream. A path is opened when the first match is
        asked for and closed at the end; chunk_size below 1 is a
        ValueError."""
        return self._matches(_chunks(file, chunk_size))

    def _matches(self, chunks) -> "_typing.Iterator[Match]":
        for chunk in chunks:
            yield from self.feed(chunk)
        yield from self.finish()


def extract_file(file, grammar: str = "rfc3986", chunk_size: int = CHUNK_SIZE,
                 **options) -> "_typing.Iterator[Match]":
    """The matches of a whole file (a path: str, bytes or os.PathLike; or a
    binary file object), read in chunks (memory bounded by chunk_size and
    max_len). options: as for Extractor."""
    return Extractor(grammar, **options).extract_file(file, chunk_size)
