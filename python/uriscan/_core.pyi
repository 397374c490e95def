# Type stub of uriscan._core, the C extension (python/uriscan/*.c).
# Every call: str in -> str out, bytes (or another buffer) in -> bytes out.
from typing import AnyStr, Generic, Iterator, Optional, Union, overload
from urllib.parse import SplitResult, SplitResultBytes

__version__: str

_Buffer = Union[bytes, bytearray, memoryview]

class Error(ValueError):
    status: str       # the C status name, e.g. "too_long"
    offset: int       # characters for str input, bytes for bytes input
    byte_offset: int  # in the UTF-8 bytes

class InvalidURI(Error):
    # status: "syntax", "incomplete", "bad_percent", "bad_char", "bad_utf8", "idna"
    ...

class URI(Generic[AnyStr]):
    scheme: Optional[AnyStr]
    authority: Optional[AnyStr]
    userinfo: Optional[AnyStr]
    host: Optional[AnyStr]
    port: Optional[AnyStr]
    path: Optional[AnyStr]
    query: Optional[AnyStr]
    fragment: Optional[AnyStr]
    # RFC 2396 / RFC 1738 only (None otherwise)
    reg_name: Optional[AnyStr]
    user: Optional[AnyStr]
    password: Optional[AnyStr]
    ftptype: Optional[AnyStr]
    gtype: Optional[AnyStr]
    selector: Optional[AnyStr]
    gopher_plus: Optional[AnyStr]
    group: Optional[AnyStr]
    article: Optional[AnyStr]
    database: Optional[AnyStr]
    wtype: Optional[AnyStr]
    wpath: Optional[AnyStr]
    fieldspecs: Optional[AnyStr]
    address: Optional[AnyStr]
    host_type: Optional[str]  # "ipv4" "ipv6" "ipvfuture" "reg-name" "hostname"
    kind: Optional[str]       # "uri" "relative-ref"
    form: Optional[str]
    grammar: str
    rule: str
    input: AnyStr
    def components(self) -> dict[str, AnyStr]: ...
    def span(self, component: str) -> Optional[tuple[int, int]]: ...

class Match:
    offset: int
    length: int
    url: bytes
    truncated: bool
    uri: Optional[URI[bytes]]

@overload
def parse(s: str, grammar: str = ..., rule: Optional[str] = ...) -> URI[str]: ...
@overload
def parse(s: _Buffer, grammar: str = ..., rule: Optional[str] = ...) -> URI[bytes]: ...
def is_valid(s: Union[str, _Buffer], grammar: str = ..., rule: Optional[str] = ...) -> bool: ...
@overload
def urlsplit(url: str, grammar: str = ...) -> SplitResult: ...
@overload
def urlsplit(url: _Buffer, grammar: str = ...) -> SplitResultBytes: ...
def extract(data: _Buffer, grammar: str = ..., *, components: bool = ...,
            max_len: Optional[int] = ..., opaque: Union[None, bool, str] = ...,
            trim: bool = ...) -> Iterator[Match]: ...

class Extractor:
    offset: int
    def __init__(self, grammar: str = ..., *, components: bool = ...,
                 max_len: Optional[int] = ..., opaque: Union[None, bool, str] = ...,
                 trim: bool = ...) -> None: ...
    def feed(self, data: _Buffer) -> list[Match]: ...
    def finish(self) -> list[Match]: ...
    def reset(self) -> None: ...

@overload
def to_uri(s: str, idna: bool = ...) -> str: ...
@overload
def to_uri(s: _Buffer, idna: bool = ...) -> bytes: ...
@overload
def to_iri(s: str, decode_unreserved: bool = ...) -> str: ...
@overload
def to_iri(s: _Buffer, decode_unreserved: bool = ...) -> bytes: ...
def idna_available() -> bool: ...
def grammars() -> list[str]: ...
def rules(grammar: str = ...) -> list[str]: ...
