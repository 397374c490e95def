/* SPDX-License-Identifier: MIT */
/*
 * fuzz_iri.c: the IRI <-> URI mappings of RFC 3987 section 3
 * (uriscan_iri_to_uri, uriscan_uri_to_iri), the input taken both as an IRI
 * and as a URI.
 * No state carried from one input to the next; no timing.
 *
 * Input: byte 0 bit 0: URISCAN_IRI_IDNA for uriscan_iri_to_uri; bit 1:
 * URISCAN_URI_DECODE_UNRESERVED for uriscan_uri_to_iri; other bits
 * ignored. The rest is the string.
 *
 * Checked, for both mappings (uriscan.h, "IRI <-> URI mapping"):
 *  - the size query (out NULL, out_cap 0) gives URISCAN_E_BUFFER_TOO_SMALL
 *    and the length of the result; a buffer of exactly that length + 1
 *    (a heap block of that size, so AddressSanitizer sees a write past it)
 *    gets the result, NUL-terminated; buffers of that length and of half of
 *    it get URISCAN_E_BUFFER_TOO_SMALL with the same *out_len;
 *  - an input that is not valid in the source grammar: every call returns
 *    the status and offset of uriscan_validate, *out_len 0, out[0] NUL;
 *  - iri_to_uri of a valid IRI: an RFC 3986 URI-reference; without IDNA,
 *    each byte >= 0x80 becomes "%XX" and nothing else changes (so at most 3
 *    times the input); uri_to_iri of it is a valid IRI, and is the
 *    original byte for byte when the original holds no '%' (an escape that
 *    was there may be decoded, 3.2) and no bidirectional formatting
 *    character (3.2.1: those stay encoded);
 *  - a valid URI is a valid IRI (RFC 3987 2.2: every URI is an IRI);
 *    uri_to_iri of it is a valid IRI no longer than the URI; without
 *    DECODE_UNRESERVED, iri_to_uri of that is the URI again when every
 *    percent-escape of the URI is upper-case (3.1 writes upper case).
 */
#include "fuzz.h"

typedef int (*map_fn)(const char *s, size_t len, unsigned flags, char *out,
                      size_t out_cap, size_t *out_len,
                      struct uriscan_error *err);

/* f, its error's offset into *eo (when eo is not NULL); the error struct
 * must repeat the status and name the input exactly on an input status. */
static int map_call(map_fn f, const char *s, size_t len, char *out,
                    size_t cap, size_t *n, unsigned flags, size_t *eo)
{
	struct uriscan_error e;
	int st;

	if (eo == NULL)
		return f(s, len, flags, out, cap, n, NULL);
	st = f(s, len, flags, out, cap, n, &e);
	FUZZ_ASSERT(e.status == st &&
	                (e.input == URISCAN_INPUT_FIRST) ==
	                    (st != URISCAN_OK && st != URISCAN_E_BUFFER_TOO_SMALL &&
	                     st != URISCAN_E_INVALID_ARG &&
	                     st != URISCAN_E_IDNA_UNAVAILABLE) &&
	                e.component == URISCAN_COMPONENT_NONE,
	            "error struct: status %d for %s, input %d", e.status,
	            uriscan_status_name(st), (int)e.input);
	*eo = e.offset;
	return st;
}

/*
 * Map s[0, len) with every buffer size that matters. Returns the status;
 * on URISCAN_OK *res is a heap block (res_len + 1 bytes, NUL-terminated)
 * the caller frees. want/want_off: the status and offset the input must
 * give when it is not valid (want == URISCAN_OK: valid).
 */
