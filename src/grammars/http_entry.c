/* SPDX-License-Identifier: MIT */
/*
 * http_entry.c: the state a rule's machine is in after a literal "http://"
 * or "https://", and what those bytes leave in a parse (http_entry.h says
 * why; gen.h, GEN_HTTP_ENTRY_V/_P, uses it).
 *
 * Found from the machine itself, as extract_entry.c finds the state after
 * a scheme: its step copy (the same Ragel machine, in the cold part) runs
 * over the prefix in a buffer of its own, one byte per call, so that no
 * run skip can move past a byte; then once over the whole prefix, which
 * must end the same. Every step must read its byte and not fail (a final
 * state on the way is fine: unlike the extractor's, this run keeps no
 * longest match, and the entry is only ever taken with the whole prefix
 * read). For a parse machine the result must be one a template can hold
 * (http_entry.h): committed components, marks moved within the prefix, and
 * the host type, kind and form; anything else, and there is no entry.
 * Whether a run skip that starts in the prefix could cross its end does
 * not matter: a skip leaves the machine in a state that loops on every
 * byte it skips (tests/core/check_skips.py proves it of every skip), so
 * entering that state at the prefix's end and stepping on is the same
 * run.
 *
 * Computed once per machine, at its first input that starts with either
 * prefix, by the one caller that swaps the slot from 0 to 1;
 * the template is written before the state is stored (release). No
 * allocation.
 */
#include <string.h>

#include "http_entry.h"
#include "uri_reset.h"

/* Does v (the result after the prefix) differ from r (reset) only where a
 * template can say so? Fills *t. */
static int to_template(const struct uriscan_uri *r, const struct uriscan_uri *v,
                       const unsigned char *const *mk,
                       const unsigned char *buf, size_t n,
                       struct uriscan__http_tpl *t)
{
	memset(t, 0, sizeof *t);
	if (v->grammar != r->grammar || v->rule != r->rule ||
	    v->error_offset != r->error_offset || (v->present & r->present) != r->present)
		return 0;
	t->present = v->present & ~r->present;
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		if (v->part[c].off != r->part[c].off ||
		    v->part[c].len != r->part[c].len) {
			t->parts |= 1u << c;
			t->part[c] = v->part[c];
		}
		if (mk[c] < buf || mk[c] > buf + n)
			return 0;
		t->mk_off[c] = (uint64_t)(mk[c] - buf);
	}
	if (v->host_type != r->host_type || v->kind != r->kind ||
	    v->form != r->form) {
		t->other = 1;
		t->host_type = v->host_type;
		t->kind = v->kind;
		t->form = v->form;
	}
	return 1;
}

/* The state machine hm is in after prefix[0, n), and *t, or -1. */
static int after_prefix(const struct uriscan__http_machine *hm,
                        const char *prefix, size_t n,
                        struct uriscan__http_tpl *t)
{
	const struct uriscan__http_step *st = hm->step;
	unsigned char buf[8];
	struct uriscan_uri r, u, u2;
	const unsigned char *mk[URISCAN_COMPONENT_COUNT],
	    *mk2[URISCAN_COMPONENT_COUNT];
	int cs = hm->start, cs2 = hm->start;

	/* the copy must be the machine the hot function runs */
	if (st == NULL || st->start != hm->start ||
	    st->first_final != hm->first_final || st->error != hm->error ||
	    n > sizeof buf)
		return -1;
	memcpy(buf, prefix, n);
	/* padding too: the structs are compared as a whole below */
	memset(&r, 0, sizeof r);
	uriscan__uri_reset(&r, hm->g, hm->rule);
	memcpy(&u, &r, sizeof u);
	memcpy(&u2, &r, sizeof u2);
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		mk[c] = mk2[c] = buf;
	for (size_t i = 0; i < n; i++)
		if (st->exec(&cs, buf, buf + i, buf + i + 1, &u, mk) != 1 ||
		    cs == hm->error)
			return -1;
	if (st->exec(&cs2, buf, buf, buf + n, &u2, mk2) != n || cs2 != cs ||
	    memcmp(&u, &u2, sizeof u) != 0 || memcmp(mk, mk2, sizeof mk) != 0)
		return -1;
	if (!hm->tags) {
		memset(t, 0, sizeof *t);
		return cs;
	}
	return to_template(&r, &u, mk, buf, n, t) ? cs : -1;
}

void uriscan__http_entry_compute(const struct uriscan__http_machine *hm,
                                 struct uriscan__http_slot *slot)
{
	static const char *const prefix[2] = {"http://", "https://"};

	for (int i = 0; i < 2; i++) {
		int zero = 0;
		if (!atomic_compare_exchange_strong_explicit(
		        &slot->state[i], &zero, 1, memory_order_relaxed,
		        memory_order_relaxed))
			continue;
		int cs = after_prefix(hm, prefix[i], strlen(prefix[i]),
		                      &slot->tpl[i]);
		atomic_store_explicit(&slot->state[i], cs < 0 ? 1 : cs + 2,
		                      memory_order_release);
	}
}
