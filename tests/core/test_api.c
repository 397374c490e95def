/*
 * test_api.c: the public API's contract (include/uriscan.h) apart from the
 * grammar itself: versions, status table, grammar and rule lookup,
 * unavailable grammars, argument checking, NUL bytes, lengths that do not
 * fit the offsets.
 * No timing (speed is measured only in bench/).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tap.h"
#include "uriscan-config.h"
#include "uriscan.h"
#include "uriscan-config.h"

#define G URISCAN_RFC3986

static int streq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

/* ------------------------------------------------------------------ */

static void test_versions(void)
{
	char buf[64];

	tap_ok(uriscan_version() == URISCAN_VERSION_HEX,
	       "uriscan_version() == URISCAN_VERSION_HEX (0x%06x vs 0x%06x)",
	       uriscan_version(), (unsigned)URISCAN_VERSION_HEX);
	tap_ok(URISCAN_VERSION_HEX ==
	           ((URISCAN_VERSION_MAJOR << 16) | (URISCAN_VERSION_MINOR << 8) |
	            URISCAN_VERSION_PATCH),
	       "URISCAN_VERSION_HEX packs major.minor.patch");
	snprintf(buf, sizeof buf, "%d.%d.%d", URISCAN_VERSION_MAJOR,
	         URISCAN_VERSION_MINOR, URISCAN_VERSION_PATCH);
	tap_ok(streq(buf, URISCAN_VERSION_STRING),
	       "URISCAN_VERSION_STRING \"%s\" matches the numbers \"%s\"",
	       URISCAN_VERSION_STRING, buf);
	tap_ok(streq(uriscan_version_string(), URISCAN_VERSION_STRING),
	       "uriscan_version_string() == URISCAN_VERSION_STRING");
	tap_ok(uriscan_version_string() == uriscan_version_string(),
	       "uriscan_version_string() is static");
#ifdef PROJECT_VERSION
	tap_ok(streq(URISCAN_VERSION_STRING, PROJECT_VERSION),
	       "header version \"%s\" == meson project version \"%s\"",
	       URISCAN_VERSION_STRING, PROJECT_VERSION);
#endif
	tap_ok(URISCAN_CHECK_VERSION(0, 0, 0), "CHECK_VERSION(0,0,0)");
	tap_ok(URISCAN_CHECK_VERSION(URISCAN_VERSION_MAJOR,
	                             URISCAN_VERSION_MINOR,
	                             URISCAN_VERSION_PATCH),
	       "CHECK_VERSION(own version)");
	tap_ok(!URISCAN_CHECK_VERSION(URISCAN_VERSION_MAJOR,
	                              URISCAN_VERSION_MINOR,
	                              URISCAN_VERSION_PATCH + 1),
	       "!CHECK_VERSION(next patch)");
	tap_ok(!URISCAN_CHECK_VERSION(URISCAN_VERSION_MAJOR,
	                              URISCAN_VERSION_MINOR + 1, 0),
	       "!CHECK_VERSION(next minor)");
	tap_ok(!URISCAN_CHECK_VERSION(URISCAN_VERSION_MAJOR + 1, 0, 0),
	       "!CHECK_VERSION(next major)");
}

/* ------------------------------------------------------------------ */

