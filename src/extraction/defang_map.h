/* SPDX-License-Identifier: MIT */
/*
 * defang_map.h: a refanged offset read back through the refanger's records
 * (defang.h) to the text as written, for each end of a match of the
 * extractor that reads the refanged text (extract_defang.c). Internal; not
 * installed.
 */
#ifndef URISCAN_DEFANG_MAP_H
#define URISCAN_DEFANG_MAP_H

#include "defang.h"

/* A refanged offset read back: the written offset, how many records begin
 * before it, whether it falls inside a record's refanged bytes (then w is
 * where that record was written), and whether the ring still knew. */
struct mapped {
	uint64_t w, cnt;
	int inside, ok;
};

static inline const struct uriscan__dsub *rec(const struct uriscan__refang *f,
                                       size_t k)
{
	return &f->ring[(f->rfirst + k) & (f->rcap - 1)];
}

/* p read back; *cur (a count of records, from the start of the stream) is
 * where the last lookup ended: the ends of the matches come in order, so
 * the search walks forward from there, and only an offset before it (a
 * truncated match's start) is searched for from the oldest record. */
static inline void lookup(const struct uriscan__refang *f, uint64_t p,
                   struct mapped *o, uint64_t *cur)
{
	size_t lo = 0, hi = f->rn;
	const struct uriscan__dsub *r;
	uint64_t rr, rw;

	if (p >= f->tail_end) { /* after every replacement: most matches */
		o->w = (uint64_t)((int64_t)p + f->tail_delta);
		o->cnt = *cur = f->base_cnt + f->rn;
		o->inside = 0;
		o->ok = 1;
		return;
	}
	/* from here p is before tail_end: at or after the oldest record, it
	 * is less than DSUB_SPAN + 2^29 bytes from each, and r <= p is read
	 * in the low 32 bits (LE) */
#define LE(rec_) ((int32_t)((rec_)->r - (uint32_t)p) <= 0)
	if (f->rn == 0 || p < dsub_r(f, rec(f, 0))) {
		hi = 0;
	} else if (*cur > f->base_cnt && *cur - f->base_cnt <= f->rn &&
	           LE(rec(f, (size_t)(*cur - f->base_cnt) - 1))) {
		lo = (size_t)(*cur - f->base_cnt);
		while (lo < hi && LE(rec(f, lo)))
			lo++;
	} else {
		while (lo < hi) { /* lo: the records at or before p */
			size_t mid = lo + (hi - lo) / 2;
			if (LE(rec(f, mid)))
				lo = mid + 1;
			else
				hi = mid;
		}
	}
#undef LE
	*cur = f->base_cnt + lo;
	o->inside = 0;
	o->ok = 1;
	if (lo == 0) {
		o->ok = f->base_cnt == 0 || p >= f->ev_end;
		o->w = (uint64_t)((int64_t)p + f->base_delta);
		o->cnt = f->base_cnt;
		return;
	}
	r = rec(f, lo - 1);
	rr = dsub_r(f, r);
	rw = dsub_w(f, r, rr);
	if (p < rr + DSUB_RLEN(r)) {
		o->w = rw;
		o->cnt = f->base_cnt + lo - 1;
		o->inside = p != rr;
		return;
	}
	o->w = p + (rw + DSUB_WLEN(r)) - (rr + DSUB_RLEN(r));
	o->cnt = f->base_cnt + lo;
}

#endif
