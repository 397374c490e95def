#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn a grammar's rule list (ragel/<grammar>.rules) into a Ragel file.
Build-time generator: writes only its output file; no grammar of its own.

For every rule it writes one validation machine (the pure grammar rule as
`main`) and, for rules with a tags= machine, one parse machine that records
components. With `extract=RULE` on the grammar line it also writes the
grammar's extraction machine: RULE run from the first byte of a scheme,
resumable across buffers, recording where the longest matching prefix
ends (`extract_machine=M` on the grammar line: run the machine M of the tags
file instead of the pure rule, the same language with fast paths); the
extraction table also points at RULE's parse function, for the components
of a match, and runs RULE's tags machine to record them in the same run
(`extract_tags=M`: the machine M of the tags file instead, for when the
extraction machine's language is a part of RULE's: M must have the language
of the extraction machine and RULE's actions; `extract_cut=all` or
`extract_cut=RULE`: the matches, of every form or of RULE's form, whose
components src/extraction/extract_trim.c may cut back to a trimmed end without a
parse; none without it). Each machine gets its own
small C function, so no generated function is larger than one rule (see
docs/grammars.md, "One machine per rule, one small function per machine",
on state and compile-time blow-ups), and a table of all
rules in the RFC's order.

Words of a rule line: tags=M (parse machine), valid=M (validation machine
instead of the pure rule), ref, default, hot (see PART below),
ascii_valid=M and ascii_tags=M (ASCII twins, below), and
machine=NAME: the Ragel definition transcribing the rule when the RFC's name
cannot be one (Ragel predefines alpha and digit; "gopher+_string" has a '+').
It also names the C functions. Default: the rule name with '-' as '_'.
The grammar line may carry alphtype=TYPE (words joined by '-', e.g.
alphtype=unsigned-char): every machine then says 'alphtype TYPE;'.

ASCII twins: `ascii=FILE` on the grammar line names the tags file of
another grammar whose rules are this one's on ASCII input (RFC 3986's for
RFC 3987), and ascii_valid=M / ascii_tags=M on a rule line the machines of
FILE that match what the rule's validation / parse machine matches when the
input is ASCII. In the hot part, a hot machine with a twin is entered
through a function that jumps to the rule's own machine when the input's
ends are not ASCII, else to the twin, which ends in
uriscan__twin_rejected (URISCAN__TWIN: the rule) instead of
uriscan__rejected, so that the rule's own machine runs when the twin stops
at a byte >= 0x80 (src/grammars/gen.h, "ASCII twins"). The table
names the entry, and the rule's own machines as validate_own, parse_own. A
twin says no alphtype (its grammar's bytes are ASCII). The `all` part (the
-T0 build the differential test compares with) has no twins.

The http entry: in the hot part, the default rule's machines (and their
twins) start after a literal "http://" or "https://" in the state those
bytes lead to (src/grammars/http_entry.h; GEN_HTTP_ENTRY_V / _P in src/grammars/gen.h, with a
slot per machine); the cold part holds a copy of each of those machines
that runs exec alone from a given state, from which src/grammars/http_entry.c finds
that state at the first input that starts with the prefix; the hot part
ends with a table of those machines (uriscan__http_refs_<g>_<suffix>) for
the tests. The `all` part has no
entry, so the -T0 build the tests compare with reads every input from its
first byte.

