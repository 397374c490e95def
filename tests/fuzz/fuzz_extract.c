/* SPDX-License-Identifier: MIT */
/*
 * fuzz_extract.c: extraction from free text (uriscan.h, "Extracting URLs
 * from free text"): the streaming extractor fed in chunk sizes taken from
 * the input against uriscan_extract on the whole buffer.
 * No state carried from one input to the next; no timing.
 *
 * Input:
 *   byte 0   bits 0-2: grammar (as fuzz.h; a grammar without an extraction
 *            machine, or not built, or unknown, must be refused the same
 *            way by uriscan_extractor_new and uriscan_extract);
 *            bit 3: URISCAN_EXTRACT_NO_TRIM; bit 4: opaque_schemes =
 *            URISCAN_EXTRACT_OPAQUE_DEFAULT; bit 5: URISCAN_EXTRACT_SCALAR;
 *            bit 6: max_len = URISCAN_EXTRACT_MAX_LEN_MIN (128), else the
 *            default; bit 7: URISCAN_EXTRACT_NO_COMPONENTS
 *   byte 1   bits 0-2: n, the number of chunk-size bytes that follow;
 *            bit 3: the text repeated to 4,400 bytes or more (below);
 *            bit 4: URISCAN_EXTRACT_CONFUSION
 *   n bytes  chunk sizes, used in turn until the text is fed: bits 0-6 the
 *            size, times 32 when bit 7 is set; 0 feeds an empty chunk.
 *            n == 0: one byte per chunk
 *   rest     the text
 *
 * Checked:
 *  - the extractor fed the chunks (each one copied into a heap block of
 *    exactly its size, freed as soon as next() has drained it, so
 *    AddressSanitizer sees a read outside it or a match kept past its
 *    lifetime), the same extractor reset and fed the whole text at once,
 *    and uriscan_extract give identical matches (offset, length, flags,
 *    scheme_len, bytes, components); so do the SIMD and the scalar search;
 *  - matches are in order, do not overlap, lie inside the text, and their
 *    bytes are the text's; the scheme is what rule 2 of the definition
 *    says (a letter, then scheme characters, at most 64 bytes, ':' after
 *    it, no letter just before it inside the walk-back window, which
 *    ends where the search went on: after the previous match, or after a
 *    truncated one at the byte that stopped its machine; a match cut
 *    short and dropped (rule 8) counts, as the same text extracted with
 *    URISCAN_EXTRACT_KEEP_CUT shows: its matches are the others and the
 *    cut ones, each followed by a letter, a digit or, but in RFC 3987, a
 *    byte >= 0x80 that starts none of the delimiters of text_delims.h (a
 *    truncated one: any), and a match kept under an ASCII grammar with
 *    such a byte after it has one there);
 *  - a "scheme:" match without "//" is an opaque scheme of the list with at
 *    least one byte after ':';
 *  - a match that is not truncated has nbytes == length <= max_len, is
 *    valid alone under the grammar's extraction rule, and its components
 *    are uriscan_parse of its bytes (none with NO_COMPONENTS); trimmed
 *    matches end in no trimmable byte (under RFC 3987 in no delimiter
 *    beyond ASCII but a balanced closing bracket); untrimmed ones are the longest
 *    prefix the rule accepts;
 *  - a truncated match has nbytes == min(length, max_len) (its longest
 *    valid prefix may be short when the machine ran on past max_len), no
 *    components, and its length bytes are valid under the extraction rule;
 *  - with URISCAN_EXTRACT_CONFUSION, every match's confusion flags are
 *    uriscan_confusion's of its bytes (the kept bytes of a truncated
 *    match); without it, 0;
 *  - feeding an undrained extractor, or feeding or finishing after
 *    finish, gives URISCAN_E_STATE; the extractor's offset is the bytes fed;
 *  - all of the above, with byte 1's bit 3, on the text repeated to 4,400
 *    bytes or more (in a heap block of exactly that size). Inputs stay
 *    under 4 KB (scripts/fuzz.sh), and the SIMD search keeps the "://" of
 *    2 KB windows of a buffer at a time (src/extraction/extract_find.h): so the
 *    windows, their queue kept from one next() to the other, and the
 *    search per candidate in a buffer's last 2 KB all see fuzzed text.
 */
