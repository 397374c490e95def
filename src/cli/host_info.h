/* SPDX-License-Identifier: MIT */
/*
 * host_info.h: what `uriscan inspect`, `check --deny` and the get fields
 * {ip} {ip_class} {site} {browser_host} {flags} say about one record: the
 * grammar's parse, the host a browser reaches, the address the host means
 * and its class, the registrable domain, the confusion flags. Library
 * calls only; no output.
 */
#ifndef URISCAN_CLI_HOST_INFO_H
#define URISCAN_CLI_HOST_INFO_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

/* struct host_info, HOST_INFO_MAX: the front ends' (src/frontend/) */
#include "host_read.h"

/* Fill h for the record rec[0, len) read with grammar g. */
void host_info_fill(struct host_info *h, enum uriscan_grammar g,
                    const char *rec, size_t len);

/* The same for an extraction match m; with_flags (the extractor had
 * URISCAN_EXTRACT_CONFUSION): its confusion flags are the flags and its
 * components, when it has them, the parse (neither made again). */
void host_info_fill_match(struct host_info *h, enum uriscan_grammar g,
                          const struct uriscan_match *m, int with_flags);

/* "," between the names of the flags of f, into the output (output.h). */
void host_info_out_flags(uint32_t f, char sep);

#endif
