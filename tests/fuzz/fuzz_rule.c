/* SPDX-License-Identifier: MIT */
/*
 * fuzz_rule.c: rule-level matching: any rule of any grammar
 * (uriscan_validate_rule / uriscan_parse_rule), every invariant of fuzz.h,
 * and the rule's name looking up the same rule.
 * No state carried from one input to the next; no timing.
 *
 * Input: byte 0 (grammar, flags bit), [flags byte], rule byte (modulo the
 * grammar's rule count + 1), then the string.
 */
#include "fuzz.h"

static char fuzz_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	unsigned count, rule, found = ~0u;
	const char *name;
	char alias[64];

	if (!fuzz_decode(data, size, &in) || in.rest_len < 1)
		return 0;
	const char *s = (const char *)in.rest + 1;
	size_t len = in.rest_len - 1;
	if (!uriscan_grammar_available(in.g)) {
		fuzz_cur_s_ = s;
		fuzz_cur_len_ = len;
		fuzz_check_no_grammar(in.g, s, len);
		return 0;
	}
	count = uriscan_rule_count(in.g);
	rule = in.rest[0] % (count + 1);
	fuzz_check(in.g, rule, in.flags, s, len);

	name = uriscan_rule_name(in.g, rule);
	if (rule == count) {
		FUZZ_ASSERT(name == NULL, "a name for rule %u of %u", rule, count);
		return 0;
	}
	FUZZ_ASSERT(name != NULL && strlen(name) < sizeof alias,
	            "rule %u has no name", rule);
	FUZZ_ASSERT(uriscan_rule_from_name(in.g, name, &found) == URISCAN_OK &&
	                found == rule,
	            "rule %s looks up as %u", name, found);
	/* ABNF names are case-insensitive and '_' may stand for '-'. */
	for (size_t i = 0; name[i] != '\0'; i++)
		alias[i] = name[i] == '-' ? '_' : fuzz_lower(name[i]);
	alias[strlen(name)] = '\0';
	found = ~0u;
	FUZZ_ASSERT(uriscan_rule_from_name(in.g, alias, &found) == URISCAN_OK &&
	                found == rule,
	            "rule alias %s looks up as %u", alias, found);
	return 0;
}
