#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prove that every run skip of the generated machines keeps the machine.

    check_skips.py --ragel RAGEL -I DIR --gen-h GEN_H --classes GRAMMAR_C
                   FILE.rl...

A fast path (ragel/*_tags.rl, `$skip_...` actions; src/grammars/gen.h SKIP) runs
through the bytes after p that are in a class, as if the machine had taken
its transition on each of them. That is only the same machine when, in the
compiled DFA, the state T the transition with the skip leads to goes back
to T on every byte of the class, and those transitions run nothing that the
skip leaves out. The comments in the .rl files argue it from the grammar;
this script checks it on what Ragel built, for every machine of every
FILE.rl (`ragel -x`, its XML: states, transitions as byte ranges, action
tables).

For each transition from any state S on a byte b to a state T whose action
table A holds a skip action SKIP(K) (guarded or not by GEN_IS_ALPHA(*p): then
only for b a letter), and for each byte c of class K
(src/grammars/grammar.c uriscan__gen_class, bits named in src/grammars/gen.h):
  - T's transition on c goes to T;
  - its actions are skips or actions that A runs after the skip (they run
    once, with p on the run's last byte, as the last skipped byte would have
    run them: `lfp = p + 1` of the extraction machines);
  - A holds one skip (two would chain: the second would run on past the
    first's run);
  - T has no to-state or from-state actions (they would run per byte).
Actions before the skip in A run once, on b: the transition's own.

Output: TAP, one line per FILE.rl. Exit status 0 when every skip holds, 1
when one does not (each counterexample printed: machine, states, bytes), 2 on
bad arguments or a ragel failure.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SKIP_RE = re.compile(
    r"^\s*(?P<guard>if \(GEN_IS_ALPHA\(\*p\)\)\s*)?SKIP\((?P<cls>GEN_CLASS_\w+)\);\s*$")


def load_classes(gen_h, grammar_c):
    """{GEN_CLASS_NAME: set of bytes} from gen.h's bits and grammar.c's table."""
    with open(gen_h, encoding="utf-8") as f:
        bits = {m.group(1): int(m.group(2)) for m in re.finditer(
            r"#define (GEN_CLASS_\w+) (\d+)u", f.read())}
    with open(grammar_c, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"uriscan__gen_class\[256\] = \{(.*?)\};", text, re.S)
    if m is None:
        raise SystemExit("check_skips: no uriscan__gen_class in " + grammar_c)
    table = [int(v) for v in re.findall(r"\d+", m.group(1))]
    if len(table) != 256 or not bits:
        raise SystemExit("check_skips: cannot read the classes")
    return {name: {c for c in range(256) if table[c] & bit}
            for name, bit in bits.items()}


def is_alpha(c):
    return 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


class Machine:
    """One ragel_def of `ragel -x`: its actions, action tables, states."""

    def __init__(self, node):
        self.name = node.get("name")
        m = node.find("machine")
        self.actions = {}
        for a in m.find("action_list"):
            text = a.findtext("text") or ""
            self.actions[int(a.get("id"))] = (a.get("name"), text)
        self.tables = {}
        for t in m.find("action_table_list"):
            self.tables[int(t.get("id"))] = [int(v) for v in t.text.split()]
        self.states = {}
        self.state_actions = {}
        for s in m.find("state_list"):
            sid = int(s.get("id"))
            trans = []
            for t in s.find("trans_list"):
                lo, hi, tgt, act = t.text.split()
                trans.append((int(lo), int(hi), int(tgt),
                              None if act == "x" else int(act)))
            self.states[sid] = trans
            sa = s.findtext("state_actions")
            self.state_actions[sid] = sa.split() if sa else ["x", "x", "x"]

    def step(self, state, c):
        """(target, action table id or None) on byte c (0-255), or None
        when the state has no transition on it (the error state)."""
        sc = c - 256 if c >= 128 else c  # alphtype char: signed
        for lo, hi, tgt, act in self.states[state]:
            if lo <= sc <= hi:
                return tgt, act
        return None


def skip_of(machine, action_id):
    """(class name, guarded) when the action is a skip, else None."""
    name, text = machine.actions[action_id]
    if "SKIP" not in text:
        return None
    m = SKIP_RE.match(text)
    if m is None:
        raise SystemExit("check_skips: %s: action %s has a SKIP of an unknown "
                         "form: %r" % (machine.name, name, text))
    return m.group("cls"), m.group("guard") is not None


def check_machine(machine, classes):
    """The counterexamples of one machine (strings) and the skips checked."""
    bad = []
    checked = 0
    seen = set()
    for sid, trans in machine.states.items():
        for lo, hi, tgt, act in trans:
            if act is None:
                continue
            table = machine.tables[act]
            skips = [(i, skip_of(machine, a)) for i, a in enumerate(table)]
            skips = [(i, s) for i, s in skips if s is not None]
            if not skips:
                continue
            if len(skips) > 1:
                bad.append("%s: state %d -> %d: %d skips on one transition"
                           % (machine.name, sid, tgt, len(skips)))
                continue
            pos, (cls, guarded) = skips[0]
            if cls not in classes:
                bad.append("%s: unknown class %s" % (machine.name, cls))
                continue
            bytes_b = [c for c in range(256)
                       if lo <= (c - 256 if c >= 128 else c) <= hi]
            if guarded and not any(is_alpha(c) for c in bytes_b):
                continue  # the guard never lets it skip here
            key = (tgt, act, cls)
            if key in seen:
                continue
            seen.add(key)
            checked += 1
            after = set(table[pos + 1:])
            if machine.state_actions[tgt][:2] != ["x", "x"]:
                bad.append("%s: state %d has to/from-state actions"
                           % (machine.name, tgt))
            for c in sorted(classes[cls]):
                r = machine.step(tgt, c)
                if r is None or r[0] != tgt:
                    bad.append("%s: state %d -(%s)-> %d skips %s, but %d on "
                               "0x%02x goes to %s"
                               % (machine.name, sid, machine.actions[
                                   table[pos]][0], tgt, cls, tgt, c,
                                  "the error state" if r is None else r[0]))
                    break
                loop = machine.tables[r[1]] if r[1] is not None else []
                lost = [machine.actions[a][0] for a in loop
                        if a not in after and skip_of(machine, a) is None]
                if lost:
                    bad.append("%s: state %d loops on 0x%02x with %s, which "
                               "the skip of state %d -> %d leaves out"
                               % (machine.name, tgt, c, ", ".join(lost), sid,
                                  tgt))
                    break
    return bad, checked


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ragel", required=True)
    ap.add_argument("-I", dest="include", required=True)
    ap.add_argument("--gen-h", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("rl", nargs="+")
    args = ap.parse_args()
    classes = load_classes(args.gen_h, args.classes)

    print("1..%d" % len(args.rl))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, rl in enumerate(args.rl, 1):
            out = os.path.join(tmp, "m.xml")
            r = subprocess.run([args.ragel, "-x", "-I", args.include, rl,
                                "-o", out], capture_output=True, text=True)
            if r.returncode != 0:
                sys.stderr.write(r.stderr)
                return 2
            bad, checked, machines = [], 0, 0
            for node in ET.parse(out).getroot().iter("ragel_def"):
                b, k = check_machine(Machine(node), classes)
                bad += b
                checked += k
                machines += 1
            name = os.path.basename(rl)
            if bad or checked == 0:
                failed += 1
                print("not ok %d - %s: %s" % (n, name, "no skip found"
                                              if not bad else
                                              "%d skips break the machine"
                                              % len(bad)))
                for line in bad[:40]:
                    print("#   " + line)
            else:
                print("ok %d - %s: %d skip transitions in %d machines keep "
                      "their state" % (n, name, checked, machines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
