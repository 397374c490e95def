/*
 * extract.c: find URLs in free text, in chunks of any size (uriscan.h,
 * "Extracting URLs from free text", states the definition of a match).
 *
 * Shape (../shared/RAGEL.md 4.4, design D): a fast search for candidate
 * ':' bytes ("://", or any ':' when opaque schemes are asked for), a walk
 * back over the scheme, then the grammar's anchored extraction machine
 * (extract=RULE in ragel/<grammar>.rules) run forward from the scheme,
 * remembering where the longest matching prefix ends. Every byte is read a
 * bounded number of times: the walk back stops at the previous match and at
 * URISCAN_EXTRACT_SCHEME_MAX bytes, and the machine at max_len + 1 bytes
 * unless the match is truncated (then it runs on without storing bytes).
 *
 * Streaming: scan() works on one contiguous buffer and, when it cannot
 * decide, says which bytes a later decision still needs (`keep`: the scheme
 * of a match still open, or the run of scheme characters at the end, at most
 * 66 bytes). The extractor copies those bytes (at most max_len) into its
 * seam buffer and, on the next feed, scans them together with a copy of the
 * head of the new chunk; past the seam it scans the caller's chunk in place.
 * A truncated match still open at the end of a chunk keeps only the
 * machine's state and its first max_len bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define HAVE_AVX2_PATH 1
#include <immintrin.h>
#else
#define HAVE_AVX2_PATH 0
#endif

#define SCHEME_MAX ((size_t)URISCAN_EXTRACT_SCHEME_MAX)
/* The seam first copies this much of a new chunk: enough to decide every
 * candidate whose scheme starts in the carried bytes unless one is long. */
#define SEAM_HEAD (2 * SCHEME_MAX + 16)

/* ------------------------------------------------------------------ */
/* Byte classes                                                        */

enum { C_SCHEME = 1, C_ALPHA = 2 };

/* C_SCHEME: ALPHA / DIGIT / "+" / "-" / "."; C_ALPHA: ALPHA */
#define CL_S C_SCHEME
#define CL_A (C_SCHEME | C_ALPHA)
#define CL_S10 CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S
#define CL_A26                                                                 \
	CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A,    \
	    CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A,      \
	    CL_A, CL_A, CL_A
static const unsigned char classes[256] = {
	['+'] = CL_S, ['-'] = CL_S, ['.'] = CL_S,
	['0'] = CL_S10, ['A'] = CL_A26, ['a'] = CL_A26,
};

static unsigned char byte_class(unsigned char c)
{
	return classes[c];
}

static int ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/* ------------------------------------------------------------------ */
/* Configuration shared by the extractor and uriscan_extract()         */

struct xcfg {
	enum uriscan_grammar g;
	unsigned rule; /* the grammar's default rule (uriscan_parse's) */
	const struct uriscan__xmachine *xm;
	unsigned flags;
	size_t max_len;
	const char *opaque; /* comma-separated schemes; NULL: none */
	size_t opaque_len;
	int simd;
};

#define KNOWN_FLAGS                                                            \
	(URISCAN_EXTRACT_NO_TRIM | URISCAN_EXTRACT_NO_COMPONENTS |                 \
	 URISCAN_EXTRACT_SCALAR)

static int simd_wanted(unsigned flags)
{
#if HAVE_AVX2_PATH
	const char *env;

	if (flags & URISCAN_EXTRACT_SCALAR)
		return 0;
	env = getenv("URISCAN_NO_SIMD");
	if (env != NULL && env[0] != '\0' && strcmp(env, "0") != 0)
		return 0;
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") != 0;
#else
	(void)flags;
	return 0;
#endif
}

/* Each entry of a comma-separated list must be a scheme (RFC 3986 3.1). */
static int opaque_list_ok(const char *l)
{
	size_t n = 0;

	for (;; l++) {
		if (*l == ',' || *l == '\0') {
			if (n == 0 || n > SCHEME_MAX)
				return 0;
			if (*l == '\0')
				return 1;
			n = 0;
			continue;
		}
		if (n == 0 ? !(byte_class((unsigned char)*l) & C_ALPHA)
		           : !(byte_class((unsigned char)*l) & C_SCHEME))
			return 0;
		n++;
	}
}

