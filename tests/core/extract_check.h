/* SPDX-License-Identifier: MIT */
/*
 * extract_check.h: what the extraction tests share (test_extract.c and
 * extract_ref.c, one test program): matches kept as records, the extractor
 * run whole and streamed, and check_all, which compares every way of
 * running it. No timing.
 */
#ifndef URISCAN_TESTS_EXTRACT_CHECK_H
#define URISCAN_TESTS_EXTRACT_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* The grammar under test (-g) and the rule its extraction machine runs
 * (-r; RFC 3986: URI, RFC 3987: IRI), for the slow reference. */
extern enum uriscan_grammar G;
extern const char *XRULE;

/* A match, with a copy of its bytes (the extractor's are gone by then). */
struct rec {
	uint64_t off, len;
	unsigned flags;
	uint32_t confusion;
	size_t nbytes;
	char *bytes;
	struct uriscan_uri uri;
};

struct list {
	struct rec *v;
	size_t n, cap;
};

void list_free(struct list *l);
void list_add(struct list *l, const struct uriscan_match *m);
/* Same matches, bytes and (when comps) components? When !comps, b's
 * matches must have none (URISCAN_EXTRACT_NO_COMPONENTS). Describes the
 * first difference in why. */
int list_eq(const struct list *a, const struct list *b, int comps,
            char *why, size_t wn);
/* uriscan_match_fn that adds the match to the struct list *u. */
int collect_cb(void *u, const struct uriscan_match *m);

/* uriscan_extract over t[0, n) into out. */
void whole(const struct uriscan_extract_options *o, const char *t, size_t n,
           struct list *out);
/* The streaming extractor fed t cut at cuts[0] < cuts[1] < ... (ncuts of
 * them), each chunk in its own exact-size allocation; or in chunks of
 * size bytes. */
void stream(const struct uriscan_extract_options *o, const char *t,
            size_t n, const size_t *cuts, size_t ncuts, struct list *out);
void stream_by(const struct uriscan_extract_options *o, const char *t,
               size_t n, size_t size, struct list *out);

/* A deterministic xorshift generator, and random cut points in [1, n). */
uint64_t rnd(void);
void random_cuts(size_t n, size_t *cuts, size_t *ncuts);

/* Every match parses to the components it reports (none asked for:
 * parses). */
int components_ok(const struct list *l, unsigned flags);
/* Every match's confusion flags are uriscan_confusion's of its bytes when
 * flags has URISCAN_EXTRACT_CONFUSION, else 0; why says the first that
 * is not. */
int confusion_ok(const struct list *l, unsigned flags, char *why,
                 size_t wn);
/* Whole (SIMD and scalar), every chunk size up to max_sizes, ncutsets
 * random cuttings, with components and without (the SIMD runs with
 * URISCAN_EXTRACT_CONFUSION, checked by confusion_ok): all equal to *ref (or to
 * the first result when ref is NULL). 1 if so; the differences go to the
 * TAP diagnostics under name. */
int check_all(const char *name, struct uriscan_extract_options o,
              const char *t, size_t n, const struct list *ref,
              size_t max_sizes, int ncutsets);

/* The options of a vector line's first column ("-", or words joined by
 * ',': opaque, opaque=a;b, notrim, max=N). s is overwritten. */
void parse_options(char *s, struct uriscan_extract_options *o);

/* extract_confusion.c: URISCAN_EXTRACT_CONFUSION on the confusion
 * vectors at path (tests/vectors/confusion.tsv) of grammar G; returns how
 * many fail (each in the TAP diagnostics), *nvec how many ran, *whole_seen
 * how many the extractor took whole (their flags are the file's). */
unsigned run_confusion(const char *path, unsigned *nvec,
                       unsigned *whole_seen);

/* extract_ref.c: count random token strings, the extractor against a slow
 * reference written from the definition in uriscan.h; returns how many
 * differ (the first three are in the TAP diagnostics). */
unsigned run_fuzz(unsigned count);

#endif
