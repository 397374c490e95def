/* SPDX-License-Identifier: MIT */
/*
 * bench.h: the interface between the benchmark harness (bench.c and the
 * other bench_*.c, see bench_harness.h) and the parsers it times; types and
 * declarations only. The parsers: uriscan (bench_uriscan.c), the limits
 * (bench_limits.c) and the peers (peers/peer_*.c, peers/peer_*.cpp),
 * each peer compiled in only when meson found its library
 * (BENCH_HAVE_<PEER> is then defined; see peers/meson.build).
 *
 * A parser is a row of the report. It works on a dataset loaded once into
 * memory: every input is passed as pointer + length (and, for peers that
 * need a C string, the byte after each input is a NUL).
 */
#ifndef URISCAN_BENCH_H
#define URISCAN_BENCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One dataset, loaded once. */
struct bench_set {
	const char *name; /* file name without directory and extension */
	const char *path;
	int is_log;       /* 1: log text (extraction), 0: one URL per line */
	char *raw;        /* the file's bytes as read (NUL after the end) */
	size_t raw_len;
	char *text;       /* a copy of raw with every line end NUL-terminated */
	size_t n;         /* lines (URLs); empty lines are skipped */
	uint32_t *off;    /* line i is text[off[i] .. off[i] + len[i]) */
	uint32_t *len;    /* without the '\n' (or "\r\n") */
	uint64_t bytes;   /* sum of len[]: the bytes the parsers read */
	/* URL lists: one relative reference derived from each line (made by
	 * the harness before timing, bench_opcheck.c): "../" + its path
	 * without the leading "/" + its query, for the resolve:rel rows. */
	char *rtext;
	uint32_t *roff, *rlen;
};

/* URI operations: the fixed base of the resolve rows, and the room every
 * row writes its result into (a buffer on the stack). */
#define BENCH_BASE "http://a/b/c/d;p?q"
#define BENCH_OUT_MAX 4096

enum bench_task {
	BENCH_VALIDATE = 0, /* validity only */
	BENCH_PARSE = 1,    /* validity + component boundaries */
	BENCH_EXTRACT = 2,  /* find URLs in log text (accepted = URLs found) */
	BENCH_LIMIT = 3,    /* not a parser: how fast bytes can be touched */
	BENCH_NORMALIZE = 4, /* parse + normalize + write the result */
	BENCH_RESOLVE = 5,  /* parse + resolve against BENCH_BASE + write */
	BENCH_REWRITE = 6   /* change a URL (strip tracking, encode) + write */
};

/* Which datasets a parser runs on. */
enum bench_input {
	BENCH_ON_URLS = 1, /* one URL per line */
	BENCH_ON_LOGS = 2, /* log text */
	BENCH_ON_BOTH = 3
};

struct bench_parser {
	/* Stable identifier, the key of saved results ("uriparser",
	 * "uriscan:rfc3986:parse", "limit:byte-loop"). */
	const char *id;
	enum bench_task task;
	/* What it accepts: "rfc3986", "rfc3986+" (curl: RFC 3986 plus
	 * leniencies), "request-target" (http-parser), "-" for limits. */
	const char *grammar;
	/* One line: the exact call, flags and what "accepted" means. */
	const char *what;
	enum bench_input on;
	/* Optional: create a per-run context (a reused handle, say).
	 * Returning NULL is fine when the parser needs none. */
	void *(*init)(void);
	void (*fini)(void *ctx);
	/*
	 * Per-input parsers: one input, returns 1 if accepted, 0 if rejected,
	 * and adds something that depends on the result (e.g. the sum of the
	 * component lengths) to *sink so the work cannot be optimised away.
	 */
	int (*one)(void *ctx, const char *s, size_t len, uint64_t *sink);
	/*
	 * All inputs of a dataset in one call; returns the number accepted
	 * (or found, for extraction). Per-input parsers define it with
	 * BENCH_BATCH so the call to one() is inlined into the loop; whole-
	 * buffer parsers (memchr line splitter, extractors) work on set->raw.
	 */
	uint64_t (*batch)(void *ctx, const struct bench_set *set,
	                  uint64_t *sink);
	/*
	 * Operations (BENCH_NORMALIZE, BENCH_RESOLVE): the result of one input
	 * written to buf[0, cap) (*n bytes, no NUL needed); 1 on success, 0 if
	 * the input is rejected or the result does not fit. The harness
	 * compares these strings between rows before timing.
	 */
	int (*out)(void *ctx, const char *s, size_t len, char *buf, size_t cap,
	           size_t *n);
	/* 1: the inputs are set->rtext/roff/rlen (the derived relative
	 * references), not the lines. */
	int rel;
};