#include "fuzz.h"
#include "match_list.h"
#include "text_delims.h"

static int xm_is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int xm_is_scheme(unsigned char c)
{
	return xm_is_alpha(c) || (c >= '0' && c <= '9') || c == '+' ||
	       c == '-' || c == '.';
}

/* Is s[0, n) one of the comma-separated list (ASCII case-insensitive)? */
static int xm_listed(const char *list, const char *s, size_t n)
{
	while (*list) {
		size_t k = strcspn(list, ",");
		if (k == n) {
			size_t i = 0;
			while (i < n && (s[i] | 0x20) == (list[i] | 0x20))
				i++;
			if (i == n)
				return 1;
		}
		list += k;
		if (*list == ',')
			list++;
	}
	return 0;
}

static size_t xm_count(const char *s, size_t n, char c)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == c;
	return k;
}

/* Where the search goes on after the cut match r of the KEEP_CUT run
 * (rules 6 and 7, as after any match): its end, or for a truncated one
 * the byte that stopped its machine. Checks rule 8 on the way: the text
 * goes on with a letter or a digit (or, but in RFC 3987, a byte >= 0x80
 * that starts no delimiter beyond ASCII: any for a truncated one) right
 * after it. */
static uint64_t xm_cut_end(enum uriscan_grammar g, unsigned xrule,
                           const char *s, size_t len, const struct match_rec *r)
{
	size_t eo = (size_t)r->len, after = (size_t)(r->off + r->len);
	unsigned char c;
	int st;

	FUZZ_ASSERT(after < len, "cut match at %llu ends the text",
	            (unsigned long long)r->off);
	c = (unsigned char)s[after];
	FUZZ_ASSERT(c >= 0x80 ? g != URISCAN_RFC3987 &&
	                            ((r->flags & URISCAN_MATCH_TRUNCATED) ||
	                             (td_at(s + after, len - after) == NULL &&
	                              !td_byte(c)))
	                      : (c >= '0' && c <= '9') || xm_is_alpha(c),
	            "cut match at %llu: byte 0x%02x after it",
	            (unsigned long long)r->off, c);
	if (r->flags & URISCAN_MATCH_TRUNCATED) {
		st = fuzz_validate_rule(g, xrule, s + r->off,
		                        len - (size_t)r->off, 0, &eo);
		if (st == URISCAN_OK || st == URISCAN_E_INCOMPLETE)
			eo = len - (size_t)r->off;
	}
	return r->off + eo;
}

/* Every invariant of the matches of l, one by one. l: the matches of
 * options o; cut: the same text's with
 * URISCAN_EXTRACT_KEEP_CUT added, which must be l's and the cut ones
 * (the search goes on after a cut match, dropped or not). */