static void test_statuses(void)
{
	static const struct {
		int n;
		const char *name, *msg;
	} map[] = {
#define ROW_(n, e, name, msg) {n, name, msg},
	    URISCAN_STATUS_MAP(ROW_)
#undef ROW_
	};
	static const int odd[] = {-1,      -2,     -1000,    INT_MIN,
	                          INT_MAX, 100000, URISCAN_STATUS_LAST,
	                          URISCAN_STATUS_LAST + 1};
	const size_t nmap = sizeof map / sizeof map[0];
	int ok = 1;

	tap_ok(URISCAN_STATUS_LAST == (int)nmap &&
	           URISCAN_OK == 0 && URISCAN_E_SYNTAX == 1 &&
	           URISCAN_E_INCOMPLETE == 2 && URISCAN_E_BAD_PERCENT == 3 &&
	           URISCAN_E_BAD_CHAR == 4 && URISCAN_E_GRAMMAR_UNKNOWN == 5 &&
	           URISCAN_E_GRAMMAR_UNAVAILABLE == 6 &&
	           URISCAN_E_RULE_UNKNOWN == 7 && URISCAN_E_TOO_LONG == 8 &&
	           URISCAN_E_INVALID_ARG == 9 && URISCAN_E_STATE == 10 &&
	           URISCAN_E_NO_MEMORY == 11 && URISCAN_E_BAD_UTF8 == 12 &&
	           URISCAN_E_BUFFER_TOO_SMALL == 13 &&
	           URISCAN_E_IDNA_UNAVAILABLE == 14 && URISCAN_E_IDNA == 15,
	       "status numbers are the documented ones");
	for (size_t i = 0; i < nmap; i++) {
		tap_ok(streq(uriscan_status_name(map[i].n), map[i].name),
		       "status_name(%d) == \"%s\"", map[i].n, map[i].name);
		tap_ok(streq(uriscan_strerror(map[i].n), map[i].msg),
		       "strerror(%d) is its message", map[i].n);
		for (size_t j = 0; j < i; j++)
			if (streq(map[i].name, map[j].name))
				ok = 0;
	}
	tap_ok(ok, "status names are distinct");
	tap_ok(streq(uriscan_status_name(URISCAN_E_SYNTAX), "syntax") &&
	           streq(uriscan_status_name(URISCAN_E_INCOMPLETE),
	                 "incomplete") &&
	           streq(uriscan_status_name(URISCAN_E_BAD_PERCENT),
	                 "bad_percent") &&
	           streq(uriscan_status_name(URISCAN_E_BAD_CHAR), "bad_char") &&
	           streq(uriscan_status_name(URISCAN_E_GRAMMAR_UNAVAILABLE),
	                 "grammar_unavailable") &&
	           streq(uriscan_status_name(URISCAN_E_RULE_UNKNOWN),
	                 "rule_unknown") &&
	           streq(uriscan_status_name(URISCAN_E_INVALID_ARG),
	                 "invalid_argument") &&
	           streq(uriscan_status_name(URISCAN_E_TOO_LONG), "too_long"),
	       "the names the vector files and CLI rely on");
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		const char *n = uriscan_status_name(odd[i]);
		const char *m = uriscan_strerror(odd[i]);
		tap_ok(streq(n, "unknown") && m != NULL && *m != '\0',
		       "status %d: name \"unknown\", a message (\"%s\")", odd[i],
		       m ? m : "(null)");
	}
	ok = 1;
	for (long i = -5000; i <= 5000; i++) {
		const char *n = uriscan_status_name((int)i);
		const char *m = uriscan_strerror((int)i);
		if (n == NULL || m == NULL || *n == '\0' || *m == '\0')
			ok = 0;
	}
	tap_ok(ok, "status name and message never NULL or empty (-5000..5000)");
}

/* ------------------------------------------------------------------ */

