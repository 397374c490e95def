#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench-smoke: a short run of the benchmark harness and its tools (TAP).

    smoke.py BENCH_EXE BENCHTOOL_PY SAMPLE_DIR FIXTURE_DIR

Not a measurement (1 repetition, a millisecond per parser): it checks that
the harness runs, that what it prints and saves is consistent (every row of
the committed sample, counts that add up, finite positive times, uriscan's
RFC 3986 verdicts equal to uriparser's when uriparser is built in), and that
the compare tool passes an unchanged run and flags the synthetic regression
in FIXTURE_DIR/new_regressed.json.
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests"))
from tap import done, ok, skip  # noqa: E402 (tests/tap.py)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), \
        p.stderr.decode("utf-8", "replace")


# URI operations on a tiny list on which uriscan, uriparser and Boost.URL
# give the same results (case, dot segments, %7e in a query, a relative
# reference, an invalid line; Boost.URL decodes %7E in a path, even when
# it resolves).
TINY = (b"HTTP://Example.COM/a/./b/../c?%7e=1#F\n"
        b"http://a/b/c/g;x?y#s\n"
        b"https://h.example/~user/x/../y\n"
        b"mailto:someone@example.org\n"
        b"../g?y\n"
        b"http://bad host/\n")
OPS_ROWS = ["uriscan:rfc3986:normalize", "uriscan:rfc3986:resolve",
            "uriscan:rfc3986:resolve:rel"]


def ops_smoke(exe, tool, tmp, have_ref, have_boost):
    tiny = os.path.join(tmp, "ops_tiny.txt")
    with open(tiny, "wb") as fh:
        fh.write(TINY)
    rc, out, err = run([exe, "--reps", "2", "--min-time", "0.001",
                        "--warmup", "0", "--json", "--only",
                        ",".join(OPS_ROWS + ["uriparser", "boost-url"]),
                        tiny])
    d = json.loads(out) if rc == 0 else {"results": [], "op_checks": []}
    by = {r["parser"]: r for r in d["results"]}
    ok(rc == 0 and all(p in by and by[p]["accepted"] == 5 and
                       by[p]["rejected"] == 1 for p in OPS_ROWS),
       "operation rows run on a tiny list: 5 done, the invalid URL "
       "rejected (%s)" % ", ".join(OPS_ROWS))
    peers = [p for p, have in (("uriparser", have_ref),
                               ("boost-url", have_boost)) if have]
    if not peers:
        skip("operation results checked against the peers", "no peer")
        return
    want = sorted((o, p + o[len("uriscan:rfc3986"):])
                  for o in OPS_ROWS for p in peers)
    chk = d.get("op_checks", [])
    ok(sorted((c["a"], c["b"]) for c in chk) == want and
       all(c["compared"] == 6 and c["agree"] == 6 and not c["classes"]
           for c in chk),
       "operation results compared before timing, all agree (%s)" %
       ", ".join(b for _, b in want))
    ok(all(num_ok(by[o]["ratio_uriparser"]) for o in OPS_ROWS) if have_ref
       else True, "operation rows: ratio to uriparser's same operation")
    ok(all(num_ok(by[o]["ratio_boost_url"]) for o in OPS_ROWS) if have_boost
       else all(by[o]["ratio_boost_url"] is None for o in OPS_ROWS),
       "operation rows: ratio to Boost.URL's same operation (if built)")
    saved = os.path.join(tmp, "ops.json")
    with open(saved, "w") as fh:
        fh.write(out)
    rc, md, err = run([sys.executable, tool, "markdown", saved])
    ok(rc == 0 and "URI operations, ns per operation" in md and
       "| `ops_tiny` | `normalize` |" in md and "6/6" in md,
       "markdown: the URI operations table with the agreement counts")


def callgrind_smoke(exe, tmp, have_ref):
    """--callgrind: instructions and simulated mispredicted branches per
    URL in the table and the JSON (valgrind, a 30-line list)."""
    if shutil.which("valgrind") is None:
        skip("--callgrind: Ir/URL and mis/URL per row", "no valgrind")
        return
    if os.environ.get("URISCAN_BENCH_SANITIZED", "0") != "0":
        skip("--callgrind: Ir/URL and mis/URL per row",
             "a sanitized build (valgrind cannot run it)")
        return
    tiny = os.path.join(tmp, "cg_tiny.txt")
    with open(tiny, "wb") as fh:
        fh.write(TINY * 5)
    rc, out, err = run([exe, "--reps", "1", "--min-time", "0.001",
                        "--warmup", "0", "--json", "--callgrind", "--only",
                        "uriscan:rfc3986:validate", tiny])
    d = json.loads(out) if rc == 0 else {"results": []}
    by = {r["parser"]: r for r in d["results"]}
    rows = ["uriscan:rfc3986:validate", "limit:byte-loop"]
    good = rc == 0 and all(
        p in by and num_ok(by[p]["ir_per_url"]) and
        isinstance(by[p].get("mispredicts_per_url"), (int, float)) and
        0 <= by[p]["mispredicts_per_url"] < by[p]["ir_per_url"]
        for p in rows)
    ok(good and "Ir/URL" in err and "mis/URL" in err,
       "--callgrind: Ir/URL and mis/URL in the table, ir_per_url and "
       "mispredicts_per_url in the JSON (%s)" % ", ".join(rows),
       err if rc != 0 else json.dumps([by.get(p) for p in rows]))
    # the validation of 30 URLs of 18 bytes on average against a loop that
    # adds their bytes: more instructions, and the machine's branches on
    # the bytes mispredict more than the loop's one exit per URL
    ok(good and by[rows[0]]["ir_per_url"] > by[rows[1]]["ir_per_url"] and
       by[rows[0]]["mispredicts_per_url"] >
       by[rows[1]]["mispredicts_per_url"],
       "--callgrind: validation counts more instructions and mispredicted "
       "branches per URL than the byte loop")


def ada_smoke(tool, saved, samples, have_ada):
    """ada's rows (-Dada=DIR) in the saved run of the sample: the "vs ada"
    ratios of the validate and parse rows, ada's version and flags in the
    JSON, its table in the markdown; without ada, none of it and the
    markdown says so."""
    with open(saved, encoding="utf-8") as fh:
        d = json.load(fh)
    by = {(r["dataset"], r["parser"]): r for r in d["results"]}
    ours = [r for r in d["results"] if r["parser"].startswith("uriscan:") and
            r["task"] in ("validate", "parse")]
    rc, md, err = run([sys.executable, tool, "markdown", saved])
    readme = os.path.join(os.path.dirname(tool), "readme_table.py")
    rrc, ex, rerr = run([sys.executable, readme, saved])
    rows = [l for l in ex.split("\n") if l.startswith("| ")]
    ok(rrc == 0 and rows and rows[0].startswith("| parser | `") and
       len(rows) >= 3 and
       all(l.count("|") == rows[0].count("|") for l in rows) and
       any(l.startswith("| uriscan RFC 3986 `validate` | **") for l in rows)
       and (("ada:can_parse", samples[0]) in
            {(r["parser"], r["dataset"]) for r in d["results"]}) ==
       any(l.startswith("| ada `can_parse`") for l in rows),
       "readme_table.py: the README's excerpt, a row for uriscan's "
       "validation and one for ada's exactly when ada ran: %s" %
       (rerr.strip() or "ok"))
    if not have_ada:
        ok(d["meta"].get("ada") is None and
           all(r["ratio_ada"] is None for r in d["results"]) and
           "ada (github.com/ada-url/ada) was not in this run" in md and
           "ada (github.com/ada-url/ada) was not in this run" in ex,
           "without ada: no vs-ada ratio, meta.ada null, the markdown and "
           "the README's excerpt say ada was not in the run")
        return
    ok(all((s, p) in by for s in samples
           for p in ("ada:can_parse", "ada:url_aggregator")) and
       (d["meta"].get("ada") or "").startswith("ada ") and
       "-std=c++20" in d["meta"]["ada"],
       "ada's rows on every dataset; its version and flags in meta.ada")
    ok(ours and all(num_ok(r["ratio_ada"]) for r in ours) and
       all(abs(by[(s, a)]["ratio_ada"] - 1) < 1e-9 for s in samples
           for a in ("ada:can_parse", "ada:url_aggregator")),
       "every uriscan validate and parse row has a ratio to ada's row of "
       "its task; ada's own rows 1")
    ok(rc == 0 and "uriscan RFC 3986 against ada" in md and
       "`url_aggregator` ns" in md,
       "markdown: the table against ada with the accepted counts")
    ok("Against ada (ada " in ex and "`url_aggregator`: `" in ex,
       "the README's excerpt: the ratios to ada per list, from the run")


def num_ok(v):
    return isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def main():
    exe, tool, sample, fixtures = sys.argv[1:5]
    py = sys.executable
    samples = sorted(f[:-4] for f in os.listdir(sample) if f.endswith(".txt"))
    lines = {}
    for f in samples:
        with open(os.path.join(sample, f + ".txt"), "rb") as fh:
            lines[f] = sum(1 for l in fh.read().split(b"\n") if l)

    rc, out, err = run([exe, "--help"])
    ok(rc == 0 and "--json" in out, "bench --help exits 0 and documents --json")
    rc, out, err = run([exe, "--no-such-option", sample])
    ok(rc == 2, "an unknown option exits 2")
    rc, out, err = run([exe, "--list"])
    ids = [l.split()[0] for l in out.splitlines() if l.strip()]
    ok(rc == 0 and "uriscan:rfc3986:parse" in ids and
       "uriscan:rfc3986:validate" in ids and "limit:byte-loop" in ids,
       "bench --list names uriscan's rows and the byte loop")
    have_ref = "uriparser" in ids

    with tempfile.TemporaryDirectory() as tmp:
        saved = os.path.join(tmp, "run.json")
        rc, out, err = run([exe, "--reps", "2", "--min-time", "0.001",
                            "--warmup", "0", "--json", "--save", saved,
                            sample])
        if not ok(rc == 0, "bench --json on the committed sample exits 0"):
            print("# " + err.replace("\n", "\n# "))
            done()
            return 1
        try:
            d = json.loads(out)
        except ValueError as e:
            d = None
            print("# %s" % e)
        ok(d is not None and d.get("schema") == "uriscan-bench/1",
           "stdout is the JSON report")
        if d is None:
            done()
            return 1
        with open(saved, encoding="utf-8") as fh:
            ok(json.load(fh)["results"] == d["results"],
               "--save writes the same results")
        ok("ns/URL" in err and all(s in err for s in samples),
           "the table (stderr with --json) has the columns and every dataset")
        ok(sorted(s["name"] for s in d["datasets"]) == samples and
           all(s["lines"] == lines[s["name"]] for s in d["datasets"]),
           "every sample file loaded, one URL per line")
        res = d["results"]
        by = {(r["dataset"], r["parser"]): r for r in res}
        need = ["uriscan:rfc3986:parse", "uriscan:rfc3986:validate",
                "limit:byte-loop", "limit:memchr"]
        ok(all((s, p) in by for s in samples for p in need),
           "rows for uriscan parse/validate and both limits per dataset")
        sane = True
        for r in res:
            if not (isinstance(r["ns_per_url"], (int, float)) and
                    math.isfinite(r["ns_per_url"]) and r["ns_per_url"] > 0 and
                    r["mb_per_s"] > 0 and r["urls"] == lines[r["dataset"]]):
                sane = False
                print("# bad row %r" % r)
            if r["task"] in ("parse", "validate") and \
                    r["accepted"] + r["rejected"] != r["urls"]:
                sane = False
                print("# counts do not add up: %r" % r)
        ok(sane, "every row: finite positive time, accepted + rejected = URLs")
        ok(all(by[(s, "uriscan:rfc3986:parse")]["accepted"] ==
               by[(s, "uriscan:rfc3986:validate")]["accepted"]
               for s in samples),
           "uriscan parse and validate accept the same inputs")
        ok(all(abs(by[(s, "limit:byte-loop")]["ratio_limit"] - 1) < 1e-9
               for s in samples),
           "the byte loop's ratio to itself is 1")
        if have_ref:
            chk = [c for c in d["checks"] if c["b"] == "uriparser"]
            ok(sorted(c["dataset"] for c in chk) == samples and
               all(c["compared"] == lines[c["dataset"]] for c in chk),
               "the verdict check against uriparser ran on every dataset")
            ok(all(c["disagreements"] == 0 for c in chk),
               "uriscan (RFC 3986) and uriparser agree on the sample")
            ok(all(by[(s, "uriparser")]["ratio_uriparser"] == 1
                   for s in samples), "uriparser's ratio to itself is 1")
        else:
            for t in ("verdict check ran", "uriscan and uriparser agree",
                      "uriparser ratio"):
                skip(t, "uriparser not built in")

        rc, out, err = run([py, tool, "compare", saved, saved])
        ok(rc == 0 and "REGRESSION" not in out and
           "0 regressions flagged" in out,
           "compare: a run against itself flags nothing, exit 0")
        rc, out, err = run([py, tool, "markdown", saved])
        ok(rc == 0 and "| dataset |" in out and "parse vs uriparser" in out,
           "markdown: the README table is generated from the run")

        # log text: limits and, when built in, the regex extraction peers;
        # the log is made here, so the URLs in it are known
        log = os.path.join(tmp, "tiny.log")
        two = (b'192.0.2.1 - - [01/Mar/2024:00:00:00 +0000] "GET /a '
               b'HTTP/1.1" 200 5 "http://example.com/ref?q=1" '
               b'"Mozilla/5.0 (+http://www.google.com/bot.html)"\n')
        one = (b'192.0.2.2 - - [01/Mar/2024:00:00:01 +0000] "GET '
               b'https://example.org/p HTTP/1.1" 200 5 "-" "curl/7.88.1"\n')
        with open(log, "wb") as fh:  # 4 lines, 2 + 3 * 1 = 5 URLs
            fh.write(two + one * 3)
        rc, out, err = run([exe, "--reps", "1", "--min-time", "0.001",
                            "--warmup", "0", "--json", "--log", log])
        d = json.loads(out) if rc == 0 else {"results": [], "datasets": []}
        ok(rc == 0 and d["datasets"][0]["kind"] == "log" and
           d["datasets"][0]["lines"] == 4 and
           d["datasets"][0]["bytes"] == os.path.getsize(log),
           "--log: read as log text, bytes = the whole file")
        lrows = {r["parser"]: r for r in d["results"]}
        ok("limit:memchr" in lrows and "limit:byte-loop" in lrows and
           not any(r["task"] in ("parse", "validate") for r in d["results"]),
           "log text: limits timed, URL parsers not run")
        ok("limit:memmem" in lrows and lrows["limit:memmem"]["accepted"] is
           None, "log text: the memmem(\"://\") limit is timed")
        ext = [r for r in d["results"] if r["task"] == "extract"]
        ours = [r for r in ext if r["parser"].startswith("uriscan:")]
        peers = [r for r in ext if not r["parser"].startswith("uriscan:")]
        if peers:
            ok(all(r["accepted"] == 5 for r in peers),
               "extraction peers find the 5 URLs of the log (%s)" %
               ", ".join(r["parser"] for r in peers))
        else:
            skip("extraction peers find the URLs", "none built in")
        want = ["uriscan:rfc3986:" + v for v in
                ("extract", "extract-nocomp", "extract-stream",
                 "extract-scalar")]
        ok(all(p in lrows for p in want),
           "uriscan's extraction rows run on log text (%s)" %
           ", ".join(r["parser"] for r in ours))
        ok(ours and all(r["accepted"] == 5 for r in ours),
           "uriscan's extraction rows find the 5 URLs of the log")
        cc = d.get("count_checks", [])
        ok(any(c["must_agree"] for c in cc) and
           all(c["found_a"] == c["found_b"] for c in cc if c["must_agree"]),
           "count check before timing: uriscan's extraction rows agree")
        ok(all(r["ratio_memmem"] is not None and r["ratio_memmem"] > 0 and
               (r["ratio_hyperscan"] is not None) == ("hyperscan" in lrows)
               for r in ours),
           "extraction rows carry ratios to memmem (and hyperscan if built)")

        ada_smoke(tool, saved, samples, "ada:can_parse" in ids)
        ops_smoke(exe, tool, tmp, have_ref, "boost-url" in ids)
        callgrind_smoke(exe, tmp, have_ref)

    old = os.path.join(fixtures, "old.json")
    new = os.path.join(fixtures, "new_regressed.json")
    rc, out, err = run([py, tool, "compare", old, new])
    flagged = [l.split()[:2] for l in out.splitlines() if "REGRESSION" in l]
    ok(rc == 1, "compare: the synthetic regression gives exit status 1")
    ok(flagged == [["alpha", "uriscan:rfc3986:parse"]],
       "compare: exactly the regressed row is flagged (not the row whose "
       "fall is only against one reference)")
    rc, out, err = run([py, tool, "compare", old, old])
    ok(rc == 0, "compare: the fixture against itself exits 0")

    return done()


if __name__ == "__main__":
    sys.exit(main())
