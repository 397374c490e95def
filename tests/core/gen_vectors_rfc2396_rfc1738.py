#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every byte in every position for RFC 2396 and RFC 1738.

The mirror of gen_vectors.py (whose ABNF reader, NFA and matcher, in
abnf_nfa.py, it reuses) for the two older grammars, written from the RFCs'
own BNF, never from uriscan: the BNF of RFC 2396 Appendix A and RFC 1738
section 5 is kept as text in the RFCs' notation in bnf_rfc2396_rfc1738.py,
which translates it token by token into the ABNF that abnf_nfa.py reads.
The only departures are the ones uriscan documents for RFC 1738: a literal
written "..."i ignores case (the predefined scheme names, section 2.1), and
url takes otherurl only for schemes that are not predefined (computed below,
outside the BNF).

Validity and the error offset and status are derived here; components are
not ('*'): the hand-written vectors check those.

Usage: gen_vectors_rfc2396_rfc1738.py GRAMMAR --generate OUT.tsv | --check FILE.tsv...
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_vectors as gv  # noqa: E402
from bnf_rfc2396_rfc1738 import (  # noqa: E402
    GRAMMARS, PREDEFINED, URL_PRODUCTIONS, parse_bnf)

# Bytes that appear in some URI of the grammar (uriscan's bad_char).
ALLOWED = {
    "rfc2396": set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   b"0123456789-_.!~*'();/?:@&=+$,%#"),
    "rfc1738": set(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   b"0123456789$-_.+!*'(),;/?:@&=%"),
}


class Reference:
    def __init__(self, grammar):
        self.grammar = grammar
        self.rules = parse_bnf(*GRAMMARS[grammar])
        self.matchers = {}

    def matcher(self, rule):
        m = self.matchers.get(rule)
        if m is None:
            m = self.matchers[rule] = gv.Matcher(self.rules, rule)
        return m

    def other_run(self, data):
        """otherurl of url: genericurl for a scheme that is not
        predefined. (match?, longest viable prefix)."""
        one = self.matcher("scheme")  # a scheme byte: scheme matches it
        sc = {b for b in range(256) if one.run(bytes([b]))[0]}
        i = 0
        while i < len(data) and data[i] in sc:
            i += 1
        if i == len(data):
            return False, len(data)
        if data[i] != ord(":") or i == 0 or \
                data[:i].decode("ascii").lower() in PREDEFINED:
            return False, i
        ok, off = self.matcher("schemepart").run(data[i + 1:])
        return ok, (0 if ok else i + 1 + off)

    def run(self, rule, data):
        rule = rule.lower().replace("_", "-") if self.grammar == "rfc1738" \
            else rule
        if self.grammar == "rfc1738" and rule in ("url", "otherurl"):
            alts = [self.matcher(p).run(data) for p in
                    (URL_PRODUCTIONS if rule == "url" else ())]
            alts.append(self.other_run(data))
            if any(ok for ok, _ in alts):
                return True, 0
            return False, max(off if not ok else len(data)
                              for ok, off in alts)
        key = rule if rule in self.rules else rule.replace("-", "_")
        if key not in self.rules:
            key = {r.replace("_", "-"): r for r in self.rules}.get(
                rule.replace("_", "-"), rule)
        return self.matcher(key.lower()).run(data)

    def status(self, data, off):
        if off >= len(data):
            return "incomplete"
        if data[off] not in ALLOWED[self.grammar]:
            return "bad_char"
        if off >= 1 and data[off - 1] == ord("%"):
            return "bad_percent"
        if off >= 2 and data[off - 2] == ord("%") and data[off - 1] in \
                gv.HEXDIG:
            return "bad_percent"
        return "syntax"

    def expectation(self, rule, data):
        ok, off = self.run(rule, data)
        if ok:
            return "valid", "*"
        return "invalid", f"{self.status(data, off)}@{off}"


