/* SPDX-License-Identifier: MIT */
/*
 * cmd_get.h: `uriscan get TEMPLATE` as a record loop that `parse --get
 * TEMPLATE` runs too (cmd_parse.c). Declarations only.
 */
#ifndef URISCAN_CLI_GET_H
#define URISCAN_CLI_GET_H

#include "opts.h"

/* Fill template spec for each record of o's FILEs (o->grammar,
 * o->null_data, o->strict_get); returns the exit status. */
int get_records(const struct opts *o, const char *spec);

#endif
