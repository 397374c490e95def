/* SPDX-License-Identifier: MIT */
/*
 * test_api.c: the public API's contract (include/uriscan.h) apart from the
 * grammar itself: versions, status table, grammar and rule lookup, names;
 * unavailable grammars, argument checking, NUL bytes and lengths that do
 * not fit the offsets are in test_api_args.c (one program: test_api.h).
 * No timing (speed is measured only in bench/).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#define TAP_SHARED /* points reported from test_api_args.c too */
#define TAP_COUNTS
#include "tap.h"
#include "uriscan-config.h"
#include "uriscan.h"
#include "test_api.h"

int streq(const char *a, const char *b)
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
	struct uriscan_error eo = {77, 77, URISCAN_INPUT_SECOND, 77};
	st = uriscan_validate_rule(G, n, "a", 1, 0, &eo);
	tap_ok(st == URISCAN_E_RULE_UNKNOWN && eo.offset == 0 &&
	           eo.status == st && eo.input == URISCAN_INPUT_NONE &&
	           eo.component == URISCAN_COMPONENT_NONE,
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
	test_shape();
	return tap_done();
}
