/* SPDX-License-Identifier: MIT */
/*
 * fuzz_rewrite.c: uriscan_percent_encode, uriscan_query_edit and
 * uriscan_rewrite (issue 48).
 *
 * Input (fuzz.h): byte 0 chooses the grammar; with bit 3 a flags byte
 * follows: bits 0-3 the query flags (URISCAN_DECODE_PLUS,
 * URISCAN_QUERY_SEMICOLON as bit 1, _ICASE as bit 2, _KEEP_EMPTY as bit
 * 3), bits 4-7 the rewrite flags DROP_FRAGMENT, DROP_DEFAULT_PORT, LOWER,
 * NORMALIZE. The rest is split at its first 0x00 byte into the reference
 * and the edits: tokens separated by 0x01, each an op byte (its value
 * modulo 5, plus 1: set, append, remove, keep, sort), then the key, and
 * after the first '=' the value (set, append).
 *
 * Checked:
 *  - encode: the reference's bytes encoded for every target and flags
 *    (with room for the masks, then into the result's exact size: the
 *    same bytes) are valid for the target's rule and, every '%' encoded,
 *    decode back (with DECODE_PLUS under FORM);
 *  - query_edit and rewrite: an invalid reference gives validate's status
 *    and offset; otherwise OK (never an invalid output: the result is
 *    valid in the grammar), with the buffer contract (a size query, the
 *    exact buffer, a smaller one);
 *  - untouched pairs: with the removes and keeps alone, everything outside
 *    the query is the input's, and the pairs left are input pairs, byte
 *    for byte, in their order;
 *  - idempotence: the removes and keeps applied again, the tracking strip
 *    and a sort (with the fragment, port, case and normalization flags)
 *    applied again, change nothing.
 */
#include "fuzz.h"

#define MAX_EDITS 16

/* Call f twice (size query, then the exact heap buffer) and once with a
 * buffer one byte short; *res (heap, caller frees) on OK. */
typedef int (*edit_fn)(const void *ctx, enum uriscan_grammar g, const char *s,
                       size_t len, char *out, size_t cap, size_t *n,
                       struct uriscan_error *err);

static int call(edit_fn f, const void *ctx, enum uriscan_grammar g,
                const char *s, size_t len, char **res, size_t *rlen)
{
	size_t n = 77, n2 = 77, veo = 0;
	struct uriscan_error e;
	int st = f(ctx, g, len ? s : NULL, len, NULL, 0, &n, &e);
	int vst = fuzz_validate(g, s, len, 0, &veo);

	*res = NULL;
	if (st != URISCAN_E_BUFFER_TOO_SMALL) {
		FUZZ_ASSERT(vst != URISCAN_OK && st == vst && e.offset == veo &&
		                e.input == URISCAN_INPUT_FIRST && n == 0,
		            "edit of an input %s@%zu: %s@%zu", uriscan_status_name(vst),
		            veo, uriscan_status_name(st), e.offset);
		return st;
	}
	FUZZ_ASSERT(vst == URISCAN_OK, "size query of an invalid input");
	char *buf = malloc(n + 1);
	FUZZ_ASSERT(buf != NULL, "out of memory");
	st = f(ctx, g, s, len, buf, n + 1, &n2, &e);
	FUZZ_ASSERT(st == URISCAN_OK && n2 == n && buf[n] == '\0',
	            "%s into %zu + 1 (%zu)", uriscan_status_name(st), n, n2);
	FUZZ_ASSERT(uriscan_validate(g, buf, n, 0, NULL) == URISCAN_OK,
	            "an invalid result");
	if (n > 0) {
		char *b2 = malloc(n);
		FUZZ_ASSERT(b2 != NULL, "out of memory");
		FUZZ_ASSERT(f(ctx, g, s, len, b2, n, &n2, &e) ==
		                    URISCAN_E_BUFFER_TOO_SMALL &&
		                n2 == n,
		            "one byte short");
		free(b2);
	}
	*res = buf;
	*rlen = n;
	return URISCAN_OK;
}

