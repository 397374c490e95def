/* SPDX-License-Identifier: MIT */
/*
 * scheme_class.c: the bytes of a scheme (RFC 3986 3.1, the same in every
 * grammar): uriscan__scheme_class (internal.h), the table the extractor's
 * walk back (extract_scan.c), its machines' entry (extract_entry.c) and
 * the confusion flags' fast path (confusion_fast.c) read a scheme with.
 */
#include "internal.h"

/* C_SCHEME, C_ALPHA (extract.h) */
#define CL_S C_SCHEME
#define CL_A (C_SCHEME | C_ALPHA)
#define CL_S10 CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S, CL_S
#define CL_A26                                                                 \
	CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A,    \
	    CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A, CL_A,      \
	    CL_A, CL_A, CL_A
const unsigned char uriscan__scheme_class[256] = {
	['+'] = CL_S, ['-'] = CL_S, ['.'] = CL_S,
	['0'] = CL_S10, ['A'] = CL_A26, ['a'] = CL_A26,
};
