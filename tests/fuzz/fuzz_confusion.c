/* SPDX-License-Identifier: MIT */
/*
 * fuzz_confusion.c: what a URL's host really means, on any bytes:
 * uriscan_confusion, uriscan_browser_host and uriscan_site (uriscan.h,
 * "URL-confusion flags", "The browser's reading"). No state carried from
 * one input to the next; no timing.
 *
 * Input: byte 0, bits 0-1: the grammar (an index into the grammars built,
 * modulo their number); bit 2: also an unknown flag bit for
 * uriscan_confusion (URISCAN_E_INVALID_ARG and no flag expected). Then the
 * URL.
 *
 * Checked for every input:
 *  - uriscan_confusion: URISCAN_OK with the error struct saying so, every
 *    bit of the set a named flag, the same set when asked again;
 *    backslash, whitespace, nul and encoded_delimiter exactly as the bytes
 *    say (their definitions: "anywhere"); multiple_at only with userinfo;
 *    browser_host_differs only where the grammar accepts the URL and the
 *    browser reads a host;
 *  - uriscan_confusion_parsed with the grammar's parse (NULL where the
 *    grammar refuses the URL): URISCAN_OK and the same set as
 *    uriscan_confusion;
 *  - the fast path for plain URLs (confusion_fast.c) against the full
 *    reading without it (uriscan__confusion_full, internal), with the
 *    parse and without: where the fast path says "no flag", the full
 *    reading finds none, and the public calls give the full reading's set;
 *  - uriscan_browser_host: a documented status, repeated in the error
 *    struct, its offset within the input; a host that fits: lower-case
 *    printable ASCII, an IPv4 address only as its dotted quad
 *    (uriscan_ip_text), the size needed stored when one byte short
 *    (URISCAN_E_BUFFER_TOO_SMALL), and read again from "http://HOST/" as
 *    itself;
 *  - uriscan_site (with libpsl) of that host: a status, and a site that is
 *    the host or a dot-separated suffix of it;
 *  - issue 49: the flags are the same with a NUL, or another byte, after
 *    the input (never read); an extractor with URISCAN_EXTRACT_CONFUSION
 *    gives every match the flags of its bytes, the same fed whole or in
 *    two chunks cut anywhere; mixed_script and ascii_lookalike only with
 *    idn, and only in a library with ICU; ipv6_zone only where the bytes
 *    hold '[' and '%'; an opaque host (a scheme that is not special) is
 *    printable ASCII without a forbidden host code point outside its
 *    brackets, case kept, and reads back as itself from "foo://HOST/";
 *  - uriscan_host_fields (every host field in one call) gives what the
 *    separate calls give, field by field, with every option
 *    (fuzz_host_fields.h).
 */
#include "fuzz.h"
#include "fuzz_host_fields.h"

#include "browser.h"
#include "confusion.h"

/* URISCAN__WHOST_MAX bytes of host, percent-encoded at worst (an opaque
 * host): a longer one is too_long */
#define HOST_CAP (2048 * 3)

static const enum uriscan_grammar built[] = {
#define FUZZ_G_(e, n) e,
    URISCAN_FUZZ_BUILDS(FUZZ_G_)
#undef FUZZ_G_
};

/* The flags that the definitions give from the bytes alone. */
static uint32_t byte_flags(const unsigned char *s, size_t len)
{
	static const char enc[] = "2F5C3F2340" "2E";
	uint32_t f = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\\')
			f |= URISCAN_CONFUSION_BACKSLASH;
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			f |= URISCAN_CONFUSION_WHITESPACE;
		if (s[i] == 0)
			f |= URISCAN_CONFUSION_NUL;
		if (s[i] != '%' || i + 2 >= len)
			continue;
		if (s[i + 1] == '0' && s[i + 2] == '0')
			f |= URISCAN_CONFUSION_NUL;
		for (size_t k = 0; k < sizeof enc - 1; k += 2)
			if (s[i + 1] == enc[k] &&
			    (s[i + 2] | (enc[k + 1] >= 'A' ? 0x20 : 0)) ==
			        (enc[k + 1] | (enc[k + 1] >= 'A' ? 0x20 : 0)))
				f |= URISCAN_CONFUSION_ENCODED_DELIMITER;
	}
	return f;
}

/* The fast path against the full reading, with the parse u (NULL: none);
 * found: what the public call gave for u (checked when u is not NULL). */
