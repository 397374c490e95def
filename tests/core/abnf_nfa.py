# SPDX-License-Identifier: MIT
"""The ABNF of RFC 3986 read and matched: the independent reference of
gen_vectors.py (and, through it, of gen_vectors_rfc2396_rfc1738.py).

Written without looking at uriscan: the ABNF of RFC 3986 Appendix A (and the
RFC 5234 core rules it uses) is kept below as text, parsed by a small ABNF
reader, and turned into an NFA that is run by subset simulation. From that
it knows, for any rule and input, whether the input matches and, if not, the
first byte at which the input stopped being a possible prefix of the rule
(matcher), and what status that failure is (status_of).
"""
import re

# RFC 3986, Appendix A, as published (path-empty's prose value included).
RFC3986_ABNF = r"""
URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]

hier-part     = "//" authority path-abempty
              / path-absolute
              / path-rootless
              / path-empty

URI-reference = URI / relative-ref

absolute-URI  = scheme ":" hier-part [ "?" query ]

relative-ref  = relative-part [ "?" query ] [ "#" fragment ]

relative-part = "//" authority path-abempty
              / path-absolute
              / path-noscheme
              / path-empty

scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )

authority     = [ userinfo "@" ] host [ ":" port ]
userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
host          = IP-literal / IPv4address / reg-name
port          = *DIGIT

IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"

IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )

IPv6address   =                            6( h16 ":" ) ls32
              /                       "::" 5( h16 ":" ) ls32
              / [               h16 ] "::" 4( h16 ":" ) ls32
              / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
              / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
              / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
              / [ *4( h16 ":" ) h16 ] "::"              ls32
              / [ *5( h16 ":" ) h16 ] "::"              h16
              / [ *6( h16 ":" ) h16 ] "::"

h16           = 1*4HEXDIG
ls32          = ( h16 ":" h16 ) / IPv4address
IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet

dec-octet     = DIGIT                 ; 0-9
              / %x31-39 DIGIT         ; 10-99
              / "1" 2DIGIT            ; 100-199
              / "2" %x30-34 DIGIT     ; 200-249
              / "25" %x30-35          ; 250-255

reg-name      = *( unreserved / pct-encoded / sub-delims )

path          = path-abempty    ; begins with "/" or is empty
              / path-absolute   ; begins with "/" but not "//"
              / path-noscheme   ; begins with a non-colon segment
              / path-rootless   ; begins with a segment
              / path-empty      ; zero characters

path-abempty  = *( "/" segment )
path-absolute = "/" [ segment-nz *( "/" segment ) ]
path-noscheme = segment-nz-nc *( "/" segment )
path-rootless = segment-nz *( "/" segment )
path-empty    = 0<pchar>

segment       = *pchar
segment-nz    = 1*pchar
segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
              ; non-zero-length segment without any colon ":"

pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"

query         = *( pchar / "/" / "?" )

fragment      = *( pchar / "/" / "?" )

pct-encoded   = "%" HEXDIG HEXDIG

unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
reserved      = gen-delims / sub-delims
gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
              / "*" / "+" / "," / ";" / "="
"""

# RFC 5234, Appendix B.1 (the core rules Appendix A uses).
CORE_ABNF = r"""
ALPHA         = %x41-5A / %x61-7A   ; A-Z / a-z
DIGIT         = %x30-39             ; 0-9
HEXDIG        = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
"""

# Section 2: the characters a URI is made of (unreserved, reserved and the
# '%' of percent-encoding). Any other byte can appear nowhere: "bad_char".
ALPHA = set(range(0x41, 0x5B)) | set(range(0x61, 0x7B))
DIGIT = set(range(0x30, 0x3A))
HEXDIG = DIGIT | set(b"ABCDEFabcdef")
UNRESERVED = ALPHA | DIGIT | set(b"-._~")
GEN_DELIMS = set(b":/?#[]@")
SUB_DELIMS = set(b"!$&'()*+,;=")
URI_CHARS = UNRESERVED | GEN_DELIMS | SUB_DELIMS | {ord("%")}


