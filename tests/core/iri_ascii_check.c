/* SPDX-License-Identifier: MIT */
/*
 * iri_ascii_check.c: the ASCII differential of RFC 3987 with RFC 3986, for
 * test_iri.c: every ASCII input of a vector file (--ascii-tsv) or a text
 * file (--ascii-lines) gives the same results under both grammars. Its
 * test points are counted in test_iri.c (TAP_SHARED, tests/tap.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAP_SHARED /* counted in test_iri.c */
#include "tap.h"
#include "uriscan.h"
#include "test_iri.h"

/* ------------------------------------------------------------------ */
/* --ascii-tsv / --ascii-lines                                         */

/* RFC 3986 rule -> the RFC 3987 rule for the same syntax; NULL: same name */
static const char *const rule_map[][2] = {
    {"URI", "IRI"},
    {"hier-part", "ihier-part"},
    {"URI-reference", "IRI-reference"},
    {"absolute-URI", "absolute-IRI"},
    {"relative-ref", "irelative-ref"},
    {"relative-part", "irelative-part"},
    {"authority", "iauthority"},
    {"userinfo", "iuserinfo"},
    {"host", "ihost"},
    {"reg-name", "ireg-name"},
    {"path", "ipath"},
    {"path-abempty", "ipath-abempty"},
    {"path-absolute", "ipath-absolute"},
    {"path-noscheme", "ipath-noscheme"},
    {"path-rootless", "ipath-rootless"},
    {"path-empty", "ipath-empty"},
    {"segment", "isegment"},
    {"segment-nz", "isegment-nz"},
    {"segment-nz-nc", "isegment-nz-nc"},
    {"pchar", "ipchar"},
    {"query", "iquery"},
    {"fragment", "ifragment"},
};

static const char *iri_rule(const char *uri_rule)
{
	for (size_t i = 0; i < sizeof rule_map / sizeof rule_map[0]; i++)
		if (strcmp(rule_map[i][0], uri_rule) == 0)
			return rule_map[i][1];
	return uri_rule;
}

/* 1 if the input gives the same results under both rules. */
static int same_both(unsigned r86, unsigned r87, const char *s, size_t len)
{
	struct uriscan_uri a, b;
	struct uriscan_error ea, eb;
	int sa = uriscan_parse_rule(URISCAN_RFC3986, r86, s, len, 0, &a);
	int sb = uriscan_parse_rule(URISCAN_RFC3987, r87, s, len, 0, &b);
	int va = uriscan_validate_rule(URISCAN_RFC3986, r86, s, len, 0, &ea);
	int vb = uriscan_validate_rule(URISCAN_RFC3987, r87, s, len, 0, &eb);

	if (sa != sb || va != vb || ea.offset != eb.offset || a.error_offset != b.error_offset ||
	    a.present != b.present || a.host_type != b.host_type ||
	    a.kind != b.kind)
		return 0;
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (URISCAN_HAS(&a, c) && (a.part[c].off != b.part[c].off ||
		                           a.part[c].len != b.part[c].len))
			return 0;
	return 1;
}

static int is_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

void run_ascii_file(const char *path, int tsv)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0, compared = 0, diff = 0;
	unsigned r86 = 0, r87 = 0;

	if (f == NULL) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	if (!tsv &&
	    (uriscan_rule_from_name(URISCAN_RFC3986, "URI-reference", &r86) ||
	     uriscan_rule_from_name(URISCAN_RFC3987, "IRI-reference", &r87))) {
		tap_ok(0, "rules URI-reference / IRI-reference");
		fclose(f);
		return;
	}
	for (;;) {
		ssize_t got = getline(&line, &cap, f);
		if (got < 0)
			break;
		size_t n = (size_t)got;
		char *s = line;
		lineno++;
		if (n > 0 && line[n - 1] == '\n')
			n--;
		if (tsv) {
			char *fld[6];
			line[n] = '\0';
			if (line[0] == '#' || line[0] == '\0' ||
			    vec_split_tabs(line, fld, 6) < 4)
				continue;
			long l = unescape(fld[2]);
			if (l < 0 ||
			    uriscan_rule_from_name(URISCAN_RFC3986, fld[1], &r86) ||
			    uriscan_rule_from_name(URISCAN_RFC3987, iri_rule(fld[1]),
			                           &r87)) {
				if (diff++ < 5)
					tap_diag("  %s:%u: unknown rule or bad input", path,
					         lineno);
				continue;
			}
			s = fld[2];
			n = (size_t)l;
		} else if (n > 0 && line[n - 1] == '\r') {
			n--;
		}
		if (!is_ascii(s, n))
			continue;
		compared++;
		if (!same_both(r86, r87, s, n) && diff++ < 5)
			tap_diag("  %s:%u: rfc3986 and rfc3987 differ on \"%.*s\"",
			         path, lineno, (int)n, s);
	}
	free(line);
	fclose(f);
	tap_ok(diff == 0 && compared > 0,
	       "%s: %u ASCII inputs, same verdict, offset and components under "
	       "rfc3986 and rfc3987 (%u differ)",
	       path, compared, diff);
}
