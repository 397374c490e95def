/*
 * extract_find.h: the URL extractor's candidate search (extract_find.c):
 * where the next ':' worth a look is. Internal; no allocation, no state.
 */
#ifndef URISCAN_EXTRACT_FIND_H
#define URISCAN_EXTRACT_FIND_H

#include <stddef.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define URISCAN__HAVE_AVX2_PATH 1
#else
#define URISCAN__HAVE_AVX2_PATH 0
#endif

/* Whether the AVX2 search is to be used: not with URISCAN_EXTRACT_SCALAR in
 * flags, nor with URISCAN_NO_SIMD or URISCAN_NO_AVX2 set (and not "0") in
 * the environment, and only on a CPU that has AVX2. */
int uriscan__find_simd_wanted(unsigned flags);

/* The first i in [from, lim) with b[i] == ':' and b[i+1..i+3) == "//"
 * (i + 2 < len), else lim. Portable: memchr. */
size_t uriscan__find_css_scalar(const unsigned char *b, size_t from,
                                size_t lim, size_t len);
#if URISCAN__HAVE_AVX2_PATH
/* The same, with AVX2 (only when uriscan__find_simd_wanted said so). */
size_t uriscan__find_css_avx2(const unsigned char *b, size_t from, size_t lim,
                              size_t len);
#endif

/* The next candidate ':' in [from, lim), else lim: any ':' when opaque
 * schemes are asked for (any_colon), else a "://". */
static inline size_t uriscan__find_candidate(int any_colon, int simd,
                                             const unsigned char *b,
                                             size_t from, size_t lim,
                                             size_t len)
{
	if (any_colon) {
		/* every ':' may start an opaque URI */
		const unsigned char *q;
		if (from >= lim)
			return lim;
		q = memchr(b + from, ':', lim - from);
		return q ? (size_t)(q - b) : lim;
	}
#if URISCAN__HAVE_AVX2_PATH
	if (simd)
		return uriscan__find_css_avx2(b, from, lim, len);
#else
	(void)simd;
#endif
	return uriscan__find_css_scalar(b, from, lim, len);
}

#endif
