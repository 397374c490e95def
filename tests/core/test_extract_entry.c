/* SPDX-License-Identifier: MIT */
/*
 * test_extract_entry.c: the state the extraction machines start in at the
 * ':' after a scheme (src/extraction/extract_entry.c). For every grammar built
 * with an extraction machine, and for its pure and its tags machine:
 *  - where the grammar has that state, running the machine from it at the
 *    ':' gives what running it from the scheme's first byte gives (final
 *    state, bytes read, end of the longest match, and for the tags machine
 *    the components, the host type, the marks and the end flag), for each
 *    scheme of a list before the text that follows each ':' of every
 *    extraction vector (the files named on the command line);
 *  - where it has none (-1), two schemes of the list lead the machine to
 *    different states, so none could be right;
 *  - the grammars that must have one (-e GRAMMAR, from meson.build: the
 *    ones whose scheme rule is a plain loop) have one.
 * Each input is copied into a block of its exact size (ASan sees a read
 * past it). No timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract.h"
#include "tap.h"
#include "uri_reset.h"
#include "vec.h"

/* Schemes tried before each tail: every scheme character, the RFC 1738
 * schemes with rules of their own, upper case. */
static const char *const schemes[] = {
    "a", "z", "A", "x1", "h+-.9", "http", "https", "HTTP", "ftp", "file",
    "gopher", "mailto", "news", "nntp", "telnet", "wais", "prospero",
    "urn", "zz", "ht", "f",
};
#define NSCHEMES (sizeof schemes / sizeof schemes[0])

/* At most this much of a tail (the machines are bounded by max_len). */
#define TAIL_MAX 300

struct run {
	int cs;
	size_t n;
	const unsigned char *lf;
	struct uriscan_uri u;
	const unsigned char *mk[URISCAN_COMPONENT_COUNT];
	int ended;
};

/* Machine xm (tags: its tags machine) on b[0, len) from state cs at b +
 * at (at == 0: the start state). */
static void run(const struct uriscan__xmachine *xm, int tags, int cs,
                const unsigned char *b, size_t at, size_t len, struct run *o)
{
	memset(o, 0, sizeof *o);
	o->cs = cs;
	if (tags) {
		uriscan__uri_reset(&o->u, URISCAN_RFC3986, 0);
		for (unsigned j = 0; j < URISCAN_COMPONENT_COUNT; j++)
			o->mk[j] = b;
		o->n = at + xm->xexec(&o->cs, b, b + at, b + len, &o->u, o->mk,
		                      &o->lf, &o->ended);
	} else {
		o->n = at + xm->exec(&o->cs, b + at, b + len, &o->lf);
	}
}

static int same(const struct run *x, const struct run *y, int tags)
{
	if (x->cs != y->cs || x->n != y->n || x->lf != y->lf)
		return 0;
	if (!tags)
		return 1;
	if (x->ended != y->ended || x->u.present != y->u.present ||
	    x->u.host_type != y->u.host_type || x->u.form != y->u.form ||
	    memcmp(x->u.part, y->u.part, sizeof x->u.part) != 0)
		return 0;
	return memcmp(x->mk, y->mk, sizeof x->mk) == 0;
}

/* The text column of every vector line of file path, unescaped, appended
 * to *texts (NUL-separated lengths in *lens). */
static size_t load_texts(const char *path, unsigned char **texts,
                         size_t *lens, size_t max)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	size_t n = 0;

	if (f == NULL)
		return 0;
	while (n < max && fgets(line, sizeof line, f) != NULL) {
		char *t1, *t2;
		long k;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		t1 = strchr(line, '\t');
		if (t1 == NULL || (t2 = strchr(t1 + 1, '\t')) == NULL)
			continue;
		*t2 = '\0';
		texts[n] = malloc(strlen(t1 + 1) + 1);
		if (texts[n] == NULL)
			break;
		k = vec_unescape(t1 + 1, texts[n], 0);
		if (k < 0) {
			free(texts[n]);
			continue;
		}
		lens[n++] = (size_t)k;
	}
	fclose(f);
	return n;
}

