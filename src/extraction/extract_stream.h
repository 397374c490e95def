/* SPDX-License-Identifier: MIT */
/*
 * extract_stream.h: the streaming extractor's state (extract_stream.c)
 * and its calls, for the public calls (extract.c) and the defanged
 * extractor's inner one (extract_defang.c). Internal; not installed.
 */
#ifndef URISCAN_EXTRACT_STREAM_H
#define URISCAN_EXTRACT_STREAM_H

#include "extract.h"
#include "extract_find.h" /* struct uriscan__cands */

enum phase {
	P_IDLE,   /* waiting for feed or finish */
	P_SEAM,   /* scanning the seam (carried bytes + head of the chunk) */
	P_DIRECT, /* scanning the caller's chunk in place */
	P_TRUNC,  /* running an open truncated match over the chunk */
	P_FINAL,  /* after finish: deciding what is left */
	P_DONE
};

struct uriscan_extractor {
	struct xcfg k;
	char *opaque_copy;
	enum phase phase;
	uint64_t pos;   /* stream offset of chunk[0] */
	const unsigned char *chunk;
	size_t clen;
	uint64_t from;  /* stream offset of the next ':' to look at */
	uint64_t floor; /* no scheme starts before this stream offset */
	/* seam: bytes [cabs, cabs + seam_len) of the stream; the first
	 * carry_len of them were carried from earlier chunks, the others are
	 * a copy of chunk[0, take) */
	unsigned char *seam;
	size_t seam_cap, carry_len, seam_len, take;
	uint64_t cabs;
	/* an open truncated match */
	int t_open;
	int t_cs;
	uint64_t t_ms, t_lf;
	int t_after; /* the byte at t_lf, -1 while it is not read yet */
	uint32_t t_scheme_len;
	size_t tcur; /* P_TRUNC: where in the chunk the run goes on */
	unsigned char *tbuf;
	/* P_DIRECT: the bulk search's candidates in the chunk (set up by
	 * feed) */
	struct uriscan__cands cands;
	/* URISCAN_EXTRACT_DEFANGED: every call goes there (extract_defang.c;
	 * this struct's other fields are unused) */
	struct uriscan__defang *dfg;
};

/* A plain extractor (opt without URISCAN_EXTRACT_DEFANGED, checked here):
 * URISCAN_OK and *out, or the options' error, or URISCAN_E_NO_MEMORY. */
int uriscan__xs_open(enum uriscan_grammar g,
                     const struct uriscan_extract_options *opt,
                     uriscan_extractor **out);
/* The calls of uriscan.h's extractor on a plain one (x not NULL, the
 * arguments checked by the caller). */
void uriscan__xs_free(uriscan_extractor *x);
void uriscan__xs_reset(uriscan_extractor *x);
uint64_t uriscan__xs_offset(const uriscan_extractor *x);
int uriscan__xs_feed(uriscan_extractor *x, const char *buf, size_t len);
/* Its options, read (the opaque schemes its own copy): as long as x. */
static inline const struct xcfg *uriscan__xs_cfg(const uriscan_extractor *x)
{
	return &x->k;
}
int uriscan__xs_finish(uriscan_extractor *x);
int uriscan__xs_next(uriscan_extractor *x, struct uriscan_match *m);
/* While x reads a chunk in place (after feed, and after its carried bytes
 * are decided): each match of the chunk, filled in *m as xs_next fills
 * it, handed to fn (its non-zero return stops the scan: then 1), with no
 * return per match; x is then where xs_next leaves it at the chunk's end
 * (its next call answers URISCAN_DONE). Otherwise nothing (0). For the
 * defanged extractor's whole buffer (extract_defang.c). */
int uriscan__xs_drain(uriscan_extractor *x, struct uriscan_match *m,
                      int (*fn)(void *ctx, struct uriscan_match *m),
                      void *ctx);
/* The truncated match x has open, if any: 1 with its first byte's and its
 * longest prefix's end's stream offsets. */
int uriscan__extractor_open_trunc(const uriscan_extractor *x, uint64_t *ms,
                                  uint64_t *lf);

#endif
