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
		if (n >= 5 && memcmp(s, "flag:", 5) == 0) {
			if (n == 5)
				cli_usage_error("--deny: 'flag:' needs the name of a "
				                "confusion flag (flag:multiple_at, ...: "
				                "see uriscan-inspect(1))");
			if (uriscan_confusion_from_name(s + 5, n - 5, &bit, NULL) !=
			    URISCAN_OK)
				cli_usage_error("--deny: unknown flag '%.*s' (see the "
				                "flags of uriscan-inspect(1))",
				                (int)(n - 5), s + 5);
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

/* Why the host of record h cannot be read (a status name), or NULL when
 * it can: a URL that browsers read (a special scheme, "//host") whose
 * reading fails (idna, syntax, too_long, ...), or one they do not read
 * whose grammar's host is not an address or a name (an IPvFuture literal;
 * a record the grammar refuses). uriscan cannot say where such a record
 * goes, so a deny list denies it (fails closed). */
static const char *unreadable(const struct host_info *h, const char *rec)
{
	if (h->browser_status == URISCAN_OK)
		return NULL;
	if (h->browser_status != URISCAN_E_UNSUPPORTED)
		return uriscan_status_name(h->browser_status);
	if (h->status != URISCAN_OK)
		return uriscan_status_name(h->status);
	/* no host (a relative reference, mailto:, urn: ...): OK */
	if (h->grammar_addr_status == URISCAN_OK)
		return NULL;
	return h->u.part[URISCAN_HOST].len > 1 &&
	               (rec[h->u.part[URISCAN_HOST].off + 1] | 0x20) == 'v'
	           ? "ipvfuture"
	           : uriscan_status_name(h->grammar_addr_status);
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
	const char *why;

	host_info_fill(h, g, rec, len);
	why = d->allow_unreadable ? NULL : unreadable(h, rec);
	fl = h->flags & d->flags;
	hit_addr = h->addr.family != URISCAN_IP_NONE &&
	           (d->classes & (1u << h->addr.ip_class));
	/* the grammar's own host, when it is an address of another class */
	hit_grammar = h->grammar_class != URISCAN_IP_CLASS_NONE &&
	              h->grammar_class != h->addr.ip_class &&
	              (d->classes & (1u << h->grammar_class));
	if (!fl && !hit_addr && !hit_grammar && !why)
		return 0;
	if (quiet)
		return 1;
	if (why) {
		reason(&any, label, record);
		OUT_LIT("unreadable host (");
		out_str(why);
		out_char(')');
	}
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
