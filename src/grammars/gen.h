/* SPDX-License-Identifier: MIT */
/*
 * gen.h: what the generated rule machines (scripts/gen_rules.py output,
 * compiled by ragel) need from the C side. Internal; not installed.
 * Declarations and macros only: no mutable data, no allocation.
 */
#ifndef URISCAN_GEN_H
#define URISCAN_GEN_H

#include <string.h>

#include "http_entry.h"
#include "internal.h"
#include "uri_fast.h"

/* A build of the grammars is told apart by GEN_SUFFIX (-DURISCAN_GEN_SUFFIX),
 * so the library's -G2 build and a -T0 build can be linked into one test. */
#ifndef URISCAN_GEN_SUFFIX
#define URISCAN_GEN_SUFFIX _main
#endif
#define GEN_CAT2_(a, b) a##b
#define GEN_CAT_(a, b) GEN_CAT2_(a, b)
#define GEN_SYM(g) GEN_CAT_(uriscan__gen_##g, URISCAN_GEN_SUFFIX)

/* The hot machines' functions (the default rule's, the parse machines of the
 * extraction rule and of the rules marked hot, the extraction machines;
 * scripts/gen_rules.py is_hot) in one section, so the code that
 * every uriscan_parse, uriscan_validate and extraction runs lies together
 * (ELF linkers place .text.hot.* at the start of .text): 9-20 % more URLs/s
 * on kasztp than with it spread among the 2 MB of rule machines, for 2.5 %
 * fewer instructions (docs/performance.md, "Per call: the entry points"). */
#if defined(__GNUC__) && defined(__ELF__)
#define GEN_HOT __attribute__((section(".text.hot.uriscan")))
#else
#define GEN_HOT
#endif

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

/* Byte classes of the fast paths (ragel/rfc3986_tags.rl): bit GEN_CLASS_PCHAR
 * for the plain bytes of a path segment (unreserved, sub-delims, ':' and
 * '@'), GEN_CLASS_QUERY for those and '/' and '?', GEN_CLASS_HOST for the
 * bytes of a reg-name, GEN_CLASS_PATH for a pchar's and '/' (the segments of
 * a path after its first, run through at once). */
#define GEN_CLASS_PCHAR 1u
#define GEN_CLASS_QUERY 2u
#define GEN_CLASS_HOST 4u /* unreserved / sub-delims */
/* RFC 1738's (ragel/rfc1738_tags.rl; its unreserved has no '~'): xchar,
 * an hpath byte (hsegment or '/'), a search (and hsegment) byte, an fpath
 * byte (fsegment or '/'); escapes excluded as above. */
#define GEN_CLASS_XCHAR 8u
#define GEN_CLASS_HPATH 16u
#define GEN_CLASS_SEARCH 32u
#define GEN_CLASS_FPATH 64u
/* GEN_CLASS_PCHAR and '/': a plain byte of a path after its start (RFC 3986
 * and 3987 segments with their slashes, RFC 2396's path_segments) */
#define GEN_CLASS_PATH 128u
/* ALPHA and DIGIT: inside an RFC 2396 hostname label (rfc2396_tags.rl) */
#define GEN_CLASS_ALNUM 256u
#define GEN_IS_ALPHA(c) ((unsigned)(((c) | 0x20) - 'a') < 26u)
extern const unsigned short uriscan__gen_class[256];
/* A run goes to SIMD from its first byte (skip_simd.c: AVX-512, 64 bytes
 * per step, the last ones by a masked load; AVX2, 32, or SSSE3, 16, the
 * last few bytes by one load of the 32 or 16 before pe) when the CPU has it
 * and the environment does not turn it off (URISCAN_NO_SIMD,
 * URISCAN_NO_AVX2, URISCAN_NO_AVX512); else to the scalar loops below.
 * (docs/performance.md, "Fast paths in the machines", has the counts.) */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define URISCAN__HAVE_SKIP_SIMD 1
