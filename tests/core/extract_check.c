/* SPDX-License-Identifier: MIT */
/*
 * extract_check.c: the extraction tests' shared runs and comparisons
 * (extract_check.h). No timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract_check.h"
#include "tap.h"

enum uriscan_grammar G = URISCAN_RFC3986;
const char *XRULE = "URI";

void list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].bytes);
	free(l->v);
	memset(l, 0, sizeof *l);
}

void list_add(struct list *l, const struct uriscan_match *m)
{
	struct rec *r;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			abort();
	}
	r = &l->v[l->n++];
	r->off = m->offset;
	r->len = m->length;
	r->flags = m->flags;
	r->confusion = m->confusion;
	r->nbytes = m->nbytes;
	r->bytes = malloc(m->nbytes + 1);
	if (!r->bytes)
		abort();
	memcpy(r->bytes, m->bytes, m->nbytes);
	r->uri = m->uri;
}

int list_eq(const struct list *a, const struct list *b, int comps,
            char *why, size_t wn)
{
	if (a->n != b->n) {
		snprintf(why, wn, "%zu vs %zu matches", a->n, b->n);
		return 0;
	}
	for (size_t i = 0; i < a->n; i++) {
		const struct rec *x = &a->v[i], *y = &b->v[i];
		if (x->off != y->off || x->len != y->len || x->flags != y->flags ||
		    x->nbytes != y->nbytes ||
		    memcmp(x->bytes, y->bytes, x->nbytes) != 0 ||
		    (comps &&
		     (x->uri.present != y->uri.present ||
		      memcmp(x->uri.part, y->uri.part,
		             sizeof x->uri.part[0] * URISCAN_COMPONENT_COUNT) != 0 ||
		      x->uri.host_type != y->uri.host_type)) ||
		    (!comps && y->uri.present != 0)) {
			snprintf(why, wn, "match %zu: %llu+%llu vs %llu+%llu", i,
			         (unsigned long long)x->off,
			         (unsigned long long)x->len,
			         (unsigned long long)y->off,
			         (unsigned long long)y->len);
			return 0;
		}
	}
	return 1;
}

int collect_cb(void *u, const struct uriscan_match *m)
{
	list_add(u, m);
	return 0;
}

void whole(const struct uriscan_extract_options *o, const char *t,
           size_t n, struct list *out)
{
	uint64_t count = 0;
	int st = uriscan_extract(G, t, n, o, collect_cb, out,
	                         &count);
	if (st != URISCAN_OK || count != out->n) {
		printf("# uriscan_extract: %s\n", uriscan_status_name(st));
		abort();
	}
}

/* The extractor of the last stream() call and its options: the next call
 * with the same options resets it (uriscan_extractor_reset must leave it
 * as new) rather than make one: a defanged extractor is 400 KiB, and the
 * tests that feed every vector cut at every offset spent most of their
 * time under ASan mapping and poisoning them. */
static uriscan_extractor *kept;
static struct uriscan_extract_options kept_o;
static char kept_opaque[256];

static int same_options(const struct uriscan_extract_options *o)
{
	if (kept == NULL || o->size != kept_o.size || o->flags != kept_o.flags ||
	    o->max_len != kept_o.max_len)
		return 0;
	if (o->opaque_schemes == NULL || kept_o.opaque_schemes == NULL)
		return o->opaque_schemes == kept_o.opaque_schemes;
	return strcmp(o->opaque_schemes, kept_opaque) == 0;
}

static uriscan_extractor *extractor_for(const struct uriscan_extract_options *o)
{
	if (same_options(o)) {
		uriscan_extractor_reset(kept);
		return kept;
	}
	uriscan_extractor_free(kept);
	kept = NULL;
	if (o->opaque_schemes && strlen(o->opaque_schemes) >= sizeof kept_opaque) {
		uriscan_extractor *x; /* (not kept) */
		if (uriscan_extractor_new(G, o, &x) != URISCAN_OK)
			abort();
		return x;
	}
	if (uriscan_extractor_new(G, o, &kept) != URISCAN_OK)
		abort();
	kept_o = *o;
	if (o->opaque_schemes) {
		strcpy(kept_opaque, o->opaque_schemes);
		kept_o.opaque_schemes = kept_opaque;
	}
	return kept;
}

