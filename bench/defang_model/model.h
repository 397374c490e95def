/* SPDX-License-Identifier: MIT */
/* model.h: the defanged-URL cost model's machines (model.rl, README.md). */
#ifndef URISCAN_DEFANG_MODEL_H
#define URISCAN_DEFANG_MODEL_H

#include <stddef.h>

/* From p (the colon of "://", or the first byte of a colon form: forms),
 * the end of the longest URL of RFC 3986 after its scheme, or NULL; s is
 * the buffer's start, pe its end (the machines read only [p, pe)). */
const unsigned char *model_plain_end(const unsigned char *s,
                                     const unsigned char *p,
                                     const unsigned char *pe);
const unsigned char *model_forms_end(const unsigned char *s,
                                     const unsigned char *p,
                                     const unsigned char *pe);

static inline int model_alpha(int c)
{
	return (unsigned)((c | 0x20) - 'a') < 26u;
}

static inline int model_alnum(int c)
{
	return model_alpha(c) || (unsigned)(c - '0') < 10u;
}

/* s[0, l) is w, its letters in either case. */
static inline int model_ci(const unsigned char *s, const char *w, size_t l)
{
	for (size_t k = 0; k < l; k++)
		if ((model_alpha(s[k]) ? s[k] | 0x20 : s[k]) !=
		    (unsigned char)w[k])
			return 0;
	return 1;
}

/* The defanged forms (model_refang.c). b[r, c) as a scheme, into o: its
 * length (0: none), *defanged set when it was a scheme word. */
size_t model_scheme(const unsigned char *b, size_t r, size_t c,
                    unsigned char *o, int *defanged);
/* Is s[0, n) http, https, ftp or ftps? */
int model_web_scheme(const unsigned char *s, size_t n);
/* b[i, e) refanged into o from o[n]: the new length (b holds 32 bytes
 * past e). */
size_t model_refang(const unsigned char *b, size_t i, size_t e,
                    unsigned char *o, size_t n);
/* The end of the match b[.., me) of the colon at c with its trailing
 * punctuation off (forms: as refanged). */
size_t model_trim(const unsigned char *b, size_t c, size_t me, int forms);

/* A match of the model: b[off, off + len) as written, bytes[0, n) the
 * URL (into b, or into the caller's buffer when refanged). */
struct match {
	size_t off, len, n;
	int defanged;
	unsigned char *bytes;
};

/* The next match of b[0, len) (forms: defanged ones too) at or after *i,
 * its scheme from *floor on: 1 and *m (components in *u), or 0. buf: room
 * for 2 MODEL_MAX_LEN + 64 bytes. model_extract.c. */
#define MODEL_MAX_LEN 8192u
struct uriscan_uri;
int model_next_match(const unsigned char *b, size_t len, int forms,
                     size_t *i, size_t *floor, unsigned char *buf,
                     struct match *m, struct uriscan_uri *u);

/* check: the model's matches of b[0, len) in both modes against the
 * library's (plain and defanged extraction, RFC 3986): 0 if the same, else
 * 1 and each difference on stderr. model_check.c. */
int model_check(const unsigned char *b, size_t len);

#endif
