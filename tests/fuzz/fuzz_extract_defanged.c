/* SPDX-License-Identifier: MIT */
/*
 * fuzz_extract_defanged.c: extraction with URISCAN_EXTRACT_DEFANGED
 * (uriscan.h, "Defanged URLs"): the streaming extractor fed in chunk sizes
 * taken from the input against uriscan_extract on the whole buffer, and
 * the invariants of every match. No state carried from one input to the
 * next; no timing.
 *
 * Input:
 *   byte 0   bits 0-2: grammar (as fuzz.h: one without an extraction
 *            machine must be refused the same way by uriscan_extractor_new
 *            and uriscan_extract); bit 3: URISCAN_EXTRACT_NO_TRIM; bit 4:
 *            opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT; bit 5:
 *            URISCAN_EXTRACT_SCALAR; bit 6: max_len = 128, else the
 *            default; bit 7: URISCAN_EXTRACT_KEEP_CUT
 *   byte 1   bits 0-2: n, the number of chunk-size bytes that follow;
 *            bit 3: the text repeated to 9,000 bytes or more (past the
 *            refanger's 4 KiB pieces and, with max_len 128, its ring of
 *            records); bit 4: URISCAN_EXTRACT_NO_COMPONENTS
 *   n bytes  chunk sizes, used in turn: bits 0-6 the size, times 32 when
 *            bit 7 is set; 0 feeds an empty chunk. n == 0: one byte per
 *            chunk
 *   rest     the text
 *
 * Checked:
 *  - the extractor fed the chunks (each in a heap block of exactly its
 *    size, freed once drained), the same extractor reset and fed the whole
 *    text, and uriscan_extract give identical matches (offset, length,
 *    flags, scheme_len, bytes, components): chunking does not change the
 *    result;
 *  - matches are in order, do not overlap and lie inside the text;
 *  - a match without URISCAN_MATCH_DEFANGED is as without the flag: its
 *    bytes are the text's at its offset, nbytes == length unless truncated;
 *  - a defanged match that is not truncated refangs to a valid URL: its
 *    bytes parse under the grammar, to the components reported;
 *  - the written span contains only the URL and its forms: the span
 *    alone, extracted with the same options, gives exactly that match (at
 *    0, the same length, bytes and mark; a scheme word at its end that a
 *    colon form right after the span made the refanger rewrite is read as
 *    written, as the span alone reads it);
 *  - a truncated match keeps at most max_len bytes and has no components;
 *  - the extractor's offset is the bytes fed; feeding an undrained one or
 *    after finish gives URISCAN_E_STATE.
 */
#include <string.h>

#include "fuzz.h"
#include "match_list.h"

/* Feed t in the chunk sizes of sz[0, nsz) (one byte each when nsz is 0),
 * each chunk in its own heap block. */
static void feed_chunks(uriscan_extractor *x, const char *t, size_t n,
                        const uint8_t *sz, size_t nsz, struct match_list *out)
{
	struct uriscan_match m;
	size_t at = 0, k = 0;

	while (at < n) {
		size_t c = 1;
		char *chunk;
		if (nsz) {
			c = (size_t)(sz[k % nsz] & 0x7f) * ((sz[k % nsz] & 0x80) ? 32 : 1);
			k++;
		}
		if (c > n - at)
			c = n - at;
		chunk = malloc(c ? c : 1);
		FUZZ_ASSERT(chunk != NULL, "out of memory");
		memcpy(chunk, t + at, c);
		FUZZ_ASSERT(uriscan_extractor_feed(x, chunk, c) == URISCAN_OK, "feed");
		if (c > 0)
			FUZZ_ASSERT(uriscan_extractor_feed(x, chunk, c) == URISCAN_E_STATE,
			            "feed before the chunk was drained");
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			match_add(out, &m);
		free(chunk);
		at += c;
		FUZZ_ASSERT(uriscan_extractor_offset(x) == at, "offset");
		if (nsz && k > 4 * n + 16) /* only empty chunks: feed the rest */
			nsz = 0;
	}
	FUZZ_ASSERT(uriscan_extractor_finish(x) == URISCAN_OK, "finish");
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		match_add(out, &m);
	FUZZ_ASSERT(uriscan_extractor_feed(x, "a", 1) == URISCAN_E_STATE,
	            "feed after finish");
}

