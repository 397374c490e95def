/* SPDX-License-Identifier: MIT */
/*
 * test_api_shape.c: the one shape of the 0.2.0 C API (include/uriscan.h,
 * "One shape"), for test_api.c: the component accessor, the size field of
 * the options structs, the error struct of the calls with two inputs and
 * of the component calls, and the name of the SIMD level in use. Its test
 * points are counted in test_api.c (TAP_SHARED, tests/tap.h).
 * No timing (speed is measured only in bench/).
 */
#include <stdlib.h>
#include <string.h>

#define TAP_SHARED /* counted in test_api.c */
#include "tap.h"
#include "uriscan.h"
#include "test_api.h"

/* uriscan_component: present, present and empty, absent, out of range. */
static void test_component(void)
{
	static const char s[] = "http://h?#f";
	struct uriscan_uri u;
	size_t len = 77;
	const char *p;

	tap_ok(uriscan_parse(G, s, sizeof s - 1, 0, &u) == URISCAN_OK,
	       "component: parse \"%s\"", s);
	p = uriscan_component(&u, s, URISCAN_HOST, &len);
	tap_ok(p == s + 7 && len == 1, "component: host \"h\" (got %zu bytes)",
	       len);
	p = uriscan_component(&u, s, URISCAN_FRAGMENT, &len);
	tap_ok(p == s + 10 && len == 1, "component: fragment \"f\"");
	len = 77;
	p = uriscan_component(&u, s, URISCAN_QUERY, &len);
	tap_ok(p == s + 9 && len == 0,
	       "component: an empty query is present: a pointer and 0");
	len = 77;
	p = uriscan_component(&u, s, URISCAN_PATH, &len);
	tap_ok(p == s + 8 && len == 0, "component: the empty path is present");
	len = 77;
	p = uriscan_component(&u, s, URISCAN_PORT, &len);
	tap_ok(p == NULL && len == 0, "component: an absent port is NULL, 0");
	len = 77;
	p = uriscan_component(&u, s, URISCAN_USERINFO, &len);
	tap_ok(p == NULL && len == 0, "component: absent userinfo is NULL, 0");
	len = 77;
	tap_ok(uriscan_component(&u, s, URISCAN_COMPONENT_COUNT, &len) == NULL &&
	           len == 0 && uriscan_component(&u, s, ~0u, NULL) == NULL,
	       "component: out of range is NULL, 0");
	len = 77;
	tap_ok(uriscan_component(NULL, s, URISCAN_HOST, &len) == NULL &&
	           len == 0,
	       "component: u NULL is NULL, 0");
	tap_ok(uriscan_component(&u, s, URISCAN_SCHEME, NULL) == s,
	       "component: len may be NULL");
	/* after a failed parse nothing is present */
	tap_ok(uriscan_parse(G, "http://h h", 10, 0, &u) != URISCAN_OK &&
	           uriscan_component(&u, "http://h h", URISCAN_SCHEME, &len) ==
	               NULL,
	       "component: nothing after a failed parse");
}

/* The size field of the options structs: too small is refused, larger is
 * read as far as this library knows it. */