static int qe_fn(const void *ctx, enum uriscan_grammar g, const char *s,
                 size_t len, char *out, size_t cap, size_t *n,
                 struct uriscan_error *err)
{
	return uriscan_query_edit(g, s, len, ctx, out, cap, n, err);
}

static int rw_fn(const void *ctx, enum uriscan_grammar g, const char *s,
                 size_t len, char *out, size_t cap, size_t *n,
                 struct uriscan_error *err)
{
	return uriscan_rewrite(g, s, len, ctx, out, cap, n, err);
}

static void check_encode(enum uriscan_grammar g, const char *s, size_t len)
{
	static const char *const r3986[] = {"userinfo", "reg-name", "path",
	                                    "segment",  "query",    "query",
	                                    "query",    "fragment"};
	static const char *const r3987[] = {"iuserinfo", "ireg-name", "ipath",
	                                    "isegment",  "iquery",    "iquery",
	                                    "iquery",    "ifragment"};
	static const unsigned flag_sets[] = {
	    URISCAN_ENCODE_ALL_PERCENT, 0, URISCAN_ENCODE_FORM,
	    URISCAN_ENCODE_FORM | URISCAN_ENCODE_ALL_PERCENT};
	/* room for 32 bytes past 3 a byte (RFC 3986: the masks of
	 * src/operations/encode_masks.c), then the result's exact size (the
	 * checked writer), each its own allocation */
	char *enc = malloc(3 * len + 32), *dec = malloc(3 * len + 1);

	FUZZ_ASSERT(enc && dec, "out of memory");
	for (unsigned t = 0; t < URISCAN_ENCODE_TARGET_COUNT; t++)
		for (unsigned f = 0; f < 4; f++) {
			struct uriscan_encode_options o = {sizeof o, t, flag_sets[f]};
			size_t n = 0, n2 = 0, dn = 0;
			unsigned rule = 0;
			char *exact;
			if ((o.flags & URISCAN_ENCODE_FORM) &&
			    t != URISCAN_ENCODE_QUERY_KEY &&
			    t != URISCAN_ENCODE_QUERY_VALUE)
				continue;
			FUZZ_ASSERT(uriscan_percent_encode(g, len ? s : NULL, len, &o,
			                                   enc, 3 * len + 32, &n,
			                                   NULL) == URISCAN_OK,
			            "encode failed");
			exact = malloc(n ? n : 1);
			FUZZ_ASSERT(exact, "out of memory");
			FUZZ_ASSERT(uriscan_percent_encode(g, len ? s : NULL, len, &o,
			                                   exact, n, &n2,
			                                   NULL) == URISCAN_OK &&
			                n2 == n && memcmp(exact, enc, n) == 0,
			            "encode for %s, flags %u: another result in "
			            "its exact size",
			            uriscan_encode_target_name(t), o.flags);
			free(exact);
			uriscan_rule_from_name(
			    g, g == URISCAN_RFC3987 ? r3987[t] : r3986[t], &rule);
			FUZZ_ASSERT(uriscan_validate_rule(g, rule, enc, n, 0, NULL) ==
			                URISCAN_OK,
			            "encoded for %s, flags %u: not valid",
			            uriscan_encode_target_name(t), o.flags);
			if (!(o.flags & URISCAN_ENCODE_ALL_PERCENT))
				continue; /* an escape kept decodes to its byte */
			FUZZ_ASSERT(
			    uriscan_percent_decode(
			        enc, n,
			        (o.flags & URISCAN_ENCODE_FORM) ? URISCAN_DECODE_PLUS
			                                        : 0,
			        dec, 3 * len + 1, &dn, NULL, NULL) == URISCAN_OK &&
			        dn == len && (len == 0 || memcmp(dec, s, len) == 0),
			    "decode(encode(x)) != x for %s, flags %u",
			    uriscan_encode_target_name(t), o.flags);
		}
	free(enc);
	free(dec);
}

