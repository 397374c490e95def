# SPDX-License-Identifier: MIT
# Type stub of uriscan._core, the C extension (python/uriscan/*.c), checked
# against the module by python/tests/test_stubs.py (mypy's stubtest).
# Every call: str in -> str out, bytes (or another buffer) in -> bytes out;
# a URI stands for its text (URI[str] as a str, URI[bytes] as bytes).
from ipaddress import IPv4Address, IPv6Address
from typing import (Any, AnyStr, Generic, Iterable, Iterator, Literal, Optional, TypeVar,
                    Union, final, overload)
from urllib.parse import SplitResult, SplitResultBytes

__all__ = ["CONFUSION_FLAGS", "Error", "Extractor", "HOST_FIELDS", "HostAddress",
           "IP_CLASSES", "InvalidURI", "Match", "URI", "__version__", "browser_host",
           "confusion", "equivalent", "extract", "extract_records", "grammars",
           "host_address", "idna_available", "is_valid", "log_line", "log_records",
           "normalize", "parse", "psl_available", "psl_version", "query_get", "query_params",
           "recompose", "resolve", "rules", "site", "to_iri", "to_uri", "unquote",
           "urlsplit", "uts46_available", "quote", "rewrite"]

__version__: str
# the names of the URL-confusion flags and of the address classes, in the
# library's order; the host fields (URI.host_info()'s keys, the records')
CONFUSION_FLAGS: tuple[str, ...]
IP_CLASSES: tuple[str, ...]
HOST_FIELDS: tuple[str, ...]

_Buffer = Union[bytes, bytearray, memoryview]
_Str = Union[str, "URI[str]"]
_Bytes = Union[_Buffer, "URI[bytes]"]
_T = TypeVar("_T")
# scheme-based normalization steps (RFC 3986 6.2.3): all (True), none, or some
_Step = Literal["empty_port", "default_port", "http_path"]
_Steps = Union[bool, _Step, Iterable[_Step]]
# a query key, value or glob (issue 48): given decoded
_Key = Union[str, bytes, bytearray]
_Component = Literal["userinfo", "host", "path", "path-segment", "query", "query-key",
                     "query-value", "fragment"]
_Pairs = Union[dict[Any, Optional[_Key]], Iterable[tuple[_Key, Optional[_Key]]]]

class Error(ValueError):
    status: str       # the C status name, e.g. "too_long"
    offset: int       # characters for str input, bytes for bytes input
    byte_offset: int  # in the UTF-8 bytes
    component: Optional[str]  # recompose, URI.replace: where offset is
    argument: Optional[str]   # equivalent ("a", "b"), resolve ("base", "ref")

class InvalidURI(Error):
    # status: "syntax", "incomplete", "bad_percent", "bad_char", "bad_utf8", "idna"
    ...

