/* SPDX-License-Identifier: MIT */
/*
 * vector_file.h: one line of a grammar vector file read into a struct vcase
 * (vector_file.c), for the runner test_vectors.c.
 */
#ifndef URISCAN_TESTS_VECTOR_FILE_H
#define URISCAN_TESTS_VECTOR_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

#define NCOMP URISCAN_COMPONENT_COUNT

/* The component names of the vector files, by component index. */
extern const char *const comp_key[NCOMP];

/* The grammar under test (-g; RFC 3986 without it) and the index of its
 * authority rule; test_vectors.c's main sets them before reading a file. */
extern enum uriscan_grammar G;
extern unsigned rule_authority;

/* One vector. Strings point into the line buffer `line`. */
struct vcase {
	const char *file;
	unsigned lineno;
	char *line;
	const char *text; /* the input as written in the file */
	const char *rule_name;
	unsigned rule;
	unsigned char *input;
	size_t len;
	int valid;
	/* valid: */
	int check_parts; /* 0 for '*' */
	uint32_t present;
	const unsigned char *val[NCOMP];
	size_t val_len[NCOMP];
	uint32_t exp_off[NCOMP]; /* where the component must be (derived) */
	uint32_t explicit_off; /* components written KEY@OFFSET=VALUE */
	uint32_t xoff[NCOMP];  /* their offsets */
	enum uriscan_host_type host_type;
	enum uriscan_kind kind;
	unsigned form; /* URISCAN_FORM_NONE unless a form=RULE word */
	/* invalid: */
	int status;
	size_t offset;
};

/* Fill *v from one line (modified in place). NULL, or what is wrong. */
const char *parse_line(struct vcase *v, char *line);

#endif
