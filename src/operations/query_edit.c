/* SPDX-License-Identifier: MIT */
/*
 * query_edit.c: a list of edits applied to a query without touching the
 * pairs they leave alone (uriscan_query_edit).
 *
 * No copy of the pairs is made: each pair's fate (dropped, kept, given a
 * new value) is found by reading the edits once from its creation (the
 * pairs of the query are created before the first edit, an APPEND or a SET
 * that appends creates one at its index). Two facts keep that exact:
 *  - pairs with the same decoded key meet the same REMOVE and KEEP edits,
 *    so they die together;
 *  - a stable SORT keeps the order of pairs with equal keys, so "the first
 *    pair with the key" of a SET is the first one created among those
 *    alive.
 * The final order: without SORT, the query's pairs in their places, then
 * the new ones in the order of their edits; after the last SORT, the pairs
 * that existed then in key order, then the ones added later.
 * No allocation; reads only the query and the edits.
 */
#include <stdint.h>
#include <string.h>

#include "internal.h"
#include "query_edit.h"
#include "query_key.h"

#define ORIG ((size_t)-1)       /* a pair of the query */
#define QE_NONE ((size_t)-1)    /* no original pair has the key */

int uriscan__qe_check(const struct uriscan_query_edit *ed, size_t n,
                      size_t *bad)
{
	for (size_t e = 0; e < n; e++) {
		const struct uriscan_query_edit *d = &ed[e];
		if (d->op < URISCAN_QUERY_SET || d->op > URISCAN_QUERY_SORT ||
		    (d->op != URISCAN_QUERY_SORT && d->key == NULL &&
		     d->key_len != 0) ||
		    ((d->op == URISCAN_QUERY_SET || d->op == URISCAN_QUERY_APPEND) &&
		     d->value == NULL && d->value_len != 0) ||
		    d->key_len > UINT32_MAX || d->value_len > UINT32_MAX ||
		    e >= QE_REC_OWN) {
			*bad = e;
			return URISCAN_E_INVALID_ARG;
		}
	}
	return URISCAN_OK;
}

void uriscan__qe_init(struct qe_ctx *x, enum uriscan_grammar g, const char *q,
                      size_t qlen, unsigned flags,
                      const struct uriscan_query_edit *ed, size_t ned)
{
	x->g = g;
	x->q = (const unsigned char *)q;
	x->qlen = qlen;
	x->flags = flags;
	x->ed = ed;
	x->ned = ned;
	x->strip = NULL;
	x->nstrip = 0;
	x->first = NULL;
	x->nfirst = 0;
	x->first_ready = 0;
	x->first_all = 0;
	x->strip_ready = 0;
	x->work = NULL;
	x->work_n = 0;
}

static int plus_of(const struct qe_ctx *x)
{
	return (x->flags & URISCAN_DECODE_PLUS) != 0;
}

static int icase_of(const struct qe_ctx *x)
{
	return (x->flags & URISCAN_QUERY_ICASE) != 0;
}

static struct qkey edit_key(const struct qe_ctx *x, size_t e)
{
	struct qkey k = {(const unsigned char *)x->ed[e].key, x->ed[e].key_len, 0};
	return k;
}

static struct qkey pair_key(const struct qe_ctx *x,
                            const struct uriscan_query_pair *p)
{
	struct qkey k = {x->q + p->key.off, p->key.len, 1};
	return k;
}

/* Is k the key of edit e? */
static int key_is(const struct qe_ctx *x, size_t e, const struct qkey *k)
{
	struct qkey ek = edit_key(x, e);
	return qkey_cmp(&ek, k, plus_of(x), icase_of(x)) == 0;
}

/* The offset of the first pair of the query with the key of SET edit e:
 * from the index of the SET edits' keys (query_first.c), else (a key it
 * had no room for) by reading the query. */
static size_t first_orig(struct qe_ctx *x, size_t e)
{
	struct pit it;
	struct uriscan_query_pair p;
	uint32_t off;

	if (uriscan__qe_first(x, e, &off))
		return off == QE_FIRST_NONE ? QE_NONE : (size_t)off;
	iter_init(x, &it);
	while (pit_next(x, &it, &p)) {
		struct qkey k = pair_key(x, &p);
		if (key_is(x, e, &k))
			return p.pair.off;
	}
	return QE_NONE;
}

/* Does the REMOVE at *e, or the run of KEEPs that starts there, drop a
 * pair with key k? *e is left on the run's last edit. */
static int kills(const struct qe_ctx *x, size_t *e, const struct qkey *k)
{
	const struct uriscan_query_edit *d = &x->ed[*e];
	int keep = 0;

	if (d->op == URISCAN_QUERY_REMOVE)
		return qkey_glob((const unsigned char *)d->key, d->key_len, k,
		                 plus_of(x), icase_of(x));
	for (; *e < x->ned && x->ed[*e].op == URISCAN_QUERY_KEEP; (*e)++) {
		d = &x->ed[*e];
		if (!keep)
			keep = qkey_glob((const unsigned char *)d->key, d->key_len,
			                 k, plus_of(x), icase_of(x));
	}
	(*e)--;
	return !keep;
}

