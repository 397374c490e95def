/* SPDX-License-Identifier: MIT */
/*
 * fuzz_site.c: uriscan_site on any bytes, against libpsl's
 * psl_registrable_domain on the same List (FUZZ_PSL_DATA, loaded once;
 * "builtin" with -Dpsl=runtime) where libpsl is installed.
 *
 * Input: byte 0: the output capacity, taken as min(byte, 255) except 255,
 * which means the full 256 bytes; then the name.
 *
 * Checked for every call:
 *  - the status is OK, TOO_LONG (exactly above 255 bytes) or
 *    BUFFER_TOO_SMALL (exactly when the site is longer than the capacity,
 *    *out_len its length); err says the same, offset 0;
 *  - the site is a suffix of the lower-case name that starts the name or
 *    follows a '.', shorter than 256 bytes, empty for an address, a name
 *    with a byte outside printable ASCII or a '%';
 *  - the site of the site is itself (unless it starts with a dot: libpsl
 *    gives none to such a name; or the address reader does not read it
 *    as a name: "[v.uk" of "a.[v.uk");
 *  - with libpsl: the site is libpsl's answer through uriscan_site's
 *    contract (lower case, a trailing dot read as browsers do, no site for
 *    an address or bytes the contract refuses: tests/vectors/
 *    site-libpsl-differences.tsv), byte for byte.
 */
#include "fuzz.h"

#if FUZZ_HAVE_LIBPSL
#include <libpsl.h>

static const psl_ctx_t *oracle_psl(void)
{
	static psl_ctx_t *p; /* loaded once; a test program's state */
	static int tried;
	if (!tried) {
		tried = 1;
		p = strcmp(FUZZ_PSL_DATA, "builtin") == 0
		        ? (psl_ctx_t *)psl_builtin()
		        : psl_load_file(FUZZ_PSL_DATA);
	}
	return p;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char out[256], again[256], low[260];
	const char *s;
	size_t len, cap, n = 0, m = 0, i;
	struct uriscan_error err;
	struct uriscan_host_addr a;
	int st, plain = 1;

	if (size < 1 || !uriscan_psl_available())
		return 0;
	cap = data[0] == 255 ? 256 : data[0];
	s = (const char *)data + 1;
	len = size - 1;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;
	st = uriscan_site(s, len, 0, out, cap, &n, &err);
	FUZZ_ASSERT(err.status == st && err.offset == 0, "err differs");
	if (len > 255) {
		FUZZ_ASSERT(st == URISCAN_E_TOO_LONG && n == 0, "too long: %s",
		            uriscan_status_name(st));
		return 0;
	}
	FUZZ_ASSERT(st == URISCAN_OK || st == URISCAN_E_BUFFER_TOO_SMALL,
	            "status %s", uriscan_status_name(st));
	FUZZ_ASSERT((st == URISCAN_E_BUFFER_TOO_SMALL) == (n > cap),
	            "capacity %zu, site %zu: %s", cap, n, uriscan_status_name(st));
	FUZZ_ASSERT(n <= len, "site longer than the name");
	if (st != URISCAN_OK) {
		FUZZ_ASSERT(uriscan_site(s, len, 0, out, sizeof out, &m, NULL) ==
		                    URISCAN_OK &&
		                m == n,
		            "the size needed %zu, the site %zu", n, m);
	}
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c <= 0x20 || c >= 0x7F || c == '%')
			plain = 0;
		low[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	if (!plain || len == 0 ||
	    uriscan_host_address(s, len, 0, &a, NULL) != URISCAN_OK ||
	    a.family != URISCAN_IP_NONE) {
		FUZZ_ASSERT(n == 0, "a site for an address or refused bytes");
		return 0;
	}
	if (n == 0)
		goto oracle;
	FUZZ_ASSERT(memcmp(out, low + len - n, n) == 0,
	            "the site is not a suffix of the lower-case name");
	FUZZ_ASSERT(n == len || low[len - n - 1] == '.',
	            "the site does not start a label");
	/* libpsl gives no site to a name that starts with a dot; the site
	 * may be no name for the address reader ("[v.uk" of "a.[v.uk") */
	FUZZ_ASSERT(out[0] == '.' ||
	                uriscan_host_address(out, n, 0, &a, NULL) != URISCAN_OK ||
	                a.family != URISCAN_IP_NONE ||
	                (uriscan_site(out, n, 0, again, sizeof again, &m, NULL) ==
	                     URISCAN_OK &&
	                 m == n && memcmp(again, out, n) == 0),
	            "the site of the site \"%.*s\" is \"%.*s\"", (int)n, out,
	            (int)m, again);
oracle:
#if FUZZ_HAVE_LIBPSL
	if (oracle_psl() && memchr(low, '\0', len) == NULL) {
		int dot = low[len - 1] == '.';
		const char *r;
		size_t rn;

		low[len - (size_t)dot] = '\0';
		r = psl_registrable_domain(oracle_psl(), low);
		rn = r ? strlen(r) + (size_t)(dot && r) : 0;
		FUZZ_ASSERT(rn == n && (n == 0 || memcmp(r, out, rn - (size_t)dot) == 0),
		            "libpsl \"%s%s\", uriscan_site \"%.*s\"", r ? r : "",
		            r && dot ? "." : "", (int)n, out);
	}
#endif
	return 0;
}
