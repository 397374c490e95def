/* SPDX-License-Identifier: MIT */
/*
 * vector_check.c: whether one run of a case of test_vectors.c (the results
 * of uriscan_parse_rule and uriscan_validate_rule, or of uriscan__run) meets
 * the expectation of its vector: the status and its offset, or the
 * components, host_type, kind and form; and whether two runs gave identical
 * results. It writes diagnostics; test_vectors.c reports the TAP points.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "tap.h"
#include "uriscan.h"
#include "vector_check.h"
#include "vector_file.h"

static const char *stname(int st)
{
	return uriscan_status_name(st);
}

__attribute__((format(printf, 2, 3))) static void diag_who(const char *who,
                                                          const char *fmt,
                                                          ...)
{
	va_list ap;
	printf("#   %s: ", who);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* 1 if r meets the expectation of v, else 0 with a diagnostic. */
int check_result(const struct vcase *v, const struct result *r,
                 const char *who)
{
	const struct uriscan_uri *u = &r->u;
	int ok = 1;
#define FAIL(...)                                                              \
	do {                                                                       \
		diag_who(who, __VA_ARGS__);                                            \
		ok = 0;                                                                \
	} while (0)
	if (r->pstatus != r->vstatus || u->error_offset != r->veo)
		FAIL("parse and validate disagree");
	if (v->valid) {
		if (r->pstatus != URISCAN_OK)
			FAIL("expected valid");
		if (r->pstatus != URISCAN_OK || r->vstatus != URISCAN_OK) {
			tap_diag("    parse %s@%zu, validate %s@%zu",
			         stname(r->pstatus), u->error_offset,
			         stname(r->vstatus), r->veo);
			return 0;
		}
		if (u->error_offset != 0 || r->veo != 0)
			FAIL("error offset not 0 on success");
		if (u->grammar != G || u->rule != v->rule)
			FAIL("grammar/rule not recorded");
		for (int c = 0; c < NCOMP; c++)
			if (((u->present >> c) & 1u) &&
			    (uint64_t)u->part[c].off + u->part[c].len > v->len)
				FAIL("span of %s out of the input", comp_key[c]);
		if (!v->check_parts)
			return ok;
		if (u->present != v->present)
			FAIL("present bits 0x%x, expected 0x%x",
			     (unsigned)u->present, (unsigned)v->present);
		for (int c = 0; c < NCOMP; c++) {
			if (!((v->present & u->present) >> c & 1u))
				continue;
			if (u->part[c].off != v->exp_off[c] ||
			    u->part[c].len != v->val_len[c])
				FAIL("%s is [%u,+%u), expected [%u,+%zu)",
				     comp_key[c],
				     (unsigned)u->part[c].off,
				     (unsigned)u->part[c].len,
				     (unsigned)v->exp_off[c], v->val_len[c]);
		}
		if (u->host_type != v->host_type)
			FAIL("host_type %s, expected %s",
			     uriscan_host_type_name(u->host_type),
			     uriscan_host_type_name(v->host_type));
		if (u->kind != v->kind)
			FAIL("kind %s, expected %s",
			     uriscan_kind_name(u->kind), uriscan_kind_name(v->kind));
		if (u->form != v->form)
			FAIL("form %s, expected %s",
			     u->form == URISCAN_FORM_NONE ? "none"
			                                  : uriscan_rule_name(G, u->form),
			     v->form == URISCAN_FORM_NONE ? "none"
			                                  : uriscan_rule_name(G, v->form));
	} else {
		if (r->pstatus != v->status || u->error_offset != v->offset ||
		    r->vstatus != v->status || r->veo != v->offset)
			FAIL("parse %s@%zu, validate %s@%zu, expected %s@%zu",
			     stname(r->pstatus), u->error_offset,
			     stname(r->vstatus), r->veo, stname(v->status),
			     v->offset);
		if (r->pstatus != URISCAN_OK &&
		    (u->present != 0 || u->host_type != URISCAN_HOST_NONE ||
		     u->kind != URISCAN_KIND_NONE || u->form != URISCAN_FORM_NONE))
			FAIL("failed parse reports components/host_type/kind");
	}
#undef FAIL
	return ok;
}

/* 1 if two runs gave identical results (status, offsets, components). */
int same_result(const struct result *a, const struct result *b)
{
	if (a->pstatus != b->pstatus || a->vstatus != b->vstatus ||
	    a->veo != b->veo || a->u.error_offset != b->u.error_offset ||
	    a->u.present != b->u.present || a->u.host_type != b->u.host_type ||
	    a->u.kind != b->u.kind || a->u.form != b->u.form)
		return 0;
	for (int c = 0; c < NCOMP; c++)
		if ((a->u.present >> c & 1u) &&
		    (a->u.part[c].off != b->u.part[c].off ||
		     a->u.part[c].len != b->u.part[c].len))
			return 0;
	return 1;
}
