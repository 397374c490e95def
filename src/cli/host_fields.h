/* SPDX-License-Identifier: MIT */
/*
 * host_fields.h: the host fields of a record (host_info.h) as `uriscan
 * inspect` prints them, for every command that prints them (inspect,
 * extract --hosts, log --hosts): ip, ip_form, ip_class, browser_host,
 * site, flags. In JSON Lines null when absent, flags an array of names;
 * in TSV \N when absent, flags comma-joined (\N for none). Output only.
 */
#ifndef URISCAN_CLI_HOST_FIELDS_H
#define URISCAN_CLI_HOST_FIELDS_H

#include "host_info.h"

/* host_fields_jsonl: also browser_error (after browser_host) and, when
 * uriscan_site failed, site_error (after site): inspect's records. */
#define HOST_FIELDS_ERRORS 1u

/* `,"PREFIXip":...` and the others, PREFIX prepended to each key ("" for
 * none, "referer_" in log). */
void host_fields_jsonl(const struct host_info *h, const char *prefix,
                       unsigned opts);
/* The six keys with PREFIX, all null: nothing was read (no referer). */
void host_fields_jsonl_null(const char *prefix);
/* A tab and the value of each of the six fields. */
void host_fields_tsv(const struct host_info *h);
/* A tab and \N, six times. */
void host_fields_tsv_null(void);

#endif
