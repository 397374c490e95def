# SPDX-License-Identifier: MIT
"""TAP output for the Python test scripts (tests/cli, tests/install and the
bench's smoke.py and test_perf_profile.py), as tests/tap.h is for the C
ones: the test points of one program, numbered from 1, and the plan at the
end. A script imports it with its own directory's parent on sys.path (the
bench's: tests/, found from bench/)."""

n = 0
failed = 0


def ok(cond, what, detail=""):
    """One test point; when it fails, the last 40 lines of detail follow
    as TAP comments. Returns cond."""
    global n, failed
    n += 1
    if not cond:
        failed += 1
    # one line: a description with a line break (a shell example of
    # several lines) would end the TAP line early
    what = " ".join(str(what).splitlines())
    print("%s %d - %s" % ("ok" if cond else "not ok", n, what))
    if not cond and detail:
        for line in str(detail).splitlines()[-40:]:
            print("# " + line)
    return cond


def skip(what, why):
    global n
    n += 1
    what = " ".join(str(what).splitlines())
    print("ok %d - %s # SKIP %s" % (n, what, why))


def done():
    """Print the plan; the exit status: 1 if a point failed."""
    print("1..%d" % n)
    return 1 if failed else 0