/* The reference's query span (or none). */
static int query_of(enum uriscan_grammar g, const char *s, size_t n,
                    struct uriscan_span *q, size_t *qs, size_t *qe)
{
	struct uriscan_uri u;
	FUZZ_ASSERT(uriscan_parse(g, s, n, 0, &u) == URISCAN_OK, "reparse");
	if (URISCAN_HAS(&u, URISCAN_QUERY)) {
		*q = u.part[URISCAN_QUERY];
		*qs = q->off - 1;
		*qe = q->off + q->len;
		return 1;
	}
	*qs = *qe = URISCAN_HAS(&u, URISCAN_FRAGMENT)
	                ? u.part[URISCAN_FRAGMENT].off - 1
	                : n;
	return 0;
}

/* The pairs of out's query are input pairs in order; outside the query
 * nothing changed. */
static void check_untouched(enum uriscan_grammar g, const char *s, size_t len,
                            const char *r, size_t rn, unsigned qflags)
{
	struct uriscan_span q = {0, 0}, rq = {0, 0};
	size_t qs, qe, rqs, rqe;
	int hq = query_of(g, s, len, &q, &qs, &qe);
	int hr = query_of(g, r, rn, &rq, &rqs, &rqe);
	struct uriscan_query_iter a, b;
	struct uriscan_query_pair pa, pb;
	unsigned sf = qflags & URISCAN_QUERY_SEMICOLON;

	FUZZ_ASSERT(qs == rqs && memcmp(s, r, qs) == 0 && len - qe == rn - rqe &&
	                memcmp(s + qe, r + rqe, len - qe) == 0,
	            "bytes outside the query changed");
	if (!hr)
		return;
	FUZZ_ASSERT(hq, "a query appeared");
	uriscan_query_iter_init(&a, s + q.off, q.len, sf);
	uriscan_query_iter_init(&b, r + rq.off, rq.len, sf);
	if (rq.len == 0)
		return;
	while (uriscan_query_next(&b, &pb) == URISCAN_OK) {
		int found = 0;
		while (!found && uriscan_query_next(&a, &pa) == URISCAN_OK)
			found = pa.pair.len == pb.pair.len &&
			        memcmp(s + q.off + pa.pair.off, r + rq.off + pb.pair.off,
			               pa.pair.len) == 0;
		FUZZ_ASSERT(found, "a pair that is not an input pair, in order");
	}
}

