/* SPDX-License-Identifier: MIT */
/*
 * test_api_args.c: the public API's contract (include/uriscan.h) at its
 * edges, for test_api.c: unavailable grammars, argument checking, NUL
 * bytes, lengths that do not fit the offsets, and the rule names, forms
 * and flags of RFC 2396 and RFC 1738. Its test points are counted in
 * test_api.c (TAP_SHARED, tests/tap.h).
 * No timing (speed is measured only in bench/).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define TAP_SHARED /* counted in test_api.c */
#include "tap.h"
#include "uriscan-config.h"
#include "uriscan.h"
#include "test_api.h"

/* Every entry point on a grammar that is declared but not built (or does
 * not exist) returns the given status, never crashes, reports nothing. */
static void test_unbuilt(enum uriscan_grammar g, int want, const char *what)
{
	struct uriscan_uri u;
	struct uriscan_error eo = {77, 77, URISCAN_INPUT_SECOND, 77};
	unsigned rule = 77;
	int st;
	const char *in = "http://example.com/";
	size_t len = strlen(in);

	tap_ok(!uriscan_grammar_available(g), "%s: not available", what);
	tap_ok(uriscan_rule_count(g) == 0, "%s: rule_count 0", what);
	tap_ok(uriscan_rule_name(g, 0) == NULL, "%s: rule_name(0) NULL", what);
	tap_ok(uriscan_rule_default(g) == 0, "%s: rule_default 0", what);
	st = uriscan_rule_from_name(g, "URI-reference", &rule);
	tap_ok(st == want && rule == 77, "%s: rule_from_name -> %s (got %s)",
	       what, uriscan_status_name(want), uriscan_status_name(st));
	st = uriscan_validate(g, in, len, 0, &eo);
	tap_ok(st == want && eo.offset == 0, "%s: validate -> %s, offset 0 (got %s@%zu)",
	       what, uriscan_status_name(want), uriscan_status_name(st), eo.offset);
	eo.offset = 77;
	st = uriscan_validate_rule(g, 0, in, len, 0, &eo);
	tap_ok(st == want && eo.offset == 0, "%s: validate_rule -> %s (got %s@%zu)",
	       what, uriscan_status_name(want), uriscan_status_name(st), eo.offset);
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse(g, in, len, 0, &u);
	tap_ok(st == want && u.present == 0 && u.error_offset == 0,
	       "%s: parse -> %s, nothing present (got %s)", what,
	       uriscan_status_name(want), uriscan_status_name(st));
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse_rule(g, 0, in, len, 0, &u);
	tap_ok(st == want && u.present == 0,
	       "%s: parse_rule -> %s (got %s)", what, uriscan_status_name(want),
	       uriscan_status_name(st));
	st = uriscan_validate(g, NULL, 0, 0, NULL);
	tap_ok(st == want, "%s: validate(NULL, 0) -> %s (got %s)", what,
	       uriscan_status_name(want), uriscan_status_name(st));
}

void test_availability(void)
{
	tap_ok(uriscan_grammar_available(URISCAN_RFC3986) == 1,
	       "rfc3986 is available");
#if URISCAN_HAVE_RFC1738
	tap_ok(uriscan_grammar_available(URISCAN_RFC1738) == 1 &&
	           uriscan_rule_count(URISCAN_RFC1738) > 0,
	       "rfc1738 is available (built)");
#else
	test_unbuilt(URISCAN_RFC1738, URISCAN_E_GRAMMAR_UNAVAILABLE, "rfc1738");
#endif
#if URISCAN_HAVE_RFC2396
	tap_ok(uriscan_grammar_available(URISCAN_RFC2396) == 1 &&
	           uriscan_rule_count(URISCAN_RFC2396) > 0,
	       "rfc2396 is available (built)");
#else
	test_unbuilt(URISCAN_RFC2396, URISCAN_E_GRAMMAR_UNAVAILABLE, "rfc2396");
#endif
#if URISCAN_HAVE_RFC3987
	tap_ok(uriscan_grammar_available(URISCAN_RFC3987) == 1 &&
	           uriscan_rule_count(URISCAN_RFC3987) == 42,
	       "rfc3987 is available, with the 42 rules of rfc3987.rules");
#else
	test_unbuilt(URISCAN_RFC3987, URISCAN_E_GRAMMAR_UNAVAILABLE, "rfc3987");
#endif
	test_unbuilt(URISCAN_GRAMMAR_COUNT, URISCAN_E_GRAMMAR_UNKNOWN,
	             "grammar 4 (unknown)");
	test_unbuilt((enum uriscan_grammar)-1, URISCAN_E_GRAMMAR_UNKNOWN,
	             "grammar -1 (unknown)");
	test_unbuilt((enum uriscan_grammar)1000, URISCAN_E_GRAMMAR_UNKNOWN,
	             "grammar 1000 (unknown)");
}