static int cfg_init(struct xcfg *k, enum uriscan_grammar g,
                    const struct uriscan_extract_options *opt)
{
	const struct uriscan__gen *gen;
	int st = uriscan__grammar_gen(g, &gen);

	if (st != URISCAN_OK)
		return st;
	if (gen->extract == NULL)
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	memset(k, 0, sizeof *k);
	k->g = g;
	k->rule = uriscan_rule_default(g);
	k->xm = gen->extract;
	k->max_len = URISCAN_EXTRACT_MAX_LEN_DEFAULT;
	if (opt != NULL) {
		if (opt->flags & ~KNOWN_FLAGS)
			return URISCAN_E_INVALID_ARG;
		k->flags = opt->flags;
		if (opt->max_len != 0) {
			if (opt->max_len < URISCAN_EXTRACT_MAX_LEN_MIN ||
			    opt->max_len > UINT32_MAX / 4)
				return URISCAN_E_INVALID_ARG;
			k->max_len = opt->max_len;
		}
		if (opt->opaque_schemes != NULL && opt->opaque_schemes[0]) {
			if (!opaque_list_ok(opt->opaque_schemes))
				return URISCAN_E_INVALID_ARG;
			k->opaque = opt->opaque_schemes;
			k->opaque_len = strlen(k->opaque);
		}
	}
	k->simd = simd_wanted(k->flags);
	return URISCAN_OK;
}

/* Is [s, s + n) one of the opaque schemes (ASCII case-insensitive)? */
static int opaque_listed(const struct xcfg *k, const unsigned char *s,
                         size_t n)
{
	const char *l = k->opaque, *end = k->opaque + k->opaque_len;

	if (l == NULL)
		return 0;
	while (l < end) {
		const char *e = memchr(l, ',', (size_t)(end - l));
		size_t ln;

		if (e == NULL)
			e = end;
		ln = (size_t)(e - l);
		if (ln == n) {
			size_t i = 0;
			while (i < n && ascii_lower(s[i]) == ascii_lower(l[i]))
				i++;
			if (i == n)
				return 1;
		}
		l = e + 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Candidate search                                                    */

/* The first i in [from, lim) with b[i] == ':' and b[i+1..i+3) == "//"
 * (i + 2 < len), else lim. Portable: memchr. */
static size_t find_css_scalar(const unsigned char *b, size_t from, size_t lim,
                              size_t len)
{
	while (from < lim) {
		const unsigned char *q = memchr(b + from, ':', lim - from);
		size_t c;

		if (q == NULL)
			return lim;
		c = (size_t)(q - b);
		if (c + 2 < len && b[c + 1] == '/' && b[c + 2] == '/')
			return c;
		from = c + 1;
	}
	return lim;
}

#if HAVE_AVX2_PATH
/* ':' at i and '/' at i+1, 32 positions from b + at: a bit mask. */
__attribute__((target("avx2"))) static inline __m256i
css_mask(const unsigned char *b, size_t at)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)(b + at));
	__m256i s1 = _mm256_loadu_si256((const __m256i *)(b + at + 1));
	return _mm256_and_si256(_mm256_cmpeq_epi8(a, _mm256_set1_epi8(':')),
	                        _mm256_cmpeq_epi8(s1, _mm256_set1_epi8('/')));
}

/* The same as find_css_scalar, 64 positions at a time: ":/" found by
 * vector compares (two 32-byte blocks tested at once), the second '/'
 * checked for each hit. */