static void check_fast(const char *s, size_t len, const struct uriscan_uri *u,
                       uint32_t found)
{
	uint32_t full = uriscan__confusion_full(s, len, u), via = 77, ff = 77;
	int fast = uriscan__cf_fast((const unsigned char *)s, len, u, &ff);

	FUZZ_ASSERT(!fast || full == ff,
	            "the fast path: %#x; the full reading: %#x (%s parse)",
	            (unsigned)ff, (unsigned)full, u ? "with its" : "without a");
	FUZZ_ASSERT(u == NULL || full == found,
	            "the full reading: %#x; uriscan_confusion: %#x",
	            (unsigned)full, (unsigned)found);
	FUZZ_ASSERT(uriscan_confusion_parsed(s, len, u, 0, &via, NULL) ==
	                    URISCAN_OK &&
	                via == full,
	            "confusion_parsed: %#x; the full reading: %#x",
	            (unsigned)via, (unsigned)full);
}

/* The flags of s[0, len) in a copy followed by a NUL, then by 'x': the
 * same set (nothing past len is read, a NUL ends nothing). */
static void check_after(enum uriscan_grammar g, const char *s, size_t len,
                        uint32_t found)
{
	char *c = malloc(len + 1);
	uint32_t f0 = 77, f1 = 77;

	if (c == NULL)
		return;
	if (len)
		memcpy(c, s, len);
	c[len] = '\0';
	uriscan_confusion(g, c, len, 0, &f0, NULL);
	c[len] = 'x';
	uriscan_confusion(g, c, len, 0, &f1, NULL);
	free(c);
	FUZZ_ASSERT(f0 == found && f1 == found,
	            "confusion: %#x, with a NUL after %#x, with 'x' after %#x",
	            (unsigned)found, (unsigned)f0, (unsigned)f1);
}

/* The flags of each match an extractor with URISCAN_EXTRACT_CONFUSION
 * finds in s[0, len): the same fed whole and fed in two chunks cut at
 * every eighth of the input (the flags do not depend on chunking), and
 * each the set uriscan_confusion gives for the match's bytes. */
#define MATCHES_MAX 64
struct seen {
	unsigned n;
	uint64_t off[MATCHES_MAX];
	uint32_t flags[MATCHES_MAX];
};

static void drain(uriscan_extractor *x, struct seen *m,
                  enum uriscan_grammar g)
{
	struct uriscan_match mt;

	while (uriscan_extractor_next(x, &mt) == URISCAN_OK) {
		uint32_t f = 77;
		uriscan_confusion(g, mt.bytes, mt.nbytes, 0, &f, NULL);
		FUZZ_ASSERT(mt.confusion == f,
		            "extracted match at %llu: flags %#x, its bytes' %#x",
		            (unsigned long long)mt.offset, (unsigned)mt.confusion,
		            (unsigned)f);
		if (m->n < MATCHES_MAX) {
			m->off[m->n] = mt.offset;
			m->flags[m->n] = mt.confusion;
		}
		m->n++;
	}
}

static void extract_in(enum uriscan_grammar g, const char *s, size_t len,
                       size_t cut, struct seen *m)
{
	struct uriscan_extract_options opt;
	uriscan_extractor *x = NULL;

	memset(&opt, 0, sizeof opt);
	opt.size = sizeof opt;
	opt.flags = URISCAN_EXTRACT_CONFUSION;
	m->n = 0;
	if (uriscan_extractor_new(g, &opt, &x) != URISCAN_OK)
		return;
	uriscan_extractor_feed(x, s, cut);
	drain(x, m, g);
	uriscan_extractor_feed(x, s + cut, len - cut);
	drain(x, m, g);
	uriscan_extractor_finish(x);
	drain(x, m, g);
	uriscan_extractor_free(x);
}

static void check_chunks(enum uriscan_grammar g, const char *s, size_t len)
{
	static struct seen whole, cut;

	if (len > 4096)
		return;
	extract_in(g, s, len, len, &whole);
	for (unsigned k = 1; k < 8; k++) {
		extract_in(g, s, len, len * k / 8, &cut);
		FUZZ_ASSERT(cut.n == whole.n &&
		                memcmp(cut.off, whole.off,
		                       sizeof(uint64_t) * (whole.n < MATCHES_MAX
		                                               ? whole.n
		                                               : MATCHES_MAX)) == 0 &&
		                memcmp(cut.flags, whole.flags,
		                       sizeof(uint32_t) * (whole.n < MATCHES_MAX
		                                               ? whole.n
		                                               : MATCHES_MAX)) == 0,
		            "extract with flags: %u matches whole, %u cut at %zu "
		            "(or other flags)", whole.n, cut.n, len * k / 8);
	}
}

