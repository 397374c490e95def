/* SPDX-License-Identifier: MIT */
/*
 * fuzz_parse.c: whole-string parse with each grammar's top rule
 * (uriscan_validate / uriscan_parse), every invariant of fuzz.h.
 * No state carried from one input to the next; no timing.
 *
 * Input: byte 0 (grammar, flags bit), [flags byte], then the string.
 */
#include "fuzz.h"
#include "gen.h" /* uriscan__skip_use: the SIMD skip's switch */

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
	FUZZ_ASSERT(fuzz_validate(in.g, s, len, in.flags, &eo) == st,
	            "uriscan_validate differs from uriscan_validate_rule");
	FUZZ_ASSERT(uriscan_parse(in.g, s, len, in.flags, &u) == st &&
	                u.error_offset == eo && u.rule == rule,
	            "uriscan_parse differs from uriscan_parse_rule");
	/* A URI reference rule always says which kind it matched. */
	if (st == URISCAN_OK && in.g != URISCAN_RFC1738)
		FUZZ_ASSERT(u.kind != URISCAN_KIND_NONE,
		            "top rule matched without a kind");
#if URISCAN__HAVE_SKIP_SIMD
	/* The SIMD skips (src/grammars/skip_simd.c) and the scalar one agree: the same
	 * status, offset and components at every level the CPU has (the
	 * level of the run above is the load-time one). */
	{
		const int was = uriscan__skip_level();

		for (int lv = URISCAN__SIMD_NONE; lv <= URISCAN__SIMD_AVX512; lv++) {
			struct uriscan_uri v;
			size_t eo2 = 1;
			int st2;

			if (lv == was || uriscan__skip_use(lv) != lv)
				continue;
			st2 = fuzz_validate(in.g, s, len, in.flags, &eo2);
			FUZZ_ASSERT(st2 == st && eo2 == eo,
			            "validate with SIMD level %d differs (level %d)",
			            lv, was);
			st2 = uriscan_parse(in.g, s, len, in.flags, &v);
			FUZZ_ASSERT(st2 == st && v.error_offset == u.error_offset &&
			                v.present == u.present &&
			                v.host_type == u.host_type &&
			                v.kind == u.kind && v.form == u.form &&
			                memcmp(v.part, u.part,
			                       sizeof v.part[0] *
			                           URISCAN_COMPONENT_COUNT) == 0,
			            "parse with SIMD level %d differs (level %d)", lv,
			            was);
		}
		uriscan__skip_use(was);
	}
#endif
	/* NULL with length 0 is the empty string. */
	if (len == 0) {
		size_t eo0 = 1;
		FUZZ_ASSERT(fuzz_validate(in.g, NULL, 0, in.flags, &eo0) == st &&
		                eo0 == eo,
		            "NULL+0 differs from \"\"+0");
	}
	return 0;
}