__attribute__((target("avx2"))) static size_t
find_css_avx2(const unsigned char *b, size_t from, size_t lim, size_t len)
{
	while (from + 32 <= lim && from + 33 <= len) {
		__m256i m0 = css_mask(b, from), m1;
		uint64_t bits;
		size_t step = 32;

		if (from + 64 <= lim && from + 65 <= len) {
			m1 = css_mask(b, from + 32);
			if (_mm256_testz_si256(_mm256_or_si256(m0, m1),
			                       _mm256_or_si256(m0, m1))) {
				from += 64;
				continue;
			}
			bits = (uint32_t)_mm256_movemask_epi8(m0) |
			       (uint64_t)(uint32_t)_mm256_movemask_epi8(m1) << 32;
			step = 64;
		} else {
			bits = (uint32_t)_mm256_movemask_epi8(m0);
		}
		while (bits != 0) {
			size_t c = from + (size_t)__builtin_ctzll(bits);
			if (c + 2 < len && b[c + 2] == '/')
				return c;
			bits &= bits - 1;
		}
		from += step;
	}
	return find_css_scalar(b, from, lim, len);
}
#endif

/* The next candidate ':' in [from, lim), else lim. */
static size_t find_candidate(const struct xcfg *k, const unsigned char *b,
                             size_t from, size_t lim, size_t len)
{
	if (k->opaque != NULL) {
		/* every ':' may start an opaque URI */
		const unsigned char *q;
		if (from >= lim)
			return lim;
		q = memchr(b + from, ':', lim - from);
		return q ? (size_t)(q - b) : lim;
	}
#if HAVE_AVX2_PATH
	if (k->simd)
		return find_css_avx2(b, from, lim, len);
#endif
	return find_css_scalar(b, from, lim, len);
}

/* ------------------------------------------------------------------ */
/* One buffer                                                          */

/*
 * The components of a match b[0, n), as uriscan_parse(g, b, n) gives them
 * (uriscan.h: struct uriscan_match.uri), but with the parse machine of the
 * extraction rule called directly: a match is an instance of that rule, so
 * the dispatch and the union with relative-ref that the default rule
 * (URI-reference) adds are not needed. 1 if it parses.
 */
static void uri_init(const struct xcfg *k, struct uriscan_uri *u)
{
	u->present = 0;
	u->grammar = k->g;
	u->rule = k->rule;
	u->host_type = URISCAN_HOST_NONE;
	u->kind = URISCAN_KIND_NONE;
	u->error_offset = 0;
	memset(u->part, 0, sizeof(u->part[0]) * URISCAN_COMPONENT_COUNT);
}

static void uri_done(struct uriscan_uri *u)
{
	u->kind = URISCAN_HAS(u, URISCAN_SCHEME) ? URISCAN_KIND_URI
	                                         : URISCAN_KIND_RELATIVE;
}

static int parse_match(const struct xcfg *k, const unsigned char *b, size_t n,
                       struct uriscan_uri *u)
{
	size_t eo = 0;

	if (k->xm->parse == NULL)
		return uriscan_parse(k->g, (const char *)b, n, 0, u) ==
		       URISCAN_OK;
	uri_init(k, u);
	if (k->xm->parse(b, b + n, u, &eo)) {
		uri_done(u);
		return 1;
	}
	u->present = 0;
	u->host_type = URISCAN_HOST_NONE;
	memset(u->part, 0, sizeof(u->part[0]) * URISCAN_COMPONENT_COUNT);
	u->error_offset = eo;
	return 0;
}

/* Trailing punctuation (uriscan.h, rule 4): the new end of b[ms, me). */
/* How many times c occurs in b[ms, me). */
static size_t count_byte(const unsigned char *b, size_t ms, size_t me,
                         unsigned char c)
{
	size_t n = 0;
	const unsigned char *q = b + ms, *e = b + me;

	while ((q = memchr(q, c, (size_t)(e - q))) != NULL) {
		n++;
		q++;
	}
	return n;
}

