/* SPDX-License-Identifier: MIT */
/*
 * header_c.c: include/uriscan.h as strict C (check_header.py compiles this
 * with -std=c99 -pedantic -Werror and every warning) and as C++ (the same
 * file; see check_header.py). Every declaration is used, so a prototype
 * that does not parse, a macro that does not expand, or a missing
 * extern "C" shows.
 */
#include <uriscan.h>

#if !URISCAN_CHECK_VERSION(0, 0, 0)
#error "URISCAN_CHECK_VERSION"
#endif

static const char *names_from_the_table(int st)
{
	switch (st) {
#define CASE_(n, e, name, msg)                                                 \
	case URISCAN_##e:                                                          \
		return name;
		URISCAN_STATUS_MAP(CASE_)
#undef CASE_
	default:
		return "unknown";
	}
}

int main(void)
{
	struct uriscan_uri u;
	struct uriscan_error eo = {0, 0, URISCAN_INPUT_NONE, 0};
	struct uriscan_set_options so = {sizeof so, URISCAN_PATH, "/x", 2, 0};
	struct uriscan_extract_options xo = {sizeof xo, 0, 0, 0};
	const char *c;
	size_t clen = 0;
	char out[16];
	unsigned rule = 0;
	enum uriscan_grammar g = URISCAN_RFC3986;
	int bad = 0;

	bad |= uriscan_version() != URISCAN_VERSION_HEX;
	bad |= uriscan_version_string()[0] == '\0';
	for (int st = 0; st < URISCAN_STATUS_LAST; st++) {
		const char *a = names_from_the_table(st);
		const char *b = uriscan_status_name(st);
		while (*a && *a == *b) {
			a++;
			b++;
		}
		bad |= *a != *b;
		bad |= uriscan_strerror(st) == 0;
	}
	bad |= uriscan_grammar_from_name("3986", &g) != URISCAN_OK;
	bad |= uriscan_grammar_name(g)[0] != 'r';
	bad |= uriscan_grammar_description(g) == 0;
	bad |= !uriscan_grammar_available(g);
	bad |= uriscan_rule_count(g) == 0;
	bad |= uriscan_rule_name(g, 0) == 0;
	bad |= uriscan_rule_from_name(g, "host", &rule) != URISCAN_OK;
	bad |= uriscan_rule_default(g) >= uriscan_rule_count(g);
	bad |= uriscan_validate(g, "a:b", 3, 0, &eo) != URISCAN_OK;
	bad |= uriscan_validate_rule(g, rule, "h", 1, 0, &eo) != URISCAN_OK;
	bad |= eo.status != URISCAN_OK || eo.input != URISCAN_INPUT_NONE ||
	       eo.component != URISCAN_COMPONENT_NONE;
	bad |= uriscan_parse(g, "a:b", 3, 0, &u) != URISCAN_OK;
	bad |= !URISCAN_HAS(&u, URISCAN_SCHEME);
	c = uriscan_component(&u, "a:b", URISCAN_SCHEME, &clen);
	bad |= c == 0 || clen != 1 || *c != 'a';
	bad |= uriscan_set_component(&u, "a:b", 3, &so, out, sizeof out, &clen,
	                             &eo) != URISCAN_OK;
	bad |= uriscan_extract(g, "a:b", 3, &xo, 0, 0, 0) !=
	       URISCAN_E_INVALID_ARG; /* no callback */
	bad |= uriscan_request_part_name(URISCAN_REQUEST_TARGET)[0] != 't';
	bad |= uriscan_simd_level()[0] == '\0';
	bad |= URISCAN_DONE == URISCAN_OK;
	bad |= uriscan_parse_rule(g, rule, "h", 1, 0, &u) != URISCAN_OK;
	bad |= uriscan_component_name(URISCAN_HOST)[0] != 'h';
	bad |= uriscan_host_type_name(URISCAN_HOST_IPV4)[0] != 'i';
	bad |= uriscan_kind_name(URISCAN_KIND_URI)[0] != 'u';
	bad |= sizeof(struct uriscan_span) != 8;
	bad |= URISCAN_COMPONENT_COUNT > URISCAN_PART_MAX;
	return bad;
}
