/* SPDX-License-Identifier: MIT */
/*
 * psl_site.c: the registrable domain from the compiled Public Suffix
 * List (psl_table.h), with libpsl's semantics (psl_registrable_domain:
 * both sections, the '*' default rule: the last two labels when no rule
 * matches; a suffix read without one leading dot, as libpsl does).
 *
 * One pass over the name, sixteen bytes at a time (eight without SSE2),
 * copies it in lower case, refuses the bytes uriscan_site refuses and
 * marks its dots; then the labels from the right are looked up in the
 * trie one at a time (a label under its parent: one hash of the label's
 * first eight bytes, one probe most often) until a suffix that no rule
 * ends with. Without a wildcard or an exception on the way and without an
 * empty label, the site is one label more than the longest rule met;
 * else libpsl's reading of the labels decides, for which two labels
 * further than that suffix are enough. No allocation, read-only data,
 * nothing read past the name.
 */
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "address.h"
#include "psl_table.h"
#include "uriscan.h"

#define MAX_LABELS 258
#define PSL_MASK ((UINT32_C(1) << PSL_BITS) - 1)

#define ONES 0x0101010101010101u
#define HIGHS 0x8080808080808080u
#define LOWS 0x7F7F7F7F7F7F7F7Fu

/* Eight bytes as a little-endian word (the generator's reading). */
static inline uint64_t le64(const unsigned char *p)
{
	uint64_t x;
	memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	x = __builtin_bswap64(x);
#endif
	return x;
}

#if !defined(__SSE2__)
static inline void st64(unsigned char *p, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	x = __builtin_bswap64(x);
#endif
	memcpy(p, &x, 8);
}

/* 0x80 in each byte of x that is 0, exactly (no borrow between bytes). */
static inline uint64_t zero_bytes(uint64_t x)
{
	return ~(((x & LOWS) + LOWS) | x | LOWS);
}

/* For x of bytes below 0x80: 0x80 in each byte below n (1 <= n <= 0x80). */
static inline uint64_t below(uint64_t x, unsigned n)
{
	return ~(x + ONES * (0x80 - n)) & HIGHS;
}

/* The high bits of the bytes of m (0x80 or 0 each) as 8 bits, byte i in
 * bit i. */
static inline unsigned gather(uint64_t m)
{
	return (unsigned)(((m >> 7) * 0x0102040810204080u) >> 56);
}
#endif

#if defined(__SSE2__)
/* The refused bytes of x (controls, space, DEL, '%', and from 0x80). */
static inline __m128i refused16(__m128i x)
{
	/* signed: the bytes from 0x80 are below 0x21 too */
	return _mm_or_si128(_mm_cmplt_epi8(x, _mm_set1_epi8(0x21)),
	                    _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)),
	                                 _mm_cmpeq_epi8(x, _mm_set1_epi8('%'))));
}

/* The lower case of x; in *odd the mask of its refused bytes and ':'s
 * (both rare: then odd16 tells them apart; 0 for a plain name, unread),
 * in *dot of its '.'s (bit i for byte i). */
static inline __m128i classify(__m128i x, unsigned *odd, unsigned *dot,
                               int plain)
{
	__m128i up;

	*odd = plain ? 0
	             : (unsigned)_mm_movemask_epi8(_mm_or_si128(
	                   refused16(x), _mm_cmpeq_epi8(x, _mm_set1_epi8(':'))));
	up = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('A' - 1)),
	                   _mm_cmplt_epi8(x, _mm_set1_epi8('Z' + 1)));
	x = _mm_or_si128(x, _mm_and_si128(up, _mm_set1_epi8(0x20)));
	*dot = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
	return x;
}

/* x had a refused byte or a ':': 1 for a refused byte, else 0 and the
 * ':'s noted in *colon. */
static int odd16(__m128i x, uint64_t *colon)
{
	if (_mm_movemask_epi8(refused16(x)))
		return 1;
	*colon |= 1;
	return 0;
}

/* The sixteen bytes x of the name at offset o: their lower case into
 * z + o, their dots into the map; 1 when one is refused. */
