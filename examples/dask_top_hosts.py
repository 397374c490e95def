#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""dask_top_hosts.py: the top-N hosts of the URLs in FILES, computed on a
Dask cluster; prints what `uriscan extract --top N FILES` prints
(COUNT<TAB>HOST, most frequent first, ties in byte order).

    dask_top_hosts.py --scheduler tcp://HOST:8786 FILES...   # a running cluster
    dask_top_hosts.py --local 2 FILES...                     # a LocalCluster

FILES may be globs or any URL Dask reads (s3://, hdfs://, ...); every worker
must see them and have uriscan installed.
"""
import argparse
import sys

import distributed

import uriscan.dask as ud


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a dask scheduler")
    where.add_argument("--local", type=int, metavar="N",
                       help="start a LocalCluster of N worker processes")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--blocksize", default=ud.DEFAULT_BLOCKSIZE)
    ap.add_argument("--grammar", default="rfc3986")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    cluster = None
    if a.local:
        cluster = distributed.LocalCluster(n_workers=a.local, threads_per_worker=1,
                                           host="127.0.0.1", dashboard_address=None)
    try:
        with distributed.Client(cluster or a.scheduler) as client:
            bag = ud.extract_bag(a.files, a.grammar, blocksize=a.blocksize)
            top = client.compute(ud.top_hosts(bag, a.top)).result()
    finally:
        if cluster is not None:
            cluster.close()
    out = sys.stdout.buffer
    for host, count in top:
        out.write(b"%d\t%s\n" % (count, host))
    return 0 if top else 1


if __name__ == "__main__":
    sys.exit(main())
