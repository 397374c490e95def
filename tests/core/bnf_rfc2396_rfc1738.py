# SPDX-License-Identifier: MIT
"""The BNF of RFC 2396 and RFC 1738, read as ABNF: the grammars of
gen_vectors_rfc2396_rfc1738.py.

Written from the RFCs' own BNF, never from uriscan: the BNF of RFC 2396
Appendix A and RFC 1738 section 5 is kept below as text in the RFCs'
notation ("|" alternatives, "*( )" / "*[ ]" / "1*[ ]" repetition, "[ ]"
option, case-sensitive literals) and translated token by token into the
ABNF that abnf_nfa.py reads (its reader, through gen_vectors). The only
departures are the ones uriscan documents for RFC 1738: a literal written
"..."i ignores case (the predefined scheme names, section 2.1), and url
takes otherurl only for schemes that are not predefined (PREDEFINED and
URL_PRODUCTIONS below; gen_vectors_rfc2396_rfc1738.py computes it, outside
the BNF).

parse_bnf(*GRAMMARS[grammar]) gives {rule name (lower case): AST of
gen_vectors.py} for a grammar.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_vectors as gv  # noqa: E402

# RFC 2396 Appendix A. lowalpha, upalpha and digit are listed with "..." in
# the RFC; they are the byte sets below.
RFC2396_BNF = r"""
URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
absoluteURI   = scheme ":" ( hier_part | opaque_part )
relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
hier_part     = ( net_path | abs_path ) [ "?" query ]
opaque_part   = uric_no_slash *uric
uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
                "&" | "=" | "+" | "$" | ","
net_path      = "//" authority [ abs_path ]
abs_path      = "/"  path_segments
rel_path      = rel_segment [ abs_path ]
rel_segment   = 1*( unreserved | escaped |
                    ";" | "@" | "&" | "=" | "+" | "$" | "," )
scheme        = alpha *( alpha | digit | "+" | "-" | "." )
authority     = server | reg_name
reg_name      = 1*( unreserved | escaped | "$" | "," |
                    ";" | ":" | "@" | "&" | "=" | "+" )
server        = [ [ userinfo "@" ] hostport ]
userinfo      = *( unreserved | escaped |
                   ";" | ":" | "&" | "=" | "+" | "$" | "," )
hostport      = host [ ":" port ]
host          = hostname | IPv4address
hostname      = *( domainlabel "." ) toplabel [ "." ]
domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
port          = *digit
path          = [ abs_path | opaque_part ]
path_segments = segment *( "/" segment )
segment       = *pchar *( ";" param )
param         = *pchar
pchar         = unreserved | escaped |
                ":" | "@" | "&" | "=" | "+" | "$" | ","
query         = *uric
fragment      = *uric
uric          = reserved | unreserved | escaped
reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
                "$" | ","
unreserved    = alphanum | mark
mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" |
                "(" | ")"
escaped       = "%" hex hex
hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" |
                        "a" | "b" | "c" | "d" | "e" | "f"
