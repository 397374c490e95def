/* SPDX-License-Identifier: MIT */
/*
 * bench_opcheck.c: the harness's side of the URI-operation rows (normalize,
 * resolve): the derived relative references, the check that the rows'
 * results agree (before timing) and their ratios to the peers' same
 * operation. Times nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"
#include "uriscan.h"

struct op_check *opchecks;
size_t nopchecks;

const char *const op_class_names[OP_CLASSES] = {
	"a-rejects", "b-rejects", "ipv6", "case", "percent", "dot-segments",
	"other"};

/* "uriscan:rfc3986:resolve:rel" -> "resolve:rel", "uriparser:normalize"
 * -> "normalize"; NULL for a row that is not an operation. */
const char *op_key(const struct bench_parser *p)
{
	if (p->task != BENCH_NORMALIZE && p->task != BENCH_RESOLVE)
		return NULL;
	const char *c = strchr(p->id, ':');
	if (c && strncmp(p->id, OURS_PREFIX, strlen(OURS_PREFIX)) == 0)
		c = strchr(c + 1, ':');
	return c ? c + 1 : p->id;
}

/* One relative reference per line: "../" + the path without its leading
 * "/" + "?" query (uriscan_parse, RFC 3986); an invalid line stays as it
 * is behind the "../". Resolved against BENCH_BASE this merges paths and
 * removes dot segments. */
void ops_prepare(struct bench_set *s)
{
	if (s->is_log || s->rtext)
		return;
	size_t cap = (size_t)s->bytes + s->n * 5 + 1, at = 0;
	s->rtext = xmalloc(cap);
	s->roff = xmalloc((s->n ? s->n : 1) * sizeof *s->roff);
	s->rlen = xmalloc((s->n ? s->n : 1) * sizeof *s->rlen);
	for (size_t i = 0; i < s->n; i++) {
		const char *u = s->text + s->off[i];
		size_t len = s->len[i];
		struct uriscan_uri p;
		s->roff[i] = (uint32_t)at;
		memcpy(s->rtext + at, "../", 3);
		at += 3;
		if (uriscan_parse(URISCAN_RFC3986, u, len, 0, &p) != URISCAN_OK) {
			memcpy(s->rtext + at, u, len);
			at += len;
		} else {
			struct uriscan_span path = p.part[URISCAN_PATH];
			if (path.len && u[path.off] == '/')
				path.off++, path.len--;
			memcpy(s->rtext + at, u + path.off, path.len);
			at += path.len;
			if (URISCAN_HAS(&p, URISCAN_QUERY)) {
				struct uriscan_span q = p.part[URISCAN_QUERY];
				s->rtext[at++] = '?';
				memcpy(s->rtext + at, u + q.off, q.len);
				at += q.len;
			}
		}
		s->rlen[i] = (uint32_t)(at - s->roff[i]);
		s->rtext[at++] = '\0'; /* a NUL after each, as for the lines */
	}
}

static int has(const char *s, size_t n, const char *what)
{
	size_t w = strlen(what);
	for (size_t i = 0; i + w <= n; i++)
		if (memcmp(s + i, what, w) == 0)
			return 1;
	return 0;
}

static int same_nocase(const char *a, size_t na, const char *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++) {
		unsigned x = (unsigned char)a[i], y = (unsigned char)b[i];
		if ((x | 0x20u) != (y | 0x20u) ||
		    ((x | 0x20u) - 'a' > 25u && x != y))
			return 0;
	}
	return 1;
}

/* The class of a disagreement, from the input and the two results. */
static enum op_class classify(const char *in, size_t n, int va,
                              const char *a, size_t na, int vb,
                              const char *b, size_t nb)
{
	if (!va)
		return OPC_A_REJECTS;
	if (!vb)
		return OPC_B_REJECTS;
	if (memchr(in, '[', n))
		return OPC_IPV6;
	if (same_nocase(a, na, b, nb))
		return OPC_CASE;
	if (memchr(in, '%', n))
		return OPC_PERCENT;
	if (has(in, n, "/.") || has(in, n, "./") || (n && in[0] == '.'))
		return OPC_DOTS;
	return OPC_OTHER;
}