static void test_sizes(void)
{
	static const char s[] = "http://h/a";
	struct uriscan_uri u;
	char out[64];
	size_t n = 77;
	struct {
		struct uriscan_set_options o;
		unsigned later[4]; /* the fields of a later version */
	} big;
	struct uriscan_error e;
	int st;

	uriscan_parse(G, s, sizeof s - 1, 0, &u);
	memset(&big, 0xff, sizeof big);
	big.o.size = sizeof big;
	big.o.component = URISCAN_PATH;
	big.o.value = "/b";
	big.o.value_len = 2;
	big.o.flags = 0;
	st = uriscan_set_component(&u, s, sizeof s - 1, &big.o, out, sizeof out,
	                           &n, &e);
	tap_ok(st == URISCAN_OK && n == 10 && strcmp(out, "http://h/b") == 0 &&
	           e.status == URISCAN_OK && e.input == URISCAN_INPUT_NONE &&
	           e.component == URISCAN_COMPONENT_NONE,
	       "set_component: a larger options struct is accepted (got %s)",
	       uriscan_status_name(st));
	big.o.size = sizeof big.o;
	st = uriscan_set_component(&u, s, sizeof s - 1, &big.o, out, sizeof out,
	                           &n, NULL);
	tap_ok(st == URISCAN_OK, "set_component: size == sizeof the struct");
	big.o.size = sizeof big.o - 1;
	n = 77;
	st = uriscan_set_component(&u, s, sizeof s - 1, &big.o, out, sizeof out,
	                           &n, &e);
	tap_ok(st == URISCAN_E_INVALID_ARG && n == 0 && out[0] == '\0' &&
	           e.status == st && e.input == URISCAN_INPUT_NONE,
	       "set_component: size one byte short -> invalid_argument");
	big.o.size = 0;
	tap_ok(uriscan_set_component(&u, s, sizeof s - 1, &big.o, out,
	                             sizeof out, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "set_component: size 0 -> invalid_argument");
	tap_ok(uriscan_set_component(&u, s, sizeof s - 1, NULL, out, sizeof out,
	                             &n, NULL) == URISCAN_E_INVALID_ARG,
	       "set_component: options NULL -> invalid_argument");
}

/* The error struct of the calls with two inputs and of the component
 * calls: status, offset, input, component. */
static void test_errors(void)
{
	struct uriscan_error e;
	char out[64];
	size_t n;
	int eq = 7, st;

	memset(&e, 0xa5, sizeof e);
	st = uriscan_resolve(G, "http://a/ b", 11, "c", 1, 0, out, sizeof out, &n,
	                     &e);
	tap_ok(st == URISCAN_E_BAD_CHAR && e.status == st && e.offset == 9 &&
	           e.input == URISCAN_INPUT_FIRST &&
	           e.component == URISCAN_COMPONENT_NONE,
	       "resolve: a bad base is input FIRST at its offset");
	memset(&e, 0xa5, sizeof e);
	st = uriscan_resolve(G, "http://a/", 9, "c%zz", 4, 0, out, sizeof out,
	                     &n, &e);
	tap_ok(st == URISCAN_E_BAD_PERCENT && e.status == st && e.offset == 2 &&
	           e.input == URISCAN_INPUT_SECOND,
	       "resolve: a bad reference is input SECOND at its offset");
	memset(&e, 0xa5, sizeof e);
	st = uriscan_resolve(G, "/a", 2, "c", 1, 0, out, sizeof out, &n, &e);
	tap_ok(st == URISCAN_E_BASE_RELATIVE && e.status == st &&
	           e.offset == 0 && e.input == URISCAN_INPUT_FIRST,
	       "resolve: a relative base is input FIRST");
	memset(&e, 0xa5, sizeof e);
	st = uriscan_equivalent(G, "http://a/", 9, "http://a/ ", 10, 0, &eq, &e);
	tap_ok(st == URISCAN_E_BAD_CHAR && eq == 0 && e.status == st &&
	           e.offset == 9 && e.input == URISCAN_INPUT_SECOND &&
	           e.component == URISCAN_COMPONENT_NONE,
	       "equivalent: a bad b is input SECOND at its offset");
	memset(&e, 0xa5, sizeof e);
	st = uriscan_equivalent(G, "%", 1, "a", 1, 0, &eq, &e);
	tap_ok(st == URISCAN_E_INCOMPLETE && e.offset == 1 &&
	           e.input == URISCAN_INPUT_FIRST,
	       "equivalent: a bad a is input FIRST");
	memset(&e, 0xa5, sizeof e);
	st = uriscan_equivalent(G, "a", 1, "A", 1, 0, &eq, &e);
	tap_ok(st == URISCAN_OK && eq == 0 && e.status == URISCAN_OK &&
	           e.offset == 0 && e.input == URISCAN_INPUT_NONE &&
	           e.component == URISCAN_COMPONENT_NONE,
	       "equivalent: success clears the error struct");

	/* recompose: the component at fault, input FIRST (the parts) */
	struct uriscan_uri_parts parts;
	memset(&parts, 0, sizeof parts);
	parts.present = (1u << URISCAN_HOST) | (1u << URISCAN_PATH);
	parts.part[URISCAN_HOST].p = "h";
	parts.part[URISCAN_HOST].len = 1;
	parts.part[URISCAN_PATH].p = "a";
	parts.part[URISCAN_PATH].len = 1;
	memset(&e, 0xa5, sizeof e);
	st = uriscan_recompose(G, &parts, 0, out, sizeof out, &n, &e);
	tap_ok(st == URISCAN_E_COMPONENT && e.status == st &&
	           e.component == URISCAN_PATH && e.offset == 0 &&
	           e.input == URISCAN_INPUT_FIRST,
	       "recompose: bad_component path@0, input FIRST");

	/* set_component: the new value is input SECOND */
	struct uriscan_uri u;
	struct uriscan_set_options o = {sizeof o, URISCAN_PORT, "8x", 2, 0};
	uriscan_parse(G, "http://h/", 9, 0, &u);
	memset(&e, 0xa5, sizeof e);
	st = uriscan_set_component(&u, "http://h/", 9, &o, out, sizeof out, &n,
	                           &e);
	tap_ok(st == URISCAN_E_COMPONENT && e.status == st &&
	           e.component == URISCAN_PORT && e.offset == 1 &&
	           e.input == URISCAN_INPUT_SECOND,
	       "set_component: a bad value is input SECOND, its component and "
	       "offset (got %s %u@%zu input %d)",
	       uriscan_status_name(st), e.component, e.offset, (int)e.input);
	/* an error in a component of s (not the one set) is input FIRST:
	 * without its scheme, the path "a:b" of "x:a:b" would read as one */
	o.component = URISCAN_SCHEME;
	o.value = NULL;
	o.value_len = 0;
	o.flags = URISCAN_SET_REMOVE;
	uriscan_parse(G, "x:a:b", 5, 0, &u);
	memset(&e, 0xa5, sizeof e);
	st = uriscan_set_component(&u, "x:a:b", 5, &o, out, sizeof out, &n, &e);
	tap_ok(st == URISCAN_E_COMPONENT && e.component == URISCAN_PATH &&
	           e.offset == 1 && e.input == URISCAN_INPUT_FIRST,
	       "set_component: the path of s made invalid is input FIRST (got "
	       "%s %u@%zu input %d)",
	       uriscan_status_name(st), e.component, e.offset, (int)e.input);
}

/* The SIMD level in use: the highest the CPU has, unless the environment
 * caps it (the meson test runs this program with and without
 * URISCAN_NO_SIMD). */
static void test_simd_level(void)
{
	const char *lv = uriscan_simd_level();
	const char *cap = getenv("URISCAN_NO_SIMD");
	const char *want = "none";

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2"))
		want = "avx512";
	else if (__builtin_cpu_supports("avx2"))
		want = "avx2";
	else if (__builtin_cpu_supports("ssse3"))
		want = "ssse3";
	const char *no512 = getenv("URISCAN_NO_AVX512");
	const char *no2 = getenv("URISCAN_NO_AVX2");
	if (no2 && no2[0] && strcmp(no2, "0") != 0 && strcmp(want, "none") != 0)
		want = "ssse3";
	else if (no512 && no512[0] && strcmp(no512, "0") != 0 &&
	         strcmp(want, "avx512") == 0)
		want = "avx2";
#endif
	if (cap && cap[0] && strcmp(cap, "0") != 0)
		want = "none";
	tap_ok(lv != NULL && strcmp(lv, want) == 0,
	       "simd_level is \"%s\" (got \"%s\"; URISCAN_NO_SIMD %s)", want,
	       lv ? lv : "NULL", cap ? cap : "unset");
}

/* uriscan_query_next answers as uriscan_extractor_next does: OK with a
 * pair, DONE after the last one (and again when asked again), and
 * E_INVALID_ARG for NULL. */
static void test_query_next(void)
{
	static const char q[] = "a=1&b";
	struct uriscan_query_iter it;
	struct uriscan_query_pair p;
	int st[4];

	tap_ok(uriscan_query_iter_init(&it, q, sizeof q - 1, 0) == URISCAN_OK,
	       "query_next: init \"%s\"", q);
	for (int i = 0; i < 4; i++)
		st[i] = uriscan_query_next(&it, &p);
	tap_ok(st[0] == URISCAN_OK && st[1] == URISCAN_OK &&
	           st[2] == URISCAN_DONE && st[3] == URISCAN_DONE,
	       "query_next: ok, ok, done, done (got %s, %s, %s, %s)",
	       uriscan_status_name(st[0]), uriscan_status_name(st[1]),
	       uriscan_status_name(st[2]), uriscan_status_name(st[3]));
	tap_ok(p.key.off == 4 && p.key.len == 1 && !p.has_value,
	       "query_next: the last pair is \"b\" (key at %u, %u bytes)",
	       p.key.off, p.key.len);
	tap_ok(uriscan_query_next(NULL, &p) == URISCAN_E_INVALID_ARG &&
	           uriscan_query_next(&it, NULL) == URISCAN_E_INVALID_ARG,
	       "query_next: NULL iterator or pair is invalid_argument");
}

void test_shape(void)
{
	test_component();
	test_query_next();
	test_sizes();
	test_errors();
	test_simd_level();
}
