/* SPDX-License-Identifier: MIT */
/*
 * deny.c: check --deny (deny.h).
 */
#include <stdlib.h>
#include <string.h>

#include "deny.h"
#include "output.h"
#include "report.h"

void deny_compile(struct deny *d, const char *list)
{
	const char *s = list;

	memset(d, 0, sizeof *d);
	d->h = cli_calloc(1, sizeof *d->h);
	while (*s) {
		size_t n = strcspn(s, ",");
		enum uriscan_ip_class c;
		uint32_t bit;
		if (n > 5 && memcmp(s, "flag:", 5) == 0) {
			if (uriscan_confusion_from_name(s + 5, n - 5, &bit, NULL) !=
			    URISCAN_OK)
				cli_usage_error("--deny: unknown flag '%.*s'", (int)(n - 5),
				                s + 5);
			d->flags |= bit;
		} else if (uriscan_ip_class_from_name(s, n, &c, NULL) == URISCAN_OK) {
			d->classes |= 1u << c;
		} else {
			cli_usage_error("--deny: unknown class '%.*s' (an address class "
			                "such as loopback, private, link-local, or "
			                "flag:NAME)",
			                (int)n, s);
		}
		s += n;
		if (*s == ',')
			s++;
	}
	if (d->classes == 0 && d->flags == 0)
		cli_usage_error("--deny needs a class or flag:NAME");
}

void deny_free(struct deny *d)
{
	free(d->h);
}

static void reason(int *any, const char *label, uint64_t record)
{
	if (*any) {
		OUT_LIT(", ");
		return;
	}
	*any = 1;
	out_str(label);
	out_char(':');
	out_u64(record);
	OUT_LIT(": denied: ");
}

int deny_record(struct deny *d, enum uriscan_grammar g, const char *rec,
                size_t len, const char *label, uint64_t record, int quiet)
{
	struct host_info *h = d->h;
	uint32_t fl;
	int any = 0, hit_addr, hit_grammar;

	host_info_fill(h, g, rec, len);
	fl = h->flags & d->flags;
	hit_addr = h->addr.family != URISCAN_IP_NONE &&
	           (d->classes & (1u << h->addr.ip_class));
	/* the grammar's own host, when it is an address of another class */
	hit_grammar = h->grammar_class != URISCAN_IP_CLASS_NONE &&
	              h->grammar_class != h->addr.ip_class &&
	              (d->classes & (1u << h->grammar_class));
	if (!fl && !hit_addr && !hit_grammar)
		return 0;
	if (quiet)
		return 1;
	if (hit_addr) {
		reason(&any, label, record);
		out_str(uriscan_ip_class_name(h->addr.ip_class));
		OUT_LIT(" (");
		out_str(h->ip);
		out_char(')');
	}
	if (hit_grammar) {
		reason(&any, label, record);
		out_str(uriscan_ip_class_name(h->grammar_class));
		OUT_LIT(" (the grammar's host)");
	}
	for (unsigned i = 0; i < 32; i++)
		if (fl & (1u << i)) {
			reason(&any, label, record);
			OUT_LIT("flag:");
			out_str(uriscan_confusion_name(1u << i));
		}
	out_char('\n');
	out_end_record();
	return 1;
}
