/* SPDX-License-Identifier: MIT */
/*
 * sqlite_vtab.c: the table-valued functions (eponymous virtual tables):
 *   uri_extract(text [, grammar])         -> byte_offset, url
 *   uri_query_params(url [, decode [, grammar]]) -> key, value, position
 * Each call computes its rows in xFilter into the cursor (bounded by what
 * it returns: the matches, the parameters); the hidden columns are the
 * arguments.
 */
#include <string.h>

#include "sqlite_uriscan.h"
#include "sql_common.h"

struct cell {
	int type; /* SQLITE_NULL, SQLITE_INTEGER or SQLITE_TEXT (text or blob) */
	sqlite3_int64 i;
	char *p;  /* owned */
	size_t n;
};

struct cursor {
	sqlite3_vtab_cursor base;
	struct cell *cells;
	size_t ncols, nrows, cap, row;
	int failed;
};

struct tvf {
	const char *schema;
	int ncols, nhidden, required; /* the hidden columns that must be given */
	int (*fill)(struct cursor *c, sqlite3_value **args, int nargs,
	            char **err);
};

struct vtab {
	sqlite3_vtab base;
	const struct tvf *f;
};

/* ---- rows ---- */

static struct cell *new_row(struct cursor *c)
{
	if (c->nrows == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct cell *p = sqlite3_realloc64(c->cells,
		                                   cap * c->ncols * sizeof *p);
		if (p == NULL)
			return NULL;
		c->cells = p;
		c->cap = cap;
	}
	memset(c->cells + c->nrows * c->ncols, 0, c->ncols * sizeof *c->cells);
	return c->cells + c->nrows++ * c->ncols;
}

static int set_bytes(struct cell *x, const char *s, size_t n)
{
	x->type = SQLITE_TEXT;
	x->n = n;
	x->p = sqlite3_malloc64(n + 1);
	if (x->p == NULL)
		return 0;
	memcpy(x->p, s, n);
	return 1;
}

static void clear_rows(struct cursor *c)
{
	for (size_t i = 0; i < c->nrows * c->ncols; i++)
		sqlite3_free(c->cells[i].p);
	c->nrows = c->row = 0;
}

/* ---- uri_extract ---- */

static int put_match(void *user, const struct uriscan_match *m)
{
	struct cursor *c = user;
	struct cell *r = new_row(c);

	if (r == NULL || !set_bytes(&r[1], m->bytes, m->nbytes)) {
		c->failed = 1;
		return 1;
	}
	r[0].type = SQLITE_INTEGER;
	r[0].i = (sqlite3_int64)m->offset;
	return 0;
}

static int fill_extract(struct cursor *c, sqlite3_value **args, int nargs,
                        char **err)
{
	struct uriscan_extract_options opt = {
	    .size = sizeof opt,
	    .flags = URISCAN_EXTRACT_NO_COMPONENTS,
	    .max_len = URISCAN_EXTRACT_MAX_LEN_MAX,
	};
	enum uriscan_grammar g = URISCAN_RFC3986;
	const char *s;
	size_t len;
	int st;

	if (sqlite3_value_type(args[0]) == SQLITE_NULL)
		return SQLITE_OK;
	if (nargs > 1) {
		const char *name = usq_bytes(args[1], &len);
		if (usql_grammar(name, len, &g) != URISCAN_OK) {
			*err = sqlite3_mprintf("uri_extract: unknown grammar");
			return SQLITE_ERROR;
		}
	}
	s = usq_bytes(args[0], &len);
	st = uriscan_extract(g, s, len, &opt, put_match, c, NULL);
	if (c->failed)
		return SQLITE_NOMEM;
	if (st != URISCAN_OK) {
		*err = sqlite3_mprintf("uri_extract: %s", uriscan_strerror(st));
		return SQLITE_ERROR;
	}
	return SQLITE_OK;
}

/* ---- uri_query_params ---- */

