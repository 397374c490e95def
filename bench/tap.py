"""TAP output for the bench's Python tests (smoke.py, test_perf_profile.py):
the test points of one program, numbered from 1, and the plan at the end."""

n = 0
failed = 0


def ok(cond, name):
    """One test point; returns cond."""
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, name))
    return cond


def skip(name, why):
    global n
    n += 1
    print("ok %d - %s # SKIP %s" % (n, name, why))


def done():
    """Print the plan; the exit status: 1 if a point failed."""
    print("1..%d" % n)
    return 1 if failed else 0
