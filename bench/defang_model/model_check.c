/* SPDX-License-Identifier: MIT */
/*
 * model_check.c: the cost model does the library's job (README.md): on a
 * text of the common forms, its matches in each mode are the library's
 * (uriscan_extract, RFC 3986, without and with URISCAN_EXTRACT_DEFANGED):
 * the same spans as written and the same URLs. Where the model leaves a
 * rule out, a text that needs it differs; the sample holds none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "uriscan.h"

struct lib {
	size_t n, cap;
	struct match *m;
};

static int keep(void *user, const struct uriscan_match *um)
{
	struct lib *l = user;
	struct match *m;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->m = realloc(l->m, l->cap * sizeof *l->m);
		if (l->m == NULL)
			abort();
	}
	m = &l->m[l->n++];
	m->off = (size_t)um->offset;
	m->len = (size_t)um->length;
	m->n = um->nbytes;
	m->defanged = (um->flags & URISCAN_MATCH_DEFANGED) != 0;
	m->bytes = malloc(um->nbytes + 1);
	if (m->bytes == NULL)
		abort();
	memcpy(m->bytes, um->bytes, um->nbytes);
	return 0;
}

static int check_mode(const unsigned char *b, size_t len, int forms)
{
	static unsigned char buf[2 * MODEL_MAX_LEN + 64];
	struct uriscan_extract_options o;
	struct uriscan_uri u;
	struct lib l = {0, 0, NULL};
	struct match m;
	size_t i = 0, floor = 0, k = 0;
	int bad = 0;

	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	o.flags = forms ? URISCAN_EXTRACT_DEFANGED : 0;
	if (uriscan_extract(URISCAN_RFC3986, (const char *)b, len, &o, keep, &l,
	                    NULL) != URISCAN_OK)
		return 1;
	while (model_next_match(b, len, forms, &i, &floor, buf, &m, &u)) {
		const struct match *e = k < l.n ? &l.m[k] : NULL;
		if (e == NULL || e->off != m.off || e->len != m.len ||
		    e->n != m.n || memcmp(e->bytes, m.bytes, m.n) != 0 ||
		    e->defanged != m.defanged) {
			fprintf(stderr,
			        "%s: the model's match %zu+%zu %.*s, the "
			        "library's %s%.*s\n",
			        forms ? "forms" : "plain", m.off, m.len,
			        (int)m.n, m.bytes, e ? "" : "none",
			        e ? (int)e->n : 0,
			        e ? (const char *)e->bytes : "");
			bad = 1;
		}
		k++;
	}
	if (k != l.n) {
		fprintf(stderr, "%s: %zu matches, the library %zu\n",
		        forms ? "forms" : "plain", k, l.n);
		bad = 1;
	}
	printf("%s: %zu matches%s\n", forms ? "forms" : "plain", k,
	       bad ? ", not the library's" : ", the library's");
	for (size_t j = 0; j < l.n; j++)
		free(l.m[j].bytes);
	free(l.m);
	return bad;
}

int model_check(const unsigned char *b, size_t len)
{
	int bad = check_mode(b, len, 0);

	bad |= check_mode(b, len, 1);
	return bad;
}