TEMPLATES = {
    "rfc2396": [
        ("URI-reference", b"", b"", "the whole input"),
        ("URI-reference", b"", b"x:/p", "first byte"),
        ("URI-reference", b"s", b"x:/p?q", "scheme"),
        ("URI-reference", b"s:", b"", "after the colon, at end"),
        ("URI-reference", b"s:", b"a/b", "first byte of an opaque part"),
        ("URI-reference", b"s:o", b"?/", "opaque part"),
        ("URI-reference", b"s://", b"h:1/p", "first byte of the authority"),
        ("URI-reference", b"s://u", b"i@h:1/p?q#f", "userinfo"),
        ("URI-reference", b"s://u@h", b"o:1/p?q#f", "hostname"),
        ("URI-reference", b"s://u@h:1", b"2/p", "port"),
        ("URI-reference", b"s://1.2", b".3.4/", "IPv4address"),
        ("URI-reference", b"s://a@b", b"@c/", "reg_name"),
        ("URI-reference", b"s://h/p", b"a;q/b?q#f", "path segment"),
        ("URI-reference", b"s://h/p;", b"x/", "param"),
        ("URI-reference", b"s:/p/a%", b"1", "first hex digit"),
        ("URI-reference", b"s:/p/a%4", b"", "second hex digit"),
        ("URI-reference", b"s://h/p?q", b"r#f", "query"),
        ("URI-reference", b"s://h/p?q#f", b"g", "fragment"),
        ("URI-reference", b"p", b"a/b?q#f", "rel_segment"),
        ("URI-reference", b"//", b"h/p", "relative authority"),
        ("URI-reference", b"/", b"/h", "abs_path"),
        ("URI-reference", b"", b"q", "before a query"),
        # long runs: the fast paths' 4-byte steps and SIMD (src/grammars/gen.h SKIP)
        ("URI-reference", b"s://h/" + b"p/a" * 12, b"b/c" * 12 + b"?q",
         "a long path"),
        ("URI-reference", b"/" + b"p/a" * 12, b"b/c" * 12, "a long abs_path"),
        ("URI-reference", b"s://" + b"h" * 30, b"o" * 30 + b".c/p",
         "a long hostname label"),
        # the hostname label skip (rfc2396_tags.rl skip_label): a run after
        # a digit, after userinfo, in an inner label, of digits after a
        # letter, and in the host rule alone
        ("URI-reference", b"s://1" + b"h" * 30, b"o" * 30 + b".c/p",
         "a long label after a digit"),
        ("URI-reference", b"s://u:p@" + b"h" * 30, b"0" * 30 + b".c:1/p",
         "a long label after userinfo"),
        ("URI-reference", b"s://a.b" + b"9" * 30, b"z" * 30 + b"-q.c/p",
         "a long inner label"),
        ("URI-reference", b"//x-" + b"y" * 20, b"1" * 20 + b".c",
         "a long label after a hyphen"),
        ("host", b"x" * 30, b"y" * 30, "host rule, a long label"),
        # absoluteURI and relativeURI validate with the fast machines
        # (rfc2396.rules valid=)
        ("absoluteURI", b"s://u@h", b"o:1/p?q", "absoluteURI, hostname"),
        ("absoluteURI", b"s://h/" + b"p/a" * 8, b"b/c" * 8 + b"?q",
         "absoluteURI, a long path"),
        ("absoluteURI", b"s:o", b"?/", "absoluteURI, opaque part"),
        ("absoluteURI", b"s://h/p?" + b"q" * 20, b"r" * 20,
         "absoluteURI, a long query"),
        ("relativeURI", b"//" + b"h" * 20, b"o" * 20 + b"/p",
         "relativeURI, a long hostname label"),
        ("relativeURI", b"/" + b"p/a" * 8, b"b/c" * 8 + b"?q",
         "relativeURI, a long abs_path"),
        ("relativeURI", b"p", b"a/b?q", "relativeURI, rel_segment"),
        ("authority", b"u", b"@h:1", "authority rule"),
        ("host", b"h", b"", "host rule"),
        ("hostname", b"a", b".b", "hostname rule"),
        ("IPv4address", b"1.2", b".3.4", "IPv4address rule"),
        ("scheme", b"a", b"", "scheme rule"),
    ],
    "rfc1738": [
        ("url", b"", b"", "the whole input"),
        ("url", b"", b"ttp://h/p", "first byte of the scheme"),
        ("url", b"http", b"//h/p", "after a predefined scheme name"),
        ("url", b"http:", b"/h/p", "after http:"),
        ("url", b"x:", b"", "after an other scheme's colon"),
        ("url", b"x://", b"u:p@h:1/p", "ip-schemepart login"),
        ("url", b"x://u:p@h:1/", b"p", "urlpath"),
        ("url", b"http://", b"h:1/p?s", "http host"),
        ("url", b"http://h", b":1/p?s", "http after the host"),
        ("url", b"http://h:1", b"/p?s", "http port"),
        ("url", b"http://h/p", b"a/b?s", "hpath"),
        ("url", b"http://h/p?s", b"t", "search"),
        # long runs: the fast paths' 4-byte steps and SIMD (src/grammars/gen.h SKIP)
        ("url", b"http://h/" + b"p/a" * 12, b"b/c" * 12 + b"?s", "a long hpath"),
        ("url", b"http://h/p?" + b"s" * 36, b"t" * 36, "a long search"),
        ("url", b"file:///" + b"f/a" * 12, b"b/c" * 12, "a long fpath"),
        ("url", b"ftp://h/" + b"f/a" * 12, b"b/c" * 12 + b";type=a",
         "a long ftp fpath"),
        ("url", b"x://h/" + b"p/a" * 12, b"b/c" * 12, "a long urlpath"),
        ("url", b"http://" + b"h" * 30, b"o" * 30 + b".c/p",
         "a long hostname label"),
        ("url", b"x://u@" + b"h" * 30, b"o" * 30 + b".c/p",
         "a long hostname label after a user"),
        # the hostname label skip (rfc1738_tags.rl skip_label): a run after
        # a digit, after a user and password, in an inner label, of digits
        # after a letter, after a hyphen, beside "localhost", in each form
        # with a host, and in the host rules alone
        ("url", b"http://1" + b"h" * 30, b"o" * 30 + b".c/p",
         "a long label after a digit"),
        ("url", b"http://1" + b"h" * 20, b"h" * 20 + b".2.3.4/p",
         "a hostnumber's place, letters after a digit"),
        ("host", b"12", b"a.2.3.4", "host rule, a letter after digits"),
        ("url", b"ftp://u:p@" + b"h" * 30, b"0" * 30 + b".c:1/f",
         "a long label after a user and password"),
        ("url", b"http://a.b" + b"9" * 30, b"z" * 30 + b"-q.c/p",
         "a long inner label"),
        ("url", b"http://x-" + b"y" * 20, b"1" * 20 + b".c",
         "a long label after a hyphen"),
        ("url", b"file://localhos", b"t" * 20 + b"/f", "beside localhost"),
        ("url", b"telnet://u@" + b"h" * 20, b"o" * 20 + b":23/",
         "telnet, a long label"),
        ("url", b"gopher://" + b"h" * 20, b"o" * 20 + b"/1s", "gopher host"),
        ("url", b"nntp://" + b"h" * 20, b"o" * 20 + b"/g/1", "nntp host"),
        ("url", b"wais://" + b"h" * 20, b"o" * 20 + b"/d?s", "wais host"),
        ("url", b"prospero://" + b"h" * 20, b"o" * 20 + b"/p", "prospero host"),
        ("host", b"x" * 30, b"y" * 30, "host rule, a long label"),
        ("hostport", b"a.b" + b"c" * 20, b"d" * 20 + b":80", "hostport rule"),
        ("login", b"u@" + b"h" * 20, b"o" * 20, "login rule, a long label"),
        ("httpurl", b"http://" + b"h" * 20, b"o" * 20 + b"/p",
         "httpurl rule, a long label"),
        ("ip-schemepart", b"//" + b"h" * 20, b"o" * 20 + b"/p",
         "ip-schemepart rule, a long label"),
        ("url", b"ftp://u", b":p@h/f;type=a", "ftp user"),
        ("url", b"ftp://u:", b"p@h/f;type=a", "ftp password"),
        ("url", b"ftp://h/f", b";type=a", "fpath"),
        ("url", b"ftp://h/f;type=", b"", "ftptype"),
        ("url", b"file://", b"/p", "file host"),
        ("url", b"gopher://h/", b"sel%09s%09p", "gtype"),
        ("url", b"gopher://h/1sel%0", b"9s", "selector %09"),
        ("url", b"gopher://h/1s%09s", b"%09p", "gopher search"),
        ("url", b"mailto:", b"a@b", "mailto address"),
        ("url", b"news:", b"", "news grouppart"),
        ("url", b"news:a", b"b", "news group"),
        ("url", b"news:1", b"@h", "news article"),
        ("url", b"nntp://h/g", b"/1", "nntp group"),
        ("url", b"telnet://h", b"", "telnet"),
        ("url", b"wais://h/d", b"/t/p", "wais database"),
        ("url", b"prospero://h/p", b"n=v", "prospero fieldspec"),
        ("genericurl", b"http:", b"", "genericurl"),
        ("login", b"u", b"@h", "login rule"),
        ("host", b"h", b"", "host rule"),
        ("article", b"a", b"@h", "article rule"),
        ("scheme", b"a", b"", "scheme rule"),
    ],
}


