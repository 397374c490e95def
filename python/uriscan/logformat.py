# SPDX-License-Identifier: MIT
"""Access-log lines (Apache/nginx common and combined formats) split into
records, for uriscan.dask.log_bag. The line is split by the C code of
`uriscan log` (the shared log-line splitter), and its request line and
referer judged as `uriscan log` judges them, so both read a line alike.

    common:   %h %l %u [%t] "%r" %>s %b
    combined: common "%{Referer}i" "%{User-agent}i"

Fields are separated by one space. Quoted fields hold the escapes both
servers write (\\" \\\\ \\xHH, and Apache's \\b \\n \\r \\t \\v); they are
decoded. The status is three digits, 100 to 599.

Every record is a dict with the keys KEYS, in that order, whatever the
format and whether the line is in it:

    client ident user  bytes as written; None for "-"
    time               bytes: %t as written, without its brackets
                       (b"10/Oct/2000:13:55:36 -0700"; datetime.strptime(
                       t.decode(), "%d/%b/%Y:%H:%M:%S %z") reads it)
    request            bytes: the request line, decoded (always kept, also
                       when it cannot be split)
    method target version
                       bytes, the parts the request line splits into (RFC
                       9112 section 3), as `uriscan log` reports them: each
                       None when the split did not reach it
    request_valid      bool: the request line is valid, its target in the
                       form its method takes (`uriscan log`'s "valid")
    target_host target_path
                       bytes: the valid target's host and path, else None
    status             int
    size               int: %b; None for "-" (and a %b that is no number)
    referer            bytes, decoded (combined); None for "-" and in common
    referer_host       bytes: the referer's host when the referer is an RFC
                       3986 URI-reference with one, else None
    agent              bytes, decoded (combined); None for "-" and in common
    malformed          None; for a line not in the format, the line as
                       given (bytes), every field above then None
    why                None, or why the line is not in the format (str, as
                       `uriscan log -v` names it)
    offset             None, or where in the line the split stopped (int)

With hosts=True a record also has the keys HOST_KEYS, after KEYS: what
the request target's host and the referer's really mean, as `uriscan log
--hosts` gives them (docs/hosts.md), target_ip target_ip_form
target_ip_class target_browser_host target_site target_flags and the same
with referer_: ip an ipaddress.IPv4Address or IPv6Address, ip_form and
ip_class str, browser_host and site bytes, flags a frozenset of names
(uriscan.CONFUSION_FLAGS); None where the CLI prints null. A CONNECT
target (host:port) is read as "http://" host:port, any other as written
(an origin-form /path has no host: its flags are those of its path and
query); a line without a target or a referer has its six None.
"""
from uriscan._core import HOST_FIELDS as _HOST_FIELDS, log_line as _log_line, \
    log_records as _log_records

__all__ = ["FORMATS", "HOST_KEYS", "KEYS", "parse_line", "parse_lines"]

FORMATS = ("combined", "common", "auto")
KEYS = ("client", "ident", "user", "time", "request", "method", "target",
        "version", "request_valid", "target_host", "target_path", "status",
        "size", "referer", "referer_host", "agent", "malformed", "why", "offset")
HOST_KEYS = tuple(side + k for side in ("target_", "referer_") for k in _HOST_FIELDS)


def parse_line(line: bytes, format: str = "combined", *, hosts: bool = False) -> dict:
    """The record of one log line (bytes-like; a final \\n, and a \\r
    before it, are cut) in format "combined", "common" or "auto" (either):
    a dict of KEYS (see the module's documentation); a line not in the
    format has malformed, why and offset set and every field None.
    hosts=True: and HOST_KEYS."""
    return _log_line(line, format, hosts=hosts)


def parse_lines(data: bytes, format: str = "combined", *, hosts: bool = False) -> list:
    """parse_line for each line of data (lines ended by \\n), in one call;
    a line not in the format keeps its \\n in malformed."""
    return _log_records(data, format, hosts=hosts)
