/* SPDX-License-Identifier: MIT */
/*
 * extract_find.h: the URL extractor's candidate search (extract_find.c):
 * where the next ':' worth a look is. Internal; no allocation, no state of
 * its own (the candidates of the bulk search are kept by the scan's caller
 * for the buffer it scans: struct uriscan__cands).
 */
#ifndef URISCAN_EXTRACT_FIND_H
#define URISCAN_EXTRACT_FIND_H

#include <stddef.h>
#include <stdint.h>
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

/*
 * The bulk search: every "://" of a window of URISCAN__FIND_BULK bytes in
 * one pass, handed out one by one. A search per candidate ends its loop at
 * the block that holds the next "://", a branch that goes the other way
 * once per URL and that the CPU mispredicts; with a fixed window the loop
 * runs a fixed count and records the hits without a branch
 * (docs/performance.md, "Extraction: the candidate search": -11 % per
 * URL on the synthetic log). The
 * window is 2 KB: on the synthetic log 1 KB gave -9.5 %, 4 KB no more. Its
 * queue (below) is 1.4 KB: on uriscan_extract's stack, and in each
 * streaming extractor.
 */
#define URISCAN__FIND_BULK 2048u
#if URISCAN__HAVE_AVX2_PATH
/* Every i in [from, from + URISCAN__FIND_BULK) with b[i..i+3) == "://", in
 * order, as offsets from `from` into pos[0, count) (room for
 * URISCAN__FIND_BULK / 3 + 2: two "://" are 3 bytes apart at least, and
 * one more slot is written past the last); reads
 * b[from, from + URISCAN__FIND_BULK + 2). The count. It also prefetches
 * the next window, a byte every 64 at from + URISCAN__FIND_BULK + f for
 * each f < ahead: on a text larger than the caches the search's loads
 * waited on memory, now the next window comes in while this one's URLs
 * are parsed (docs/performance.md, "Extraction: the candidate search").
 * A prefetch never faults
 * and gives the program nothing; ahead keeps it in the buffer all the
 * same (the caller passes the bytes left after this window). */
unsigned uriscan__find_css_avx2_bulk(const unsigned char *b, size_t from,
                                     size_t ahead, uint16_t *pos);
#endif

/* The candidates of a buffer found by the bulk search and not yet passed:
 * kept by the caller of the scan for one buffer (uriscan_extract on its
 * stack, the streaming extractor for the chunk it scans in place). */
struct uriscan__cands {
	size_t base;     /* pos[] are offsets from base */
	size_t end;      /* every "://" in [lo, end) is in pos[k, n) */
	size_t lo;       /* no candidate at or after lo was passed */
	unsigned k, n;   /* pos[k, n): the candidates at or after lo */
	uint16_t pos[URISCAN__FIND_BULK / 3 + 2];
};

/* Before the first search in a buffer (a new buffer, or new bytes). */
static inline void uriscan__cands_init(struct uriscan__cands *q)
{
	q->base = q->end = q->lo = 0;
	q->k = q->n = 0;
}

/* The next candidate ':' in [from, lim), else lim: any ':' when opaque
 * schemes are asked for (any_colon), else a "://". q: NULL (a search per
 * candidate) or the queue of the buffer (the same b, lim and len on every
 * call with it since its uriscan__cands_init). */
static inline size_t uriscan__find_candidate(int any_colon, int simd,
                                             struct uriscan__cands *q,
                                             const unsigned char *b,
                                             size_t from, size_t lim,
                                             size_t len)
{
	if (any_colon) {
		/* every ':' may start an opaque URI */
		const unsigned char *colon;
		if (from >= lim)
			return lim;
		colon = memchr(b + from, ':', lim - from);
		return colon ? (size_t)(colon - b) : lim;
	}
#if URISCAN__HAVE_AVX2_PATH
	if (simd && q != NULL) {
		if (from < q->lo) /* back before what was passed: start over */
			uriscan__cands_init(q);
		q->lo = from;
		for (;;) {
			size_t at;
			for (; q->k < q->n; q->k++) {
				size_t c = q->base + q->pos[q->k];
				if (c >= from) {
					/* passed: the next call looks after it (and
					 * one that comes back to c starts over) */
					q->k++;
					q->lo = c + 1;
					return c;
				}
			}
			/* none before end is at or after from: on from there;
			 * the last window's worth before lim goes by the search
			 * per candidate (lim <= len) */
			at = from > q->end ? from : q->end;
			if (at > lim || lim - at < URISCAN__FIND_BULK ||
			    len - at < URISCAN__FIND_BULK + 2)
				return uriscan__find_css_avx2(b, at, lim, len);
			q->base = at;
			q->k = 0;
			q->n = uriscan__find_css_avx2_bulk(
			    b, at, len - (at + URISCAN__FIND_BULK), q->pos);
			q->end = at + URISCAN__FIND_BULK;
		}
	}
	if (simd)
		return uriscan__find_css_avx2(b, from, lim, len);
#else
	(void)simd;
	(void)q;
#endif
	return uriscan__find_css_scalar(b, from, lim, len);
}

#endif
