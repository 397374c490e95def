/* SPDX-License-Identifier: MIT */
/*
 * confusion_fast_parsed.c: the fast path of the URL-confusion flags (confusion.h)
 * for a URL that a parse by an ASCII grammar (RFC 3986, 2396, 1738) found
 * valid, its first 64 bytes read at once with AVX2: one 64-bit mask per
 * class of byte (label, '.', '-', '%', '/'), bit b for s[b], and the host,
 * the dots of the path and the '%'s read from the masks, without a loop
 * over blocks (a URL of 16 to 31 bytes: its first and last 16 bytes in
 * one vector). The rest of a longer URL goes to uriscan__cf_tail_parsed.
 * The same answers as confusion_fast.c's fast_parsed (SSE2), which runs
 * when the CPU has no AVX2 or URISCAN_NO_AVX2 / URISCAN_NO_SIMD is set
 * (uriscan__skip_lv); test_confusion runs both ways, and compares each
 * answer with the full reading's.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "confusion.h"
#include "confusion_parsed.h"
#include "gen.h"
#include "uriscan.h"

#if URISCAN__HAVE_SKIP_SIMD
#include <immintrin.h>

/* The classes of the bytes of s[0, min(len, 64)) (16 <= len). */
struct window {
	uint64_t label, dot, dash, pct, slash;
};

/* Vector constants, loaded (or folded into an instruction) from memory:
 * _mm256_set1_epi8 in a function of target("avx2"), in a file built
 * without it, made a mov, a vmovd and a vpbroadcastb of each, every call
 * (src/grammars/uri_fast.c says the same). The ranges: a byte in [lo, hi]
 * (below 0x80) plus 0x80 - lo is below hi - lo - 127 as a signed byte. */
enum { K_CASE, K_A, K_AZ, K_0, K_09, K_DOT, K_DASH, K_PCT, K_SLASH, K_N };
#define K32(c)                                                                 \
	{(char)(c), (char)(c), (char)(c), (char)(c), (char)(c), (char)(c),         \
	 (char)(c), (char)(c), (char)(c), (char)(c), (char)(c), (char)(c),         \
	 (char)(c), (char)(c), (char)(c), (char)(c), (char)(c), (char)(c),         \
	 (char)(c), (char)(c), (char)(c), (char)(c), (char)(c), (char)(c),         \
	 (char)(c), (char)(c), (char)(c), (char)(c), (char)(c), (char)(c),         \
	 (char)(c), (char)(c)}
static const char k_tab[K_N][32] __attribute__((aligned(32))) = {
    [K_CASE] = K32(0x20),         [K_A] = K32(0x80 - 'a'),
    [K_AZ] = K32('z' - 'a' - 127), [K_0] = K32(0x80 - '0'),
    [K_09] = K32('9' - '0' - 127), [K_DOT] = K32('.'),
    [K_DASH] = K32('-'),          [K_PCT] = K32('%'),
    [K_SLASH] = K32('/')};
/* through a pointer the compiler cannot see into (an empty asm that may
 * change it): else it folds the loads into constants again */
static inline const char (*k_tab_ptr(void))[32]
{
	const char(*k)[32] = k_tab;
	__asm__("" : "+r"(k));
	return k;
}
#define K(k) _mm256_load_si256((const __m256i *)(const void *)kt[k])

__attribute__((target("avx2"))) static inline uint64_t
bits32(__m256i m)
{
	return (uint32_t)_mm256_movemask_epi8(m);
}