# ---------------------------------------------------------------------------
# A small ABNF reader (RFC 5234 section 4, the parts RFC 3986 uses).

TOKEN = re.compile(r"""
    (?P<ws>\s+|;[^\n]*)
  | (?P<str>"[^"]*")
  | (?P<num>%x[0-9A-Fa-f]+(?:-[0-9A-Fa-f]+)?)
  | (?P<prose><[^>]*>)
  | (?P<rep>\d*\*\d*|\d+)
  | (?P<name>[A-Za-z][A-Za-z0-9-]*)
  | (?P<op>[=/()\[\]])
""", re.X)


def tokenize(text):
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"ABNF: cannot read {text[pos:pos + 20]!r}")
        pos = m.end()
        if m.lastgroup != "ws":
            out.append((m.lastgroup, m.group()))
    return out


def parse_abnf(text):
    """Return {rule name (lower case): AST}."""
    rules = {}
    chunks = []
    for line in text.splitlines():
        if re.match(r"[A-Za-z]", line):
            chunks.append(line)
        elif line.strip() and chunks:
            chunks[-1] += "\n" + line
    for chunk in chunks:
        toks = tokenize(chunk)
        assert toks[0][0] == "name" and toks[1] == ("op", "="), chunk
        p = Parser(toks[2:])
        node = p.alternation()
        if p.i != len(p.toks):
            raise ValueError(f"ABNF: trailing tokens in {chunk!r}")
        rules[toks[0][1].lower()] = node
    return rules


class Parser:
    NOTATION = "ABNF"  # in error messages; a subclass reading BNF says so

    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def alternation(self):
        alts = [self.concatenation()]
        while self.peek() == ("op", "/"):
            self.i += 1
            alts.append(self.concatenation())
        return alts[0] if len(alts) == 1 else ("alt", alts)

    def concatenation(self):
        items = []
        while True:
            kind, val = self.peek()
            if kind is None or (kind == "op" and val in "/)]"):
                break
            items.append(self.repetition())
        if not items:
            raise ValueError(f"{self.NOTATION}: empty concatenation")
        return items[0] if len(items) == 1 else ("seq", items)

    def repetition(self):
        kind, val = self.peek()
        lo, hi = 1, 1
        if kind == "rep":
            self.i += 1
            if "*" in val:
                a, b = val.split("*")
                lo = int(a) if a else 0
                hi = int(b) if b else None
            else:
                lo = hi = int(val)
        node = self.element()
        if (lo, hi) == (1, 1):
            return node
        return ("rep", lo, hi, node)

    def element(self):
        kind, val = self.peek()
        self.i += 1
        if kind == "name":
            return ("ref", val.lower())
        if kind == "str":
            # quoted strings are case-insensitive (RFC 5234 section 2.3)
            chars = val[1:-1]
            sets = [("set", frozenset({ord(c.lower()), ord(c.upper())}))
                    for c in chars]
            if not sets:
                return ("seq", [])
            return sets[0] if len(sets) == 1 else ("seq", sets)
        if kind == "num":
            body = val[2:]
            if "-" in body:
                a, b = body.split("-")
                return ("set", frozenset(range(int(a, 16), int(b, 16) + 1)))
            return ("set", frozenset({int(body, 16)}))
        if kind == "prose":
            return ("prose", val)
        if (kind, val) == ("op", "("):
            node = self.alternation()
            self.expect(")")
            return node
        if (kind, val) == ("op", "["):
            node = self.alternation()
            self.expect("]")
            return ("rep", 0, 1, node)
        raise ValueError(f"{self.NOTATION}: unexpected {val!r}")

    def expect(self, op):
        if self.peek() != ("op", op):
            raise ValueError(f"{self.NOTATION}: expected {op!r}")
        self.i += 1


# ---------------------------------------------------------------------------
# NFA (Thompson construction) and a lazily determinised matcher.

