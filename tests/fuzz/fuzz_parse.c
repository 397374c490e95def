/*
 * fuzz_parse.c: whole-string parse with each grammar's top rule
 * (uriscan_validate / uriscan_parse), every invariant of fuzz.h.
 * No state carried from one input to the next; no timing.
 *
 * Input: byte 0 (grammar, flags bit), [flags byte], then the string.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	struct uriscan_uri u;
	size_t eo = 1;
	unsigned rule;
	int st;

	if (!fuzz_decode(data, size, &in))
		return 0;
	const char *s = (const char *)in.rest;
	size_t len = in.rest_len;
	if (!uriscan_grammar_available(in.g)) {
		fuzz_cur_s_ = s;
		fuzz_cur_len_ = len;
		fuzz_check_no_grammar(in.g, s, len);
		return 0;
	}
	rule = uriscan_rule_default(in.g);
	FUZZ_ASSERT(rule < uriscan_rule_count(in.g), "default rule %u", rule);
	st = fuzz_check(in.g, rule, in.flags, s, len);

	/* The top-rule entry points are the rule entry points on the default
	 * rule. */
	FUZZ_ASSERT(uriscan_validate(in.g, s, len, in.flags, &eo) == st,
	            "uriscan_validate differs from uriscan_validate_rule");
	FUZZ_ASSERT(uriscan_parse(in.g, s, len, in.flags, &u) == st &&
	                u.error_offset == eo && u.rule == rule,
	            "uriscan_parse differs from uriscan_parse_rule");
	/* A URI reference rule always says which kind it matched. */
	if (st == URISCAN_OK && in.g != URISCAN_RFC1738)
		FUZZ_ASSERT(u.kind != URISCAN_KIND_NONE,
		            "top rule matched without a kind");
	/* NULL with length 0 is the empty string. */
	if (len == 0) {
		size_t eo0 = 1;
		FUZZ_ASSERT(uriscan_validate(in.g, NULL, 0, in.flags, &eo0) == st &&
		                eo0 == eo,
		            "NULL+0 differs from \"\"+0");
	}
	return 0;
}