/* ------------------------------------------------------------------ */

void test_arguments(void)
{
	struct uriscan_uri u;
	const char *in = "http://example.com/a?b#c";
	size_t len = strlen(in);
	struct uriscan_error eo;
	int st;
	unsigned n = uriscan_rule_count(G);
	unsigned r_uri = 0;

	uriscan_rule_from_name(G, "URI", &r_uri);

	/* NULL with length 0: the empty input */
	eo.offset = 77;
	st = uriscan_validate(G, NULL, 0, 0, &eo);
	tap_ok(st == URISCAN_OK && eo.offset == 0,
	       "validate(NULL, 0): the empty URI-reference is valid (got %s)",
	       uriscan_status_name(st));
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse(G, NULL, 0, 0, &u);
	tap_ok(st == URISCAN_OK &&
	           u.present == (1u << URISCAN_PATH) &&
	           u.part[URISCAN_PATH].off == 0 &&
	           u.part[URISCAN_PATH].len == 0 &&
	           u.kind == URISCAN_KIND_RELATIVE &&
	           u.host_type == URISCAN_HOST_NONE && u.grammar == G &&
	           u.rule == uriscan_rule_default(G),
	       "parse(NULL, 0): a relative-ref with an empty path (got %s)",
	       uriscan_status_name(st));
	eo.offset = 77;
	st = uriscan_validate_rule(G, r_uri, NULL, 0, 0, &eo);
	tap_ok(st == URISCAN_E_INCOMPLETE && eo.offset == 0,
	       "validate_rule(URI, NULL, 0) is incomplete@0 (got %s@%zu)",
	       uriscan_status_name(st), eo.offset);
	int same = 1;
	for (unsigned i = 0; i < n; i++) {
		struct uriscan_error e1 = {11, 11, URISCAN_INPUT_NONE, 0};
		struct uriscan_error e2 = {22, 22, URISCAN_INPUT_NONE, 0};
		struct uriscan_uri u1, u2;
		int s1 = uriscan_validate_rule(G, i, NULL, 0, 0, &e1);
		int s2 = uriscan_validate_rule(G, i, "", 0, 0, &e2);
		int p1 = uriscan_parse_rule(G, i, NULL, 0, 0, &u1);
		int p2 = uriscan_parse_rule(G, i, "", 0, 0, &u2);
		if (s1 != s2 || e1.offset != e2.offset || p1 != p2 || p1 != s1 ||
		    u1.present != u2.present || u1.kind != u2.kind ||
		    u1.host_type != u2.host_type || e1.offset != 0 ||
		    u1.error_offset != 0 ||
		    (s1 != URISCAN_OK && s1 != URISCAN_E_INCOMPLETE)) {
			tap_diag("rule %s: NULL,0 -> %s@%zu, \"\",0 -> %s@%zu",
			         uriscan_rule_name(G, i), uriscan_status_name(s1), e1.offset,
			         uriscan_status_name(s2), e2.offset);
			same = 0;
		}
	}
	tap_ok(same, "every rule: (NULL, 0) behaves as (\"\", 0), ok or "
	             "incomplete@0");

	/* NULL with a length */
	eo.offset = 77;
	st = uriscan_validate(G, NULL, 1, 0, &eo);
	tap_ok(st == URISCAN_E_INVALID_ARG && eo.offset == 0,
	       "validate(NULL, 1) -> invalid_argument, offset 0 (got %s@%zu)",
	       uriscan_status_name(st), eo.offset);
	eo.offset = 77;
	st = uriscan_validate_rule(G, r_uri, NULL, 5, 0, &eo);
	tap_ok(st == URISCAN_E_INVALID_ARG && eo.offset == 0,
	       "validate_rule(NULL, 5) -> invalid_argument (got %s)",
	       uriscan_status_name(st));
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse(G, NULL, 3, 0, &u);
	tap_ok(st == URISCAN_E_INVALID_ARG && u.present == 0 &&
	           u.error_offset == 0,
	       "parse(NULL, 3) -> invalid_argument, nothing present (got %s)",
	       uriscan_status_name(st));
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse_rule(G, r_uri, NULL, SIZE_MAX, 0, &u);
	tap_ok(st != URISCAN_OK && u.present == 0,
	       "parse_rule(NULL, SIZE_MAX) fails (got %s)",
	       uriscan_status_name(st));

	/* flags */
	static const unsigned flags[] = {1u, 2u, 0x80000000u, ~0u};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		unsigned f = flags[i];
		int a, b, c, d;
		eo.offset = 77;
		a = uriscan_validate(G, in, len, f, &eo);
		int eo_ok = eo.offset == 0;
		b = uriscan_validate_rule(G, r_uri, in, len, f, NULL);
		memset(&u, 0xa5, sizeof u);
		c = uriscan_parse(G, in, len, f, &u);
		int none = u.present == 0;
		d = uriscan_parse_rule(G, r_uri, in, len, f, &u);
		tap_ok(a == URISCAN_E_INVALID_ARG && b == a && c == a && d == a &&
		           eo_ok && none && u.present == 0,
		       "flags 0x%x on a valid URI -> invalid_argument everywhere "
		       "(%s %s %s %s)",
		       f, uriscan_status_name(a), uriscan_status_name(b),
		       uriscan_status_name(c), uriscan_status_name(d));
	}

	/* out == NULL */
	tap_ok(uriscan_parse(G, in, len, 0, NULL) == URISCAN_E_INVALID_ARG,
	       "parse(out NULL) -> invalid_argument");
	tap_ok(uriscan_parse_rule(G, r_uri, in, len, 0, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "parse_rule(out NULL) -> invalid_argument");

	/* error_offset == NULL is allowed */
	tap_ok(uriscan_validate(G, in, len, 0, NULL) == URISCAN_OK,
	       "validate(error_offset NULL) on a valid input");
	tap_ok(uriscan_validate(G, "a b", 3, 0, NULL) == URISCAN_E_BAD_CHAR,
	       "validate(error_offset NULL) on an invalid input");
	tap_ok(uriscan_validate_rule(G, r_uri, "a", 1, 0, NULL) ==
	           URISCAN_E_INCOMPLETE,
	       "validate_rule(error_offset NULL)");

	/* the default rule */
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse(G, in, len, 0, &u);
	tap_ok(st == URISCAN_OK && u.rule == uriscan_rule_default(G) &&
	           u.grammar == G && u.kind == URISCAN_KIND_URI &&
	           u.error_offset == 0,
	       "parse() uses the default rule and records grammar and rule");
	struct uriscan_uri u2;
	memset(&u2, 0x5a, sizeof u2);
	st = uriscan_parse_rule(G, uriscan_rule_default(G), in, len, 0, &u2);
	tap_ok(st == URISCAN_OK && u2.present == u.present &&
	           memcmp(u.part, u2.part,
	                  sizeof u.part[0] * URISCAN_COMPONENT_COUNT) == 0,
	       "parse() == parse_rule(default rule)");
	eo.offset = 77;
	tap_ok(uriscan_validate(G, "http://h/ ", 10, 0, &eo) ==
	               URISCAN_E_BAD_CHAR &&
	           eo.offset == 9,
	       "validate() uses the default rule (bad_char@9)");
}

