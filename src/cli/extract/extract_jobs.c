/* SPDX-License-Identifier: MIT */
/*
 * extract_jobs.c: `uriscan extract -j N`, N threads over the blocks of a
 * mapped regular file. The threads only collect matches (offset, length,
 * line); the main thread prints them in order through extract_emit, the
 * same code as -j 1, so the output is the same. That is exact because no
 * match and no scheme contains a newline (it is in no grammar), so every
 * match lies inside one block that ends after a newline.
 *
 * --defanged too: no defanged form holds a newline and none is decided by
 * a byte before one (a form looks back only for a letter, a digit or a
 * scheme word, which a newline ends, as the start of a block does), so a
 * block's matches are the stream's. A defanged match's refanged bytes are
 * the extractor's, valid during the callback: the block keeps a copy.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_extract.h"
#include "report.h"

#define BLOCK_MAX ((size_t)16 << 20)

struct found {
	uint64_t off, len, line; /* line: newlines before it in the block */
	size_t nbytes;
	size_t boff; /* URISCAN_MATCH_DEFANGED: its bytes at the block's bytes + boff */
	unsigned flags;
	uint32_t scheme_len;
};

struct block {
	const struct xopts *o;
	enum uriscan_grammar g;
	const char *base; /* the mapping */
	size_t start, end;
	struct found *f;
	size_t n, cap;
	char *bytes; /* the refanged URLs of the defanged matches */
	size_t blen, bcap;
	uint64_t newlines;
	size_t cur;
	uint64_t here;
	int failed;
};

static int block_cb(void *u, const struct uriscan_match *m)
{
	struct block *b = u;
	const char *s = b->base + b->start;
	size_t at = (size_t)m->offset;

	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 1024;
		struct found *f = realloc(b->f, cap * sizeof *f);
		if (f == NULL) {
			b->failed = 1;
			return 1;
		}
		b->f = f;
		b->cap = cap;
	}
	if (m->flags & URISCAN_MATCH_DEFANGED) {
		if (b->bcap - b->blen < m->nbytes) {
			size_t cap = b->bcap ? 2 * b->bcap : 4096;
			char *p;
			while (cap - b->blen < m->nbytes)
				cap *= 2;
			p = realloc(b->bytes, cap);
			if (p == NULL) {
				b->failed = 1;
				return 1;
			}
			b->bytes = p;
			b->bcap = cap;
		}
		memcpy(b->bytes + b->blen, m->bytes, m->nbytes);
		b->f[b->n].boff = b->blen;
		b->blen += m->nbytes;
	}
	if (at > b->cur) {
		b->here += extract_count_nl(s + b->cur, at - b->cur);
		b->cur = at;
	}
	b->f[b->n].off = b->start + m->offset;
	b->f[b->n].len = m->length;
	b->f[b->n].line = b->here;
	b->f[b->n].nbytes = m->nbytes;
	b->f[b->n].flags = m->flags;
	b->f[b->n].scheme_len = m->scheme_len;
	b->n++;
	return 0;
}

static void *block_run(void *arg)
{
	struct block *b = arg;
	struct uriscan_extract_options ex = b->o->ex;

	/* the blocks keep offsets only: the host reading (--hosts) reads
	 * each match's flags as it prints it */
	ex.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	ex.flags &= ~URISCAN_EXTRACT_CONFUSION;
	b->n = 0;
	b->blen = 0;
	b->cur = 0;
	b->here = 0;
	if (uriscan_extract(b->g, b->base + b->start, b->end - b->start, &ex,
	                    block_cb, b, NULL) != URISCAN_OK)
		b->failed = 1;
	b->newlines = extract_count_nl(b->base + b->start + b->cur,
	                       b->end - b->start - b->cur) +
	              b->here;
	return NULL;
}

int extract_mapped(struct xrun *r, const char *map, size_t size)
{
	size_t jobs = r->o->jobs;
	size_t bsize = size / (jobs * 4) + 1;
	struct block *blk = cli_malloc(jobs * sizeof *blk);
	pthread_t *th = cli_malloc(jobs * sizeof *th);
	uint64_t lines = 0;
	size_t at = 0;
	int ok = 1, match_flags = r->match_flags;

	/* the blocks' matches carry no flags (block_run) */
	r->match_flags = 0;
	if (bsize < EXTRACT_BLOCK_MIN)
		bsize = EXTRACT_BLOCK_MIN;
	if (bsize > BLOCK_MAX)
		bsize = BLOCK_MAX;
	memset(blk, 0, jobs * sizeof *blk);
	while (at < size && ok) {
		size_t nb = 0;
		for (; nb < jobs && at < size; nb++) {
			size_t end = at + bsize;
			const char *nl;
			if (end >= size) {
				end = size;
			} else {
				nl = memchr(map + end, '\n', size - end);
				end = nl ? (size_t)(nl - map) + 1 : size;
			}
			blk[nb].o = r->o;
			blk[nb].g = r->g;
			blk[nb].base = map;
			blk[nb].start = at;
			blk[nb].end = end;
			at = end;
			if (pthread_create(&th[nb], NULL, block_run, &blk[nb]) != 0)
				block_run(&blk[nb]), th[nb] = 0;
		}
		for (size_t i = 0; i < nb; i++)
			if (th[i])
				pthread_join(th[i], NULL);
		for (size_t i = 0; i < nb; i++) {
			struct block *b = &blk[i];
			if (b->failed)
				ok = 0;
			for (size_t k = 0; k < b->n && ok; k++) {
				struct uriscan_match m;
				const struct found *f = &b->f[k];
				memset(&m, 0, sizeof m);
				m.offset = f->off;
				m.length = f->len;
				m.bytes = f->flags & URISCAN_MATCH_DEFANGED ? b->bytes + f->boff
				                                            : map + f->off;
				m.nbytes = f->nbytes;
				m.flags = f->flags;
				m.scheme_len = f->scheme_len;
				if (!(f->flags & URISCAN_MATCH_TRUNCATED) &&
				    extract_need_components(r->o))
					uriscan_parse(r->g, m.bytes, m.nbytes, 0, &m.uri);
				extract_emit(r, &m, lines + f->line + 1);
			}
			lines += b->newlines;
		}
	}
	for (size_t i = 0; i < jobs; i++) {
		free(blk[i].f);
		free(blk[i].bytes);
	}
	free(blk);
	free(th);
	r->match_flags = match_flags;
	if (!ok) /* a block's list could not grow (issue 39: errno was stale) */
		errno = ENOMEM;
	return ok ? 0 : -1;
}
