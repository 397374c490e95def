"""uriscan: recognise URIs and URLs at line rate (Python bindings).

The C library (RFC 1738, 2396, 3986, 3987 grammars compiled with Ragel) does
the work; this package only binds it. See docs/python.md in the source
repository.

    >>> import uriscan
    >>> u = uriscan.parse("http://User@Example.com:8080/a?q#f")
    >>> u.host, u.port, u.query
    ('Example.com', '8080', 'q')
    >>> uriscan.is_valid("http://a b")
    False
    >>> uriscan.resolve("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    >>> uriscan.normalize("HTTP://Example.COM:80/%7euser/./a", scheme_based=True)
    'http://example.com/~user/a'
    >>> uriscan.query_params("a=1&b=%C3%A9&c")
    [('a', '1'), ('b', 'é'), ('c', None)]

str in gives str out, bytes in gives bytes out. uriscan.dask (needs Dask)
runs the extractor over a Dask bag of log blocks.
"""
from typing import BinaryIO, Iterator

from uriscan._core import (
    URI,
    Error,
    Extractor as _CoreExtractor,
    InvalidURI,
    Match,
    __version__,
    equivalent,
    extract,
    grammars,
    idna_available,
    is_valid,
    normalize,
    parse,
    query_get,
    query_params,
    recompose,
    resolve,
    rules,
    to_iri,
    to_uri,
    unquote,
    urlsplit,
)

__all__ = [
    "URI", "Error", "Extractor", "InvalidURI", "Match", "__version__", "equivalent",
    "extract", "extract_file", "grammars", "idna_available", "is_valid", "normalize",
    "parse", "query_get", "query_params", "recompose", "resolve", "rules", "to_iri",
    "to_uri", "unquote", "urlsplit",
]

CHUNK_SIZE = 1 << 20


class Extractor(_CoreExtractor):
    """URLs in a stream of bytes fed in chunks cut anywhere.

    Extractor(grammar='rfc3986', *, components=True, max_len=None,
              opaque=None, trim=True)

    feed(data) returns the matches that chunk decides, finish() the ones
    still open at the end; the matches never depend on where the stream was
    cut. Offsets count from the start of the stream. One thread at a time
    (another one gets RuntimeError); the scan runs without the GIL.
    """

    def extract_file(self, fileobj: BinaryIO,
                     chunk_size: int = CHUNK_SIZE) -> Iterator[Match]:
        """Read fileobj (opened in binary mode) in chunks to its end, yield
        every match, then finish the stream."""
        while True:
            chunk = fileobj.read(chunk_size)
            if not chunk:
                break
            yield from self.feed(chunk)
        yield from self.finish()


def extract_file(fileobj: BinaryIO, grammar: str = "rfc3986",
                 chunk_size: int = CHUNK_SIZE, **options) -> Iterator[Match]:
    """The matches of a whole binary file object, read in chunks (memory
    bounded by chunk_size and max_len). options: as for Extractor."""
    return Extractor(grammar, **options).extract_file(fileobj, chunk_size)