static void same_again(edit_fn f, const void *ctx, enum uriscan_grammar g,
                       const char *r, size_t rn, const char *what)
{
	char *r2 = NULL;
	size_t n2 = 0;
	FUZZ_ASSERT(call(f, ctx, g, r, rn, &r2, &n2) == URISCAN_OK && n2 == rn &&
	                memcmp(r, r2, rn) == 0,
	            "%s: not idempotent", what);
	free(r2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct uriscan_query_edit ed[MAX_EDITS];
	size_t ned = 0;
	int only_filters = 1;

	if (!fuzz_decode(data, size, &in))
		return 0;
	const char *s = (const char *)in.rest;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = in.rest_len;
	const char *nul = memchr(s, 0, in.rest_len);
	size_t len = nul ? (size_t)(nul - s) : in.rest_len;
	if (in.g != URISCAN_RFC3986 && in.g != URISCAN_RFC3987) {
		size_t n = 5;
		struct uriscan_query_edit_options o = {sizeof o, 0, NULL, 0, NULL, 0};
		FUZZ_ASSERT(uriscan_query_edit(in.g, s, len, &o, NULL, 0, &n, NULL) !=
		                    URISCAN_OK &&
		                n == 0,
		            "query_edit on grammar %d", (int)in.g);
		return 0;
	}
	if (!uriscan_grammar_available(in.g))
		return 0;
	check_encode(in.g, s, len);

	/* the edits */
	const char *p = nul ? nul + 1 : s + len, *end = s + in.rest_len;
	while (p < end && ned < MAX_EDITS) {
		const char *t = memchr(p, 1, (size_t)(end - p));
		size_t tl = t ? (size_t)(t - p) : (size_t)(end - p);
		struct uriscan_query_edit *e = &ed[ned++];
		memset(e, 0, sizeof *e);
		if (tl > 0) {
			e->op = (unsigned char)p[0] % 5u + 1u;
			e->key = p + 1;
			e->key_len = tl - 1;
			const char *eq = memchr(p + 1, '=', tl - 1);
			if (eq && (e->op == URISCAN_QUERY_SET ||
			           e->op == URISCAN_QUERY_APPEND)) {
				e->key_len = (size_t)(eq - p - 1);
				e->value = eq + 1;
				e->value_len = tl - 1 - e->key_len - 1;
			} else if (e->op == URISCAN_QUERY_SET) {
				e->value = "";
			}
		} else
			e->op = URISCAN_QUERY_SORT;
		if (e->op != URISCAN_QUERY_REMOVE && e->op != URISCAN_QUERY_KEEP)
			only_filters = 0;
		p = t ? t + 1 : end;
	}

	unsigned qflags = (in.flags & 1u ? URISCAN_DECODE_PLUS : 0) |
	                  (in.flags & 2u ? URISCAN_QUERY_SEMICOLON : 0) |
	                  (in.flags & 4u ? URISCAN_QUERY_ICASE : 0) |
	                  (in.flags & 8u ? URISCAN_QUERY_KEEP_EMPTY : 0);
	struct uriscan_query_edit_options qo = {sizeof qo, qflags, ed,
	                                        ned,         NULL,   0};
	char *r = NULL;
	size_t rn = 0;
	if (call(qe_fn, &qo, in.g, s, len, &r, &rn) != URISCAN_OK)
		return 0;
	/* a SORT with room for every record (one read) gives the same as
	 * with the stack's 256 (a read per 256) */
	size_t swn = URISCAN_QUERY_SORT_WORK(len, ned);
	void *sw = malloc(swn);
	FUZZ_ASSERT(sw != NULL, "out of memory");
	struct uriscan_query_edit_options qw = qo;
	qw.sort_work = (char *)sw;
	qw.sort_work_size = swn;
	char *r2 = malloc(rn + 1);
	size_t rn2 = 0;
	FUZZ_ASSERT(r2 != NULL, "out of memory");
	FUZZ_ASSERT(uriscan_query_edit(in.g, s, len, &qw, r2, rn + 1, &rn2,
	                               NULL) == URISCAN_OK &&
	                rn2 == rn && memcmp(r, r2, rn) == 0,
	            "sort_work changes the result");
	free(r2);
	free(sw);
	if (only_filters) {
		check_untouched(in.g, s, len, r, rn, qflags);
		same_again(qe_fn, &qo, in.g, r, rn, "removes and keeps");
	}
	free(r);

	/* strip and sort (and the flags) twice: once */
	static char work[1 << 16];
	struct uriscan_query_edit sort = {URISCAN_QUERY_SORT, NULL, 0, NULL, 0};
	struct uriscan_rewrite_options ro = {.size = sizeof ro};
	ro.flags = URISCAN_REWRITE_STRIP_TRACKING | (in.flags >> 4);
	ro.query_flags = qflags;
	ro.edits = &sort;
	ro.n_edits = 1;
	ro.work = work;
	ro.work_cap = sizeof work;
	if (3 * len + 64 > sizeof work)
		ro.flags &= ~URISCAN_REWRITE_NORMALIZE;
	if (call(rw_fn, &ro, in.g, s, len, &r, &rn) == URISCAN_OK) {
		same_again(rw_fn, &ro, in.g, r, rn, "strip and sort");
		free(r);
	}
	return 0;
}
