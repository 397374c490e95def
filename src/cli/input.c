/* SPDX-License-Identifier: MIT */
/*
 * input.c: opening, reading and reporting on the FILE operands (input.h).
 * No parsing and no output here, only messages on standard error.
 */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "map_guard.h"
#include "report.h"

/* Open name (standard input for "-"); -1 with errno set, EISDIR for a
 * directory (read() would fail on it later, with less to say). */
static int open_input(const char *name, int is_stdin)
{
	struct stat st;
	int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (!is_stdin)
			close(fd);
		errno = EISDIR;
		return -1;
	}
	return fd;
}

int input_each(char **files, int nfiles, input_fn fn, void *ctx)
{
	static char *stdin_only[] = {"-"};
	int trouble = 0;

	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	for (int i = 0; i < nfiles; i++) {
		struct input_file f;

		f.name = files[i];
		f.is_stdin = strcmp(f.name, "-") == 0;
		f.label = f.is_stdin ? "<stdin>" : f.name;
		f.fd = open_input(f.name, f.is_stdin);
		if (f.fd < 0) {
			cli_error("%s: %s", f.label, strerror(errno));
			trouble = 1;
			continue;
		}
		if (fn(ctx, &f) != 0) {
			if (errno == MAP_GUARD_ESHRANK)
				cli_error("%s: read error: the file shrank to %llu "
				          "bytes while it was read (truncated?): the "
				          "records past that are not read, or hold NULs "
				          "for the bytes lost",
				          f.label, (unsigned long long)map_guard_lost_at());
			else
				cli_error("%s: read error: %s", f.label, strerror(errno));
			trouble = 1;
		}
		if (!f.is_stdin)
			close(f.fd);
	}
	return trouble ? EXIT_TROUBLE : 0;
}

/* The loop's context: the reader is shared by all FILEs. */
struct loop_run {
	struct record_loop *l;
	struct reader rd;
};

static void one_record(void *ctx, const char *rec, size_t len)
{
	struct record_loop *l = ctx;

	l->record++;
	l->fn(l->ctx, rec, len);
}

static int one_file(void *ctx, const struct input_file *f)
{
	struct loop_run *lr = ctx;

	lr->l->label = f->label;
	lr->l->record = 0;
	return reader_run(&lr->rd, f->fd, one_record, lr->l);
}

int records_run(struct record_loop *l, char **files, int nfiles)
{
	struct loop_run lr;
	int rc;

	lr.l = l;
	reader_init(&lr.rd, l->delim, l->strip_cr);
	rc = input_each(files, nfiles, one_file, &lr);
	reader_free(&lr.rd);
	return rc;
}
