/* SPDX-License-Identifier: MIT */
/*
 * site.c: the registrable domain of a host (uriscan_site), from the Public
 * Suffix List compiled into the library (-Dpsl=compiled: psl_site.c), or
 * built into libpsl (-Dpsl=runtime: psl_builtin, static data, no file
 * read, no allocation). A trailing dot is read as browsers read it: the
 * site of the name without it, the dot kept ("www.example.co.uk." ->
 * "example.co.uk."; libpsl alone says "co.uk.").
 */
#include <string.h>

#include "host-config.h"
#include "address.h"
#include "uriscan.h"

#if URISCAN_PSL_COMPILED
#include "psl_table.h"
#elif URISCAN_PSL_RUNTIME
#include <libpsl.h>
#endif

int uriscan_psl_available(void)
{
#if URISCAN_PSL_COMPILED
	return 1;
#elif URISCAN_PSL_RUNTIME
	return psl_builtin() != NULL;
#else
	return 0;
#endif
}

const char *uriscan_psl_version(void)
{
#if URISCAN_PSL_COMPILED
	return uriscan__psl_version;
#elif URISCAN_PSL_RUNTIME
	return "libpsl " PSL_VERSION " built-in list (run time)";
#else
	return "none";
#endif
}

#if URISCAN_PSL_RUNTIME && !URISCAN_PSL_COMPILED
/* uriscan_site's answer through libpsl, after its argument checks
 * (0 < len < 256). */
static int site_runtime(const char *host, size_t len, char *out,
                        size_t out_cap, size_t *out_len,
                        struct uriscan_error *err)
{
	char z[256];
	/* a trailing dot: the site of the name without it, dot kept */
	size_t n = len - (host[len - 1] == '.'), sn, i;
	const char *r;
	struct uriscan_host_addr a;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)host[i];
		/* the List is matched on lower-case ASCII (punycode) names */
		if (c <= 0x20 || c >= 0x7F || c == '%')
			return URISCAN_OK;
		z[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	z[n] = '\0';
	r = psl_registrable_domain(psl_builtin(), z);
	if (r == NULL)
		return URISCAN_OK;
	/* an address has no registrable domain */
	if (uriscan_host_address(host, len, 0, &a, NULL) != URISCAN_OK ||
	    a.family != URISCAN_IP_NONE)
		return URISCAN_OK;
	sn = len - (size_t)(r - z);
	*out_len = sn;
	if (sn > out_cap) {
		uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
		return URISCAN_E_BUFFER_TOO_SMALL;
	}
	memcpy(out, r, n - (size_t)(r - z));
	if (n < len)
		out[sn - 1] = '.';
	return URISCAN_OK;
}
#endif

int uriscan_site(const char *host, size_t len, unsigned flags, char *out,
                 size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	uriscan__host_err(err, URISCAN_OK, 0);
	if (out_len)
		*out_len = 0;
	if (out_len == NULL || flags != 0 || (len != 0 && host == NULL) ||
	    (out_cap != 0 && out == NULL)) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
#if !URISCAN_PSL_COMPILED
	if (!uriscan_psl_available()) {
		uriscan__host_err(err, URISCAN_E_UNSUPPORTED, 0);
		return URISCAN_E_UNSUPPORTED;
	}
#endif
	if (len - 1 >= 255) { /* one test for both: empty, or 256 or more */
		if (len == 0)
			return URISCAN_OK;
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
#if URISCAN_PSL_COMPILED
	return uriscan__psl_site_of(host, len, out, out_cap, out_len, err);
#elif URISCAN_PSL_RUNTIME
	return site_runtime(host, len, out, out_cap, out_len, err);
#else
	return URISCAN_OK;
#endif
}
