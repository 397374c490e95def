/* SPDX-License-Identifier: MIT */
/*
 * bench_uriscan.c: uriscan's rows for the harness (bench.h): the library
 * calls only; no timing and no report (the harness does both).
 *
 * Uriscan's rows. For every grammar built into the library
 * (uriscan_grammar_available), two rows on URL lists:
 *   uriscan:<grammar>:validate  uriscan_validate(g, s, len, 0, NULL)
 *   uriscan:<grammar>:parse     uriscan_parse(g, s, len, 0, &uri), the
 *                               offsets and lengths of the components it
 *                               reports (the bits of uri.present) summed
 *                               into the sink
 * so rows for RFC 1738 / 2396 / 3987 appear by themselves as the grammars
 * land; and one row of rule-level validation where the grammar has an
 * absolute-reference rule beside its top rule (abs_rules below):
 *   uriscan:<grammar>:validate-<rule>  uriscan_validate_rule(g, rule, ...)
 *                               (rfc3986 URI, rfc3987 IRI, rfc2396
 *                               absoluteURI: the rule a "must be absolute"
 *                               check asks for)
 *
 * For every grammar whose table has an extraction machine (the extractor
 * can be created for it), four rows on log text (BENCH_ON_LOGS,
 * BENCH_EXTRACT, found = URLs found):
 *   uriscan:<grammar>:extract          uriscan_extract over the whole text,
 *                                      components (offsets, lengths summed)
 *   uriscan:<grammar>:extract-nocomp   the same, URISCAN_EXTRACT_NO_COMPONENTS
 *   uriscan:<grammar>:extract-stream   a uriscan_extractor fed 64 KiB chunks
 *                                      (as a reader would), components
 *   uriscan:<grammar>:extract-scalar   as extract, URISCAN_EXTRACT_SCALAR (the
 *                                      portable memchr search, no AVX2)
 * All four must find the same count (bench_checks.c checks it before
 * timing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "uriscan.h"

struct uriscan_ctx {
	enum uriscan_grammar g;
	unsigned rule; /* validate-<rule> rows */
};

static struct uriscan_ctx ctxs[URISCAN_GRAMMAR_COUNT];

/* Each grammar's absolute-reference rule, NULL where the top rule is it */
static const char *const abs_rules[URISCAN_GRAMMAR_COUNT] = {
	[URISCAN_RFC2396] = "absoluteURI",
	[URISCAN_RFC3986] = "URI",
	[URISCAN_RFC3987] = "IRI",
};

static int one_validate(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	const struct uriscan_ctx *c = ctx;
	int st = uriscan_validate(c->g, s, len, 0, NULL);
	*sink += (uint64_t)st;
	return st == URISCAN_OK;
}

static int one_parse(void *ctx, const char *s, size_t len, uint64_t *sink)
{
	const struct uriscan_ctx *c = ctx;
	struct uriscan_uri u;
	int st = uriscan_parse(c->g, s, len, 0, &u);
	if (st != URISCAN_OK)
		return 0;
	/* the components the parse reports, as a reader visits them (the
	 * bits of present); the peers' rows sum their 7-8 components */
	uint64_t sum = u.present;
	for (uint32_t m = u.present; m; m &= m - 1) {
		const unsigned k = (unsigned)__builtin_ctz(m);
		sum += u.part[k].off + u.part[k].len;
	}
	*sink += sum;
	return 1;
}

static int one_validate_rule(void *ctx, const char *s, size_t len,
                             uint64_t *sink)
{
	const struct uriscan_ctx *c = ctx;
	int st = uriscan_validate_rule(c->g, c->rule, s, len, 0, NULL);
	*sink += (uint64_t)st;
	return st == URISCAN_OK;
}

BENCH_BATCH(batch_validate, one_validate)
BENCH_BATCH(batch_validate_rule, one_validate_rule)
BENCH_BATCH(batch_parse, one_parse)

/* ------------------------------------------------------------------ */
/* Extraction on log text                                              */

#define STREAM_CHUNK ((size_t)64 << 10)

enum xkind { X_WHOLE, X_NOCOMP, X_STREAM, X_SCALAR, X_KINDS };

static const char *const xnames[X_KINDS] = {
	"extract", "extract-nocomp", "extract-stream", "extract-scalar"};
