/* SPDX-License-Identifier: MIT */
/*
 * fuzz_request.c: uriscan_request_line (an HTTP/1.1 request line, RFC 9112
 * section 3) on any bytes. No state carried from one input to the next;
 * no timing.
 *
 * Input: byte 0 bit 0: URISCAN_REQUEST_ANY_FORM; bit 1: also an unknown
 * flag bit (URISCAN_E_INVALID_ARG expected); the other bits are ignored.
 * Then the line.
 *
 * Checked for every call:
 *  - the status is one of the table; URISCAN_E_INVALID_ARG exactly when an
 *    unknown flag is given; no other status but the syntax ones and OK;
 *  - a valid line is method SP target SP version to its end: the method is
 *    tchar bytes from 0, the spans follow each other with one SP between,
 *    the version is "HTTP/" DIGIT "." DIGIT and ends the line;
 *  - its form is one of the four forms' rules, the form the method and the
 *    target's first byte call for (CONNECT: authority-form; "/": origin-
 *    form; "*" with OPTIONS: asterisk-form; else absolute-form) unless any
 *    form is allowed, and uri.form == uri.rule == form;
 *  - the target is valid by that rule (uriscan_parse_rule), with the same
 *    components moved by the target's offset;
 *  - the verdict is the one found here from the line's shape and the
 *    rule's own verdict on the target (uriscan_validate_rule: that rule,
 *    or request-target when any form is allowed);
 *  - a failed line: no form, no component, error_offset <= len (== len for
 *    incomplete, < len for the other syntax statuses), a part named;
 *  - the offset ends the longest possible prefix: line[0, off) is valid or
 *    incomplete, and line[0, off + 1) fails with the same status at off.
 */
#include "fuzz.h"

#define FUZZ_REQ_UNKNOWN_FLAG 0x80u