void stream(const struct uriscan_extract_options *o, const char *t,
            size_t n, const size_t *cuts, size_t ncuts,
            struct list *out)
{
	uriscan_extractor *x = extractor_for(o);
	struct uriscan_match m;
	size_t at = 0;

	for (size_t i = 0; i <= ncuts; i++) {
		size_t end = i < ncuts ? cuts[i] : n;
		size_t len = end - at;
		char *chunk = malloc(len ? len : 1);
		if (!chunk)
			abort();
		memcpy(chunk, t + at, len);
		if (uriscan_extractor_feed(x, chunk, len) != URISCAN_OK)
			abort();
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			list_add(out, &m);
		free(chunk);
		at = end;
	}
	if (uriscan_extractor_finish(x) != URISCAN_OK)
		abort();
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		list_add(out, &m);
	if (uriscan_extractor_offset(x) != n)
		abort();
	if (x != kept)
		uriscan_extractor_free(x);
}

void stream_by(const struct uriscan_extract_options *o, const char *t,
               size_t n, size_t size, struct list *out)
{
	size_t ncuts = n / size, k = 0;
	size_t *cuts = malloc((ncuts + 1) * sizeof *cuts);
	if (!cuts)
		abort();
	for (size_t c = size; c < n; c += size)
		cuts[k++] = c;
	stream(o, t, n, cuts, k, out);
	free(cuts);
}

static uint64_t rng = 88172645463325252ull;
uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

void random_cuts(size_t n, size_t *cuts, size_t *ncuts)
{
	size_t k = 0;
	for (size_t i = 1; i < n; i++)
		if (rnd() % 4 == 0)
			cuts[k++] = i;
	*ncuts = k;
}

int components_ok(const struct list *l, unsigned flags)
{
	for (size_t i = 0; i < l->n; i++) {
		struct uriscan_uri u;
		const struct rec *r = &l->v[i];
		if (r->flags & URISCAN_MATCH_TRUNCATED) {
			if (r->uri.present != 0)
				return 0;
			continue;
		}
		if (uriscan_parse(G, r->bytes, r->nbytes, 0, &u) !=
		    URISCAN_OK)
			return 0;
		if (flags & URISCAN_EXTRACT_NO_COMPONENTS)
			continue;
		if (u.present != r->uri.present ||
		    memcmp(u.part, r->uri.part, sizeof u.part[0] * URISCAN_COMPONENT_COUNT) != 0 ||
		    u.kind != URISCAN_KIND_URI || u.kind != r->uri.kind ||
		    u.host_type != r->uri.host_type || u.rule != r->uri.rule ||
		    u.grammar != r->uri.grammar)
			return 0;
	}
	return 1;
}

int confusion_ok(const struct list *l, unsigned flags, char *why,
                 size_t wn)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct rec *r = &l->v[i];
		uint32_t want = 0;
		if ((flags & URISCAN_EXTRACT_CONFUSION) &&
		    uriscan_confusion(G, r->bytes, r->nbytes, 0, &want, NULL) !=
		        URISCAN_OK)
			abort();
		if (r->confusion != want) {
			snprintf(why, wn, "match %zu (%.*s): confusion %#x, not %#x",
			         i, (int)(r->nbytes > 80 ? 80 : r->nbytes), r->bytes,
			         (unsigned)r->confusion, (unsigned)want);
			return 0;
		}
	}
	return 1;
}

