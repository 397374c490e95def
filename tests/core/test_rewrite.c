/* SPDX-License-Identifier: MIT */
/*
 * test_rewrite.c: uriscan_rewrite and the default tracking list.
 *   --vectors FILE    tests/vectors/rewrite.tsv at every output capacity
 *   --tracking FILE   uriscan_tracking_default is the list of
 *                     data/tracking/tracking-params.tsv, in its order
 *   --args            the argument checks
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit_vec.h"
#include "tap.h"
#include "uriscan.h"

#define LINE_MAX_ (1 << 16)
#define GUARD 8

static char line[LINE_MAX_], opts_copy[LINE_MAX_];
static char out[LINE_MAX_ + GUARD], work[LINE_MAX_];
static struct uriscan_set_options sets[8];

static int guard_ok(size_t cap)
{
	for (size_t i = 0; i < GUARD; i++)
		if ((unsigned char)out[cap + i] != 0xA5)
			return 0;
	return 1;
}

static unsigned component_of(const char *name)
{
	for (unsigned c = 0; c < URISCAN_PARTS_COUNT; c++)
		if (strcmp(uriscan_component_name(c), name) == 0)
			return c;
	return ~0u;
}

/* OPTIONS of rewrite.tsv into *o; NULL or what is wrong. */
static const char *parse_options(char *s, struct uriscan_rewrite_options *o,
                                 struct uriscan_query_edit *ed, size_t *at)
{
	memset(o, 0, sizeof *o);
	o->size = sizeof *o;
	o->sets = sets;
	o->edits = ed;
	o->work = work;
	o->work_cap = sizeof work;
	if (strcmp(s, "-") == 0)
		return NULL;
	for (char *w = strtok(s, " "); w; w = strtok(NULL, " ")) {
		char *arg = strchr(w, '=');
		if (arg)
			*arg++ = '\0';
		if (!strcmp(w, "strip-tracking"))
			o->flags |= URISCAN_REWRITE_STRIP_TRACKING;
		else if (!strcmp(w, "drop-fragment"))
			o->flags |= URISCAN_REWRITE_DROP_FRAGMENT;
		else if (!strcmp(w, "drop-default-port"))
			o->flags |= URISCAN_REWRITE_DROP_DEFAULT_PORT;
		else if (!strcmp(w, "lower"))
			o->flags |= URISCAN_REWRITE_LOWER;
		else if (!strcmp(w, "normalize"))
			o->flags |= URISCAN_REWRITE_NORMALIZE;
		else if (!strcmp(w, "scheme-based"))
			o->flags |= URISCAN_REWRITE_SCHEME_BASED;
		else if (!strcmp(w, "query-icase"))
			o->query_flags |= URISCAN_QUERY_ICASE;
		else if (!strcmp(w, "form"))
			o->query_flags |= URISCAN_DECODE_PLUS;
		else if (!strcmp(w, "query-sort"))
			ed[o->n_edits++].op = URISCAN_QUERY_SORT;
		else if (!arg)
			return "unknown option";
		else if (!strcmp(w, "set") || !strcmp(w, "remove-component")) {
			struct uriscan_set_options *so = &sets[o->n_sets++];
			char *v = strchr(arg, '=');
			memset(so, 0, sizeof *so);
			so->size = sizeof *so;
			if (v)
				*v++ = '\0';
			if ((so->component = component_of(arg)) == ~0u)
				return "unknown component";
			if (w[0] == 'r')
				so->flags = URISCAN_SET_REMOVE;
			else if (!v || !(so->value = edit_unesc_(v, &so->value_len, at)))
				return "bad value";
		} else if (!strcmp(w, "query-keep")) {
			for (char *k = arg;;) {
				struct uriscan_query_edit *e = &ed[o->n_edits++];
				char *comma = strchr(k, ',');
				if (comma)
					*comma = '\0';
				e->op = URISCAN_QUERY_KEEP;
				if (!(e->key = edit_unesc_(k, &e->key_len, at)))
					return "bad key";
				if (!comma)
					break;
				k = comma + 1;
			}
		} else {
			struct uriscan_query_edit *e = &ed[o->n_edits++];
			char *v = strchr(arg, '=');
			if (!strcmp(w, "query-remove"))
				e->op = URISCAN_QUERY_REMOVE, v = NULL;
			else if (!strcmp(w, "query-set"))
				e->op = URISCAN_QUERY_SET;
			else if (!strcmp(w, "query-append"))
				e->op = URISCAN_QUERY_APPEND;
			else
				return "unknown option";
			if (v) {
				*v++ = '\0';
				if (!(e->value = edit_unesc_(v, &e->value_len, at)))
					return "bad value";
			}
			if (!(e->key = edit_unesc_(arg, &e->key_len, at)))
				return "bad key";
		}
	}
	return NULL;
}

