#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gunzip.py IN.gz OUT: decompress one file of data/ into the build
directory (data/meson.build, scripts/bench.sh). Python's gzip module, so no
gzip program is needed."""
import gzip
import shutil
import sys

if len(sys.argv) != 3:
    sys.exit("usage: gunzip.py IN.gz OUT")
with gzip.open(sys.argv[1], "rb") as src, open(sys.argv[2] + ".tmp", "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
shutil.move(sys.argv[2] + ".tmp", sys.argv[2])
