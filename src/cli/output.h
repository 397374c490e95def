/* SPDX-License-Identifier: MIT */
/*
 * output.h: buffered output to stdout with explicit lengths (NUL bytes are
 * data), and the JSON and TSV string encodings of uriscan(1).
 */
#ifndef URISCAN_CLI_OUTPUT_H
#define URISCAN_CLI_OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Note whether stdout is a terminal (then each record is written at its
 * end). Call before any output. */
void out_init(void);

/* The staging buffer (output.c): bytes go here and to stdout's file
 * descriptor in blocks of half of it or more (one record at a time to a
 * terminal). out_char and out_bytes are inline: as calls into output.c
 * they were a fifth of `uriscan log`'s time, most records being many short
 * pieces (docs/performance.md, "The command line"). */
#define OUT_STAGE_SIZE ((size_t)1 << 20)
struct out_stage {
	size_t len;
	char buf[OUT_STAGE_SIZE];
};
extern struct out_stage out_stage;
/* When [p, p + n) does not fit in what is left of the stage. */
void out_bytes_slow(const void *p, size_t n);
/* Flush everything to stdout's file descriptor (at the end, and before a
 * message on stderr so that both appear in order). Every output function
 * ends the program with status 2 when a write fails: after a message on
 * stderr, or quietly for a closed pipe (EPIPE). */
void out_flush(void);

/* the first and the last sizeof(T) bytes, for sizeof(T) <= n <= 2 *
 * sizeof(T): both loaded before either is stored */
#define OUT_COPY_ENDS(T)                                                       \
	do {                                                                       \
		T a_, b_;                                                              \
		memcpy(&a_, s, sizeof a_);                                             \
		memcpy(&b_, s + n - sizeof b_, sizeof b_);                             \
		memcpy(d, &a_, sizeof a_);                                             \
		memcpy(d + n - sizeof b_, &b_, sizeof b_);                             \
	} while (0)

/* n bytes from p to d, n not known at compile time. Up to 16 bytes by
 * two loads that overlap, inline: most pieces of a record are that short
 * (keys, numbers, methods, short strings), and glibc's memcpy, one
 * function for every call site, mispredicted about 10 branches per line
 * of `uriscan log` on its sizes (docs/performance.md, "The command line"). No
 * byte outside [p, p + n) is read. */
static inline void out_copy(char *d, const void *p, size_t n)
{
	const unsigned char *s = p;

	if (n > 16) {
		memcpy(d, p, n);
	} else if (n >= 8) {
		OUT_COPY_ENDS(uint64_t);
	} else if (n >= 4) {
		OUT_COPY_ENDS(uint32_t);
	} else if (n > 0) {
		d[0] = (char)s[0];
		d[n >> 1] = (char)s[n >> 1];
		d[n - 1] = (char)s[n - 1];
	}
}

/* Bytes, verbatim. */
static inline void out_bytes(const void *p, size_t n)
{
	if (n <= OUT_STAGE_SIZE - out_stage.len) {
		if (__builtin_constant_p(n))
			memcpy(out_stage.buf + out_stage.len, p, n);
		else
			out_copy(out_stage.buf + out_stage.len, p, n);
		out_stage.len += n;
	} else {
		out_bytes_slow(p, n);
	}
}
/* A string literal, verbatim (its length is known at compile time). */
#define OUT_LIT(s) out_bytes("" s, sizeof(s) - 1)
/* A NUL-terminated string, verbatim. */
void out_str(const char *s);
static inline void out_char(char c)
{
	if (out_stage.len == OUT_STAGE_SIZE)
		out_flush();
	out_stage.buf[out_stage.len++] = c;
}
/* A decimal number. */
void out_u64(uint64_t v);
/*
 * A JSON string literal (with its quotes) holding the bytes [s, s + n):
 * valid UTF-8 is copied; '"', '\\' and the control bytes 0x00-0x1f and 0x7f
 * are escaped (\" \\ \b \f \n \r \t, else \u00xx); every byte that is not
 * part of a valid UTF-8 sequence becomes \udcXX (U+DC80 + byte - 0x80, the
 * "surrogateescape" convention). The result is always valid JSON.
 */
void out_json_string(const char *s, size_t n);
/* A NUL-terminated name as a JSON string, or null when s is NULL. */
void out_json_name(const char *s);
/* A TSV field (PostgreSQL COPY text format): '\\', tab, newline and
 * carriage return become \\ \t \n \r; every other byte is copied. */
void out_tsv_field(const char *s, size_t n);
/* [s, s + n) as a JSON string when present, else null. */
void out_json_or_null(const char *s, size_t n, int present);
/* A tab, then [s, s + n) as a TSV field when present, else \N. */
void out_tsv_or_null(const char *s, size_t n, int present);
/* End of one output record: writes the stage when it is more than half
 * full or stdout is a terminal. */
void out_end_record(void);

#endif
