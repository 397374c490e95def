/* SPDX-License-Identifier: MIT */
/*
 * report.h: the one way uriscan's commands report on standard error: errors,
 * usage errors, bad numbers, out of memory. Writes only to stderr (after
 * flushing stdout); no other output, no exit status of its own except 2.
 */
#ifndef URISCAN_CLI_REPORT_H
#define URISCAN_CLI_REPORT_H

#include <stddef.h>
#include <stdint.h>

#define EXIT_INVALID 1 /* some record invalid, or no match */
#define EXIT_TROUBLE 2 /* usage or I/O error */

/* "uriscan: MESSAGE" on stderr, after flushing stdout so that both appear
 * in order. Leaves errno as it found it. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The command whose usage errors are reported ("uriscan extract --help"
 * is the hint then); NULL: "uriscan --help". Set by the dispatcher. */
void cli_set_command(const char *name);
/* "uriscan: MESSAGE" and "Try 'uriscan [COMMAND] --help' for more
 * information.", then exit with status 2. */
_Noreturn void cli_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* "FILE:RECORD:COLUMN: STATUS: message" for an invalid record [rec, rec +
 * len) (the shape of `uriscan check`): COLUMN is the 1-based byte off + 1;
 * STATUS is uriscan_status_name(status), message its uriscan_strerror,
 * then, for bad_char, the byte: " (0x20 ' ')". */
void cli_record_error(const char *label, uint64_t record, const char *rec,
                      size_t len, size_t off, int status);
/* " (0xHH 'c')" for byte c ('c' only when printable ASCII) into out (16
 * bytes); the one way a bad byte is named. */
void cli_byte_name(unsigned char c, char out[16]);

/* The decimal number of option `spelled`, within [min, max]; a usage error
 * naming the range ("bad number for SPELLED: 'ARG' (a whole number from
 * MIN to MAX)", or "at least MIN" when max is ULONG_MAX) otherwise. */
unsigned long cli_number(const char *spelled, const char *arg,
                         unsigned long min, unsigned long max);

/* malloc/calloc/realloc that report "out of memory" and exit 2. */
void *cli_malloc(size_t n);
void *cli_calloc(size_t n, size_t size);
void *cli_realloc(void *p, size_t n);

#endif