/* The classes of the 32 bytes of v, bit b for byte b. */
__attribute__((target("avx2"))) static inline void
classes(__m256i v, struct window *c)
{
	const char(*kt)[32] = k_tab_ptr();
	__m256i lower = _mm256_or_si256(v, K(K_CASE));
	__m256i alpha = _mm256_cmpgt_epi8(K(K_AZ), _mm256_add_epi8(lower, K(K_A)));
	__m256i digit = _mm256_cmpgt_epi8(K(K_09), _mm256_add_epi8(v, K(K_0)));

	c->label = bits32(_mm256_or_si256(alpha, digit));
	c->dot = bits32(_mm256_cmpeq_epi8(v, K(K_DOT)));
	c->dash = bits32(_mm256_cmpeq_epi8(v, K(K_DASH)));
	c->pct = bits32(_mm256_cmpeq_epi8(v, K(K_PCT)));
	c->slash = bits32(_mm256_cmpeq_epi8(v, K(K_SLASH)));
}

/* The 32 bytes at s + o into the masks, at bit o (o + 32 <= 64). Two
 * windows that overlap read the same bytes: their bits agree. */
__attribute__((target("avx2"))) static inline void
classify(const unsigned char *s, unsigned o, struct window *w)
{
	struct window c;

	classes(_mm256_loadu_si256((const __m256i *)(const void *)(s + o)), &c);
	w->label |= c.label << o;
	w->dot |= c.dot << o;
	w->dash |= c.dash << o;
	w->pct |= c.pct << o;
	w->slash |= c.slash << o;
}

/* s[0, len) (16 <= len < 32) into the masks: s[0, 16) and s[len - 16,
 * len) as the halves of one vector, the high half's bits moved to bit
 * len - 16 (where the halves overlap, their bits agree). */
__attribute__((target("avx2"))) static inline void
classify_short(const unsigned char *s, size_t len, struct window *w)
{
	struct window c;
	unsigned o = (unsigned)(len - 16);
	__m128i lo = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(s + o));

	classes(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1), &c);
	w->label = (c.label & 0xffff) | (c.label >> 16 << o);
	w->dot = (c.dot & 0xffff) | (c.dot >> 16 << o);
	w->dash = (c.dash & 0xffff) | (c.dash >> 16 << o);
	w->pct = (c.pct & 0xffff) | (c.pct >> 16 << o);
	w->slash = (c.slash & 0xffff) | (c.slash >> 16 << o);
}

/* Bits [0, n) (1 <= n <= 64), without a branch. */
static inline uint64_t below(size_t n)
{
	return ~(uint64_t)0 >> (64 - n);
}

/* The host [i, he), its port and path as the parse gives them:
 * [*e, *pe) the path, the authority ending at *e; 1 when they lie in
 * the window (he <= avail, he > i, e <= avail), else -1 (the other fast
 * paths decide), 0 when the full reading must. Read before the bytes
 * are classified: no call is left between the vectors and their masks. */
static inline int window_parts(const unsigned char *s, size_t len,
                               size_t avail, size_t i,
                               const struct uriscan_uri *u, size_t *he,
                               size_t *e, size_t *pe)
{
	*he = i + u->part[URISCAN_HOST].len;
	if (*he > avail || *he == i)
		return -1;
	if (!uriscan__cf_parsed_rest(s, len, *he, u, e, pe) || *e > avail)
		return -1;
	return 1;
}

/* The '%'s of the window (their bits pc, after the authority) and the
 * bytes after the window (len > 64), for window_read: out of line, so
 * that the common path (no '%', 64 bytes or fewer) calls nothing and
 * keeps its values in the registers a call may clobber. */
__attribute__((noinline)) static int window_rest(const unsigned char *s,
                                                 size_t len, size_t pe,
                                                 uint64_t pc,
                                                 uint32_t *flags)
{
	for (; pc != 0; pc &= pc - 1) {
		size_t b = (size_t)__builtin_ctzll(pc);
		if (!uriscan__cf_tail_pct(s, b, len, b < pe, flags))
			return 0;
	}
	/* after the window: the blocks of uriscan__cf_tail_parsed */
	return len <= 64 || uriscan__cf_tail_parsed(s, 64, pe, len, flags);
}

/* The fast path on the masks w of s[0, avail) (avail = min(len, 64)),
 * the host [i, he), the path [e, pe) (window_parts). */
