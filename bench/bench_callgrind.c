/* SPDX-License-Identifier: MIT */
/*
 * bench_callgrind.c: instructions and mispredicted branches per URL, from
 * valgrind's callgrind run on a child copy of the harness (--ir-child), its
 * branch simulation on. No wall-clock timing here.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_harness.h"

static void shell_quote(char *dst, size_t cap, const char *s)
{
	size_t o = 0;
	if (cap < 3)
		die("path too long");
	dst[o++] = '\'';
	for (; *s; s++) {
		if (o + 6 >= cap)
			die("path too long");
		if (*s == '\'') {
			memcpy(dst + o, "'\\''", 4);
			o += 4;
		} else {
			dst[o++] = *s;
		}
	}
	dst[o++] = '\'';
	dst[o] = '\0';
}

/* The events of callgrind's branch simulation, in the order of its
 * "Events :" line: instructions, conditional branches and those
 * mispredicted, indirect branches and those mispredicted. */
enum { EV_IR, EV_BC, EV_BCM, EV_BI, EV_BIM, EV_COUNT };
static const char *const ev_names[EV_COUNT] = {"Ir", "Bc", "Bcm", "Bi",
                                               "Bim"};

/* The counts of a child run doing `passes` passes into ev[]; 0 on
 * failure. The columns are found by name on the "Events :" line. */
static int callgrind_counts(const struct row *r, int passes,
                            double ev[EV_COUNT])
{
	char exe[PATH_MAX], qexe[PATH_MAX * 2], qpath[PATH_MAX * 2],
	    qid[256], cmd[PATH_MAX * 5];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return 0;
	exe[n] = '\0';
	shell_quote(qexe, sizeof qexe, exe);
	shell_quote(qpath, sizeof qpath, r->set->path);
	shell_quote(qid, sizeof qid, r->p->id);
	snprintf(cmd, sizeof cmd,
	         "valgrind --tool=callgrind --branch-sim=yes "
	         "--callgrind-out-file=/dev/null "
	         "%s --ir-child %s --ir-passes %d %s%s 2>&1",
	         qexe, qid, passes, r->set->is_log ? "--log " : "", qpath);
	FILE *p = popen(cmd, "r");
	if (p == NULL)
		return 0;
	char line[512];
	int col[EV_COUNT], found = 0;
	for (int e = 0; e < EV_COUNT; e++)
		col[e] = -1;
	while (fgets(line, sizeof line, p)) {
		char *c = strstr(line, "Events    : ");
		if (c != NULL) {
			int k = 0;
			for (char *w = strtok(c + 12, " \n"); w != NULL;
			     w = strtok(NULL, " \n"), k++)
				for (int e = 0; e < EV_COUNT; e++)
					if (strcmp(w, ev_names[e]) == 0)
						col[e] = k;
			continue;
		}
		c = strstr(line, "Collected : ");
		if (c == NULL)
			continue;
		char *q = c + 12;
		for (int k = 0; k < 16; k++) {
			char *end;
			double v = strtod(q, &end);
			if (end == q)
				break;
			for (int e = 0; e < EV_COUNT; e++)
				if (col[e] == k) {
					ev[e] = v;
					found |= 1 << e;
				}
			q = end;
		}
	}
	if (pclose(p) != 0)
		return 0;
	return found == (1 << EV_COUNT) - 1;
}

/* --ir-child ID --ir-passes N: the run valgrind counts. */
int callgrind_child_main(const char *id, int passes)
{
	const struct bench_parser *p = find_parser(id);
	if (p == NULL || nsets != 1)
		die("--ir-child: unknown parser or not one dataset");
	ops_prepare(&sets[0]); /* the rel rows' inputs */
	void *ctx = p->init ? p->init() : NULL;
	uint64_t sink = 0;
	for (int k = 0; k < passes; k++)
		sink += p->batch(ctx, &sets[0], &sink);
	bench_sink = sink;
	if (p->fini)
		p->fini(ctx);
	return 0;
}

/* --callgrind: Ir and mispredicted branches (conditional and indirect)
 * per URL of the rows r0[0 .. nr), all on the dataset s: one warm pass,
 * the counts of two passes minus those of one. */
void callgrind_rows(const struct bench_set *s, struct row *r0, size_t nr)
{
	if (s->raw_len > CALLGRIND_MAX) {
		fprintf(hout, "callgrind: skipped for %s (larger than %d MB; "
		              "instruction counts need no more data)\n",
		        s->name, CALLGRIND_MAX >> 20);
		return;
	}
	for (size_t i = 0; i < nr; i++) {
		struct row *r = &r0[i];
		double a[EV_COUNT], b[EV_COUNT];
		if (callgrind_counts(r, 1, a) && callgrind_counts(r, 2, b)) {
			r->ir_url = (b[EV_IR] - a[EV_IR]) / (double)s->n;
			r->mis_url = (b[EV_BCM] + b[EV_BIM] - a[EV_BCM] -
			              a[EV_BIM]) /
			             (double)s->n;
		} else {
			fprintf(hout, "  callgrind failed for %s\n", r->p->id);
		}
	}
}