static void xm_check_matches(enum uriscan_grammar g, unsigned xrule,
                             const struct uriscan_extract_options *o,
                             size_t max_len, const char *s, size_t len,
                             const struct match_list *l, const struct match_list *cut)
{
	uint64_t prev_end = 0;
	size_t eo, j = 0;
	int st;

	for (size_t i = 0; i < l->n; i++) {
		const struct match_rec *m = &l->v[i];
		const char *b = s + m->off;
		size_t sl = m->scheme_len, c;
		int auth;

		/* the cut matches before it, dropped: the search went on
		 * after each */
		for (; j < cut->n && (cut->v[j].flags & URISCAN_MATCH_CUT); j++)
			prev_end = xm_cut_end(g, xrule, s, len, &cut->v[j]);
		FUZZ_ASSERT(j < cut->n && cut->v[j].off == m->off &&
		                cut->v[j].len == m->len &&
		                cut->v[j].flags == m->flags,
		            "match %zu: not in the run with KEEP_CUT", i);
		j++;

		/* no scheme starts before where the search went on (rules 2,
		 * 6 and 7) */
		uint64_t floor = prev_end;
		FUZZ_ASSERT(m->off >= prev_end, "match %zu at %llu overlaps", i,
		            (unsigned long long)m->off);
		FUZZ_ASSERT(m->off <= len && m->len <= len - m->off,
		            "match %zu [%llu,+%llu) outside the text of %zu", i,
		            (unsigned long long)m->off, (unsigned long long)m->len,
		            len);
		prev_end = m->off + m->len;
		if (m->flags & URISCAN_MATCH_TRUNCATED) {
			/* rule 7: the search goes on at the byte that stopped the
			 * machine (the end of the text when nothing did), which
			 * may lie past the match */
			st = fuzz_validate_rule(g, xrule, b, len - (size_t)m->off,
			                              0, &eo);
			if (st == URISCAN_OK || st == URISCAN_E_INCOMPLETE)
				eo = len - (size_t)m->off;
			FUZZ_ASSERT(eo > max_len && eo >= m->len,
			            "truncated match %zu: the machine stops after %zu "
			            "bytes, max_len %zu", i, eo, max_len);
			prev_end = m->off + eo;
		}
		FUZZ_ASSERT(memcmp(m->bytes, b, m->nbytes) == 0,
		            "match %zu: bytes are not the text's", i);
		/* rule 8: a match kept under an ASCII grammar with a byte >=
		 * 0x80 right after it has a delimiter there (text_delims.h)
		 * (a truncated one is cut by any) */
		if (g != URISCAN_RFC3987 && !(m->flags & URISCAN_MATCH_CUT) &&
		    m->off + m->len < len &&
		    (unsigned char)s[m->off + m->len] >= 0x80)
			FUZZ_ASSERT(!(m->flags & URISCAN_MATCH_TRUNCATED) &&
			                (td_at(s + m->off + m->len,
			                       len - (size_t)(m->off + m->len)) != NULL ||
			                 td_byte((unsigned char)s[m->off + m->len])),
			            "match %zu: kept before byte 0x%02x", i,
			            (unsigned char)s[m->off + m->len]);
		{
			uint32_t want = 0;
			if (o->flags & URISCAN_EXTRACT_CONFUSION)
				FUZZ_ASSERT(uriscan_confusion(g, m->bytes, m->nbytes, 0,
				                              &want, NULL) == URISCAN_OK,
				            "match %zu: uriscan_confusion fails", i);
			FUZZ_ASSERT(m->confusion == want,
			            "match %zu: confusion %#x, uriscan_confusion %#x",
			            i, (unsigned)m->confusion, (unsigned)want);
		}

		/* the scheme (rule 2) */
		FUZZ_ASSERT(sl >= 1 && sl <= URISCAN_EXTRACT_SCHEME_MAX &&
		                sl + 1 < m->len && b[sl] == ':',
		            "match %zu: scheme_len %zu", i, sl);
		FUZZ_ASSERT(xm_is_alpha((unsigned char)b[0]),
		            "match %zu: scheme without a letter first", i);
		for (size_t k = 1; k < sl; k++)
			FUZZ_ASSERT(xm_is_scheme((unsigned char)b[k]),
			            "match %zu: byte 0x%02x in the scheme", i,
			            (unsigned char)b[k]);
		c = (size_t)m->off + sl; /* the ':' */
		if (m->off > floor &&
		    c - (size_t)(m->off - 1) <= URISCAN_EXTRACT_SCHEME_MAX)
			FUZZ_ASSERT(!xm_is_alpha((unsigned char)s[m->off - 1]),
			            "match %zu: the scheme could start one byte earlier",
			            i);
		auth = m->len >= sl + 3 && b[sl + 1] == '/' && b[sl + 2] == '/';
		if (!auth)
			FUZZ_ASSERT(o->opaque_schemes != NULL &&
			                xm_listed(o->opaque_schemes, b, sl),
			            "match %zu: no \"//\" and no opaque scheme", i);

		if (m->flags & URISCAN_MATCH_TRUNCATED) {
			FUZZ_ASSERT(m->flags == URISCAN_MATCH_TRUNCATED,
			            "match %zu: flags %u", i, m->flags);
			FUZZ_ASSERT(m->nbytes == (m->len < max_len ? m->len : max_len),
			            "truncated match %zu: nbytes %zu, length %llu, "
			            "max_len %zu",
			            i, m->nbytes, (unsigned long long)m->len, max_len);
			FUZZ_ASSERT(m->uri.present == 0 && m->uri.grammar == g,
			            "truncated match %zu with components", i);
			st = fuzz_validate_rule(g, xrule, b, (size_t)m->len, 0, &eo);
			FUZZ_ASSERT(st == URISCAN_OK,
			            "truncated match %zu of %llu bytes: %s@%zu", i,
			            (unsigned long long)m->len, uriscan_status_name(st),
			            eo);
			continue;
		}
		FUZZ_ASSERT(m->flags == 0, "match %zu: flags %u", i, m->flags);
		FUZZ_ASSERT(m->nbytes == m->len && m->len <= max_len,
		            "match %zu: nbytes %zu, length %llu, max_len %zu", i,
		            m->nbytes, (unsigned long long)m->len, max_len);
		st = fuzz_validate_rule(g, xrule, b, m->nbytes, 0, &eo);
		FUZZ_ASSERT(st == URISCAN_OK, "match %zu \"%.*s\": %s: %s@%zu", i,
		            (int)m->nbytes, b, uriscan_rule_name(g, xrule),
		            uriscan_status_name(st), eo);
		if (o->flags & URISCAN_EXTRACT_NO_COMPONENTS) {
			FUZZ_ASSERT(m->uri.present == 0 && m->uri.grammar == g,
			            "match %zu: components with NO_COMPONENTS", i);
		} else {
			struct uriscan_uri u;
			st = uriscan_parse(g, b, m->nbytes, 0, &u);
			FUZZ_ASSERT(st == URISCAN_OK && fuzz_results_equal(&u, &m->uri),
			            "match %zu: components differ from uriscan_parse "
			            "(%s)",
			            i, uriscan_status_name(st));
		}
		if (!(o->flags & URISCAN_EXTRACT_NO_TRIM)) {
			/* rule 4: nothing left to trim (unless it would go into
			 * "scheme://") */
			char z = b[m->nbytes - 1];
			if (!auth || m->nbytes > sl + 3) {
				FUZZ_ASSERT(strchr(".,;:!?", z) == NULL || z == '\0',
				            "match %zu ends in '%c'", i, z);
				FUZZ_ASSERT(z != ')' || xm_count(b, m->nbytes, ')') <=
				                            xm_count(b, m->nbytes, '('),
				            "match %zu ends in an unbalanced ')'", i);
				FUZZ_ASSERT(z != ']' || xm_count(b, m->nbytes, ']') <=
				                            xm_count(b, m->nbytes, '['),
				            "match %zu ends in an unbalanced ']'", i);
				FUZZ_ASSERT(z != '\'' ||
				                xm_count(b, m->nbytes, '\'') % 2 == 0,
				            "match %zu ends in an odd '\\''", i);
				/* under RFC 3987: in no delimiter beyond ASCII but
				 * a closing bracket the match holds as many of as of
				 * its opening one */
				const struct td_delim *t =
				    g == URISCAN_RFC3987 ? td_end(b, m->nbytes) : NULL;
				FUZZ_ASSERT(t == NULL ||
				                (t->open != NULL &&
				                 td_count(b, m->nbytes, t->utf8) <=
				                     td_count(b, m->nbytes, t->open)),
				            "match %zu ends in a delimiter beyond ASCII",
				            i);
			}
		} else {
			/* rule 3: the longest prefix the rule accepts. The machine
			 * stopped at eo (it could not continue there): no longer
			 * prefix up to eo is valid. */
			size_t w = len - (size_t)m->off;
			if (w > max_len + 1)
				w = max_len + 1;
			st = fuzz_validate_rule(g, xrule, b, w, 0, &eo);
			if (st == URISCAN_OK || st == URISCAN_E_INCOMPLETE)
				eo = w;
			FUZZ_ASSERT(eo >= m->nbytes,
			            "match %zu of %zu bytes, the rule fails at %zu", i,
			            m->nbytes, eo);
			FUZZ_ASSERT(st != URISCAN_OK || m->nbytes == w ||
			                w == max_len + 1,
			            "match %zu of %zu bytes, %zu are valid", i, m->nbytes,
			            w);
			for (size_t k = m->nbytes + 1; k <= eo && k <= m->nbytes + 64;
			     k++) {
				size_t e2;
				FUZZ_ASSERT(fuzz_validate_rule(g, xrule, b, k, 0, &e2) !=
				                URISCAN_OK,
				            "match %zu of %zu bytes, but %zu are valid", i,
				            m->nbytes, k);
			}
		}
	}
}

