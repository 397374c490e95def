#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the uriscan CLI cases of a JSON file and print TAP, one point per case.

Usage: run_cases.py URISCAN CASES.json [VERSION [K/N]]

K/N: run only shard K of N (the cases whose 0-based index is K-1 modulo N),
so that meson runs the shards side by side (they take minutes under
memcheck).

Under memcheck (URISCAN_VALGRIND set, tests/valgrind.sh) the uriscan runs go
under valgrind, in one reader configuration, and only for the cover of the
cases (memcheck_cover: every command, exit status, way of input and option
that the cases have, in under half of them; URISCAN_MEMCHECK_ALL_CASES set:
all of them); the shards share the cover out evenly. The other cases print
"ok ... # SKIP under memcheck".

CASES.json is a list of objects:
  name             unique name of the case
  note             why the expectations are what they are (not used)
  args             argument list after the program name
  stdin            bytes on standard input (default: none)
  stdin_offset     standard input starts this many bytes into "stdin": a
                   pipe gets the bytes after them; a regular file is
                   opened and positioned there, as a shell that has read
                   part of it leaves it
  files            {"name": bytes} created in a fresh directory, which is the
                   working directory of the run; a name ending in "/" makes a
                   directory
  status           expected exit status
  stdout           expected standard output, exactly (bytes)
  stdout_re        or: a regular expression the whole output must match
  stdout_contains  and/or: strings the output must contain
  jsonl            or: the expected JSON Lines, as objects; a key left out
                   means null, except record (its 1-based position),
                   grammar (the case's "grammar" key, else "rfc3986")
                   and rule (the case's "rule" key, else
                   "URI-reference"); "input" and "valid" must be given
  stderr_contains  strings standard error must contain; without it standard
                   error must be empty
  close_stdout_after  read that many bytes of output, then close the pipe
                   (with "sigpipe": "ignore" the child ignores SIGPIPE);
                   "status" may then be a list of allowed statuses
  stdout_to        a path to send the output to instead of a pipe (/dev/full)
  configs          restrict the run to these reader configurations
  env              environment variables set for the case after its
                   configuration's (e.g. a read size no configuration has)

Bytes are written as a JSON string, encoded as UTF-8 with the
"surrogateescape" error handler: "\\u00e9" is the two bytes c3 a9, "\\udce9"
the single byte e9, "\\u0000" a NUL. A list of such values is concatenated and
{"repeat": VALUE, "times": N} repeats one. "@VERSION@" in stdout stands for
VERSION.

Each case runs under several reader configurations (standard input from a
pipe or from a regular file; mmap windows of one page; 1- and 7-byte reads;
no mmap), and must give the same result under each. Beyond the expectations,
when standard input is a regular file that the command reads to its end,
its offset must be at the end afterwards (as after read()); every JSON
Lines output is parsed: each line must be a JSON object with the
documented keys in order, and its "input" must give back the bytes of the
record (surrogateescape) that the runner cut from the input itself; every
TSV output must have 15 columns (tsv-all: 30) and its last column must unescape to the
record.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

GENERIC = ["scheme", "authority", "userinfo", "host", "port", "path",
           "query", "fragment"]
RFC1738_EXTRA = ["user", "password", "ftptype", "gtype", "selector",
                 "gopher_plus", "group", "article", "database", "wtype",
                 "wpath", "fieldspecs", "address"]
# The components each grammar defines (include/uriscan.h, after enum
# uriscan_component), and whether it sets form: parse's JSON Lines print
# these keys only.
GRAMMAR_FIELDS = {
    "rfc3986": (GENERIC, [], True),
    "rfc3987": (GENERIC, [], False),
    "rfc2396": (GENERIC, ["reg_name"], True),
    "rfc1738": ([c for c in GENERIC if c != "fragment"], RFC1738_EXTRA, True),
}


def json_keys(grammar):
    """The keys of a parse JSON Lines record of grammar, in order."""
    base, extra, form = GRAMMAR_FIELDS[grammar]
    return (["record", "input", "valid", "grammar", "rule"] + base +
            ["host_type", "kind", "error", "offset"] + extra +
            (["form"] if form else []))


HOST_TYPES = {None, "ipv4", "ipv6", "ipvfuture", "reg-name", "hostname"}
KINDS = {None, "uri", "relative-ref"}
ERRORS = {"syntax", "incomplete", "bad_percent", "bad_char", "too_long"}

# (name, stdin as a regular file?, environment)
CONFIGS = [
    ("pipe", False, {}),
    ("file", True, {}),
    ("page-window-7-byte-reads", True,
     {"URISCAN_MMAP_WINDOW": "1", "URISCAN_READ_SIZE": "7"}),
    ("no-mmap-1-byte-reads", False,
     {"URISCAN_MMAP_WINDOW": "0", "URISCAN_READ_SIZE": "1"}),
]

# Under memcheck (URISCAN_VALGRIND, tests/valgrind.sh) every case runs in one
# configuration, the one with the most buffer handling (mmap windows of a
# page, 7-byte reads); the others add no code path of their own that the
# normal and sanitizer runs of all four do not already check, and each
# costs minutes under memcheck (two took 9 minutes on a loaded machine).
VALGRIND_CONFIGS = {"page-window-7-byte-reads"}


def memcheck_skips(case):
    """Under memcheck, a case that exits 2 with no file of its own (a usage
    error, or an operand that cannot be opened) is not run: it reads no
    input, and valgrind's start alone costs 0.7 s on the 2-core machine
    (68 such cases were a minute of CI); the normal and sanitizer builds
    run it."""
    return case["status"] in (2, [2]) and "files" not in case


def memcheck_runs_in_no_config(case):
    """A case restricted to configurations that memcheck does not run
    (VALGRIND_CONFIGS): nothing of it runs under memcheck."""
    return "configs" in case and not set(case["configs"]) & VALGRIND_CONFIGS


def case_features(case):
    """What a case exercises, as far as memcheck_cover() tells cases apart:
    its command with each exit status, the way its input arrives (standard
    input or not, files of its own or not), each option as written (with
    the argument after it, when that is not a file of the case: -g rfc2396,
    --top 5), and the keys that change how it runs (stdin_offset,
    close_stdout_after, stdout_to, env, configs)."""
    args = case["args"]
    cmd = args[0] if args else ""
    files = case.get("files", {})
    feats = {("status", cmd, json.dumps(case["status"])),
             ("input", cmd, "stdin" in case, "files" in case)}
    for i, a in enumerate(args[1:], 1):
        if a.startswith("-") and a != "-":
            feats.add(("option", cmd, a))
            nxt = args[i + 1] if i + 1 < len(args) else None
            if "=" not in a and nxt is not None and \
                    not nxt.startswith("-") and nxt not in files:
                feats.add(("option", cmd, a, nxt))
    for k in ("stdin_offset", "close_stdout_after", "stdout_to", "env",
              "configs"):
        if k in case:
            feats.add(("key", cmd, k))
    return feats


def memcheck_cover(cases):
    """The names of the cases that run under memcheck: of the cases memcheck
    would run at all (not memcheck_skips, not memcheck_runs_in_no_config),
    a small set that together has every feature of case_features() that
    any of them has, chosen greedily in the file's order (the case with the
    most features not yet had, the first of equals), so the same cases
    whatever the shard. Each case costs valgrind's start, 0.6-0.7 s of CPU
    on the 2-core machine: all 210 were 2.5 minutes of the CI's memcheck,
    the cover is under half of them. Every case still runs, in all four
    configurations, in the normal build and under ASan+UBSan."""
    pool = [c for c in cases
            if not memcheck_skips(c) and not memcheck_runs_in_no_config(c)]
    feats = {c["name"]: case_features(c) for c in pool}
    left = set().union(*feats.values()) if feats else set()
    chosen = set()
    while left:
        best = max(pool, key=lambda c: len(feats[c["name"]] & left))
        chosen.add(best["name"])
        left -= feats[best["name"]]
    return chosen


def to_bytes(spec):
    if spec is None:
        return b""
    if isinstance(spec, str):
        return spec.encode("utf-8", "surrogateescape")
    if isinstance(spec, list):
        return b"".join(to_bytes(s) for s in spec)
    if isinstance(spec, dict) and "repeat" in spec:
        return to_bytes(spec["repeat"]) * spec["times"]
    raise ValueError(f"bad bytes spec: {spec!r}")


def split_records(data, null):
    """The records of one input, as uriscan(1) documents them."""
    sep = b"\0" if null else b"\n"
    recs = data.split(sep)
    if recs[-1] == b"":  # nothing after the last separator (or no input)
        recs.pop()
    if not null:
        recs = [r[:-1] if r.endswith(b"\r") else r for r in recs]
    return recs


def operands(args):
    """(command, operands, -z given?, tsv?) from an argument list, following
    the option syntax of uriscan(1)."""
    if not args:
        return None, [], False, False
    with_arg_short = {"g", "r"}
    with_arg_long = {"--grammar", "--rule", "--format", "--get"}
    ops, null, tsv, only = [], False, False, False
    i = 1
    while i < len(args):
        a = args[i]
        if only or a == "-" or not a.startswith("-"):
            ops.append(a)
        elif a == "--":
            only = True
        elif a.startswith("--"):
            name, eq, val = a.partition("=")
            if name in with_arg_long and not eq:
                i += 1
                val = args[i] if i < len(args) else ""
            if name == "--null":
                null = True
            if name == "--format":
                tsv = {"tsv": 15, "tsv-all": 30}.get(val, False)
            if name == "--all-grammars":
                return "parse --all-grammars", ops, null, False
            if name == "--get":  # parse --get: the output of get, no JSON
                return "parse --get", ops, null, False
        else:
            for j, c in enumerate(a[1:], 1):
                if c == "z":
                    null = True
                if c in with_arg_short:
                    if j == len(a) - 1:
                        i += 1
                    break
        i += 1
    return args[0], ops, null, tsv


def tsv_unescape(field):
    out, i = bytearray(), 0
    while i < len(field):
        c = field[i]
        if c == 0x5C and i + 1 < len(field):
            n = field[i + 1]
            out += {0x5C: b"\\", 0x74: b"\t", 0x6E: b"\n", 0x72: b"\r"}.get(
                n, bytes([c, n]))
            i += 2
        else:
            out.append(c)
            i += 1
    return bytes(out)


def check_jsonl(out, records, problems):
    lines = out.split(b"\n")
    if lines[-1] != b"":
        problems.append("JSON Lines output does not end with a newline")
    lines = lines[:-1]
    if records is not None and len(lines) != len(records):
        problems.append(f"{len(lines)} output lines for {len(records)} records")
    for n, line in enumerate(lines):
        try:
            text = line.decode("utf-8")  # strict: output must be UTF-8
            pairs = json.loads(text, object_pairs_hook=lambda p: p)
        except (UnicodeDecodeError, ValueError) as e:
            problems.append(f"line {n + 1} is not valid JSON: {e}")
            continue
        keys = [k for k, _ in pairs]
        grammar = dict(pairs).get("grammar")
        if grammar not in GRAMMAR_FIELDS or keys != json_keys(grammar):
            problems.append(f"line {n + 1}: keys {keys}")
            continue
        o = dict(pairs)
        raw = o["input"].encode("utf-8", "surrogateescape")
        if records is not None and n < len(records):
            rec_no, rec = records[n]
            if raw != rec:
                problems.append(
                    f"line {n + 1}: input round trip {raw!r} != {rec!r}")
            if o["record"] != rec_no:
                problems.append(f"line {n + 1}: record {o['record']} != {rec_no}")
        if o["valid"] is not (o["error"] is None) or \
                (o["error"] is None) is not (o["offset"] is None):
            problems.append(f"line {n + 1}: valid/error/offset disagree")
        if o["error"] is not None and o["error"] not in ERRORS:
            problems.append(f"line {n + 1}: unknown error {o['error']}")
        if o["offset"] is not None and not 0 <= o["offset"] <= len(raw):
            problems.append(f"line {n + 1}: offset {o['offset']} out of range")
        if o["host_type"] not in HOST_TYPES or o["kind"] not in KINDS:
            problems.append(f"line {n + 1}: bad host_type or kind")
        base, extra, _ = GRAMMAR_FIELDS[grammar]
        for c in base + extra:
            if o[c] is not None and (not o["valid"] or
                                     o[c].encode("utf-8", "surrogateescape")
                                     not in raw):
                problems.append(f"line {n + 1}: component {c} not in input")


def check_tsv(out, records, problems, ncols=15):
    lines = out.split(b"\n")
    if lines[-1] != b"":
        problems.append("TSV output does not end with a newline")
    lines = lines[:-1]
    if records is not None and len(lines) != len(records):
        problems.append(f"{len(lines)} output lines for {len(records)} records")
    for n, line in enumerate(lines):
        cols = line.split(b"\t")
        if len(cols) != ncols:
            problems.append(f"line {n + 1}: {len(cols)} columns")
            continue
        if records is not None and n < len(records):
            rec_no, rec = records[n]
            if tsv_unescape(cols[14]) != rec:
                problems.append(f"line {n + 1}: input column does not "
                                f"unescape to the record {rec!r}")
            if cols[0] != str(rec_no).encode():
                problems.append(f"line {n + 1}: record {cols[0]!r}")


def expected_records(case, files):
    """[(number, bytes)] over the inputs in order, or None if unknown."""
    cmd, ops, null, _ = operands(case["args"])
    if cmd != "parse":
        return None
    recs = []
    for op in ops or ["-"]:
        if op == "-":
            data = to_bytes(case.get("stdin"))[case.get("stdin_offset", 0):]
        elif op in files:
            data = files[op]
        else:
            continue  # a missing file: nothing from it
        recs += list(enumerate(split_records(data, null), 1))
    return recs


def compare_jsonl(out, expect, case, problems):
    try:
        got = [json.loads(l) for l in out.decode("utf-8").splitlines()]
    except (UnicodeDecodeError, ValueError):
        return  # already reported
    if len(got) != len(expect):
        problems.append(f"{len(got)} lines, expected {len(expect)}")
    for n, (g, e) in enumerate(zip(got, expect)):
        keys = json_keys(case.get("grammar", "rfc3986"))
        want = {k: None for k in keys}
        want.update(record=n + 1, grammar=case.get("grammar", "rfc3986"),
                    rule=case.get("rule", "URI-reference"))
        if "input" not in e or "valid" not in e:
            problems.append(f"case error: jsonl[{n}] lacks input or valid")
        want.update(e)
        for k in want:
            if g.get(k) != want[k] or type(g.get(k)) is not type(want[k]):
                problems.append(f"line {n + 1} ({want['input']!r}): {k} = "
                                f"{g.get(k)!r}, expected {want[k]!r}")


def run_case(exe, case, version, config):
    cname, stdin_file, env_extra = config
    problems = []
    files = {k: to_bytes(v) for k, v in case.get("files", {}).items()}
    stdin = to_bytes(case.get("stdin"))
    env = dict(os.environ)
    for k in ("URISCAN_MMAP_WINDOW", "URISCAN_READ_SIZE"):
        env.pop(k, None)
    env.update(env_extra)
    env.update(case.get("env", {}))
    env["LC_ALL"] = "C"

    with tempfile.TemporaryDirectory() as d:
        for name, data in files.items():
            path = os.path.join(d, name)
            if name.endswith("/"):
                os.makedirs(path, exist_ok=True)
                continue
            with open(path, "wb") as f:
                f.write(data)
        stdin_path = os.path.join(d, ".stdin")
        with open(stdin_path, "wb") as f:
            f.write(stdin)
        skip = case.get("stdin_offset", 0)
        # `meson test --setup valgrind` (tests/valgrind.sh)
        argv = os.environ.get("URISCAN_VALGRIND", "").split() + [exe] + case["args"]
        fin_offset = None

        if "close_stdout_after" in case:
            ignore = case.get("sigpipe") == "ignore"
            with open(stdin_path, "rb") as fin:
                p = subprocess.Popen(
                    argv, cwd=d, env=env, stdin=fin, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, restore_signals=not ignore,
                    preexec_fn=(lambda: signal.signal(
                        signal.SIGPIPE, signal.SIG_IGN)) if ignore else None)
                p.stdout.read(case["close_stdout_after"])
                p.stdout.close()
                err = p.stderr.read()
                status = p.wait(timeout=60)
            out = None
        elif "stdout_to" in case:
            with open(stdin_path, "rb") as fin, \
                    open(case["stdout_to"], "wb") as fout:
                r = subprocess.run(argv, cwd=d, env=env, stdin=fin,
                                   stdout=fout, stderr=subprocess.PIPE,
                                   timeout=60)
            out, err, status = None, r.stderr, r.returncode
        elif stdin_file:
            with open(stdin_path, "rb") as fin:
                fin.seek(skip)
                r = subprocess.run(argv, cwd=d, env=env, stdin=fin,
                                   capture_output=True, timeout=60)
                fin_offset = os.lseek(fin.fileno(), 0, os.SEEK_CUR)
            out, err, status = r.stdout, r.stderr, r.returncode
        else:
            r = subprocess.run(argv, cwd=d, env=env, input=stdin[skip:],
                               capture_output=True, timeout=60)
            out, err, status = r.stdout, r.stderr, r.returncode

    want_status = case["status"]
    if isinstance(want_status, list):
        if status not in want_status:
            problems.append(f"exit status {status}, expected one of {want_status}")
    elif status != want_status:
        problems.append(f"exit status {status}, expected {want_status}")

    wanted_err = case.get("stderr_contains")
    if wanted_err is None:
        if err:
            problems.append(f"unexpected stderr: {err[:300]!r}")
    else:
        for s in ([wanted_err] if isinstance(wanted_err, str) else wanted_err):
            if to_bytes(s) not in err:
                problems.append(f"stderr lacks {s!r}: {err[:300]!r}")

    if out is None:
        return problems

    if "stdout" in case:
        want = to_bytes(case["stdout"]).replace(b"@VERSION@",
                                                version.encode())
        if out != want:
            problems.append(f"stdout {out[:2000]!r}\n expected {want[:2000]!r}")
    if "stdout_re" in case:
        text = out.decode("utf-8", "surrogateescape")
        pattern = case["stdout_re"].replace("@VERSION@", re.escape(version))
        if not re.fullmatch(pattern, text, re.S):
            problems.append(f"stdout {out[:2000]!r} does not match "
                            f"{case['stdout_re']!r}")
    for s in case.get("stdout_contains", []):
        if to_bytes(s) not in out:
            problems.append(f"stdout lacks {s!r}")

    cmd, ops, _, tsv = operands(case["args"])
    asks_help = any(a in ("-h", "--help") for a in case["args"])
    if fin_offset is not None and cmd in ("parse", "check") and \
            not asks_help and \
            status in (0, 1) and (not ops or "-" in ops) and \
            fin_offset != len(stdin):
        problems.append(f"stdin offset {fin_offset} after the run, "
                        f"expected {len(stdin)} (its end)")
    if cmd == "parse" and status in (0, 1) and not asks_help:
        records = expected_records(case, files)
        if tsv:
            check_tsv(out, records, problems, tsv)
        else:
            check_jsonl(out, records, problems)
            if "jsonl" in case:
                compare_jsonl(out, case["jsonl"], case, problems)
    return problems


def built_grammars(exe):
    """The grammars this build has (`uriscan rules`: NAME, "available")."""
    out = subprocess.run([exe, "rules"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode()
    return {f[0] for f in (line.split("\t") for line in out.splitlines())
            if len(f) > 1 and f[1] == "available"}


def has_icu(exe, built):
    """Does the CLI's library read non-ASCII hosts (ICU: UTS #46, UTS #39)?
    Without it a case whose key "needs" lists "icu" is skipped; with it, one
    that lists "no-icu". Asked with a grammar of the build (its default may
    not be in it: then inspect prints nothing)."""
    g = "rfc3986" if "rfc3986" in built else sorted(built)[0]
    out = subprocess.run([exe, "inspect", "-g", g],
                         input=b"http://\xc3\xa9.example/\n",
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    assert b'"browser_' in out, f"inspect -g {g} printed no record: {out!r}"
    return b"idna_unavailable" not in out


def grammars_needed(case):
    """The grammars a case's command line names (-g/--grammar, any
    spelling uriscan accepts): all four for --all-grammars, tsv-all and a
    bare `rules`; RFC 3987 too for `convert` (IRIs); rfc3986 (the
    default) otherwise."""
    every = {"rfc1738", "rfc2396", "rfc3986", "rfc3987"}
    args = case.get("args", [])
    if any(a == "--all-grammars" or a.endswith("tsv-all") for a in args):
        return every
    if args[:1] == ["rules"] and not any(a.startswith(("-g", "--grammar"))
                                        for a in args):
        return every
    need = {"rfc3986", "rfc3987"} if args[:1] == ["convert"] else set()
    for i, a in enumerate(args):
        v = None
        if a in ("-g", "--grammar") and i + 1 < len(args):
            v = args[i + 1]
        elif a.startswith("--grammar="):
            v = a.split("=", 1)[1]
        elif a.startswith("-g") and len(a) > 2:
            v = a[2:]
        m = re.search(r"(1738|2396|3986|3987)", v or "")
        if m:
            need.add("rfc" + m.group(1))
    return need or {"rfc3986"}


def main():
    if len(sys.argv) < 3:
        print("usage: run_cases.py URISCAN CASES.json [VERSION [K/N]]",
              file=sys.stderr)
        return 2
    exe = os.path.abspath(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        cases = json.load(f)
    version = sys.argv[3] if len(sys.argv) > 3 else ""
    names = [c["name"] for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        print(f"Bail out! duplicate case names: {sorted(dup)}")
        return 1
    memcheck = bool(os.environ.get("URISCAN_VALGRIND"))
    # chosen over all the cases, before the shard takes its part;
    # URISCAN_MEMCHECK_ALL_CASES set: every case under memcheck
    cover = None
    if memcheck and not os.environ.get("URISCAN_MEMCHECK_ALL_CASES"):
        cover = memcheck_cover(cases)
    if len(sys.argv) > 4:
        k, n = (int(x) for x in sys.argv[4].split("/"))
        if not 1 <= k <= n:
            print(f"Bail out! bad shard {sys.argv[4]}")
            return 1
        if cover is None:
            cases = cases[k - 1::n]
        else:
            # under memcheck the shards share out the cases of the cover
            # evenly, and the others (skipped) apart from them
            take = {c["name"] for c in
                    [c for c in cases if c["name"] in cover][k - 1::n] +
                    [c for c in cases if c["name"] not in cover][k - 1::n]}
            cases = [c for c in cases if c["name"] in take]

    print(f"1..{len(cases)}")
    failed = 0
    built = built_grammars(exe)
    icu = has_icu(exe, built)
    for n, case in enumerate(cases, 1):
        if "icu" in case.get("needs", []) and not icu:
            print(f"ok {n} - {case['name']} # SKIP no ICU")
            continue
        if "no-icu" in case.get("needs", []) and icu:
            print(f"ok {n} - {case['name']} # SKIP a build with ICU")
            continue
        if "stdout_to" in case and not os.path.exists(case["stdout_to"]):
            print(f"ok {n} - {case['name']} # SKIP no {case['stdout_to']}")
            continue
        missing = sorted(grammars_needed(case) - built)
        if missing:
            # a -Dgrammars= subset build (a grammar it lacks gives
            # grammar_unavailable, which test_api checks)
            print(f"ok {n} - {case['name']} # SKIP not built: "
                  f"{', '.join(missing)}")
            continue
        if memcheck and memcheck_skips(case):
            print(f"ok {n} - {case['name']} # SKIP under memcheck: exit 2, "
                  f"no input read (run by the other builds)")
            continue
        if memcheck and memcheck_runs_in_no_config(case):
            print(f"ok {n} - {case['name']} # SKIP under memcheck: only in "
                  f"{', '.join(case['configs'])} (run by the other builds)")
            continue
        if cover is not None and case["name"] not in cover:
            print(f"ok {n} - {case['name']} # SKIP under memcheck: not in "
                  f"the cover of the cases (run by the other builds)")
            continue
        problems = []
        for config in CONFIGS:
            if memcheck and config[0] not in VALGRIND_CONFIGS:
                continue
            if "configs" in case and config[0] not in case["configs"]:
                continue
            for p in run_case(exe, case, version, config):
                problems.append(f"[{config[0]}] {p}")
        if problems:
            failed += 1
            print(f"not ok {n} - {case['name']}")
            for p in problems[:20]:
                for line in p.splitlines():
                    print(f"# {line}")
        else:
            print(f"ok {n} - {case['name']}")
    print(f"# {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
