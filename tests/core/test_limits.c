/* SPDX-License-Identifier: MIT */
/*
 * test_limits.c: bad arguments and limits, for every rule of every grammar
 * built (the expectations are the contract of include/uriscan.h; no
 * timing: speed is measured only in bench/):
 *
 *  - length 0, from a pointer and from NULL: the same answer, valid or
 *    incomplete@0; NULL with a length: invalid_argument;
 *  - a faked length past UINT32_MAX (UINT32_MAX + 1 and SIZE_MAX) on a
 *    pointer to an unreadable page: too_long, and not one byte is read;
 *  - NUL bytes: never valid; a rule that reaches the NUL stops at it with
 *    bad_char;
 *  - unknown grammars, grammars not built, rules past the last, unknown
 *    flags, parse without a result: their own status, offset 0.
 *
 * With --huge (a separate test, skipped when URISCAN_SKIP_HUGE is set):
 * real inputs of UINT32_MAX and UINT32_MAX + 1 bytes, built by mapping one
 * small memfd many times over (a few MiB of memory): the longest input
 * offsets can describe parses, with its last byte's offset right, and one
 * byte more is too_long.
 */
#define _GNU_SOURCE /* memfd_create, MAP_ANONYMOUS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tap.h"
#include "uriscan.h"

static size_t page;

/* Under a sanitizer a pass over 4 GiB takes minutes: --huge then checks
 * only what is cheap of the functions added by issue 39 (the normal build
 * runs them all). */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* A page that faults when read. */
static const char *unreadable(void)
{
	void *p = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		exit(99);
	}
	return p;
}

/* Run rule r of g on (s, len) through validate and parse; they must agree.
 * Returns the status, *eo the offset. */
static int both(enum uriscan_grammar g, unsigned r, const char *s, size_t len,
                unsigned flags, size_t *eo, const char *what)
{
	struct uriscan_uri u;
	struct uriscan_error e = {42, 4242, URISCAN_INPUT_SECOND, 42};
	int sv = uriscan_validate_rule(g, r, s, len, flags, &e);
	size_t v_eo = e.offset;
	int sp = uriscan_parse_rule(g, r, s, len, flags, &u);
	int input_st = sv != URISCAN_OK && sv != URISCAN_E_INVALID_ARG &&
	               sv != URISCAN_E_RULE_UNKNOWN &&
	               sv != URISCAN_E_GRAMMAR_UNKNOWN &&
	               sv != URISCAN_E_GRAMMAR_UNAVAILABLE;
	if (e.status != sv || e.component != URISCAN_COMPONENT_NONE ||
	    e.input != (input_st ? URISCAN_INPUT_FIRST : URISCAN_INPUT_NONE))
		tap_ok(0, "%s %s: error struct %d/%d/%u for %s",
		       uriscan_grammar_name(g), what, e.status, (int)e.input,
		       e.component, uriscan_status_name(sv));
	if (sv != sp || v_eo != u.error_offset || (sp != URISCAN_OK && u.present))
		tap_ok(0, "%s %s: validate %s@%zu, parse %s@%zu",
		       uriscan_grammar_name(g), what, uriscan_status_name(sv), v_eo,
		       uriscan_status_name(sp), u.error_offset);
	*eo = v_eo;
	return sv;
}

