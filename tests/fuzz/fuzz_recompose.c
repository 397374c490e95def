/* SPDX-License-Identifier: MIT */
/*
 * fuzz_recompose.c: recomposition, "set component", percent-decoding and
 * query iteration (uriscan.h, "Percent-decoding, query parameters,
 * recomposition").
 *
 * Input: byte 0 bits 0-2: grammar (as fuzz.h); bits 3-5: the component to
 * set (0 scheme .. 7 fragment); bit 6: URISCAN_SET_REMOVE. Byte 1: flags of
 * the decode and the query calls (bit 0 URISCAN_DECODE_PLUS, bit 1
 * URISCAN_DECODE_LENIENT, bit 2 URISCAN_QUERY_SEMICOLON). The rest: a
 * reference, then a NUL byte and the new value of the component (no NUL:
 * an empty value).
 *
 * Checked:
 *  - a reference that parses (top rule, not RFC 1738): its parts recompose
 *    to exactly the input;
 *  - setting the component to the value gives either URISCAN_E_COMPONENT
 *    with an offset inside the value (or inside the component it names),
 *    or a result valid in the grammar whose parse has that component equal
 *    to the value (absent when removed); the size query gives the length
 *    a buffer of exactly that size + 1 takes;
 *  - percent-decoding the rest: never writes past the capacity (exact-size
 *    heap blocks), the same length for every capacity, at most the input
 *    and shorter by an even count (2 per escape); bad_percent only next to
 *    a '%';
 *  - the query pairs of the rest: pairs and separators tile it exactly,
 *    keys and values inside their pair, split at the first '='; a lookup of
 *    each pair's decoded key finds that pair or an earlier one.
 */
#include "fuzz.h"

static char *xmalloc(size_t n)
{
	char *p = malloc(n ? n : 1);
	FUZZ_ASSERT(p != NULL, "out of memory");
	return p;
}

static void check_roundtrip(enum uriscan_grammar g, const char *s, size_t len,
                            const struct uriscan_uri *u)
{
	struct uriscan_uri_parts parts;
	size_t n = 0;
	FUZZ_ASSERT(uriscan_uri_parts_from(u, s, len, &parts) == URISCAN_OK,
	            "parts_from failed");
	char *out = xmalloc(len + 1);
	int st = uriscan_recompose(g, &parts, 0, out, len + 1, &n, NULL);
	FUZZ_ASSERT(st == URISCAN_OK && n == len && fuzz_span_eq(out, n, s, len),
	            "%s: recompose of a parse: %s, %zu bytes",
	            uriscan_grammar_name(g), uriscan_status_name(st), n);
	free(out);
}

