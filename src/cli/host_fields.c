/* SPDX-License-Identifier: MIT */
/*
 * host_fields.c: the host fields of a record, printed (host_fields.h).
 */
#include <string.h>

#include "host_fields.h"
#include "output.h"

/* The six keys, in their order. */
static const char *const keys[] = {"ip", "ip_form", "ip_class",
                                   "browser_host", "site", "flags"};

static void key(const char *prefix, const char *k)
{
	OUT_LIT(",\"");
	out_str(prefix);
	out_str(k);
	OUT_LIT("\":");
}

void host_fields_jsonl(const struct host_info *h, const char *prefix,
                       unsigned opts)
{
	int addr = h->addr.family != URISCAN_IP_NONE;

	key(prefix, keys[0]);
	out_json_name(addr ? h->ip : NULL);
	key(prefix, keys[1]);
	out_json_name(addr ? uriscan_ip_form_name(h->addr.form) : NULL);
	key(prefix, keys[2]);
	out_json_name(addr ? uriscan_ip_class_name(h->addr.ip_class) : NULL);
	key(prefix, keys[3]);
	out_json_or_null(h->browser, h->browser_len,
	                 h->browser_status == URISCAN_OK);
	if (opts & HOST_FIELDS_ERRORS) {
		key(prefix, "browser_error");
		out_json_name(h->browser_status == URISCAN_OK
		                  ? NULL
		                  : uriscan_status_name(h->browser_status));
	}
	key(prefix, keys[4]);
	out_json_or_null(h->site, h->site_len, h->site_len > 0);
	if ((opts & HOST_FIELDS_ERRORS) && h->site_status != URISCAN_OK) {
		key(prefix, "site_error");
		out_json_name(uriscan_status_name(h->site_status));
	}
	key(prefix, keys[5]);
	out_char('[');
	for (unsigned i = 0, first = 1; i < 32; i++)
		if (h->flags & (1u << i)) {
			if (!first)
				out_char(',');
			first = 0;
			out_json_name(uriscan_confusion_name(1u << i));
		}
	out_char(']');
}

void host_fields_jsonl_null(const char *prefix)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		key(prefix, keys[i]);
		OUT_LIT("null");
	}
}

void host_fields_tsv(const struct host_info *h)
{
	int addr = h->addr.family != URISCAN_IP_NONE;
	const char *s;

	out_tsv_or_null(h->ip, strlen(h->ip), addr);
	s = uriscan_ip_form_name(h->addr.form);
	out_tsv_or_null(s, strlen(s), addr);
	s = uriscan_ip_class_name(h->addr.ip_class);
	out_tsv_or_null(s, strlen(s), addr);
	out_tsv_or_null(h->browser, h->browser_len,
	                h->browser_status == URISCAN_OK);
	out_tsv_or_null(h->site, h->site_len, h->site_len > 0);
	out_char('\t');
	if (h->flags)
		host_info_out_flags(h->flags, ',');
	else
		OUT_LIT("\\N");
}

void host_fields_tsv_null(void)
{
	OUT_LIT("\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N");
}
