/* SPDX-License-Identifier: MIT */
/*
 * t0_compare.c: see t0_compare.h. No timing.
 */
#include <string.h>

#include "t0_compare.h"

int t0_same_uri(const struct uriscan_uri *a, const struct uriscan_uri *b)
{
	if (a->present != b->present || a->grammar != b->grammar ||
	    a->rule != b->rule || a->host_type != b->host_type ||
	    a->kind != b->kind || a->error_offset != b->error_offset ||
	    a->form != b->form)
		return 0;
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (a->part[c].off != b->part[c].off ||
		    a->part[c].len != b->part[c].len)
			return 0;
	return 1;
}

int t0_compare(enum uriscan_grammar g, const struct uriscan__gen *t0,
               const char *s, size_t len)
{
	const unsigned rule = uriscan_rule_default(g);
	struct uriscan_uri u, ur, ut;
	struct uriscan_error e, er;
	size_t eo_t = 0;

	memset(&u, 0xa5, sizeof u);
	memset(&ur, 0x5a, sizeof ur);
	memset(&ut, 0xa5, sizeof ut);
	int p = uriscan_parse(g, s, len, 0, &u);
	int pr = uriscan_parse_rule(g, rule, s, len, 0, &ur);
	int pt = uriscan__run(t0, g, rule, s, len, 0, &ut, NULL);
	int v = uriscan_validate(g, s, len, 0, &e);
	int vr = uriscan_validate_rule(g, rule, s, len, 0, &er);
	int vn = uriscan_validate(g, s, len, 0, NULL);
	int vt = uriscan__run(t0, g, rule, s, len, 0, NULL, &eo_t);

	return p == pt && pr == pt && t0_same_uri(&u, &ut) &&
	       t0_same_uri(&ur, &ut) && v == vt && vr == vt && vn == vt &&
	       e.offset == eo_t && er.offset == eo_t;
}