static void compare_rows(const struct bench_set *s,
                         const struct bench_parser *pa,
                         const struct bench_parser *pb)
{
	opchecks = xrealloc(opchecks, (nopchecks + 1) * sizeof *opchecks);
	struct op_check *c = &opchecks[nopchecks++];
	memset(c, 0, sizeof *c);
	c->set = s;
	c->a = pa->id;
	c->b = pb->id;
	void *ca = pa->init ? pa->init() : NULL;
	void *cb = pb->init ? pb->init() : NULL;
	const char *text = pa->rel ? s->rtext : s->text;
	const uint32_t *off = pa->rel ? s->roff : s->off;
	const uint32_t *len = pa->rel ? s->rlen : s->len;
	static char ra[BENCH_OUT_MAX], rb[BENCH_OUT_MAX];
	for (size_t i = 0; i < s->n; i++) {
		const char *in = text + off[i];
		size_t na = 0, nb = 0;
		int va = pa->out(ca, in, len[i], ra, sizeof ra, &na);
		int vb = pb->out(cb, in, len[i], rb, sizeof rb, &nb);
		c->compared++;
		if (va == vb && (!va || (na == nb && memcmp(ra, rb, na) == 0))) {
			c->agree++;
			continue;
		}
		enum op_class k = classify(in, len[i], va, ra, na, vb, rb, nb);
		if (c->cls[k]++ == 0 && (int)c->nex < opt.examples &&
		    c->nex < 16) {
			c->ex[c->nex] = i;
			c->excls[c->nex++] = k;
		}
	}
	fprintf(hout, "opcheck: %s vs %s: %llu compared, %llu agree, %llu "
	              "differ", c->a, c->b, (unsigned long long)c->compared,
	        (unsigned long long)c->agree,
	        (unsigned long long)(c->compared - c->agree));
	for (int k = 0, m = 0; k < OP_CLASSES; k++)
		if (c->cls[k])
			fprintf(hout, "%s%s %llu", m++ ? ", " : " (",
			        op_class_names[k], (unsigned long long)c->cls[k]);
	fputs(c->agree < c->compared ? ")\n" : "\n", hout);
	for (size_t e = 0; e < c->nex; e++) { /* the first of each class */
		size_t i = c->ex[e], na = 0, nb = 0;
		int va = pa->out(ca, text + off[i], len[i], ra, sizeof ra, &na);
		int vb = pb->out(cb, text + off[i], len[i], rb, sizeof rb, &nb);
		fprintf(hout, "  %s, line %zu: ", op_class_names[c->excls[e]],
		        i + 1);
		put_escaped(hout, text + off[i], len[i], 120);
		fprintf(hout, "\n    %s: ", pa->id);
		put_escaped(hout, va ? ra : "(rejected)", va ? na : 10, 120);
		fprintf(hout, "\n    %s: ", pb->id);
		put_escaped(hout, vb ? rb : "(rejected)", vb ? nb : 10, 120);
		fputc('\n', hout);
	}
	if (pa->fini)
		pa->fini(ca);
	if (pb->fini)
		pb->fini(cb);
}

/* Before timing: every uriscan operation row against each peer's row of
 * the same operation, result by result. Differences are counted by class,
 * never fatal (the libraries differ on known points: IPv6, what is
 * decoded, a path that climbs above the root). */
void ops_checks(const struct bench_set *s)
{
	for (size_t i = 0; i < nall; i++) {
		const struct bench_parser *a = all[i];
		const char *ka = op_key(a);
		if (ka == NULL || a->out == NULL || !selected(a) ||
		    strncmp(a->id, OURS_PREFIX, strlen(OURS_PREFIX)) != 0)
			continue;
		for (size_t k = 0; k < nall; k++) {
			const struct bench_parser *b = all[k];
			const char *kb = op_key(b);
			if (b == a || kb == NULL || b->out == NULL ||
			    !selected(b) || strcmp(ka, kb) != 0 ||
			    strncmp(b->id, OURS_PREFIX, strlen(OURS_PREFIX)) == 0)
				continue;
			compare_rows(s, a, b);
		}
	}
}

static const struct row *peer_row(const struct row *r0, size_t nr,
                                  const char *peer, const char *key)
{
	size_t n = strlen(peer);
	for (size_t i = 0; i < nr; i++) {
		const char *k = op_key(r0[i].p);
		if (k && strncmp(r0[i].p->id, peer, n) == 0 &&
		    r0[i].p->id[n] == ':' && strcmp(k, key) == 0)
			return &r0[i];
	}
	return NULL;
}

/* The operation rows' ratios: to uriparser's and Boost.URL's row of the
 * same operation (ratio_ref is then uriparser's operation, not its parse). */
void ops_ratios(struct row *r0, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		struct row *r = &r0[i];
		const char *key = op_key(r->p);
		if (key == NULL)
			continue;
		const struct row *u = peer_row(r0, nr, REF_ID, key);
		const struct row *b = peer_row(r0, nr, BOOST_ID, key);
		r->ratio_ref = u ? paired_ratio(u, r) : NAN;
		r->ratio_boost = b ? paired_ratio(b, r) : NAN;
	}
}