/* From p (on a byte of class cls), the last byte of the run of class cls,
 * never reading before s or at or past pe (s <= p < pe: the machine's start
 * of input). */
typedef const unsigned char *uriscan__skip_fn(const unsigned char *s,
                                              const unsigned char *p,
                                              const unsigned char *pe,
                                              unsigned cls);
uriscan__skip_fn uriscan__skip_ssse3, uriscan__skip_avx2, uriscan__skip_avx512;
/* The levels of SIMD, each needing the CPU features of those below it
 * (AVX512: AVX-512 F and BW, and BMI1 and BMI2). */
enum {
	URISCAN__SIMD_NONE,
	URISCAN__SIMD_SSSE3,
	URISCAN__SIMD_AVX2,
	URISCAN__SIMD_AVX512
};
/* The highest level the CPU has, and the OS (gcc's answers for AVX2 and
 * AVX-512 count only registers the OS saves), whatever the environment. */
int uriscan__simd_level_cpu(void);
/* The level the environment asks for (URISCAN_NO_SIMD set and not "0":
 * none; URISCAN_NO_AVX2 so: SSSE3 at most; URISCAN_NO_AVX512 so: AVX2 at
 * most) capped at what the CPU has. The environment is read once, when the
 * library is loaded (skip_simd.c); each extractor asks (extract_find.c). */
int uriscan__simd_level_wanted(void);
/* The skips by level (URISCAN__SIMD_*; NULL at NONE, the scalar loops),
 * which the machines call through URISCAN__SKIP_TAB[uriscan__skip_lv].
 * The tables are const: a PIC library or PIE program keeps them in memory
 * the loader makes read-only once relocated (RELRO, with BIND_NOW: the
 * build links with -z relro -z now), so that no stray write can send a
 * machine's call elsewhere; what changes at run time is the level, a byte
 * whose every value (masked to 0-3) names one of these four. */
extern uriscan__skip_fn *const uriscan__skip_tab[4];
/* The extraction machines' (scripts/gen_rules.py defines URISCAN__SKIP_TAB
 * to it around them): the same but AVX2 at AVX-512. A match's runs are
 * short and the buffer goes on past them, so the AVX-512 skip takes its
 * 64-byte steps there, and those measured 2-8 % slower per URL than AVX2's
 * 32-byte ones (docs/performance.md, "SIMD run skips"). */
extern uriscan__skip_fn *const uriscan__skip_tab_x[4];
/* The level in use: set when the library is loaded; test_skip and the fuzz
 * target switch it with uriscan__skip_use (nothing else writes it). */
extern unsigned char uriscan__skip_lv;
#ifndef URISCAN__SKIP_TAB
#define URISCAN__SKIP_TAB uriscan__skip_tab
#endif
/* Use the skip of `level`, or of the highest level below it that the CPU
 * has: the level now in use. */
int uriscan__skip_use(int level);
/* The level of the skip in use (uriscan__skip_lv). */
int uriscan__skip_level(void);
#define SKIP_SIMD_(cls)                                                        \
	if (uriscan__skip_lv != URISCAN__SIMD_NONE) {                              \
		p = URISCAN__SKIP_TAB[uriscan__skip_lv & 3](s, p, pe, (cls));          \
		break;                                                                 \
	}
#else
#define URISCAN__HAVE_SKIP_SIMD 0
#define SKIP_SIMD_(cls)
#endif
/* Consume the bytes after p that are in class cls, leaving p on the last one
 * (the machine then steps past it as usual). Never reads at or past pe, nor
 * before s. Scalar: four bytes per step while they are all in the class,
 * then one by one. */
#define SKIP(cls)                                                              \
	do {                                                                       \
		SKIP_SIMD_(cls)                                                        \
		while (pe - p > 4 &&                                                   \
		       (uriscan__gen_class[p[1]] & uriscan__gen_class[p[2]] &         \
		        uriscan__gen_class[p[3]] & uriscan__gen_class[p[4]] & (cls))) \
			p += 4;                                                            \
		while (p + 1 < pe && (uriscan__gen_class[p[1]] & (cls)))              \
			p++;                                                               \
	} while (0)