static void test_grammars(void)
{
	static const struct {
		const char *name;
		enum uriscan_grammar g;
	} good[] = {
	    {"rfc3986", URISCAN_RFC3986},  {"RFC3986", URISCAN_RFC3986},
	    {"3986", URISCAN_RFC3986},     {"rfc-3986", URISCAN_RFC3986},
	    {"RFC-3986", URISCAN_RFC3986}, {"Rfc3986", URISCAN_RFC3986},
	    {"rFc-3986", URISCAN_RFC3986}, {"rfc1738", URISCAN_RFC1738},
	    {"1738", URISCAN_RFC1738},     {"RFC-2396", URISCAN_RFC2396},
	    {"2396", URISCAN_RFC2396},     {"rfc3987", URISCAN_RFC3987},
	    {"RFC3987", URISCAN_RFC3987},
	};
	static const char *const bad[] = {
	    "",        "rfc",      "rfc-",     "3986x",     "rfc39860",
	    "398",     "rfc398",   "39866",    "http",      "rfc--3986",
	    " 3986",   "3986 ",    "rfc3986 ", "uri",       "rfc 1234",
	    "rfc9999", "rfc-3986-", "0",        "rfc3986!",
	};
	enum uriscan_grammar g;

	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		g = (enum uriscan_grammar)77;
		int st = uriscan_grammar_from_name(good[i].name, &g);
		tap_ok(st == URISCAN_OK && g == good[i].g,
		       "grammar_from_name(\"%s\") -> %d (status %s)", good[i].name,
		       (int)good[i].g, uriscan_status_name(st));
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g = (enum uriscan_grammar)77;
		int st = uriscan_grammar_from_name(bad[i], &g);
		tap_ok(st == URISCAN_E_GRAMMAR_UNKNOWN && g == 77,
		       "grammar_from_name(\"%s\") is grammar_unknown, *g untouched "
		       "(status %s)",
		       bad[i], uriscan_status_name(st));
	}
	tap_ok(uriscan_grammar_from_name(NULL, &g) != URISCAN_OK,
	       "grammar_from_name(NULL) fails");
	tap_ok(uriscan_grammar_from_name("rfc3986", NULL) != URISCAN_OK,
	       "grammar_from_name(name, NULL) fails");

	static const char *const names[URISCAN_GRAMMAR_COUNT] = {
	    "rfc1738", "rfc2396", "rfc3986", "rfc3987"};
	for (int i = 0; i < URISCAN_GRAMMAR_COUNT; i++) {
		const char *n = uriscan_grammar_name((enum uriscan_grammar)i);
		const char *d = uriscan_grammar_description((enum uriscan_grammar)i);
		tap_ok(streq(n, names[i]), "grammar_name(%d) == \"%s\"", i,
		       names[i]);
		tap_ok(d != NULL && *d != '\0', "grammar_description(%d) set", i);
		g = (enum uriscan_grammar)77;
		tap_ok(n && uriscan_grammar_from_name(n, &g) == URISCAN_OK &&
		           g == (enum uriscan_grammar)i,
		       "grammar name \"%s\" round-trips", n ? n : "(null)");
	}
	static const int odd[] = {-1, URISCAN_GRAMMAR_COUNT, 99, INT_MAX};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		enum uriscan_grammar og = (enum uriscan_grammar)odd[i];
		const char *d = uriscan_grammar_description(og);
		tap_ok(streq(uriscan_grammar_name(og), "unknown") && d &&
		           *d != '\0' && !uriscan_grammar_available(og),
		       "grammar %d: name \"unknown\", a description, unavailable",
		       odd[i]);
	}
}

/* Every entry point on a grammar that is declared but not built (or does
 * not exist) returns the given status, never crashes, reports nothing. */
