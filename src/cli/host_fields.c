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

/* The same with the prefix "" (inspect, extract --hosts), as printed:
 * one copy of known length each (a record prints all of them). */
#define KEY_(k) {",\"" k "\":", sizeof(",\"" k "\":") - 1}
static const struct {
	const char *s;
	size_t n;
} bare_keys[] = {KEY_("ip"),           KEY_("ip_form"), KEY_("ip_class"),
                 KEY_("browser_host"), KEY_("site"),    KEY_("flags"),
                 KEY_("browser_error"), KEY_("site_error")};
#undef KEY_
enum { K_BROWSER_ERROR = 6, K_SITE_ERROR = 7 };

/* Inline: with k a constant, the bare key's length is one, and its copy
 * a few moves (a call of out_copy per key was a twentieth of `inspect`) */
static inline __attribute__((always_inline)) void key(const char *prefix,
                                                      unsigned k)
{
	if (prefix[0] == '\0') {
		out_bytes(bare_keys[k].s, bare_keys[k].n);
		return;
	}
	OUT_LIT(",\"");
	out_str(prefix);
	out_str(k < 6 ? keys[k] : k == K_BROWSER_ERROR ? "browser_error"
	                                               : "site_error");
	OUT_LIT("\":");
}

/* A name of the library's (a form, a class, a status, a flag) or an
 * address's text: ASCII letters, digits, '_', '.', ':', '[', ']', nothing
 * to escape. NULL: null. */
static void name(const char *s)
{
	if (s == NULL) {
		OUT_LIT("null");
		return;
	}
	out_char('"');
	out_str(s);
	out_char('"');
}

void host_fields_jsonl(const struct host_info *h, const char *prefix,
                       unsigned opts)
{
	int addr = h->addr.family != URISCAN_IP_NONE;
	uint32_t f;

	key(prefix, 0);
	name(addr ? h->ip : NULL);
	key(prefix, 1);
	name(addr ? uriscan_ip_form_name(h->addr.form) : NULL);
	key(prefix, 2);
	name(addr ? uriscan_ip_class_name(h->addr.ip_class) : NULL);
	if (h->zone_len > 0) {
		/* only with a zone (RFC 6874's ZoneID: nothing to escape) */
		OUT_LIT(",\"");
		out_str(prefix);
		OUT_LIT("zone\":");
		out_json_string(h->zone, h->zone_len);
	}
	key(prefix, 3);
	out_json_or_null(h->browser, h->browser_len,
	                 h->browser_status == URISCAN_OK);
	if (opts & HOST_FIELDS_ERRORS) {
		key(prefix, K_BROWSER_ERROR);
		name(h->browser_status == URISCAN_OK
		         ? NULL
		         : uriscan_status_name(h->browser_status));
	}
	key(prefix, 4);
	out_json_or_null(h->site, h->site_len, h->site_len > 0);
	if ((opts & HOST_FIELDS_ERRORS) && h->site_status != URISCAN_OK) {
		key(prefix, K_SITE_ERROR);
		name(uriscan_status_name(h->site_status));
	}
	key(prefix, 5);
	out_char('[');
	for (f = h->flags; f != 0; f &= f - 1) {
		if (f != h->flags)
			out_char(',');
		name(uriscan_confusion_name(f & (0u - f)));
	}
	out_char(']');
	/* the flags this library cannot compute (no ICU) for a host that
	 * needs them (idn): said, as a missing grammar is */
	if ((opts & HOST_FIELDS_ERRORS) && (h->flags & URISCAN_CONFUSION_IDN) &&
	    (f = uriscan_confusion_unavailable()) != 0) {
		uint32_t all = f;
		OUT_LIT(",\"flags_unavailable\":[");
		for (; f != 0; f &= f - 1) {
			if (f != all)
				out_char(',');
			name(uriscan_confusion_name(f & (0u - f)));
		}
		out_char(']');
	}
}

void host_fields_jsonl_null(const char *prefix)
{
	for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		key(prefix, i);
		OUT_LIT("null");
	}
}

void host_fields_tsv(const struct host_info *h)
{
	const char *s;

	/* a name (most hosts): the three address columns null at once */
	if (h->addr.family == URISCAN_IP_NONE) {
		OUT_LIT("\t\\N\t\\N\t\\N");
	} else {
		/* with a zone, after the address as RFC 4007 (section 11)
		 * writes a scoped address: fe80::1%eth0 (JSON Lines: "zone") */
		char ipz[URISCAN_IP_TEXT_MAX + 1 + sizeof h->zone];
		size_t n = strlen(h->ip);
		memcpy(ipz, h->ip, n);
		if (h->zone_len > 0) {
			ipz[n++] = '%';
			memcpy(ipz + n, h->zone, h->zone_len);
			n += h->zone_len;
		}
		out_tsv_or_null(ipz, n, 1);
		s = uriscan_ip_form_name(h->addr.form);
		out_tsv_or_null(s, strlen(s), 1);
		s = uriscan_ip_class_name(h->addr.ip_class);
		out_tsv_or_null(s, strlen(s), 1);
	}
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