static size_t trim(const unsigned char *b, size_t ms, size_t me,
                   size_t min_end)
{
	/* the counts, taken only when a bracket or quote is at the end (the
	 * bytes before it do not change while trimming) */
	size_t op = 0, cp = 0, ob = 0, cb = 0, q = 0;
	int counted = 0;

	switch (b[me - 1]) {
	case '.': case ',': case ';': case ':': case '!': case '?':
	case ')': case ']': case '\'':
		break;
	default:
		return me; /* the common case: nothing to count */
	}
	while (me > min_end) {
		unsigned char c = b[me - 1];
		if (!counted && (c == ')' || c == ']' || c == '\'')) {
			op = count_byte(b, ms, me, '(');
			cp = count_byte(b, ms, me, ')');
			ob = count_byte(b, ms, me, '[');
			cb = count_byte(b, ms, me, ']');
			q = count_byte(b, ms, me, '\'');
			counted = 1;
		}
		if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' ||
		    c == '?') {
			me--;
		} else if (c == ')' && cp > op) {
			cp--;
			me--;
		} else if (c == ']' && cb > ob) {
			cb--;
			me--;
		} else if (c == '\'' && (q & 1)) {
			q--;
			me--;
		} else {
			break;
		}
	}
	return me;
}

enum { S_MATCH, S_MORE, S_OPEN };

struct scan_out {
	/* S_MATCH: b[ms, me) (truncated: b[ms, ms + max_len) are kept and
	 * the match ends at lf); S_OPEN: a truncated run open at the end */
	size_t ms, me, lf, scheme_len;
	int truncated;
	int cs; /* S_OPEN: the machine's state */
	int lf_set;
	/* S_MORE: bytes from keep on are still needed; `from` was left at the
	 * first ':' not decided yet */
	size_t keep;
	struct uriscan_uri *uri; /* where to parse the match into, or NULL */
};

/*
 * Find the next match in b[0, len), looking at candidate ':' at indices >=
 * *from, with schemes starting at >= *floor. eof: nothing follows b. On
 * S_MATCH, *from and *floor move past the match.
 */
