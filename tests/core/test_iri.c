/* SPDX-License-Identifier: MIT */
/*
 * test_iri.c: RFC 3987 beyond the vectors: the IRI <-> URI mappings and the
 * ASCII differential with RFC 3986. Prints TAP.
 * No timing (speed is measured only in bench/).
 * One program of three files (test_iri.h): this one has main, the test
 * points' count and the argument checks of the two mappings;
 * iri_map_check.c runs --map and --roundtrip, iri_ascii_check.c
 * --ascii-tsv and --ascii-lines.
 *
 * Usage: test_iri [--map FILE] [--roundtrip FILE] [--ascii-tsv FILE]
 *                 [--ascii-lines FILE] ...
 *
 * --map FILE        mapping vectors (format: the header of
 *                   tests/vectors/iri_mapping.tsv); one TAP point per case.
 *                   Every case also runs with every output capacity from 0
 *                   to the size needed (buffer_too_small, the size stored,
 *                   nothing written past the capacity), and every result
 *                   must be valid in the target grammar.
 * --roundtrip FILE  vectors in the format of tests/vectors/rfc3986.tsv for
 *                   rfc3987: every valid IRI / IRI-reference case must map
 *                   to a valid URI and back to a valid IRI, which is the
 *                   original IRI when it holds no '%' (a percent-encoded
 *                   character in an IRI may be decoded on the way back) and
 *                   no bidi formatting character (never decoded, 3.2.1).
 *                   One TAP point per file.
 * --ascii-tsv FILE  vectors for rfc3986: every case whose input is ASCII must
 *                   give the same status, offset, components, host type and
 *                   kind under the corresponding rfc3987 rule (URI ->
 *                   IRI, path-abempty -> ipath-abempty, scheme -> scheme...).
 * --ascii-lines FILE  the same for each ASCII line of a text file, with
 *                   URI-reference and IRI-reference. One point per file.
 */
#include <stdio.h>
#include <string.h>

#define TAP_SHARED /* points reported from the other two files too */
#define TAP_COUNTS
#include "tap.h"
#include "uriscan.h"
#include "test_iri.h"

/* Argument checks of the two mappings (include/uriscan.h). */
static void test_args(void)
{
	char b[16];
	size_t ol = 9;
	struct uriscan_error e = {9, 9, URISCAN_INPUT_SECOND, 9};
	int st;

	st = uriscan_iri_to_uri("a", 1, 0, b, sizeof b, NULL, &e);
	tap_ok(st == URISCAN_E_INVALID_ARG && e.offset == 0 && e.status == st,
	       "iri_to_uri: out_len NULL -> invalid_argument");
	st = uriscan_uri_to_iri("a", 1, 0, NULL, 5, &ol, NULL);
	tap_ok(st == URISCAN_E_INVALID_ARG && ol == 0,
	       "uri_to_iri: out NULL with a capacity -> invalid_argument");
	st = uriscan_iri_to_uri(NULL, 3, 0, b, sizeof b, &ol, NULL);
	tap_ok(st == URISCAN_E_INVALID_ARG && b[0] == '\0',
	       "iri_to_uri: s NULL with a length -> invalid_argument, out \"\"");
	ol = 9;
	st = uriscan_iri_to_uri(NULL, 0, 0, b, sizeof b, &ol, NULL);
	tap_ok(st == URISCAN_OK && ol == 0 && b[0] == '\0',
	       "iri_to_uri: s NULL, length 0: the empty reference");
	st = uriscan_iri_to_uri("a", 1, URISCAN_URI_DECODE_UNRESERVED, b, sizeof b,
	                        &ol, NULL);
	tap_ok(st == URISCAN_E_INVALID_ARG,
	       "iri_to_uri: a uri_to_iri flag -> invalid_argument");
	st = uriscan_uri_to_iri("a", 1, URISCAN_IRI_IDNA, b, sizeof b, &ol,
	                        NULL);
	tap_ok(st == URISCAN_E_INVALID_ARG,
	       "uri_to_iri: an iri_to_uri flag -> invalid_argument");
	st = uriscan_uri_to_iri("a", 1, 0x80u, b, sizeof b, &ol, NULL);
	tap_ok(st == URISCAN_E_INVALID_ARG, "unknown flag -> invalid_argument");
	ol = 0;
	st = uriscan_iri_to_uri("\xc3\xa9", 2, 0, NULL, 0, &ol, NULL);
	tap_ok(st == URISCAN_E_BUFFER_TOO_SMALL && ol == 6,
	       "iri_to_uri: size query (out NULL, capacity 0) -> 6");
	st = uriscan_iri_to_uri("a\0b", 3, 0, b, sizeof b, &ol, &e);
	tap_ok(st == URISCAN_E_BAD_CHAR && e.offset == 1 && e.status == st && ol == 0,
	       "iri_to_uri: a NUL byte is data: bad_char@1");
	st = uriscan_uri_to_iri("%C3%A9\0", 7, 0, b, sizeof b, &ol, &e);
	tap_ok(st == URISCAN_E_BAD_CHAR && e.offset == 6 && e.status == st,
	       "uri_to_iri: a NUL byte is data: bad_char@6");
	st = uriscan_iri_to_uri("a", 1, URISCAN_IRI_IDNA, b, sizeof b, &ol,
	                        NULL);
	tap_ok(uriscan_idna_available() ? st == URISCAN_OK
	                                : st == URISCAN_E_IDNA_UNAVAILABLE,
	       "IDNA flag: ok when available, idna_unavailable otherwise (%s)",
	       uriscan_idna_available() ? "available" : "not built");
}

int main(int argc, char **argv)
{
	int any = 0;

	test_args();
	for (int i = 1; i + 1 < argc; i += 2) {
		any = 1;
		if (strcmp(argv[i], "--map") == 0)
			run_map_file(argv[i + 1]);
		else if (strcmp(argv[i], "--roundtrip") == 0)
			run_roundtrip_file(argv[i + 1]);
		else if (strcmp(argv[i], "--ascii-tsv") == 0)
			run_ascii_file(argv[i + 1], 1);
		else if (strcmp(argv[i], "--ascii-lines") == 0)
			run_ascii_file(argv[i + 1], 0);
		else
			any = 0;
	}
	if (!any) {
		fprintf(stderr, "usage: %s [--map|--roundtrip|--ascii-tsv|"
		                "--ascii-lines] FILE...\n",
		        argv[0]);
		return 99;
	}
	return tap_done();
}
