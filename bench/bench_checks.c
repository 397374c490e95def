/* SPDX-License-Identifier: MIT */
/*
 * bench_checks.c: the checks run before timing: verdicts of two parsers
 * compared input by input, and extraction counts compared. Not timed.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"

struct check *checks;
size_t nchecks;
struct count_check *cchecks;
size_t ncchecks;

/* Write s[0..n) printable: bytes outside 0x20..0x7e as \xHH. */
void put_escaped(FILE *f, const char *s, size_t n, size_t max)
{
	for (size_t i = 0; i < n && i < max; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			fputc(c, f);
		else
			fprintf(f, "\\x%02x", c);
	}
	if (n > max)
		fputs("...", f);
}

void run_check(const struct bench_set *s, const char *ida, const char *idb)
{
	const struct bench_parser *a = find_parser(ida);
	const struct bench_parser *b = find_parser(idb);
	if (a == NULL || b == NULL || !a->one || !b->one || !applies(a, s) ||
	    !applies(b, s))
		return;
	checks = xrealloc(checks, (nchecks + 1) * sizeof *checks);
	struct check *c = &checks[nchecks++];
	memset(c, 0, sizeof *c);
	c->set = s;
	c->a = ida;
	c->b = idb;
	void *ca = a->init ? a->init() : NULL;
	void *cb = b->init ? b->init() : NULL;
	uint64_t sink = 0;
	for (size_t i = 0; i < s->n; i++) {
		const char *u = s->text + s->off[i];
		int va = a->one(ca, u, s->len[i], &sink);
		int vb = b->one(cb, u, s->len[i], &sink);
		c->compared++;
		if (va != vb) {
			if (c->nex < (size_t)opt.examples && c->nex < 16) {
				c->ex[c->nex] = i;
				c->exa[c->nex] = va;
				c->exb[c->nex] = vb;
				c->nex++;
			}
			c->disagreements++;
		}
	}
	bench_sink += sink;
	if (a->fini)
		a->fini(ca);
	if (b->fini)
		b->fini(cb);
	fprintf(hout, "check: %s vs %s: %llu compared, %llu disagreement%s\n",
	        ida, idb, (unsigned long long)c->compared,
	        (unsigned long long)c->disagreements,
	        c->disagreements == 1 ? "" : "s");
	for (size_t k = 0; k < c->nex; k++) {
		size_t i = c->ex[k];
		fprintf(hout, "  line %zu: %s %s, %s %s: ", i + 1, ida,
		        c->exa[k] ? "accepts" : "rejects", idb,
		        c->exb[k] ? "accepts" : "rejects");
		put_escaped(hout, s->text + s->off[i], s->len[i], 200);
		fputc('\n', hout);
	}
}

/* "uriscan:<g>:extract..." -> length of "uriscan:<g>:", else 0 */
size_t ours_extract(const struct bench_parser *p)
{
	size_t n = strlen(OURS_PREFIX);
	if (p->task != BENCH_EXTRACT || strncmp(p->id, OURS_PREFIX, n) != 0)
		return 0;
	const char *c = strchr(p->id + n, ':');
	if (c == NULL || strncmp(c + 1, "extract", 7) != 0)
		return 0;
	return (size_t)(c + 1 - p->id);
}

void count_checks(const struct row *r0, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		const struct row *a = &r0[i];
		size_t gl = ours_extract(a->p);
		if (gl == 0 || strcmp(a->p->id + gl, "extract") != 0)
			continue;
		for (size_t k = 0; k < nr; k++) {
			const struct row *b = &r0[k];
			if (b == a || b->p->task != BENCH_EXTRACT)
				continue;
			int same = ours_extract(b->p) == gl &&
			           strncmp(a->p->id, b->p->id, gl) == 0;
			if (ours_extract(b->p) && !same)
				continue; /* another grammar */
			cchecks = xrealloc(cchecks,
			                   (ncchecks + 1) * sizeof *cchecks);
			struct count_check *c = &cchecks[ncchecks++];
			c->set = a->set;
			c->a = a->p->id;
			c->b = b->p->id;
			c->na = a->accepted;
			c->nb = b->accepted;
			c->must_agree = same;
			if (same)
				fprintf(hout, "check: %s found %llu, %s %llu: %s\n",
				        c->a, (unsigned long long)c->na, c->b,
				        (unsigned long long)c->nb,
				        c->na == c->nb ? "same"
				                       : "MISMATCH (a bug)");
			else
				fprintf(hout, "check: %s found %llu, %s %llu "
				              "(another definition of a URL; "
				              "information only): %+lld\n",
				        c->a, (unsigned long long)c->na, c->b,
				        (unsigned long long)c->nb,
				        (long long)c->na - (long long)c->nb);
		}
	}
}
