/* SPDX-License-Identifier: MIT */
/*
 * input.h: the FILE operands of every command, opened, read and reported on
 * in one way. Reads only; what a record means is the command's business.
 *
 * No operand means standard input, as does "-". A FILE that cannot be
 * opened, or is a directory, gives "uriscan: FILE: STRERROR"; a read error
 * "uriscan: FILE: read error: STRERROR" (errno of the failing call); the
 * other FILEs are still read and the command ends with status 2.
 */
#ifndef URISCAN_CLI_INPUT_H
#define URISCAN_CLI_INPUT_H

#include <stdint.h>

#include "reader.h"

struct input_file {
	const char *name;  /* the operand ("-" for standard input) */
	const char *label; /* for messages: the name, "<stdin>" for "-" */
	int fd;
	int is_stdin;
};

/* Reads one opened FILE; returns 0 at its end, -1 with errno set when
 * reading failed. */
typedef int (*input_fn)(void *ctx, const struct input_file *f);

/* fn on every FILE in order (files[0..nfiles), none: standard input).
 * Returns 0 if every FILE was read, EXIT_TROUBLE otherwise. */
int input_each(char **files, int nfiles, input_fn fn, void *ctx);

/*
 * The record loop of the record commands (parse, check, convert, log):
 * every record of every FILE to fn, numbered from 1 in each FILE.
 */
struct record_loop {
	char delim;            /* '\n', or '\0' (-z) */
	int strip_cr;          /* strip one '\r' before the delimiter */
	reader_record_fn fn;   /* called with ctx for each record */
	void *ctx;
	const char *label;     /* the current FILE, for messages */
	uint64_t record;       /* number of the current record in its FILE */
};

/* Returns 0, or EXIT_TROUBLE when a FILE could not be read. */
int records_run(struct record_loop *l, char **files, int nfiles);

#endif