static int set_decoded(struct cell *x, const char *s, size_t n, int decode)
{
	size_t m;

	if (!set_bytes(x, s, n))
		return 0;
	if (decode)
		uriscan_percent_decode(s, n, URISCAN_DECODE_LENIENT |
		                                 URISCAN_DECODE_PLUS,
		                       x->p, n, &m, NULL, NULL),
		    x->n = m;
	return 1;
}

static int fill_params(struct cursor *c, sqlite3_value **args, int nargs,
                       char **err)
{
	enum uriscan_grammar g = URISCAN_RFC3986;
	struct uriscan_uri u;
	struct uriscan_query_iter it;
	struct uriscan_query_pair pair;
	const char *s, *q;
	size_t len, n;
	int decode = nargs < 2 || sqlite3_value_type(args[1]) == SQLITE_NULL ||
	             sqlite3_value_int(args[1]) != 0;
	sqlite3_int64 pos = 0;

	if (sqlite3_value_type(args[0]) == SQLITE_NULL)
		return SQLITE_OK;
	if (nargs > 2) {
		const char *name = usq_bytes(args[2], &len);
		if (usql_grammar(name, len, &g) != URISCAN_OK) {
			*err = sqlite3_mprintf("uri_query_params: unknown grammar");
			return SQLITE_ERROR;
		}
	}
	s = usq_bytes(args[0], &len);
	if (uriscan_parse(g, s, len, 0, &u) != URISCAN_OK ||
	    (q = uriscan_component(&u, s, URISCAN_QUERY, &n)) == NULL ||
	    uriscan_query_iter_init(&it, q, n, 0) != URISCAN_OK)
		return SQLITE_OK;
	while (uriscan_query_next(&it, &pair) == URISCAN_OK) {
		struct cell *r;
		if (pair.pair.len == 0)
			continue;
		if ((r = new_row(c)) == NULL ||
		    !set_decoded(&r[0], q + pair.key.off, pair.key.len, decode) ||
		    (pair.has_value &&
		     !set_decoded(&r[1], q + pair.value.off, pair.value.len, decode)))
			return SQLITE_NOMEM;
		r[2].type = SQLITE_INTEGER;
		r[2].i = ++pos;
	}
	return SQLITE_OK;
}

static const struct tvf extract_tvf = {
    "CREATE TABLE x(byte_offset INTEGER, url TEXT, input HIDDEN, "
    "grammar HIDDEN)",
    2, 2, 1, fill_extract};
static const struct tvf params_tvf = {
    "CREATE TABLE x(key TEXT, value TEXT, position INTEGER, url HIDDEN, "
    "decode HIDDEN, grammar HIDDEN)",
    3, 3, 1, fill_params};

/* ---- the module ---- */

static int x_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                     sqlite3_vtab **out, char **err)
{
	const struct tvf *f = aux;
	struct vtab *v;
	int rc;

	(void)argc;
	(void)argv;
	(void)err;
	rc = sqlite3_declare_vtab(db, f->schema);
	if (rc != SQLITE_OK)
		return rc;
	v = sqlite3_malloc(sizeof *v);
	if (v == NULL)
		return SQLITE_NOMEM;
	memset(v, 0, sizeof *v);
	v->f = f;
	sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
	*out = &v->base;
	return SQLITE_OK;
}

static int x_disconnect(sqlite3_vtab *v)
{
	sqlite3_free(v);
	return SQLITE_OK;
}

/* The arguments are equality constraints on the hidden columns, passed in
 * column order; idxNum has bit k for hidden column k. */
static int x_best_index(sqlite3_vtab *vt, sqlite3_index_info *info)
{
	const struct tvf *f = ((struct vtab *)vt)->f;
	int which[8] = {-1, -1, -1, -1, -1, -1, -1, -1}, mask = 0, n = 0;

	for (int i = 0; i < info->nConstraint; i++) {
		const struct sqlite3_index_constraint *k = &info->aConstraint[i];
		int h = k->iColumn - f->ncols;
		if (h < 0 || h >= f->nhidden)
			continue;
		if (!k->usable || k->op != SQLITE_INDEX_CONSTRAINT_EQ)
			return SQLITE_CONSTRAINT;
		which[h] = i;
		mask |= 1 << h;
	}
	for (int h = 0; h < f->required; h++)
		if (!(mask & (1 << h)))
			return SQLITE_CONSTRAINT;
	for (int h = 0; h < f->nhidden; h++)
		if (which[h] >= 0) {
			info->aConstraintUsage[which[h]].argvIndex = ++n;
			info->aConstraintUsage[which[h]].omit = 1;
		}
	info->idxNum = mask;
	info->estimatedCost = 10;
	info->estimatedRows = 10;
	return SQLITE_OK;
}