static void run_vectors(const char *path)
{
	FILE *fp = fopen(path, "r");
	struct uriscan_query_edit ed[EDIT_MAX];
	char *f[5];

	if (!fp) {
		tap_ok(0, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		struct uriscan_rewrite_options o;
		size_t at = 0, in_len = 0, want_len = 0;
		int nf = 0;
		char *s = line, *in, *want = NULL, *c = NULL;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		s[strcspn(s, "\r\n")] = '\0';
		f[nf++] = s;
		while (nf < 5 && (s = strchr(s, '\t')) != NULL) {
			*s++ = '\0';
			f[nf++] = s;
		}
		memset(ed, 0, sizeof ed);
		snprintf(opts_copy, sizeof opts_copy, "%s", f[0]);
		const char *why = nf < 4 ? "short line"
		                         : parse_options(opts_copy, &o, ed, &at);
		int ok = nf >= 4 && strcmp(f[2], "ok") == 0;
		if (!why && !(in = edit_unesc_(f[1], &in_len, &at)))
			why = "bad input";
		if (!why && ok && !(want = edit_unesc_(f[3], &want_len, &at)))
			why = "bad result";
		if (!why && !ok && !(c = strchr(f[3], '@')))
			why = "bad error";
		if (why) {
			tap_ok(0, "%s: %s", why, f[0]);
			continue;
		}
		int want_st = URISCAN_OK;
		size_t want_off = 0;
		if (!ok) {
			*c = '\0';
			want_st = edit_status_of_(f[3]);
			want_off = strtoul(c + 1, NULL, 10);
		}
		int all = 1;
		for (size_t cap = 0; cap <= (ok ? want_len + 2 : 2); cap++) {
			size_t n = 99;
			struct uriscan_error err = {99, 99, URISCAN_INPUT_NONE, 99};
			memset(out, 0xA5, cap + GUARD);
			int st = uriscan_rewrite(URISCAN_RFC3986, in_len ? in : NULL,
			                         in_len, &o, cap ? out : NULL, cap, &n,
			                         &err);
			int good;
			if (ok) {
				int fits = cap > want_len;
				good = st == (fits ? URISCAN_OK : URISCAN_E_BUFFER_TOO_SMALL) &&
				       guard_ok(cap) && err.status == st &&
				       (!fits || (n == want_len &&
				                  memcmp(out, want, n) == 0 && out[n] == 0));
			} else
				good = st == want_st && err.status == st &&
				       err.offset == want_off && n == 0 && guard_ok(cap);
			if (!good) {
				tap_diag("cap %zu: %s@%zu, len %zu: %.*s", cap,
				         uriscan_status_name(st), err.offset, n,
				         (int)(cap > n ? n : cap), out);
				all = 0;
				break;
			}
		}
		tap_ok(all, "rewrite [%s] \"%s\"", f[0], f[1]);
	}
	fclose(fp);
}

static void run_tracking(const char *path)
{
	FILE *fp = fopen(path, "r");
	size_t n = 0, i = 0;
	const char *const *list = uriscan_tracking_default(&n);
	int same = fp != NULL;

	while (fp && fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\t")] = '\0';
		if (i >= n || strcmp(list[i], line) != 0)
			same = 0;
		i++;
	}
	if (fp)
		fclose(fp);
	tap_ok(same && i == n && n > 20, "the default list is the data file's %zu keys",
	       n);
}

static void run_args(void)
{
	struct uriscan_rewrite_options o = {.size = sizeof o};
	struct uriscan_set_options so = {sizeof so, URISCAN_PATH, "/x", 2, 0};
	const char *bad_list[] = {"a", NULL};
	size_t n = 7;

	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "http://h/", 9, NULL, out, 20, &n,
	                       NULL) == URISCAN_OK &&
	           n == 9 && strcmp(out, "http://h/") == 0,
	       "options NULL: the input");
	o.size = sizeof o - 1;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "options size too small");
	o.size = sizeof o;
	o.flags = URISCAN_REWRITE_SCHEME_BASED;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "scheme-based without normalize");
	o.flags = URISCAN_REWRITE_STRIP_TRACKING;
	o.tracking = bad_list;
	o.n_tracking = 2;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "a NULL tracking entry");
	o.n_tracking = 1;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "h?a=1&b", 7, &o, out, 8, &n,
	                       NULL) == URISCAN_OK &&
	           strcmp(out, "h?b") == 0,
	       "a list of our own replaces the default");
	o.tracking = NULL;
	o.n_tracking = 0;
	o.sets = &so;
	o.n_sets = 1;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "a set without a work buffer");
	o.work = out + 4;
	o.work_cap = 4;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	           URISCAN_E_INVALID_ARG,
	       "work overlapping out");
	o.work = work;
	o.work_cap = 2;
	tap_ok(uriscan_rewrite(URISCAN_RFC3986, "a", 1, &o, out, 8, &n, NULL) ==
	               URISCAN_E_BUFFER_TOO_SMALL &&
	           n == 2,
	       "work too small: the room the step needs");
	tap_ok(uriscan_rewrite(URISCAN_RFC2396, "a", 1, NULL, out, 8, &n, NULL) ==
	           URISCAN_E_UNSUPPORTED,
	       "RFC 2396 unsupported");
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--vectors") == 0 && i + 1 < argc)
			run_vectors(argv[++i]);
		else if (strcmp(argv[i], "--tracking") == 0 && i + 1 < argc)
			run_tracking(argv[++i]);
		else if (strcmp(argv[i], "--args") == 0)
			run_args();
		else
			tap_ok(0, "unknown argument %s", argv[i]);
	}
	return tap_done();
}
