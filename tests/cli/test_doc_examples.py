#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_doc_examples.py: the shell examples of the documentation run as
written.

Usage: test_doc_examples.py UCLI SOURCE_ROOT

Reads README.md, every docs/**/*.md and every manual page (*.1 under src/,
docs/ and man/) of SOURCE_ROOT, takes each shell example that runs uriscan
(its first word, or after a pipe from printf, echo or cat) on a bundled file
(it names tests/data/... or data/...) or on bytes of its own (printf or
echo into it), and runs it with sh from SOURCE_ROOT, the uriscan under test
first on PATH. Prints TAP, one point per example.

Where an example is:
  - Markdown: a fenced code block (``` or ```sh, shell, bash, console).
    A block whose lines start with "$ " is a session: each "$ COMMAND" is
    an example and the lines up to the next "$ " its expected output,
    exactly. Otherwise each line is an example (a trailing backslash
    continues it).
  - roff: the lines between .EX and .EE (\\- \\e \\(aq \\(dq \\~ unescaped).
An example passes when its exit status is the one its trailing comment
states ("# exit 1", "# exits 1"), else 0 (a script of several lines, whose
status is its last command's, often a test: 0 or 1 with nothing on
standard error), no usage error is on standard
error (a pipeline's status is its last command's), and its output is the
one the session shows, when it shows one. An example with a placeholder ("...")
is not run. "build/src/cli/uriscan" (the binary in the build tree) is
run as "uriscan"; "gzip -dc data/X.gz > /tmp/F" is run, and F counts as
a bundled file in the examples after it.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from tap import done, ok  # noqa: E402 (tests/tap.py)

cli = os.path.abspath(sys.argv[1])
root = os.path.abspath(sys.argv[2])

SHELL_TAGS = {"", "sh", "shell", "bash", "console"}
BUNDLED = re.compile(r"(?<![\w/])(tests/)?data/")
STATUS_RE = re.compile(r"#.*?\bexits?\s+(?:status\s+)?(\d+)\b")
# a bundled compressed file decompressed for the examples after it
SETUP_RE = re.compile(r"^\s*gzip -dc (data/\S+\.gz) > (/tmp/[\w.-]+)\s*$")
# the binary as the build tree names it: the one under test is run instead
BUILT_RE = re.compile(r"(?<![\w/])(?:\./)?build[\w.-]*/src/cli/uriscan\b")


def doc_files():
    """README.md, docs/**/*.md and the manual pages, sorted."""
    found = []
    if os.path.exists(os.path.join(root, "README.md")):
        found.append("README.md")
    for top in ("docs", "src", "man"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith("."))
            for f in sorted(files):
                rel = os.path.relpath(os.path.join(d, f), root)
                if (top == "docs" and f.endswith(".md")) or \
                        re.search(r"\.[1-8]$", f):
                    found.append(rel)
    return found


def join_continued(lines):
    """Lines ending in a backslash joined with the next."""
    out, cur = [], ""
    for ln in lines:
        if ln.endswith("\\"):
            cur += ln[:-1] + " "
            continue
        out.append(cur + ln)
        cur = ""
    if cur:
        out.append(cur)
    return out


def markdown_examples(text):
    """(line number, command, expected output or None) of each example."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^\s*```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        tag, start = m.group(1), i + 1
        j = start
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        block = lines[start:j]
        i = j + 1
        if tag not in SHELL_TAGS:
            continue
        if any(b.startswith("$ ") for b in block):
            k = 0
            while k < len(block):
                if not block[k].startswith("$ "):
                    k += 1
                    continue
                cmd, n = block[k][2:], start + k + 1
                k += 1
                out = []
                while k < len(block) and not block[k].startswith("$ "):
                    out.append(block[k])
                    k += 1
                yield n, cmd, "".join(o + "\n" for o in out)
        else:
            for k, cmd in enumerate(join_continued(block)):
                yield start + k + 1, cmd, None


def roff_unescape(s):
    for a, b in ((r"\-", "-"), (r"\(aq", "'"), (r"\(dq", '"'), (r"\~", " "),
                 (r"\&", ""), (r"\e", "\\")):
        s = s.replace(a, b)
    return s


def roff_examples(text):
    """Each line of an .EX block, or the whole block as one script when it
    holds a compound command (a line ending in do or then)."""
    block, start = None, 0
    for n, ln in enumerate(text.split("\n"), 1):
        if ln.startswith(".EX"):
            block, start = [], n + 1
        elif ln.startswith(".EE") and block is not None:
            if any(re.search(r"\b(do|then)\s*$", b) for b in block):
                yield start, "\n".join(block), None
            else:
                for k, cmd in enumerate(join_continued(block)):
                    yield start + k, cmd, None
            block = None
        elif block is not None and not ln.startswith("."):
            block.append(roff_unescape(ln))


def runnable(cmd, made=()):
    """Does cmd run uriscan (its first word, or after a pipe from printf,
    echo or cat) on a bundled file (or one made from it, in made) or on
    bytes of its own?"""
    if "..." in cmd:
        return False
    if any(m in cmd for m in made):
        cmd = cmd + " data/"  # made from a bundled file
    # a variable the example does not set itself ("$addr"): a fragment
    for v in re.findall(r"\$\{?([A-Za-z_]\w*)", cmd):
        if not re.search(r"(\bread\s+(-r\s+)?|\bfor\s+|\b)%s\b(=|\s|;|$)"
                         % v, cmd.split("$" + v)[0]):
            return False
    if re.match(r"^\s*uriscan\s+(rules|--help|--version)\b", cmd):
        return True  # reads no file
    if re.match(r"^\s*uriscan\s", cmd):
        return BUNDLED.search(cmd) is not None
    if re.match(r"^\s*(printf|echo|cat)\s", cmd) and \
            re.search(r"\|\s*uriscan\s", cmd):
        return BUNDLED.search(cmd) is not None or \
            not cmd.lstrip().startswith("cat")
    return False


def main():
    with tempfile.TemporaryDirectory() as bindir:
        os.symlink(cli, os.path.join(bindir, "uriscan"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"],
                   LC_ALL="C")
        count = 0
        for rel in doc_files():
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                text = f.read()
            examples = (markdown_examples(text) if rel.endswith(".md")
                        else roff_examples(text))
            made = []
            for n, cmd, want in examples:
                cmd = BUILT_RE.sub("uriscan", cmd)
                setup = SETUP_RE.match(cmd)
                if setup:  # run it for the examples that read its output
                    subprocess.run(["sh", "-c", cmd], cwd=root, env=env,
                                   check=True, timeout=60)
                    made.append(setup.group(2))
                    continue
                if not runnable(cmd, made):
                    continue
                count += 1
                m = STATUS_RE.search(cmd)
                # a script of several lines (a loop) ends with its last
                # command, often a test: 0 or 1, with nothing on stderr
                statuses = ({int(m.group(1))} if m else
                            {0, 1} if "\n" in cmd else {0})
                p = subprocess.run(["sh", "-c", cmd], cwd=root, env=env,
                                   capture_output=True, timeout=60)
                out = p.stdout.decode("utf-8", "replace")
                err = p.stderr.decode("utf-8", "replace")
                # a pipeline's status is its last command's: a usage error
                # of uriscan inside one shows only on stderr
                good = (p.returncode in statuses and
                        "for more information" not in err and
                        ("\n" not in cmd or err == "") and
                        (want is None or out == want))
                ok(good, f"{rel}:{n}: {cmd[:70]}",
                   f"exit status {p.returncode}, want {sorted(statuses)}\n"
                   f"stderr: {err}\n"
                   f"stdout: {out}\n"
                   + (f"want: {want}" if want is not None else ""))
        ok(count >= 5, f"{count} examples found (at least 5)")
    return done()


sys.exit(main())