static const char *const xwhats[X_KINDS] = {
	"uriscan_extract, whole text, components summed",
	"uriscan_extract, whole text, URISCAN_EXTRACT_NO_COMPONENTS",
	"uriscan_extractor fed 64 KiB chunks, components summed",
	"uriscan_extract, whole text, URISCAN_EXTRACT_SCALAR, components"};

struct xctx {
	enum uriscan_grammar g;
	enum xkind kind;
	uriscan_extractor *x; /* X_STREAM */
};

static struct xctx xctxs[URISCAN_GRAMMAR_COUNT][X_KINDS];

uint64_t bench_match_sum(const struct uriscan_match *m)
{
	uint64_t sum = m->offset + m->length + m->uri.present;
	for (unsigned k = 0; k < URISCAN_COMPONENT_COUNT; k++)
		sum += m->uri.part[k].off + m->uri.part[k].len;
	return sum;
}

static int on_match(void *user, const struct uriscan_match *m)
{
	*(uint64_t *)user += bench_match_sum(m);
	return 0;
}

static unsigned xflags(enum xkind kind)
{
	return kind == X_NOCOMP   ? URISCAN_EXTRACT_NO_COMPONENTS
	       : kind == X_SCALAR ? URISCAN_EXTRACT_SCALAR
	                          : 0;
}

static void *init_x(enum uriscan_grammar g, enum xkind kind)
{
	struct xctx *c = &xctxs[g][kind];
	c->g = g;
	c->kind = kind;
	if (kind == X_STREAM && c->x == NULL &&
	    uriscan_extractor_new(g, NULL, &c->x) != URISCAN_OK) {
		fprintf(stderr, "bench: uriscan_extractor_new failed\n");
		abort();
	}
	return c;
}

static void fini_x(void *ctx)
{
	struct xctx *c = ctx;
	uriscan_extractor_free(c->x);
	c->x = NULL;
}

static uint64_t batch_extract(void *ctx, const struct bench_set *set,
                              uint64_t *sink)
{
	struct xctx *c = ctx;
	uint64_t n = 0, s = 0;

	if (c->kind == X_STREAM) {
		struct uriscan_match m;
		uriscan_extractor_reset(c->x);
		for (size_t at = 0; at < set->raw_len; at += STREAM_CHUNK) {
			size_t k = set->raw_len - at;
			if (k > STREAM_CHUNK)
				k = STREAM_CHUNK;
			uriscan_extractor_feed(c->x, set->raw + at, k);
			while (uriscan_extractor_next(c->x, &m) == URISCAN_OK) {
				s += bench_match_sum(&m);
				n++;
			}
		}
		uriscan_extractor_finish(c->x);
		while (uriscan_extractor_next(c->x, &m) == URISCAN_OK) {
			s += bench_match_sum(&m);
			n++;
		}
	} else {
		struct uriscan_extract_options o = {sizeof o, xflags(c->kind), 0,
		                                    NULL};
		if (uriscan_extract(c->g, set->raw, set->raw_len, &o, on_match,
		                    &s, &n) != URISCAN_OK)
			abort();
	}
	*sink += s;
	return n;
}

/* C has no closures: one init per grammar and kind. */
#define XINITS(G, g)                                                           \
	static void *init_x_##g##_0(void) { return init_x(G, X_WHOLE); }          \
	static void *init_x_##g##_1(void) { return init_x(G, X_NOCOMP); }         \
	static void *init_x_##g##_2(void) { return init_x(G, X_STREAM); }         \
	static void *init_x_##g##_3(void) { return init_x(G, X_SCALAR); }
