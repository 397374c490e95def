/* SPDX-License-Identifier: MIT */
/*
 * fuzz_normalize.c: uriscan_normalize and uriscan_equivalent (RFC 3986 6,
 * RFC 3987 5.3) on every grammar built.
 *
 * Input (fuzz.h): byte 0 chooses the grammar; with bit 3 a flags byte
 * follows, whose bits 0-3 are the URISCAN_NORM_* flags (IRI_DECODE is
 * dropped outside RFC 3987). The rest is split at its first 0x00 byte, if
 * any, into a and b (without a 0x00 byte: a is the rest, b is empty).
 *
 * Checked:
 *  - the buffer contract of uriscan_iri_to_uri: a size query gives
 *    E_BUFFER_TOO_SMALL and the size; a heap block of size + 1 gets the
 *    result NUL-terminated; size bytes and half of it are too small with
 *    the same *out_len; an invalid input gives validate's status and
 *    offset whatever the buffer, *out_len 0, out[0] NUL;
 *  - the result is valid in the grammar and normalizing it changes
 *    nothing;
 *  - equivalent(a, a) for a valid a; equivalent(a, b) == (normalize(a) ==
 *    normalize(b)) and equivalent(a, normalize(a)); an invalid input gives
 *    its status, offset and which input.
 */
#include "fuzz.h"

static unsigned norm_flags(enum uriscan_grammar g, unsigned f)
{
	f &= URISCAN_NORM_SCHEME_BASED | URISCAN_NORM_IRI_DECODE;
	if (g != URISCAN_RFC3987)
		f &= ~URISCAN_NORM_IRI_DECODE;
	return f;
}

/* Normalize with the buffer checks; *res (heap, caller frees) on OK. */
static int norm(enum uriscan_grammar g, const char *s, size_t len,
                unsigned flags, char **res, size_t *res_len, size_t *eo)
{
	size_t n = 77, n2 = 77, veo = 77;
	struct uriscan_error e, e2;
	int st = uriscan_normalize(g, len ? s : NULL, len, flags, NULL, 0, &n, &e);
	int vst = fuzz_validate(g, s, len, 0, &veo);

	*eo = e.offset;
	FUZZ_ASSERT(e.status == st &&
	                e.input == (fuzz_input_status(st) ? URISCAN_INPUT_FIRST
	                                                  : URISCAN_INPUT_NONE),
	            "normalize: error struct %d/%d", e.status, (int)e.input);
	char *buf;

	*res = NULL;
	if (st != URISCAN_E_BUFFER_TOO_SMALL) {
		char small[4] = "xyz";
		FUZZ_ASSERT(st == vst && *eo == veo && vst != URISCAN_OK,
		            "normalize %s@%zu, validate %s@%zu",
		            uriscan_status_name(st), *eo, uriscan_status_name(vst),
		            veo);
		FUZZ_ASSERT(n == 0, "%s with *out_len %zu", uriscan_status_name(st),
		            n);
		st = uriscan_normalize(g, s, len, flags, small, sizeof small, &n2,
		                       &e2);
		FUZZ_ASSERT(st == vst && e2.offset == veo && n2 == 0 && small[0] == '\0',
		            "an invalid input with a buffer");
		return st;
	}
	FUZZ_ASSERT(vst == URISCAN_OK && *eo == 0, "size query of %s input",
	            uriscan_status_name(vst));
	buf = malloc(n + 1);
	FUZZ_ASSERT(buf != NULL, "out of memory");
	st = uriscan_normalize(g, s, len, flags, buf, n + 1, &n2, &e2);
	FUZZ_ASSERT(st == URISCAN_OK && n2 == n && e2.offset == 0 && buf[n] == '\0',
	            "%s, *out_len %zu into %zu + 1", uriscan_status_name(st), n2,
	            n);
	for (size_t cap = n; cap > 0; cap /= 2) {
		char *b2 = malloc(cap);
		FUZZ_ASSERT(b2 != NULL, "out of memory");
		st = uriscan_normalize(g, s, len, flags, b2, cap, &n2, &e2);
		FUZZ_ASSERT(st == URISCAN_E_BUFFER_TOO_SMALL && n2 == n,
		            "capacity %zu of %zu + 1: %s, *out_len %zu", cap, n,
		            uriscan_status_name(st), n2);
		free(b2);
	}
	*res = buf;
	*res_len = n;
	return URISCAN_OK;
}

