/* SPDX-License-Identifier: MIT */
/*
 * internal.h: definitions shared by the library's C files and the generated
 * machines. Internal; not installed. Every symbol declared here is hidden
 * (the library is built with -fvisibility=hidden and a version script).
 * Declarations only; nothing public (that is include/uriscan.h).
 */
#ifndef URISCAN_INTERNAL_H
#define URISCAN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* One rule of a grammar, as generated from ragel/<grammar>.rules. Both
 * functions return URISCAN_OK when [p, pe) matches the rule; else what
 * uriscan__rejected returns, with *eo (when eo is not NULL) set to the
 * offset where the match failed. */
struct uriscan__rule {
	const char *name; /* the RFC's name */
	int (*validate)(const unsigned char *p, const unsigned char *pe,
	                size_t *eo);
	/* as validate, and records components into *u (which the caller has
	 * reset: uri_reset.h), its kind for a URI reference; cleared as
	 * uriscan__rejected says when it fails. NULL for rules without
	 * components */
	int (*parse)(const unsigned char *p, const unsigned char *pe,
	             struct uriscan_uri *u, size_t *eo);
	/* Where validate and parse enter the rule's ASCII twin (gen.h, "ASCII
	 * twins"): the rule's own machines, which run when the twin stops at
	 * a byte >= 0x80 (uriscan__twin_rejected). NULL for every other
	 * rule. */
	int (*validate_own)(const unsigned char *p, const unsigned char *pe,
	                    size_t *eo);
	int (*parse_own)(const unsigned char *p, const unsigned char *pe,
	                 struct uriscan_uri *u, size_t *eo);
};

/* Is st a status about the bytes of an input (struct uriscan_error.input
 * names it)? The syntax statuses, E_TOO_LONG, E_IDNA, E_BASE_RELATIVE and
 * E_COMPONENT. */
static inline int uriscan__input_status(int st)
{
	switch (st) {
	case URISCAN_E_SYNTAX:
	case URISCAN_E_INCOMPLETE:
	case URISCAN_E_BAD_PERCENT:
	case URISCAN_E_BAD_CHAR:
	case URISCAN_E_BAD_UTF8:
	case URISCAN_E_TOO_LONG:
	case URISCAN_E_IDNA:
	case URISCAN_E_BASE_RELATIVE:
	case URISCAN_E_COMPONENT:
		return 1;
	default:
		return 0;
	}
}

/* Fill *err (when not NULL) with st, off, in and comp, and return st. The
 * input is NONE for a status that is not about an input. */
static inline int uriscan__error(struct uriscan_error *err, int st, size_t off,
                                 enum uriscan_input in, unsigned comp)
{
	if (err != NULL) {
		err->status = st;
		err->offset = off;
		err->input = uriscan__input_status(st) ? in : URISCAN_INPUT_NONE;
		err->component = comp;
	}
	return st;
}

/* The status of a one-input call, with its offset, into *err. */
static inline int uriscan__error1(struct uriscan_error *err, int st,
                                  size_t off)
{
	return uriscan__error(err, st, off, URISCAN_INPUT_FIRST,
	                      URISCAN_COMPONENT_NONE);
}

/* Does an options struct's size (opt->size) cover what the first version
 * of its type had (min)? A NULL opt does (the defaults). */
#define URISCAN__OPT_SIZE_OK(opt, min) ((opt) == NULL || (opt)->size >= (min))
/* Does opt->size cover field f of type T (a field appended later)? */
#define URISCAN__OPT_HAS(opt, T, f)                                            \
	((opt)->size >= offsetof(T, f) + sizeof(((T *)0)->f))

/* The kind of a parsed URI reference: a URI when it has a scheme. */
static inline enum uriscan_kind uriscan__kind_of(const struct uriscan_uri *u)
{
	return URISCAN_HAS(u, URISCAN_SCHEME) ? URISCAN_KIND_URI
	                                      : URISCAN_KIND_RELATIVE;
}

/*
 * A grammar's extraction machine (extract=RULE in ragel/<grammar>.rules):
 * exec runs the machine over [p, pe) from state *cs (start: `start`), leaves
 * *cs at the state after the bytes it consumed (`error` when it failed) and
 * returns how many it consumed (pe - p unless it failed). *lf is set to one
 * past the last byte after which the bytes read since the start match RULE
 * (left alone when no such byte was in [p, pe)). parse is RULE's parse
 * function (its tags machine), NULL if it has none.
 *
 * xexec (NULL if RULE has no tags machine) is the same run with RULE's tags
 * machine (states xstart, xerror): it records components into *u with the
 * marks mk[] (offsets from s; the caller sets every mark to s first). When
 * the run ends on the byte right after its last final transition (the byte
 * that failed, or pe), it ends the match there, as at the end of input: it
 * runs the EOF actions of the state after that transition, which commit the
 * components still open, and sets *ended to 1; then *u holds the
 * components of s[0, *lf - s). Otherwise *ended is 0. *cs and the count
 * are those of the run, as for exec.
 */
struct uriscan__xmachine {
	const char *rule;
	size_t (*exec)(int *cs, const unsigned char *p, const unsigned char *pe,
	               const unsigned char **lf);
	int (*parse)(const unsigned char *p, const unsigned char *pe,
	             struct uriscan_uri *u, size_t *eo);
	size_t (*xexec)(int *cs, const unsigned char *s, const unsigned char *p,
	                const unsigned char *pe, struct uriscan_uri *u,
	                const unsigned char **mk, const unsigned char **lf,
	                int *ended);
	int start;
	int error;
	int xstart;
	int xerror;
	/* The matches whose components extract_trim.c cuts back to a trimmed
	 * end without a parse: those of form (rule number) cut, of every form
	 * (URISCAN__CUT_ALL) or none (URISCAN__CUT_NONE); `extract_cut=` on
	 * the grammar line of ragel/<grammar>.rules */
	unsigned cut;
};
/* Neither is a rule number, nor URISCAN_FORM_NONE (the form of a match
 * whose grammar reports none, which "cut none" must not let through). */
