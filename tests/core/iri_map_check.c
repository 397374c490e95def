/* SPDX-License-Identifier: MIT */
/*
 * iri_map_check.c: the IRI <-> URI mappings of RFC 3987 (section 3), for
 * test_iri.c: the mapping vectors (--map) at every output capacity, and
 * the round trips IRI -> URI -> IRI of the valid IRIs of a vector file
 * (--roundtrip). Its test points are counted in test_iri.c (TAP_SHARED,
 * tests/tap.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAP_SHARED /* counted in test_iri.c */
#include "tap.h"
#include "uriscan.h"
#include "test_iri.h"

typedef int (*map_fn)(const char *, size_t, unsigned, char *, size_t,
                      size_t *, struct uriscan_error *);

static char *read_line(FILE *f, char **buf, size_t *cap)
{
	ssize_t n = getline(buf, cap, f);
	if (n < 0)
		return NULL;
	while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r'))
		(*buf)[--n] = '\0';
	return *buf;
}

/* ------------------------------------------------------------------ */
/* --map                                                               */

#define CANARY 0x5a

/* Run fn on in with every capacity up to the size needed; 1 if all
 * agree with (want_status, want). */
static int check_map(map_fn fn, const char *in, size_t len, unsigned flags,
                     int want_status, const char *want, size_t want_len,
                     size_t want_off)
{
	size_t out_len = 7, eo;
	struct uriscan_error e = {7, 7, URISCAN_INPUT_SECOND, 7};
	int ok = 1;
	size_t big = 4 * len + 64;
	char *buf = malloc(big + 1);

	if (buf == NULL)
		return 0;
	memset(buf, CANARY, big + 1);
	int st = fn(in, len, flags, buf, big, &out_len, &e);
	eo = e.offset;
	if (e.status != st || e.component != URISCAN_COMPONENT_NONE ||
	    e.input != (st == URISCAN_E_SYNTAX || st == URISCAN_E_INCOMPLETE ||
	                        st == URISCAN_E_BAD_PERCENT ||
	                        st == URISCAN_E_BAD_CHAR ||
	                        st == URISCAN_E_BAD_UTF8 || st == URISCAN_E_IDNA ||
	                        st == URISCAN_E_TOO_LONG
	                    ? URISCAN_INPUT_FIRST
	                    : URISCAN_INPUT_NONE)) {
		tap_diag("  error struct %d/%d/%u", e.status, (int)e.input,
		         e.component);
		ok = 0;
	} else if (st != want_status) {
		tap_diag("  status %s, expected %s", uriscan_status_name(st),
		         uriscan_status_name(want_status));
		ok = 0;
	} else if (st == URISCAN_OK) {
		if (out_len != want_len || memcmp(buf, want, want_len) != 0 ||
		    buf[out_len] != '\0') {
			tap_diag("  got %zu bytes \"%.*s\", expected %zu \"%s\"",
			         out_len, (int)out_len, buf, want_len, want);
			ok = 0;
		}
		if (eo != 0) {
			tap_diag("  error offset %zu on success", eo);
			ok = 0;
		}
		if (buf[out_len + 1] != (char)CANARY) {
			tap_diag("  wrote past the NUL");
			ok = 0;
		}
	} else {
		if (out_len != 0 || eo != want_off || buf[0] != '\0') {
			tap_diag("  failure: out_len %zu, offset %zu (expected %zu), "
			         "out[0] %d",
			         out_len, eo, want_off, buf[0]);
			ok = 0;
		}
	}
	/* every capacity smaller than the size needed */
	if (st == URISCAN_OK && ok) {
		for (size_t cap = 0; cap <= want_len; cap++) {
			memset(buf, CANARY, big + 1);
			size_t ol = 7;
			int s2 = fn(in, len, flags, cap ? buf : NULL, cap, &ol, NULL);
			int past = 0;
			for (size_t i = cap; i <= big; i++)
				if (buf[i] != (char)CANARY)
					past = 1;
			if (s2 != URISCAN_E_BUFFER_TOO_SMALL || ol != want_len ||
			    past) {
				tap_diag("  capacity %zu: %s, out_len %zu, wrote past: %d",
				         cap, uriscan_status_name(s2), ol, past);
				ok = 0;
				break;
			}
		}
		/* exactly enough */
		memset(buf, CANARY, big + 1);
		size_t ol = 0;
		if (fn(in, len, flags, buf, want_len + 1, &ol, NULL) !=
		        URISCAN_OK ||
		    ol != want_len || buf[want_len] != '\0' ||
		    buf[want_len + 1] != (char)CANARY) {
			tap_diag("  capacity size + 1 does not fit exactly");
			ok = 0;
		}
	}
	free(buf);
	return ok;
}

