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
#include "host_addr.h"
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

/* The site of the lower-case name z[0, len): its offset, or -1. */
static long site_of(char *z, size_t len)
{
#if URISCAN_PSL_COMPILED
	return uriscan__psl_site(z, len);
#elif URISCAN_PSL_RUNTIME
	const char *r;
	char keep = z[len];

	z[len] = '\0';
	r = psl_registrable_domain(psl_builtin(), z);
	z[len] = keep;
	return r ? (long)(r - z) : -1;
#else
	(void)z;
	(void)len;
	return -1;
#endif
}

int uriscan_site(const char *host, size_t len, unsigned flags, char *out,
                 size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	struct uriscan_host_addr a;
	char z[256];
	size_t i;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (out_len)
		*out_len = 0;
	if (out_len == NULL || (host == NULL && len != 0) ||
	    (out == NULL && out_cap != 0) || flags != 0) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	if (!uriscan_psl_available()) {
		uriscan__host_err(err, URISCAN_E_UNSUPPORTED, 0);
		return URISCAN_E_UNSUPPORTED;
	}
	if (len >= sizeof z) {
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
	/* an address has no registrable domain */
	if (len == 0 || uriscan_host_address(host, len, 0, &a, NULL) != URISCAN_OK ||
	    a.family != URISCAN_IP_NONE)
		return URISCAN_OK;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)host[i];
		/* the List is matched on lower-case ASCII (punycode) names */
		if (c <= 0x20 || c >= 0x7F || c == '%')
			return URISCAN_OK;
		z[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	{
		/* a trailing dot: the site of the name without it, dot kept */
		int dot = z[len - 1] == '.';
		long at = site_of(z, len - (size_t)dot);
		size_t n;

		if (at < 0)
			return URISCAN_OK;
		n = len - (size_t)at;
		*out_len = n;
		if (n > out_cap) {
			uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
			return URISCAN_E_BUFFER_TOO_SMALL;
		}
		memcpy(out, z + at, n);
	}
	return URISCAN_OK;
}