/* Every scheme before every tail from a ':' of the texts: entry against
 * start. The number of disagreements. */
static unsigned check_entry(const struct uriscan__xmachine *xm, int tags,
                            int entry, unsigned char **texts,
                            const size_t *lens, size_t ntexts,
                            unsigned long *cases)
{
	unsigned bad = 0;

	for (size_t t = 0; t < ntexts; t++) {
		for (size_t i = 0; i < lens[t]; i++) {
			size_t tail = lens[t] - i;
			if (texts[t][i] != ':')
				continue;
			if (tail > TAIL_MAX)
				tail = TAIL_MAX;
			for (size_t k = 0; k < NSCHEMES; k++) {
				size_t sl = strlen(schemes[k]), len = sl + tail;
				unsigned char *b = malloc(len);
				struct run x, y;

				if (b == NULL)
					return bad + 1;
				memcpy(b, schemes[k], sl);
				memcpy(b + sl, texts[t] + i, tail);
				run(xm, tags, tags ? xm->xstart : xm->start, b, 0, len,
				    &x);
				run(xm, tags, entry, b, sl, len, &y);
				if (!same(&x, &y, tags)) {
					if (bad++ < 5)
						tap_diag("differs: %s + text %zu from byte %zu",
						         schemes[k], t, i);
				}
				(*cases)++;
				free(b);
			}
		}
	}
	return bad;
}

/* Two schemes of the list that lead machine xm to different states (or
 * one to an error): 1 if found. */
static int schemes_differ(const struct uriscan__xmachine *xm, int tags)
{
	int first = 0;

	for (size_t k = 0; k < NSCHEMES; k++) {
		size_t sl = strlen(schemes[k]);
		unsigned char *b = malloc(sl);
		struct run x;

		if (b == NULL)
			return 0;
		memcpy(b, schemes[k], sl);
		run(xm, tags, tags ? xm->xstart : xm->start, b, 0, sl, &x);
		free(b);
		if (k == 0)
			first = x.cs;
		else if (x.cs != first)
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static unsigned char *texts[4096];
	static size_t lens[4096];
	size_t ntexts = 0;
	int must[URISCAN_GRAMMAR_COUNT] = {0};

	for (int a = 1; a < argc; a++) {
		enum uriscan_grammar g;
		if (strcmp(argv[a], "-e") == 0 && a + 1 < argc) {
			if (uriscan_grammar_from_name(argv[++a], &g) == URISCAN_OK)
				must[g] = 1;
			continue;
		}
		ntexts += load_texts(argv[a], texts + ntexts, lens + ntexts,
		                     4096 - ntexts);
	}
	tap_ok(ntexts >= 10, "%zu vector texts read", ntexts);
	for (unsigned g = 0; g < URISCAN_GRAMMAR_COUNT; g++) {
		const struct uriscan__gen *gen = uriscan__gens[g];
		const char *name = uriscan_grammar_name((enum uriscan_grammar)g);

		if (gen == NULL || gen->extract == NULL) {
			tap_skip(name); /* not built, or no extraction */
			continue;
		}
		for (int tags = 0; tags < 2; tags++) {
			const struct uriscan__xmachine *xm = gen->extract;
			int e = uriscan__extract_entry((enum uriscan_grammar)g, xm,
			                               tags);
			unsigned long cases = 0;
			unsigned bad;

			if (tags && xm->xexec == NULL)
				continue;
			if (must[g])
				tap_ok(e >= 0, "%s %s: a state after the scheme", name,
				       tags ? "tags" : "pure");
			if (e < 0) {
				tap_ok(schemes_differ(xm, tags),
				       "%s %s: none, and two schemes lead to different "
				       "states",
				       name, tags ? "tags" : "pure");
				continue;
			}
			bad = check_entry(xm, tags, e, texts, lens, ntexts, &cases);
			tap_ok(bad == 0 && cases > 1000,
			       "%s %s: from the ':' in state %d as from the scheme "
			       "(%lu cases, %u differ)",
			       name, tags ? "tags" : "pure", e, cases, bad);
		}
	}
	for (size_t t = 0; t < ntexts; t++)
		free(texts[t]);
	return tap_done();
}