static void invariants(enum uriscan_grammar g,
                       const struct uriscan_extract_options *o, const char *t,
                       size_t n, const struct match_list *l, size_t max_len)
{
	uint64_t end = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct match_rec *r = &l->v[i];
		struct match_list one = {0};
		struct uriscan_uri u;
		FUZZ_ASSERT(r->off >= end && r->off + r->len <= n,
		            "match %zu: out of order or outside the text", i);
		end = r->off + r->len;
		if (r->flags & URISCAN_MATCH_TRUNCATED) {
			FUZZ_ASSERT(r->nbytes <= max_len && r->uri.present == 0,
			            "match %zu: truncated, %zu bytes kept", i, r->nbytes);
			if (!(r->flags & URISCAN_MATCH_DEFANGED))
				FUZZ_ASSERT(memcmp(r->bytes, t + r->off, r->nbytes) == 0,
				            "match %zu: truncated, not the text", i);
			continue;
		}
		if (!(r->flags & URISCAN_MATCH_DEFANGED)) {
			FUZZ_ASSERT(r->nbytes == r->len &&
			                memcmp(r->bytes, t + r->off, r->nbytes) == 0,
			            "match %zu: without the mark, not the text's bytes", i);
			continue;
		}
		/* refangs to a valid URL, split as reported */
		FUZZ_ASSERT(uriscan_parse(g, r->bytes, r->nbytes, 0, &u) == URISCAN_OK,
		            "match %zu: the refanged URL is not valid", i);
		if (!(o->flags & URISCAN_EXTRACT_NO_COMPONENTS))
			FUZZ_ASSERT(fuzz_results_equal(&u, &r->uri),
			            "match %zu: components not uriscan_parse's", i);
		/* the span holds the URL and its forms only */
		FUZZ_ASSERT(uriscan_extract(g, t + r->off, (size_t)r->len, o, match_cb,
		                            &one, NULL) == URISCAN_OK,
		            "extract of a span");
		FUZZ_ASSERT(one.n == 1 && one.v[0].off == 0 && one.v[0].len == r->len &&
		                one.v[0].nbytes == r->nbytes &&
		                memcmp(one.v[0].bytes, r->bytes, r->nbytes) == 0 &&
		                (one.v[0].flags & URISCAN_MATCH_DEFANGED),
		            "match %zu (%.*s): its span alone gives %zu matches", i,
		            (int)r->nbytes, r->bytes, one.n);
		match_clear(&one);
	}
}

static void run(enum uriscan_grammar g, const struct uriscan_extract_options *o,
                const char *t, size_t n, const uint8_t *sz, size_t nsz)
{
	struct match_list whole = {0}, chunks = {0}, again = {0};
	uriscan_extractor *x = NULL;
	uint64_t count = 0;
	int st = uriscan_extractor_new(g, o, &x);
	int st2 = uriscan_extract(g, t, n, o, match_cb, &whole, &count);

	FUZZ_ASSERT(st == st2, "new %d, extract %d", st, st2);
	if (st != URISCAN_OK) {
		match_clear(&whole);
		return;
	}
	FUZZ_ASSERT(count == whole.n, "count");
	feed_chunks(x, t, n, sz, nsz, &chunks);
	match_same(&whole, &chunks, "chunks");
	uriscan_extractor_reset(x);
	{
		char *copy = malloc(n ? n : 1);
		struct uriscan_match m;
		FUZZ_ASSERT(copy != NULL, "out of memory");
		memcpy(copy, t, n);
		FUZZ_ASSERT(uriscan_extractor_feed(x, copy, n) == URISCAN_OK, "feed");
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			match_add(&again, &m);
		free(copy);
		FUZZ_ASSERT(uriscan_extractor_finish(x) == URISCAN_OK, "finish");
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			match_add(&again, &m);
	}
	match_same(&whole, &again, "reset, whole text");
	uriscan_extractor_free(x);
	invariants(g, o, t, n, &whole,
	           o->max_len ? o->max_len : URISCAN_EXTRACT_MAX_LEN_DEFAULT);
	match_clear(&whole);
	match_clear(&chunks);
	match_clear(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct uriscan_extract_options o;
	enum uriscan_grammar g;
	size_t nsz, n;
	const uint8_t *sz;
	char *t;

	if (size < 2)
		return 0;
	g = (enum uriscan_grammar)(data[0] & 7);
	memset(&o, 0, sizeof o);
	o.size = sizeof o;
	o.flags = URISCAN_EXTRACT_DEFANGED;
	if (data[0] & 0x08)
		o.flags |= URISCAN_EXTRACT_NO_TRIM;
	if (data[0] & 0x10)
		o.opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
	if (data[0] & 0x20)
		o.flags |= URISCAN_EXTRACT_SCALAR;
	if (data[0] & 0x40)
		o.max_len = URISCAN_EXTRACT_MAX_LEN_MIN;
	if (data[0] & 0x80)
		o.flags |= URISCAN_EXTRACT_KEEP_CUT;
	if (data[1] & 0x10)
		o.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	nsz = data[1] & 7;
	if (nsz > size - 2)
		nsz = size - 2;
	sz = data + 2;
	n = size - 2 - nsz;
	if ((data[1] & 0x08) && n > 0) {
		size_t total = n;
		while (total < 9000)
			total += n;
		t = malloc(total);
		FUZZ_ASSERT(t != NULL, "out of memory");
		for (size_t k = 0; k < total; k += n)
			memcpy(t + k, data + 2 + nsz, n);
		n = total;
	} else {
		t = malloc(n ? n : 1);
		FUZZ_ASSERT(t != NULL, "out of memory");
		memcpy(t, data + 2 + nsz, n);
	}
	run(g, &o, t, n, sz, nsz);
	free(t);
	return 0;
}