static int valid_in(enum uriscan_grammar g, const char *s, size_t len)
{
	return uriscan_validate(g, s, len, 0, NULL) == URISCAN_OK;
}

void run_map_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0, cases = 0;

	if (f == NULL) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while (read_line(f, &line, &cap)) {
		char *fld[6];
		lineno++;
		if (line[0] == '\0' || line[0] == '#')
			continue;
		cases++;
		char *copy = strdup(line);
		int n = vec_split_tabs(copy, fld, 6);
		if (n < 5) {
			tap_ok(0, "%s:%u: needs 5 fields", path, lineno);
			free(copy);
			continue;
		}
		const char *dir = fld[0], *flagw = fld[1], *verdict = fld[2];
		char *in = fld[3], *exp = fld[4];
		long inlen = unescape(in);
		unsigned flags = 0;
		int idna = 0;
		if (strcmp(flagw, "idna") == 0) {
			flags = URISCAN_IRI_IDNA;
			idna = 1;
		} else if (strcmp(flagw, "unreserved") == 0) {
			flags = URISCAN_URI_DECODE_UNRESERVED;
		} else if (strcmp(flagw, "-") != 0) {
			inlen = -1;
		}
		if (inlen < 0) {
			tap_ok(0, "%s:%u: malformed", path, lineno);
			free(copy);
			continue;
		}
		int ok = 1;
		if (idna && !uriscan_idna_available()) {
			tap_skip("IDNA: not built with libidn2 (checked: the status "
			         "is idna_unavailable)");
			size_t ol = 1;
			char b[4];
			ok = uriscan_iri_to_uri(in, (size_t)inlen, flags, b, sizeof b,
			                        &ol, NULL) ==
			         URISCAN_E_IDNA_UNAVAILABLE &&
			     ol == 0;
			tap_ok(ok, "%s:%u idna unavailable in this build: %s", path,
			       lineno, fld[3]);
			free(copy);
			continue;
		}
		if (strcmp(verdict, "error") == 0) {
			char *at = strchr(exp, '@');
			int st = -1;
			size_t off = 0;
			if (at) {
				*at = '\0';
				st = vec_status_from_name(exp);
				off = strtoul(at + 1, NULL, 10);
			}
			map_fn fn = strcmp(dir, "to-uri") == 0 ? uriscan_iri_to_uri
			                                       : uriscan_uri_to_iri;
			ok = st > 0 && check_map(fn, in, (size_t)inlen, flags, st,
			                         NULL, 0, off);
		} else {
			long explen = unescape(exp);
			if (explen < 0) {
				tap_ok(0, "%s:%u: malformed", path, lineno);
				free(copy);
				continue;
			}
			if (strcmp(dir, "to-uri") == 0 || strcmp(dir, "roundtrip") == 0) {
				ok &= check_map(uriscan_iri_to_uri, in, (size_t)inlen, flags,
				                URISCAN_OK, exp, (size_t)explen, 0);
				if (!valid_in(URISCAN_RFC3986, exp, (size_t)explen)) {
					tap_diag("  the URI is not an RFC 3986 URI-reference");
					ok = 0;
				}
			}
			if (strcmp(dir, "to-iri") == 0) {
				ok &= check_map(uriscan_uri_to_iri, in, (size_t)inlen, flags,
				                URISCAN_OK, exp, (size_t)explen, 0);
				if (!valid_in(URISCAN_RFC3987, exp, (size_t)explen)) {
					tap_diag("  the IRI is not an RFC 3987 IRI-reference");
					ok = 0;
				}
			}
			if (strcmp(dir, "roundtrip") == 0)
				ok &= check_map(uriscan_uri_to_iri, exp, (size_t)explen, 0,
				                URISCAN_OK, in, (size_t)inlen, 0);
		}
		/* '#' would start a TAP directive: shown as \x23 */
		char shown[120];
		size_t k = 0;
		for (const char *t = line; *t && k + 5 < sizeof shown; t++) {
			if (*t == '#') {
				memcpy(shown + k, "\\x23", 4);
				k += 4;
			} else {
				shown[k++] = *t == '\t' ? ' ' : *t;
			}
		}
		shown[k] = '\0';
		tap_ok(ok, "%s:%u %s", path, lineno, shown);
		free(copy);
	}
	free(line);
	fclose(f);
	tap_ok(cases > 0, "%s: %u cases", path, cases);
}

