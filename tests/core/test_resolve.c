/* SPDX-License-Identifier: MIT */
/*
 * test_resolve.c: uriscan_resolve against the vector files
 * tests/vectors/resolve-*.tsv (format in their header). Prints TAP.
 *
 * Usage: test_resolve [-g GRAMMAR] [--ok-only] FILE...
 *
 * One TAP point per case: the status, the target, *out_len, the input and
 * offset of an error (which must also be uriscan_validate's status and
 * offset on that input). For every valid result also: every output
 * capacity from 0 to the size needed (buffer_too_small with the same size,
 * nothing written past the capacity) and out == NULL with 0; the target is
 * valid in the grammar (a URI, with a scheme); resolving the target itself
 * against the same base gives the target again. --ok-only runs only the
 * cases that succeed (the RFC 3986 vectors under RFC 3987). Then a few
 * points for the argument checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define CANARY 0x5a
#define SLACK 16

static enum uriscan_grammar grammar = URISCAN_RFC3986;

struct cas {
	unsigned flags;
	const char *base, *ref, *want;
	size_t base_len, ref_len, want_len;
	int want_st; /* URISCAN_OK: want is the target */
	enum uriscan_input want_in;
	size_t want_off;
};

/* Every capacity below the size needed: buffer_too_small, the same size,
 * nothing written at or past the capacity. */
static int check_capacities(const struct cas *c, size_t need)
{
	char *buf = malloc(need + 1 + SLACK);
	size_t len = 7;
	int ok = 1;

	if (!buf)
		return 0;
	if (uriscan_resolve(grammar, c->base, c->base_len, c->ref, c->ref_len,
	                    c->flags, NULL, 0, &len, NULL) !=
	        URISCAN_E_BUFFER_TOO_SMALL || len != need)
		ok = 0;
	for (size_t cap = 0; cap <= need + 1 && ok; cap++) {
		int want = cap <= need ? URISCAN_E_BUFFER_TOO_SMALL : URISCAN_OK;
		memset(buf, CANARY, need + 1 + SLACK);
		len = 7;
		if (uriscan_resolve(grammar, c->base, c->base_len, c->ref,
		                    c->ref_len, c->flags, buf, cap, &len, NULL) != want || len != need)
			ok = 0;
		for (size_t i = cap; i < need + 1 + SLACK; i++)
			if ((unsigned char)buf[i] != CANARY)
				ok = 0;
	}
	free(buf);
	return ok;
}

/* Resolving the target against the base again gives T2 (T itself, or T
 * with dot segments removed when they came from the base's path, which
 * 5.2.2 keeps for an empty reference); resolving T2 gives T2. */
static int idempotent(const struct cas *c, const char *t, size_t n)
{
	char t2[4096], t3[4096];
	size_t n2 = 0, n3 = 0;
	if (uriscan_resolve(grammar, c->base, c->base_len, t, n, 0, t2,
	                    sizeof t2, &n2, NULL) != URISCAN_OK ||
	    uriscan_resolve(grammar, c->base, c->base_len, t2, n2, 0, t3,
	                    sizeof t3, &n3, NULL) != URISCAN_OK)
		return 0;
	if (n3 != n2 || memcmp(t2, t3, n2) != 0)
		return 0;
	/* T2 == T unless the base's path gave dot segments to T: the
	 * reference has an empty path and no authority (an RFC 2396 "?..."
	 * reference does not parse: it is one of those) */
	struct uriscan_uri r;
	return (n2 == n && memcmp(t, t2, n) == 0) ||
	       uriscan_parse(grammar, c->ref, c->ref_len, 0, &r) != URISCAN_OK ||
	       (!URISCAN_HAS(&r, URISCAN_AUTHORITY) &&
	        r.part[URISCAN_PATH].len == 0);
}