static int map_all(map_fn f, const char *name, const char *s, size_t len,
                   unsigned flags, char **res, size_t *res_len)
{
	size_t n = 77, n2 = 77, eo = 77, eo2 = 77;
	int st, st2;
	char *buf;

	*res = NULL;
	*res_len = 0;
	st = map_call(f, len ? s : NULL, len, NULL, 0, &n, flags, &eo);
	if (st != URISCAN_E_BUFFER_TOO_SMALL) {
		/* an invalid input (or a flag the library cannot do): the same
		 * answer whatever the buffer */
		FUZZ_ASSERT(st != URISCAN_OK, "%s: OK with no room for the NUL",
		            name);
		FUZZ_ASSERT(n == 0, "%s: %s with *out_len %zu", name,
		            uriscan_status_name(st), n);
		char small[4] = "xyz";
		st2 = map_call(f, s, len, small, sizeof small, &n2, flags, &eo2);
		FUZZ_ASSERT(st2 == st && eo2 == eo && n2 == 0 && small[0] == '\0',
		            "%s: %s@%zu with a size query, %s@%zu with a buffer", name,
		            uriscan_status_name(st), eo, uriscan_status_name(st2),
		            eo2);
		st2 = map_call(f, s, len, NULL, 0, &n2, flags, NULL);
		FUZZ_ASSERT(st2 == st, "%s: error_offset NULL changes the status",
		            name);
		return st;
	}
	FUZZ_ASSERT(eo == 0, "%s: size query with offset %zu", name, eo);

	/* exactly enough */
	buf = malloc(n + 1);
	FUZZ_ASSERT(buf != NULL, "out of memory");
	st = map_call(f, s, len, buf, n + 1, &n2, flags, &eo);
	FUZZ_ASSERT(st == URISCAN_OK && n2 == n && eo == 0 && buf[n] == '\0',
	            "%s: %s, *out_len %zu into a buffer of %zu + 1", name,
	            uriscan_status_name(st), n2, n);
	/* one byte short (no room for the NUL), and half of it */
	for (size_t cap = n; cap > 0; cap /= 2) {
		char *b2 = malloc(cap);
		FUZZ_ASSERT(b2 != NULL, "out of memory");
		n2 = 77;
		st = map_call(f, s, len, b2, cap, &n2, flags, &eo);
		FUZZ_ASSERT(st == URISCAN_E_BUFFER_TOO_SMALL && n2 == n,
		            "%s: %s, *out_len %zu into a buffer of %zu for %zu", name,
		            uriscan_status_name(st), n2, cap, n);
		free(b2);
		if (cap < n)
			break;
	}
	*res = buf;
	*res_len = n;
	return URISCAN_OK;
}

static int has_bidi_format(const unsigned char *s, size_t len)
{
	/* U+200E, U+200F: E2 80 8E/8F; U+202A-U+202E: E2 80 AA-AE */
	for (size_t i = 0; i + 2 < len; i++)
		if (s[i] == 0xE2 && s[i + 1] == 0x80 &&
		    (s[i + 2] == 0x8E || s[i + 2] == 0x8F ||
		     (s[i + 2] >= 0xAA && s[i + 2] <= 0xAE)))
			return 1;
	return 0;
}

static int escapes_upper(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] == '%')
			for (size_t k = i + 1; k < len && k <= i + 2; k++)
				if (s[k] >= 'a' && s[k] <= 'f')
					return 0;
	return 1;
}

static void check_valid(enum uriscan_grammar g, const char *s, size_t len,
                        const char *what)
{
	size_t eo = 0;
	int st = fuzz_validate(g, s, len, 0, &eo);
	FUZZ_ASSERT(st == URISCAN_OK, "%s is not a valid %s: %s@%zu (\"%.*s\")",
	            what, uriscan_grammar_name(g), uriscan_status_name(st), eo,
	            (int)len, s);
}

