/* SPDX-License-Identifier: MIT */
/*
 * sqlite_args.c: the helpers of sqlite_uriscan.h every function file
 * uses: an argument as bytes, the optional grammar argument, NULL in,
 * NULL out, a result as text or blob; and the SQLite API table the loader
 * gives (SQLITE_EXTENSION_INIT1: set by the entry point, sqlite_uriscan.c).
 */
#include <string.h>

#include "sqlite_uriscan.h"
#include "sql_common.h"

SQLITE_EXTENSION_INIT1

const char *usq_bytes(sqlite3_value *v, size_t *len)
{
	const char *p;

	if (sqlite3_value_type(v) == SQLITE_BLOB)
		p = sqlite3_value_blob(v);
	else
		p = (const char *)sqlite3_value_text(v);
	*len = (size_t)sqlite3_value_bytes(v);
	if (p == NULL) {
		*len = 0;
		return "";
	}
	return p;
}

int usq_grammar(sqlite3_context *ctx, int argc, sqlite3_value **argv, int i,
                enum uriscan_grammar def, enum uriscan_grammar *g)
{
	const char *name;
	size_t len;

	*g = def;
	if (argc <= i)
		return 1;
	name = usq_bytes(argv[i], &len);
	if (usql_grammar(name, len, g) != URISCAN_OK) {
		sqlite3_result_error(ctx, "uriscan: unknown grammar (use rfc3986, "
		                          "rfc3987, rfc2396 or rfc1738)", -1);
		return 0;
	}
	return 1;
}

int usq_any_null(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	for (int i = 0; i < argc; i++)
		if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
			sqlite3_result_null(ctx);
			return 1;
		}
	return 0;
}

void usq_result_bytes(sqlite3_context *ctx, const char *s, size_t len)
{
	if (!usql_is_text(s, len))
		sqlite3_result_blob64(ctx, s, len, SQLITE_TRANSIENT);
	else
		sqlite3_result_text64(ctx, s, len, SQLITE_TRANSIENT, SQLITE_UTF8);
}
