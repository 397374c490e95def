/* SPDX-License-Identifier: MIT */
/*
 * reader.h: split a file descriptor into records (lines or NUL-terminated
 * records), or hand over its bytes block by block, with bounded memory.
 * Reads only: no opening, no messages (input.h does those).
 *
 * Regular files are mapped read-only (MAP_PRIVATE) one window at a time,
 * from the current file offset, and each record is a slice of the mapping:
 * nothing is copied (the offset is left at the end, as read() leaves it).
 * Anything else (pipes, terminals, files that cannot be mapped) is read in
 * large blocks into one buffer that holds the current record and grows to
 * the longest record seen; the buffer is reused from file to file.
 */
#ifndef URISCAN_CLI_READER_H
#define URISCAN_CLI_READER_H

#include <stddef.h>

/* Called once per record, in order. rec is not NUL-terminated and is only
 * valid during the call. */
typedef void (*reader_record_fn)(void *ctx, const char *rec, size_t len);

struct reader {
	char delim;      /* '\n' (line mode) or '\0' (-z) */
	int strip_cr;    /* strip one trailing '\r' from every record */
	size_t window;   /* bytes per mmap window; 0: never mmap */
	size_t read_size; /* bytes asked of each read() */
	char *buf;       /* stream buffer (NULL until needed) */
	size_t cap;
};

/* Defaults, then the test hooks URISCAN_MMAP_WINDOW and URISCAN_READ_SIZE
 * from the environment (see uriscan(1), ENVIRONMENT). */
void reader_init(struct reader *r, char delim, int strip_cr);
void reader_free(struct reader *r);

/*
 * Deliver every record of fd to fn. A last record without a delimiter is
 * still a record; an empty input has none. Returns 0 at end of input, or -1
 * with errno set when reading failed (the records before the failure have
 * been delivered, the partial record at the failure has not).
 */
int reader_run(struct reader *r, int fd, reader_record_fn fn, void *ctx);

/* Called once per block read, in order; p is valid only during the call. */
typedef void (*reader_block_fn)(void *ctx, const char *p, size_t n);

/* Deliver the bytes of fd, from its offset to its end, in blocks of at most
 * r->read_size bytes (uriscan extract). Returns 0 at end of input, or -1
 * with errno set when reading failed. */
int reader_blocks(struct reader *r, int fd, reader_block_fn fn, void *ctx);

#endif
