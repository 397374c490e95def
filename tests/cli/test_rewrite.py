#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_rewrite.py: `uriscan rewrite`, `encode` and `decode` against the
vectors of the library (tests/vectors/encode-*.tsv, query-edit*.tsv,
rewrite.tsv): the same answers, one record in, one out; an error is an
empty record, FILE:LINE:COLUMN: STATUS on stderr and exit 1; a usage
error exits 2.

Usage: test_rewrite.py URISCAN SOURCE_ROOT
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from tap import done, ok  # noqa: E402

URISCAN, ROOT = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
import vectors  # noqa: E402

VEC = os.path.join(ROOT, "tests", "vectors")


def run(args, data):
    p = subprocess.run([URISCAN] + args, input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, check=False)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def arg(b):
    return os.fsdecode(b)


# encode, and decode back
for g in ("rfc3986", "rfc3987"):
    for target, flags, data, want in vectors.encode_cases(
            os.path.join(VEC, f"encode-{g}.tsv")):
        if b"\0" in data:
            continue  # -z records end at a NUL
        opts = ["-z", "-g", g, "-c", target] + [f"--{f}" for f in sorted(flags)]
        rc, out, err = run(["encode"] + opts, data + b"\0")
        ok(rc == 0 and out == want + b"\0",
           f"encode {g} {target} {sorted(flags)} {data!r}", f"{rc} {out!r} {err}")
        if "all-percent" in flags:
            rc, back, err = run(["decode", "-z"] +
                                (["--form"] if "form" in flags else []), out)
            ok(rc == 0 and back == data + b"\0",
               f"decode(encode({data!r})) {target}", f"{rc} {back!r} {err}")

# query edits as rewrite's --query-* options
FLAG_OPT = {"plus": "--form", "semicolon": "--semicolon",
            "icase": "--query-icase", "keep-empty": "--keep-empty-query"}
for name, g in (("query-edit.tsv", "rfc3986"),
                ("query-edit-rfc3987.tsv", "rfc3987")):
    for flags, edits, data, good, res in vectors.query_edit_cases(
            os.path.join(VEC, name)):
        opts = ["-z", "-g", g] + [FLAG_OPT[f] for f in sorted(flags)]
        usable = b"\0" not in data
        for op, key, value in edits:
            if op == "sort":
                opts.append("--query-sort")
                continue
            usable &= b"\0" not in key and (value is None or b"\0" not in value)
            usable &= not (op in ("set", "append") and b"=" in key)
            usable &= not (op == "keep" and b"," in key)
            if op in ("set", "append"):
                a = key if value is None else key + b"=" + value
                opts.append(f"--query-{op}={arg(a)}")
            else:
                opts.append(f"--query-{op}={arg(key)}")
        if not usable:
            continue
        rc, out, err = run(["rewrite"] + opts, data + b"\0")
        if good:
            ok(rc == 0 and out == res + b"\0" and err == "",
               f"rewrite {' '.join(opts[3:])} {data!r}", f"{rc} {out!r} {err}")
        else:
            status, off = res
            ok(rc == 1 and out == b"\0" and
               f"<stdin>:1:{off + 1}: {status}:" in err,
               f"rewrite {' '.join(opts[3:])} {data!r}: {status}@{off}",
               f"{rc} {out!r} {err}")

# the whole-URL rewrite
for opts_, data, good, res in vectors.rewrite_cases(
        os.path.join(VEC, "rewrite.tsv")):
    opts = ["-z"] + [f"--{n}" if a is None else f"--{n}={arg(a)}"
                     for n, a in opts_]
    rc, out, err = run(["rewrite"] + opts, data + b"\0")
    if good:
        ok(rc == 0 and out == res + b"\0" and err == "",
           f"rewrite {' '.join(opts[1:])} {data!r}", f"{rc} {out!r} {err}")
    else:
        status, off = res
        # an error in a new value is not a column of the record: 1
        col = off + 1 if not any(n == "set" for n, _ in opts_) else 1
        ok(rc == 1 and out == b"\0" and f"<stdin>:1:{col}: {status}:" in err,
           f"rewrite {' '.join(opts[1:])} {data!r}: {status}", f"{rc} {out!r} {err}")

# one record in, one out: lines, an invalid one in the middle
rc, out, err = run(["rewrite", "--strip-tracking"],
                   b"http://a/?utm_id=1\nnot valid\nhttp://b/?x=1&gclid=2\n")
ok(rc == 1 and out == b"http://a/\n\nhttp://b/?x=1\n" and
   "<stdin>:2:4: bad_char" in err, "one record per record, errors in place",
   f"{rc} {out!r} {err}")

# --strip-tracking=FILE replaces the list; @default includes the built-in
listfile = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                        "uriscan-tracking-%d.txt" % os.getpid())
with open(listfile, "w") as f:
    f.write("# ours\nsessionid\n")
rc, out, err = run(["rewrite", f"--strip-tracking={listfile}"],
                   b"http://a/?sessionid=1&utm_id=2\n")
ok(rc == 0 and out == b"http://a/?utm_id=2\n", "a list of our own",
   f"{rc} {out!r} {err}")