#define URISCAN__CUT_NONE (~0u - 2)
#define URISCAN__CUT_ALL (~0u - 1)

/* The rules of one grammar, in the RFC's order. */
struct uriscan__gen {
	const struct uriscan__rule *rules;
	unsigned count;
	unsigned default_rule;
	const struct uriscan__xmachine *extract; /* NULL: no extraction */
};

/* The library's builds (codegen chosen by -Dragel_codegen). */
extern const struct uriscan__gen uriscan__gen_rfc3986_main;
extern const struct uriscan__gen uriscan__gen_rfc2396_main;
extern const struct uriscan__gen uriscan__gen_rfc1738_main;

/* The build of grammar g: URISCAN_OK and *gen, or E_GRAMMAR_UNKNOWN /
 * E_GRAMMAR_UNAVAILABLE. */
int uriscan__grammar_gen(enum uriscan_grammar g,
                         const struct uriscan__gen **gen);
/* The build of each grammar, NULL where it is not built (grammar.c). */
extern const struct uriscan__gen *const uriscan__gens[URISCAN_GRAMMAR_COUNT];
/* The build of grammar g, NULL if g is unknown or not built: one load, for
 * the per-call path of parse.c. */
static inline const struct uriscan__gen *uriscan__gen_get(enum uriscan_grammar g)
{
	return (unsigned)g < URISCAN_GRAMMAR_COUNT ? uriscan__gens[g] : NULL;
}
extern const struct uriscan__gen uriscan__gen_rfc3987_main;

/*
 * RFC 3987: name the syntax error at s[off] (off < len) when UTF-8 is the
 * cause: URISCAN_E_BAD_UTF8, URISCAN_E_BAD_CHAR or URISCAN_E_SYNTAX (a
 * character allowed elsewhere) for a byte >= 0x80 or a byte inside a
 * multi-byte character; -1 when s[off] is an ASCII byte that starts a
 * character (classify it as ASCII). Assumes
 * s[0..off) was accepted by the machine (so it is valid UTF-8 up to a
 * possibly unfinished last character). In iri_chars.c.
 */
int uriscan__utf8_classify(const unsigned char *s, size_t len, size_t off);
/* iri_chars.c: the strict UTF-8 character at s[i] (its length, 0 if
 * invalid); utf8.h has the steps of reading a character, iri_chars.h
 * which code points an IRI holds as they are. */
unsigned uriscan__utf8_next(const unsigned char *s, size_t len, size_t i,
                            uint32_t *cp);

/* The default tracking list (tracking_list.c, generated by
 * scripts/gen_tracking.py): the array uriscan_tracking_default returns,
 * and the same globs sorted by first byte, those starting with byte b at
 * [uriscan__tracking_first[b], uriscan__tracking_first[b + 1]). */
extern const char *const *const uriscan__tracking_list;
extern const char *const uriscan__tracking_by_first[];
extern const uint16_t uriscan__tracking_first[257];

/*
 * A machine of grammar g rejected s[0..len) at offset off: *u, when not
 * NULL, holds nothing but that offset (u->error_offset; present, host_type,
 * form and every part cleared); *eo = off when eo is not NULL. Returns the
 * error that names the byte at off: URISCAN_E_INCOMPLETE at the end,
 * URISCAN_E_BAD_UTF8 / BAD_CHAR / BAD_PERCENT, else URISCAN_E_SYNTAX. In
 * parse.c; the generated machines call it (gen.h, GEN_STATUS).
 */
int uriscan__rejected(enum uriscan_grammar g, const unsigned char *s,
                      size_t len, size_t off, struct uriscan_uri *u,
                      size_t *eo);
/*
 * The same for an ASCII twin (gen.h) standing in for rule R of grammar G,
 * twin = URISCAN__TWIN(G, R): when it stopped at a byte >= 0x80, the rule's
 * own machine (validate_own, parse_own of the library's build) runs on the
 * whole input and answers; anywhere else, uriscan__rejected for G. In
 * parse.c.
 */
int uriscan__twin_rejected(unsigned twin, const unsigned char *s, size_t len,
                           size_t off, struct uriscan_uri *u, size_t *eo);
#define URISCAN__TWIN(G, R) (((unsigned)(R) << 8) | (unsigned)(G))
#define URISCAN__TWIN_GRAMMAR(t) ((enum uriscan_grammar)((t) & 0xffu))
#define URISCAN__TWIN_RULE(t) ((t) >> 8)

/*
 * Run one rule of a build on s[0..len): the whole of uriscan_validate_rule /
 * uriscan_parse_rule after the grammar lookup, shared with the differential
 * test that links a second build. out and error_offset may each be NULL.
 */
int uriscan__run(const struct uriscan__gen *gen, enum uriscan_grammar g,
                 unsigned rule, const char *s, size_t len, unsigned flags,
                 struct uriscan_uri *out, size_t *error_offset);

/* The bytes of a scheme (scheme_class.c), as the extractor's walk back
 * reads them and its machines' entry closes over them: C_SCHEME for ALPHA
 * / DIGIT / "+" / "-" / ".", C_ALPHA too for ALPHA (a scheme's first
 * byte). */
enum { C_SCHEME = 1, C_ALPHA = 2 };
extern const unsigned char uriscan__scheme_class[256];

#endif