@final
class URI(Generic[AnyStr]):
    @overload
    def __new__(cls, s: Union[str, URI[str]], grammar: str = ...,
                rule: Optional[str] = ...) -> URI[str]: ...
    @overload
    def __new__(cls, s: Union[_Buffer, URI[bytes]], grammar: str = ...,
                rule: Optional[str] = ...) -> URI[bytes]: ...
    scheme: Optional[AnyStr]
    authority: Optional[AnyStr]
    userinfo: Optional[AnyStr]
    host: Optional[AnyStr]
    port: Optional[int]            # None when absent or empty
    port_text: Optional[AnyStr]    # as written
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
    # what the host really means (docs/hosts.md; `uriscan inspect`'s fields)
    ip: Union[IPv4Address, IPv6Address, None]
    ip_form: Optional[str]     # "dotted" "integer" "short" "octal" "hex" "mixed" "ipv6"
    ip_class: Optional[str]    # one of IP_CLASSES
    browser_host: Optional[AnyStr]
    site: Optional[AnyStr]
    flags: frozenset[str]      # names of CONFUSION_FLAGS
    def host_info(self) -> dict[str, Any]: ...
    def components(self) -> dict[str, AnyStr]: ...
    def span(self, __component: str) -> Optional[tuple[int, int]]: ...
    # None removes a component (a removed host is the empty host)
    # ... (the default) keeps a component
    def replace(self, *, scheme: Optional[AnyStr] = ..., authority: Optional[AnyStr] = ...,
                userinfo: Optional[AnyStr] = ..., host: Optional[AnyStr] = ...,
                port: Union[AnyStr, int, None] = ..., path: Optional[AnyStr] = ...,
                query: Optional[AnyStr] = ..., fragment: Optional[AnyStr] = ...) -> URI[AnyStr]: ...
    # query edits (issue 48): a new URI, every other byte kept; keys and
    # values str or bytes, given decoded; globs: '*' any run
    def set_param(self, __key: _Key, __value: Optional[_Key]) -> URI[AnyStr]: ...
    def append_param(self, __key: _Key, __value: Optional[_Key] = ...) -> URI[AnyStr]: ...
    def remove_params(self, *globs: _Key) -> URI[AnyStr]: ...
    def keep_params(self, *globs: _Key) -> URI[AnyStr]: ...
    def sort_query(self) -> URI[AnyStr]: ...
    def strip_tracking(self, __globs: Optional[Iterable[_Key]] = ...) -> URI[AnyStr]: ...

@final
class Match(tuple[Any, ...]):
    offset: int
    length: int
    url: bytes
    truncated: bool
    uri: Optional[URI[bytes]]
    cut: bool
    flags: Optional[frozenset[str]]   # with flags=True
    defanged: bool                    # by name only (not unpacked)

@final
class HostAddress(tuple[Any, ...]):
    family: Optional[int]      # 4, 6, None for a name
    address: Union[IPv4Address, IPv6Address, None]
    form: Optional[str]
    ip_class: Optional[str]
    embed: Optional[str]       # "mapped" "nat64" "6to4" "teredo"
    embedded_v4: Optional[IPv4Address]
    text: Optional[str]
    parts: int
    notes: frozenset[str]      # "percent" "fullwidth" "trailing_dot" "mapped" "zone"
    zone: Optional[str]        # an IPv6 zone as written, or None

@overload
def parse(s: _Str, grammar: str = ..., rule: Optional[str] = ...) -> URI[str]: ...
@overload
def parse(s: _Bytes, grammar: str = ..., rule: Optional[str] = ...) -> URI[bytes]: ...
def is_valid(s: Union[_Str, _Bytes], grammar: str = ..., rule: Optional[str] = ...) -> bool: ...
@overload
def urlsplit(url: _Str, grammar: str = ...) -> SplitResult: ...
@overload
def urlsplit(url: _Bytes, grammar: str = ...) -> SplitResultBytes: ...
def extract(data: _Buffer, grammar: str = ..., *, components: bool = ...,
            max_len: Optional[int] = ..., opaque: Union[None, bool, str] = ...,
            trim: bool = ..., keep_cut: bool = ...,
            flags: bool = ..., defanged: bool = ...) -> Iterator[Match]: ...

class Extractor:
    offset: int
    def __init__(self, grammar: str = ..., *, components: bool = ...,
                 max_len: Optional[int] = ..., opaque: Union[None, bool, str] = ...,
                 trim: bool = ..., keep_cut: bool = ...,
                 flags: bool = ..., defanged: bool = ...) -> None: ...
    def feed(self, __data: _Buffer) -> list[Match]: ...
    def finish(self) -> list[Match]: ...
    def reset(self) -> None: ...

@overload
def to_uri(s: _Str, *, idna: bool = ...) -> str: ...
@overload
def to_uri(s: _Bytes, *, idna: bool = ...) -> bytes: ...
@overload
def to_iri(s: _Str, *, decode_unreserved: bool = ...) -> str: ...
@overload
def to_iri(s: _Bytes, *, decode_unreserved: bool = ...) -> bytes: ...
def idna_available() -> bool: ...
def grammars() -> list[str]: ...
def rules(grammar: str = ...) -> list[str]: ...