alphanum      = alpha | digit
alpha         = lowalpha | upalpha
"""
RFC2396_SETS = {"lowalpha": range(0x61, 0x7B), "upalpha": range(0x41, 0x5B),
                "digit": range(0x30, 0x3A)}

# RFC 1738 section 5 (lowalpha, hialpha, digit as sets again). The gopher
# production's unquoted / is written "/". Scheme literals carry i.
RFC1738_BNF = r"""
genericurl     = scheme ":" schemepart
otherurl       = genericurl
scheme         = 1*[ lowalpha | hialpha | digit | "+" | "-" | "." ]
schemepart     = *xchar | ip-schemepart
ip-schemepart  = "//" login [ "/" urlpath ]
login          = [ user [ ":" password ] "@" ] hostport
hostport       = host [ ":" port ]
host           = hostname | hostnumber
hostname       = *[ domainlabel "." ] toplabel
domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
alphadigit     = alpha | digit
hostnumber     = digits "." digits "." digits "." digits
port           = digits
user           = *[ uchar | ";" | "?" | "&" | "=" ]
password       = *[ uchar | ";" | "?" | "&" | "=" ]
urlpath        = *xchar
ftpurl         = "ftp"i "://" login [ "/" fpath [ ";type=" ftptype ]]
fpath          = fsegment *[ "/" fsegment ]
fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
fileurl        = "file"i "://" [ host | "localhost" ] "/" fpath
httpurl        = "http"i "://" hostport [ "/" hpath [ "?" search ]]
hpath          = hsegment *[ "/" hsegment ]
hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
gopherurl      = "gopher"i "://" hostport [ "/" [ gtype [ selector
                 [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
gtype          = xchar
selector       = *xchar
gopher+_string = *xchar
mailtourl      = "mailto"i ":" encoded822addr
encoded822addr = 1*xchar
newsurl        = "news"i ":" grouppart
grouppart      = "*" | group | article
group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
nntpurl        = "nntp"i "://" hostport "/" group [ "/" digits ]
telneturl      = "telnet"i "://" login [ "/" ]
waisurl        = waisdatabase | waisindex | waisdoc
waisdatabase   = "wais"i "://" hostport "/" database
waisindex      = "wais"i "://" hostport "/" database "?" search
waisdoc        = "wais"i "://" hostport "/" database "/" wtype "/" wpath
database       = *uchar
wtype          = *uchar
wpath          = *uchar
prosperourl    = "prospero"i "://" hostport "/" ppath *[ fieldspec ]
ppath          = psegment *[ "/" psegment ]
psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
fieldspec      = ";" fieldname "=" fieldvalue
fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
alpha          = lowalpha | hialpha
safe           = "$" | "-" | "_" | "." | "+"
extra          = "!" | "*" | "'" | "(" | ")" | ","
national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
punctuation    = "<" | ">" | "#" | "%" | <">
reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
                 "a" | "b" | "c" | "d" | "e" | "f"
escape         = "%" hex hex
unreserved     = alpha | digit | safe | extra
uchar          = unreserved | escape
xchar          = unreserved | reserved | escape
digits         = 1*digit
"""
RFC1738_SETS = {"lowalpha": range(0x61, 0x7B), "hialpha": range(0x41, 0x5B),
                "digit": range(0x30, 0x3A)}
PREDEFINED = ("http", "ftp", "file", "gopher", "mailto", "news", "nntp",
              "telnet", "wais", "prospero")
URL_PRODUCTIONS = ("httpurl", "ftpurl", "newsurl", "nntpurl", "telneturl",
                   "gopherurl", "waisurl", "mailtourl", "fileurl",
                   "prosperourl")

BNF_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<str>"[^"]*"i?|<">)
  | (?P<rep>1\*|\*)
  | (?P<name>[A-Za-z][A-Za-z0-9_+-]*)
  | (?P<op>[=|()\[\]])
""", re.X)


def node_of_string(text, nocase):
    sets = []
    for c in text:
        cs = {ord(c)}
        if nocase:
            cs |= {ord(c.lower()), ord(c.upper())}
        sets.append(("set", frozenset(cs)))
    return sets[0] if len(sets) == 1 else ("seq", sets)


def parse_bnf(text, sets):
    """{rule name (lower case): AST of gen_vectors.py} from RFC BNF."""
    rules = {k: ("set", frozenset(v)) for k, v in sets.items()}
    chunks = []
    for line in text.splitlines():
        if re.match(r"[A-Za-z]", line):
            chunks.append(line)
        elif line.strip():
            chunks[-1] += "\n" + line
    for chunk in chunks:
        toks = []
        pos = 0
        while pos < len(chunk):
            m = BNF_TOKEN.match(chunk, pos)
            if not m:
                raise ValueError(f"BNF: cannot read {chunk[pos:pos + 20]!r}")
            pos = m.end()
            k, v = m.lastgroup, m.group()
            if k == "ws":
                continue
            if k == "op" and v == "|":
                v = "/"
            toks.append((k, v))
        # "*[ x ]" and "1*[ x ]" are repetitions of a group, not options
        out = []
        for i, (k, v) in enumerate(toks):
            if k == "op" and v == "[" and out and out[-1][0] == "rep":
                out.append(("op", "(*"))
                continue
            out.append((k, v))
        assert out[0][0] == "name" and out[1] == ("op", "="), chunk
        p = BnfParser(out[2:])
        node = p.alternation()
        if p.i != len(p.toks):
            raise ValueError(f"BNF: trailing tokens in {chunk!r}")
        rules[out[0][1].lower()] = node
    return rules


class BnfParser(gv.Parser):
    NOTATION = "BNF"

    def __init__(self, toks):
        super().__init__(toks)
        self.closers = []

    def repetition(self):
        kind, val = self.peek()
        if kind == "rep":
            self.i += 1
            lo = 1 if val == "1*" else 0
            return ("rep", lo, None, self.element())
        return self.element()

    def element(self):
        kind, val = self.peek()
        if kind == "str":
            self.i += 1
            if val == '<">':
                return ("set", frozenset({0x22}))
            nocase = val.endswith("i")
            return node_of_string(val[1:-2] if nocase else val[1:-1], nocase)
        if kind == "name":
            self.i += 1
            return ("ref", val.lower())
        if (kind, val) == ("op", "(*"):  # the [ ] of *[ ] / 1*[ ]
            self.i += 1
            node = self.alternation()
            self.expect("]")
            return node
        return super().element()


GRAMMARS = {
    "rfc2396": (RFC2396_BNF, RFC2396_SETS),
    "rfc1738": (RFC1738_BNF, RFC1738_SETS),
}