/* How many pairs with the key of edit j are alive just before it. */
static size_t alive_before(struct qe_ctx *x, size_t j)
{
	struct qkey k = edit_key(x, j);
	size_t count = first_orig(x, j) != QE_NONE && !uriscan__qe_stripped(x, &k);

	for (size_t e = 0; e < j; e++) {
		switch (x->ed[e].op) {
		case URISCAN_QUERY_REMOVE:
		case URISCAN_QUERY_KEEP:
			if (kills(x, &e, &k))
				count = 0;
			break;
		case URISCAN_QUERY_APPEND:
			count += key_is(x, e, &k);
			break;
		case URISCAN_QUERY_SET:
			if (key_is(x, e, &k))
				count = 1;
			break;
		default:
			break;
		}
	}
	return count;
}

/* Does edit j create a pair? */
static int creates(struct qe_ctx *x, size_t j)
{
	if (x->ed[j].op == URISCAN_QUERY_APPEND)
		return 1;
	return x->ed[j].op == URISCAN_QUERY_SET && alive_before(x, j) == 0;
}

/* Is the pair with key k, created by edit `created` (ORIG: the query's
 * pair at offset pos) alive after the edits? *val: the edit whose value it
 * ends with (ORIG: its own). */
static int fate(struct qe_ctx *x, const struct qkey *k, size_t created,
                size_t pos, size_t *val)
{
	int won = created != ORIG && x->ed[created].op == URISCAN_QUERY_SET;

	*val = created;
	if (created == ORIG && x->nstrip > 0 && uriscan__qe_stripped(x, k))
		return 0;
	for (size_t e = created == ORIG ? 0 : created + 1; e < x->ned; e++) {
		switch (x->ed[e].op) {
		case URISCAN_QUERY_REMOVE:
		case URISCAN_QUERY_KEEP:
			if (kills(x, &e, k))
				return 0;
			break;
		case URISCAN_QUERY_SET:
			if (!key_is(x, e, k))
				break;
			if (!won) {
				/* the first alive pair with the key wins */
				if (created == ORIG ? first_orig(x, e) != pos
				                    : alive_before(x, created) != 0)
					return 0;
				won = 1;
			}
			*val = e;
			break;
		default:
			break;
		}
	}
	return 1;
}

/* Write s[0, n) percent-encoded for target t. */
static void put_enc(const struct qe_ctx *x, struct qe_out *o, const char *s,
                    size_t n, unsigned t)
{
	struct uriscan_encode_options eo = {
	    sizeof eo, t,
	    URISCAN_ENCODE_ALL_PERCENT | (plus_of(x) ? URISCAN_ENCODE_FORM : 0)};
	int room = o->n < o->cap;
	size_t len = 0;

	uriscan_percent_encode(x->g, s, n, &eo, room ? o->p + o->n : NULL,
	                       room ? o->cap - o->n : 0, &len, NULL);
	o->n += len;
}

/* One pair (created by `created`, ORIG: the query's pair p) with the value
 * of edit val (ORIG: its own). */
static void put_pair(const struct qe_ctx *x, struct qe_out *o, size_t created,
                     const struct uriscan_query_pair *p, size_t val)
{
	const struct uriscan_query_edit *v;

	if (created == ORIG && val == ORIG) {
		qe_put(o, x->q + p->pair.off, p->pair.len);
		return;
	}
	if (created == ORIG)
		qe_put(o, x->q + p->key.off, p->key.len);
	else
		put_enc(x, o, x->ed[created].key, x->ed[created].key_len,
		        URISCAN_ENCODE_QUERY_KEY);
	v = &x->ed[val];
	if (v->value != NULL) {
		qe_put(o, "=", 1);
		put_enc(x, o, v->value, v->value_len, URISCAN_ENCODE_QUERY_VALUE);
	}
}

/* The key of a record of a SORT. */
static struct qkey rec_key(const struct qe_ctx *x, const struct qe_rec *r)
{
	if (r->rank <= x->qlen) {
		struct qkey k = {x->q + r->rank, r->klen, 1};
		return k;
	}
	return edit_key(x, (size_t)(r->rank - x->qlen - 1));
}

/* Is a before b in key order (then creation order)? */
static int rec_before(void *ctx, const struct qe_rec *a, const struct qe_rec *b)
{
	const struct qe_ctx *x = ctx;
	struct qkey ka = rec_key(x, a), kb = rec_key(x, b);
	int c = qkey_cmp(&ka, &kb, plus_of(x), icase_of(x));
	return c < 0 || (c == 0 && a->rank < b->rank);
}

