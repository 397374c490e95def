/* SPDX-License-Identifier: MIT */
/*
 * http_entry.h: starting a rule's machine after a literal "http://" or
 * "https://" (src/grammars/http_entry.c finds the state; gen.h,
 * GEN_HTTP_ENTRY_V and GEN_HTTP_ENTRY_P, enter it). Internal; not installed.
 * Declarations and inline code only.
 *
 * A machine is deterministic: from its start, the bytes "https://" always
 * lead it to the same state, running the same actions. So when an input
 * begins with those bytes, the machine may start in that state 8 bytes
 * in, with the components and marks those bytes would have left, and the
 * run is the one from the first byte: same status, same error offset,
 * same components. On kasztp (all https) the scheme and "://" are about a
 * third of a URL's DFA steps (docs/performance.md, "Against ada (issue
 * 38)").
 */
#ifndef URISCAN_HTTP_ENTRY_H
#define URISCAN_HTTP_ENTRY_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* Exec alone, from state *csp over [p, pe) of an input that starts at s,
 * with no end of input in sight (no EOF action runs): the bytes read. A
 * validation machine's ignores u and mk. The copy of a hot machine that
 * scripts/gen_rules.py writes into the cold part (its states are the hot
 * copy's: the same Ragel machine), with the machine's constants. */
struct uriscan__http_step {
	size_t (*exec)(int *csp, const unsigned char *s, const unsigned char *p,
	               const unsigned char *pe, struct uriscan_uri *u,
	               const unsigned char **mk);
	int start, first_final, error;
};

/* A hot machine that has the entry: its step copy, its own constants (to
 * check against the copy's), and what a parse machine runs with. */
struct uriscan__http_machine {
	const struct uriscan__http_step *step;
	int start, first_final, error;
	int tags; /* a parse machine (records components) */
	enum uriscan_grammar g;
	unsigned rule;
};

/* What the prefix leaves in a parse: the components it committed, the
 * marks it moved (as offsets from the input's start), and the other
 * fields when it set them. */
struct uriscan__http_tpl {
	uint32_t present; /* bits set in u->present */
	uint32_t parts;   /* components whose part[] is not {0, 0} */
	uint32_t other;   /* 1: host_type, kind and form below are set */
	struct uriscan_span part[URISCAN_COMPONENT_COUNT];
	/* every mark, as an offset from the input's start (0 for those the
	 * prefix leaves at the start): all 22 set by 11 vector adds, of which
	 * gcc keeps those the machine reads, in place of GEN_MARKS_INIT's
	 * stores. A loop over the marks the prefix moves (4 for "https://" in
	 * RFC 3986) cost 44 instructions more per kasztp URL parsed. */
	uint64_t mk_off[URISCAN_COMPONENT_COUNT]
	    __attribute__((aligned(16)));
	enum uriscan_host_type host_type;
	enum uriscan_kind kind;
	unsigned form;
};

/* Per machine and prefix (0: "http://", 1: "https://"): the state + 2,
 * 1 when there is none (or while it is computed), 0 when not yet computed
 * (the machine then reads the input from its first byte); the template is
 * written before the state is published (release) and read after it is
 * seen (acquire), so a reader never sees it half written. */
struct uriscan__http_slot {
	atomic_int state[2];
	struct uriscan__http_tpl tpl[2];
};

/* A machine with the entry, by name (scripts/gen_rules.py writes a table
 * of them per grammar, uriscan__http_refs_<grammar>_<suffix>, ended by a
 * NULL name, for the tests). */
struct uriscan__http_ref {
	const char *name;
	const struct uriscan__http_machine *machine;
	struct uriscan__http_slot *slot;
};

/* Compute both entries of machine hm into *slot, where a slot is still 0:
 * the one caller that swaps it to 1 computes it; the others, meanwhile,
 * read their input from its first byte. Called by the machine at the first
 * input that starts with either prefix (gen.h, GEN_HTTP_ENTRY_V/_P), and
 * by the tests. No allocation; reads only its own buffers. */
void uriscan__http_entry_compute(const struct uriscan__http_machine *hm,
                                 struct uriscan__http_slot *slot);

/* Four bytes as one 32-bit word, as memcpy loads them; the mask of the
 * first three. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define URISCAN__W4(a, b, c, d)                                                \
	((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 |          \
	 (uint32_t)(d))
#define URISCAN__W3_MASK 0xffffff00u
#else
#define URISCAN__W4(a, b, c, d)                                                \
	((uint32_t)(d) << 24 | (uint32_t)(c) << 16 | (uint32_t)(b) << 8 |          \
	 (uint32_t)(a))
#define URISCAN__W3_MASK 0x00ffffffu
#endif
#define URISCAN__HTTP_W4 URISCAN__W4('h', 't', 't', 'p')
#define URISCAN__S_SLASHES_W4 URISCAN__W4('s', ':', '/', '/')
#define URISCAN__SLASHES_W4 URISCAN__W4(':', '/', '/', 0)

/* Two marks, or two of their offsets (uri_reset.h does the same for
 * part[]). */
typedef uint64_t uriscan__mk_v __attribute__((vector_size(16), aligned(8),
                                              may_alias));
_Static_assert(URISCAN_COMPONENT_COUNT == 22 &&
                   sizeof(const unsigned char *) == sizeof(uint64_t),
               "uriscan__http_apply sets 11 pairs of marks");

/* Put what template t says the prefix left into *u and every mark (marks
 * of an input starting at s; none set before). */
static inline void uriscan__http_apply(const struct uriscan__http_tpl *t,
                                       struct uriscan_uri *u,
                                       const unsigned char **mk,
                                       const unsigned char *s)
{
	const uriscan__mk_v *o = (const uriscan__mk_v *)(const void *)t->mk_off;
	uriscan__mk_v *m = (uriscan__mk_v *)(void *)mk;
	const uint64_t b = (uint64_t)(uintptr_t)s;
	const uriscan__mk_v sv = {b, b};

	m[0] = sv + o[0], m[1] = sv + o[1], m[2] = sv + o[2];
	m[3] = sv + o[3], m[4] = sv + o[4], m[5] = sv + o[5];
	m[6] = sv + o[6], m[7] = sv + o[7], m[8] = sv + o[8];
	m[9] = sv + o[9], m[10] = sv + o[10];
	u->present |= t->present;
	for (uint32_t b2 = t->parts; b2; b2 &= b2 - 1) {
		unsigned c = (unsigned)__builtin_ctz(b2);
		u->part[c] = t->part[c];
	}
	if (t->other) {
		u->host_type = t->host_type;
		u->kind = t->kind;
		u->form = t->form;
	}
}

#endif