static void test_unbuilt(enum uriscan_grammar g, int want, const char *what)
{
	struct uriscan_uri u;
	size_t eo = 77;
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
	tap_ok(st == want && eo == 0, "%s: validate -> %s, offset 0 (got %s@%zu)",
	       what, uriscan_status_name(want), uriscan_status_name(st), eo);
	eo = 77;
	st = uriscan_validate_rule(g, 0, in, len, 0, &eo);
	tap_ok(st == want && eo == 0, "%s: validate_rule -> %s (got %s@%zu)",
	       what, uriscan_status_name(want), uriscan_status_name(st), eo);
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

static void test_availability(void)
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

/* RFC 3986 Appendix A, in the RFC's order. */
static const char *const appendix_a[] = {
    "URI",           "hier-part",     "URI-reference", "absolute-URI",
    "relative-ref",  "relative-part", "scheme",        "authority",
    "userinfo",      "host",          "port",          "IP-literal",
    "IPvFuture",     "IPv6address",   "h16",           "ls32",
    "IPv4address",   "dec-octet",     "reg-name",      "path",
    "path-abempty",  "path-absolute", "path-noscheme", "path-rootless",
    "path-empty",    "segment",       "segment-nz",    "segment-nz-nc",
    "pchar",         "query",         "fragment",      "pct-encoded",
    "unreserved",    "reserved",      "gen-delims",    "sub-delims",
};
#define N_APPENDIX_A (sizeof appendix_a / sizeof appendix_a[0])

static void test_rules(void)
{
	unsigned n = uriscan_rule_count(G);
	unsigned r;
	int st, ok;

	tap_ok(n >= N_APPENDIX_A, "rfc3986 has >= %zu rules (%u)", N_APPENDIX_A,
	       n);
	ok = 1;
	for (unsigned i = 0; i < N_APPENDIX_A && i < n; i++) {
		if (!streq(uriscan_rule_name(G, i), appendix_a[i])) {
			tap_diag("rule %u is \"%s\", the RFC's is \"%s\"", i,
			         uriscan_rule_name(G, i) ? uriscan_rule_name(G, i)
			                                 : "(null)",
			         appendix_a[i]);
			ok = 0;
		}
	}
	tap_ok(ok, "rules 0..%zu are Appendix A's, in the RFC's order",
	       N_APPENDIX_A - 1);
	ok = 1;
	for (unsigned i = 0; i < n; i++) {
		const char *name = uriscan_rule_name(G, i);
		r = 9999;
		if (name == NULL || uriscan_rule_from_name(G, name, &r) != URISCAN_OK ||
		    r != i)
			ok = 0;
	}
	tap_ok(ok, "every rule name looks up to its own index");
	tap_ok(uriscan_rule_name(G, n) == NULL &&
	           uriscan_rule_name(G, n + 1) == NULL &&
	           uriscan_rule_name(G, UINT_MAX) == NULL,
	       "rule_name past the end is NULL");
	r = 9999;
	tap_ok(uriscan_rule_from_name(G, "URI-reference", &r) == URISCAN_OK &&
	           uriscan_rule_default(G) == r && r == 2,
	       "default rule is URI-reference (index 2)");

	static const struct {
		const char *asked, *is;
	} alias[] = {
	    {"uri-reference", "URI-reference"}, {"URI_REFERENCE", "URI-reference"},
	    {"uri_reference", "URI-reference"}, {"Path_AbEmpty", "path-abempty"},
	    {"path_abempty", "path-abempty"},   {"PATH-ABEMPTY", "path-abempty"},
	    {"ipv6ADDRESS", "IPv6address"},     {"ip_literal", "IP-literal"},
	    {"uri", "URI"},                     {"alpha", "ALPHA"},
	    {"digit", "DIGIT"},                 {"hexdig", "HEXDIG"},
	    {"Segment_NZ_NC", "segment-nz-nc"}, {"DEC-OCTET", "dec-octet"},
	};
	for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++) {
		r = 9999;
		st = uriscan_rule_from_name(G, alias[i].asked, &r);
		tap_ok(st == URISCAN_OK && streq(uriscan_rule_name(G, r), alias[i].is),
		       "rule_from_name(\"%s\") finds %s (status %s)", alias[i].asked,
		       alias[i].is, uriscan_status_name(st));
	}
	static const char *const unknown[] = {
	    "",          "URI-",          "uri reference", "path-abempty ",
	    "foo",       "URI-referencex", "URI-referenc", "-",
	    "_",         "path--abempty", "pathabempty",  "host-",
	    "IPv5address", "URIreference", "ALPHA ",      "BIT",
	    "CRLF",      "mark",          "escaped",      "hostname",
	};
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		r = 9999;
		st = uriscan_rule_from_name(G, unknown[i], &r);
		tap_ok(st == URISCAN_E_RULE_UNKNOWN && r == 9999,
		       "rule_from_name(\"%s\") is rule_unknown (got %s)",
		       unknown[i], uriscan_status_name(st));
	}
	tap_ok(uriscan_rule_from_name(G, NULL, &r) != URISCAN_OK,
	       "rule_from_name(NULL name) fails");
	tap_ok(uriscan_rule_from_name(G, "URI", NULL) != URISCAN_OK,
	       "rule_from_name(NULL out) fails");

	/* a rule index that does not exist */
	struct uriscan_uri u;
	size_t eo = 77;
	st = uriscan_validate_rule(G, n, "a", 1, 0, &eo);
	tap_ok(st == URISCAN_E_RULE_UNKNOWN && eo == 0,
	       "validate_rule(rule %u) -> rule_unknown (got %s)", n,
	       uriscan_status_name(st));
	memset(&u, 0xa5, sizeof u);
	st = uriscan_parse_rule(G, UINT_MAX, "a", 1, 0, &u);
	tap_ok(st == URISCAN_E_RULE_UNKNOWN && u.present == 0,
	       "parse_rule(rule UINT_MAX) -> rule_unknown (got %s)",
	       uriscan_status_name(st));
}