/* Offer the pairs alive after the edits among those created before edit
 * end that come after *last (NULL: all) to h. Returns 0 when some were
 * left out (h was full). */
static int offer_alive(struct qe_ctx *x, size_t end, const struct qe_rec *last,
                       struct qe_heap *h)
{
	struct pit it;
	struct uriscan_query_pair p;
	struct qe_rec r;
	size_t val;
	int all = 1;

	iter_init(x, &it);
	while (pit_next(x, &it, &p)) {
		struct qkey k = pair_key(x, &p);
		r.rank = p.pair.off;
		r.klen = p.key.len;
		if ((last == NULL || rec_before(x, last, &r)) &&
		    fate(x, &k, ORIG, p.pair.off, &val)) {
			r.val = val == ORIG ? QE_REC_OWN : (uint32_t)val;
			all &= uriscan__qe_heap_offer(h, &r);
		}
	}
	for (size_t j = 0; j < end; j++) {
		struct qkey k = edit_key(x, j);
		r.rank = (uint64_t)x->qlen + 1 + j;
		r.klen = 0;
		if ((last == NULL || rec_before(x, last, &r)) && creates(x, j) &&
		    fate(x, &k, j, 0, &val)) {
			r.val = (uint32_t)val;
			all &= uriscan__qe_heap_offer(h, &r);
		}
	}
	return all;
}

/* Write the pairs alive after the edits among those created before the
 * last SORT, edit end, in its order, joined by sep; returns how many. The
 * records go to x->work, or to a buffer here when it is smaller: each
 * read of the pairs gives the next records that fit (one read when all
 * fit). */
static size_t write_sorted(struct qe_ctx *x, struct qe_out *o, size_t end,
                           char sep)
{
	struct qe_rec own[QE_SORT_STACK], last;
	struct qe_heap h = {own, 0, QE_SORT_STACK, rec_before, x};
	struct uriscan_query_pair p = {0};
	size_t n = 0;
	int all;

	if (x->work != NULL && x->work_n > QE_SORT_STACK) {
		h.rec = x->work;
		h.cap = x->work_n;
	}
	do {
		h.n = 0;
		all = offer_alive(x, end, n > 0 ? &last : NULL, &h);
		uriscan__qe_heap_sort(&h);
		for (size_t i = 0; i < h.n; i++) {
			const struct qe_rec *r = &h.rec[i];
			size_t created = ORIG, val = r->val;
			if (r->rank <= x->qlen) {
				struct pit it = {(size_t)r->rank, 0};
				pit_next(x, &it, &p);
			} else
				created = (size_t)(r->rank - x->qlen - 1);
			if (n++ > 0)
				qe_put(o, &sep, 1);
			put_pair(x, o, created, &p, val == QE_REC_OWN ? ORIG : val);
		}
		if (h.n > 0)
			last = h.rec[h.n - 1];
	} while (!all);
	return n;
}

size_t uriscan__qe_write(struct qe_ctx *x, struct qe_out *o, int *touched)
{
	struct pit it;
	struct uriscan_query_pair p;
	size_t n = 0, start = 0, last_sort = ORIG;
	char sep = '&';
	int moved = 0;

	for (size_t e = 0; e < x->ned; e++)
		if (x->ed[e].op == URISCAN_QUERY_SORT)
			last_sort = e;
	for (size_t i = 0; last_sort != ORIG && i < x->qlen; i++)
		if (x->q[i] == '&' ||
		    (x->q[i] == ';' && (x->flags & URISCAN_QUERY_SEMICOLON))) {
			sep = (char)x->q[i];
			break;
		}
	if (last_sort == ORIG) {
		iter_init(x, &it);
		while (pit_next(x, &it, &p)) {
			struct qkey k = pair_key(x, &p);
			size_t val;
			if (!fate(x, &k, ORIG, p.pair.off, &val)) {
				moved = 1;
				continue;
			}
			if (n > 0)
				qe_put(o, p.pair.off > 0
				              ? (const void *)(x->q + p.pair.off - 1)
				              : (const void *)"&",
				       1);
			put_pair(x, o, ORIG, &p, val);
			moved |= val != ORIG;
			n++;
		}
	} else {
		n = write_sorted(x, o, last_sort, sep);
		moved = 1;
		start = last_sort + 1;
	}
	for (size_t j = start; j < x->ned; j++) {
		struct qkey k = edit_key(x, j);
		size_t val;
		if (creates(x, j) && fate(x, &k, j, 0, &val)) {
			if (n > 0)
				qe_put(o, "&", 1);
			put_pair(x, o, j, NULL, val);
			n++;
			moved = 1;
		}
	}
	if (touched)
		*touched = moved;
	return n;
}