static int fuzz_tchar(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') ||
	       (c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

static unsigned fuzz_rule_of(const char *name)
{
	unsigned r = ~0u;

	FUZZ_ASSERT(uriscan_rule_from_name(URISCAN_RFC3986, name, &r) ==
	                URISCAN_OK,
	            "no rule %s in RFC 3986's grammar", name);
	return r;
}

/* The rule the method and the target's first byte call for (RFC 9112
 * 3.2), as a rule number of RFC 3986's grammar. */
static unsigned fuzz_want_form(const char *s, size_t m, size_t t0, size_t tl,
                               unsigned flags)
{
	if (flags & URISCAN_REQUEST_ANY_FORM)
		return fuzz_rule_of("request-target");
	if (m == 7 && memcmp(s, "CONNECT", 7) == 0)
		return fuzz_rule_of("authority-form");
	if (tl > 0 && s[t0] == '/')
		return fuzz_rule_of("origin-form");
	if (tl > 0 && s[t0] == '*' && m == 7 && memcmp(s, "OPTIONS", 7) == 0)
		return fuzz_rule_of("asterisk-form");
	return fuzz_rule_of("absolute-form");
}

/* Is s[0, len) a request line, judged here: tchar+ SP target SP
 * "HTTP/" DIGIT "." DIGIT, the target valid by the rule its form calls
 * for? */
static int fuzz_line_valid(const char *s, size_t len, unsigned flags)
{
	size_t m = 0, t1;

	while (m < len && fuzz_tchar((unsigned char)s[m]))
		m++;
	if (m == 0 || m == len || s[m] != ' ')
		return 0;
	t1 = m + 1;
	while (t1 < len && s[t1] != ' ')
		t1++;
	if (t1 + 9 != len)
		return 0;
	const char *v = s + t1 + 1;
	if (memcmp(v, "HTTP/", 5) != 0 || v[5] < '0' || v[5] > '9' ||
	    v[6] != '.' || v[7] < '0' || v[7] > '9')
		return 0;
	return uriscan_validate_rule(
	           URISCAN_RFC3986,
	           fuzz_want_form(s, m, m + 1, t1 - (m + 1), flags), s + m + 1,
	           t1 - (m + 1), 0, NULL) == URISCAN_OK;
}

/* A valid line: its spans, its form, its components. */
static void fuzz_check_valid(const char *s, size_t len, unsigned flags,
                             const struct uriscan_request *q)
{
	const size_t m = q->method.len, t0 = q->target.off, tl = q->target.len;
	const unsigned origin = fuzz_rule_of("origin-form"),
	               absolute = fuzz_rule_of("absolute-form"),
	               authority = fuzz_rule_of("authority-form"),
	               asterisk = fuzz_rule_of("asterisk-form");
	struct uriscan_uri u;

	FUZZ_ASSERT(q->method.off == 0 && m > 0, "method at %u, %zu bytes",
	            q->method.off, m);
	for (size_t i = 0; i < m; i++)
		FUZZ_ASSERT(fuzz_tchar((unsigned char)s[i]), "method byte %zu", i);
	FUZZ_ASSERT(t0 == m + 1 && s[m] == ' ', "target at %zu", t0);
	FUZZ_ASSERT(q->version.off == t0 + tl + 1 && s[t0 + tl] == ' ' &&
	                q->version.len == 8 && q->version.off + 8 == len,
	            "version at %u, %u bytes, line of %zu", q->version.off,
	            q->version.len, len);
	for (size_t i = t0; i < t0 + tl; i++)
		FUZZ_ASSERT(s[i] != ' ', "a SP in the target at %zu", i);
	const char *v = s + q->version.off;
	FUZZ_ASSERT(memcmp(v, "HTTP/", 5) == 0 && v[5] >= '0' && v[5] <= '9' &&
	                v[6] == '.' && v[7] >= '0' && v[7] <= '9',
	            "version bytes");

	FUZZ_ASSERT(q->form == origin || q->form == absolute ||
	                q->form == authority || q->form == asterisk,
	            "form %u is not one of the four", q->form);
	FUZZ_ASSERT(q->uri.form == q->form && q->uri.rule == q->form,
	            "uri.form %u, uri.rule %u, form %u", q->uri.form, q->uri.rule,
	            q->form);
	if (!(flags & URISCAN_REQUEST_ANY_FORM)) {
		unsigned want = fuzz_want_form(s, m, t0, tl, flags);
		FUZZ_ASSERT(q->form == want, "form %s, the method and target "
		                             "call for %s",
		            uriscan_rule_name(URISCAN_RFC3986, q->form),
		            uriscan_rule_name(URISCAN_RFC3986, want));
	}

	memset(&u, 0xa5, sizeof u);
	FUZZ_ASSERT(uriscan_parse_rule(URISCAN_RFC3986, q->form, s + t0, tl, 0,
	                               &u) == URISCAN_OK,
	            "the target is not a %s",
	            uriscan_rule_name(URISCAN_RFC3986, q->form));
	FUZZ_ASSERT(u.present == q->uri.present &&
	                u.host_type == q->uri.host_type,
	            "components: present %x against %x", q->uri.present,
	            u.present);
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		const struct uriscan_span *a = &q->uri.part[c], *b = &u.part[c];
		if (!URISCAN_HAS(&u, c)) {
			FUZZ_ASSERT(a->off == 0 && a->len == 0,
			            "absent component %u not {0, 0}", c);
			continue;
		}
		FUZZ_ASSERT(a->off == b->off + t0 && a->len == b->len &&
		                a->off + a->len <= t0 + tl,
		            "component %u at %u+%u, the rule gives %u+%u (+%zu)",
		            c, a->off, a->len, b->off, b->len, t0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct uriscan_request q, q2;
	unsigned flags;
	int st, st2;

	if (size < 1)
		return 0;
	flags = (data[0] & 1u) ? URISCAN_REQUEST_ANY_FORM : 0;
	if (data[0] & 2u)
		flags |= FUZZ_REQ_UNKNOWN_FLAG;
	const char *s = (const char *)data + 1;
	const size_t len = size - 1;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;

	memset(&q, 0xa5, sizeof q);
	st = uriscan_request_line(s, len, flags, &q);
	FUZZ_ASSERT(st >= 0 && st < URISCAN_STATUS_LAST, "status %d", st);
	if (flags & FUZZ_REQ_UNKNOWN_FLAG) {
		FUZZ_ASSERT(st == URISCAN_E_INVALID_ARG,
		            "unknown flag: %s", uriscan_status_name(st));
		return 0;
	}
	if (!uriscan_grammar_available(URISCAN_RFC3986)) {
		FUZZ_ASSERT(st == URISCAN_E_GRAMMAR_UNAVAILABLE, "%s without "
		            "RFC 3986", uriscan_status_name(st));
		return 0;
	}
	FUZZ_ASSERT((st == URISCAN_OK) == fuzz_line_valid(s, len, flags),
	            "%s@%zu, but the line's shape and its target's rule say "
	            "%s", uriscan_status_name(st), q.error_offset,
	            st == URISCAN_OK ? "invalid" : "valid");
	if (st == URISCAN_OK) {
		FUZZ_ASSERT(q.error_offset == 0 &&
		                q.error_part == URISCAN_REQUEST_NONE,
		            "valid, error at %zu part %d", q.error_offset,
		            (int)q.error_part);
		fuzz_check_valid(s, len, flags, &q);
		return 0;
	}

	FUZZ_ASSERT(fuzz_is_syntax(st), "status %s", uriscan_status_name(st));
	FUZZ_ASSERT(q.form == URISCAN_FORM_NONE && q.uri.present == 0 &&
	                q.uri.host_type == URISCAN_HOST_NONE,
	            "a failed line reports a form or components");
	FUZZ_ASSERT(q.error_part >= URISCAN_REQUEST_METHOD &&
	                q.error_part <= URISCAN_REQUEST_VERSION,
	            "part %d", (int)q.error_part);
	if (st == URISCAN_E_INCOMPLETE)
		FUZZ_ASSERT(q.error_offset == len, "incomplete at %zu of %zu",
		            q.error_offset, len);
	else
		FUZZ_ASSERT(q.error_offset < len, "%s at %zu of %zu",
		            uriscan_status_name(st), q.error_offset, len);

	/* the longest possible prefix */
	if (st != URISCAN_E_INCOMPLETE) {
		const size_t off = q.error_offset;
		st2 = uriscan_request_line(s, off, flags, &q2);
		FUZZ_ASSERT(st2 == URISCAN_OK || st2 == URISCAN_E_INCOMPLETE,
		            "%s at %zu, but the prefix of %zu bytes gives %s@%zu",
		            uriscan_status_name(st), off, off,
		            uriscan_status_name(st2), q2.error_offset);
		st2 = uriscan_request_line(s, off + 1, flags, &q2);
		FUZZ_ASSERT(st2 == st && q2.error_offset == off &&
		                q2.error_part == q.error_part,
		            "%s at %zu (part %d), but the prefix of %zu bytes "
		            "gives %s@%zu (part %d)",
		            uriscan_status_name(st), off, (int)q.error_part,
		            off + 1, uriscan_status_name(st2), q2.error_offset,
		            (int)q2.error_part);
	}
	return 0;
}
