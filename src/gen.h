/*
 * gen.h: what the generated rule machines (scripts/gen_rules.py output,
 * compiled by ragel) need from the C side. Internal; not installed.
 */
#ifndef URISCAN_GEN_H
#define URISCAN_GEN_H

#include "internal.h"

/* A build of the grammars is told apart by GEN_SUFFIX (-DURISCAN_GEN_SUFFIX),
 * so the library's -G2 build and a -T0 build can be linked into one test. */
#ifndef URISCAN_GEN_SUFFIX
#define URISCAN_GEN_SUFFIX _main
#endif
#define GEN_CAT2_(a, b) a##b
#define GEN_CAT_(a, b) GEN_CAT2_(a, b)
#define GEN_SYM(g) GEN_CAT_(uriscan__gen_##g, URISCAN_GEN_SUFFIX)

/* Marks: one per component, all starting at the start of the input, so a
 * rule that begins with a component (authority, host, ...) needs no action
 * to mark it. */
#define GEN_MARKS_INIT()                                                       \
	do {                                                                       \
		for (unsigned gen_i_ = 0; gen_i_ < URISCAN_COMPONENT_COUNT; gen_i_++) \
			mk[gen_i_] = s;                                                    \
	} while (0)
#define MARK_HERE(c) (mk[(c)] = p)
#define MARK_NEXT(c) (mk[(c)] = p + 1)
#define COMMIT(c)                                                              \
	do {                                                                       \
		u->part[(c)].off = (uint32_t)(mk[(c)] - s);                           \
		u->part[(c)].len = (uint32_t)(p - mk[(c)]);                           \
		u->present |= 1u << (c);                                               \
	} while (0)

/* After exec: valid when the machine stopped in a final state having read
 * everything. Otherwise *eo is where it stopped: the offending byte when the
 * machine hit its error state, the end of input when it ran out. */
#define GEN_RESULT(m)                                                          \
	(cs >= m##_first_final && p == pe                                          \
	     ? 1                                                                   \
	     : (*eo = (cs == m##_error ? (size_t)(p - s) : (size_t)(pe - s)), 0))

extern const struct uriscan__gen GEN_SYM(rfc3986);
extern const struct uriscan__gen GEN_SYM(rfc3987);

#endif