static int scan(const struct xcfg *k, const unsigned char *b, size_t len,
                int eof, size_t *from, size_t *floor, struct scan_out *o)
{
	const struct uriscan__xmachine *xm = k->xm;
	size_t lim = eof ? len : (len >= 2 ? len - 2 : 0);
	size_t i = *from < *floor ? *floor : *from;

	for (;;) {
		size_t c = find_candidate(k, b, i, lim, len);
		size_t lo, r, stop, n, me;
		const unsigned char *lf = NULL;
		const unsigned char *mk[URISCAN_COMPONENT_COUNT];
		int cs, auth, lcs = 0;
		/* components in the same run (the tags machine), when wanted */
		int tags = o->uri != NULL && xm->xexec != NULL;

		if (c >= lim)
			break;
		i = c + 1;
		/* the scheme: scheme characters back from ':', from a letter */
		lo = *floor;
		if (c >= SCHEME_MAX && c - SCHEME_MAX > lo)
			lo = c - SCHEME_MAX;
		r = c;
		while (r > lo && (byte_class(b[r - 1]) & C_SCHEME))
			r--;
		while (r < c && !(byte_class(b[r]) & C_ALPHA))
			r++;
		if (r == c)
			continue;
		auth = c + 2 < len && b[c + 1] == '/' && b[c + 2] == '/';
		if (!auth && !opaque_listed(k, b + r, c - r))
			continue;

		/* the machine, from the scheme, for at most max_len + 1 bytes */
		stop = len - r > k->max_len + 1 ? r + k->max_len + 1 : len;
		if (tags) {
			uri_init(k, o->uri);
			for (unsigned j = 0; j < URISCAN_COMPONENT_COUNT; j++)
				mk[j] = b + r;
			cs = xm->xstart;
			n = xm->xexec(&cs, b + r, b + r, b + stop, NULL, o->uri, mk,
			              &lf, &lcs);
			if (cs == xm->xerror) {
				cs = xm->error;
			} else if (n > k->max_len) {
				/* truncated: the pure machine runs on (its states
				 * differ), so run it again from the scheme */
				tags = 0;
				lf = NULL;
				cs = xm->start;
				n = xm->exec(&cs, b + r, b + stop, &lf);
			} else {
				cs = xm->start; /* open: anything but error */
			}
		} else {
			cs = xm->start;
			n = xm->exec(&cs, b + r, b + stop, &lf);
		}
		if (cs != xm->error && n <= k->max_len && !eof) {
			/* open at the end of the buffer: decide later */
			*from = c;
			o->keep = r;
			return S_MORE;
		}
		if (lf == NULL)
			continue; /* not even "scheme:" (not for RFC 3986) */
		o->ms = r;
		o->scheme_len = c - r;
		if (cs != xm->error && n > k->max_len) {
			/* truncated: run on to its end, keeping nothing */
			size_t e;
			n = xm->exec(&cs, b + stop, b + len, &lf);
			o->truncated = 1;
			o->lf = (size_t)(lf - b);
			if (cs != xm->error && !eof) {
				o->cs = cs;
				return S_OPEN;
			}
			e = stop + n;
			o->me = o->lf;
			*floor = *from = e;
			return S_MATCH;
		}
		me = (size_t)(lf - b);
		o->lf = me;
		if (!(k->flags & URISCAN_EXTRACT_NO_TRIM))
			me = trim(b, r, me, auth ? c + 3 : c + 1);
		if (!auth && me <= c + 1)
			continue; /* an opaque match needs a byte after ':' */
		if (tags && me == o->lf && r + n == o->lf) {
			/* the run read nothing past the match but the byte that
			 * ended it: end it at the match with the EOF actions of
			 * the state there, and the components are complete */
			const unsigned char *e = b + me, *lf2 = NULL;
			cs = lcs;
			xm->xexec(&cs, b + r, e, e, e, o->uri, mk, &lf2, &lcs);
			uri_done(o->uri);
		} else if (o->uri != NULL) {
			/* trimming keeps an RFC 3986 URI valid; should a grammar
			 * disagree, give bytes back until it parses */
			while (!parse_match(k, b + r, me - r, o->uri) &&
			       me < o->lf)
				me++;
		}
		o->truncated = 0;
		o->me = me;
		*floor = *from = me;
		return S_MATCH;
	}
	if (!eof) {
		/* keep what a candidate ':' at lim or later may need: the run of
		 * scheme characters before it */
		size_t t = len;
		if (len >= 2 && b[len - 2] == ':')
			t = len - 2;
		else if (len >= 1 && b[len - 1] == ':')
			t = len - 1;
		size_t lo = *floor;
		if (t >= SCHEME_MAX && t - SCHEME_MAX > lo)
			lo = t - SCHEME_MAX;
		if (lo > t)
			lo = t;
		while (t > lo && (byte_class(b[t - 1]) & C_SCHEME))
			t--;
		o->keep = t;
	}
	*from = lim > i ? lim : i;
	return S_MORE;
}

static void fill_match(const struct xcfg *k, const struct scan_out *o,
                       const unsigned char *b, uint64_t abs,
                       struct uriscan_match *m)
{
	m->offset = abs + o->ms;
	m->scheme_len = (uint32_t)o->scheme_len;
	m->bytes = (const char *)b + o->ms;
	if (o->truncated) {
		m->length = (uint64_t)(o->lf - o->ms);
		/* the first max_len bytes of the match, never bytes after it
		 * (the longest valid prefix may be short: "http://a:bbb...") */
		m->nbytes = m->length < k->max_len ? (size_t)m->length
		                                   : k->max_len;
		m->flags = URISCAN_MATCH_TRUNCATED;
	} else {
		m->length = (uint64_t)(o->me - o->ms);
		m->nbytes = o->me - o->ms;
		m->flags = 0;
	}
	if (o->truncated || (k->flags & URISCAN_EXTRACT_NO_COMPONENTS)) {
		memset(&m->uri, 0, sizeof m->uri);
		m->uri.grammar = k->g;
	}
}

/* ------------------------------------------------------------------ */
/* The whole buffer                                                    */

