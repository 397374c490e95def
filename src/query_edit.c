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
#define QE_UNKNOWN ((size_t)-2) /* not looked up yet */

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
		    d->key_len > UINT32_MAX || d->value_len > UINT32_MAX) {
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
	x->first_ready = 0;
	x->strip_ready = 0;
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

/* The pairs of the query, as uriscan_query_next splits them (none when
 * the query is empty), read with memchr. */
struct pit {
	size_t pos;
	int done;
};

static void iter_init(const struct qe_ctx *x, struct pit *it)
{
	it->pos = 0;
	it->done = x->qlen == 0;
}

static int pit_next(const struct qe_ctx *x, struct pit *it,
                    struct uriscan_query_pair *p)
{
	const unsigned char *q = x->q, *end, *eq;
	size_t i = it->pos, rest;

	if (it->done)
		return 0;
	rest = x->qlen - i;
	end = memchr(q + i, '&', rest);
	if (x->flags & URISCAN_QUERY_SEMICOLON) {
		const unsigned char *sc = memchr(q + i, ';', rest);
		if (sc != NULL && (end == NULL || sc < end))
			end = sc;
	}
	size_t j = end ? (size_t)(end - q) : x->qlen;
	eq = memchr(q + i, '=', j - i);
	p->pair.off = (uint32_t)i;
	p->pair.len = (uint32_t)(j - i);
	p->key.off = (uint32_t)i;
	p->has_value = eq != NULL;
	if (eq) {
		p->key.len = (uint32_t)((size_t)(eq - q) - i);
		p->value.off = (uint32_t)((size_t)(eq - q) + 1);
		p->value.len = (uint32_t)(j - (size_t)(eq - q) - 1);
	} else {
		p->key.len = p->pair.len;
		p->value.off = (uint32_t)j;
		p->value.len = 0;
	}
	if (j < x->qlen)
		it->pos = j + 1;
	else
		it->done = 1;
	return 1;
}

/* Is k the key of edit e? */
static int key_is(const struct qe_ctx *x, size_t e, const struct qkey *k)
{
	struct qkey ek = edit_key(x, e);
	return qkey_cmp(&ek, k, plus_of(x), icase_of(x)) == 0;
}

/* The offset of the first pair of the query with the key of edit e. */
static size_t first_orig(struct qe_ctx *x, size_t e)
{
	struct pit it;
	struct uriscan_query_pair p;
	size_t found = QE_NONE;

	if (!x->first_ready) {
		for (size_t i = 0; i < QE_CACHE; i++)
			x->first[i] = QE_UNKNOWN;
		x->first_ready = 1;
	}
	if (e < QE_CACHE && x->first[e] != QE_UNKNOWN)
		return x->first[e];
	iter_init(x, &it);
	while (pit_next(x, &it, &p)) {
		struct qkey k = pair_key(x, &p);
		if (key_is(x, e, &k)) {
			found = p.pair.off;
			break;
		}
	}
	if (e < QE_CACHE)
		x->first[e] = found;
	return found;
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

/* A pair for the sorted output: its key and its place in creation order. */
struct item {
	size_t created, rank, val;
	struct uriscan_query_pair p;
	struct qkey key;
};

/* Is a before b in key order (then creation order)? */
static int before(const struct qe_ctx *x, const struct item *a,
                  const struct item *b)
{
	int c = qkey_cmp(&a->key, &b->key, plus_of(x), icase_of(x));
	return c < 0 || (c == 0 && a->rank < b->rank);
}

/* Selection: the alive pair that comes first after *last (NULL: the
 * first) among those created before edit end; 0 when none is left. */
static int next_sorted(struct qe_ctx *x, size_t end, const struct item *last,
                       struct item *best)
{
	struct pit it;
	struct item c;
	int got = 0;

	iter_init(x, &it);
	c.created = ORIG;
	while (pit_next(x, &it, &c.p)) {
		c.key = pair_key(x, &c.p);
		c.rank = c.p.pair.off;
		if ((last == NULL || before(x, last, &c)) &&
		    (!got || before(x, &c, best)) &&
		    fate(x, &c.key, ORIG, c.p.pair.off, &c.val)) {
			*best = c;
			got = 1;
		}
	}
	for (size_t j = 0; j < end; j++) {
		c.created = j;
		c.key = edit_key(x, j);
		c.rank = x->qlen + 1 + j;
		if ((last == NULL || before(x, last, &c)) &&
		    (!got || before(x, &c, best)) && creates(x, j) &&
		    fate(x, &c.key, j, 0, &c.val)) {
			*best = c;
			got = 1;
		}
	}
	return got;
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
		struct item cur, prev;
		int have = 0;
		while (next_sorted(x, last_sort, have ? &prev : NULL, &cur)) {
			if (n > 0)
				qe_put(o, &sep, 1);
			put_pair(x, o, cur.created, &cur.p, cur.val);
			n++;
			prev = cur;
			have = 1;
		}
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
