/* SPDX-License-Identifier: MIT */
/*
 * bench.c: the benchmark harness's command line and main(); the settings
 * it fills live in bench_options.c, the work is done by the other bench_*.c
 * files (bench_harness.h). One run answers "how fast is uriscan on this
 * data, next to the other parsers, on this machine, now".
 *
 *   bench [OPTIONS] PATH...
 *
 * PATH is a file of URLs (one per line), a log file (*.log: text to extract
 * URLs from), or a directory (its *.txt and *.log files, sorted). Each file
 * is loaded into memory once and every input is passed as pointer + length.
 *
 * Per dataset: every applicable parser is warmed up and its accept/reject
 * count printed; uriscan's RFC 3986 verdicts are checked against uriparser's
 * (disagreements counted, the first few printed); then REPS timed
 * repetitions, round-robin over the parsers (so drift hits all of them
 * alike), each repetition running the parser over the whole dataset enough
 * times to last at least MIN_TIME seconds (monotonic clock). Reported: the
 * median ns/URL and the spread (max - min) / 2 / median, URLs/s, MB/s, and
 * the ratios (computed per repetition, then the median) to uriparser and to
 * the byte-read limit timed in the same run. --callgrind adds instructions
 * and simulated mispredicted branches per URL from valgrind's callgrind
 * (deterministic), counted as (2 passes) - (1 pass) in a child run per
 * parser and dataset.
 *
 * See bench/README.md.
 */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"

static void usage(FILE *f)
{
	fputs("usage: bench [OPTIONS] PATH...\n"
	      "PATH: a file with one URL per line, a *.log file (log text),\n"
	      "      or a directory (its *.txt and *.log files)\n"
	      "  --reps N        timed repetitions (default 7)\n"
	      "  --min-time S    seconds per repetition per parser (0.1)\n"
	      "  --warmup S      warm-up seconds per parser (0.05)\n"
	      "  --cpu N         pin the process to CPU N\n"
	      "  --only LIST     comma-separated parser ids or prefixes\n"
	      "                  (uriparser, limit:byte-loop and, on logs,\n"
	      "                  hyperscan, pcre2-jit, limit:memmem and\n"
	      "                  limit:memchr always run)\n"
	      "  --log PATH      read PATH as log text whatever its name\n"
	      "  --json          JSON on stdout, the table on stderr\n"
	      "  --save FILE     also write the JSON to FILE\n"
	      "  --callgrind     add instructions and mispredicted\n"
	      "                  branches per URL (valgrind)\n"
	      "  --check-only    counts and verdict checks, no timing\n"
	      "  --check ID      also compare ID's verdicts with uriscan's\n"
	      "                  (RFC 3986), e.g. --check boost-url\n"
	      "  --examples N    disagreements to print per check (5)\n"
	      "  --list          list the parsers compiled in\n"
	      "  --help\n",
	      f);
}

static double num_arg(const char *o, const char *v, double lo, double hi)
{
	char *end;
	if (v == NULL)
		die("%s needs a value", o);
	double d = strtod(v, &end);
	if (*end != '\0' || !(d >= lo && d <= hi))
		die("%s: bad value '%s'", o, v);
	return d;
}

int main(int argc, char **argv)
{
	int list = 0;
	hout = stdout;
	collect_parsers();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--reps") == 0) {
			opt.reps = (int)num_arg(a, v, 1, 256);
			i++;
		} else if (strcmp(a, "--min-time") == 0) {
			opt.min_time = num_arg(a, v, 0, 3600);
			i++;
		} else if (strcmp(a, "--warmup") == 0) {
			opt.warmup = num_arg(a, v, 0, 3600);
			i++;
		} else if (strcmp(a, "--cpu") == 0) {
			opt.cpu = (int)num_arg(a, v, 0, CPU_SETSIZE - 1);
			i++;
		} else if (strcmp(a, "--only") == 0) {
			if (v == NULL)
				die("--only needs a value");
			opt.only = v;
			i++;
		} else if (strcmp(a, "--log") == 0) {
			if (v == NULL)
				die("--log needs a path");
			load_path(v, 1);
			i++;
		} else if (strcmp(a, "--json") == 0) {
			opt.json = 1;
		} else if (strcmp(a, "--save") == 0) {
			if (v == NULL)
				die("--save needs a file");
			opt.save = v;
			i++;
		} else if (strcmp(a, "--callgrind") == 0) {
			opt.callgrind = 1;
		} else if (strcmp(a, "--check-only") == 0) {
			opt.check_only = 1;
		} else if (strcmp(a, "--check") == 0) {
			if (v == NULL || find_parser(v) == NULL)
				die("--check needs a parser id (see --list)");
			if (opt.nextra < 16)
				opt.extra_check[opt.nextra++] = v;
			i++;
		} else if (strcmp(a, "--examples") == 0) {
			opt.examples = (int)num_arg(a, v, 0, 16);
			i++;
		} else if (strcmp(a, "--ir-child") == 0) {
			opt.ir_child = v;
			i++;
		} else if (strcmp(a, "--ir-passes") == 0) {
			opt.ir_passes = (int)num_arg(a, v, 0, 1000000);
			i++;
		} else if (strcmp(a, "--list") == 0) {
			list = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (a[0] == '-' && a[1] == '-') {
			usage(stderr);
			die("unknown option %s", a);
		} else {
			load_path(a, 0);
		}
	}
	if (opt.ir_child)
		return callgrind_child_main(opt.ir_child, opt.ir_passes);
	if (list) {
		for (size_t i = 0; i < nall; i++)
			printf("%-30s %-8s %-15s %s\n", all[i]->id,
			       task_name(all[i]->task), all[i]->grammar,
			       all[i]->what);
		return 0;
	}
	if (nsets == 0) {
		usage(stderr);
		die("no dataset given");
	}
	if (opt.json)
		hout = stderr;
	if (opt.cpu >= 0) {
		cpu_set_t cs;
		CPU_ZERO(&cs);
		CPU_SET(opt.cpu, &cs);
		if (sched_setaffinity(0, sizeof cs, &cs) != 0)
			die("--cpu %d: %s", opt.cpu, strerror(errno));
	}
	describe_machine();

	print_banner();

	for (size_t i = 0; i < nsets; i++) {
		ops_prepare(&sets[i]);
		bench_set_run(&sets[i]);
	}
	if (!opt.check_only)
		print_summary();

	if (opt.json)
		write_json(stdout);
	if (opt.save) {
		FILE *f = fopen(opt.save, "w");
		if (f == NULL)
			die("%s: %s", opt.save, strerror(errno));
		write_json(f);
		if (fclose(f) != 0)
			die("%s: write error", opt.save);
		fprintf(hout, "saved %s\n", opt.save);
	}
	return 0;
}
