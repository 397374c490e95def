/* SPDX-License-Identifier: MIT */
/*
 * standalone.c: the main() of a fuzz target built as a plain program (in
 * the manner of systemd's fuzz-main.c). Every argument is a file or a
 * directory (its regular files, in name order, not recursively); each file
 * is read into a heap block of exactly its size, so AddressSanitizer sees a
 * read past its end, and passed once to LLVMFuzzerTestOneInput. Prints one
 * TAP point per file; a broken invariant aborts the program.
 * Reads files only; checks nothing itself (the target does).
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	uint8_t *buf;
	size_t n;

	if (f == NULL || fstat(fileno(f), &st) != 0) {
		tap_ok(0, "%s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		return;
	}
	n = (size_t)st.st_size;
	buf = malloc(n ? n : 1);
	if (buf == NULL || fread(buf, 1, n, f) != n) {
		tap_ok(0, "%s: cannot read", path);
	} else {
		/* the size only, so an empty file is a NULL pointer test too */
		LLVMFuzzerTestOneInput(n ? buf : NULL, n);
		tap_ok(1, "%s", path);
	}
	free(buf);
	fclose(f);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int regular(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int main(int argc, char **argv)
{
	struct stat st;
	(void)tap_diag; /* tap.h helpers this program does not need */
	(void)tap_skip;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		if (stat(argv[i], &st) != 0) {
			tap_ok(0, "%s: %s", argv[i], strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			struct dirent **list;
			int n = scandir(argv[i], &list, regular, by_name);
			if (n < 0) {
				tap_ok(0, "%s: %s", argv[i], strerror(errno));
				continue;
			}
			if (n == 0)
				tap_ok(0, "%s: empty directory", argv[i]);
			for (int k = 0; k < n; k++) {
				char path[4096];
				snprintf(path, sizeof path, "%s/%s", argv[i],
				         list[k]->d_name);
				run_file(path);
				free(list[k]);
			}
			free(list);
		} else {
			run_file(argv[i]);
		}
	}
	return tap_done();
}
