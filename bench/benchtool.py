#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tools for the JSON that `bench --json` / `bench --save FILE` writes.

    benchtool.py compare OLD.json NEW.json [--threshold 0.10]
        The ratios of two saved runs side by side, per (dataset, parser).
        A uriscan row is flagged REGRESSION when its speed ratio fell by more
        than the threshold against every reference it has in both runs
        (uriparser and the byte loop on URL lists, hyperscan and the byte
        loop on log text; all must fall, so that noise in one reference
        alone does not flag it), or when a verdict check that had no
        disagreement now has some, or when uriscan's extraction rows no
        longer agree on the count of URLs found. Exit status 1 if anything is flagged,
        0 otherwise, 2 on bad input.

    benchtool.py markdown RUN.json
        The README's performance section (Markdown) generated from a run.

Ratios rather than times are compared: these machines are shared and noisy,
and absolute times drift between runs; the ratios are taken within one run.
"""

import argparse
import json
import math
import os
import re
import sys

SCHEMA = "uriscan-bench/1"
OURS = "uriscan:"


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("benchtool: %s: %s" % (path, e))
    if d.get("schema") != SCHEMA:
        sys.exit("benchtool: %s: not a %s file" % (path, SCHEMA))
    return d


def num(v):
    return v if isinstance(v, (int, float)) and math.isfinite(v) else None


def fmt_x(v):
    return "-" if num(v) is None else "%.2fx" % v


def fmt_pct(v):
    return "-" if num(v) is None else "%.1f%%" % (v * 100)


def change(old, new):
    if num(old) is None or num(new) is None or old == 0:
        return None
    return new / old - 1


def fmt_change(c):
    return "" if c is None else "%+.1f%%" % (c * 100)


def compare(a):
    old, new = load(a.old), load(a.new)
    thr = a.threshold
    orow = {(r["dataset"], r["parser"]): r for r in old["results"]}
    nrow = {(r["dataset"], r["parser"]): r for r in new["results"]}
    flagged = 0
    for tag, run, path in (("old", old, a.old), ("new", new, a.new)):
        print("%s: %s  %s  %s" % (tag, run["meta"].get("date"),
                                  run["meta"].get("cpu"), path))
        if "simd" in run["meta"]:
            print("     SIMD: %s" % run["meta"]["simd"])
    print("threshold: a uriscan ratio falling by more than %.0f%% against "
          "every reference is flagged\n" % (thr * 100))
    print("%-47s %-25s   %-25s" % ("", "------ vs uriparser ------",
                                     "------ vs byte loop ------"))
    print("%-20s %-26s %8s %8s %8s   %8s %8s %8s" % (
        "dataset", "parser", "old", "new", "change", "old", "new", "change"))
    keys = [k for k in orow if k in nrow]
    for k in keys:
        o, n = orow[k], nrow[k]
        cr = change(o.get("ratio_uriparser"), n.get("ratio_uriparser"))
        cl = change(o.get("ratio_limit"), n.get("ratio_limit"))
        notes = []
        ch = change(o.get("ratio_hyperscan"), n.get("ratio_hyperscan"))
        if k[1].startswith(OURS):
            falls = [c for c in (cr, cl, ch) if c is not None]
            if falls and all(c < -thr for c in falls):
                notes.append("REGRESSION")
                flagged += 1
        if (o.get("accepted") != n.get("accepted") and
                o.get("urls") == n.get("urls")):
            notes.append("accepted %s -> %s" % (o.get("accepted"),
                                                n.get("accepted")))
        print(("%-20s %-26s %8s %8s %8s   %8s %8s %8s  %s" % (
            k[0][:20], k[1], fmt_x(o.get("ratio_uriparser")),
            fmt_x(n.get("ratio_uriparser")), fmt_change(cr),
            fmt_pct(o.get("ratio_limit")), fmt_pct(n.get("ratio_limit")),
            fmt_change(cl), " ".join(notes))).rstrip())
        if ch is not None and k[1].startswith(OURS):
            print("%-20s %-26s %8s %8s %8s   (vs hyperscan)" % (
                "", "", fmt_x(o.get("ratio_hyperscan")),
                fmt_x(n.get("ratio_hyperscan")), fmt_change(ch)))
    for k in nrow:
        if k not in orow:
            print("%-20s %-26s only in the new run" % (k[0][:20], k[1]))
    for k in orow:
        if k not in nrow:
            print("%-20s %-26s only in the old run" % (k[0][:20], k[1]))

    ochk = {(c["dataset"], c["a"], c["b"]): c for c in old.get("checks", [])}
    for c in new.get("checks", []):
        k = (c["dataset"], c["a"], c["b"])
        before = ochk.get(k, {}).get("disagreements", 0)
        if c["disagreements"] > 0:
            bad = before == 0
            print("check %s: %s vs %s: %d disagreements (was %d)%s" % (
                c["dataset"], c["a"], c["b"], c["disagreements"], before,
                "  REGRESSION" if bad else ""))
            flagged += bad
    for c in new.get("count_checks", []):
        if c.get("must_agree") and c["found_a"] != c["found_b"]:
            print("count check %s: %s found %d, %s %d  REGRESSION" % (
                c["dataset"], c["a"], c["found_a"], c["b"], c["found_b"]))
            flagged += 1
    print("\n%d regression%s flagged" % (flagged, "" if flagged == 1 else "s"))
    return 1 if flagged else 0


def spreads(results):
    """The rows' spreads, (max - min) / 2 / median of their repetitions,
    sorted."""
    return sorted((r["ns_max"] - r["ns_min"]) / 2 / r["ns_per_url"]
                  for r in results if num(r.get("ns_per_url")) and
                  num(r.get("ns_min")) is not None and
                  num(r.get("ns_max")) is not None)


def md_table(head, rows):
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" if i == 0 else "---:"
                          for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


OPS = ("normalize", "resolve")
OPS_PEERS = (("uriparser", "uriparser"), ("boost-url", "Boost.URL"))


def ops_table(d, by, urlsets):
    """The URI-operation rows: ns per operation, ratios to the peers'
    same operation and how many results agreed (lines of markdown)."""
    ours = []
    for r in d["results"]:
        if r["task"] in OPS and r["parser"].startswith(OURS) and \
                r["parser"] not in ours:
            ours.append(r["parser"])
    agree = {(c["dataset"], c["a"], c["b"]): c
             for c in d.get("op_checks", [])}
    rows = []
    for s in urlsets:
        for p in ours:
            r = by.get((s["name"], p))
            if not r or num(r.get("ns_per_url")) is None:
                continue
            op = p.split(":", 2)[2]
            row = ["`%s`" % s["name"], "`%s`" % op,
                   "**%.0f**" % r["ns_per_url"]]
            for pid, _ in OPS_PEERS:
                q = by.get((s["name"], pid + ":" + op))
                row.append("-" if not q or num(q.get("ns_per_url")) is None
                           else "%.0f" % q["ns_per_url"])
            row.append("**%s**" % fmt_x(r.get("ratio_uriparser")))
            row.append("**%s**" % fmt_x(r.get("ratio_boost_url")))
            for pid, _ in OPS_PEERS:
                c = agree.get((s["name"], p, pid + ":" + op))
                row.append("-" if not c else "%d/%d" % (c["agree"],
                                                        c["compared"]))
            rows.append(row)
    if not rows:
        return []
    return ["**URI operations, ns per operation** (median; the parse is "
            "part of every operation; `normalize`: the syntax-based "
            "normalization of each URL, result written out; `resolve`: "
            "each URL as a reference against `http://a/b/c/d;p?q`; "
            "`resolve:rel`: `../` + its path and query, so paths merge "
            "and dot segments go; ratios paired per repetition; agree: "
            "results identical, by the check before timing):", "",
            md_table(["dataset", "operation", "uriscan ns"] +
                     ["%s ns" % n for _, n in OPS_PEERS] +
                     ["vs %s" % n for _, n in OPS_PEERS] +
                     ["agree %s" % n for _, n in OPS_PEERS], rows), ""]


ADA_V, ADA_P = "ada:can_parse", "ada:url_aggregator"


def ada_table(d, by, urlsets):
    """uriscan against ada (the WHATWG parser): validate beside
    ada::can_parse, parse beside ada::parse<url_aggregator>, with the
    accepted counts (lines of markdown); a sentence when ada was not in
    the run."""
    ada = d["meta"].get("ada")
    if not ada:
        return ["ada (github.com/ada-url/ada) was not in this run "
                "(`scripts/bench.sh --ada DIR` adds it).", ""]
    vid, pid = OURS + "rfc3986:validate", OURS + "rfc3986:parse"
    rows, none = [], []
    for s in urlsets:
        v, p = by.get((s["name"], vid)), by.get((s["name"], pid))
        av, ap = by.get((s["name"], ADA_V)), by.get((s["name"], ADA_P))
        if not (v and p and av and ap):
            continue
        if not ap.get("accepted"):
            none.append("`%s`" % s["name"])
            continue

        def ns(r):
            return "-" if num(r.get("ns_per_url")) is None else \
                "%.1f" % r["ns_per_url"]
        rows.append([
            "`%s`" % s["name"], "%.0f" % (s["bytes"] / s["lines"]),
            ns(v), ns(av), "**%s**" % fmt_x(v.get("ratio_ada")),
            ns(p), ns(ap), "**%s**" % fmt_x(p.get("ratio_ada")),
            "%d / %d" % (p["accepted"], ap["accepted"])])
    if not rows:
        return []
    out = ["**uriscan RFC 3986 against ada** (%s; the WHATWG URL Standard: "
           "relative references need a base, none is given, `\\` reads "
           "as `/`, much that RFC 3986 rejects is percent-encoded and "
           "accepted; ns per URL, median; \"vs ada\": URLs/s over ada's, "
           "paired per repetition; accepted: uriscan / ada, of the URLs):"
           % ada, "",
           md_table(["dataset", "B/URL", "validate ns", "`can_parse` ns",
                     "vs ada", "parse ns", "`url_aggregator` ns", "vs ada",
                     "accepted"], rows), ""]
    if none:
        out += ["(ada accepts none of %s: no ratio there.)" %
                ", ".join(none), ""]
    return out


def markdown(a):
    d = load(a.run)
    m = d["meta"]
    res = d["results"]
    by = {(r["dataset"], r["parser"]): r for r in res}
    sets = d["datasets"]
    urlsets = [s for s in sets if s["kind"] == "urls"]
    logsets = [s for s in sets if s["kind"] == "log"]
    parsers = []
    for r in res:
        if r["parser"] not in parsers:
            parsers.append(r["parser"])
    grammars = sorted({p.split(":")[1] for p in parsers
                       if p.startswith(OURS)})
    out = []
    out.append("<!-- generated by `python3 bench/benchtool.py markdown %s` "
               "from a real run; do not edit by hand -->" % a.label)
    out.append("")
    out.append("Measured with the harness in `bench/` (`scripts/bench.sh`) "
               "on %s." % m.get("date", "?"))
    out.append("")
    out.append("- Machine: %s, %s CPUs online, process pinned: %s; %s." % (
        m.get("cpu"), m.get("cpus_online"), m.get("pinned"), m.get("kernel")))
    if "simd" in m:
        out.append("- SIMD (uriscan's run skips take the highest level the "
                   "CPU has unless capped): %s." % m["simd"])
    opt = re.search(r"optimization=(\w+)", m.get("build", ""))
    out.append("- Compiler and flags: %s%s; meson %s (uriscan and the "
               "harness built alike; the peers are Debian's builds)." % (
                   m.get("compiler"), " -O" + opt.group(1) if opt else "",
                   m.get("build")))
    out.append("- Libraries: %s." % ", ".join(m.get("libraries", [])))
    out.append("- Method: every dataset loaded into memory once, each URL "
               "passed as pointer + length; warm-up, then %s repetitions of "
               "at least %s s per parser, round-robin over the parsers; "
               "median. Ratios are the median of the per-repetition ratios "
               "(same run, same data), so machine drift cancels." % (
                   m.get("reps"), m.get("min_time_s")))
    sp = spreads(res)
    if sp:
        out.append("- Noise: spread (max - min) / 2 / median of the "
                   "repetitions: median %.1f%%, %d of %d rows above 10%% "
                   "(a shared VM; no hardware counters)." % (
                       100 * sp[len(sp) // 2],
                       sum(1 for x in sp if x > 0.10), len(sp)))
    out.append("- Datasets: %s." % "; ".join(
        "`%s` (%s %s, %s bytes)" % (
            s["name"], "{:,}".format(s["lines"]),
            "URLs" if s["kind"] == "urls" else "lines of log",
            "{:,}".format(s["bytes"]))
        for s in sets))
    out.append("")
    for g in grammars:
        pid, vid = OURS + g + ":parse", OURS + g + ":validate"
        out.append("**uriscan %s, as ratios** (URLs/s over uriparser's; "
                   "MB/s as a share of `limit:byte-loop`, a loop that only "
                   "reads every byte, one add per byte):" % g)
        out.append("")
        rows = []
        for s in urlsets:
            p, v = by.get((s["name"], pid)), by.get((s["name"], vid))
            if not p:
                continue
            vp = (p["ns_per_url"] / v["ns_per_url"]
                  if v and num(v.get("ns_per_url")) else None)
            rows.append([
                "`%s`" % s["name"], "%d" % s["lines"],
                "%.1f" % (s["bytes"] / s["lines"]),
                "**%s**" % fmt_x(p.get("ratio_uriparser")),
                fmt_x(v.get("ratio_uriparser")) if v else "-",
                fmt_x(vp), fmt_pct(p.get("ratio_limit")),
                fmt_pct(v.get("ratio_limit")) if v else "-"])
        out.append(md_table(["dataset", "URLs", "B/URL",
                             "parse vs uriparser", "validate vs uriparser",
                             "validate vs parse", "parse, of byte loop",
                             "validate, of byte loop"], rows))
        out.append("")
    out += ada_table(d, by, urlsets)
    peers = [p for p in parsers if not p.startswith(OURS)]
    ours = [p for p in parsers if p.startswith(OURS)]
    cols = [p for p in ours + peers
            if any((s["name"], p) in by and
                   by[(s["name"], p)]["task"] not in OPS for s in urlsets)]

    def per_parser(title, cell):
        out.append(title)
        out.append("")
        rows = []
        for p in cols:
            row = ["`%s`" % p]
            for s in urlsets:
                r = by.get((s["name"], p))
                row.append("-" if r is None else cell(r))
            rows.append(row)
        out.append(md_table(["parser"] + ["`%s`" % s["name"]
                                          for s in urlsets], rows))
        out.append("")

    per_parser("**Every parser, URLs/s relative to uriparser** (same run; "
               "read with the accepted counts below: a parser that rejects "
               "early is fast):", lambda r: fmt_x(r.get("ratio_uriparser")))
    per_parser("**Accepted** (of the URLs in the dataset; parsers differ "
               "in grammar, see the row descriptions in the JSON):",
               lambda r: "-" if r.get("accepted") is None
               else "%d" % r["accepted"])
    per_parser("**ns/URL** (median):", lambda r: "-" if num(
        r.get("ns_per_url")) is None else "%.1f" % r["ns_per_url"])
    per_parser("**MB/s** (10^6 bytes of URL text per second):",
               lambda r: "-" if num(r.get("mb_per_s")) is None
               else "%.0f" % r["mb_per_s"])
    if logsets:
        xrows = []
        for s in logsets:
            for p in parsers:
                r = by.get((s["name"], p))
                if not r or r["task"] != "extract" or \
                        not p.startswith(OURS) or \
                        num(r.get("mb_per_s")) is None:
                    continue
                xrows.append([
                    "`%s`" % s["name"], "`%s`" % p,
                    "**%.0f**" % r["mb_per_s"],
                    "%.2f" % (r["found_per_s"] / 1e6)
                    if num(r.get("found_per_s")) is not None else "-",
                    "%d" % r["accepted"],
                    "**%s**" % fmt_x(r.get("ratio_hyperscan")),
                    fmt_x(r.get("ratio_pcre2")),
                    fmt_pct(r.get("ratio_memmem")),
                    fmt_pct(r.get("ratio_memchr"))])
        if xrows:
            out.append("**uriscan's extractor on log text, as ratios** "
                       "(speed over `hyperscan`'s and `pcre2-jit`'s, and as "
                       "a share of `limit:memmem`, glibc `memmem(\"://\")` "
                       "alone, and of `limit:memchr`; paired per "
                       "repetition; `extract`: whole buffer with "
                       "components, `-nocomp`: without, `-stream`: 64 KiB "
                       "chunks with components, `-scalar`: no AVX2 "
                       "search):")
            out.append("")
            out.append(md_table(["log", "row", "MB/s", "M URLs/s", "found",
                                 "vs hyperscan", "vs pcre2-jit",
                                 "of memmem", "of memchr"], xrows))
            out.append("")
        out.append("**Log text** (MB/s of log text; URLs found in "
                   "parentheses; the regex peers use the URL regex of "
                   "`bench/peers/url_regex.h`, another definition of a URL "
                   "than the extractor's, so their counts differ a little):")
        out.append("")
        lcols = [p for p in parsers
                 if any((s["name"], p) in by for s in logsets)]
        rows = []
        for s in logsets:
            row = ["`%s`" % s["name"], "%d" % s["bytes"]]
            for p in lcols:
                r = by.get((s["name"], p))
                if not r or num(r.get("mb_per_s")) is None:
                    row.append("-")
                elif r["task"] == "extract":
                    row.append("%.0f (%d)" % (r["mb_per_s"], r["accepted"]))
                else:
                    row.append("%.0f" % r["mb_per_s"])
            rows.append(row)
        out.append(md_table(["log", "bytes"] + ["`%s`" % p for p in lcols],
                            rows))
        out.append("")
    out += ops_table(d, by, urlsets)
    chk = [c for c in d.get("checks", []) if c["b"] == "uriparser"]
    if chk:
        bad = [c for c in chk if c["disagreements"]]
        out.append("Verdict check before timing (uriscan RFC 3986 vs "
                   "uriparser): %d disagreements on %s URLs in %d datasets"
                   "%s." % (sum(c["disagreements"] for c in chk),
                            "{:,}".format(sum(c["compared"] for c in chk)),
                            len(chk), "" if not bad else " (" + "; ".join(
                                "`%s`: %d" % (c["dataset"], c["disagreements"])
                                for c in bad) + ")"))
        out.append("")
    print("\n".join(out))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compare", help="compare two saved runs")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--threshold", type=float, default=0.10,
                   help="relative fall of a ratio that counts (0.10)")
    md = sub.add_parser("markdown", help="README table from a saved run")
    md.add_argument("run")
    a = ap.parse_args()
    if a.cmd == "compare":
        return compare(a)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rel = os.path.relpath(os.path.abspath(a.run), root)
    a.label = a.run if rel.startswith("..") else rel
    return markdown(a)


if __name__ == "__main__":
    sys.exit(main())