static void per_rule(enum uriscan_grammar g, unsigned r, const char *bad_page)
{
	const char *name = uriscan_rule_name(g, r);
	const char *gn = uriscan_grammar_name(g);
	size_t eo, eo2;
	int st, st2;

	/* length 0 */
	st = both(g, r, "", 0, 0, &eo, name);
	st2 = both(g, r, NULL, 0, 0, &eo2, name);
	tap_ok(st == st2 && eo == eo2 &&
	           (st == URISCAN_OK || st == URISCAN_E_INCOMPLETE) && eo == 0,
	       "%s %s: \"\" and NULL with length 0: %s@%zu, %s@%zu", gn, name,
	       uriscan_status_name(st), eo, uriscan_status_name(st2), eo2);
	/* the same at an unreadable page: nothing is read */
	st2 = both(g, r, bad_page, 0, 0, &eo2, name);
	tap_ok(st2 == st && eo2 == eo, "%s %s: length 0 reads nothing", gn, name);

	/* NULL with a length */
	st = both(g, r, NULL, 1, 0, &eo, name);
	st2 = both(g, r, NULL, SIZE_MAX, 0, &eo2, name);
	tap_ok(st == URISCAN_E_INVALID_ARG && st2 == st && eo == 0 && eo2 == 0,
	       "%s %s: NULL with a length is invalid_argument (%s, %s)", gn,
	       name, uriscan_status_name(st), uriscan_status_name(st2));

	/* a faked length past the offset type, on bytes that fault */
	st = both(g, r, bad_page, (size_t)UINT32_MAX + 1, 0, &eo, name);
	st2 = both(g, r, bad_page, SIZE_MAX, 0, &eo2, name);
	tap_ok(st == URISCAN_E_TOO_LONG && st2 == st && eo == 0 && eo2 == 0,
	       "%s %s: length 2^32 and SIZE_MAX are too_long (%s, %s)", gn,
	       name, uriscan_status_name(st), uriscan_status_name(st2));

	/* unknown flags */
	st = both(g, r, "a", 1, ~0u, &eo, name);
	tap_ok(st == URISCAN_E_INVALID_ARG && eo == 0,
	       "%s %s: unknown flags are invalid_argument (%s)", gn, name,
	       uriscan_status_name(st));

	/* NUL bytes: data, never valid, bad_char where reached */
	static const struct {
		const char *s;
		size_t len, nul;
	} nuls[] = {
	    {"\0", 1, 0},           {"a\0", 2, 1},
	    {"\0a", 2, 0},          {"1\0", 2, 1},
	    {"%\0", 2, 1},          {"%4\0", 3, 2},
	    {"http://h/\0", 10, 9}, {"http://h/a\0b", 12, 10},
	    {"[::1\0]", 6, 4},      {"//u\0@h", 6, 3},
	};
	int all = 1;
	for (size_t i = 0; i < sizeof nuls / sizeof nuls[0]; i++) {
		st = both(g, r, nuls[i].s, nuls[i].len, 0, &eo, name);
		if (st == URISCAN_OK || eo > nuls[i].nul ||
		    (eo == nuls[i].nul && st != URISCAN_E_BAD_CHAR)) {
			tap_diag("%s %s: input %zu: %s@%zu", gn, name, i,
			         uriscan_status_name(st), eo);
			all = 0;
		}
	}
	tap_ok(all, "%s %s: NUL bytes are never valid, bad_char when reached",
	       gn, name);
}

/* The other functions with a UINT32_MAX limit, one byte past it (and
 * SIZE_MAX) on a page that faults: too_long, not one byte read (issue
 * 39; at the limit: --huge). */
static void other_limits(const char *bad_page)
{
	static const size_t lens[] = {(size_t)UINT32_MAX + 1, SIZE_MAX};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		size_t n = lens[i], len = 7;
		struct uriscan_request rq;
		struct uriscan_query_iter it;
		struct uriscan_uri_parts in;
		char out[4] = "xyz";
		int a = uriscan_request_line(bad_page, n, 0, &rq);
		int b = uriscan_query_iter_init(&it, bad_page, n, 0);
		int c = uriscan_percent_decode(bad_page, n, 0, out, sizeof out,
		                               &len, NULL, NULL);
		tap_ok(a == URISCAN_E_TOO_LONG && b == a && c == a && len == 0,
		       "length %zu: request_line %s, query_iter_init %s, "
		       "percent_decode %s, nothing read", n,
		       uriscan_status_name(a), uriscan_status_name(b),
		       uriscan_status_name(c));
		memset(&in, 0, sizeof in);
		in.present = 1u << URISCAN_PATH;
		in.part[URISCAN_PATH].p = bad_page;
		in.part[URISCAN_PATH].len = n;
		len = 7;
		memcpy(out, "xyz", 4);
		a = uriscan_recompose(URISCAN_RFC3986, &in, 0, out, sizeof out,
		                      &len, NULL);
		tap_ok(a == URISCAN_E_TOO_LONG && len == 0 && out[0] == '\0' &&
		           out[1] == 'y',
		       "recompose of a path of %zu bytes: %s, nothing read or "
		       "written but out[0]", n, uriscan_status_name(a));
	}
}