/* Commit component c as [a, b) (pointers into the input). */
#define COMMIT_SPAN(c, a, b)                                                   \
	do {                                                                       \
		u->part[(c)].off = (uint32_t)((a) - s);                               \
		u->part[(c)].len = (uint32_t)((b) - (a));                             \
		u->present |= 1u << (c);                                               \
	} while (0)
/* Forget component c (a guess of a branch that lost). */
#define DROP(c) (u->present &= ~(1u << (c)))

/* An accepted parse of a URI reference (ref 1) has its kind. */
static inline void uriscan__gen_accepted(struct uriscan_uri *u, int ref)
{
	if (ref)
		u->kind = uriscan__kind_of(u);
}

/* After exec, the machine of a rule of grammar G returns URISCAN_OK when
 * it stopped in a final state having read everything (a parse machine of a
 * URI reference, REF 1, also sets the kind). Otherwise uriscan__rejected
 * (parse.c) takes where it stopped, the offending byte when the machine
 * hit its error state, the end of input when it ran out, clears U (the
 * result of a parse machine; NULL for a validate machine) and returns the
 * error: so that the entry points in parse.c end in a tail call, with
 * nothing to do after the machine. GEN_STATUS_BY: the same with another
 * function of uriscan__rejected's arguments in its place (an ASCII twin's,
 * below). */
#define GEN_STATUS(m, G, U, REF) GEN_STATUS_BY(uriscan__rejected, m, G, U, REF)
#define GEN_STATUS_BY(REJECTED, m, G, U, REF)                                  \
	(cs >= m##_first_final && p == pe                                          \
	     ? (uriscan__gen_accepted((U), (REF)), URISCAN_OK)                     \
	     : REJECTED((G), s, (size_t)(pe - s),                                  \
	                cs == m##_error ? (size_t)(p - s) : (size_t)(pe - s),      \
	                (U), eo))

/* ASCII twins (scripts/gen_rules.py, ascii=): a rule of one grammar (RFC
 * 3987's IRI-reference) run as the machine of another grammar's rule (RFC
 * 3986's URI-reference) that matches the same ASCII strings, with the same
 * components, stopping at the same offset on the same byte (RFC 3987's
 * rules are RFC 3986's with ucschar and iprivate added, both non-ASCII);
 * the rule's own machine for what is not ASCII. The entry (GEN_ASCII_OR)
 * looks at the ends of the input, where a non-ASCII character most often
 * is (the last path segment, the query; the host of a short URL), and
 * goes to the rule's own machine when either has a byte >= 0x80. Else the
 * twin runs, and stops at the first byte >= 0x80 at the latest (no RFC
 * 3986 string has one); it ends in GEN_STATUS_BY(uriscan__twin_rejected)
 * with URISCAN__TWIN(grammar, rule) for the grammar, which runs the rule's
 * own machine on the whole input when the twin stopped at such a byte
 * (parse.c). The twin is thus the other grammar's machine but for what it
 * calls on a failure, and gcc compiles it alike (a test of the byte in the
 * twin itself made it compile otherwise, and run 7 % slower on short
 * paths). Looking at every
 * byte first would cost a loop on long URLs (5-10 % of an RFC 3986 parse
 * on real lists); running the twin alone, half as much again on URLs
 * whose last segment is not ASCII (docs/performance.md, "RFC 3987: the
 * ASCII twin"). */

/* Whether the first and the last 16 bytes of p[0..pe) (every byte up to 32)
 * are ASCII, loading nothing outside p[0..pe). */