/* ------------------------------------------------------------------ */

void test_nul_bytes(void)
{
	static const struct {
		const char *s;
		size_t len, off;
	} cases[] = {
	    {"\0", 1, 0},
	    {"http://h/\0x", 11, 9},
	    {"http://h\0", 9, 8},
	    {"a\0", 2, 1},
	    {"http://h/a\0\0\0", 13, 10},
	    {"//\0", 3, 2},
	    {"?\0", 2, 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct uriscan_uri u;
		struct uriscan_error eo = {77, 77, URISCAN_INPUT_SECOND, 77};
		int a = uriscan_validate(G, cases[i].s, cases[i].len, 0, &eo);
		memset(&u, 0xa5, sizeof u);
		int b = uriscan_parse(G, cases[i].s, cases[i].len, 0, &u);
		tap_ok(a == URISCAN_E_BAD_CHAR && eo.offset == cases[i].off &&
		           b == URISCAN_E_BAD_CHAR &&
		           u.error_offset == cases[i].off && u.present == 0,
		       "NUL in input %zu: bad_char@%zu (got %s@%zu, %s@%zu)", i,
		       cases[i].off, uriscan_status_name(a), eo.offset,
		       uriscan_status_name(b), u.error_offset);
	}
	/* a NUL is not a terminator: what follows it still counts */
	struct uriscan_error eo = {77, 77, URISCAN_INPUT_SECOND, 77};
	int st = uriscan_validate(G, "a", 1, 0, &eo);
	int st2 = uriscan_validate(G, "a\0", 1, 0, &eo);
	tap_ok(st == URISCAN_OK && st2 == URISCAN_OK,
	       "a byte past len is not read as part of the input");
}

/* ------------------------------------------------------------------ */

void test_too_long(void)
{
#if SIZE_MAX > UINT32_MAX
	long ps = sysconf(_SC_PAGESIZE);
	size_t page = ps > 0 ? (size_t)ps : 4096;
	/* an unreadable page: the library must not read a byte of it */
	void *m = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		tap_skip("mmap failed");
		return;
	}
	const char *s = m;
	static const size_t lens[] = {(size_t)UINT32_MAX + 1,
	                              (size_t)UINT32_MAX + 2, SIZE_MAX};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		struct uriscan_uri u;
		struct uriscan_error eo = {77, 77, URISCAN_INPUT_SECOND, 77};
		int a = uriscan_validate(G, s, lens[i], 0, &eo);
		int b = uriscan_validate_rule(G, 0, s, lens[i], 0, NULL);
		memset(&u, 0xa5, sizeof u);
		int c = uriscan_parse(G, s, lens[i], 0, &u);
		int d = uriscan_parse_rule(G, 0, s, lens[i], 0, &u);
		tap_ok(a == URISCAN_E_TOO_LONG && b == a && c == a && d == a &&
		           eo.offset == 0 && u.present == 0 && u.error_offset == 0,
		       "len %zu (> UINT32_MAX) -> too_long without reading "
		       "(%s %s %s %s)",
		       lens[i], uriscan_status_name(a), uriscan_status_name(b),
		       uriscan_status_name(c), uriscan_status_name(d));
	}
	munmap(m, page);