static void check_set(enum uriscan_grammar g, const char *s, size_t len,
                      const struct uriscan_uri *u, unsigned c, unsigned flags,
                      const char *val, size_t vlen)
{
	size_t n = 77, n2 = 0, eo;
	unsigned ec;
	struct uriscan_uri r;
	struct uriscan_set_options so = {sizeof so, c, val, vlen, flags};
	struct uriscan_error e;
	int st = uriscan_set_component(u, s, len, &so, NULL, 0, &n, &e);
	eo = e.offset;
	ec = e.component;
	FUZZ_ASSERT(e.status == st &&
	                e.input == (st != URISCAN_E_COMPONENT ? URISCAN_INPUT_NONE
	                            : ec == c                 ? URISCAN_INPUT_SECOND
	                                                      : URISCAN_INPUT_FIRST),
	            "set %s: error struct %d/%d/%u", uriscan_component_name(c),
	            e.status, (int)e.input, ec);
	if (st == URISCAN_E_COMPONENT) {
		struct uriscan_uri_parts parts;
		uriscan_uri_parts_from(u, s, len, &parts);
		size_t lim = ec == c ? vlen
		             : ec < URISCAN_PARTS_COUNT ? parts.part[ec].len : 0;
		FUZZ_ASSERT(ec < URISCAN_PARTS_COUNT && eo <= lim && n == 0,
		            "set %s: bad_component %u at %zu (limit %zu)",
		            uriscan_component_name(c), ec, eo, lim);
		return;
	}
	FUZZ_ASSERT(st == URISCAN_E_BUFFER_TOO_SMALL,
	            "set %s: size query gives %s", uriscan_component_name(c),
	            uriscan_status_name(st));
	char *out = xmalloc(n + 1);
	st = uriscan_set_component(u, s, len, &so, out, n + 1, &n2, &e);
	FUZZ_ASSERT(st == URISCAN_OK && n2 == n && out[n] == '\0' &&
	                e.component == URISCAN_COMPONENT_NONE &&
	                e.input == URISCAN_INPUT_NONE,
	            "set %s: %s with a buffer of %zu + 1",
	            uriscan_component_name(c), uriscan_status_name(st), n);
	fuzz_cur_s_ = out;
	fuzz_cur_len_ = n;
	st = uriscan_parse(g, out, n, 0, &r);
	FUZZ_ASSERT(st == URISCAN_OK, "set %s: the result is not valid: %s@%zu",
	            uriscan_component_name(c), uriscan_status_name(st),
	            r.error_offset);
	if (flags & URISCAN_SET_REMOVE) {
		if (c == URISCAN_HOST || c == URISCAN_PATH)
			FUZZ_ASSERT(URISCAN_HAS(&r, c) && r.part[c].len == 0,
			            "removed %s is not empty", uriscan_component_name(c));
		else
			FUZZ_ASSERT(!URISCAN_HAS(&r, c), "removed %s is still there",
			            uriscan_component_name(c));
	} else {
		FUZZ_ASSERT(URISCAN_HAS(&r, c) &&
		                fuzz_span_eq(out + r.part[c].off, r.part[c].len, val,
		                             vlen),
		            "set %s: the result's parse has another value",
		            uriscan_component_name(c));
	}
	free(out);
}

static void check_decode(const char *s, size_t len, unsigned flags)
{
	size_t n = 77, n2 = 77, eo;
	unsigned info = 77;
	struct uriscan_error e;
	int st = uriscan_percent_decode(s, len, flags, NULL, 0, &n, &info, &e);
	eo = e.offset;
	FUZZ_ASSERT(e.status == st &&
	                e.input == (st == URISCAN_E_BAD_PERCENT ||
	                                    st == URISCAN_E_TOO_LONG
	                                ? URISCAN_INPUT_FIRST
	                                : URISCAN_INPUT_NONE),
	            "decode: error struct %d/%d", e.status, (int)e.input);
	if (st == URISCAN_E_BAD_PERCENT) {
		FUZZ_ASSERT(!(flags & URISCAN_DECODE_LENIENT) && n == 0 && eo <= len &&
		                ((eo >= 1 && s[eo - 1] == '%') ||
		                 (eo >= 2 && s[eo - 2] == '%')),
		            "decode: bad_percent at %zu", eo);
		return;
	}
	FUZZ_ASSERT(st == (len ? URISCAN_E_BUFFER_TOO_SMALL : URISCAN_OK) ||
	                (st == URISCAN_OK && n == 0),
	            "decode: size query gives %s", uriscan_status_name(st));
	FUZZ_ASSERT(n <= len && (len - n) % 2 == 0,
	            "decode: %zu bytes from %zu", n, len);
	for (size_t cap = n; ; cap /= 2) {
		char *out = xmalloc(cap);
		unsigned info2 = 0;
		st = uriscan_percent_decode(s, len, flags, out, cap, &n2, &info2, NULL);
		FUZZ_ASSERT(n2 == n && info2 == info &&
		                st == (cap >= n ? URISCAN_OK
		                                : URISCAN_E_BUFFER_TOO_SMALL),
		            "decode: cap %zu gives %s, %zu bytes", cap,
		            uriscan_status_name(st), n2);
		free(out);
		if (cap == 0)
			break;
	}
}