static int x_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out)
{
	struct cursor *c = sqlite3_malloc(sizeof *c);

	if (c == NULL)
		return SQLITE_NOMEM;
	memset(c, 0, sizeof *c);
	c->ncols = (size_t)((struct vtab *)vt)->f->ncols;
	*out = &c->base;
	return SQLITE_OK;
}

static int x_close(sqlite3_vtab_cursor *cur)
{
	struct cursor *c = (struct cursor *)cur;

	clear_rows(c);
	sqlite3_free(c->cells);
	sqlite3_free(c);
	return SQLITE_OK;
}

static int x_filter(sqlite3_vtab_cursor *cur, int idx_num, const char *idx_str,
                    int argc, sqlite3_value **argv)
{
	struct cursor *c = (struct cursor *)cur;
	struct vtab *v = (struct vtab *)cur->pVtab;
	sqlite3_value *args[8] = {NULL};
	int nargs = 0, k = 0, rc;
	char *err = NULL;

	(void)idx_str;
	clear_rows(c);
	c->failed = 0;
	/* the hidden columns given, in order; a column left out (not the
	 * last ones) takes its default: NULL */
	for (int h = 0; h < v->f->nhidden; h++)
		if (idx_num & (1 << h)) {
			if (k >= argc)
				break;
			args[h] = argv[k++];
			nargs = h + 1;
		}
	for (int h = 0; h < nargs; h++)
		if (args[h] == NULL) {
			/* only the input may be required; an unknown grammar or a
			 * decode in the middle stays at its default */
			nargs = h;
			break;
		}
	rc = v->f->fill(c, args, nargs, &err);
	if (err) {
		sqlite3_free(v->base.zErrMsg);
		v->base.zErrMsg = err;
	}
	return rc;
}

static int x_next(sqlite3_vtab_cursor *cur)
{
	((struct cursor *)cur)->row++;
	return SQLITE_OK;
}

static int x_eof(sqlite3_vtab_cursor *cur)
{
	struct cursor *c = (struct cursor *)cur;
	return c->row >= c->nrows;
}

static int x_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
	struct cursor *c = (struct cursor *)cur;
	struct cell *x;

	if (col < 0 || (size_t)col >= c->ncols) {
		sqlite3_result_null(ctx); /* a hidden column: the argument */
		return SQLITE_OK;
	}
	x = &c->cells[c->row * c->ncols + (size_t)col];
	if (x->type == SQLITE_INTEGER)
		sqlite3_result_int64(ctx, x->i);
	else if (x->type == SQLITE_TEXT)
		usq_result_bytes(ctx, x->p, x->n);
	else
		sqlite3_result_null(ctx);
	return SQLITE_OK;
}

static int x_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
	*rowid = (sqlite3_int64)((struct cursor *)cur)->row + 1;
	return SQLITE_OK;
}

static const sqlite3_module module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous only */
    .xConnect = x_connect,
    .xBestIndex = x_best_index,
    .xDisconnect = x_disconnect,
    .xDestroy = x_disconnect,
    .xOpen = x_open,
    .xClose = x_close,
    .xFilter = x_filter,
    .xNext = x_next,
    .xEof = x_eof,
    .xColumn = x_column,
    .xRowid = x_rowid,
};

int usq_register_vtab(sqlite3 *db)
{
	int rc = sqlite3_create_module(db, "uri_extract", &module,
	                               (void *)&extract_tvf);
	if (rc == SQLITE_OK)
		rc = sqlite3_create_module(db, "uri_query_params", &module,
		                           (void *)&params_tvf);
	return rc;
}
