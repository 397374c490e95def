/* SPDX-License-Identifier: MIT */
/*
 * sqlite_uriscan.c: the SQLite loadable extension's entry point
 * (sqlite3_uriscan_init: `.load .../uriscan` in the sqlite3 shell,
 * load_extension() in SQL, Connection.load_extension in Python): it sets
 * the API table (sqlite_args.c) and registers each file's functions.
 */
#include "sqlite_uriscan.h"

/* the one symbol the module exports (uriscan_sqlite.sym) */
#if defined(__GNUC__)
__attribute__((visibility("default")))
#endif
int sqlite3_uriscan_init(sqlite3 *db, char **err,
                         const sqlite3_api_routines *api);
int sqlite3_uriscan_init(sqlite3 *db, char **err,
                         const sqlite3_api_routines *api)
{
	int rc;

	(void)err;
	SQLITE_EXTENSION_INIT2(api);
	rc = usq_register_scalar(db);
	if (rc == SQLITE_OK)
		rc = usq_register_hosts(db);
	if (rc == SQLITE_OK)
		rc = usq_register_vtab(db);
	if (rc == SQLITE_OK)
		rc = usq_register_edit(db);
	return rc;
}
