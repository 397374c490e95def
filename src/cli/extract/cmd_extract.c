/* SPDX-License-Identifier: MIT */
/*
 * cmd_extract.c: `uriscan extract`, URLs found in any bytes (logs, mail,
 * captures): the FILE loop. Options are extract_opts.c's, output
 * extract_output.c's, -j N extract_jobs.c's; no printing of matches here.
 *
 *   uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [-u] [-c]
 *                   [--top=N] [-j N] [--no-trim] [--opaque[=LIST]]
 *                   [--max-length=N] [--normalize] [--keep-cut] [--hosts]
 *                   [--defanged] [FILE...]
 *
 * Input is read in blocks (reader.h) and fed to one extractor per FILE
 * (constant memory). With -j N > 1 a regular file is mapped and cut into
 * blocks (extract_jobs.c). The manual is docs/man/uriscan-extract.1.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "uriscan.h"

#include "commands.h"
#include "cmd_extract.h"
#include "map_guard.h"
#include "input.h"
#include "output.h"
#include "reader.h"
#include "report.h"

/* ------------------------------------------------------------------ */

/* -j 1: the blocks of one FILE through one extractor, with line numbers. */
struct stream {
	struct xrun *r;
	uriscan_extractor *x;
	uint64_t pos, lines; /* bytes fed, newlines in them */
};

static void stream_block(void *ctx, const char *buf, size_t got)
{
	struct stream *s = ctx;
	struct uriscan_match m;
	size_t cur = 0; /* newlines counted in buf[0, cur) */
	uint64_t here = s->lines;

	uriscan_extractor_feed(s->x, buf, got);
	while (uriscan_extractor_next(s->x, &m) == URISCAN_OK) {
		uint64_t line = s->lines + 1;
		if (m.offset >= s->pos) {
			/* no match holds a newline, and one that began in an
			 * earlier block has none before this block */
			size_t at = (size_t)(m.offset - s->pos);
			if (at > cur) {
				here += extract_count_nl(buf + cur, at - cur);
				cur = at;
			}
			line = here + 1;
		}
		extract_emit(s->r, &m, line);
	}
	/* here: s->lines and the newlines of buf[0, cur) */
	s->lines = here + extract_count_nl(buf + cur, got - cur);
	s->pos += got;
}

static int extract_fd(struct xrun *r, uriscan_extractor *x, struct reader *rd,
                      int fd)
{
	struct stream s = {r, x, 0, 0};
	struct uriscan_match m;

	uriscan_extractor_reset(x);
	if (reader_blocks(rd, fd, stream_block, &s) != 0)
		return -1;
	uriscan_extractor_finish(x);
	while (uriscan_extractor_next(x, &m) == URISCAN_OK)
		extract_emit(r, &m, s.lines + 1);
	return 0;
}

/* -j N: a regular file larger than a block is mapped (from the offset of
 * standard input); returns 1 when it was not (then it is streamed). */
static int try_mapped(struct xrun *r, const struct input_file *f, int *rc)
{
	struct stat sb;
	off_t start;
	size_t size;
	void *map;
	int guard, lost;

	if (r->o->jobs <= 1 || fstat(f->fd, &sb) != 0 ||
	    !S_ISREG(sb.st_mode) ||
	    (uint64_t)sb.st_size <= (uint64_t)EXTRACT_BLOCK_MIN)
		return 1;
	start = f->is_stdin ? lseek(f->fd, 0, SEEK_CUR) : 0;
	if (start < 0 || start > sb.st_size)
		return 1;
	size = (size_t)sb.st_size;
	map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, f->fd, 0);
	if (map == MAP_FAILED)
		return 1;
	/* a file truncated while mapped: SIGBUS, unless guarded */
	guard = map_guard_add(map, size, 0);
	if (guard < 0) {
		munmap(map, size);
		return 1;
	}
	*rc = extract_mapped(r, (const char *)map + start, size - (size_t)start);
	/* a SIGBUS, or a cut inside the last page (NULs, no signal) */
	lost = map_guard_lost(guard);
	if (fstat(f->fd, &sb) == 0 && (uint64_t)sb.st_size < (uint64_t)size) {
		map_guard_note_lost((uint64_t)sb.st_size);
		lost = 1;
	}
	map_guard_remove(guard);
	munmap(map, size);
	if (lost) {
		*rc = -1;
		errno = MAP_GUARD_ESHRANK;
	}
	if (f->is_stdin)
		lseek(f->fd, 0, SEEK_END);
	return 0;
}