with open(listfile, "w") as f:
    f.write("@default\nsessionid\tour session key\n")
rc, out, err = run(["rewrite", f"--strip-tracking={listfile}"],
                   b"http://a/?sessionid=1&utm_id=2&k\n")
ok(rc == 0 and out == b"http://a/?k\n", "@default extends the built-in list",
   f"{rc} {out!r} {err}")
os.unlink(listfile)
rc, out, err = run(["rewrite", "--strip-tracking=/nonexistent/list"], b"")
ok(rc == 2 and "/nonexistent/list" in err, "an unreadable list: exit 2", err)

# usage errors: exit 2
for bad in (["--scheme-based"], ["--set=path=/a", "--set=path=/b"],
            ["--strip-tracking", "--strip-tracking=x"], ["--set=nope=1"],
            ["--query-set=novalue"], ["-g", "rfc2396"]):
    rc, out, err = run(["rewrite"] + bad, b"http://a/\n")
    ok(rc == 2 and out == b"", f"rewrite {' '.join(bad)}: usage error", err)
for bad in ([], ["-c", "scheme"], ["-c", "path", "--form"]):
    rc, out, err = run(["encode"] + bad, b"x\n")
    ok(rc == 2 and out == b"", f"encode {' '.join(bad)}: usage error", err)
rc, out, err = run(["decode"], b"a%2\nok%41\n")
ok(rc == 1 and out == b"\nokA\n" and "<stdin>:1:4: bad_percent" in err,
   "decode: a malformed escape", f"{rc} {out!r} {err}")
rc, out, err = run(["decode", "--lenient"], b"a%2\n")
ok(rc == 0 and out == b"a%2\n", "decode --lenient", f"{rc} {out!r} {err}")

# extract and log take the rewrite options
import json  # noqa: E402
text = (b"see http://A.example/p?utm_source=x&id=1#f, http://a.example/p?id=1\n"
        b"and HTTP://a.example:80/p?gclid=3&id=1 then http://b.example/?x=1\n")
rc, out, err = run(["extract", "-u", "--strip-tracking", "--normalize",
                    "--drop-fragment"], text)
ok(rc == 0 and out == b"http://a.example/p?id=1\nhttp://b.example/?x=1\n",
   "extract -u --strip-tracking --normalize: each page once",
   f"{rc} {out!r} {err}")
rc, out, err = run(["extract", "-c", "-u", "--strip-tracking", "--normalize",
                    "--drop-fragment"], text)
ok(rc == 0 and out == b"2\n", "extract -c -u counts the rewritten URLs",
   f"{rc} {out!r} {err}")
rc, out, err = run(["extract", "--top=0", "--set=host=one.example"], text)
ok(rc == 0 and out == b"4\tone.example\n", "extract --top counts the rewritten hosts",
   f"{rc} {out!r} {err}")
rc, out, err = run(["extract", "--format=jsonl", "--query-sort"],
                   b"x http://a/?b=1&a=2#f\n")
rec = json.loads(out) if rc == 0 else {}
ok(rec.get("url") == "http://a/?b=1&a=2#f" and
   rec.get("rewritten") == "http://a/?a=2&b=1#f",
   "extract --format=jsonl: the match and its rewrite", f"{rc} {out!r} {err}")
rc, out, err = run(["extract", "-g", "rfc2396", "--strip-tracking"], b"")
ok(rc == 2, "extract: the rewrite options need rfc3986 or rfc3987", err)

LOG = (b'1.2.3.4 - - [17/May/2015:10:05:03 +0000] "GET /a/b?utm_source=x&id=1 '
       b'HTTP/1.1" 200 10 "http://ref.example/p?gclid=1&q=2#x" "UA"\n'
       b'1.2.3.4 - - [17/May/2015:10:05:04 +0000] "GET /c HTTP/1.1" 200 10 '
       b'"-" "UA"\n')
rc, out, err = run(["log", "--strip-tracking", "--drop-fragment"], LOG)
recs = [json.loads(x) for x in out.splitlines()] if rc == 0 else []
ok(len(recs) == 2 and recs[0]["target"] == "/a/b?utm_source=x&id=1" and
   recs[0]["target_rewritten"] == "/a/b?id=1" and
   recs[0]["referer_rewritten"] == "http://ref.example/p?q=2" and
   recs[1]["target_rewritten"] == "/c" and recs[1]["referer_rewritten"] is None,
   "log: target_rewritten and referer_rewritten", f"{rc} {out!r} {err}")
rc, out, err = run(["log", "--format=tsv", "--strip-tracking"], LOG)
rows = [x.split(b"\t") for x in out.splitlines()]
ok(rc == 0 and rows[0][-2:] == [b"/a/b?id=1", b"http://ref.example/p?q=2#x"] and
   rows[1][-2:] == [b"/c", b"\\N"], "log --format=tsv: two more columns",
   f"{rc} {out!r} {err}")
rc, out, err = run(["log", "--summary", "--set=path=/x"], LOG)
summ = json.loads(out) if rc == 0 else {}
ok(summ.get("top_paths") == [["/x", 2]], "log --summary counts rewritten paths",
   f"{rc} {out!r} {err}")

sys.exit(done())
