/*
 * bench_callgrind.c: instructions per URL, from valgrind's callgrind run on
 * a child copy of the harness (--ir-child). No wall-clock timing here.
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

/* Ir of a child run doing `passes` passes; -1 on failure. */
static double callgrind_ir(const struct row *r, int passes)
{
	char exe[PATH_MAX], qexe[PATH_MAX * 2], qpath[PATH_MAX * 2],
	    qid[256], cmd[PATH_MAX * 5];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return -1;
	exe[n] = '\0';
	shell_quote(qexe, sizeof qexe, exe);
	shell_quote(qpath, sizeof qpath, r->set->path);
	shell_quote(qid, sizeof qid, r->p->id);
	snprintf(cmd, sizeof cmd,
	         "valgrind --tool=callgrind --callgrind-out-file=/dev/null "
	         "%s --ir-child %s --ir-passes %d %s%s 2>&1",
	         qexe, qid, passes, r->set->is_log ? "--log " : "", qpath);
	FILE *p = popen(cmd, "r");
	if (p == NULL)
		return -1;
	char line[512];
	double ir = -1;
	while (fgets(line, sizeof line, p)) {
		char *c = strstr(line, "Collected : ");
		if (c)
			ir = strtod(c + 12, NULL);
	}
	if (pclose(p) != 0)
		return -1;
	return ir;
}

/* --ir-child ID --ir-passes N: the run valgrind counts. */
int callgrind_child_main(const char *id, int passes)
{
	const struct bench_parser *p = find_parser(id);
	if (p == NULL || nsets != 1)
		die("--ir-child: unknown parser or not one dataset");
	void *ctx = p->init ? p->init() : NULL;
	uint64_t sink = 0;
	for (int k = 0; k < passes; k++)
		sink += p->batch(ctx, &sets[0], &sink);
	bench_sink = sink;
	if (p->fini)
		p->fini(ctx);
	return 0;
}

/* --callgrind: Ir per URL of the rows r0[0 .. nr), all on the dataset s. */
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
		double a = callgrind_ir(r, 1), b = callgrind_ir(r, 2);
		if (a >= 0 && b >= 0)
			r->ir_url = (b - a) / (double)s->n;
		else
			fprintf(hout, "  callgrind failed for %s\n", r->p->id);
	}
}