static void grammars(const char *bad_page)
{
	const int unknown[] = {URISCAN_GRAMMAR_COUNT, 1000, -1};
	struct uriscan_uri u;
	struct uriscan_error e = {7, 7, URISCAN_INPUT_SECOND, 7};
	unsigned rule = 7;

	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		enum uriscan_grammar g = (enum uriscan_grammar)unknown[i];
		int a = uriscan_validate(g, NULL, 0, 0, &e);
		int b = uriscan_parse(g, bad_page, SIZE_MAX, 0, &u);
		int c = uriscan_rule_from_name(g, "URI", &rule);
		tap_ok(a == URISCAN_E_GRAMMAR_UNKNOWN && b == a && c == a &&
		           e.offset == 0 && u.error_offset == 0 &&
		           uriscan_rule_count(g) == 0 &&
		           uriscan_rule_name(g, 0) == NULL,
		       "grammar %d is unknown everywhere", unknown[i]);
	}
	for (int gi = 0; gi < URISCAN_GRAMMAR_COUNT; gi++) {
		enum uriscan_grammar g = (enum uriscan_grammar)gi;
		const char *gn = uriscan_grammar_name(g);
		if (!uriscan_grammar_available(g)) {
			int a = uriscan_validate(g, "a", 1, 0, &e);
			int b = uriscan_parse_rule(g, 0, bad_page, SIZE_MAX, 0, &u);
			tap_ok(a == URISCAN_E_GRAMMAR_UNAVAILABLE && b == a &&
			           uriscan_rule_count(g) == 0,
			       "%s is not built: grammar_unavailable", gn);
			continue;
		}
		unsigned n = uriscan_rule_count(g);
		tap_diag("%s: %u rules", gn, n);
		for (unsigned r = 0; r < n; r++)
			per_rule(g, r, bad_page);
		int a = uriscan_validate_rule(g, n, "a", 1, 0, &e);
		int b = uriscan_parse_rule(g, ~0u, "a", 1, 0, &u);
		tap_ok(a == URISCAN_E_RULE_UNKNOWN && b == a && e.offset == 0,
		       "%s: rules %u and ~0 are rule_unknown", gn, n);
		a = uriscan_parse(g, "a", 1, 0, NULL);
		b = uriscan_parse_rule(g, 0, "a", 1, 0, NULL);
		tap_ok(a == URISCAN_E_INVALID_ARG && b == a,
		       "%s: parse without a result is invalid_argument", gn);
		a = uriscan_validate(g, "a", 1, 0, NULL);
		tap_ok(a == URISCAN_OK || a == URISCAN_E_SYNTAX ||
		           a == URISCAN_E_INCOMPLETE,
		       "%s: validate without an offset pointer", gn);
	}
}

/* ------------------------------------------------------------------ */
/* --huge                                                              */

#define CHUNK ((size_t)4 << 20)

/* uriscan_recompose of scheme "s" and a path, query and fragment of 'a's
 * from base giving a result of n bytes; st its status, out a 16-byte
 * buffer filled with 'x' before. */
static int recompose_of(const char *base, size_t n, char *out, size_t *len)
{
	/* "s:" path '?' query '#' fragment */
	size_t rest = n - 4, q = rest / 3, f = rest / 3, p = rest - q - f;
	struct uriscan_uri_parts in;
	memset(&in, 0, sizeof in);
	in.present = (1u << URISCAN_SCHEME) | (1u << URISCAN_PATH) |
	             (1u << URISCAN_QUERY) | (1u << URISCAN_FRAGMENT);
	in.part[URISCAN_SCHEME].p = "s";
	in.part[URISCAN_SCHEME].len = 1;
	in.part[URISCAN_PATH].p = base;
	in.part[URISCAN_PATH].len = p;
	in.part[URISCAN_QUERY].p = base;
	in.part[URISCAN_QUERY].len = q;
	in.part[URISCAN_FRAGMENT].p = base;
	in.part[URISCAN_FRAGMENT].len = f;
	memset(out, 'x', 16);
	*len = 4242;
	return uriscan_recompose(URISCAN_RFC3986, &in, 0, out, 16, len, NULL);
}