/* ------------------------------------------------------------------ */
/* --roundtrip                                                         */

static int has_bidi_format(const unsigned char *s, size_t n)
{
	/* U+200E/F: E2 80 8E/8F; U+202A-202E: E2 80 AA-AE */
	for (size_t i = 0; i + 2 < n; i++)
		if (s[i] == 0xE2 && s[i + 1] == 0x80 &&
		    (s[i + 2] == 0x8E || s[i + 2] == 0x8F ||
		     (s[i + 2] >= 0xAA && s[i + 2] <= 0xAE)))
			return 1;
	return 0;
}

void run_roundtrip_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0, tried = 0, exact = 0, bad = 0;

	if (f == NULL) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while (read_line(f, &line, &cap)) {
		char *fld[6];
		lineno++;
		if (line[0] == '#' || vec_split_tabs(line, fld, 6) < 4 ||
		    strcmp(fld[0], "valid") != 0 ||
		    (strcmp(fld[1], "IRI") != 0 &&
		     strcmp(fld[1], "IRI-reference") != 0))
			continue;
		long n = unescape(fld[2]);
		if (n < 0)
			continue;
		const char *iri = fld[2];
		size_t ul = 0, il = 0;
		char *u = malloc(3 * (size_t)n + 1);
		char *i2 = malloc(3 * (size_t)n + 1);
		tried++;
		if (!u || !i2 ||
		    uriscan_iri_to_uri(iri, (size_t)n, 0, u, 3 * (size_t)n + 1, &ul,
		                       NULL) != URISCAN_OK ||
		    !valid_in(URISCAN_RFC3986, u, ul) ||
		    uriscan_uri_to_iri(u, ul, 0, i2, 3 * (size_t)n + 1, &il, NULL) !=
		        URISCAN_OK ||
		    !valid_in(URISCAN_RFC3987, i2, il)) {
			if (bad++ < 5)
				tap_diag("  %s:%u: mapping failed or gave an invalid result",
				         path, lineno);
		} else if (memchr(iri, '%', (size_t)n) == NULL &&
		           !has_bidi_format((const unsigned char *)iri, (size_t)n)) {
			if (il != (size_t)n || memcmp(i2, iri, il) != 0) {
				if (bad++ < 5)
					tap_diag("  %s:%u: IRI -> URI -> IRI differs", path,
					         lineno);
			} else {
				exact++;
			}
		}
		free(u);
		free(i2);
	}
	free(line);
	fclose(f);
	tap_ok(bad == 0 && exact > 0,
	       "%s: %u IRIs map to valid URIs and back to valid IRIs, %u "
	       "(without '%%') exactly back; %u failures",
	       path, tried, exact, bad);
}