static inline int window_read(const unsigned char *s, size_t len,
                              size_t avail, const struct window *w,
                              size_t i, size_t he, size_t e, size_t pe,
                              uint32_t *flags)
{
	size_t lb;
	uint64_t host, d, tail, pc;

	/* the host [i, he): labels of letters, digits and '-', none empty,
	 * no trailing dot, no "--" (perhaps "xn--"); a last label that
	 * starts with a digit may be a number (an IPv4 address for the
	 * browser): the full reading decides */
	host = below(he) & ~below(i);
	d = w->dot & host;
	if (((w->label | w->dot | w->dash) & host) != host ||
	    (d & ((d << 1) | ((uint64_t)1 << i))) != 0 || (d >> (he - 1)) != 0 ||
	    (w->dash & host & (w->dash << 1)) != 0)
		return 0;
	lb = d != 0 ? (size_t)(64 - __builtin_clzll(d)) : i;
	if ((unsigned)(s[lb] - '0') <= 9)
		return 0;
	*flags = 0;
	/* in the window: a '.' after a '/' in the path (s[e] is not a '.',
	 * so the '/' is at e or after), and each '%' */
	tail = below(avail) & ~below(e);
	if ((w->dot & (w->slash << 1) & tail & below(pe < 64 ? pe : 64)) != 0)
		return 0;
	pc = w->pct & tail;
	if (pc != 0 || len > 64)
		return window_rest(s, len, pe, pc, flags);
	return 1;
}

/* s[0, min(len, 64)) with AVX2 (16 <= len): two loads, at 0 and at 32
 * or len - 32; below 32 bytes, one vector of the first and the last 16. */
__attribute__((target("avx2"))) static int
window_avx2(const unsigned char *s, size_t len, size_t i,
            const struct uriscan_uri *u, uint32_t *flags)
{
	struct window w = {0, 0, 0, 0, 0};
	size_t avail = len < 64 ? len : 64, he, e, pe;
	int d = window_parts(s, len, avail, i, u, &he, &e, &pe);

	if (d <= 0)
		return d;
	if (len >= 32) {
		classify(s, 0, &w);
		classify(s, (unsigned)(avail - 32), &w);
	} else {
		classify_short(s, len, &w);
	}
	/* the masks now, in registers: none of the vectors lives on across
	 * window_read's calls */
	__asm__("" : "+r"(w.label), "+r"(w.dot), "+r"(w.dash), "+r"(w.pct),
	        "+r"(w.slash));
	return window_read(s, len, avail, &w, i, he, e, pe, flags);
}
#endif

int uriscan__cf_quick(const unsigned char *s, size_t len,
                      const struct uriscan_uri *u, uint32_t *flags)
{
#if URISCAN__HAVE_SKIP_SIMD
	size_t i;

	/* uriscan__cf_fast's path to the window, its checks in the same
	 * order, for an http(s) URL of 16 bytes or more */
	if (uriscan__skip_lv >= URISCAN__SIMD_AVX2 && len >= 16 &&
	    u->grammar != URISCAN_RFC3987 && (i = uriscan__cf_http_start(s)) != 0 &&
	    URISCAN_HAS(u, URISCAN_HOST) && u->part[URISCAN_HOST].off == i &&
	    u->part[URISCAN_HOST].len <= len - i)
		return window_avx2(s, len, i, u, flags);
#else
	(void)s;
	(void)len;
	(void)u;
	(void)flags;
#endif
	return -1;
}

int uriscan__cf_window(const unsigned char *s, size_t len, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags)
{
#if URISCAN__HAVE_SKIP_SIMD
	if (uriscan__skip_lv >= URISCAN__SIMD_AVX2 && len >= 16)
		return window_avx2(s, len, i, u, flags);
#else
	(void)s;
	(void)len;
	(void)i;
	(void)u;
	(void)flags;
#endif
	return -1;
}
