/* SPDX-License-Identifier: MIT */
/*
 * fuzz_host_fields.h: fuzz_confusion's check of uriscan_host_fields (every
 * host field in one call): on any bytes, with the grammar's parse (NULL
 * where the grammar refuses the URL), every option, the same fields as
 * the separate calls (tests/host_fields_ref.h), field by field; the
 * status OK and the error struct saying so.
 */
#ifndef URISCAN_FUZZ_HOST_FIELDS_H
#define URISCAN_FUZZ_HOST_FIELDS_H

#include "fuzz.h"
#include "host_fields_ref.h"

static void check_host_fields(enum uriscan_grammar g, const char *s,
                              size_t len)
{
	static struct uriscan_host_fields got, want;
	static const unsigned opts[] = {0, URISCAN_HOST_FIELDS_NO_SITE,
	                                URISCAN_HOST_FIELDS_NO_FLAGS};
	struct uriscan_uri u;
	const struct uriscan_uri *pu;
	struct uriscan_error e;

	pu = uriscan_parse(g, s, len, 0, &u) == URISCAN_OK ? &u : NULL;
	for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
		struct uriscan_host_fields_options o = {sizeof o, opts[k]};
		const char *d;
		int st;

		memset(&got, 0x5a, sizeof got);
		memset(&want, 0, sizeof want);
		got.size = want.size = sizeof got;
		host_fields_ref(s, len, pu, opts[k], &want);
		st = uriscan_host_fields(s, len, pu, &o, &got, &e);
		FUZZ_ASSERT(st == URISCAN_OK && e.status == URISCAN_OK &&
		                e.offset == 0,
		            "host_fields: %s", uriscan_status_name(st));
		d = host_fields_differ(&got, &want);
		FUZZ_ASSERT(d == NULL,
		            "host_fields: the field %s differs from the separate "
		            "calls (grammar %d, options %u)",
		            d ? d : "", (int)g, opts[k]);
	}
}

#endif
