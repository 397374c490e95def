/* SPDX-License-Identifier: MIT */
/*
 * uri_fast512.c: src/grammars/uri_fast.c's read with AVX-512 (one load a row,
 * masked to the input), its entries uriscan__uri_fast512_v, _p, _iri_v and
 * _iri_p (uri_fast.h). Nothing without SIMD.
 */
#define URISCAN__URI_FAST_512 1
#include "uri_fast.c"