static void check_confusion(enum uriscan_grammar g, const char *s,
                            size_t len, int bad_flag)
{
	const uint32_t bytes_only =
	    URISCAN_CONFUSION_BACKSLASH | URISCAN_CONFUSION_WHITESPACE |
	    URISCAN_CONFUSION_NUL | URISCAN_CONFUSION_ENCODED_DELIMITER;
	struct uriscan_error e;
	uint32_t found = 77, again = 0;
	int st;

	if (bad_flag) {
		st = uriscan_confusion(g, s, len, 0x40u, &found, &e);
		FUZZ_ASSERT(st == URISCAN_E_INVALID_ARG && found == 0 &&
		                e.status == st,
		            "unknown flag: %s, flags %#x", uriscan_status_name(st),
		            (unsigned)found);
		return;
	}
	st = uriscan_confusion(g, s, len, 0, &found, &e);
	FUZZ_ASSERT(st == URISCAN_OK && e.status == URISCAN_OK &&
	                e.input == URISCAN_INPUT_NONE && e.offset == 0 &&
	                e.component == URISCAN_COMPONENT_NONE,
	            "confusion: %s (error struct %d/%d/%zu/%u)",
	            uriscan_status_name(st), e.status, (int)e.input, e.offset,
	            e.component);
	for (unsigned b = 0; b < 32; b++)
		FUZZ_ASSERT(!(found & (1u << b)) ||
		                strcmp(uriscan_confusion_name(1u << b),
		                       "unknown") != 0,
		            "confusion: an unnamed bit %u", b);
	FUZZ_ASSERT(uriscan_confusion(g, s, len, 0, &again, NULL) == URISCAN_OK &&
	                again == found,
	            "confusion: %#x, then %#x", (unsigned)found,
	            (unsigned)again);
	FUZZ_ASSERT((found & bytes_only) ==
	                byte_flags((const unsigned char *)s, len),
	            "confusion: byte flags %#x, the bytes say %#x",
	            (unsigned)(found & bytes_only),
	            (unsigned)byte_flags((const unsigned char *)s, len));
	{
		struct uriscan_uri pu;
		uint32_t via = 77;
		int pst = uriscan_parse(g, s, len, 0, &pu);
		st = uriscan_confusion_parsed(s, len, pst == URISCAN_OK ? &pu : NULL,
		                              0, &via, NULL);
		FUZZ_ASSERT(st == URISCAN_OK && via == found,
		            "confusion_parsed: %s, %#x; uriscan_confusion %#x",
		            uriscan_status_name(st), (unsigned)via,
		            (unsigned)found);
		check_fast(s, len, pst == URISCAN_OK ? &pu : NULL, found);
		check_fast(s, len, NULL, 0);
	}
	FUZZ_ASSERT(!(found & URISCAN_CONFUSION_MULTIPLE_AT) ||
	                (found & URISCAN_CONFUSION_USERINFO),
	            "confusion: multiple_at without userinfo");
	check_after(g, s, len, found);
	check_chunks(g, s, len);
	{
		const uint32_t spoof = URISCAN_CONFUSION_MIXED_SCRIPT |
		                       URISCAN_CONFUSION_ASCII_LOOKALIKE;
		FUZZ_ASSERT(!(found & spoof) ||
		                ((found & URISCAN_CONFUSION_IDN) &&
		                 uriscan_uts46_available() &&
		                 !(uriscan_confusion_unavailable() & spoof)),
		            "confusion: a homograph flag without idn or ICU");
		FUZZ_ASSERT(!(found & URISCAN_CONFUSION_IPV6_ZONE) ||
		                (memchr(s, '[', len) && memchr(s, '%', len)),
		            "confusion: ipv6_zone without '[' and '%%'");
	}
	if (found & URISCAN_CONFUSION_BROWSER_HOST_DIFFERS) {
		struct uriscan_uri u;
		char h[HOST_CAP];
		size_t n = 0;
		FUZZ_ASSERT(uriscan_parse(g, s, len, 0, &u) == URISCAN_OK &&
		                uriscan_browser_host(s, len, 0, h, sizeof h, &n,
		                                     NULL) == URISCAN_OK &&
		                n > 0,
		            "browser_host_differs on a URL the grammar refuses or "
		            "without a browser host");
	}
}

/* The host h[0, n) as the browser wrote it; opaque: a scheme that is
 * not special (case kept, no forbidden host code point outside the
 * brackets of an IPv6 address). */
static void check_host_text(const char *h, size_t n, int opaque)
{
	struct uriscan_host_addr a;
	char text[URISCAN_IP_TEXT_MAX];
	size_t tn = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)h[i];
		FUZZ_ASSERT(c > 0x20 && c < 0x7f &&
		                (opaque ? h[0] == '[' || !strchr("#/:<>?@[\\]^|", c)
		                        : !(c >= 'A' && c <= 'Z')),
		            "browser host byte %#x at %zu", c, i);
	}
	if (opaque)
		return;
	if (n > 0 && h[0] != '[' &&
	    uriscan_host_address(h, n, 0, &a, NULL) == URISCAN_OK &&
	    a.family == URISCAN_IP_V4) {
		FUZZ_ASSERT(uriscan_ip_text(&a, text, sizeof text, &tn, NULL) ==
		                    URISCAN_OK &&
		                tn == n && memcmp(text, h, n) == 0,
		            "browser host \"%.*s\" is IPv4, not as %s", (int)n, h,
		            text);
	}
}

