/* SPDX-License-Identifier: MIT */
/*
 * request.c: uriscan_request_line, the HTTP/1.1 request line (RFC 9112
 * section 3) on top of the RFC 3986 grammar's request-target rules
 * (ragel/rfc9112.rl). No allocation; no grammar of its own (the rules
 * are the machines').
 */
#include <stdatomic.h>
#include <string.h>

#include "internal.h"
#include "uri_reset.h"

/* RFC 9110 5.6.2 tchar: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
 * "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA */
static int is_tchar(unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))
		return 1;
	return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/* The number of the RFC 3986 grammar's rule called name, or ~0u. The HTTP
 * rules are at the end of the list, so search from there. */
static unsigned find_rule(const struct uriscan__gen *gen, const char *name)
{
	for (unsigned i = gen->count; i-- > 0;)
		if (strcmp(gen->rules[i].name, name) == 0)
			return i;
	return ~0u;
}

/* The rules of the target's forms, looked up by name (find_rule) once per
 * process: the strcmp of every call was 4 % of `uriscan log`'s time
 * (docs/performance.md, "The command line"). rule + 1, 0 when not known yet; a
 * race looks the same rule up twice. */
enum { F_ANY, F_AUTHORITY, F_ORIGIN, F_ASTERISK, F_ABSOLUTE, F_COUNT };
static const char *const form_names[F_COUNT] = {
    "request-target", "authority-form", "origin-form", "asterisk-form",
    "absolute-form"};
static atomic_uint form_rules[F_COUNT];

static unsigned form_rule(const struct uriscan__gen *gen, int f)
{
	unsigned v = atomic_load_explicit(&form_rules[f], memory_order_relaxed);

	if (v == 0) {
		v = find_rule(gen, form_names[f]) + 1; /* ~0u + 1: 0 */
		atomic_store_explicit(&form_rules[f], v, memory_order_relaxed);
	}
	return v - 1;
}

static int fail(struct uriscan_request *out, int status, size_t off,
                enum uriscan_request_part part)
{
	out->error_offset = off;
	out->error_part = part;
	out->form = URISCAN_FORM_NONE;
	out->uri.present = 0;
	out->uri.host_type = URISCAN_HOST_NONE;
	out->uri.kind = URISCAN_KIND_NONE;
	out->uri.form = URISCAN_FORM_NONE;
	uriscan__clear_parts(&out->uri);
	return status;
}

int uriscan_request_line(const char *s, size_t len, unsigned flags,
                         struct uriscan_request *out)
{
	const struct uriscan__gen *gen;
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	/* field by field (a memset of *out is a `rep stos`) */
	out->method = out->target = out->version = (struct uriscan_span){0, 0};
	out->form = URISCAN_FORM_NONE;
	out->error_offset = 0;
	out->error_part = URISCAN_REQUEST_NONE;
	uriscan__uri_reset(&out->uri, URISCAN_RFC3986, 0);
	if ((flags & ~URISCAN_REQUEST_ANY_FORM) != 0 || (s == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (len > UINT32_MAX)
		return URISCAN_E_TOO_LONG;
	int st = uriscan__grammar_gen(URISCAN_RFC3986, &gen);
	if (st != URISCAN_OK)
		return st;

	/* method = token */
	while (i < len && is_tchar(u[i]))
		i++;
	out->method.len = (uint32_t)i;
	if (i == len)
		return fail(out, URISCAN_E_INCOMPLETE, len, URISCAN_REQUEST_METHOD);
	if (i == 0 || u[i] != ' ')
		return fail(out, URISCAN_E_SYNTAX, i, URISCAN_REQUEST_METHOD);

	/* SP request-target: every byte up to the next SP (no form holds
	 * one), judged by the rule the method allows */
	size_t t0 = i + 1, t1 = t0;
	while (t1 < len && u[t1] != ' ')
		t1++;
	int f;
	if (flags & URISCAN_REQUEST_ANY_FORM)
		f = F_ANY;
	else if (i == 7 && memcmp(s, "CONNECT", 7) == 0)
		f = F_AUTHORITY;
	else if (t1 > t0 && u[t0] == '/')
		f = F_ORIGIN;
	else if (t1 > t0 && u[t0] == '*' && i == 7 &&
	         memcmp(s, "OPTIONS", 7) == 0)
		f = F_ASTERISK;
	else
		f = F_ABSOLUTE;
	unsigned rule = form_rule(gen, f);
	if (rule == ~0u)
		return fail(out, URISCAN_E_GRAMMAR_UNAVAILABLE, 0,
		            URISCAN_REQUEST_TARGET);
	out->target.off = (uint32_t)t0;
	out->target.len = (uint32_t)(t1 - t0);
	size_t eo = 0;
	st = uriscan__run(gen, URISCAN_RFC3986, rule, s + t0, t1 - t0, 0,
	                  &out->uri, &eo);
	if (st != URISCAN_OK) {
		if (eo < t1 - t0)
			return fail(out, st, t0 + eo, URISCAN_REQUEST_TARGET);
		/* a valid prefix of the target ends at the SP or the end */
		if (t1 < len)
			return fail(out, URISCAN_E_SYNTAX, t1,
			            URISCAN_REQUEST_TARGET);
		return fail(out, URISCAN_E_INCOMPLETE, len,
		            URISCAN_REQUEST_TARGET);
	}
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (URISCAN_HAS(&out->uri, c))
			out->uri.part[c].off += (uint32_t)t0;
	/* each form's own rule sets no form when run alone: name it */
	if (out->uri.form == URISCAN_FORM_NONE)
		out->uri.form = rule;
	out->uri.error_offset = 0;
	out->uri.rule = out->uri.form;

	/* SP HTTP-version = "HTTP/" DIGIT "." DIGIT, then the end */
	if (t1 == len)
		return fail(out, URISCAN_E_INCOMPLETE, len, URISCAN_REQUEST_VERSION);
	size_t v0 = t1 + 1;
	static const char pat[] = "HTTP/0.0"; /* '0': any DIGIT */
	for (size_t k = 0; k < 8; k++) {
		if (v0 + k == len)
			return fail(out, URISCAN_E_INCOMPLETE, len,
			            URISCAN_REQUEST_VERSION);
		unsigned char c = u[v0 + k];
		int ok = pat[k] == '0' ? (c >= '0' && c <= '9') : c == pat[k];
		if (!ok)
			return fail(out, URISCAN_E_SYNTAX, v0 + k,
			            URISCAN_REQUEST_VERSION);
	}
	if (v0 + 8 != len)
		return fail(out, URISCAN_E_SYNTAX, v0 + 8, URISCAN_REQUEST_VERSION);
	out->version.off = (uint32_t)v0;
	out->version.len = 8;
	out->form = out->uri.form;
	return URISCAN_OK;
}

const char *uriscan_request_part_name(enum uriscan_request_part p)
{
	switch (p) {
	case URISCAN_REQUEST_METHOD:
		return "method";
	case URISCAN_REQUEST_TARGET:
		return "target";
	case URISCAN_REQUEST_VERSION:
		return "version";
	default:
		return "none";
	}
}
