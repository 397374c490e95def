/* SPDX-License-Identifier: MIT */
/*
 * sqlite_uriscan.h: the SQLite extension's shared helpers: reading an
 * argument as bytes (text or blob, NUL bytes included), the optional
 * grammar argument, and results as text or, when the bytes are not UTF-8
 * text, as a blob (sqlite_args.c); each file's registration, which
 * the entry point (sqlite_uriscan.c) calls.
 */
#ifndef URISCAN_SQLITE_URISCAN_H
#define URISCAN_SQLITE_URISCAN_H

#include <stddef.h>

#include <sqlite3ext.h>

#include "uriscan.h"

SQLITE_EXTENSION_INIT3

/* The bytes of v (text or blob; a number as its text), never NULL. */
const char *usq_bytes(sqlite3_value *v, size_t *len);

/* Argument i as a grammar when argc > i, else def: 1, or 0 after setting
 * the error (an unknown grammar). */
int usq_grammar(sqlite3_context *ctx, int argc, sqlite3_value **argv, int i,
                enum uriscan_grammar def, enum uriscan_grammar *g);

/* 1 when any argument is NULL (then the result is NULL: set). */
int usq_any_null(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* Result s[0, len): text when it is UTF-8 without NUL, else a blob. */
void usq_result_bytes(sqlite3_context *ctx, const char *s, size_t len);

/* Registration of each file's functions (sqlite_scalar.c,
 * sqlite_hosts.c, sqlite_vtab.c, sqlite_edit.c); SQLITE_OK or an error
 * code. */
int usq_register_scalar(sqlite3 *db);
int usq_register_edit(sqlite3 *db);
int usq_register_hosts(sqlite3 *db);
int usq_register_vtab(sqlite3 *db);

/* The flags every function is registered with. */
#define USQ_FLAGS (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

#endif