static inline int block(__m128i x, unsigned char *z, size_t o,
                        uint64_t *dots, uint64_t *colon, int plain)
{
	unsigned odd, dot;
	__m128i l = classify(x, &odd, &dot, plain);

	_mm_storeu_si128((__m128i *)(void *)(z + o), l);
	dots[o >> 6] |= (uint64_t)dot << (o & 63);
	if ((o & 63) > 48)
		dots[(o >> 6) + 1] |= (uint64_t)dot >> (64 - (o & 63));
	return odd != 0 && odd16(x, colon);
}

/* x: the first and the last eight bytes of a name 8 to 15 bytes long:
 * their lower case into z, their dots in *dot (the first eight, then
 * the last); 1 when one is refused. */
static inline int half_blocks(__m128i x, unsigned char *z, size_t len,
                              unsigned *dot, uint64_t *colon, int plain)
{
	unsigned odd;
	__m128i l = classify(x, &odd, dot, plain);

	_mm_storel_epi64((__m128i *)(void *)z, l);
	_mm_storel_epi64((__m128i *)(void *)(z + len - 8),
	                 _mm_unpackhi_epi64(l, l));
	return odd != 0 && odd16(x, colon);
}
#endif

/* The first n bytes of a word (all eight for n from 8). */
static const uint64_t keep[9] = {
	0, 0xFF, 0xFFFF, 0xFFFFFF, 0xFFFFFFFF, 0xFFFFFFFFFF, 0xFFFFFFFFFFFF,
	0xFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF};

static inline uint64_t first(uint64_t x, size_t n)
{
	return x & keep[n < 8 ? n : 8];
}

/* The last dot before e in the dot map (bit i: z[i] is '.'), or -1. */
static inline long prev_dot(const uint64_t *dots, size_t e)
{
	uint64_t m;

	if (e - 1 < 64) { /* most names */
		m = dots[0] & ((UINT64_C(2) << (e - 1)) - 1);
		return m ? 63 - (long)__builtin_clzll(m) : -1;
	}
	while (e > 0) {
		size_t w = (e - 1) >> 6;
		m = dots[w] & (~UINT64_C(0) >> (63 - ((e - 1) & 63)));
		if (m)
			return (long)(w * 64 + 63 - (size_t)__builtin_clzll(m));
		e = w * 64;
	}
	return -1;
}

/* The flags of the label p[0, n) under the node parent (0: none), its
 * node's index in *node. p may be read eight bytes past its end. */
static inline unsigned
lookup(unsigned parent, const unsigned char *p, size_t n,
       unsigned *node)
{
	uint64_t w0 = first(le64(p), n), h = psl_hash(parent, n, w0);
	size_t i = (size_t)(h >> (64 - PSL_BITS));
	uint32_t tag = (uint32_t)psl_tag(h) << 16, t;

	for (; (t = uriscan__psl_slots[i]) != 0; i = (i + 1) & PSL_MASK) {
		const struct psl_node *d;
		if ((t & 0xFFFF0000u) != tag)
			continue;
		d = &uriscan__psl_nodes[t & 0xFFFFu];
		if (d->w0 != w0 || d->len != n || d->parent != parent)
			continue;
		if (n > 8) {
			const uint64_t *r = &uriscan__psl_rest[d->rest];
			size_t k;
			for (k = 8; k < n && first(le64(p + k), n - k) == *r; k += 8)
				r++;
			if (k < n)
				continue;
		}
		*node = t & 0xFFFFu;
		return d->flags;
	}
	return 0;
}

/* libpsl's is_public_suffix on the suffix of j+1 labels, without its
 * leading-dot step: one label (the '*' default rule), a rule that is no
 * exception, or a label under a wildcard. */
static int raw_public(const unsigned char *fl, size_t j)
{
	if (j == 0)
		return 1;
	if (fl[j] & (PSL_RULE | PSL_EXCEPTION))
		return !(fl[j] & PSL_EXCEPTION);
	return (fl[j - 1] & PSL_WILDCARD) != 0;
}