Usage: gen_rules.py RULES_FILE OUTPUT.rl SUFFIX [PART]
SUFFIX tells builds of the same grammar apart (the G2 library build and
the T0 build the differential test links beside it); it ends the name of
every function that is not static.
PART: `all` (default) writes everything; `hot` writes the machines a call
of uriscan_validate, uriscan_parse, the extractor or uriscan_request_line
runs (the default rule's validation and parse machines; the parse machines
of the extraction rule and of the rules marked `hot`), the extraction
machines and the table; `cold` every other machine, as external (hidden)
functions that the hot part's table names. ragel/meson.build compiles the
cold part at a lower optimization level: most of the generated C is
rule-level machines that no hot path runs, and gcc's time on it is most of
the build.
"""
import re
import sys


def cname(abnf):
    return abnf.replace("-", "_")


def main():
    rules_path, out_path, suffix = sys.argv[1:4]
    part = sys.argv[4] if len(sys.argv) > 4 else "all"
    if part not in ("all", "hot", "cold"):
        sys.exit(f"gen_rules.py: PART must be all, hot or cold, not {part!r}")
    grammar = None
    tags_file = None
    extract = None
    alphtype = None
    extract_machine = None
    extract_tags = None
    extract_cut = None
    ascii_file = None
    rules = []
    with open(rules_path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if words[0] == "grammar":
                grammar = words[1]
                for w in words[2:]:
                    if w.startswith("tags="):
                        tags_file = w[5:]
                    elif w.startswith("extract="):
                        extract = w[8:]
                    elif w.startswith("alphtype="):
                        # "unsigned-char" -> alphtype unsigned char
                        alphtype = w[9:].replace("-", " ")
                    elif w.startswith("extract_machine="):
                        extract_machine = w[16:]
                    elif w.startswith("extract_tags="):
                        extract_tags = w[13:]
                    elif w.startswith("extract_cut="):
                        extract_cut = w[12:]
                    elif w.startswith("ascii="):
                        ascii_file = w[6:]
                    else:
                        sys.exit(f"{rules_path}: unknown word {w!r}")
                continue
            rule = {"name": words[0], "tags": None, "valid": None,
                    "ref": False, "default": False, "hot": False,
                    "machine": cname(words[0]), "ascii_v": None,
                    "ascii_p": None}
            for w in words[1:]:
                if w.startswith("machine="):
                    rule["machine"] = w[8:]
                elif w.startswith("tags="):
                    rule["tags"] = w[5:]
                elif w.startswith("valid="):
                    rule["valid"] = w[6:]
                elif w.startswith("ascii_valid="):
                    rule["ascii_v"] = w[12:]
                elif w.startswith("ascii_tags="):
                    rule["ascii_p"] = w[11:]
                elif w == "ref":
                    rule["ref"] = True
                elif w == "default":
                    rule["default"] = True
                elif w == "hot":
                    rule["hot"] = True
                else:
                    sys.exit(f"{rules_path}: unknown word {w!r}")
            rules.append(rule)
    if grammar is None or tags_file is None or not rules:
        sys.exit(f"{rules_path}: needs a 'grammar NAME tags=FILE' line and rules")
    defaults = [i for i, r in enumerate(rules) if r["default"]]
    if len(defaults) != 1:
        sys.exit(f"{rules_path}: exactly one rule must be 'default'")
    tags_machine = tags_file.rsplit(".", 1)[0]
    g = re.sub(r"[^a-z0-9]", "", grammar)
    for r in rules:
        if (r["ascii_v"] or r["ascii_p"]) and ascii_file is None:
            sys.exit(f"{rules_path}: {r['name']} has an ASCII twin but the "
                     "grammar line no ascii=FILE")
        if r["ascii_p"] and not r["tags"]:
            sys.exit(f"{rules_path}: {r['name']}: ascii_tags= without tags=")
    # URISCAN__TWIN (src/internal.h) holds a twin's rule number in 8 bits
    if any(r["ascii_v"] or r["ascii_p"] for r in rules[256:]):
        sys.exit(f"{rules_path}: an ASCII twin for a rule past the 256th")
    if extract is not None and not any(r["name"] == extract for r in rules):
        sys.exit(f"{rules_path}: extract={extract} is not a rule")
    if extract_cut not in (None, "all") and not any(
            r["name"] == extract_cut for r in rules):
        sys.exit(f"{rules_path}: extract_cut={extract_cut} is not a rule")

    def is_hot(r, kind):
        """Whether rule r's machine of this kind ('v' validation, 'p'
        parse) is on a hot path: uriscan_validate runs only the default
        rule's 'v'; uriscan_parse, the extractor (a match it parses again)
        and uriscan_request_line run the 'p' of the default rule, of the
        extraction rule and of the rules marked hot."""
        if kind == "v":
            return r["default"]
        return r["default"] or r["hot"] or r["name"] == extract

    def fn(m, r, kind="v"):
        """The C name of machine m's function (rule r's of this kind): its
        machine's name when it is static; uriscan__NAME_SUFFIX when it is
        in the cold part of a split (hidden, but global in the static
        library, whose globals are all uriscan_*:
        tests/install/check_abi.py)."""
        if linkage(r, kind) == "":
            return f"uriscan__{m}_{suffix}"
        return m

    def wanted(r, kind):
        return part == "all" or (part == "hot") == is_hot(r, kind)

    def linkage(r, kind):
        """static, unless the function is in the cold part of a split; the
        hot machines' functions in the hot section (GEN_HOT, src/grammars/gen.h)."""
        if is_hot(r, kind):
            return "GEN_HOT static "
        return "static " if part == "all" else ""

    v_sig = "(const unsigned char *p, const unsigned char *pe, size_t *eo)"
    p_sig = ("(const unsigned char *p, const unsigned char *pe, "
             "struct uriscan_uri *u, size_t *eo)")

    out = []
    w = out.append
    w(f"/* Generated by scripts/gen_rules.py from {rules_path.split('/')[-1]}"
      f" ({part}). Do not edit. */")
    w('#include "gen.h"')
    w("")
    # Rule numbers, for actions that record which production matched
    # (u->form = GEN_RULE_<machine>).
    w("enum {")
    for i, r in enumerate(rules):
        w(f"\tGEN_RULE_{r['machine']} = {i},")
    w("};")
    w("")
    def twinned(r, kind):
        """Whether the table names rule r's ASCII twin of this kind."""
        return part == "hot" and is_hot(r, kind) and r[f"ascii_{kind}"]

    def has_entry(r, kind):
        """Whether rule r's machines of this kind start after a literal
        "http://" or "https://" (src/grammars/http_entry.h): those of the default
        rule (what uriscan_validate and uriscan_parse run), twins too, in
        the library's hot part; not the `all` part, the -T0 build that the
        tests compare the library's with, which thus runs every input from
        its first byte."""
        return part == "hot" and r["default"] and (kind == "v" or r["tags"])

    def has_fast(r, kind):
        """Whether rule r's entry point of this kind tries the AVX2 read of
        src/grammars/uri_fast.h first (fast_or: GEN_URI_FAST_OR_V / _P in
        src/grammars/gen.h, RFC 3987's GEN_URI_FAST_IRI_OR_V / _P): RFC
        3986's URI-reference, and RFC 3987's IRI-reference through its
        ASCII twin (the same language and components on ASCII input), in
        the library's hot part; not in the -T0 build the tests compare
        with."""
        return (part == "hot" and r["default"] and (kind == "v" or r["tags"])
                and (g == "rfc3986" or (g == "rfc3987" and twinned(r, kind))))

    def fast_or(kind):
        """The macro of src/grammars/gen.h that tries the read: RFC 3986's answers a
        byte >= 0x80 after valid bytes itself (its error there); RFC
        3987's (_IRI_) hands such input to the machine."""
        return (f"GEN_URI_FAST_OR_{kind.upper()}" if g == "rfc3986"
                else f"GEN_URI_FAST_IRI_OR_{kind.upper()}")

    def write_ragel_head(r, kind, m, twin):
        """The Ragel machine m of rule r's kind ('v' or 'p'; with twin, of
        its ASCII twin): its include, main and data, which the hot function
        and the http entry's step copy share."""
        w("%%{")
        w(f"  machine {m};")
        if twin:
            w(f'  include {ascii_file.rsplit(".", 1)[0]} "{ascii_file}";')
            body = r[f"ascii_{kind}"]
        else:
            if alphtype:
                w(f"  alphtype {alphtype};")
            w(f'  include {tags_machine} "{tags_file}";')
            body = (r["valid"] or r["machine"]) if kind == "v" else r["tags"]
        w(f"  main := {body};")
        w("  write data noentry;")
        w("}%%")

    def write_step(r, kind, twin=False):
        """The cold copy of a machine that has the http entry (has_entry):
        exec alone from a given state, no end of input, for
        src/grammars/http_entry.c to find the entry state with. The same Ragel
        machine as the hot one, so the same states (the table of the copy
        carries its constants, which http_entry.c checks)."""
        m = f"{g}_{kind}a_{r['machine']}" if twin else f"{g}_{kind}_{r['machine']}"
        write_ragel_head(r, kind, m, twin)
        w(f"static size_t {m}_hexec(int *csp, const unsigned char *s, "
          "const unsigned char *p, const unsigned char *pe, "
          "struct uriscan_uri *u, const unsigned char **mk)")
        w("{")
        w("\tconst unsigned char *const p0 = p;")
        w("\tconst unsigned char *const eof = NULL;")
        w("\tint cs = *csp;")
        w("\t(void)eof, (void)s, (void)u, (void)mk;")
        w("\t%% write exec;")
        w("\t*csp = cs;")
        w("\treturn (size_t)(p - p0);")
        w("}")
        w(f"const struct uriscan__http_step uriscan__{m}_hstep_{suffix} = {{")
        w(f"\t{m}_hexec, {m}_start, {m}_first_final, {m}_error}};")
        w("")

    entries = []  # the machines with the http entry, for the table below

    def write_machine(r, kind, twin=False):
        """Rule r's validation ('v': the pure rule, or its valid= machine)
        or parse ('p': its tags machine, recording components) function;
        with twin, its ASCII twin's (the machine ascii_valid= / ascii_tags=
        of the ascii= file) and the entry that chooses between the two."""
        n = r["machine"]
        own = f"{g}_{kind}_{n}"
        m = f"{g}_{kind}a_{n}" if twin else own
        sig = v_sig if kind == "v" else p_sig
        if linkage(r, kind) == "":
            w(f"int {fn(m, r, kind)}{sig};")
        write_ragel_head(r, kind, m, twin)
        entry = has_entry(r, kind)
        if entry:
            entries.append(m)
            # the http entry's step copy (cold part) and this machine's
            # slot (src/grammars/http_entry.h)
            G = f"URISCAN_{g.upper()}"
            w(f"extern const struct uriscan__http_step "
              f"uriscan__{m}_hstep_{suffix};")
            w(f"static struct uriscan__http_slot {m}_hs;")
            w(f"static const struct uriscan__http_machine {m}_hm = {{")
            w(f"\t&uriscan__{m}_hstep_{suffix}, {m}_start, {m}_first_final,")
            w(f"\t{m}_error, {1 if kind == 'p' else 0}, {G}, GEN_RULE_{n}}};")
        # a twin apart from its entry (below), which then needs no frame;
        # so a machine apart from its fast read's entry (after it)
        fast = has_fast(r, kind) and not twin
        noinline = "GEN_NOINLINE " if twin or fast else ""
        mf = f"{fn(m, r, kind)}_m" if fast else fn(m, r, kind)
        w(f"{noinline}{linkage(r, kind)}int {mf}{sig}")
        w("{")
        w("\tconst unsigned char *const s = p;")
        w("\tconst unsigned char *const eof = pe;")
        if kind == "p":
            w("\tconst unsigned char *mk[URISCAN_COMPONENT_COUNT];")
        w("\tint cs;")
        w("\t(void)eof;")
        if kind == "p" and not entry:
            w("\tGEN_MARKS_INIT();")
        if kind == "p":
            w("\t(void)mk; /* a machine may only set the form */")
        w("\t%% write init;")
        if entry:
            w(f"\tGEN_HTTP_ENTRY_{kind.upper()}({m});")
        w("\t%% write exec;")
        # a validate machine has no result to clear (u NULL) or set
        u, ref = ("u", 1 if r["ref"] else 0) if kind == "p" else ("NULL", 0)
        G = f"URISCAN_{g.upper()}"
        if not twin:
            w(f"\treturn GEN_STATUS({m}, {G}, {u}, {ref});")
        else:
            w(f"\treturn GEN_STATUS_BY(uriscan__twin_rejected, {m},")
            w(f"\t                     URISCAN__TWIN({G}, GEN_RULE_{n}), {u}, {ref});")
        w("}")
        w("")
        args = "p, pe, eo" if kind == "v" else "p, pe, u, eo"
        if fast:
            w(f"{linkage(r, kind)}int {fn(m, r, kind)}{sig}")
            w("{")
            w(f"\treturn {fast_or(kind)}({mf}, {mf}({args}));")
            w("}")
            w("")
        if twin:
            w(f"{linkage(r, kind)}int {g}_{kind}d_{n}{sig}")
            w("{")
            pick = f"GEN_ASCII_OR({m}, {fn(own, r, kind)}, {args})"
            if has_fast(r, kind):
                pick = f"{fast_or(kind)}({m}, {pick})"
            w(f"\treturn {pick};")
            w("}")
            w("")

    for r in rules:
        for kind in ("v", "p"):
            if (kind == "v" or r["tags"]) and wanted(r, kind):
                write_machine(r, kind)
                if twinned(r, kind):
                    write_machine(r, kind, twin=True)
    if part == "cold":
        # the step copies of the hot machines with the http entry
        for r in rules:
            for kind in ("v", "p"):
                if r["default"] and (kind == "v" or r["tags"]):
                    write_step(r, kind)
                    if r[f"ascii_{kind}"]:
                        write_step(r, kind, twin=True)
        with open(out_path, "w", encoding="utf-8") as f:
            f.write("\n".join(out) + "\n")
        return
    if part == "hot":
        # the cold part's functions, named by the table below
        for r in rules:
            n = r["machine"]
            if not is_hot(r, "v"):
                w(f"int {fn(f'{g}_v_{n}', r)}{v_sig};")
            if r["tags"] and not is_hot(r, "p"):
                w(f"int {fn(f'{g}_p_{n}', r, 'p')}{p_sig};")
        w("")
    if extract:
        # The extraction machine (uriscan_extractor): the rule `extract=`
        # names, run from a scheme's first byte, resumable across buffers,
        # recording the end of the longest prefix that matches the rule.
        m = f"{g}_x"
        # its runs are skipped by the extractor's SIMD skip (src/grammars/gen.h)
        w("#undef URISCAN__SKIP_TAB")
        w("#define URISCAN__SKIP_TAB uriscan__skip_tab_x")
        w("%%{")
        w(f"  machine {m};")
        if alphtype:
            w(f"  alphtype {alphtype};")
        w(f'  include {tags_machine} "{tags_file}";')
        # lfp: a local, so the compiler keeps it in a register; *lf is
        # written once, at the end of the buffer
        xm = extract_machine or cname(extract)
        w(f"  main := {xm} @{{ lfp = p + 1; }};")
        w("  write data noentry nofinal;")
        w("}%%")
        w(f"GEN_HOT static size_t {m}_exec(int *csp, const unsigned char *p, "
          "const unsigned char *pe, const unsigned char **lf)")
        w("{")
        w("\tconst unsigned char *const s = p;")
        w("\tconst unsigned char *lfp = NULL;")
        w("\tint cs = *csp;")
        w("\t%% write exec;")
        w("\t*csp = cs;")
        w("\tif (lfp != NULL)")
        w("\t\t*lf = lfp;")
        w("\treturn (size_t)(p - s);")
        w("}")
        w("")
        xr = [r for r in rules if r["name"] == extract]
        xp = (fn(f"{g}_p_{xr[0]['machine']}", xr[0], "p") if xr[0]["tags"]
              else "NULL")
        xt = "NULL"
        xtags = extract_tags or xr[0]["tags"]
        if xr[0]["tags"]:
            # The same rule with components (its tags machine): marks and
            # commits as in the parse function. When the run ends on the
            # byte right after its last final transition (that byte failed,
            # or it is the end of the buffer), the match ends there: the
            # same code runs once more with p == pe == eof at that byte from
            # the state after that transition (lcs), whose EOF actions commit
            # the components still open, and *ended is 1. One textual exec
            # in a loop, so its labels stay unique and no second call is
            # made. Offsets are from s; the caller owns the marks.
            xt = f"{g}_xt_exec"
            w("%%{")
            w(f"  machine {g}_xt;")
            if alphtype:
                w(f"  alphtype {alphtype};")
            w(f'  include {tags_machine} "{tags_file}";')
            w(f"  main := {xtags} @{{ lfp = p + 1; lcs = ftargs; }};")
            w("  write data noentry nofinal;")
            w("}%%")
            w(f"GEN_HOT static size_t {xt}(int *csp, const unsigned char *s, "
              "const unsigned char *p, const unsigned char *pe, "
              "struct uriscan_uri *u, const unsigned char **mk, "
              "const unsigned char **lf, int *ended)")
            w("{")
            w("\tconst unsigned char *const p0 = p;")
            w("\tconst unsigned char *lfp = NULL, *eof = NULL, *stop = p;")
            w("\tint lcs = 0, pass = 0;")
            w("\tint cs = *csp;")
            w("\t(void)eof;")
            w("\t*ended = 0;")
            w("\tfor (;;) {")
            w("\t%% write exec;")
            w("\t\tif (pass)")
            w("\t\t\tbreak;")
            w("\t\tstop = p;")
            w("\t\t*csp = cs;")
            w("\t\tif (lfp == NULL || p != lfp ||")
            w(f"\t\t    (cs != {g}_xt_error && p != pe))")
            w("\t\t\tbreak;")
            w("\t\tcs = lcs;")
            w("\t\tpe = eof = p;")
            w("\t\tpass = *ended = 1;")
            w("\t}")
            w("\tif (lfp != NULL)")
            w("\t\t*lf = lfp;")
            w("\treturn (size_t)(stop - p0);")
            w("}")
            w("")
        w(f"static const struct uriscan__xmachine {m} = {{")
        xts = f"{g}_xt_start, {g}_xt_error" if xr[0]["tags"] else "0, 0"
        if extract_cut is None:
            cut = "URISCAN__CUT_NONE"
        elif extract_cut == "all":
            cut = "URISCAN__CUT_ALL"
        else:
            cr = [r for r in rules if r["name"] == extract_cut][0]
            cut = f"GEN_RULE_{cr['machine']}"
        w(f'\t"{extract}", {m}_exec, {xp}, {xt}, {m}_start, {m}_error, {xts},')
        w(f"\t{cut}")
        w("};")
        w("#undef URISCAN__SKIP_TAB")
        w("#define URISCAN__SKIP_TAB uriscan__skip_tab")
        w("")
    if part == "hot":
        # the machines with the http entry and their slots, so that
        # tests/core/test_http_entry.c can see that each has its entry and
        # turn it off to compare
        w(f"const struct uriscan__http_ref uriscan__http_refs_{g}_{suffix}[] = {{")
        for m in entries:
            w(f'\t{{"{m}", &{m}_hm, &{m}_hs}},')
        w("\t{NULL, NULL, NULL}};")
        w("")
    w(f"static const struct uriscan__rule {g}_rules[] = {{")
    for r in rules:
        n = r["machine"]
        v, p = (f"{g}_{k}{'d' if twinned(r, k) else ''}_{n}" for k in "vp")
        parse = fn(p, r, "p") if r["tags"] else "NULL"
        own = [fn(f"{g}_{k}_{n}", r, k) if twinned(r, k) else "NULL"
               for k in "vp"]
        w(f'\t{{"{r["name"]}", {fn(v, r)}, {parse}, {own[0]}, {own[1]}}},')
    w("};")
    w("")
    w(f"const struct uriscan__gen GEN_SYM({g}) = {{")
    w(f"\t{g}_rules, {len(rules)}, {defaults[0]}, "
      + (f"&{g}_x" if extract else "NULL"))
    w("};")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