static int equiv(enum uriscan_grammar g, const char *a, size_t al,
                 const char *b, size_t bl, unsigned flags)
{
	int eq = -1;
	struct uriscan_error e = {77, 77, URISCAN_INPUT_SECOND, 77};
	int st = uriscan_equivalent(g, al ? a : NULL, al, bl ? b : NULL, bl,
	                            flags, &eq, &e);
	FUZZ_ASSERT(st == URISCAN_OK && (eq == 0 || eq == 1) && e.offset == 0 &&
	                e.input == URISCAN_INPUT_NONE && e.status == st &&
	                e.component == URISCAN_COMPONENT_NONE,
	            "equivalent of valid inputs: %s eq=%d", uriscan_status_name(st),
	            eq);
	return eq;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in;
	char *ra = NULL, *rb = NULL, *rr = NULL;
	size_t la = 0, lb = 0, lr = 0, eoa = 0, eob = 0, eo;
	int sa, sb, eq;
	unsigned which, flags;

	if (!fuzz_decode(data, size, &in))
		return 0;
	const char *s = (const char *)in.rest;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = in.rest_len;
	if (!uriscan_grammar_available(in.g)) {
		size_t n = 5;
		FUZZ_ASSERT(uriscan_normalize(in.g, s, in.rest_len, 0, NULL, 0, &n,
		                              NULL) != URISCAN_OK &&
		                n == 0,
		            "normalize on a missing grammar");
		return 0;
	}
	flags = norm_flags(in.g, in.flags);
	const char *nul = memchr(s, 0, in.rest_len);
	size_t al = nul ? (size_t)(nul - s) : in.rest_len;
	const char *b = nul ? nul + 1 : s + in.rest_len;
	size_t bl = nul ? in.rest_len - al - 1 : 0;

	sa = norm(in.g, s, al, flags, &ra, &la, &eoa);
	sb = norm(in.g, b, bl, flags, &rb, &lb, &eob);
	if (sa == URISCAN_OK) {
		/* valid, idempotent, equivalent to itself and its normal form */
		FUZZ_ASSERT(uriscan_validate(in.g, ra, la, 0, NULL) == URISCAN_OK,
		            "the normal form is not valid");
		FUZZ_ASSERT(norm(in.g, ra, la, flags, &rr, &lr, &eo) == URISCAN_OK &&
		                lr == la && memcmp(rr, ra, la) == 0,
		            "not idempotent");
		free(rr);
		FUZZ_ASSERT(equiv(in.g, s, al, s, al, flags) == 1, "a != a");
		FUZZ_ASSERT(equiv(in.g, s, al, ra, la, flags) == 1,
		            "a != normalize(a)");
	}
	if (sa == URISCAN_OK && sb == URISCAN_OK) {
		int same = la == lb && memcmp(ra, rb, la) == 0;
		FUZZ_ASSERT(equiv(in.g, s, al, b, bl, flags) == same &&
		                equiv(in.g, b, bl, s, al, flags) == same,
		            "equivalent(a, b) != (normalize(a) == normalize(b))");
	} else {
		struct uriscan_error e;
		int st = uriscan_equivalent(in.g, s, al, b, bl, flags, &eq, &e);
		eo = e.offset;
		which = (unsigned)e.input;
		FUZZ_ASSERT(eq == 0 && (sa != URISCAN_OK
		                            ? st == sa && eo == eoa && which == 1
		                            : st == sb && eo == eob && which == 2),
		            "equivalent of an invalid input: %s@%zu input %u",
		            uriscan_status_name(st), eo, which);
	}
	free(ra);
	free(rb);
	return 0;
}
