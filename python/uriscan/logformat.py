"""Access-log lines (Apache/nginx common and combined formats) split into
fields, for uriscan.dask.log_bag. The line is split by the C code of the
CLI's `uriscan log` (src/cli/log_line.c), so both read a line alike; the
request line and the referer are judged by uriscan's grammars.

    common:   %h %l %u [%t] "%r" %>s %b
    combined: common "%{Referer}i" "%{User-agent}i"

Fields are separated by one space. Quoted fields hold the escapes both
servers write (\\" \\\\ \\xHH, and Apache's \\b \\n \\r \\t \\v); they are
decoded. The status is three digits, 100 to 599.
"""
from typing import List, Optional

from uriscan._core import log_line, log_records

FORMATS = ("combined", "common", "auto")


def parse_line(line: bytes, format: str = "combined") -> Optional[dict]:
    """The fields of one log line (bytes; a final \\n, and a \\r before it,
    are cut), or None when the line is not in the format ("combined",
    "common", or "auto": either). Keys: client ident user time request
    status size (and referer agent for combined), all bytes except status
    (int); method target version (None unless the request line is valid,
    RFC 9112 section 3, any form of target); request_valid; target_host
    (the target's host when it has one: absolute-form, and authority-form,
    which CONNECT takes; a target of another method read as the rule
    request-target reads it, so "GET h:443" is absolute-form, scheme "h";
    else None); referer_host (combined: the referer's host when the
    referer is an RFC 3986 URI, else None)."""
    return log_line(line, format)


def parse_lines(data: bytes, format: str = "combined") -> List[dict]:
    """parse_line for each line of data (lines ended by \\n), in one call: a
    line not in the format gives {"malformed": the line with its \\n,
    "why": the reason, as `uriscan log -v` names it, "offset": where in
    the line the split stopped}."""
    return log_records(data, format)
