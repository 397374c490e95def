#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-calls.py: list, for each C file of src/, python/ and bench/, the
functions (and tables) it uses from other files, and fail on a circle.

Usage: check-calls.py BUILDDIR [--list]

Reads BUILDDIR/compile_commands.json for the object file of each source,
and the objects' symbol tables with `nm`: a global symbol a file uses
(`nm -u`) and another file defines is an edge from the first file to the
second. A circle is a set of files that reach each other through such
edges (a strongly connected component of more than one file): two files
that call each other, or three in a ring. A circle is broken by moving
what both need into a lower file that both use, or by making them one
file (ARCHITECTURE.md, "Layers").

Left out: the machines generated from ragel/*.rl (compiled in the build
directory): the grammars' dispatch table (src/grammars/grammar.c) points
at them and they call back what src/grammars/ gives them (the run skips,
the fast reads, the naming of an error, the byte classes): with them
src/grammars/ is one module by design, as a parser generator's output
and its runtime are. tests/ too (a test calls what it tests and nothing
calls it). Functions inlined from a header are not calls between files
and are not seen.

The folders are layers as well (ARCHITECTURE.md, "Layers"): a file may
use a file of its own folder or of a lower layer, never one of a higher
layer or of another folder of its own layer:

  0  src/grammars
  1  src/operations, src/hosts
  2  src/extraction
  3  src/frontend
  4  src/cli, src/sql, python, bench

Prints the circles and the uses across layers, if any, and exits 1 when
there is one; with --list, also prints every file and what it uses from
each other file.
"""
import json
import os
import subprocess
import sys

SCOPE = ("src/", "python/", "bench/")
LAYERS = {"src/grammars": 0, "src/operations": 1, "src/hosts": 1,
          "src/extraction": 2, "src/frontend": 3, "src/cli": 4,
          "src/sql": 4, "python": 4, "bench": 4}


def folder(src):
    """The layer folder of a file: src/<subsystem>, or its top folder."""
    parts = src.split("/")
    if parts[0] == "src" and len(parts) > 2:
        return "src/" + parts[1]
    return parts[0]


def source_name(entry, root):
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    build = os.path.normpath(entry["directory"])
    if path.startswith(build + os.sep):
        # a file generated in the build directory: ragel/<g>_rules_....c
        return os.path.relpath(path, build)
    return os.path.relpath(path, root)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    build = sys.argv[1]
    listing = "--list" in sys.argv[2:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(build, "compile_commands.json"),
              encoding="utf-8") as f:
        entries = json.load(f)
    objects = {}  # source -> set of object paths
    for e in entries:
        src = source_name(e, root)
        if not src.startswith(SCOPE):
            continue
        obj = os.path.join(e["directory"], e["output"])
        if os.path.exists(obj):
            objects.setdefault(src, set()).add(obj)
    if not objects:
        print(f"check-calls: no object of src/, python/ or bench/ in {build}"
              " (build it first)", file=sys.stderr)
        return 2
    defined, used = {}, {}
    for src, objs in objects.items():
        for obj in objs:
            out = subprocess.run(["nm", "-P", obj], capture_output=True,
                                 text=True, check=True).stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) < 2:
                    continue
                name, kind = parts[0], parts[1]
                if kind == "U":
                    used.setdefault(src, set()).add(name)
                elif kind in "TDBRVW" and kind.isupper():
                    defined.setdefault(name, set()).add(src)
    edges = {src: {} for src in objects}
    for src, names in used.items():
        for name in names:
            for other in defined.get(name, ()):
                if other != src:
                    edges[src].setdefault(other, set()).add(name)
    if listing:
        for src in sorted(edges):
            print(src)
            for other in sorted(edges[src]):
                print(f"  {other}: {', '.join(sorted(edges[src][other]))}")
    upward = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            fa, fb = folder(a), folder(b)
            if fa == fb or fa not in LAYERS or fb not in LAYERS:
                continue
            if LAYERS[fb] >= LAYERS[fa]:
                upward.append((a, b))
    for a, b in upward:
        print(f"layer: {a} ({folder(a)}) uses {b} ({folder(b)}): "
              f"{', '.join(sorted(edges[a][b]))}")
    circles = strongly_connected(edges)
    for comp in circles:
        print("circle: " + " <-> ".join(sorted(comp)))
        for a in sorted(comp):
            for b in sorted(edges[a]):
                if b in comp:
                    print(f"  {a} -> {b}: "
                          f"{', '.join(sorted(edges[a][b]))}")
    print(f"check-calls: {len(edges)} files, "
          f"{sum(len(v) for v in edges.values())} edges, "
          f"{len(circles)} circles, {len(upward)} uses across layers")
    return 1 if circles or upward else 0


def strongly_connected(edges):
    """Tarjan's algorithm, iterative; the components of more than one."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    n = stack.pop()
                    on.discard(n)
                    comp.add(n)
                    if n == node:
                        break
                if len(comp) > 1:
                    out.append(comp)
    return out


if __name__ == "__main__":
    sys.exit(main())