static void iri_side(const char *s, size_t len, unsigned flags)
{
	size_t eo = 0, n, n2, nhigh = 0;
	char *uri, *back;
	int v = fuzz_validate(URISCAN_RFC3987, s, len, 0, &eo);
	int idna = (flags & URISCAN_IRI_IDNA) != 0;
	int st = map_all(uriscan_iri_to_uri, "iri_to_uri", s, len, flags, &uri,
	                 &n);

	if (idna && !uriscan_idna_available()) {
		FUZZ_ASSERT(st == URISCAN_E_IDNA_UNAVAILABLE,
		            "iri_to_uri with IDNA and no libidn2: %s",
		            uriscan_status_name(st));
		return;
	}
	if (v != URISCAN_OK) {
		struct uriscan_error e2;
		size_t n0;
		FUZZ_ASSERT(st == v, "iri_to_uri: %s, validate: %s",
		            uriscan_status_name(st), uriscan_status_name(v));
		uriscan_iri_to_uri(s, len, flags, NULL, 0, &n0, &e2);
		size_t eo2 = e2.offset;
		FUZZ_ASSERT(eo2 == eo && e2.status == st &&
		                e2.input == URISCAN_INPUT_FIRST, "iri_to_uri: offset %zu, validate: %zu", eo2,
		            eo);
		return;
	}
	if (st == URISCAN_E_IDNA && idna)
		return; /* a host IDNA rejects */
	FUZZ_ASSERT(st == URISCAN_OK, "iri_to_uri of a valid IRI: %s",
	            uriscan_status_name(st));
	check_valid(URISCAN_RFC3986, uri, n, "iri_to_uri's result");
	if (!idna) {
		/* every byte >= 0x80 becomes %XX, nothing else changes */
		size_t j = 0;
		for (size_t i = 0; i < len; i++) {
			unsigned char c = (unsigned char)s[i];
			if (c < 0x80) {
				FUZZ_ASSERT(j < n && uri[j] == s[i],
				            "iri_to_uri changed byte %zu", i);
				j++;
			} else {
				static const char hx[] = "0123456789ABCDEF";
				nhigh++;
				FUZZ_ASSERT(j + 3 <= n && uri[j] == '%' &&
				                uri[j + 1] == hx[c >> 4] &&
				                uri[j + 2] == hx[c & 15],
				            "iri_to_uri: byte %zu (0x%02x) not %%%02X", i,
				            c, c);
				j += 3;
			}
		}
		FUZZ_ASSERT(j == n && n == len + 2 * nhigh && n <= 3 * len,
		            "iri_to_uri: %zu bytes from %zu", n, len);
	}
	/* and back */
	st = map_all(uriscan_uri_to_iri, "uri_to_iri(iri_to_uri)", uri, n, 0,
	             &back, &n2);
	FUZZ_ASSERT(st == URISCAN_OK, "uri_to_iri of iri_to_uri's result: %s",
	            uriscan_status_name(st));
	check_valid(URISCAN_RFC3987, back, n2, "uri_to_iri(iri_to_uri)");
	if (!idna && memchr(s, '%', len) == NULL &&
	    !has_bidi_format((const unsigned char *)s, len))
		FUZZ_ASSERT(fuzz_span_eq(back, n2, s, len),
		            "uri_to_iri(iri_to_uri(IRI)) is not the IRI: \"%.*s\"",
		            (int)n2, back);
	free(back);
	free(uri);
}

static void uri_side(const char *s, size_t len, unsigned flags)
{
	size_t eo = 0, n, n2;
	char *iri, *back;
	int v = fuzz_validate(URISCAN_RFC3986, s, len, 0, &eo);
	int st = map_all(uriscan_uri_to_iri, "uri_to_iri", s, len, flags, &iri,
	                 &n);

	if (v != URISCAN_OK) {
		struct uriscan_error e2;
		size_t n0;
		FUZZ_ASSERT(st == v, "uri_to_iri: %s, validate: %s",
		            uriscan_status_name(st), uriscan_status_name(v));
		uriscan_uri_to_iri(s, len, flags, NULL, 0, &n0, &e2);
		size_t eo2 = e2.offset;
		FUZZ_ASSERT(eo2 == eo && e2.status == st &&
		                e2.input == URISCAN_INPUT_FIRST, "uri_to_iri: offset %zu, validate: %zu", eo2,
		            eo);
		return;
	}
	check_valid(URISCAN_RFC3987, s, len, "a valid RFC 3986 URI-reference");
	FUZZ_ASSERT(st == URISCAN_OK, "uri_to_iri of a valid URI: %s",
	            uriscan_status_name(st));
	check_valid(URISCAN_RFC3987, iri, n, "uri_to_iri's result");
	FUZZ_ASSERT(n <= len, "uri_to_iri: %zu bytes from %zu", n, len);
	st = map_all(uriscan_iri_to_uri, "iri_to_uri(uri_to_iri)", iri, n, 0,
	             &back, &n2);
	FUZZ_ASSERT(st == URISCAN_OK, "iri_to_uri of uri_to_iri's result: %s",
	            uriscan_status_name(st));
	check_valid(URISCAN_RFC3986, back, n2, "iri_to_uri(uri_to_iri)");
	if (!(flags & URISCAN_URI_DECODE_UNRESERVED) && escapes_upper(s, len))
		FUZZ_ASSERT(fuzz_span_eq(back, n2, s, len),
		            "iri_to_uri(uri_to_iri(URI)) is not the URI: \"%.*s\"",
		            (int)n2, back);
	free(back);
	free(iri);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const char *s = (const char *)data + 1;
	size_t len = size - 1;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;
	if (uriscan_grammar_available(URISCAN_RFC3987))
		iri_side(s, len, data[0] & URISCAN_IRI_IDNA);
	if (uriscan_grammar_available(URISCAN_RFC3986) &&
	    uriscan_grammar_available(URISCAN_RFC3987))
		uri_side(s, len, data[0] & URISCAN_URI_DECODE_UNRESERVED);
	return 0;
}