struct xfiles {
	struct xrun *r;
	uriscan_extractor *x;
	struct reader rd;
};

static int extract_file(void *ctx, const struct input_file *f)
{
	struct xfiles *xf = ctx;
	int rc = 0;

	xf->r->label = f->name;
	if (try_mapped(xf->r, f, &rc))
		rc = extract_fd(xf->r, xf->x, &xf->rd, f->fd);
	return rc;
}

/* The extractor of the grammar asked for; a usage error or status 2 when
 * there is none. */
static uriscan_extractor *new_extractor(struct xrun *r, const char *gname)
{
	uriscan_extractor *x = NULL;
	int st = uriscan_extractor_new(r->g, &r->o->ex, &x);

	/* --max-length is checked where it is read: here the list */
	if (st == URISCAN_E_INVALID_ARG && r->o->ex.opaque_schemes != NULL)
		cli_usage_error("bad --opaque list '%s'", r->o->ex.opaque_schemes);
	if (st == URISCAN_E_GRAMMAR_UNAVAILABLE) {
		cli_error("grammar '%s' has no URL extractor in this library",
		          gname);
		exit(EXIT_TROUBLE);
	}
	if (st != URISCAN_OK) {
		cli_error("grammar '%s': %s", gname, uriscan_strerror(st));
		exit(EXIT_TROUBLE);
	}
	return x;
}

static int cmd_extract(int argc, char **argv)
{
	struct xopts o;
	struct xrun r;
	struct xfiles xf;
	int trouble;

	memset(&o, 0, sizeof o);
	o.ex.size = sizeof o.ex;
	o.jobs = 1;
	extract_options(&o, argc, argv);
	memset(&r, 0, sizeof r);
	r.o = &o;
	r.g = cli_grammar(o.grammar);
	r.fields = cli_grammar_fields(r.g);
	if (o.rw.any && r.g != URISCAN_RFC3986 && r.g != URISCAN_RFC3987)
		cli_usage_error("the rewrite options need -g rfc3986 or rfc3987");
	if (rw_finish(&o.rw) != 0)
		return EXIT_TROUBLE;
	if (o.hosts) {
		r.hi = cli_calloc(1, sizeof *r.hi); /* 2 KiB buffers */
		/* the flags in the extractor's pass, from the components it
		 * finds: the host reading takes both and parses nothing again
		 * (-j reads them as before, extract_jobs.c) */
		o.ex.flags |= URISCAN_EXTRACT_CONFUSION;
		r.match_flags = 1;
	}
	if (!extract_need_components(&o) && !o.hosts)
		o.ex.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	/* cut matches are dropped here, where they are counted */
	o.ex.flags |= URISCAN_EXTRACT_KEEP_CUT;
	xf.r = &r;
	xf.x = new_extractor(&r, o.grammar ? o.grammar : "rfc3986");
	r.label_column = o.nfiles > 1;
	reader_init(&xf.rd, '\n', 0);
	trouble = input_each(o.files, o.nfiles, extract_file, &xf);
	extract_finish(&r);
	out_flush();
	extract_report_cut(&r);
	reader_free(&xf.rd);
	counted_set_free(&r.set);
	norm_buf_free(&r.norm);
	rw_free(&o.rw);
	free(r.host);
	free(r.hi);
	uriscan_extractor_free(xf.x);
	if (trouble)
		return EXIT_TROUBLE;
	return r.matches ? EXIT_SUCCESS : EXIT_INVALID;
}

const struct cli_command cli_cmd_extract = {
    "extract",
    "uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [-u] [-c]\n"
    "                [--top=N] [-j N] [--no-trim] [--opaque[=LIST]]\n"
    "                [--max-length=N] [--normalize] [--keep-cut] [--hosts]\n"
    "                [--defanged] [FILE...]\n",
    "find the URLs in any bytes (logs, mail); see\n"
    "'uriscan extract --help'\n",
    cmd_extract,
};