def generate(ref, out_path):
    lines = [f"# Generated by tests/core/gen_vectors_rfc2396_rfc1738.py "
             f"{ref.grammar}: every byte in", "# every position of a list of templates. "
             "Do not edit."]
    for rule, before, after, what in TEMPLATES[ref.grammar]:
        lines.append(f"# {rule}: {gv.escape(before)}<byte>"
                     f"{gv.escape(after)}: {what}")
        for b in range(256):
            data = before + bytes([b]) + after
            verdict, expect = ref.expectation(rule, data)
            lines.append(f"{verdict}\t{rule}\t{gv.escape(data)}\t{expect}")
    with open(out_path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def check(ref, paths):
    n = failed = 0
    for path in paths:
        with open(path, encoding="ascii") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line or line.startswith("#"):
                    continue
                verdict, rule, text, expect = line.split("\t")[:4]
                n += 1
                want = ref.expectation(rule, gv.unescape(text))
                where = f"{path.rsplit('/', 1)[-1]}:{lineno}"
                shown = text.replace("#", "\\x23")
                if verdict == want[0] == "valid" or \
                        (verdict, expect) == want:
                    print(f"ok {n} - {where} {rule} {shown}")
                else:
                    failed += 1
                    print(f"not ok {n} - {where} {rule} {shown}")
                    print(f"# file says:      {verdict}\t{expect}")
                    print(f"# reference says: {want[0]}\t{want[1]}")
    print(f"1..{n}")
    return 1 if failed else 0


def main(argv):
    if len(argv) < 4 or argv[1] not in GRAMMARS:
        sys.exit(__doc__)
    ref = Reference(argv[1])
    if argv[2] == "--generate" and len(argv) == 4:
        generate(ref, argv[3])
        return 0
    if argv[2] == "--check":
        return check(ref, argv[3:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