XINITS(URISCAN_RFC1738, 1738)
XINITS(URISCAN_RFC2396, 2396)
XINITS(URISCAN_RFC3986, 3986)
XINITS(URISCAN_RFC3987, 3987)
#define XROW(g)                                                                \
	{ init_x_##g##_0, init_x_##g##_1, init_x_##g##_2, init_x_##g##_3 }

static void *(*const xinits[URISCAN_GRAMMAR_COUNT][X_KINDS])(void) = {
	[URISCAN_RFC1738] = XROW(1738),
	[URISCAN_RFC2396] = XROW(2396),
	[URISCAN_RFC3986] = XROW(3986),
	[URISCAN_RFC3987] = XROW(3987),
};

/* Does grammar g have an extraction machine? */
static int has_extractor(enum uriscan_grammar g)
{
	uriscan_extractor *x = NULL;
	int ok = uriscan_extractor_new(g, NULL, &x) == URISCAN_OK;
	uriscan_extractor_free(x);
	return ok;
}

/* One context a grammar, for its validate, parse and validate-<rule> rows */
static void *init_g(enum uriscan_grammar g)
{
	ctxs[g].g = g;
	if (abs_rules[g] != NULL &&
	    uriscan_rule_from_name(g, abs_rules[g], &ctxs[g].rule) !=
	        URISCAN_OK) {
		fprintf(stderr, "bench: no rule %s\n", abs_rules[g]);
		abort();
	}
	return &ctxs[g];
}

/* C has no closures: one init per grammar. */
static void *init_1738(void) { return init_g(URISCAN_RFC1738); }
static void *init_2396(void) { return init_g(URISCAN_RFC2396); }
static void *init_3986(void) { return init_g(URISCAN_RFC3986); }
static void *init_3987(void) { return init_g(URISCAN_RFC3987); }

static void *(*const inits[URISCAN_GRAMMAR_COUNT])(void) = {
	[URISCAN_RFC1738] = init_1738,
	[URISCAN_RFC2396] = init_2396,
	[URISCAN_RFC3986] = init_3986,
	[URISCAN_RFC3987] = init_3987,
};

#define MAX_ROWS ((3 + X_KINDS) * URISCAN_GRAMMAR_COUNT)
static struct bench_parser rows[MAX_ROWS];
static char ids[MAX_ROWS][48];
static char whats[MAX_ROWS][120];
static char version[64];

/* Row n, zeroed, with its id and what (ids[n], whats[n], written by the
 * caller) and the fields every row sets. */
static struct bench_parser *row(size_t n, enum bench_task task,
                                const char *gn, enum bench_input on,
                                void *(*init)(void))
{
	struct bench_parser *p = &rows[n];
	memset(p, 0, sizeof *p);
	p->id = ids[n];
	p->what = whats[n];
	p->task = task;
	p->grammar = gn;
	p->on = on;
	p->init = init;
	return p;
}

size_t bench_uriscan_parsers(const struct bench_parser **out,
                             const char **ver)
{
	size_t n = 0;
	for (int gi = 0; gi < URISCAN_GRAMMAR_COUNT; gi++) {
		enum uriscan_grammar g = (enum uriscan_grammar)gi;
		if (!uriscan_grammar_available(g))
			continue;
		const char *gn = uriscan_grammar_name(g);
		const char *top =
		    uriscan_rule_name(g, uriscan_rule_default(g));
		for (int parse = 0; parse <= 1; parse++) {
			snprintf(ids[n], sizeof ids[n], "uriscan:%s:%s", gn,
			         parse ? "parse" : "validate");
			snprintf(whats[n], sizeof whats[n],
			         "uriscan_%s(%s), rule %s%s",
			         parse ? "parse" : "validate", gn,
			         top ? top : "?",
			         parse ? ", components summed" : "");
			struct bench_parser *p =
			    row(n++, parse ? BENCH_PARSE : BENCH_VALIDATE, gn,
			        BENCH_ON_URLS, inits[g]);
			p->one = parse ? one_parse : one_validate;
			p->batch = parse ? batch_parse : batch_validate;
		}
		if (abs_rules[g] != NULL) {
			snprintf(ids[n], sizeof ids[n], "uriscan:%s:validate-%s",
			         gn, abs_rules[g]);
			snprintf(whats[n], sizeof whats[n],
			         "uriscan_validate_rule(%s, %s)", gn, abs_rules[g]);
			struct bench_parser *p = row(n++, BENCH_VALIDATE, gn,
			                             BENCH_ON_URLS, inits[g]);
			p->one = one_validate_rule;
			p->batch = batch_validate_rule;
		}
		if (!has_extractor(g))
			continue;
		for (int k = 0; k < X_KINDS; k++) {
			snprintf(ids[n], sizeof ids[n], "uriscan:%s:%s", gn,
			         xnames[k]);
			snprintf(whats[n], sizeof whats[n], "%s (%s)", xwhats[k],
			         gn);
			struct bench_parser *p = row(n++, BENCH_EXTRACT, gn,
			                             BENCH_ON_LOGS, xinits[g][k]);
			p->fini = fini_x;
			p->batch = batch_extract;
		}
	}
	snprintf(version, sizeof version, "uriscan %s (header %s)",
	         uriscan_version_string(), URISCAN_VERSION_STRING);
	*ver = version;
	*out = rows;
	return n;
}