static inline int uriscan__gen_ascii_ends(const unsigned char *p,
                                          const unsigned char *pe)
{
	const size_t n = (size_t)(pe - p);
	uint64_t a, b;

	if (n >= 8) {
		/* 16 or more: p, p + 8, pe - 16, pe - 8; 8 to 15: p and pe - 8
		 * twice. k without a branch: the lengths of a list fall on both
		 * sides of 16, and a branch there mispredicts (28 % of
		 * apache_log_targets is 8-15 bytes long, 69 % longer) */
		const size_t k = n >= 16 ? 8 : 0;
		uint64_t c, d;
		memcpy(&a, p, 8), memcpy(&b, p + k, 8);
		memcpy(&c, pe - 8 - k, 8), memcpy(&d, pe - 8, 8);
		a |= c, b |= d;
	} else if (n >= 4) {
		uint32_t c, d;
		memcpy(&c, p, 4);
		memcpy(&d, pe - 4, 4);
		a = c, b = d;
	} else {
		/* every byte of 1 to 3, none of 0 */
		a = n ? p[0] | p[n / 2] : 0;
		b = n ? p[n - 1] : 0;
	}
	return ((a | b) & 0x8080808080808080ULL) == 0;
}

/* The entry of a rule with an ASCII twin: TWIN, or the rule's own machine
 * OWN when the ends of the input are not ASCII. Both are tail calls, so the
 * entry has no frame (TWIN is GEN_NOINLINE). */
#define GEN_ASCII_OR(TWIN, OWN, ...)                                           \
	(uriscan__gen_ascii_ends(p, pe) ? TWIN(__VA_ARGS__) : OWN(__VA_ARGS__))
#define GEN_NOINLINE __attribute__((noinline))

/* The http entry (http_entry.h): after `write init`, in the functions of
 * the default rule's machines (scripts/gen_rules.py, has_entry). An input
 * of 8 bytes or more that starts with "https://" or "http://" is entered
 * in the state those bytes lead machine M to, 8 or 7 bytes in, once
 * src/grammars/http_entry.c has found it (slot M_hs, machine M_hm; at the first
 * input that starts so: computed when the library is loaded instead, by a
 * constructor, it saved 1-2 instructions per URL); a parse machine
 * also gets what the bytes left in *u and the marks. Every other input
 * pays a length test and one 4-byte load and compare ("http"); one 8-byte
 * load and two 64-bit compares (constants loaded by a movabs each) cost
 * 4-7 instructions more per URL on lists without http
 * (apache_log_targets, node_files). ("http://" alone, 7 bytes, goes the
 * plain way: the second load of 4 bytes would pass its end.) */
