/* SPDX-License-Identifier: MIT */
/*
 * reader.c: records or blocks from a file descriptor; see reader.h. Never
 * opens, closes or reports: errors go back to the caller with errno.
 */
#include "reader.h"

#include "map_guard.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_WINDOW ((size_t)4 << 20)     /* 4 MiB of a file mapped at once */
#define DEFAULT_READ_SIZE ((size_t)256 << 10) /* 256 KiB per read() */
#define MIN_STREAM_CAP ((size_t)1 << 20)      /* first stream buffer: 1 MiB */

/* A size from the environment; returns dflt when unset or malformed. */
static size_t env_size(const char *name, size_t dflt)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long n;

	if (v == NULL || *v < '0' || *v > '9')
		return dflt;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno != 0 || *end != '\0' || n > SIZE_MAX)
		return dflt;
	return (size_t)n;
}

void reader_init(struct reader *r, char delim, int strip_cr)
{
	r->delim = delim;
	r->strip_cr = strip_cr;
	r->window = env_size("URISCAN_MMAP_WINDOW", DEFAULT_WINDOW);
	r->read_size = env_size("URISCAN_READ_SIZE", DEFAULT_READ_SIZE);
	if (r->read_size == 0)
		r->read_size = 1;
	r->buf = NULL;
	r->cap = 0;
}

void reader_free(struct reader *r)
{
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
}

static void deliver(const struct reader *r, const char *rec, size_t len,
                    reader_record_fn fn, void *ctx)
{
	if (r->strip_cr && len > 0 && rec[len - 1] == '\r')
		len--;
	fn(ctx, rec, len);
}

/* Deliver the complete records of [p, end); returns the first byte not
 * delivered (the start of an unterminated record, or end; or where it
 * stopped because guarded mapping `guard` lost its file's bytes). */
static const char *deliver_complete(const struct reader *r, const char *p,
                                    const char *end, reader_record_fn fn,
                                    void *ctx, int guard)
{
	const char *d;

	while (p < end &&
	       (d = memchr(p, (unsigned char)r->delim, (size_t)(end - p))) != NULL &&
	       !map_guard_lost(guard)) {
		deliver(r, p, (size_t)(d - p), fn, ctx);
		p = d + 1;
	}
	return p;
}

/* Whether the file of guarded mapping `guard` shrank below `end` (a
 * SIGBUS, or fstat when the cut fell inside the last page). */
static int shrank(int fd, off_t end, int guard)
{
	struct stat st;
	int lost = map_guard_lost(guard);

	if (fstat(fd, &st) == 0 && st.st_size < end) {
		map_guard_note_lost((uint64_t)st.st_size);
		lost = 1;
	}
	return lost;
}

/*
 * Map [*pos, size) window by window. Returns 0 when done, 1 when a mapping
 * failed (*pos is then the start of the first record not delivered, and the
 * caller reads the rest), -1 with errno MAP_GUARD_ESHRANK when the file
 * shrank under the mapping (the records from the one that met the
 * missing bytes on are not delivered, or that one with NULs for them).
 */
static int run_mmap(const struct reader *r, int fd, off_t size, off_t *pos,
                    reader_record_fn fn, void *ctx)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t page = pg > 0 ? (size_t)pg : 4096;
	size_t win = r->window;
	size_t want;

	/* a whole number of pages */
	if (win > SIZE_MAX / 2)
		win = SIZE_MAX / 2;
	win = (win + page - 1) / page * page;
	want = win;

	while (*pos < size) {
		off_t moff = *pos - *pos % (off_t)page;
		size_t skip = (size_t)(*pos - moff);
		off_t rest = size - moff;
		size_t mlen = (uintmax_t)rest < (uintmax_t)want + skip
		                  ? (size_t)rest
		                  : want + skip;
		int last = (uintmax_t)rest == (uintmax_t)mlen;
		void *map = mmap(NULL, mlen, PROT_READ, MAP_PRIVATE, fd, moff);
		int guard;

		if (map == MAP_FAILED)
			return 1;
		/* a file truncated while mapped: SIGBUS, unless guarded */
		guard = map_guard_add(map, mlen, (uint64_t)moff);
		if (guard < 0) {
			munmap(map, mlen);
			return 1;
		}
		posix_madvise(map, mlen, POSIX_MADV_SEQUENTIAL);

		const char *data = (const char *)map + skip;
		const char *end = (const char *)map + mlen;
		const char *p = deliver_complete(r, data, end, fn, ctx, guard);

		if (shrank(fd, moff + (off_t)mlen, guard)) {
			map_guard_remove(guard);
			munmap(map, mlen);
			errno = MAP_GUARD_ESHRANK;
			return -1;
		}
		if (last) {
			if (p < end)
				deliver(r, p, (size_t)(end - p), fn, ctx);
			*pos = size;
		} else if (p == data) {
			/* one record longer than the window: map more of it */
			if (want > SIZE_MAX / 2 - skip) {
				munmap(map, mlen);
				return 1;
			}
			want *= 2;
		} else {
			*pos += (off_t)(p - data);
			want = win;
		}
		int lost = shrank(fd, moff + (off_t)mlen, guard); /* in the last record */
		map_guard_remove(guard);
		munmap(map, mlen);
		if (lost) {
			errno = MAP_GUARD_ESHRANK;
			return -1;
		}
	}
	return 0;
}

