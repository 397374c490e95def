/* SPDX-License-Identifier: MIT */
/*
 * cmd_all.h: uriscan parse --all-grammars, one record against the top rule
 * of every grammar.
 */
#ifndef URISCAN_CLI_CMD_ALL_H
#define URISCAN_CLI_CMD_ALL_H

#include <stddef.h>
#include <stdint.h>

/* Print the JSON line of record number `record` (bytes [rec, rec + len));
 * returns 1 if at least one built grammar accepts it, else 0. */
int all_grammars_record(uint64_t record, const char *rec, size_t len);

#endif