static void run_case(const struct cas *c, unsigned line)
{
	char out[4096];
	size_t len = 7;
	struct uriscan_error e = {7, 7, URISCAN_INPUT_SECOND, 7};
	int st = uriscan_resolve(grammar, c->base, c->base_len, c->ref,
	                         c->ref_len, c->flags, out, sizeof out, &len,
	                         &e);
	const char *why = NULL;

	if (st != c->want_st)
		why = "status";
	else if (st == URISCAN_OK &&
	         (len != c->want_len || memcmp(out, c->want, len) != 0 ||
	          out[len] != '\0'))
		why = "target";
	else if (st != URISCAN_OK && (len != 0 || out[0] != '\0'))
		why = "out_len or out[0] after a failure";
	else if (st != URISCAN_OK && c->want_in != URISCAN_INPUT_NONE &&
	         (e.input != c->want_in || e.offset != c->want_off))
		why = "error input or offset";
	else if (st != URISCAN_OK && c->want_in == URISCAN_INPUT_NONE &&
	         (e.input != URISCAN_INPUT_NONE || e.offset != 0))
		why = "error input or offset set";
	else if (e.status != st || e.component != URISCAN_COMPONENT_NONE)
		why = "error struct: status or component";
	else if (st == URISCAN_OK && (e.input != URISCAN_INPUT_NONE || e.offset != 0))
		why = "error input or offset set on success";

	/* an input error is validate's status and offset on that input
	 * (not for an RFC 2396 reference "?...", read with the rules query
	 * and fragment: see the header) */
	if (!why && st != URISCAN_OK && st != URISCAN_E_BASE_RELATIVE &&
	    c->want_in != URISCAN_INPUT_NONE &&
	    !(grammar == URISCAN_RFC2396 && c->ref_len > 0 && c->ref[0] == '?' &&
	      c->want_in == URISCAN_INPUT_SECOND)) {
		struct uriscan_error ve;
		int vst = c->want_in == URISCAN_INPUT_FIRST
		              ? uriscan_validate(grammar, c->base, c->base_len, 0, &ve)
		              : uriscan_validate(grammar, c->ref, c->ref_len, 0, &ve);
		if (vst != st || ve.offset != e.offset)
			why = "not uriscan_validate's status and offset";
	}
	if (!why && st == URISCAN_E_BASE_RELATIVE) {
		struct uriscan_uri u;
		if (uriscan_parse(grammar, c->base, c->base_len, 0, &u) !=
		        URISCAN_OK || u.kind != URISCAN_KIND_RELATIVE)
			why = "base_relative for a base that is not a relative ref";
	}
	if (!why && st == URISCAN_OK) {
		struct uriscan_uri u;
		if (uriscan_parse(grammar, out, len, 0, &u) != URISCAN_OK ||
		    u.kind != URISCAN_KIND_URI)
			why = "target not a valid URI of the grammar";
		else if (!idempotent(c, out, len))
			why = "resolving the target again changes it twice";
		else if (!check_capacities(c, len))
			why = "buffer contract (capacities 0 to the size needed)";
	}
	if (!tap_ok(why == NULL, "line %u: %s + %s", line, c->base, c->ref)) {
		tap_diag("  %s: got %s (%s) \"%.*s\" input %d offset %zu", why,
		         uriscan_status_name(st), uriscan_status_name(c->want_st),
		         st == URISCAN_OK ? (int)len : 0, out, (int)e.input, e.offset);
		if (c->want_st == URISCAN_OK)
			tap_diag("  want \"%.*s\"", (int)c->want_len, c->want);
	}
}

/* Parse "!status", "!status@base:N", "!status@reference:N". */
static int parse_error(const char *s, struct cas *c)
{
	char name[64];
	const char *at = strchr(s, '@');
	size_t n = at ? (size_t)(at - s) : strlen(s);
	if (n >= sizeof name)
		return 0;
	memcpy(name, s, n);
	name[n] = '\0';
	c->want_st = vec_status_from_name(name);
	c->want_in = URISCAN_INPUT_NONE;
	c->want_off = 0;
	if (c->want_st <= 0)
		return 0;
	if (!at)
		return 1;
	if (strncmp(at + 1, "base:", 5) == 0) {
		c->want_in = URISCAN_INPUT_FIRST;
		c->want_off = strtoul(at + 6, NULL, 10);
	} else if (strncmp(at + 1, "reference:", 10) == 0) {
		c->want_in = URISCAN_INPUT_SECOND;
		c->want_off = strtoul(at + 11, NULL, 10);
	} else {
		return 0;
	}
	return 1;
}

static void run_file(const char *path, int ok_only)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned line = 0, cases = 0;

	if (!tap_ok(f != NULL, "open %s", path))
		return;
	while ((n = getline(&buf, &cap, f)) >= 0) {
		char *fld[5];
		struct cas c;
		long bl, rl, wl;
		line++;
		while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		if (buf[0] == '#' || buf[0] == '\0')
			continue;
		if (vec_split_tabs(buf, fld, 5) < 4) {
			tap_ok(0, "%s:%u: fewer than 4 fields", path, line);
			continue;
		}
		memset(&c, 0, sizeof c);
		c.flags = strcmp(fld[0], "nonstrict") == 0 ? URISCAN_RESOLVE_NON_STRICT
		                                            : 0;
		bl = vec_unescape(fld[1], (unsigned char *)fld[1], 1);
		rl = vec_unescape(fld[2], (unsigned char *)fld[2], 1);
		if (fld[3][0] == '!') {
			wl = 0;
			if (!parse_error(fld[3] + 1, &c)) {
				tap_ok(0, "%s:%u: bad expectation", path, line);
				continue;
			}
		} else {
			wl = vec_unescape(fld[3], (unsigned char *)fld[3], 1);
			c.want_st = URISCAN_OK;
		}
		if (bl < 0 || rl < 0 || wl < 0 ||
		    (strcmp(fld[0], "-") != 0 && c.flags == 0)) {
			tap_ok(0, "%s:%u: bad escape or flags", path, line);
			continue;
		}
		if (ok_only && c.want_st != URISCAN_OK)
			continue;
		c.base = fld[1];
		c.base_len = (size_t)bl;
		c.ref = fld[2];
		c.ref_len = (size_t)rl;
		c.want = fld[3];
		c.want_len = (size_t)wl;
		run_case(&c, line);
		cases++;
	}
	tap_ok(cases > 0, "%s: %u cases", path, cases);
	free(buf);
	fclose(f);
}