/* read(), again when a signal interrupted it. */
static ssize_t read_some(int fd, char *buf, size_t n)
{
	ssize_t got;

	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	return got;
}

/* Read fd to its end in blocks; records are slices of r->buf. */
static int run_stream(struct reader *r, int fd, reader_record_fn fn,
                      void *ctx)
{
	size_t start = 0; /* first byte of the current (unterminated) record */
	size_t scan = 0;  /* bytes before this hold no delimiter after start */
	size_t end = 0;   /* bytes read */

	for (;;) {
		size_t want = r->read_size;
		ssize_t n;

		if (r->cap - end < want) {
			/* keep only the current record */
			if (start > 0) {
				memmove(r->buf, r->buf + start, end - start);
				end -= start;
				scan -= start;
				start = 0;
			}
			if (r->cap - end < want) {
				size_t ncap = r->cap ? r->cap : MIN_STREAM_CAP;
				char *nbuf;

				while (ncap - end < want) {
					if (ncap > SIZE_MAX / 2) {
						errno = ENOMEM;
						return -1;
					}
					ncap *= 2;
				}
				nbuf = realloc(r->buf, ncap);
				if (nbuf == NULL) {
					errno = ENOMEM;
					return -1;
				}
				r->buf = nbuf;
				r->cap = ncap;
			}
		}

		n = read_some(fd, r->buf + end, want);
		if (n < 0)
			return -1;
		if (n == 0) {
			if (start < end)
				deliver(r, r->buf + start, end - start, fn, ctx);
			return 0;
		}
		end += (size_t)n;

		/* the current record began before the new bytes: look for its
		 * end among them only */
		const char *d = memchr(r->buf + scan, (unsigned char)r->delim,
		                       end - scan);
		if (d != NULL) {
			deliver(r, r->buf + start, (size_t)(d - (r->buf + start)),
			        fn, ctx);
			const char *p = deliver_complete(r, d + 1, r->buf + end,
			                                 fn, ctx, -1);
			start = (size_t)(p - r->buf);
		}
		scan = end;
	}
}

int reader_run(struct reader *r, int fd, reader_record_fn fn, void *ctx)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return -1;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	/* st_size 0 may be an empty file or a file whose size is unknown
	 * (/proc): read it. */
	if (r->window > 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		/* start where the file offset is, as read() would (standard
		 * input may be a file that a shell has partly read) */
		off_t pos = lseek(fd, 0, SEEK_CUR);

		if (pos >= 0 && pos < st.st_size) {
			int rc = run_mmap(r, fd, st.st_size, &pos, fn, ctx);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				/* leave the offset at the end, as read() would */
				lseek(fd, st.st_size, SEEK_SET);
				return 0;
			}
			/* mapping failed: read the rest from the first record
			 * not delivered */
			if (lseek(fd, pos, SEEK_SET) == (off_t)-1)
				return -1;
		}
	}
	return run_stream(r, fd, fn, ctx);
}

int reader_blocks(struct reader *r, int fd, reader_block_fn fn, void *ctx)
{
	if (r->cap < r->read_size) {
		char *nbuf = realloc(r->buf, r->read_size);

		if (nbuf == NULL) {
			errno = ENOMEM;
			return -1;
		}
		r->buf = nbuf;
		r->cap = r->read_size;
	}
	for (;;) {
		ssize_t n = read_some(fd, r->buf, r->read_size);

		if (n <= 0)
			return n < 0 ? -1 : 0;
		fn(ctx, r->buf, (size_t)n);
	}
}