/* uriscan_recompose at its limit: a result of UINT32_MAX bytes is
 * measured (buffer_too_small, its length stored); one byte more, and
 * parts of UINT32_MAX bytes in all (their delimiters past the limit:
 * issue 39), are too_long with nothing written but out[0] = NUL. */
static void huge_recompose(const char *base)
{
	char out[16];
	size_t len;
	int st;
	if (SANITIZED) {
		tap_skip("recompose to UINT32_MAX bytes: a pass over 4 GiB under "
		         "a sanitizer");
	} else {
		st = recompose_of(base, UINT32_MAX, out, &len);
		tap_ok(st == URISCAN_E_BUFFER_TOO_SMALL && len == UINT32_MAX,
		       "recompose to UINT32_MAX bytes: buffer_too_small, length "
		       "%zu (%s, %zu)", (size_t)UINT32_MAX, uriscan_status_name(st),
		       len);
	}
	st = recompose_of(base, (size_t)UINT32_MAX + 1, out, &len);
	tap_ok(st == URISCAN_E_TOO_LONG && len == 0 && out[0] == '\0' &&
	           out[1] == 'x',
	       "recompose to UINT32_MAX + 1 bytes: too_long, out untouched but "
	       "out[0] (%s, %zu, out \"%.2s\")", uriscan_status_name(st), len,
	       out);
	st = recompose_of(base, (size_t)UINT32_MAX + 3, out, &len);
	tap_ok(st == URISCAN_E_TOO_LONG && len == 0 && out[0] == '\0' &&
	           out[1] == 'x',
	       "recompose of parts of UINT32_MAX bytes, their delimiters past "
	       "it: too_long, out untouched but out[0] (%s, %zu, out \"%.2s\")",
	       uriscan_status_name(st), len, out);
}

/* percent_decode and the query iterator on UINT32_MAX 'a's (issue 39):
 * measured and iterated whole; one byte more is too_long. */
static void huge_others(const char *base)
{
	size_t len = 7;
	char out[4];
	int st;
	if (SANITIZED) {
		tap_skip("percent_decode and a query of UINT32_MAX bytes: passes "
		         "over 4 GiB under a sanitizer");
		return;
	}
	st = uriscan_percent_decode(base, UINT32_MAX, 0, out, sizeof out, &len,
	                            NULL, NULL);
	tap_ok(st == URISCAN_E_BUFFER_TOO_SMALL && len == UINT32_MAX,
	       "percent_decode of UINT32_MAX bytes: buffer_too_small, length "
	       "%zu (%s)", len, uriscan_status_name(st));
	st = uriscan_percent_decode(base, (size_t)UINT32_MAX + 1, 0, out,
	                            sizeof out, &len, NULL, NULL);
	tap_ok(st == URISCAN_E_TOO_LONG && len == 0,
	       "percent_decode of UINT32_MAX + 1 bytes: too_long (%s)",
	       uriscan_status_name(st));
	struct uriscan_query_iter it;
	struct uriscan_query_pair pr;
	st = uriscan_query_iter_init(&it, base, UINT32_MAX, 0);
	int one = st == URISCAN_OK && uriscan_query_next(&it, &pr) == URISCAN_OK;
	tap_ok(one && pr.key.off == 0 && pr.key.len == UINT32_MAX &&
	           !pr.has_value && uriscan_query_next(&it, &pr) == URISCAN_DONE,
	       "a query of UINT32_MAX bytes: one key of them all (%s, key +%u)",
	       uriscan_status_name(st), one ? pr.key.len : 0);
	st = uriscan_query_iter_init(&it, base, (size_t)UINT32_MAX + 1, 0);
	tap_ok(st == URISCAN_E_TOO_LONG, "a query of UINT32_MAX + 1 bytes: "
	       "too_long (%s)", uriscan_status_name(st));
}