/* The argument checks of the header. */
static void check_arguments(void)
{
	char out[64];
	size_t len = 7;
	struct uriscan_error e = {7, 7, URISCAN_INPUT_FIRST, 7};

	tap_ok(uriscan_resolve(grammar, "a:b", 3, "c", 1, 0, out, sizeof out,
	                       NULL, NULL) == URISCAN_E_INVALID_ARG,
	       "out_len NULL: invalid_argument");
	tap_ok(uriscan_resolve(grammar, "a:b", 3, "c", 1, 0, NULL, 4, &len, &e) == URISCAN_E_INVALID_ARG &&
	           len == 0 && e.offset == 0 && e.input == URISCAN_INPUT_NONE,
	       "out NULL with a capacity: invalid_argument, outputs cleared");
	tap_ok(uriscan_resolve(grammar, NULL, 1, "c", 1, 0, out, sizeof out, &len,
	                       NULL) == URISCAN_E_INVALID_ARG &&
	           out[0] == '\0',
	       "base NULL with a length: invalid_argument");
	tap_ok(uriscan_resolve(grammar, "a:b", 3, NULL, 1, 0, out, sizeof out,
	                       &len, NULL) == URISCAN_E_INVALID_ARG,
	       "reference NULL with a length: invalid_argument");
	tap_ok(uriscan_resolve(grammar, "a:b", 3, "c", 1, 2u, out, sizeof out,
	                       &len, NULL) == URISCAN_E_INVALID_ARG,
	       "unknown flag: invalid_argument");
	tap_ok(uriscan_resolve((enum uriscan_grammar)9, "a:b", 3, "c", 1, 0, out,
	                       sizeof out, &len, NULL) ==
	           URISCAN_E_GRAMMAR_UNKNOWN,
	       "unknown grammar");
	if (grammar != URISCAN_RFC1738)
		tap_ok(uriscan_resolve(grammar, NULL, 0, "c", 1, 0, out, sizeof out,
		                       &len, &e) == URISCAN_E_BASE_RELATIVE &&
		           e.input == URISCAN_INPUT_FIRST,
		       "base NULL with length 0 is the empty (relative) base");
	else
		tap_ok(uriscan_resolve(grammar, NULL, 0, "c", 1, 0, out, sizeof out,
		                       &len, &e) == URISCAN_E_UNSUPPORTED &&
		           len == 0,
		       "rfc1738: unsupported, whatever the inputs");
	if (grammar != URISCAN_RFC1738) {
		int st = uriscan_resolve(grammar, "a:/b", 4, NULL, 0, 0, out,
		                         sizeof out, &len, NULL);
		tap_ok(st == URISCAN_OK && strcmp(out, "a:/b") == 0 && len == 4,
		       "reference NULL with length 0 is the empty reference");
		/* a NUL byte is data: the reference "a\0" is invalid at 1 */
		st = uriscan_resolve(grammar, "a:/b", 4, "a\0", 2, 0, out,
		                     sizeof out, &len, &e);
		tap_ok(st != URISCAN_OK && e.offset == 1 &&
		           e.input == URISCAN_INPUT_SECOND,
		       "a NUL byte in the reference is an error at its offset");
	} else {
		tap_skip("rfc1738 resolves nothing: no NULL-reference checks");
	}
}

int main(int argc, char **argv)
{
	int ok_only = 0, files = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-g") == 0 && i + 1 < argc) {
			if (uriscan_grammar_from_name(argv[++i], &grammar) != URISCAN_OK) {
				fprintf(stderr, "unknown grammar %s\n", argv[i]);
				return 2;
			}
		} else if (strcmp(argv[i], "--ok-only") == 0) {
			ok_only = 1;
		} else {
			run_file(argv[i], ok_only);
			files++;
		}
	}
	if (files == 0) {
		fprintf(stderr, "usage: test_resolve [-g GRAMMAR] [--ok-only] FILE...\n");
		return 2;
	}
	check_arguments();
	return tap_done();
}
