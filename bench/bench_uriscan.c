/*
 * bench_uriscan.c: uriscan's rows. For every grammar built into the library
 * (uriscan_grammar_available), two rows on URL lists:
 *   uriscan:<grammar>:validate  uriscan_validate(g, s, len, 0, NULL)
 *   uriscan:<grammar>:parse     uriscan_parse(g, s, len, 0, &uri), the
 *                               component lengths summed into the sink
 * so rows for RFC 1738 / 2396 / 3987 appear by themselves as the grammars
 * land.
 *
 * HOOK (extractor): when the streaming extraction API exists, add a row
 * "uriscan:<grammar>:extract" here with task BENCH_EXTRACT, on
 * BENCH_ON_LOGS, whose batch() feeds set->raw to the extractor (in chunks,
 * as a reader would) and returns the number of URLs found. Nothing is
 * measured for it until then.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "uriscan.h"

struct uriscan_ctx {
	enum uriscan_grammar g;
};

static struct uriscan_ctx ctxs[URISCAN_GRAMMAR_COUNT];

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
	uint64_t sum = u.present;
	for (unsigned k = 0; k < URISCAN_COMPONENT_COUNT; k++)
		sum += u.part[k].off + u.part[k].len;
	*sink += sum;
	return 1;
}

BENCH_BATCH(batch_validate, one_validate)
BENCH_BATCH(batch_parse, one_parse)

static void *init_g(enum uriscan_grammar g)
{
	ctxs[g].g = g;
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

static struct bench_parser rows[2 * URISCAN_GRAMMAR_COUNT];
static char ids[2 * URISCAN_GRAMMAR_COUNT][48];
static char whats[2 * URISCAN_GRAMMAR_COUNT][120];
static char version[64];

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
			struct bench_parser *p = &rows[n];
			snprintf(ids[n], sizeof ids[n], "uriscan:%s:%s", gn,
			         parse ? "parse" : "validate");
			snprintf(whats[n], sizeof whats[n],
			         "uriscan_%s(%s), rule %s%s",
			         parse ? "parse" : "validate", gn,
			         top ? top : "?",
			         parse ? ", components summed" : "");
			memset(p, 0, sizeof *p);
			p->id = ids[n];
			p->task = parse ? BENCH_PARSE : BENCH_VALIDATE;
			p->grammar = gn;
			p->what = whats[n];
			p->on = BENCH_ON_URLS;
			p->init = inits[g];
			p->one = parse ? one_parse : one_validate;
			p->batch = parse ? batch_parse : batch_validate;
			n++;
		}
	}
	snprintf(version, sizeof version, "uriscan %s (header %s)",
	         uriscan_version_string(), URISCAN_VERSION_STRING);
	*ver = version;
	*out = rows;
	return n;
}