/* The site of the name s[0, len) (0 < len < 256), any case, by libpsl's
 * rules (psl_registrable_domain): its offset in s, or -1 for none, also
 * when s holds a byte uriscan_site refuses (controls, space, DEL,
 * non-ASCII, '%'). zc: PSL_Z_CAP bytes, gets the lower-case name.
 * *maybe_addr: 1 when s may be an address for uriscan_host_address (it
 * starts with '[', holds a ':', or its last label starts with a digit),
 * to be asked. plain (a constant): s is known to be a plain name (see
 * uriscan__psl_site_lower), whose checks are not made. */
static long
site_at(const char *s, size_t len, char *zc, int *maybe_addr, int plain)
{
	unsigned char fl[MAX_LABELS], *z = (unsigned char *)zc;
	size_t start[MAX_LABELS], m = 0, k, i, dead = MAX_LABELS;
	uint64_t dots[4] = {0, 0, 0, 0}, colon = 0;
	unsigned parent = PSL_ROOT;
	long d;

	*maybe_addr = 0;
	/* libpsl: none for a name that starts with a dot */
	if (!plain && (len == 0 || len >= 256 || s[0] == '.'))
		return -1;
#if defined(__SSE2__)
	/* the copy in lower case, its dots; the refused bytes: sixteen bytes
	 * at a time read from s, the last sixteen read again (the same bytes
	 * give the same answers); a name shorter than sixteen bytes in two
	 * halves of eight, or in a block padded with 'a' (no class) */
	if (len >= 16) {
		for (i = 0; i + 16 <= len; i += 16)
			if (block(_mm_loadu_si128((const __m128i *)(const void *)(s + i)),
			          z, i, dots, &colon, plain))
				return -1;
		if (i < len &&
		    block(_mm_loadu_si128(
		              (const __m128i *)(const void *)(s + len - 16)),
		          z, len - 16, dots, &colon, plain))
			return -1;
	} else if (len >= 8) {
		__m128i x = _mm_unpacklo_epi64(
		    _mm_loadl_epi64((const __m128i *)(const void *)s),
		    _mm_loadl_epi64((const __m128i *)(const void *)(s + len - 8)));
		unsigned dm;
		if (half_blocks(x, z, len, &dm, &colon, plain))
			return -1;
		dots[0] = (dm & 0xFFu) | (uint64_t)(dm >> 8) << (len - 8);
	} else {
		unsigned char t[16];
		memset(t, 'a', sizeof t);
		for (i = 0; i < len; i++)
			t[i] = (unsigned char)s[i];
		if (block(_mm_loadu_si128((const __m128i *)(const void *)t), z, 0,
		          dots, &colon, plain))
			return -1;
	}
	memset(z + len, 'a', 8);
#else
	/* the copy in lower case, its dots; the refused bytes; padded with
	 * 'a' (a byte of no class) to a whole word and eight bytes more */
	memcpy(z, s, len);
	memset(z + len, 'a', 16);
	for (i = 0; i < len; i += 8) {
		uint64_t x = le64(z + i);
		if (x & HIGHS)
			return -1;
		if (below(x, 0x21) | zero_bytes(x ^ (ONES * 0x7F)) |
		    zero_bytes(x ^ (ONES * '%')))
			return -1;
		colon |= zero_bytes(x ^ (ONES * ':'));
		x |= (below(x, 'Z' + 1) & ~below(x, 'A')) >> 2;
		st64(z + i, x);
		dots[i >> 6] |= (uint64_t)gather(zero_bytes(x ^ (ONES * '.')))
		                << (i & 63);
	}
#endif
	*maybe_addr = !plain && (s[0] == '[' || colon != 0);
	if (!plain && z[len - 1] == '.') { /* an empty last label: no rule */
		start[m] = len;
		fl[m++] = 0;
		dead = 0;
		i = len;
	} else {
		/* while a rule may end with the suffix, look up its labels from
		 * the right, each under its parent */
		size_t e = len, rule = 0;
		unsigned seen = 0;
		for (;;) {
			unsigned node = 0;
			d = prev_dot(dots, e);
			i = (size_t)(d + 1);
			start[m] = i;
			fl[m] = (unsigned char)lookup(parent, z + i, e - i, &node);
			seen |= fl[m];
			if (fl[m] & PSL_RULE)
				rule = m;
			if (fl[m] == 0)
				dead = m;
			m++;
			if (i == 0 || dead != MAX_LABELS)
				break;
			parent = node;
			e = i - 1;
		}
		/* most names: no wildcard or exception on the way, no empty
		 * label (no ".." in a name of one word of dots): the public
		 * suffix is the longest rule met (the last label by the '*'
		 * rule), the site one label more, none when the name is the
		 * suffix */
		if (!(seen & (PSL_WILDCARD | PSL_EXCEPTION)) &&
		    (plain || (len <= 64 && (dots[0] & (dots[0] << 1)) == 0))) {
			if (!plain && (unsigned char)(z[start[0]] - '0') < 10)
				*maybe_addr = 1;
			if (rule + 1 < m)
				return (long)start[rule + 1];
			return i == 0 ? -1 : prev_dot(dots, i - 1) + 1;
		}
	}
	/* past the first suffix no rule ends with, a suffix is public at most
	 * one label further (a wildcard): its site starts at the label after
	 * it; only the starts of those two labels are needed */
	while (i > 0 && m <= dead + 2) {
		d = prev_dot(dots, i - 1);
		i = (size_t)(d + 1);
		start[m] = i;
		fl[m++] = 0;
	}
	/* a number as the last label (digits, or "0x" and hex digits) */
	if (!plain && z[len - 1] != '.' &&
	    (unsigned char)(z[start[0]] - '0') < 10)
		*maybe_addr = 1;
	/* libpsl's walk from the whole name rightwards stops at the first
	 * public suffix; a suffix with a leading dot is read without it */
	for (k = m; k-- > 0;) {
		int pub = start[k] < len && z[start[k]] == '.'
		              ? raw_public(fl, k - 1)
		              : raw_public(fl, k);
		if (pub)
			return i == 0 && k + 1 == m ? -1 : (long)start[k + 1];
	}
	return -1; /* not reached: the last label is public */
}