/* ------------------------------------------------------------------ */

static void test_names(void)
{
	static const char *const comp[URISCAN_COMPONENT_COUNT] = {
	    "scheme",   "authority", "userinfo", "host",     "port",
	    "path",     "query",     "fragment", "reg_name", "user",
	    "password", "ftptype",   "gtype",    "selector", "gopher_plus",
	    "group",    "article",   "database", "wtype",    "wpath",
	    "fieldspecs", "address"};
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		tap_ok(streq(uriscan_component_name(c), comp[c]),
		       "component_name(%u) == \"%s\"", c, comp[c]);
	tap_ok(streq(uriscan_component_name(URISCAN_COMPONENT_COUNT),
	             "unknown") &&
	           streq(uriscan_component_name(UINT_MAX), "unknown"),
	       "component_name out of range is \"unknown\"");
	tap_ok(streq(uriscan_host_type_name(URISCAN_HOST_IPV4), "ipv4") &&
	           streq(uriscan_host_type_name(URISCAN_HOST_IPV6), "ipv6") &&
	           streq(uriscan_host_type_name(URISCAN_HOST_IPVFUTURE),
	                 "ipvfuture") &&
	           streq(uriscan_host_type_name(URISCAN_HOST_REGNAME),
	                 "reg-name") &&
	           streq(uriscan_host_type_name(URISCAN_HOST_NONE), "none") &&
	           streq(uriscan_host_type_name((enum uriscan_host_type)99),
	                 "none") &&
	           streq(uriscan_host_type_name((enum uriscan_host_type)-1),
	                 "none"),
	       "host_type_name");
	tap_ok(streq(uriscan_kind_name(URISCAN_KIND_URI), "uri") &&
	           streq(uriscan_kind_name(URISCAN_KIND_RELATIVE),
	                 "relative-ref") &&
	           streq(uriscan_kind_name(URISCAN_KIND_NONE), "none") &&
	           streq(uriscan_kind_name((enum uriscan_kind)99), "none") &&
	           streq(uriscan_kind_name((enum uriscan_kind)-1), "none"),
	       "kind_name");
}

/* ------------------------------------------------------------------ */