/* Feed the chunks (sizes cycle through sz[0, nsz)), drain, finish. */
static void xm_stream(uriscan_extractor *x, const char *s, size_t len,
                      const uint8_t *sz, size_t nsz, struct match_list *l)
{
	struct uriscan_match m;
	size_t at = 0, k = 0, empty = 0;
	int st, checked_state = 0;

	while (at < len) {
		size_t n = 1;
		if (nsz > 0) {
			n = (size_t)(sz[k % nsz] & 0x7f) << ((sz[k % nsz] & 0x80) ? 5 : 0);
			k++;
			if (n == 0 && ++empty > nsz)
				n = 1; /* every size is 0: move on anyway */
		}
		if (n > len - at)
			n = len - at;
		char *chunk = n ? malloc(n) : NULL;
		FUZZ_ASSERT(n == 0 || chunk != NULL, "out of memory");
		if (n)
			memcpy(chunk, s + at, n);
		st = uriscan_extractor_feed(x, chunk, n);
		FUZZ_ASSERT(st == URISCAN_OK, "feed: %s", uriscan_status_name(st));
		while (uriscan_extractor_next(x, &m) == URISCAN_OK) {
			if (!checked_state) {
				checked_state = 1;
				st = uriscan_extractor_feed(x, s, len);
				FUZZ_ASSERT(st == URISCAN_E_STATE,
				            "feed before the chunk is drained: %s",
				            uriscan_status_name(st));
			}
			match_add(l, &m);
		}
		free(chunk);
		at += n;
		FUZZ_ASSERT(uriscan_extractor_offset(x) == at,
		            "extractor offset %llu after feeding %zu",
		            (unsigned long long)uriscan_extractor_offset(x), at);
	}
	st = uriscan_extractor_finish(x);
	FUZZ_ASSERT(st == URISCAN_OK, "finish: %s", uriscan_status_name(st));
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		match_add(l, &m);
	FUZZ_ASSERT(uriscan_extractor_next(x, &m) == URISCAN_DONE, "next after the end");
	FUZZ_ASSERT(uriscan_extractor_feed(x, s, len) == URISCAN_E_STATE &&
	                uriscan_extractor_finish(x) == URISCAN_E_STATE,
	            "feed or finish after finish");
	FUZZ_ASSERT(uriscan_extractor_offset(x) == len,
	            "extractor offset %llu at the end of %zu",
	            (unsigned long long)uriscan_extractor_offset(x), len);
}