/* "http://" h "/" (or "foo://" for an opaque host) read again gives h. */
static void check_reread(const char *h, size_t n, int opaque)
{
	static char url[HOST_CAP + 16], again[HOST_CAP];
	const char *pre = opaque ? "foo://" : "http://";
	size_t an = 0, pn = strlen(pre);
	int st;

	memcpy(url, pre, pn);
	memcpy(url + pn, h, n);
	url[pn + n] = '/';
	st = uriscan_browser_host(url, n + pn + 1, 0, again, sizeof again, &an,
	                          NULL);
	FUZZ_ASSERT(st == URISCAN_OK && an == n && memcmp(again, h, n) == 0,
	            "browser host \"%.*s\" read again: %s \"%.*s\"", (int)n, h,
	            uriscan_status_name(st), st == URISCAN_OK ? (int)an : 0,
	            again);
}

static void check_site(const char *h, size_t n)
{
	char site[300];
	size_t sn = 0;
	int st = uriscan_site(h, n, 0, site, sizeof site, &sn, NULL);

	FUZZ_ASSERT(st == URISCAN_OK || st == URISCAN_E_TOO_LONG,
	            "site of \"%.*s\": %s", (int)n, h, uriscan_status_name(st));
	if (st != URISCAN_OK || sn == 0)
		return;
	FUZZ_ASSERT(sn <= n &&
	                (sn == n || h[n - sn - 1] == '.') &&
	                fuzz_span_eq(site, sn, h + n - sn, sn),
	            "site \"%.*s\" of \"%.*s\": not a suffix of labels",
	            (int)sn, site, (int)n, h);
}

static void check_browser_host(const char *s, size_t len)
{
	static char h[HOST_CAP];
	struct uriscan_error e;
	size_t n = 0, need = 0;
	int opaque, st = uriscan_browser_host(s, len, 0, h, sizeof h, &n, &e);

	static char full[HOST_CAP];
	size_t fn = 0, foff = 0;
	int fst = uriscan__browser_host_full((const unsigned char *)s, len, full,
	                                     sizeof full, &fn, &foff);

	FUZZ_ASSERT((st == URISCAN_OK || st == URISCAN_E_SYNTAX ||
	             st == URISCAN_E_IDNA || st == URISCAN_E_IDNA_UNAVAILABLE ||
	             st == URISCAN_E_UNSUPPORTED || st == URISCAN_E_TOO_LONG) &&
	                e.status == st && e.offset <= len,
	            "browser_host: %s, error struct %d at %zu",
	            uriscan_status_name(st), e.status, e.offset);
	/* the fast path for a plain authority against the full reading */
	FUZZ_ASSERT(fst == st && fn == n &&
	                (st != URISCAN_OK || fuzz_span_eq(h, n, full, fn)),
	            "browser_host: %s \"%.*s\"; the full reading: %s \"%.*s\"",
	            uriscan_status_name(st), (int)n, h, uriscan_status_name(fst),
	            (int)fn, full);
	if (st != URISCAN_OK)
		return;
	FUZZ_ASSERT(n <= sizeof h, "browser_host: %zu bytes in %zu", n,
	            sizeof h);
	{
		struct uriscan__wread w;
		uriscan__wread((const unsigned char *)s, len, &w);
		opaque = w.opaque;
	}
	check_host_text(h, n, opaque);
	if (n > 0) {
		char small[HOST_CAP];
		int st2 = uriscan_browser_host(s, len, 0, small, n - 1, &need,
		                               NULL);
		FUZZ_ASSERT(st2 == URISCAN_E_BUFFER_TOO_SMALL && need == n,
		            "browser_host one byte short: %s, needs %zu of %zu",
		            uriscan_status_name(st2), need, n);
		check_reread(h, n, opaque);
		if (uriscan_psl_available() && !opaque)
			check_site(h, n);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s;
	size_t len;
	enum uriscan_grammar g;

	if (size == 0)
		return 0;
	s = (const char *)data + 1;
	len = size - 1;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;
	g = built[(data[0] & 3u) % (sizeof built / sizeof built[0])];
	check_confusion(g, s, len, (data[0] & 4u) != 0);
	check_browser_host(s, len);
	check_host_fields(g, s, len);
	return 0;
}
