/* SPDX-License-Identifier: MIT */
/*
 * match_list.h: the matches of one extraction kept with copies of their
 * bytes, and two such lists compared match by match (offset, length,
 * flags, scheme, bytes, components, confusion flags): what fuzz_extract and
 * fuzz_extract_defanged compare between uriscan_extract and the extractor
 * fed in chunks. Header-only, after fuzz.h; out of memory aborts.
 */
#ifndef URISCAN_FUZZ_MATCH_LIST_H
#define URISCAN_FUZZ_MATCH_LIST_H

struct match_rec {
	uint64_t off, len;
	unsigned flags;
	uint32_t scheme_len, confusion;
	size_t nbytes;
	char *bytes;
	struct uriscan_uri uri;
};

struct match_list {
	struct match_rec *v;
	size_t n, cap;
};

static void match_add(struct match_list *l, const struct uriscan_match *m)
{
	struct match_rec *r;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		FUZZ_ASSERT(l->v != NULL, "out of memory");
	}
	r = &l->v[l->n++];
	r->off = m->offset;
	r->len = m->length;
	r->flags = m->flags;
	r->scheme_len = m->scheme_len;
	r->confusion = m->confusion;
	r->nbytes = m->nbytes;
	r->uri = m->uri;
	r->bytes = malloc(m->nbytes ? m->nbytes : 1);
	FUZZ_ASSERT(r->bytes != NULL, "out of memory");
	FUZZ_ASSERT(m->nbytes == 0 || m->bytes != NULL, "match without bytes");
	if (m->nbytes)
		memcpy(r->bytes, m->bytes, m->nbytes);
}

static void match_clear(struct match_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].bytes);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

/* A uriscan_match_fn that adds to the list user. */
static int match_cb(void *user, const struct uriscan_match *m)
{
	match_add(user, m);
	return 0;
}

/* b (the extractor's, named what) has the matches of a (uriscan_extract's). */
static void match_same(const struct match_list *a, const struct match_list *b,
                       const char *what)
{
	FUZZ_ASSERT(a->n == b->n, "%s: %zu matches, uriscan_extract %zu", what,
	            b->n, a->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct match_rec *x = &a->v[i], *y = &b->v[i];
		FUZZ_ASSERT(x->off == y->off && x->len == y->len &&
		                x->flags == y->flags &&
		                x->scheme_len == y->scheme_len &&
		                x->nbytes == y->nbytes,
		            "%s: match %zu is [%llu,+%llu) flags %u, uriscan_extract "
		            "[%llu,+%llu) flags %u",
		            what, i, (unsigned long long)y->off,
		            (unsigned long long)y->len, y->flags,
		            (unsigned long long)x->off, (unsigned long long)x->len,
		            x->flags);
		FUZZ_ASSERT(x->nbytes == 0 || memcmp(x->bytes, y->bytes, x->nbytes) == 0,
		            "%s: match %zu: other bytes", what, i);
		FUZZ_ASSERT(fuzz_results_equal(&x->uri, &y->uri),
		            "%s: match %zu: other components", what, i);
		FUZZ_ASSERT(x->confusion == y->confusion,
		            "%s: match %zu: confusion %#x, uriscan_extract %#x",
		            what, i, (unsigned)y->confusion,
		            (unsigned)x->confusion);
	}
}

#endif
