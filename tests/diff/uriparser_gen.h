/* SPDX-License-Identifier: MIT */
/*
 * uriparser_gen.h: the deterministic generator of the inputs of
 * test_uriparser (one test program with test_uriparser.c and
 * uriparser_compare.c). One seed gives the same inputs on every platform,
 * provided the calls come in the same order.
 */
#ifndef URISCAN_TESTS_URIPARSER_GEN_H
#define URISCAN_TESTS_URIPARSER_GEN_H

#include <stddef.h>
#include <stdint.h>

struct buf;

/* All lines of all loaded files, for the mutation generator. */
struct lines {
	char **p;
	size_t *n;
	size_t count, cap;
	char **blocks; /* the file contents the lines point into */
	size_t n_blocks;
};

/* Start the generator's sequence over from seed. */
void gen_seed(uint64_t seed);

/* Each of these three replaces the bytes of b with the next input. */
/* Token soup: up to 12 tokens of everything. */
void gen_soup_input(struct buf *b);
/* URI-shaped, one in four mutated. */
void gen_structured_input(struct buf *b);
/* A mutation of a line of real or rfc, which must not both be empty. */
void gen_mutant_input(struct buf *b, const struct lines *real,
                      const struct lines *rfc);

#endif
