/* SPDX-License-Identifier: MIT */
/*
 * bench_options.c: the run's settings (struct bench_opts, with their
 * defaults) and where the human-readable report goes (hout). main() in
 * bench.c fills them from the command line; every other file of the
 * harness only reads them. Calls nothing.
 */
#include "bench_harness.h"

struct bench_opts opt = {.reps = 7, .min_time = 0.1, .warmup = 0.05,
                         .cpu = -1, .examples = 5};
FILE *hout; /* stdout, or stderr with --json (set by main) */
