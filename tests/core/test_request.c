/* SPDX-License-Identifier: MIT */
/*
 * test_request.c: uriscan_request_line against a vector file (format: the
 * header of tests/vectors/request-line.tsv), and against the rule
 * request-line of the RFC 3986 grammar: with URISCAN_REQUEST_ANY_FORM the
 * call is valid exactly when the rule matches, with the same offset.
 * Also: API edge cases, and every prefix of every vector (no read past len,
 * checked by ASan in scripts/test.sh).
 * No timing (speed is measured only in bench/).
 *
 * Usage: test_request FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "vec.h"
#include "uriscan.h"

/* The escapes of the vector files (tests/vec.h), in place. */
static long unescape(char *s)
{
	return vec_unescape(s, (unsigned char *)s, 0);
}

/* uriscan_request_part_name names every part, and "none" for anything
 * else; the vectors below name the part of each error by it. */
static void part_names(void)
{
	static const struct {
		int part;
		const char *name;
	} want[] = {
	    {URISCAN_REQUEST_NONE, "none"},
	    {URISCAN_REQUEST_METHOD, "method"},
	    {URISCAN_REQUEST_TARGET, "target"},
	    {URISCAN_REQUEST_VERSION, "version"},
	    {4, "none"},
	    {-1, "none"},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const char *got = uriscan_request_part_name(
		    (enum uriscan_request_part)want[i].part);
		tap_ok(got != NULL && strcmp(got, want[i].name) == 0,
		       "request_part_name(%d) = %s (got %s)", want[i].part,
		       want[i].name, got ? got : "NULL");
	}
}

static int span_is(const char *line, struct uriscan_span sp, const char *v)
{
	size_t n = strlen(v);
	return sp.len == n && memcmp(line + sp.off, v, n) == 0;
}

static unsigned rule_request_line;

/* Check one vector; returns NULL or what is wrong (static buffer). */
static const char *check(int valid, unsigned flags, const char *in,
                         size_t len, char *expect)
{
	static char why[512];
	struct uriscan_request r;
	int st = uriscan_request_line(in, len, flags, &r);
	struct uriscan_error re;
	int rst = uriscan_validate_rule(URISCAN_RFC3986, rule_request_line, in,
	                                len, 0, &re);
	size_t ro = re.offset;

	/* the rule request-line: the language of ANY_FORM */
	if (flags & URISCAN_REQUEST_ANY_FORM) {
		if ((st == URISCAN_OK) != (rst == URISCAN_OK) ||
		    (st != URISCAN_OK && ro != r.error_offset)) {
			snprintf(why, sizeof why,
			         "rule request-line says %s@%zu, the call %s@%zu",
			         uriscan_status_name(rst), ro,
			         uriscan_status_name(st), r.error_offset);
			return why;
		}
	} else if (st == URISCAN_OK && rst != URISCAN_OK) {
		return "valid strictly but not a request-line";
	}

	if (!valid) {
		char want[64];
		snprintf(want, sizeof want, "%s@%zu %s", uriscan_status_name(st),
		         r.error_offset, uriscan_request_part_name(r.error_part));
		if (st == URISCAN_OK || strcmp(want, expect) != 0) {
			snprintf(why, sizeof why, "got %s",
			         st == URISCAN_OK ? "ok" : want);
			return why;
		}
		if (r.uri.present != 0 || r.form != URISCAN_FORM_NONE)
			return "components or form on failure";
		return NULL;
	}
	if (st != URISCAN_OK) {
		snprintf(why, sizeof why, "got %s@%zu %s", uriscan_status_name(st),
		         r.error_offset, uriscan_request_part_name(r.error_part));
		return why;
	}
	uint32_t seen = 0;
	int host_type_seen = 0;
	for (char *w = strtok(expect, " "); w; w = strtok(NULL, " ")) {
		char *eq = strchr(w, '=');
		if (!eq)
			return "malformed vector word";
		*eq = '\0';
		char *v = eq + 1;
		if (unescape(v) < 0)
			return "malformed vector value";
		if (strcmp(w, "method") == 0) {
			if (!span_is(in, r.method, v))
				return "method";
		} else if (strcmp(w, "target") == 0) {
			if (!span_is(in, r.target, v))
				return "target";
		} else if (strcmp(w, "version") == 0) {
			if (!span_is(in, r.version, v))
				return "version";
		} else if (strcmp(w, "form") == 0) {
			unsigned f;
			if (uriscan_rule_from_name(URISCAN_RFC3986, v, &f) != URISCAN_OK)
				return "unknown form in vector";
			if (r.form != f || r.uri.form != f || r.uri.rule != f) {
				snprintf(why, sizeof why, "form %s",
				         r.form == URISCAN_FORM_NONE
				             ? "none"
				             : uriscan_rule_name(URISCAN_RFC3986, r.form));
				return why;
			}
		} else if (strcmp(w, "host_type") == 0) {
			host_type_seen = 1;
			if (strcmp(uriscan_host_type_name(r.uri.host_type), v) != 0)
				return "host_type";
		} else {
			unsigned c;
			for (c = 0; c < URISCAN_COMPONENT_COUNT; c++)
				if (strcmp(uriscan_component_name(c), w) == 0)
					break;
			if (c == URISCAN_COMPONENT_COUNT)
				return "unknown key in vector";
			seen |= 1u << c;
			struct uriscan_span sp = r.uri.part[c];
			if (!URISCAN_HAS(&r.uri, c) || !span_is(in, sp, v) ||
			    sp.off < r.target.off ||
			    sp.off + sp.len > r.target.off + r.target.len) {
				snprintf(why, sizeof why, "component %s", w);
				return why;
			}
		}
	}
	if (r.uri.present != seen)
		return "a component present that the vector does not list";
	if (!host_type_seen && r.uri.host_type != URISCAN_HOST_NONE)
		return "host_type set";
	return NULL;
}

