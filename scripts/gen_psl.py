#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_psl.py: compile the Public Suffix List into C: psl_rules.c and
psl_rules.h
(generated in the build; read by src/hosts/psl_site.c).

    gen_psl.py public_suffix_list.dat psl_rules.c psl_rules.h

psl_rules.h has the table's size as constants (psl_site.c's lookup
shifts and masks by them without a load).

Every rule of the list (ICANN and PRIVATE sections), in its A-label form
(an IDN rule's U-labels are converted to punycode, the form uriscan_site
reads), goes into one open-addressing hash table, one entry per
suffix, with libpsl's flags: RULE (a plain rule, or the base "ck" of a
wildcard "*.ck", which libpsl also treats as public), WILDCARD, EXCEPTION
("!www.ck"), and NODE for every proper suffix of a rule (so that a lookup
walking a name from the right stops at the first suffix no rule ends
with). The table is a trie: each suffix is a node keyed on its first
label and the index of the suffix after it, so the walk looks up one label
at a time, right to left, hashing only the label (psl_table.h).

The list's version: its "// VERSION:" line when it has one (upstream
lists since 2023), else the file's modification date (Debian's copy has
none; the date is the package's), with the SHA-256 of the file.
"""
import datetime
import hashlib
import os
import sys

RULE, WILDCARD, EXCEPTION, NODE, ICANN, PRIVATE = 1, 2, 4, 8, 16, 32


def alabel(label):
    if all(ord(c) < 128 for c in label):
        return label
    return "xn--" + label.encode("punycode").decode("ascii")


ROOT = 0xFFFF  # the parent of a last label (psl_table.h: PSL_ROOT)
M64 = (1 << 64) - 1
K = 0x9E3779B97F4A7C15


def psl_hash(parent, n, w0):
    """psl_table.h's psl_hash: of the label n bytes long whose first eight
    bytes (zero-padded, little-endian) are w0, under the node parent."""
    return ((((parent << 8 | n) * K) & M64 ^ w0) * K) & M64


def psl_tag(h):
    """psl_table.h's psl_tag: 16 bits of the hash the slot's index does
    not use, never 0."""
    return (h >> 16) & 0xFFFF | 1


def main():
    src, out, header = sys.argv[1], sys.argv[2], sys.argv[3]
    raw = open(src, "rb").read()
    text = raw.decode("utf-8")
    version = None
    section = 0
    flags = {}
    nrules = 0
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("// VERSION:") and version is None:
            version = line.split(":", 1)[1].strip()
        if "===BEGIN ICANN DOMAINS===" in line:
            section = ICANN
        elif "===BEGIN PRIVATE DOMAINS===" in line:
            section = PRIVATE
        if not line or line.startswith("//"):
            continue
        rule = line.split()[0].lower()
        f = RULE
        if rule.startswith("!"):
            rule, f = rule[1:], EXCEPTION
        elif rule.startswith("*."):
            rule, f = rule[2:], RULE | WILDCARD
        elif "*" in rule:
            sys.exit("gen_psl.py: unsupported rule %r" % line)
        rule = ".".join(alabel(l) for l in rule.split("."))
        nrules += 1
        flags[rule] = flags.get(rule, 0) | f | section
        labels = rule.split(".")
        for i in range(1, len(labels)):
            parent = ".".join(labels[i:])
            flags[parent] = flags.get(parent, 0) | NODE
    if version is None:
        mtime = os.stat(src).st_mtime
        version = datetime.datetime.fromtimestamp(
            mtime, datetime.timezone.utc).strftime("%Y-%m-%d")
    sha = hashlib.sha256(raw).hexdigest()

    # A trie: a node per label of every rule and of every proper suffix of
    # one, keyed on (its parent's index, the label), in an open-addressing
    # table of slots (a tag of the key's hash and the node's index) three
    # times the nodes, so that a label no rule has (most lookups) ends at
    # the first or second slot. The key's hash reads the label's first
    # eight bytes as one little-endian word (zero-padded), its length and
    # the parent (psl_table.h: psl_hash); the rest of a longer label is
    # compared from uriscan__psl_rest.
    keys = sorted(flags, key=lambda k: (k.count("."), k))
    bits = 1
    while (1 << bits) < len(keys) * 3:
        bits += 1
    size = 1 << bits
    slots = [0] * size  # psl_tag << 16 | node index; 0: empty
    nodes = []  # (w0, rest, parent, len, flags)
    index = {}
    rest = []
    maxprobe = 0
    for k in keys:
        label, _, up = k.partition(".")
        parent = index[up] if up else ROOT
        lab = label.encode("ascii")
        assert 0 < len(lab) < 256
        w0 = int.from_bytes(lab[:8].ljust(8, b"\0"), "little")
        off = len(rest)
        tail = lab[8:]
        for i in range(0, len(tail), 8):
            rest.append(int.from_bytes(tail[i:i + 8].ljust(8, b"\0"),
                                       "little"))
        h = psl_hash(parent, len(lab), w0)
        i, probe = h >> (64 - bits), 0
        while slots[i]:
            i, probe = (i + 1) & (size - 1), probe + 1
        maxprobe = max(maxprobe, probe)
        index[k] = len(nodes)
        slots[i] = psl_tag(h) << 16 | len(nodes)
        nodes.append((w0, off if tail else 0, parent, len(lab), flags[k]))
    assert len(nodes) < ROOT and len(rest) < (1 << 32)

    o = []
    o.append("/* Generated by scripts/gen_psl.py from %s: do not edit. */"
             % os.path.basename(src))
    o.append('#include "psl_table.h"\n')
    o.append('const char uriscan__psl_version[] = "%s (sha256 %s, %d rules)";'
             % (version, sha[:16], nrules))
    o.append('const char uriscan__psl_date[] = "%s";' % version)
    o.append("const unsigned uriscan__psl_nrules = %du;" % nrules)
    o.append("/* %d nodes, %d slots, longest probe %d */" %
             (len(nodes), size, maxprobe))
    o.append("const uint32_t uriscan__psl_slots[%d] = {" % size)
    for i in range(0, size, 8):
        o.append("\t" + ",".join("%du" % t for t in slots[i:i + 8]) + ",")
    o.append("};")
    o.append("const struct psl_node uriscan__psl_nodes[%d] = {" % len(nodes))
    for t in nodes:
        o.append("\t{0x%016xu, %du, %du, %du, %du}," % t)
    o.append("};")
    o.append("const uint64_t uriscan__psl_rest[%d] = {" % max(len(rest), 1))
    for i in range(0, max(len(rest), 1), 4):
        o.append("\t" + ",".join("0x%016xu" % w for w in
                                  (rest or [0])[i:i + 4]) + ",")
    o.append("};")
    with open(out, "w") as fp:
        fp.write("\n".join(o) + "\n")
    with open(header, "w") as fp:
        fp.write("/* Generated by scripts/gen_psl.py from %s: do not edit. */\n"
                 "#ifndef URISCAN_PSL_RULES_H\n#define URISCAN_PSL_RULES_H\n"
                 "/* the slots of uriscan__psl_slots: 1 << PSL_BITS */\n"
                 "#define PSL_BITS %du\n#endif\n"
                 % (os.path.basename(src), bits))


if __name__ == "__main__":
    main()