/* Define a static batch function that calls a static one() for each input. */
#define BENCH_BATCH(batch_fn, one_fn)                                          \
	static uint64_t batch_fn(void *ctx, const struct bench_set *set,       \
	                         uint64_t *sink)                               \
	{                                                                      \
		uint64_t acc_ = 0;                                             \
		uint64_t s_ = 0;                                               \
		const char *t_ = set->text;                                    \
		for (size_t i_ = 0; i_ < set->n; i_++)                         \
			acc_ += (uint64_t)one_fn(ctx, t_ + set->off[i_],       \
			                         set->len[i_], &s_);           \
		*sink += s_;                                                   \
		return acc_;                                                   \
	}

/* The same over the derived relative references (rel rows). */
#define BENCH_BATCH_REL(batch_fn, one_fn)                                      \
	static uint64_t batch_fn(void *ctx, const struct bench_set *set,       \
	                         uint64_t *sink)                               \
	{                                                                      \
		uint64_t acc_ = 0;                                             \
		uint64_t s_ = 0;                                               \
		const char *t_ = set->rtext;                                   \
		for (size_t i_ = 0; i_ < set->n; i_++)                         \
			acc_ += (uint64_t)one_fn(ctx, t_ + set->roff[i_],      \
			                         set->rlen[i_], &s_);          \
		*sink += s_;                                                   \
		return acc_;                                                   \
	}

/* Define a static one() for an operation row from its out(): the result
 * into a stack buffer, its length and first byte into the sink. */
#define BENCH_OP_ONE(one_fn, out_fn)                                           \
	static int one_fn(void *ctx, const char *s, size_t len,                \
	                  uint64_t *sink)                                      \
	{                                                                      \
		char buf_[BENCH_OUT_MAX];                                      \
		size_t n_ = 0;                                                 \
		int ok_ = out_fn(ctx, s, len, buf_, sizeof buf_, &n_);         \
		*sink += n_ + (ok_ && n_ ? (unsigned char)buf_[0] : 0u);       \
		return ok_;                                                    \
	}

/*
 * A provider returns its parsers (static storage) and their count, and may
 * add a line to the report's metadata (a library version) via *version.
 */
typedef size_t (*bench_provider_fn)(const struct bench_parser **out,
                                    const char **version);

size_t bench_uriscan_parsers(const struct bench_parser **out,
                             const char **version);
size_t bench_limit_parsers(const struct bench_parser **out,
                           const char **version);
size_t bench_rewrite_parsers(const struct bench_parser **out,
                             const char **version);
size_t bench_ops_parsers(const struct bench_parser **out,
                         const char **version);
size_t bench_hosts_parsers(const struct bench_parser **out,
                           const char **version);
size_t bench_defang_parsers(const struct bench_parser **out,
                            const char **version);
/* What an extraction row reads of a match (bench_uriscan.c): its offset,
 * length and the spans of its components, summed. Declared with its
 * struct unnamed here: callers include uriscan.h. */
struct uriscan_match;
uint64_t bench_match_sum(const struct uriscan_match *m);
#ifdef BENCH_HAVE_URIPARSER
size_t bench_peer_uriparser(const struct bench_parser **out,
                            const char **version);
#endif
#ifdef BENCH_HAVE_CURL
size_t bench_peer_curl(const struct bench_parser **out, const char **version);
#endif
#ifdef BENCH_HAVE_GLIB
size_t bench_peer_glib(const struct bench_parser **out, const char **version);
#endif
#ifdef BENCH_HAVE_HTTP_PARSER
size_t bench_peer_http_parser(const struct bench_parser **out,
                              const char **version);
#endif
#ifdef BENCH_HAVE_BOOST_URL
size_t bench_peer_boost_url(const struct bench_parser **out,
                            const char **version);
#endif
#ifdef BENCH_HAVE_ADA
size_t bench_peer_ada(const struct bench_parser **out, const char **version);
#endif
/* Extraction peers, on log text (BENCH_ON_LOGS, BENCH_EXTRACT); uriscan's
 * own extraction rows come with the extractor (see bench_uriscan.c). */
#ifdef BENCH_HAVE_PCRE2
size_t bench_peer_pcre2(const struct bench_parser **out, const char **version);
#endif
#ifdef BENCH_HAVE_HYPERSCAN
size_t bench_peer_hyperscan(const struct bench_parser **out,
                            const char **version);
#endif

#ifdef __cplusplus
}
#endif

#endif
