/* SPDX-License-Identifier: MIT */
/*
 * bench_datasets.c: loads the datasets (URL lists, log text) into memory
 * once, and splits them into lines. No timing, no parser calls.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bench_harness.h"

struct bench_set *sets;
size_t nsets;

static int has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && strcmp(s + a - b, suf) == 0;
}

static void load_file(const char *path, int is_log)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	size_t cap = 1 << 20, len = 0;
	char *raw = xmalloc(cap);
	for (;;) {
		if (cap - len < 65536)
			raw = xrealloc(raw, cap *= 2);
		size_t got = fread(raw + len, 1, cap - len - 1, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		die("%s: read error", path);
	fclose(f);
	if (len > UINT32_MAX - 1)
		die("%s: larger than 4 GiB", path);
	raw[len] = '\0';

	struct bench_set *s;
	sets = xrealloc(sets, (nsets + 1) * sizeof *sets);
	s = &sets[nsets++];
	memset(s, 0, sizeof *s);
	s->path = xstrdup(path);
	const char *base = strrchr(path, '/');
	char *name = xstrdup(base ? base + 1 : path);
	char *dot = strrchr(name, '.');
	if (dot && dot != name)
		*dot = '\0';
	s->name = name;
	s->is_log = is_log;
	s->raw = raw;
	s->raw_len = len;
	s->text = memcpy(xmalloc(len + 1), raw, len + 1);

	size_t lcap = 1024;
	s->off = xmalloc(lcap * sizeof *s->off);
	s->len = xmalloc(lcap * sizeof *s->len);
	size_t i = 0;
	while (i < len) {
		char *nl = memchr(s->text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - s->text) : len;
		size_t le = e;
		if (le > i && s->text[le - 1] == '\r')
			le--;
		s->text[le] = '\0';
		if (le > i) {
			if (s->n == lcap) {
				lcap *= 2;
				s->off = xrealloc(s->off, lcap * sizeof *s->off);
				s->len = xrealloc(s->len, lcap * sizeof *s->len);
			}
			s->off[s->n] = (uint32_t)i;
			s->len[s->n] = (uint32_t)(le - i);
			s->n++;
			s->bytes += le - i;
		}
		i = e + 1;
	}
	if (is_log)
		s->bytes = len; /* an extractor reads all of it */
	if (s->n == 0)
		die("%s: no lines", path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void load_path(const char *path, int force_log)
{
	DIR *d = opendir(path);
	if (d == NULL) {
		load_file(path, force_log || has_suffix(path, ".log"));
		return;
	}
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || !(has_suffix(e->d_name, ".txt") ||
		                             has_suffix(e->d_name, ".log")))
			continue;
		names = xrealloc(names, (n + 1) * sizeof *names);
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		names[n] = xmalloc(l);
		snprintf(names[n], l, "%s/%s", path, e->d_name);
		n++;
	}
	closedir(d);
	if (n == 0)
		die("%s: no *.txt or *.log file", path);
	qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		load_file(names[i], force_log || has_suffix(names[i], ".log"));
		free(names[i]); /* load_file keeps its own copy */
	}
	free(names);
}