#define GEN_HTTP_ENTRY_(M, I, N, APPLY)                                        \
	do {                                                                       \
		int v_ = atomic_load_explicit(&M##_hs.state[I], memory_order_acquire); \
		if (v_ >= 2) {                                                         \
			cs = v_ - 2;                                                       \
			APPLY;                                                             \
			p += (N);                                                          \
		} else if (v_ == 0) {                                                  \
			uriscan__http_entry_compute(&M##_hm, &M##_hs);                     \
		}                                                                      \
	} while (0)
#define GEN_HTTP_ENTRY_BY_(M, APPLY0, APPLY1)                                  \
	do {                                                                       \
		uint32_t a_, b_;                                                       \
		if (pe - p < 8)                                                        \
			break;                                                             \
		memcpy(&a_, p, 4);                                                     \
		if (a_ != URISCAN__HTTP_W4)                                            \
			break;                                                             \
		memcpy(&b_, p + 4, 4);                                                 \
		if (b_ == URISCAN__S_SLASHES_W4)                                       \
			GEN_HTTP_ENTRY_(M, 1, 8, APPLY1);                                  \
		else if ((b_ & URISCAN__W3_MASK) == URISCAN__SLASHES_W4)               \
			GEN_HTTP_ENTRY_(M, 0, 7, APPLY0);                                  \
	} while (0)
#define GEN_HTTP_ENTRY_V(M) GEN_HTTP_ENTRY_BY_(M, (void)0, (void)0)
/* A parse machine's: in place of GEN_MARKS_INIT (the template sets every
 * mark). */
#define GEN_HTTP_ENTRY_P(M)                                                    \
	do {                                                                       \
		const struct uriscan__http_tpl *t_ = NULL;                             \
		GEN_HTTP_ENTRY_BY_(M, t_ = &M##_hs.tpl[0], t_ = &M##_hs.tpl[1]);       \
		if (t_ != NULL)                                                        \
			uriscan__http_apply(t_, u, mk, s);                                 \
		else                                                                   \
			GEN_MARKS_INIT();                                                  \
	} while (0)

/* RFC 3986's URI-reference, and RFC 3987's IRI-reference by its ASCII
 * twin (scripts/gen_rules.py, has_fast): an input of 16 bytes or more that
 * starts with "http", when AVX2 is in use (URISCAN_NO_AVX2 and
 * URISCAN_NO_SIMD turn it off, as they do the skips), goes to the read of
 * src/grammars/uri_fast.h (AVX-512's at that level, else AVX2's). The read
 * answers URISCAN_OK for a valid URI of the forms it takes, and RFC 3986's
 * error at a byte >= 0x80 after valid bytes (the _IRI_ forms, RFC 3987's: not
 * that), and hands every other input to the machine M (RFC 3987's: its
 * ASCII twin, which runs the rule's own machine when it meets a byte >=
 * 0x80). Any other input goes to ELSE at once (the machine, or the entry
 * that picks the twin or the rule's own machine). Both are tail
 * calls, so the entry point that the rule's table names has no frame, and
 * the machine's function is not entered when the read answers. */
#if URISCAN__HAVE_SKIP_SIMD
static inline int uriscan__gen_fast_ok(const unsigned char *p,
                                       const unsigned char *pe)
{
	uint32_t a;

	if (pe - p < 16)
		return 0;
	memcpy(&a, p, 4);
	return a == URISCAN__HTTP_W4 && uriscan__skip_lv >= URISCAN__SIMD_AVX2;
}
/* The read of the SIMD level in use: AVX-512's (uri_fast512.c) or AVX2's. */
#define GEN_URI_FAST_(F, ...)                                                  \
	(uriscan__skip_lv == URISCAN__SIMD_AVX512                                  \
	     ? uriscan__uri_fast512##F(__VA_ARGS__)                                \
	     : uriscan__uri_fast##F(__VA_ARGS__))
#define GEN_URI_FAST_OR_V(M, ELSE)                                             \
	(uriscan__gen_fast_ok(p, pe) ? GEN_URI_FAST_(_v, p, pe, eo, M) : (ELSE))
#define GEN_URI_FAST_OR_P(M, ELSE)                                             \
	(uriscan__gen_fast_ok(p, pe) ? GEN_URI_FAST_(_p, p, pe, u, eo, M) : (ELSE))
#define GEN_URI_FAST_IRI_OR_V(M, ELSE)                                        \
	(uriscan__gen_fast_ok(p, pe) ? GEN_URI_FAST_(_iri_v, p, pe, eo, M)       \
	                             : (ELSE))
#define GEN_URI_FAST_IRI_OR_P(M, ELSE)                                        \
	(uriscan__gen_fast_ok(p, pe) ? GEN_URI_FAST_(_iri_p, p, pe, u, eo, M)    \
	                             : (ELSE))
#else
#define GEN_URI_FAST_OR_V(M, ELSE) (ELSE)
#define GEN_URI_FAST_OR_P(M, ELSE) (ELSE)
#define GEN_URI_FAST_IRI_OR_V(M, ELSE) (ELSE)
#define GEN_URI_FAST_IRI_OR_P(M, ELSE) (ELSE)
#endif

extern const struct uriscan__gen GEN_SYM(rfc3986);
extern const struct uriscan__gen GEN_SYM(rfc2396);
extern const struct uriscan__gen GEN_SYM(rfc1738);
extern const struct uriscan__gen GEN_SYM(rfc3987);

#endif
