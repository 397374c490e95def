/* SPDX-License-Identifier: MIT */
/*
 * file_shim.c: an LD_PRELOAD library for test_changing_files.py (issue
 * 39): right after the program first maps the file named by
 * URISCAN_SHIM_FILE, or first reads it with read(), the file is changed
 * under it as URISCAN_SHIM_ACTION says:
 *   truncate:N  cut to N bytes (what log rotation's copytruncate does)
 *   grow        64 KiB of URLs appended
 *   replace     a new file with other URLs renamed over it
 * and URISCAN_SHIM_MARK (a path) is created holding "mmap" or "read", so
 * that the test knows the change happened and after which call (under a sanitizer whose runtime maps for the program,
 * the shim may never see the call: the test then skips).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int done;

static void write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k <= 0)
			_exit(97);
		p += k;
		n -= (size_t)k;
	}
}

static void grow(const char *path)
{
	static const char line[] = "http://grown.example/after-mmap\n";
	int fd = open(path, O_WRONLY | O_APPEND);
	if (fd < 0)
		_exit(97);
	for (int i = 0; i < 2048; i++)
		write_all(fd, line, sizeof line - 1);
	close(fd);
}

static void replace(const char *path)
{
	static const char line[] = "http://replaced.example/other\n";
	char tmp[PATH_MAX];
	snprintf(tmp, sizeof tmp, "%s.shim-new", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		_exit(97);
	for (int i = 0; i < 4096; i++)
		write_all(fd, line, sizeof line - 1);
	close(fd);
	if (rename(tmp, path) != 0)
		_exit(97);
}

static void change(int fd, const char *how)
{
	const char *want = getenv("URISCAN_SHIM_FILE");
	const char *action = getenv("URISCAN_SHIM_ACTION");
	const char *mark = getenv("URISCAN_SHIM_MARK");
	struct stat a, b;

	if (done || want == NULL || action == NULL || fd < 0 ||
	    fstat(fd, &a) != 0 || stat(want, &b) != 0 || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev)
		return;
	done = 1;
	if (strncmp(action, "truncate:", 9) == 0) {
		if (truncate(want, (off_t)strtoll(action + 9, NULL, 10)) != 0)
			_exit(97);
	} else if (strcmp(action, "grow") == 0) {
		grow(want);
	} else if (strcmp(action, "replace") == 0) {
		replace(want);
	} else {
		_exit(98);
	}
	if (mark != NULL) {
		int m = open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (m < 0)
			_exit(97);
		write_all(m, how, strlen(how));
		close(m);
	}
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real)(void *, size_t, int, int, int, off_t);
	void *p;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "mmap"); /* POSIX's way */
	p = real(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED && !(flags & MAP_ANONYMOUS))
		change(fd, "mmap");
	return p;
}

ssize_t read(int fd, void *buf, size_t n)
{
	static ssize_t (*real)(int, void *, size_t);
	ssize_t k;

	if (real == NULL)
		*(void **)&real = dlsym(RTLD_NEXT, "read");
	k = real(fd, buf, n);
	if (k > 0)
		change(fd, "read");
	return k;
}