int uriscan_extract(enum uriscan_grammar g,
                    const struct uriscan_extract_options *opt, const char *s,
                    size_t len, uriscan_match_fn cb, void *user,
                    uint64_t *count)
{
	struct xcfg k;
	struct uriscan_match m;
	struct scan_out o;
	size_t from = 0, floor = 0;
	uint64_t n = 0;
	int st;

	if (count)
		*count = 0;
	st = cfg_init(&k, g, opt);
	if (st != URISCAN_OK)
		return st;
	if (cb == NULL || (s == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (len == 0)
		return URISCAN_OK;
	for (;;) {
		memset(&o, 0, sizeof o);
		o.uri = (k.flags & URISCAN_EXTRACT_NO_COMPONENTS) ? NULL : &m.uri;
		if (scan(&k, (const unsigned char *)s, len, 1, &from, &floor,
		         &o) != S_MATCH)
			break;
		fill_match(&k, &o, (const unsigned char *)s, 0, &m);
		n++;
		if (cb(user, &m) != 0)
			break;
	}
	if (count)
		*count = n;
	return URISCAN_OK;
}

/* ------------------------------------------------------------------ */
/* The streaming extractor                                             */

enum phase {
	P_IDLE,   /* waiting for feed or finish */
	P_SEAM,   /* scanning the seam (carried bytes + head of the chunk) */
	P_DIRECT, /* scanning the caller's chunk in place */
	P_TRUNC,  /* running an open truncated match over the chunk */
	P_FINAL,  /* after finish: deciding what is left */
	P_DONE
};

struct uriscan_extractor {
	struct xcfg k;
	char *opaque_copy;
	enum phase phase;
	uint64_t pos;   /* stream offset of chunk[0] */
	const unsigned char *chunk;
	size_t clen;
	uint64_t from;  /* stream offset of the next ':' to look at */
	uint64_t floor; /* no scheme starts before this stream offset */
	/* seam: bytes [cabs, cabs + seam_len) of the stream; the first
	 * carry_len of them were carried from earlier chunks, the others are
	 * a copy of chunk[0, take) */
	unsigned char *seam;
	size_t seam_cap, carry_len, seam_len, take;
	uint64_t cabs;
	/* an open truncated match */
	int t_open;
	int t_cs;
	uint64_t t_ms, t_lf;
	uint32_t t_scheme_len;
	size_t tcur; /* P_TRUNC: where in the chunk the run goes on */
	unsigned char *tbuf;
};

int uriscan_extractor_new(enum uriscan_grammar g,
                          const struct uriscan_extract_options *opt,
                          uriscan_extractor **out)
{
	struct uriscan_extractor *x;
	struct xcfg k;
	int st;

	if (out == NULL)
		return URISCAN_E_INVALID_ARG;
	*out = NULL;
	st = cfg_init(&k, g, opt);
	if (st != URISCAN_OK)
		return st;
	x = calloc(1, sizeof *x);
	if (x == NULL)
		return URISCAN_E_NO_MEMORY;
	x->k = k;
	/* carried: an open match (<= max_len) or a scheme run (<= 66); then
	 * up to max_len + SEAM_HEAD bytes of the new chunk */
	x->seam_cap = 2 * k.max_len + 2 * SEAM_HEAD;
	x->seam = malloc(x->seam_cap + k.max_len);
	if (k.opaque != NULL)
		x->opaque_copy = malloc(k.opaque_len + 1);
	if (x->seam == NULL || (k.opaque != NULL && x->opaque_copy == NULL)) {
		free(x->seam);
		free(x->opaque_copy);
		free(x);
		return URISCAN_E_NO_MEMORY;
	}
	x->tbuf = x->seam + x->seam_cap;
	if (k.opaque != NULL) {
		memcpy(x->opaque_copy, k.opaque, k.opaque_len + 1);
		x->k.opaque = x->opaque_copy;
	}
	uriscan_extractor_reset(x);
	*out = x;
	return URISCAN_OK;
}

void uriscan_extractor_free(uriscan_extractor *x)
{
	if (x == NULL)
		return;
	free(x->seam);
	free(x->opaque_copy);
	free(x);
}

void uriscan_extractor_reset(uriscan_extractor *x)
{
	if (x == NULL)
		return;
	x->phase = P_IDLE;
	x->pos = x->from = x->floor = x->cabs = 0;
	x->chunk = NULL;
	x->clen = x->carry_len = x->seam_len = x->take = x->tcur = 0;
	x->t_open = 0;
}

uint64_t uriscan_extractor_offset(const uriscan_extractor *x)
{
	if (x == NULL)
		return 0;
	return x->phase == P_IDLE || x->phase >= P_FINAL ? x->pos
	                                                 : x->pos + x->clen;
}

int uriscan_extractor_feed(uriscan_extractor *x, const char *buf, size_t len)
{
	if (x == NULL || (buf == NULL && len != 0))
		return URISCAN_E_INVALID_ARG;
	if (x->phase != P_IDLE)
		return URISCAN_E_STATE;
	x->chunk = (const unsigned char *)buf;
	x->clen = len;
	if (len == 0)
		return URISCAN_OK;
	if (x->t_open) {
		x->tcur = 0;
		x->phase = P_TRUNC;
	} else if (x->carry_len > 0) {
		x->take = len < SEAM_HEAD ? len : SEAM_HEAD;
		memcpy(x->seam + x->carry_len, buf, x->take);
		x->seam_len = x->carry_len + x->take;
		x->phase = P_SEAM;
	} else {
		x->phase = P_DIRECT;
	}
	return URISCAN_OK;
}

int uriscan_extractor_finish(uriscan_extractor *x)
{
	if (x == NULL)
		return URISCAN_E_INVALID_ARG;
	if (x->phase != P_IDLE)
		return URISCAN_E_STATE;
	x->seam_len = x->carry_len;
	x->take = 0;
	x->phase = P_FINAL;
	return URISCAN_OK;
}

/* Remember an open truncated match found in buffer b (stream offset abs). */
static void open_trunc(uriscan_extractor *x, const struct scan_out *o,
                       const unsigned char *b, uint64_t abs)
{
	x->t_open = 1;
	x->t_cs = o->cs;
	x->t_ms = abs + o->ms;
	x->t_lf = abs + o->lf;
	x->t_scheme_len = (uint32_t)o->scheme_len;
	memcpy(x->tbuf, b + o->ms, x->k.max_len);
}

static void close_trunc(uriscan_extractor *x, uint64_t end,
                        struct uriscan_match *m)
{
	x->t_open = 0;
	m->offset = x->t_ms;
	m->length = x->t_lf - x->t_ms;
	m->bytes = (const char *)x->tbuf;
	m->nbytes = m->length < x->k.max_len ? (size_t)m->length
	                                     : x->k.max_len;
	m->flags = URISCAN_MATCH_TRUNCATED;
	m->scheme_len = x->t_scheme_len;
	memset(&m->uri, 0, sizeof m->uri);
	m->uri.grammar = x->k.g;
	x->from = x->floor = end;
}

/* The chunk is used up: carry the bytes [keep, end) of buffer b. */
static void end_chunk(uriscan_extractor *x, const unsigned char *b,
                      uint64_t abs, size_t len, size_t keep)
{
	size_t n = len - keep;

	memmove(x->seam, b + keep, n);
	x->carry_len = n;
	x->cabs = abs + keep;
	if (x->floor < x->cabs)
		x->floor = x->cabs;
	x->pos += x->clen;
	x->phase = P_IDLE;
}

static size_t idx(uint64_t off, uint64_t abs)
{
	return off > abs ? (size_t)(off - abs) : 0;
}

/* Scan buffer b (stream offset abs) once; 1 with *m on a match. */
static int scan_buffer(uriscan_extractor *x, const unsigned char *b,
                       uint64_t abs, size_t len, int eof,
                       struct uriscan_match *m, int *res,
                       struct scan_out *o)
{
	size_t from = idx(x->from, abs), floor = idx(x->floor, abs);
	int r;

	memset(o, 0, sizeof *o);
	o->uri = (x->k.flags & URISCAN_EXTRACT_NO_COMPONENTS) ? NULL : &m->uri;
	r = scan(&x->k, b, len, eof, &from, &floor, o);
	*res = r;
	if (r == S_MATCH) {
		fill_match(&x->k, o, b, abs, m);
		x->from = abs + from;
		x->floor = abs + floor;
		return 1;
	}
	if (r == S_MORE) {
		x->from = abs + from;
		if (!eof && x->floor < abs + o->keep)
			x->floor = abs + o->keep;
	}
	return 0;
}

int uriscan_extractor_next(uriscan_extractor *x, struct uriscan_match *m)
{
	struct scan_out o;
	int r;

	if (x == NULL || m == NULL)
		return 0;
	for (;;) {
		switch (x->phase) {
		case P_IDLE:
		case P_DONE:
			return 0;

		case P_TRUNC: {
			const unsigned char *lf = NULL;
			size_t n = x->k.xm->exec(&x->t_cs, x->chunk + x->tcur,
			                         x->chunk + x->clen, &lf);
			if (lf != NULL)
				x->t_lf = x->pos + (uint64_t)(lf - x->chunk);
			if (x->t_cs == x->k.xm->error) {
				close_trunc(x, x->pos + x->tcur + n, m);
				x->phase = P_DIRECT;
				return 1;
			}
			x->carry_len = 0;
			x->pos += x->clen;
			x->phase = P_IDLE;
			return 0;
		}

		case P_SEAM:
			if (scan_buffer(x, x->seam, x->cabs, x->seam_len, 0, m, &r,
			                &o)) {
				/* in the caller's chunk when it lies there */
				if (m->offset >= x->pos && !(m->flags &
				                             URISCAN_MATCH_TRUNCATED))
					m->bytes = (const char *)x->chunk +
					           (m->offset - x->pos);
				return 1;
			}
			if (r == S_OPEN) {
				open_trunc(x, &o, x->seam, x->cabs);
				x->carry_len = 0;
				if (x->take < x->clen) {
					x->tcur = x->take;
					x->phase = P_TRUNC;
				} else {
					x->pos += x->clen;
					x->phase = P_IDLE;
				}
				continue;
			}
			if (x->take == x->clen) {
				end_chunk(x, x->seam, x->cabs, x->seam_len, o.keep);
				continue;
			}
			if (x->cabs + o.keep < x->pos &&
			    x->take < SEAM_HEAD + x->k.max_len) {
				/* a match that starts in the carried bytes is
				 * still open: copy more of the chunk, up to
				 * max_len + SEAM_HEAD bytes, by which it is
				 * decided or truncated */
				size_t more = x->clen - x->take;
				if (more > SEAM_HEAD + x->k.max_len - x->take)
					more = SEAM_HEAD + x->k.max_len - x->take;
				memcpy(x->seam + x->seam_len, x->chunk + x->take,
				       more);
				x->take += more;
				x->seam_len += more;
				continue;
			}
			/* everything that needed the carried bytes is decided */
			x->carry_len = 0;
			x->phase = P_DIRECT;
			continue;

		case P_DIRECT:
			if (scan_buffer(x, x->chunk, x->pos, x->clen, 0, m, &r, &o))
				return 1;
			if (r == S_OPEN) {
				open_trunc(x, &o, x->chunk, x->pos);
				x->carry_len = 0;
				x->pos += x->clen;
				x->phase = P_IDLE;
				continue;
			}
			end_chunk(x, x->chunk, x->pos, x->clen, o.keep);
			continue;

		case P_FINAL:
			if (x->t_open) {
				close_trunc(x, x->pos, m);
				x->carry_len = 0;
				x->seam_len = 0;
				return 1;
			}
			if (x->seam_len > 0 &&
			    scan_buffer(x, x->seam, x->cabs, x->seam_len, 1, m, &r,
			                &o))
				return 1;
			x->carry_len = x->seam_len = 0;
			x->phase = P_DONE;
			return 0;
		}
	}
}
