/* SPDX-License-Identifier: MIT */
/*
 * extract_defang.h: URISCAN_EXTRACT_DEFANGED (extract_defang.c): an
 * extractor without the flag reading the refanged text (defang.h), its
 * matches mapped back to the text as written. extract.c hands the public
 * calls of an extractor with the flag to these. Internal; not installed.
 */
#ifndef URISCAN_EXTRACT_DEFANG_H
#define URISCAN_EXTRACT_DEFANG_H

#include "internal.h"

struct uriscan__defang;

/* opt has URISCAN_EXTRACT_DEFANGED and was checked (extract_cfg_init).
 * whole: the length of the one buffer it will be fed (uriscan_extract),
 * or 0 (a stream): its memory is sized to it when less. */
int uriscan__defang_new(enum uriscan_grammar g,
                        const struct uriscan_extract_options *opt,
                        size_t whole, struct uriscan__defang **out);
void uriscan__defang_free(struct uriscan__defang *d);
void uriscan__defang_reset(struct uriscan__defang *d);
int uriscan__defang_feed(struct uriscan__defang *d, const char *buf,
                         size_t len);
int uriscan__defang_finish(struct uriscan__defang *d);
int uriscan__defang_next(struct uriscan__defang *d, struct uriscan_match *m);
uint64_t uriscan__defang_offset(const struct uriscan__defang *d);
int uriscan__defang_extract(enum uriscan_grammar g, const char *s, size_t len,
                            const struct uriscan_extract_options *opt,
                            uriscan_match_fn cb, void *user, uint64_t *count);

#endif
