/* SPDX-License-Identifier: MIT */
/*
 * uri_fast.h: RFC 3986's URI-reference (and, for an ASCII input, RFC 3987's
 * IRI-reference, its ASCII twin) after a literal "http://" or "https://",
 * read with AVX2 or AVX-512 masks instead of the machine's steps
 * (src/grammars/uri_fast.c says how). Internal; not installed.
 *
 * It answers "valid" (and, for a parse, the components), and for RFC 3986
 * one error: a byte >= 0x80 with every byte before it valid, where the
 * machine would stop (BAD_CHAR, at that byte). Any other input, valid or
 * not, goes on to the machine (called from here), which names the
 * status and offset of an error as always. So a wrong answer here could
 * only be a valid verdict or an error the machine would not give, or
 * other components: the suites that compare the library's machines with
 * the -T0 build (which has no fast path) compare the two
 * (tests/core/test_uri_fast.c, the vectors, fuzz_parse).
 */
#ifndef URISCAN_URI_FAST_H
#define URISCAN_URI_FAST_H

#include <stddef.h>

#include "uriscan.h"

/* A rule's machines, as the rule table names them (internal.h). */
typedef int uriscan__machine_v(const unsigned char *p, const unsigned char *pe,
                               size_t *eo);
typedef int uriscan__machine_p(const unsigned char *p, const unsigned char *pe,
                               struct uriscan_uri *u, size_t *eo);

/* s[0, pe - s) starts with "http" and has 16 bytes or more, and the CPU
 * has AVX2 (uriscan__skip_lv; src/grammars/gen.h, GEN_URI_FAST_OR_V / _P,
 * checks these): URISCAN_OK when it is "http://" or "https://" followed by what
 * makes it a valid RFC 3986 URI of a form this read takes (a host that is
 * a reg-name not ending in a digit, the authority ended in the first 64
 * bytes), _p with *u's components, host type and kind set (*u reset by
 * the caller); a byte >= 0x80 with every byte before it valid (in such
 * an authority but its port, or after it) is RFC 3986's error there
 * (uriscan__rejected's status and offset, *u cleared as it says, as the
 * machine would stop); else machine m's answer for the input (a tail
 * call). No allocation; reads only s[0, pe - s). */
int uriscan__uri_fast_v(const unsigned char *s, const unsigned char *pe,
                        size_t *eo, uriscan__machine_v *m);
int uriscan__uri_fast_p(const unsigned char *s, const unsigned char *pe,
                        struct uriscan_uri *u, size_t *eo,
                        uriscan__machine_p *m);
/* The same for RFC 3987's IRI-reference, m its ASCII twin or its own
 * machine: a byte >= 0x80 goes to m (the twin hands it to the rule's own
 * machine). */
int uriscan__uri_fast_iri_v(const unsigned char *s, const unsigned char *pe,
                             size_t *eo, uriscan__machine_v *m);
int uriscan__uri_fast_iri_p(const unsigned char *s, const unsigned char *pe,
                             struct uriscan_uri *u, size_t *eo,
                             uriscan__machine_p *m);
/* The same four with AVX-512 (src/grammars/uri_fast512.c), at the SIMD level
 * URISCAN__SIMD_AVX512: the same answers. */
int uriscan__uri_fast512_v(const unsigned char *s, const unsigned char *pe,
                           size_t *eo, uriscan__machine_v *m);
int uriscan__uri_fast512_p(const unsigned char *s, const unsigned char *pe,
                           struct uriscan_uri *u, size_t *eo,
                           uriscan__machine_p *m);
int uriscan__uri_fast512_iri_v(const unsigned char *s,
                               const unsigned char *pe, size_t *eo,
                               uriscan__machine_v *m);
int uriscan__uri_fast512_iri_p(const unsigned char *s,
                               const unsigned char *pe,
                               struct uriscan_uri *u, size_t *eo,
                               uriscan__machine_p *m);

#endif