# URI operations: str in -> str out; bytes (or another buffer) in -> bytes out
# base and ref both str or both bytes-like
@overload
def resolve(base: _Str, ref: _Str, grammar: str = ..., *, strict: bool = ...) -> str: ...
@overload
def resolve(base: _Bytes, ref: _Bytes, grammar: str = ..., *,
            strict: bool = ...) -> bytes: ...
@overload
def normalize(s: _Str, grammar: str = ..., *, scheme_based: _Steps = ...,
              iri_decode: bool = ...) -> str: ...
@overload
def normalize(s: _Bytes, grammar: str = ..., *, scheme_based: _Steps = ...,
              iri_decode: bool = ...) -> bytes: ...
# a and b both str or both bytes-like
def equivalent(a: Union[_Str, _Bytes], b: Union[_Str, _Bytes], grammar: str = ...,
               level: Literal["string", "syntax", "scheme"] = ..., *,
               scheme_based: _Steps = ..., iri_decode: bool = ...) -> bool: ...
# str: the decoded bytes read as UTF-8 (utf8_errors: a codec error handler;
# "strict" raises InvalidURI bad_utf8)
@overload
def unquote(s: _Str, plus: bool = ..., errors: Literal["strict", "lenient"] = ..., *,
            utf8_errors: str = ...) -> str: ...
@overload
def unquote(s: _Bytes, plus: bool = ..., errors: Literal["strict", "lenient"] = ..., *,
            utf8_errors: str = ...) -> bytes: ...
@overload
def query_params(query: _Str, *, semicolon: bool = ..., plus: bool = ..., decode: bool = ...,
                 utf8_errors: str = ...) -> list[tuple[str, Optional[str]]]: ...
@overload
def query_params(query: _Bytes, *, semicolon: bool = ..., plus: bool = ...,
                 decode: bool = ...,
                 utf8_errors: str = ...) -> list[tuple[bytes, Optional[bytes]]]: ...