int check_all(const char *name, struct uriscan_extract_options o,
              const char *t, size_t n, const struct list *ref,
              size_t max_sizes, int ncutsets)
{
	struct list first = {0}, l = {0};
	char why[200];
	int ok = 1;
	size_t *cuts = malloc((n + 1) * sizeof *cuts), ncuts;
	unsigned base = o.flags;

	if (!cuts)
		abort();
	whole(&o, t, n, &first);
	if (ref && !list_eq(ref, &first, 1, why, sizeof why)) {
		tap_diag("%s: whole: %s", name, why);
		ok = 0;
	}
	if (!components_ok(&first, o.flags)) {
		tap_diag("%s: components differ from uriscan_parse", name);
		ok = 0;
	}
	/* nc: again without components, which runs the extraction machine
	 * (extract_machine= of ragel/<grammar>.rules), not the tags machine:
	 * the same matches */
	for (int nc = 0; nc < 2 && ok; nc++)
	for (int simd = 0; simd < 2 && ok; simd++) {
		const int comps = !nc && !(base & URISCAN_EXTRACT_NO_COMPONENTS);
		/* the SIMD runs also ask for the confusion flags: they must
		 * change no match */
		o.flags = base | (nc ? URISCAN_EXTRACT_NO_COMPONENTS : 0) |
		          (simd ? URISCAN_EXTRACT_CONFUSION : URISCAN_EXTRACT_SCALAR);
		whole(&o, t, n, &l);
		if (!list_eq(&first, &l, comps, why, sizeof why) ||
		    !confusion_ok(&l, o.flags, why, sizeof why)) {
			tap_diag("%s: whole simd=%d nocomp=%d: %s", name, simd, nc,
			         why);
			ok = 0;
		}
		list_free(&l);
		for (size_t sz = 1; sz <= n && sz <= max_sizes && ok; sz++) {
			stream_by(&o, t, n, sz, &l);
			if (!list_eq(&first, &l, comps, why, sizeof why) ||
			    !confusion_ok(&l, o.flags, why, sizeof why)) {
				tap_diag("%s: chunks of %zu simd=%d nocomp=%d: %s", name,
				         sz, simd, nc, why);
				ok = 0;
			}
			list_free(&l);
		}
		for (int k = 0; k < ncutsets && ok; k++) {
			random_cuts(n, cuts, &ncuts);
			stream(&o, t, n, cuts, ncuts, &l);
			if (!list_eq(&first, &l, comps, why, sizeof why) ||
			    !confusion_ok(&l, o.flags, why, sizeof why)) {
				tap_diag("%s: random cuts simd=%d nocomp=%d: %s", name,
				         simd, nc, why);
				ok = 0;
			}
			list_free(&l);
		}
	}
	list_free(&first);
	free(cuts);
	return ok;
}

/* ------------------------------------------------------------------ */
/* The options column of the vector files                              */

static char opaque_buf[256];

void parse_options(char *s, struct uriscan_extract_options *o)
{
	memset(o, 0, sizeof *o);
	o->size = sizeof *o;
	if (strcmp(s, "-") == 0)
		return;
	for (char *w = strtok(s, ","); w; w = strtok(NULL, ",")) {
		if (strcmp(w, "opaque") == 0) {
			o->opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
		} else if (strncmp(w, "opaque=", 7) == 0) {
			snprintf(opaque_buf, sizeof opaque_buf, "%s", w + 7);
			for (char *c = opaque_buf; *c; c++)
				if (*c == ';')
					*c = ',';
			o->opaque_schemes = opaque_buf;
		} else if (strcmp(w, "keepcut") == 0) {
			o->flags |= URISCAN_EXTRACT_KEEP_CUT;
		} else if (strcmp(w, "defanged") == 0) {
			o->flags |= URISCAN_EXTRACT_DEFANGED;
		} else if (strcmp(w, "notrim") == 0) {
			o->flags |= URISCAN_EXTRACT_NO_TRIM;
		} else if (strncmp(w, "max=", 4) == 0) {
			o->max_len = (size_t)strtoul(w + 4, NULL, 10);
		} else {
			printf("Bail out! unknown option %s\n", w);
			exit(1);
		}
	}
}
