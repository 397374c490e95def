"""Access-log lines (Apache/nginx common and combined formats) split into
fields, for uriscan.dask.log_bag. The request line and the URLs are judged
by uriscan's grammars; only the log format is parsed here.

    common:   %h %l %u [%t] "%r" %>s %b
    combined: common "%{Referer}i" "%{User-agent}i"

Quoted fields hold the escapes both servers write (\\" \\\\ \\xHH, and
Apache's \\b \\n \\r \\t \\v); they are decoded. A smaller cousin of the CLI's
`uriscan log` (src/cli/cmd_log.c), without its error report.
"""
import re
from typing import Optional

from uriscan._core import is_valid, parse, InvalidURI

_Q = rb'"((?:[^"\\]|\\.)*)"'
_COMMON = rb'(\S+) (\S+) (\S+) \[([^\]]*)\] ' + _Q + rb' (\d{3}) (\S+)'
_RE = {
    "common": re.compile(_COMMON + rb'[ \t]*\r?\n?\Z'),
    "combined": re.compile(_COMMON + rb' ' + _Q + rb' ' + _Q + rb'[ \t]*\r?\n?\Z'),
}
_ESC = re.compile(rb'\\(x[0-9a-fA-F]{2}|.)', re.S)
_SIMPLE = {b'"': b'"', b'\\': b'\\', b'b': b'\b', b'n': b'\n', b'r': b'\r',
           b't': b'\t', b'v': b'\v'}

FORMATS = tuple(_RE)


def _unescape(s: bytes) -> bytes:
    if b"\\" not in s:
        return s
    def one(m):
        e = m.group(1)
        if len(e) == 3:
            return bytes([int(e[1:], 16)])
        return _SIMPLE.get(e, b"\\" + e)
    return _ESC.sub(one, s)


def parse_line(line: bytes, format: str = "combined") -> Optional[dict]:
    """The fields of one log line (bytes), or None when the line is not in
    the format. Keys: client ident user time request status size (and
    referer agent for combined), all bytes except status (int); method
    target version (None unless the request line is valid, RFC 9112 section
    3, any form of target); request_valid; target_host (the absolute-form
    target's host, else None); referer_host (combined: the referer's host
    when the referer is an RFC 3986 URI, else None)."""
    m = _RE[format].match(line)
    if m is None:
        return None
    g = m.groups()
    request = _unescape(g[4])
    rec = {"client": g[0], "ident": g[1], "user": g[2], "time": g[3],
           "request": request, "status": int(g[5]), "size": g[6],
           "method": None, "target": None, "version": None,
           "request_valid": is_valid(request, rule="request-line"),
           "target_host": None}
    if rec["request_valid"]:
        method, target, version = request.split(b" ")
        rec.update(method=method, target=target, version=version)
        rec["target_host"] = parse(target, rule="request-target").host
    if format == "combined":
        rec["referer"] = referer = _unescape(g[7])
        rec["agent"] = _unescape(g[8])
        rec["referer_host"] = None
        if referer != b"-":
            try:
                rec["referer_host"] = parse(referer, rule="URI").host
            except InvalidURI:
                pass
    return rec