@overload
def query_get(query: _Str, key: str, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Optional[str]: ...
@overload
def query_get(query: _Str, key: str, default: _T, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Union[str, None, _T]: ...
@overload
def query_get(query: _Bytes, key: _Buffer, *, semicolon: bool = ..., plus: bool = ...,
              decode: bool = ..., utf8_errors: str = ...) -> Optional[bytes]: ...
@overload
def query_get(query: _Bytes, key: _Buffer, default: _T, *, semicolon: bool = ...,
              plus: bool = ..., decode: bool = ...,
              utf8_errors: str = ...) -> Union[bytes, None, _T]: ...
# all components str (-> str; also when none is given, or only an int port)
# or all bytes-like
@overload
def recompose(*, scheme: Optional[str] = ..., authority: Optional[str] = ...,  # type: ignore[misc]
              userinfo: Optional[str] = ..., host: Optional[str] = ...,
              port: Union[str, int, None] = ..., path: Optional[str] = ...,
              query: Optional[str] = ..., fragment: Optional[str] = ...,
              grammar: str = ...) -> str: ...
@overload
def recompose(*, scheme: Optional[_Buffer] = ..., authority: Optional[_Buffer] = ...,
              userinfo: Optional[_Buffer] = ..., host: Optional[_Buffer] = ...,
              port: Union[_Buffer, int, None] = ..., path: Optional[_Buffer] = ...,
              query: Optional[_Buffer] = ..., fragment: Optional[_Buffer] = ...,
              grammar: str = ...) -> bytes: ...
def extract_records(data: _Buffer, grammar: str = ..., *, max_len: Optional[int] = ...,
                    opaque: Union[None, bool, str] = ...,
                    trim: bool = ...,
                    keep_cut: bool = ..., hosts: bool = ...,
                    defanged: bool = ...) -> list[dict[str, Any]]: ...
# access-log lines (uriscan.logformat): bytes in, records of one shape
# (uriscan.logformat.KEYS, and HOST_KEYS with hosts=True) out
def log_line(line: _Buffer, format: str = ..., *, hosts: bool = ...) -> dict[str, Any]: ...
def log_records(data: _Buffer, format: str = ..., *,
                hosts: bool = ...) -> list[dict[str, Any]]: ...
# hosts (docs/hosts.md): str in -> str out, bytes in -> bytes out
def host_address(host: Union[_Str, _Bytes]) -> HostAddress: ...
@overload
def browser_host(url: _Str) -> str: ...
@overload
def browser_host(url: _Bytes) -> bytes: ...
def confusion(url: Union[_Str, _Bytes], grammar: str = ...) -> frozenset[str]: ...
@overload
def site(host: _Str) -> Optional[str]: ...
@overload
def site(host: _Bytes) -> Optional[bytes]: ...
def psl_available() -> bool: ...
def psl_version() -> str: ...
def uts46_available() -> bool: ...

# percent-encoding for a component and the whole-URL rewrite (issue 48)
@overload
def quote(s: _Str, component: _Component = ..., grammar: str = ..., form: bool = ...,
          all_percent: bool = ...) -> str: ...
@overload
def quote(s: _Bytes, component: _Component = ..., grammar: str = ..., form: bool = ...,
          all_percent: bool = ...) -> bytes: ...
@overload
def rewrite(url: URI[AnyStr], grammar: str = ..., *,
            set: Optional[dict[str, Optional[_Key]]] = ...,
            query_remove: Union[_Key, Iterable[_Key], None] = ...,
            query_keep: Union[_Key, Iterable[_Key], None] = ...,
            query_set: Optional[_Pairs] = ..., query_append: Optional[_Pairs] = ...,
            query_sort: bool = ..., strip_tracking: Union[bool, Iterable[_Key]] = ...,
            drop_fragment: bool = ..., drop_default_port: bool = ..., lower: bool = ...,
            normalize: bool = ..., scheme_based: bool = ..., query_icase: bool = ...,
            form: bool = ..., semicolon: bool = ...,
            keep_empty_query: bool = ...) -> URI[AnyStr]: ...
@overload
def rewrite(url: str, grammar: str = ..., *,
            set: Optional[dict[str, Optional[_Key]]] = ...,
            query_remove: Union[_Key, Iterable[_Key], None] = ...,
            query_keep: Union[_Key, Iterable[_Key], None] = ...,
            query_set: Optional[_Pairs] = ..., query_append: Optional[_Pairs] = ...,
            query_sort: bool = ..., strip_tracking: Union[bool, Iterable[_Key]] = ...,
            drop_fragment: bool = ..., drop_default_port: bool = ..., lower: bool = ...,
            normalize: bool = ..., scheme_based: bool = ..., query_icase: bool = ...,
            form: bool = ..., semicolon: bool = ...,
            keep_empty_query: bool = ...) -> str: ...
@overload
def rewrite(url: _Buffer, grammar: str = ..., *,
            set: Optional[dict[str, Optional[_Key]]] = ...,
            query_remove: Union[_Key, Iterable[_Key], None] = ...,
            query_keep: Union[_Key, Iterable[_Key], None] = ...,
            query_set: Optional[_Pairs] = ..., query_append: Optional[_Pairs] = ...,
            query_sort: bool = ..., strip_tracking: Union[bool, Iterable[_Key]] = ...,
            drop_fragment: bool = ..., drop_default_port: bool = ..., lower: bool = ...,
            normalize: bool = ..., scheme_based: bool = ..., query_icase: bool = ...,
            form: bool = ..., semicolon: bool = ...,
            keep_empty_query: bool = ...) -> bytes: ...
