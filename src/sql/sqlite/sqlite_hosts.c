/* SPDX-License-Identifier: MIT */
/*
 * sqlite_hosts.c: what a URL's host means (docs/hosts.md), read as `uriscan
 * inspect` reads it (src/frontend/host_read.h), on any bytes:
 * uri_host_inet (the address as canonical text: SQLite has no inet type),
 * uri_ip_class, uri_browser_host, uri_site, uri_flags (a JSON array).
 */
#include "sqlite_uriscan.h"
#include "host_read.h"

/* Read argument 0's host with the grammar of argument 1 (when given): 1,
 * or 0 with the result set. */
static int read_host(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                     struct host_info *h)
{
	enum uriscan_grammar g;
	const char *s;
	size_t len;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return 0;
	s = usq_bytes(argv[0], &len);
	frontend_host_read(h, g, s, len, NULL, NULL);
	if (h->browser_status == URISCAN_E_IDNA_UNAVAILABLE) {
		sqlite3_result_error(ctx, uriscan_strerror(h->browser_status), -1);
		return 0;
	}
	return 1;
}

static void f_host_inet(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct host_info h;

	if (!read_host(ctx, argc, argv, &h))
		return;
	if (h.addr.family == URISCAN_IP_NONE)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_text(ctx, h.ip, -1, SQLITE_TRANSIENT);
}

static void f_ip_class(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct host_info h;

	if (!read_host(ctx, argc, argv, &h))
		return;
	if (h.addr.family == URISCAN_IP_NONE)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_text(ctx, uriscan_ip_class_name(h.addr.ip_class), -1,
		                    SQLITE_STATIC);
}

static void f_browser_host(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv)
{
	struct host_info h;

	if (!read_host(ctx, argc, argv, &h))
		return;
	if (h.browser_status != URISCAN_OK)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_text(ctx, h.browser, (int)h.browser_len,
		                    SQLITE_TRANSIENT);
}

static void f_site(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct host_info h;

	if (!read_host(ctx, argc, argv, &h))
		return;
	if (h.site_status == URISCAN_E_UNSUPPORTED)
		sqlite3_result_error(ctx, "uri_site: uriscan was built without libpsl",
		                     -1);
	else if (h.site_len == 0)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_text(ctx, h.site, (int)h.site_len, SQLITE_TRANSIENT);
}

/* uri_flags(s [, grammar]): the URL-confusion flags, a JSON array of
 * names in bit order. */
static void f_flags(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	enum uriscan_grammar g;
	const char *s;
	size_t len;
	uint32_t f = 0;
	sqlite3_str *b;
	int first = 1;

	if (usq_any_null(ctx, argc, argv) ||
	    !usq_grammar(ctx, argc, argv, 1, URISCAN_RFC3986, &g))
		return;
	s = usq_bytes(argv[0], &len);
	if (uriscan_confusion(g, s, len, 0, &f, NULL) != URISCAN_OK) {
		sqlite3_result_error(ctx, "uri_flags: input too long", -1);
		return;
	}
	b = sqlite3_str_new(sqlite3_context_db_handle(ctx));
	sqlite3_str_appendchar(b, 1, '[');
	for (unsigned i = 0; i < 32; i++)
		if (f & (1u << i)) {
			sqlite3_str_appendf(b, "%s\"%s\"", first ? "" : ",",
			                    uriscan_confusion_name(1u << i));
			first = 0;
		}
	sqlite3_str_appendchar(b, 1, ']');
	{
		int n = sqlite3_str_length(b);
		char *p = sqlite3_str_finish(b);
		if (p == NULL)
			sqlite3_result_error_nomem(ctx);
		else
			sqlite3_result_text(ctx, p, n, sqlite3_free);
	}
}

int usq_register_hosts(sqlite3 *db)
{
	static const struct {
		const char *name;
		void (*fn)(sqlite3_context *, int, sqlite3_value **);
	} fns[] = {
	    {"uri_host_inet", f_host_inet}, {"uri_ip_class", f_ip_class},
	    {"uri_browser_host", f_browser_host}, {"uri_site", f_site},
	    {"uri_flags", f_flags},
	};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
		for (int n = 1; n <= 2; n++) {
			int rc = sqlite3_create_function_v2(db, fns[i].name, n, USQ_FLAGS,
			                                    NULL, fns[i].fn, NULL, NULL,
			                                    NULL);
			if (rc != SQLITE_OK)
				return rc;
		}
	return SQLITE_OK;
}