static void test_arguments(void)
{
	struct uriscan_uri u;
	const char *in = "http://example.com/a?b#c";
	size_t len = strlen(in);
	size_t eo;
	int st;
	unsigned n = uriscan_rule_count(G);
	unsigned r_uri = 0;

	uriscan_rule_from_name(G, "URI", &r_uri);

	/* NULL with length 0: the empty input */
	eo = 77;
	st = uriscan_validate(G, NULL, 0, 0, &eo);
	tap_ok(st == URISCAN_OK && eo == 0,
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
	eo = 77;
	st = uriscan_validate_rule(G, r_uri, NULL, 0, 0, &eo);
	tap_ok(st == URISCAN_E_INCOMPLETE && eo == 0,
	       "validate_rule(URI, NULL, 0) is incomplete@0 (got %s@%zu)",
	       uriscan_status_name(st), eo);
	int same = 1;
	for (unsigned i = 0; i < n; i++) {
		size_t e1 = 11, e2 = 22;
		struct uriscan_uri u1, u2;
		int s1 = uriscan_validate_rule(G, i, NULL, 0, 0, &e1);
		int s2 = uriscan_validate_rule(G, i, "", 0, 0, &e2);
		int p1 = uriscan_parse_rule(G, i, NULL, 0, 0, &u1);
		int p2 = uriscan_parse_rule(G, i, "", 0, 0, &u2);
		if (s1 != s2 || e1 != e2 || p1 != p2 || p1 != s1 ||
		    u1.present != u2.present || u1.kind != u2.kind ||
		    u1.host_type != u2.host_type || e1 != 0 ||
		    u1.error_offset != 0 ||
		    (s1 != URISCAN_OK && s1 != URISCAN_E_INCOMPLETE)) {
			tap_diag("rule %s: NULL,0 -> %s@%zu, \"\",0 -> %s@%zu",
			         uriscan_rule_name(G, i), uriscan_status_name(s1), e1,
			         uriscan_status_name(s2), e2);
			same = 0;
		}
	}
	tap_ok(same, "every rule: (NULL, 0) behaves as (\"\", 0), ok or "
	             "incomplete@0");

	/* NULL with a length */
	eo = 77;
	st = uriscan_validate(G, NULL, 1, 0, &eo);
	tap_ok(st == URISCAN_E_INVALID_ARG && eo == 0,
	       "validate(NULL, 1) -> invalid_argument, offset 0 (got %s@%zu)",
	       uriscan_status_name(st), eo);
	eo = 77;
	st = uriscan_validate_rule(G, r_uri, NULL, 5, 0, &eo);
	tap_ok(st == URISCAN_E_INVALID_ARG && eo == 0,
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
		eo = 77;
		a = uriscan_validate(G, in, len, f, &eo);
		int eo_ok = eo == 0;
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
	eo = 77;
	tap_ok(uriscan_validate(G, "http://h/ ", 10, 0, &eo) ==
	               URISCAN_E_BAD_CHAR &&
	           eo == 9,
	       "validate() uses the default rule (bad_char@9)");
}

/* ------------------------------------------------------------------ */

static void test_nul_bytes(void)
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
		size_t eo = 77;
		int a = uriscan_validate(G, cases[i].s, cases[i].len, 0, &eo);
		memset(&u, 0xa5, sizeof u);
		int b = uriscan_parse(G, cases[i].s, cases[i].len, 0, &u);
		tap_ok(a == URISCAN_E_BAD_CHAR && eo == cases[i].off &&
		           b == URISCAN_E_BAD_CHAR &&
		           u.error_offset == cases[i].off && u.present == 0,
		       "NUL in input %zu: bad_char@%zu (got %s@%zu, %s@%zu)", i,
		       cases[i].off, uriscan_status_name(a), eo,
		       uriscan_status_name(b), u.error_offset);
	}
	/* a NUL is not a terminator: what follows it still counts */
	size_t eo = 77;
	int st = uriscan_validate(G, "a", 1, 0, &eo);
	int st2 = uriscan_validate(G, "a\0", 1, 0, &eo);
	tap_ok(st == URISCAN_OK && st2 == URISCAN_OK,
	       "a byte past len is not read as part of the input");
}

/* ------------------------------------------------------------------ */

static void test_too_long(void)
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
		size_t eo = 77;
		int a = uriscan_validate(G, s, lens[i], 0, &eo);
		int b = uriscan_validate_rule(G, 0, s, lens[i], 0, NULL);
		memset(&u, 0xa5, sizeof u);
		int c = uriscan_parse(G, s, lens[i], 0, &u);
		int d = uriscan_parse_rule(G, 0, s, lens[i], 0, &u);
		tap_ok(a == URISCAN_E_TOO_LONG && b == a && c == a && d == a &&
		           eo == 0 && u.present == 0 && u.error_offset == 0,
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
static void test_old_grammars(void)
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

int main(void)
{
	test_versions();
	test_statuses();
	test_grammars();
	test_availability();
	test_rules();
	test_names();
	test_old_grammars();
	test_arguments();
	test_nul_bytes();
	test_too_long();
	return tap_done();
}
