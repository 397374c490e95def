# Type stub of uriscan._core, the C extension (python/uriscan/*.c).
# Every call: str in -> str out, bytes (or another buffer) in -> bytes out.
from typing import (Any, AnyStr, Generic, Iterable, Iterator, Literal, Optional, TypeVar,
                    Union, overload)
from urllib.parse import SplitResult, SplitResultBytes

__version__: str

_Buffer = Union[bytes, bytearray, memoryview]
_T = TypeVar("_T")
# scheme-based normalization steps (RFC 3986 6.2.3): all (True), none, or some
_Step = Literal["empty_port", "default_port", "http_path"]
_Steps = Union[bool, _Step, Iterable[_Step]]

class Error(ValueError):
    status: str       # the C status name, e.g. "too_long"
    offset: int       # characters for str input, bytes for bytes input
    byte_offset: int  # in the UTF-8 bytes
    component: Optional[str]  # recompose, URI.replace: where offset is
    argument: Optional[str]   # equivalent ("a", "b"), resolve ("base", "ref")

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
    # None removes a component (a removed host is the empty host)
    def replace(self, *, scheme: Optional[AnyStr] = ..., authority: Optional[AnyStr] = ...,
                userinfo: Optional[AnyStr] = ..., host: Optional[AnyStr] = ...,
                port: Optional[AnyStr] = ..., path: Optional[AnyStr] = ...,
                query: Optional[AnyStr] = ..., fragment: Optional[AnyStr] = ...) -> AnyStr: ...

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

# URI operations: str in -> str out; bytes (or another buffer) in -> bytes out
# base and ref both str or both bytes-like
@overload
def resolve(base: str, ref: str, grammar: str = ..., *, strict: bool = ...) -> str: ...
@overload
def resolve(base: _Buffer, ref: _Buffer, grammar: str = ..., *,
            strict: bool = ...) -> bytes: ...
@overload
def normalize(s: str, grammar: str = ..., *, scheme_based: _Steps = ...,
              iri_decode: bool = ...) -> str: ...
@overload
def normalize(s: _Buffer, grammar: str = ..., *, scheme_based: _Steps = ...,
              iri_decode: bool = ...) -> bytes: ...
# a and b both str or both bytes-like
def equivalent(a: Union[str, _Buffer], b: Union[str, _Buffer], grammar: str = ...,
               level: Literal["string", "syntax", "scheme"] = ..., *,
               scheme_based: _Steps = ..., iri_decode: bool = ...) -> bool: ...
# str: the decoded bytes read as UTF-8 (utf8_errors: a codec error handler;
# "strict" raises InvalidURI bad_utf8)
@overload
def unquote(s: str, plus: bool = ..., errors: Literal["strict", "lenient"] = ..., *,
            utf8_errors: str = ...) -> str: ...
@overload
def unquote(s: _Buffer, plus: bool = ..., errors: Literal["strict", "lenient"] = ..., *,
            utf8_errors: str = ...) -> bytes: ...
@overload
def query_params(query: str, *, semicolon: bool = ..., plus: bool = ..., decode: bool = ...,
                 utf8_errors: str = ...) -> list[tuple[str, Optional[str]]]: ...
@overload
def query_params(query: _Buffer, *, semicolon: bool = ..., plus: bool = ...,
                 decode: bool = ...,
                 utf8_errors: str = ...) -> list[tuple[bytes, Optional[bytes]]]: ...
@overload
def query_get(query: str, key: str, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Optional[str]: ...
@overload
def query_get(query: str, key: str, default: _T, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Union[str, None, _T]: ...
@overload
def query_get(query: _Buffer, key: _Buffer, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Optional[bytes]: ...
@overload
def query_get(query: _Buffer, key: _Buffer, default: _T, *, semicolon: bool = ...,
              plus: bool = ..., decode: bool = ...,
              utf8_errors: str = ...) -> Union[bytes, None, _T]: ...
# all components str (-> str; also when none is given) or all bytes-like
@overload
def recompose(*, scheme: Optional[str] = ..., authority: Optional[str] = ...,
              userinfo: Optional[str] = ..., host: Optional[str] = ...,
              port: Optional[str] = ..., path: Optional[str] = ...,
              query: Optional[str] = ..., fragment: Optional[str] = ...,
              grammar: str = ...) -> str: ...
@overload
def recompose(*, scheme: Optional[_Buffer] = ..., authority: Optional[_Buffer] = ...,
              userinfo: Optional[_Buffer] = ..., host: Optional[_Buffer] = ...,
              port: Optional[_Buffer] = ..., path: Optional[_Buffer] = ...,
              query: Optional[_Buffer] = ..., fragment: Optional[_Buffer] = ...,
              grammar: str = ...) -> bytes: ...
def extract_records(data: _Buffer, grammar: str = ..., *, max_len: Optional[int] = ...,
                    opaque: Union[None, bool, str] = ...,
                    trim: bool = ...) -> list[dict[str, Any]]: ...
# access-log lines (uriscan.logformat): bytes in, records of bytes out
def log_line(line: _Buffer, format: str = ..., malformed: bool = ...) -> Optional[dict[str, Any]]: ...
def log_records(data: _Buffer, format: str = ...) -> list[dict[str, Any]]: ...