static void api_cases(void)
{
	struct uriscan_request r;
	tap_ok(uriscan_request_line("GET / HTTP/1.1", 14, 0, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "api: out NULL");
	tap_ok(uriscan_request_line(NULL, 3, 0, &r) == URISCAN_E_INVALID_ARG,
	       "api: s NULL with a length");
	tap_ok(uriscan_request_line("GET / HTTP/1.1", 14, 2, &r) ==
	           URISCAN_E_INVALID_ARG,
	       "api: unknown flag");
	tap_ok(uriscan_request_line(NULL, 0, 0, &r) == URISCAN_E_INCOMPLETE &&
	           r.error_offset == 0,
	       "api: empty line");
	/* the line is read only within its length */
	tap_ok(uriscan_request_line("GET / HTTP/1.1xyz", 14, 0, &r) ==
	           URISCAN_OK,
	       "api: bytes after len are not read");
	/* a NUL is a byte */
	tap_ok(uriscan_request_line("GET /\0 HTTP/1.1", 15, 0, &r) ==
	               URISCAN_E_BAD_CHAR &&
	           r.error_offset == 5,
	       "api: NUL in the target is bad_char");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	if (uriscan_rule_from_name(URISCAN_RFC3986, "request-line",
	                           &rule_request_line) != URISCAN_OK) {
		tap_skip("no request-line rule");
		return tap_done();
	}
	part_names();
	api_cases();
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	char line[4096];
	unsigned lineno = 0, nvalid = 0, ninvalid = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *fld[5] = {0};
		int n = 0;
		fld[n++] = line;
		for (char *p = line; *p && n < 5; p++)
			if (*p == '\t') {
				*p = '\0';
				fld[n++] = p + 1;
			}
		if (n < 4 || (strcmp(fld[0], "valid") && strcmp(fld[0], "invalid")) ||
		    (strcmp(fld[1], "strict") && strcmp(fld[1], "any"))) {
			tap_ok(0, "line %u: malformed vector", lineno);
			continue;
		}
		int valid = strcmp(fld[0], "valid") == 0;
		unsigned flags = strcmp(fld[1], "any") == 0 ? URISCAN_REQUEST_ANY_FORM : 0;
		char shown[1024];
		snprintf(shown, sizeof shown, "%s", fld[2]);
		long len = unescape(fld[2]);
		if (len < 0) {
			tap_ok(0, "line %u: malformed input", lineno);
			continue;
		}
		/* a copy of exactly len bytes, so ASan sees any read past it */
		char *in = malloc(len ? (size_t)len : 1);
		memcpy(in, fld[2], (size_t)len);
		const char *err = check(valid, flags, in, (size_t)len, fld[3]);
		tap_ok(err == NULL, "line %u: %s %s %s%s%s", lineno, fld[0], fld[1],
		       shown, err ? ": " : "", err ? err : "");
		/* every prefix: never read past len, never an offset past it;
		 * no proper prefix of a valid line is valid (the version ends
		 * it) */
		int bad = 0;
		for (long k = 0; k < len; k++) {
			struct uriscan_request r;
			char *pre = malloc(k ? (size_t)k : 1);
			memcpy(pre, in, (size_t)k);
			int st = uriscan_request_line(pre, (size_t)k, flags, &r);
			if ((valid && st == URISCAN_OK) ||
			    (st != URISCAN_OK && r.error_offset > (size_t)k))
				bad = 1;
			free(pre);
		}
		tap_ok(!bad, "line %u: every proper prefix is invalid", lineno);
		free(in);
		if (valid)
			nvalid++;
		else
			ninvalid++;
	}
	fclose(f);
	tap_diag("%u valid and %u invalid request lines", nvalid, ninvalid);
	return tap_done();
}
