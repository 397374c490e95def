/* SPDX-License-Identifier: MIT */
/*
 * edit_vec.h: one line of tests/vectors/query-edit*.tsv read into edits
 * (the format is described at the top of query-edit.tsv). Header-only;
 * one line at a time (static storage).
 */
#ifndef URISCAN_TESTS_EDIT_VEC_H
#define URISCAN_TESTS_EDIT_VEC_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uriscan.h"
#include "vec.h"

#define EDIT_MAX 32
#define EDIT_BYTES (1 << 16)

struct edit_line {
	const char *flags_text, *edits_text, *in_text;
	unsigned flags;
	struct uriscan_query_edit edits[EDIT_MAX];
	size_t n_edits;
	char *in, *want;
	size_t in_len, want_len;
	int ok, status;
	size_t offset;
};

static unsigned char edit_bytes_[4 * EDIT_BYTES];
static char edit_copy_[EDIT_BYTES];

static inline int edit_status_of_(const char *name)
{
	for (int i = 0; i < URISCAN_STATUS_LAST; i++)
		if (strcmp(uriscan_status_name(i), name) == 0)
			return i;
	return -1;
}

/* Unescape s into the byte pool at *at: a pointer to the bytes, or NULL. */
static inline char *edit_unesc_(const char *s, size_t *len, size_t *at)
{
	long n;
	if (strlen(s) + *at >= sizeof edit_bytes_)
		return NULL;
	n = vec_unescape(s, edit_bytes_ + *at, 0);
	if (n < 0)
		return NULL;
	char *p = (char *)edit_bytes_ + *at;
	*len = (size_t)n;
	*at += (size_t)n + 1;
	return p;
}

/* The flags of a FLAGS field. */
static inline unsigned edit_flags_of(const char *s)
{
	return (strstr(s, "plus") ? URISCAN_DECODE_PLUS : 0) |
	       (strstr(s, "semicolon") ? URISCAN_QUERY_SEMICOLON : 0) |
	       (strstr(s, "icase") ? URISCAN_QUERY_ICASE : 0) |
	       (strstr(s, "keep-empty") ? URISCAN_QUERY_KEEP_EMPTY : 0);
}

/* Read edits "op:KEY=VALUE ..." from s (modified). NULL or what is
 * wrong. */
static inline const char *edit_list_parse(char *s, struct uriscan_query_edit *ed,
                                   size_t *n_edits, size_t *at)
{
	*n_edits = 0;
	for (char *tok = strtok(s, " "); tok; tok = strtok(NULL, " ")) {
		struct uriscan_query_edit *e = &ed[*n_edits];
		char *arg = strchr(tok, ':');
		if (*n_edits == EDIT_MAX)
			return "too many edits";
		memset(e, 0, sizeof *e);
		if (arg)
			*arg++ = '\0';
		if (strcmp(tok, "sort") == 0) {
			e->op = URISCAN_QUERY_SORT;
			(*n_edits)++;
			continue;
		}
		if (!arg)
			return "edit without an argument";
		if (strcmp(tok, "set") == 0)
			e->op = URISCAN_QUERY_SET;
		else if (strcmp(tok, "append") == 0)
			e->op = URISCAN_QUERY_APPEND;
		else if (strcmp(tok, "remove") == 0)
			e->op = URISCAN_QUERY_REMOVE;
		else if (strcmp(tok, "keep") == 0)
			e->op = URISCAN_QUERY_KEEP;
		else
			return "unknown edit";
		char *eq = e->op == URISCAN_QUERY_SET || e->op == URISCAN_QUERY_APPEND
		               ? strchr(arg, '=')
		               : NULL;
		if (eq) {
			*eq = '\0';
			if (!(e->value = edit_unesc_(eq + 1, &e->value_len, at)))
				return "bad escape in a value";
		} else if (e->op == URISCAN_QUERY_SET)
			return "set without '='";
		if (!(e->key = edit_unesc_(arg, &e->key_len, at)))
			return "bad escape in a key";
		(*n_edits)++;
	}
	return NULL;
}

/* Fill *v from a line of query-edit*.tsv (modified). NULL or what is
 * wrong. */
static inline const char *edit_line_parse(struct edit_line *v, char *line)
{
	char *f[6];
	int n = 0;
	size_t at = 0;
	char *s = line;

	s[strcspn(s, "\r\n")] = '\0';
	f[n++] = s;
	while (n < 6 && (s = strchr(s, '\t')) != NULL) {
		*s++ = '\0';
		f[n++] = s;
	}
	if (n < 5)
		return "short line";
	memset(v, 0, sizeof *v);
	v->flags_text = f[0];
	v->in_text = f[2];
	v->flags = edit_flags_of(f[0]);
	snprintf(edit_copy_, sizeof edit_copy_, "%s", f[1]);
	v->edits_text = f[1];
	const char *why = edit_list_parse(edit_copy_, v->edits, &v->n_edits, &at);
	if (why)
		return why;
	if (!(v->in = edit_unesc_(f[2], &v->in_len, &at)))
		return "bad escape in the input";
	v->ok = strcmp(f[3], "ok") == 0;
	if (v->ok) {
		if (!(v->want = edit_unesc_(f[4], &v->want_len, &at)))
			return "bad escape in the result";
		return NULL;
	}
	char *c = strchr(f[4], '@');
	if (strcmp(f[3], "error") != 0 || c == NULL)
		return "verdict is neither ok nor error STATUS@OFFSET";
	*c = '\0';
	v->status = edit_status_of_(f[4]);
	v->offset = strtoul(c + 1, NULL, 10);
	return v->status < 0 ? "unknown status" : NULL;
}

#endif