class NFA:
    def __init__(self, rules):
        self.rules = rules
        self.eps = []
        self.edges = []

    def state(self):
        self.eps.append([])
        self.edges.append([])
        return len(self.eps) - 1

    def build(self, node, depth=0):
        """Return (start, end) of a fragment for node."""
        if depth > 50:
            raise ValueError("ABNF: recursive rule")
        kind = node[0]
        s = self.state()
        if kind == "set":
            e = self.state()
            self.edges[s].append((node[1], e))
            return s, e
        if kind == "ref":
            a, b = self.build(self.rules[node[1]], depth + 1)
            self.eps[s].append(a)
            return s, b
        if kind == "seq":
            cur = s
            for item in node[1]:
                a, b = self.build(item, depth)
                self.eps[cur].append(a)
                cur = b
            return s, cur
        if kind == "alt":
            e = self.state()
            for item in node[1]:
                a, b = self.build(item, depth)
                self.eps[s].append(a)
                self.eps[b].append(e)
            return s, e
        if kind == "rep":
            _, lo, hi, sub = node
            if hi == 0:
                return s, s  # 0<pchar>, 0*0x: the empty string
            if sub[0] == "prose":
                raise ValueError("ABNF: prose value used with a repetition")
            cur = s
            for _ in range(lo):
                a, b = self.build(sub, depth)
                self.eps[cur].append(a)
                cur = b
            if hi is None:
                a, b = self.build(sub, depth)
                self.eps[cur].append(a)
                self.eps[b].append(cur)
                return s, cur
            e = self.state()
            for _ in range(hi - lo):
                self.eps[cur].append(e)
                a, b = self.build(sub, depth)
                self.eps[cur].append(a)
                cur = b
            self.eps[cur].append(e)
            return s, e
        if kind == "prose":
            raise ValueError(f"ABNF: prose value {node[1]} is not a grammar")
        raise ValueError(f"ABNF: node {kind}")


class Matcher:
    """One rule as a DFA built on demand from its NFA."""

    def __init__(self, rules, name):
        self.nfa = NFA(rules)
        start, self.final = self.nfa.build(("ref", name.lower()))
        self.ids = {}
        self.sets = []
        self.cache = {}
        self.start = self.intern(self.closure({start}))
        self.dead = self.intern(frozenset())

    def closure(self, states):
        stack = list(states)
        seen = set(states)
        while stack:
            st = stack.pop()
            for t in self.nfa.eps[st]:
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        return frozenset(seen)

    def intern(self, fs):
        if fs not in self.ids:
            self.ids[fs] = len(self.sets)
            self.sets.append(fs)
        return self.ids[fs]

    def step(self, cur, byte):
        key = (cur, byte)
        nxt = self.cache.get(key)
        if nxt is None:
            targets = set()
            for st in self.sets[cur]:
                for bs, t in self.nfa.edges[st]:
                    if byte in bs:
                        targets.add(t)
            nxt = self.intern(self.closure(targets))
            self.cache[key] = nxt
        return nxt

    def run(self, data):
        """(True, 0) on a match, else (False, error offset)."""
        cur = self.start
        for i, b in enumerate(data):
            cur = self.step(cur, b)
            if cur == self.dead:
                return False, i
        if self.final in self.sets[cur]:
            return True, 0
        return False, len(data)


RULES = parse_abnf(CORE_ABNF + RFC3986_ABNF)
_matchers = {}


def matcher(rule):
    m = _matchers.get(rule.lower())
    if m is None:
        m = _matchers[rule.lower()] = Matcher(RULES, rule)
    return m


def status_of(data, off):
    """The status name for a failure at off (see tests/vectors/rfc3986.tsv)."""
    if off >= len(data):
        return "incomplete"
    if data[off] not in URI_CHARS:
        return "bad_char"
    # In a viable prefix every '%' begins a pct-encoded, so a failure one
    # byte after '%', or two bytes after '%' HEXDIG, is inside an escape.
    if off >= 1 and data[off - 1] == ord("%"):
        return "bad_percent"
    if off >= 2 and data[off - 2] == ord("%") and data[off - 1] in HEXDIG:
        return "bad_percent"
    return "syntax"