/* uriscan__psl_site_of with the lower-case copy in z (PSL_Z_CAP bytes):
 * inlined into both entries below (flatten: the walk and its lookup in
 * each, as when there was one; written once), plain a constant. */
static inline int
site_into(const char *host, size_t len, char *z, char *out, size_t out_cap,
          size_t *out_len, struct uriscan_error *err, int plain)
{
	/* a trailing dot: the site of the name without it, dot kept */
	size_t n = len - (!plain && host[len - 1] == '.'), sn, k, i = 0;
	int maybe_addr;
	long at = site_at(host, n, z, &maybe_addr, plain);

	if (at < 0)
		return URISCAN_OK;
	/* an address has no registrable domain: asked of the address reader
	 * when its fast path for names (address_name.c) may not take the host */
	if (maybe_addr) {
		struct uriscan_host_addr a;
		if (uriscan_host_address(host, len, 0, &a, NULL) != URISCAN_OK ||
		    a.family != URISCAN_IP_NONE)
			return URISCAN_OK;
	}
	sn = len - (size_t)at;
	*out_len = sn;
	if (sn > out_cap) {
		uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
		return URISCAN_E_BUFFER_TOO_SMALL;
	}
	/* the site from the lower case: short, eight bytes at a time, the
	 * last eight written again; no call */
	k = n - (size_t)at;
	if (k >= 8) {
		for (; i + 16 < k; i += 8)
			memcpy(out + i, z + at + i, 8);
		/* at most sixteen left: the next eight and the last eight */
		memcpy(out + i, z + at + i, 8);
		memcpy(out + k - 8, z + at + k - 8, 8);
	} else {
		for (; i < k; i++)
			out[i] = z[(size_t)at + i];
	}
	if (!plain && n < len)
		out[sn - 1] = '.';
	return URISCAN_OK;
}

__attribute__((flatten)) int
uriscan__psl_site_lower(const char *host, size_t len, char *z, char *out,
                        size_t out_cap, size_t *out_len,
                        struct uriscan_error *err)
{
	return site_into(host, len, z, out, out_cap, out_len, err, 1);
}

__attribute__((flatten)) int
uriscan__psl_site_of(const char *host, size_t len, char *out, size_t out_cap,
                     size_t *out_len, struct uriscan_error *err)
{
	char z[PSL_Z_CAP];

	return site_into(host, len, z, out, out_cap, out_len, err, 0);
}