static void huge(void)
{
	const size_t n = (size_t)UINT32_MAX + 1;
	const size_t total = (n + CHUNK - 1) / CHUNK * CHUNK;
	struct uriscan_uri u;
	struct uriscan_error e;
	int st;

	if (!uriscan_grammar_available(URISCAN_RFC3986)) {
		tap_skip("rfc3986 not built");
		return;
	}
	int fd = memfd_create("uriscan-huge", 0);
	char *a = malloc(CHUNK);
	if (fd < 0 || a == NULL || ftruncate(fd, (off_t)CHUNK) != 0) {
		tap_skip("no memfd");
		return;
	}
	memset(a, 'a', CHUNK);
	if (write(fd, a, CHUNK) != (ssize_t)CHUNK) {
		tap_skip("memfd write failed");
		return;
	}
	free(a);
	char *base = mmap(NULL, total, PROT_NONE,
	                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (base == MAP_FAILED) {
		tap_skip("cannot reserve 4 GiB of address space");
		return;
	}
	/* every chunk the same 'a' pages; the last one private, to edit */
	for (size_t off = 0; off < total; off += CHUNK) {
		int last = off + CHUNK == total;
		if (mmap(base + off, CHUNK, last ? PROT_READ | PROT_WRITE : PROT_READ,
		         (last ? MAP_PRIVATE : MAP_SHARED) | MAP_FIXED, fd,
		         0) == MAP_FAILED) {
			tap_skip("cannot map the memfd 1024 times");
			return;
		}
	}
	tap_diag("input of %zu bytes mapped from a %zu MiB memfd", n,
	         CHUNK >> 20);

	/* UINT32_MAX 'a's: one path-noscheme segment, a relative reference */
	st = uriscan_validate(URISCAN_RFC3986, base, UINT32_MAX, 0, &e);
	tap_ok(st == URISCAN_OK, "4 GiB - 1 of 'a' is valid (%s@%zu)",
	       uriscan_status_name(st), e.offset);
	st = uriscan_parse(URISCAN_RFC3986, base, UINT32_MAX, 0, &u);
	tap_ok(st == URISCAN_OK && URISCAN_HAS(&u, URISCAN_PATH) &&
	           u.part[URISCAN_PATH].off == 0 &&
	           u.part[URISCAN_PATH].len == UINT32_MAX &&
	           u.kind == URISCAN_KIND_RELATIVE,
	       "4 GiB - 1 of 'a' parses: path [%u, +%u)",
	       u.part[URISCAN_PATH].off, u.part[URISCAN_PATH].len);
	/* its last byte a space: bad_char at offset 2^32 - 2 */
	base[UINT32_MAX - 1] = ' ';
	st = uriscan_validate(URISCAN_RFC3986, base, UINT32_MAX, 0, &e);
	tap_ok(st == URISCAN_E_BAD_CHAR && e.offset == (size_t)UINT32_MAX - 1,
	       "a space as its last byte: bad_char@%zu (%s@%zu)",
	       (size_t)UINT32_MAX - 1, uriscan_status_name(st), e.offset);
	base[UINT32_MAX - 1] = 'a';
	/* one byte more than offsets can describe: refused unread */
	st = uriscan_parse(URISCAN_RFC3986, base, n, 0, &u);
	tap_ok(st == URISCAN_E_TOO_LONG && u.error_offset == 0 &&
	           u.present == 0,
	       "4 GiB is too_long (%s)", uriscan_status_name(st));
	huge_recompose(base);
	huge_others(base);
	munmap(base, total);
	close(fd);
}

int main(int argc, char **argv)
{
	page = (size_t)sysconf(_SC_PAGESIZE);
	if (argc > 1 && strcmp(argv[1], "--huge") == 0) {
		if (getenv("URISCAN_SKIP_HUGE"))
			tap_skip("URISCAN_SKIP_HUGE is set");
		else
			huge();
	} else {
		grammars(unreadable());
		if (uriscan_grammar_available(URISCAN_RFC3986))
			other_limits(unreadable());
	}
	return tap_done();
}
