/* SPDX-License-Identifier: MIT */
/*
 * confusion_window.c: the fast path of the URL-confusion flags (confusion.h)
 * for a URL that a parse by an ASCII grammar (RFC 3986, 2396, 1738) found
 * valid, its first 64 bytes read at once with AVX2: one 64-bit mask per
 * class of byte (label, '.', '-', '%', '/'), bit b for s[b], and the host,
 * the dots of the path and the '%'s read from the masks, without a loop
 * over blocks. The rest of a longer URL goes to uriscan__cf_tail_parsed.
 * The same answers as confusion_fast.c's fast_parsed (SSE2), which runs
 * when the CPU has no AVX2 or URISCAN_NO_AVX2 / URISCAN_NO_SIMD is set
 * (uriscan__skip_lv); test_confusion runs both ways, and compares each
 * answer with the full reading's.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "confusion.h"
#include "gen.h"
#include "host_addr.h"
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
 * (src/uri_fast.c says the same). The ranges: a byte in [lo, hi] (below
 * 0x80) plus 0x80 - lo is below hi - lo - 127 as a signed byte. */
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

/* The 32 bytes at s + o into the masks, at bit o (o + 32 <= 64). Two
 * windows that overlap read the same bytes: their bits agree. */
__attribute__((target("avx2"))) static inline void
classify(const unsigned char *s, unsigned o, struct window *w)
{
	const char(*kt)[32] = k_tab_ptr();
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + o));
	__m256i lower = _mm256_or_si256(v, K(K_CASE));
	__m256i alpha = _mm256_cmpgt_epi8(K(K_AZ), _mm256_add_epi8(lower, K(K_A)));
	__m256i digit = _mm256_cmpgt_epi8(K(K_09), _mm256_add_epi8(v, K(K_0)));

	w->label |= bits32(_mm256_or_si256(alpha, digit)) << o;
	w->dot |= bits32(_mm256_cmpeq_epi8(v, K(K_DOT))) << o;
	w->dash |= bits32(_mm256_cmpeq_epi8(v, K(K_DASH))) << o;
	w->pct |= bits32(_mm256_cmpeq_epi8(v, K(K_PCT))) << o;
	w->slash |= bits32(_mm256_cmpeq_epi8(v, K(K_SLASH))) << o;
}

/* Bits [0, n) (n <= 64). */
static uint64_t below(size_t n)
{
	return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* The fast path on the masks w of s[0, avail) (avail = min(len, 64)). */
static int window_read(const unsigned char *s, size_t len, size_t avail,
                       const struct window *w, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags)
{
	size_t he, e, pe, lb, b;
	uint64_t host, d, tail, pc;
	unsigned notes;

	/* the host [i, he): labels of letters, digits and '-', none empty,
	 * no trailing dot, no "--" (perhaps "xn--"), the last not a number */
	he = i + u->part[URISCAN_HOST].len;
	if (he > avail || he == i)
		return -1;
	host = below(he) & ~below(i);
	d = w->dot & host;
	if (((w->label | w->dot | w->dash) & host) != host ||
	    (d & ((d << 1) | ((uint64_t)1 << i))) != 0 || (d >> (he - 1)) != 0 ||
	    (w->dash & host & (w->dash << 1)) != 0)
		return 0;
	lb = d != 0 ? (size_t)(64 - __builtin_clzll(d)) : i;
	if (s[lb] >= '0' && s[lb] <= '9' &&
	    uriscan__last_label_numeric(s + lb, he - lb, &notes))
		return 0;
	/* the port, the authority's end e and the path [e, pe) */
	if (!uriscan__cf_parsed_rest(s, len, he, u, &e, &pe) || e > avail)
		return -1;
	*flags = 0;
	/* in the window: a '.' after a '/' in the path (s[e] is not a '.',
	 * so the '/' is at e or after), and each '%' */
	tail = below(avail) & ~below(e);
	if ((w->dot & (w->slash << 1) & tail & below(pe)) != 0)
		return 0;
	for (pc = w->pct & tail; pc != 0; pc &= pc - 1) {
		b = (size_t)__builtin_ctzll(pc);
		if (!uriscan__cf_tail_pct(s, b, len, b < pe, flags))
			return 0;
	}
	/* after the window: the blocks of uriscan__cf_tail_parsed */
	return len <= 64 || uriscan__cf_tail_parsed(s, 64, pe, len, flags);
}

/* s[0, min(len, 64)) with AVX2 (32 <= len): two loads, at 0 and at 32
 * or len - 32. */
__attribute__((target("avx2"))) static int
window_avx2(const unsigned char *s, size_t len, size_t i,
            const struct uriscan_uri *u, uint32_t *flags)
{
	struct window w = {0, 0, 0, 0, 0};
	size_t avail = len < 64 ? len : 64;

	classify(s, 0, &w);
	classify(s, (unsigned)(avail - 32), &w);
	return window_read(s, len, avail, &w, i, u, flags);
}

/* The 16 bytes at s + o into the masks, at bit o (o + 16 <= 32). */
static void classify16(const unsigned char *s, unsigned o, struct window *w)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + o));
	__m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
	__m128i x = _mm_add_epi8(lower, _mm_set1_epi8((char)(0x80 - 'a')));
	__m128i y = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - '0')));
	__m128i label = _mm_or_si128(
	    _mm_cmplt_epi8(x, _mm_set1_epi8((char)('z' - 'a' - 127))),
	    _mm_cmplt_epi8(y, _mm_set1_epi8((char)('9' - '0' - 127))));

	w->label |= (uint64_t)(unsigned)_mm_movemask_epi8(label) << o;
	w->dot |= (uint64_t)(unsigned)_mm_movemask_epi8(
	              _mm_cmpeq_epi8(v, _mm_set1_epi8('.')))
	          << o;
	w->dash |= (uint64_t)(unsigned)_mm_movemask_epi8(
	               _mm_cmpeq_epi8(v, _mm_set1_epi8('-')))
	           << o;
	w->pct |= (uint64_t)(unsigned)_mm_movemask_epi8(
	              _mm_cmpeq_epi8(v, _mm_set1_epi8('%')))
	          << o;
	w->slash |= (uint64_t)(unsigned)_mm_movemask_epi8(
	                _mm_cmpeq_epi8(v, _mm_set1_epi8('/')))
	            << o;
}

/* s[0, len) with SSE2 (16 <= len < 32): loads at 0 and len - 16. */
static int window_sse2(const unsigned char *s, size_t len, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags)
{
	struct window w = {0, 0, 0, 0, 0};

	classify16(s, 0, &w);
	classify16(s, (unsigned)(len - 16), &w);
	return window_read(s, len, len, &w, i, u, flags);
}
#endif

int uriscan__cf_window(const unsigned char *s, size_t len, size_t i,
                       const struct uriscan_uri *u, uint32_t *flags)
{
#if URISCAN__HAVE_SKIP_SIMD
	if (uriscan__skip_lv >= URISCAN__SIMD_AVX2) {
		if (len >= 32)
			return window_avx2(s, len, i, u, flags);
		if (len >= 16)
			return window_sse2(s, len, i, u, flags);
	}
#else
	(void)s;
	(void)len;
	(void)i;
	(void)u;
	(void)flags;
#endif
	return -1;
}