static void check_query(const char *q, size_t len, unsigned flags)
{
	struct uriscan_query_iter it;
	struct uriscan_query_pair p, f;
	size_t at = 0;
	int found, ended = 0;

	FUZZ_ASSERT(uriscan_query_iter_init(&it, q, len, flags) == URISCAN_OK,
	            "query init");
	while (uriscan_query_next(&it, &p) == URISCAN_OK) {
		FUZZ_ASSERT(!ended && p.pair.off == at && p.pair.len <= len - at,
		            "query: pair at %u, expected at %zu", p.pair.off, at);
		const char *b = q ? q + p.pair.off : ""; /* q NULL: len 0 */
		const char *eq = p.pair.len ? memchr(b, '=', p.pair.len) : NULL;
		for (size_t i = 0; i < p.pair.len; i++)
			FUZZ_ASSERT(b[i] != '&' && (b[i] != ';' ||
			                            !(flags & URISCAN_QUERY_SEMICOLON)),
			            "query: separator inside a pair");
		FUZZ_ASSERT(p.has_value == (eq != NULL) && p.key.off == p.pair.off &&
		                p.key.len == (eq ? (size_t)(eq - b) : p.pair.len) &&
		                (!eq || (p.value.off == p.key.off + p.key.len + 1 &&
		                         p.value.off + p.value.len ==
		                             p.pair.off + p.pair.len)),
		            "query: key/value of the pair at %u", p.pair.off);
		at = p.pair.off + p.pair.len;
		if (at == len)
			ended = 1;
		else
			at++; /* the separator */
		/* lookup by the decoded key */
		char key[256];
		size_t kn = 0;
		if (uriscan_percent_decode(q ? q + p.key.off : NULL, p.key.len, (flags & URISCAN_DECODE_PLUS) |
		                               URISCAN_DECODE_LENIENT,
		                           key, sizeof key,
		                           &kn,
		                           NULL, NULL) == URISCAN_OK) {
			FUZZ_ASSERT(uriscan_query_get(q, len, key, kn, flags, &found,
			                              &f) == URISCAN_OK &&
			                found == 1 && f.pair.off <= p.pair.off,
			            "query: the key of the pair at %u is not found",
			            p.pair.off);
		}
	}
	FUZZ_ASSERT(ended, "query: the pairs end at %zu of %zu", at, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct uriscan_uri u;
	if (size < 2)
		return 0;
	enum uriscan_grammar g = (enum uriscan_grammar)(data[0] & 7u);
	unsigned c = (data[0] >> 3) & 7u;
	unsigned sflags = (data[0] & 0x40) ? URISCAN_SET_REMOVE : 0;
	unsigned dflags = data[1] & 7u;
	const char *rest = (const char *)data + 2;
	size_t rlen = size - 2;
	const char *nul = rlen ? memchr(rest, 0, rlen) : NULL;
	size_t slen = nul ? (size_t)(nul - rest) : rlen;
	const char *val = nul ? nul + 1 : rest + rlen;
	size_t vlen = nul ? rlen - slen - 1 : 0;

	fuzz_cur_s_ = rest;
	fuzz_cur_len_ = rlen;
	check_decode(rlen ? rest : NULL, rlen, dflags & 3u);
	check_query(rlen ? rest : NULL, rlen, dflags & 5u);
	if (!uriscan_grammar_available(g) || g == URISCAN_RFC1738)
		return 0;
	if (uriscan_parse(g, rest, slen, 0, &u) != URISCAN_OK ||
	    u.kind == URISCAN_KIND_NONE)
		return 0;
	check_roundtrip(g, rest, slen, &u);
	check_set(g, rest, slen, &u, c, sflags, val, vlen);
	return 0;
}