/* The text s[0, len) repeated to TILE_MIN bytes or more, in a heap block
 * of exactly that size (ASan sees a read past it): *n bytes. */
#define TILE_MIN 4400
static char *xm_tile(const char *s, size_t len, size_t *n)
{
	char *t;

	*n = (TILE_MIN + len - 1) / len * len;
	t = malloc(*n);
	FUZZ_ASSERT(t != NULL, "out of memory");
	for (size_t i = 0; i < *n; i += len)
		memcpy(t + i, s, len);
	return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct uriscan_extract_options o = {sizeof o, 0, 0, NULL};
	struct match_list whole = {0}, other = {0};
	const struct uriscan__gen *gen;
	uriscan_extractor *x = NULL;
	enum uriscan_grammar g;
	const uint8_t *sz;
	size_t nsz, max_len;
	unsigned xrule = ~0u;
	uint64_t count = 99;
	int st, st2;

	if (size < 2)
		return 0;
	g = (enum uriscan_grammar)(data[0] & 7u);
	if (data[0] & 0x08)
		o.flags |= URISCAN_EXTRACT_NO_TRIM;
	if (data[0] & 0x10)
		o.opaque_schemes = URISCAN_EXTRACT_OPAQUE_DEFAULT;
	if (data[0] & 0x20)
		o.flags |= URISCAN_EXTRACT_SCALAR;
	if (data[0] & 0x40)
		o.max_len = URISCAN_EXTRACT_MAX_LEN_MIN;
	if (data[0] & 0x80)
		o.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	max_len = o.max_len ? o.max_len : URISCAN_EXTRACT_MAX_LEN_DEFAULT;
	if (data[1] & 0x10)
		o.flags |= URISCAN_EXTRACT_CONFUSION;
	nsz = data[1] & 7u;
	if (size < 2 + nsz)
		return 0;
	sz = data + 2;
	const char *s = (const char *)data + 2 + nsz;
	size_t len = size - 2 - nsz;
	char *tiled = NULL;
	if ((data[1] & 0x08) && len > 0)
		s = tiled = xm_tile(s, len, &len);
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;

	st = uriscan_extractor_new(g, &o, &x);
	st2 = uriscan_extract(g, s, len, &o, match_cb, &whole, &count);
	FUZZ_ASSERT(st == st2, "extractor_new %s, uriscan_extract %s",
	            uriscan_status_name(st), uriscan_status_name(st2));
	if (st != URISCAN_OK) {
		FUZZ_ASSERT(x == NULL && count == 0 && whole.n == 0,
		            "a refused extraction reports something");
		FUZZ_ASSERT(st == ((unsigned)g >= URISCAN_GRAMMAR_COUNT
		                       ? URISCAN_E_GRAMMAR_UNKNOWN
		                       : URISCAN_E_GRAMMAR_UNAVAILABLE),
		            "grammar %d: %s", (int)g, uriscan_status_name(st));
		FUZZ_ASSERT(uriscan__grammar_gen(g, &gen) != URISCAN_OK ||
		                gen->extract == NULL,
		            "grammar %s has an extraction machine but is refused",
		            uriscan_grammar_name(g));
		match_clear(&whole);
		free(tiled);
		return 0;
	}
	FUZZ_ASSERT(count == whole.n, "count %llu, %zu matches",
	            (unsigned long long)count, whole.n);
	FUZZ_ASSERT(uriscan__grammar_gen(g, &gen) == URISCAN_OK &&
	                gen->extract != NULL,
	            "no extraction machine");
	FUZZ_ASSERT(uriscan_rule_from_name(g, gen->extract->rule, &xrule) ==
	                URISCAN_OK,
	            "extraction rule %s unknown", gen->extract->rule);

	/* the same with the cut matches kept (rule 8): where the search
	 * went on after each dropped one */
	{
		struct uriscan_extract_options oc = o;
		oc.flags |= URISCAN_EXTRACT_KEEP_CUT;
		st = uriscan_extract(g, s, len, &oc, match_cb, &other, NULL);
		FUZZ_ASSERT(st == URISCAN_OK, "extract with KEEP_CUT: %s",
		            uriscan_status_name(st));
		for (size_t k = other.n; k-- > 0;)
			FUZZ_ASSERT(!(other.v[k].flags & URISCAN_MATCH_CUT) ||
			                k + 1 == other.n ||
			                other.v[k + 1].off >= other.v[k].off +
			                                          other.v[k].len,
			            "cut match %zu overlaps the next", k);
	}
	xm_check_matches(g, xrule, &o, max_len, s, len, &whole, &other);
	match_clear(&other);

	/* chunked */
	xm_stream(x, s, len, sz, nsz, &other);
	match_same(&whole, &other, "chunked");
	match_clear(&other);

	/* the same extractor, reset, the whole text at once */
	uriscan_extractor_reset(x);
	FUZZ_ASSERT(uriscan_extractor_offset(x) == 0, "offset after reset");
	{
		struct uriscan_match m;
		st = uriscan_extractor_feed(x, len ? s : NULL, len);
		FUZZ_ASSERT(st == URISCAN_OK, "feed: %s", uriscan_status_name(st));
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			match_add(&other, &m);
		FUZZ_ASSERT(uriscan_extractor_finish(x) == URISCAN_OK, "finish");
		while (uriscan_extractor_next(x, &m) == URISCAN_OK)
			match_add(&other, &m);
	}
	match_same(&whole, &other, "one feed");
	match_clear(&other);
	uriscan_extractor_free(x);

	/* the other search (SIMD or scalar) */
	o.flags ^= URISCAN_EXTRACT_SCALAR;
	st = uriscan_extract(g, s, len, &o, match_cb, &other, NULL);
	FUZZ_ASSERT(st == URISCAN_OK, "extract: %s", uriscan_status_name(st));
	match_same(&whole, &other,
	        (o.flags & URISCAN_EXTRACT_SCALAR) ? "scalar" : "SIMD");
	match_clear(&other);
	match_clear(&whole);
	free(tiled);
	return 0;
}
