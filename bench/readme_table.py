#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The top-level README's performance excerpt, from a saved run.

    readme_table.py RUN.json

Prints (Markdown) what README.md's "Performance" section shows of a run:
the machine in one sentence; every parser's URLs/s relative to
uriparser's on the URL lists users know best (kasztp, the real log's
referers and targets, node_files, the WPT inputs; the run's first five
lists when it has none of them); uriscan RFC 3986 against ada, when ada was
in the run, else a sentence that says it was not; the extractor on the
real log against Hyperscan and PCRE2-JIT. Every figure comes from the one
run (`scripts/bench.sh --baseline` prints this after the long fragment of
bench/README.md, which `benchtool.py markdown` makes from the same file).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchtool import ADA_P, fmt_x, load, md_table, num, spreads  # noqa: E402

LISTS = ["kasztp", "apache_log_referers", "node_files",
         "apache_log_targets", "wpt_urltestdata"]
# (row id, label): uriscan's rows first, then the peers, in this order
ROWS = [("uriscan:rfc3986:validate", "uriscan RFC 3986 `validate`"),
        ("uriscan:rfc3986:parse", "uriscan RFC 3986 `parse` (components)"),
        ("uriscan:rfc3987:parse", "uriscan RFC 3987 `parse`"),
        ("uriscan:rfc2396:parse", "uriscan RFC 2396 `parse`"),
        ("uriscan:rfc1738:parse", "uriscan RFC 1738 `parse`"),
        ("uriparser", "uriparser"),
        ("curl", "curl (`curl_url_set`)"),
        ("glib:is_valid", "GLib `g_uri_is_valid`"),
        ("glib:split", "GLib `g_uri_split`"),
        ("http-parser", "http-parser (`http_parser_parse_url`)"),
        ("boost-url", "Boost.URL"),
        ("ada:can_parse", "ada `can_parse` (WHATWG)"),
        ("ada:url_aggregator", "ada `url_aggregator` (WHATWG)")]
BOLD = 2  # the first rows, uriscan RFC 3986's, in bold
LOG = "elastic_apache_logs"


def excerpt(d):
    m = d["meta"]
    by = {(r["dataset"], r["parser"]): r for r in d["results"]}
    urlsets = [s["name"] for s in d["datasets"] if s["kind"] == "urls"]
    cols = [s for s in LISTS if s in urlsets] or urlsets[:5]
    sp = spreads(d["results"])
    noise = ("; the median row's repetitions spread %.0f %% about its "
             "median" % (100 * sp[len(sp) // 2])) if sp else ""
    out = ["The last saved run (`bench/baseline.json`, %s; %s, %s CPUs, "
           "pinned: %s; %s; %s%s), URLs per second relative to uriparser "
           "(a parser that rejects early is fast: the accepted counts are "
           "in bench/README.md):" % (
               m.get("date", "?")[:10], m.get("cpu"), m.get("cpus_online"),
               m.get("pinned"), m.get("compiler"),
               (m.get("simd") or "?").split(";")[0], noise), ""]
    rows = []
    for i, (pid, label) in enumerate(ROWS):
        if not any((s, pid) in by for s in cols):
            continue
        cells = [fmt_x(by[(s, pid)].get("ratio_uriparser"))
                 if (s, pid) in by else "-" for s in cols]
        if i < BOLD:
            cells = ["**%s**" % c if c != "-" else c for c in cells]
        rows.append([label] + cells)
    out += [md_table(["parser"] + ["`%s`" % s for s in cols], rows), ""]
    if not m.get("ada"):
        out += ["ada (github.com/ada-url/ada) was not in this run "
                "(`scripts/bench.sh --ada DIR` adds it).", ""]
    else:
        pairs = []
        for s in urlsets:
            v = by.get((s, "uriscan:rfc3986:validate"))
            p = by.get((s, "uriscan:rfc3986:parse"))
            ap = by.get((s, ADA_P))
            if v and p and ap and ap.get("accepted") and \
                    num(v.get("ratio_ada")) and num(p.get("ratio_ada")):
                pairs.append("`%s` %s / %s" % (s, fmt_x(v["ratio_ada"]),
                                               fmt_x(p["ratio_ada"])))
        out += ["Against ada (%s) in the same run, uriscan RFC 3986 "
                "`validate` over `can_parse` / `parse` over "
                "`url_aggregator`: %s. ada reads the WHATWG URL Standard "
                "(it needs a base for a relative reference, so it rejects "
                "every line of `apache_log_targets` at its first byte; it "
                "percent-encodes much that RFC 3986 rejects)." % (
                    m["ada"].split(" (")[0], "; ".join(pairs)), ""]
    x = by.get((LOG, "uriscan:rfc3986:extract"))
    if x and num(x.get("mb_per_s")):
        out += ["Extracting URLs from the real Apache log in the same run, "
                "with components: %.1f GB/s, %s Hyperscan and %s "
                "PCRE2-JIT with a URL regex." % (
                    x["mb_per_s"] / 1000, fmt_x(x.get("ratio_hyperscan")),
                    fmt_x(x.get("ratio_pcre2"))), ""]
    return "\n".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: readme_table.py RUN.json")
    print(excerpt(load(sys.argv[1])), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