#else
	tap_skip("size_t is 32 bits: no length exceeds UINT32_MAX");
#endif
}

/* RFC 2396 and RFC 1738: form, rule names with '_', flags, the fields a
 * failed parse must not report. */
void test_old_grammars(void)
{
#if URISCAN_HAVE_RFC2396
	{
		struct uriscan_uri u;
		unsigned r = 77, r2 = 77;
		int st;
		tap_ok(uriscan_rule_from_name(URISCAN_RFC2396, "abs_path", &r) ==
		               URISCAN_OK &&
		           uriscan_rule_from_name(URISCAN_RFC2396, "ABS-PATH", &r2) ==
		               URISCAN_OK &&
		           r == r2 && streq(uriscan_rule_name(URISCAN_RFC2396, r),
		                            "abs_path"),
		       "rfc2396: abs_path found as abs_path and ABS-PATH");
		tap_ok(uriscan_rule_from_name(URISCAN_RFC2396, "alpha", &r) ==
		               URISCAN_OK &&
		           uriscan_validate_rule(URISCAN_RFC2396, r, "Q", 1, 0,
		                                 NULL) == URISCAN_OK,
		       "rfc2396: rule alpha (a Ragel builtin name) works");
		st = uriscan_parse(URISCAN_RFC2396, "news:a?b", 8, 0, &u);
		tap_ok(st == URISCAN_OK && u.form != URISCAN_FORM_NONE &&
		           streq(uriscan_rule_name(URISCAN_RFC2396, u.form),
		                 "opaque_part") &&
		           !URISCAN_HAS(&u, URISCAN_QUERY) &&
		           u.part[URISCAN_PATH].off == 5 &&
		           u.part[URISCAN_PATH].len == 3,
		       "rfc2396: news:a?b is opaque_part, path a?b, no query");
		st = uriscan_parse(URISCAN_RFC2396, "http://a@b@c/", 13, 0, &u);
		tap_ok(st == URISCAN_OK && URISCAN_HAS(&u, URISCAN_REG_NAME) &&
		           !URISCAN_HAS(&u, URISCAN_HOST) &&
		           !URISCAN_HAS(&u, URISCAN_USERINFO) &&
		           u.host_type == URISCAN_HOST_NONE &&
		           u.part[URISCAN_REG_NAME].off == 7 &&
		           u.part[URISCAN_REG_NAME].len == 5,
		       "rfc2396: a@b@c is a registry-based authority");
		memset(&u, 0xa5, sizeof u);
		st = uriscan_parse(URISCAN_RFC2396, "?q", 2, 0, &u);
		tap_ok(st == URISCAN_E_SYNTAX && u.form == URISCAN_FORM_NONE &&
		           u.present == 0,
		       "rfc2396: ?q is not a URI reference; failed parse has no "
		       "form");
		tap_ok(uriscan_validate(URISCAN_RFC2396, "a", 1, 1u << 5, NULL) ==
		           URISCAN_E_INVALID_ARG,
		       "rfc2396: unknown flags are invalid_argument");
	}
#endif
#if URISCAN_HAVE_RFC1738
	{
		struct uriscan_uri u;
		unsigned r = 77;
		int st;
		tap_ok(uriscan_rule_from_name(URISCAN_RFC1738, "gopher+_string",
		                              &r) == URISCAN_OK &&
		           uriscan_rule_from_name(URISCAN_RFC1738, "ip_schemepart",
		                                  &r) == URISCAN_OK &&
		           streq(uriscan_rule_name(URISCAN_RFC1738, r),
		                 "ip-schemepart"),
		       "rfc1738: gopher+_string and ip_schemepart are rule names");
		st = uriscan_parse(URISCAN_RFC1738, "HTTP://h/p", 10, 0, &u);
		tap_ok(st == URISCAN_OK &&
		           streq(uriscan_rule_name(URISCAN_RFC1738, u.form),
		                 "httpurl") &&
		           u.host_type == URISCAN_HOST_HOSTNAME,
		       "rfc1738: HTTP://h/p is an httpurl (scheme case ignored)");
		st = uriscan_parse(URISCAN_RFC1738, "https://h/~u", 12, 0, &u);
		tap_ok(st == URISCAN_E_BAD_CHAR && u.error_offset == 10,
		       "rfc1738: '~' is national, bad_char");
		st = uriscan_parse(URISCAN_RFC1738, "x-y:z", 5, 0, &u);
		tap_ok(st == URISCAN_OK &&
		           streq(uriscan_rule_name(URISCAN_RFC1738, u.form),
		                 "otherurl"),
		       "rfc1738: x-y:z is an otherurl");
	}
#endif
	tap_ok(uriscan_grammar_available(URISCAN_RFC3986) == 1, "rfc3986 built");
}
