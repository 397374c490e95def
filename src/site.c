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

#if URISCAN_PSL_RUNTIME && !URISCAN_PSL_COMPILED
/* The site of the name s[0, len) (z: room for len + 1 bytes): its offset,
 * or -1 (also for a byte uriscan_site refuses). */
static long site_of(const char *s, size_t len, char *z, size_t *zfrom,
                    int *maybe_addr)
{
	const char *r;
	size_t i;

	*maybe_addr = 1;
	*zfrom = 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		/* the List is matched on lower-case ASCII (punycode) names */
		if (c <= 0x20 || c >= 0x7F || c == '%')
			return -1;
		z[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	z[len] = '\0';
	r = psl_registrable_domain(psl_builtin(), z);
	return r ? (long)(r - z) : -1;
}
#elif URISCAN_PSL_COMPILED
#define site_of uriscan__psl_site
#endif

int uriscan_site(const char *host, size_t len, unsigned flags, char *out,
                 size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
#if URISCAN_PSL_COMPILED
	char z[PSL_Z_CAP];
#else
	char z[256];
#endif

	(void)z;
	uriscan__host_err(err, URISCAN_OK, 0);
	if (out_len)
		*out_len = 0;
	if (out_len == NULL || (host == NULL && len != 0) ||
	    (out == NULL && out_cap != 0) || flags != 0) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
#if !URISCAN_PSL_COMPILED
	if (!uriscan_psl_available()) {
		uriscan__host_err(err, URISCAN_E_UNSUPPORTED, 0);
		return URISCAN_E_UNSUPPORTED;
	}
#endif
	if (len >= 256) {
		uriscan__host_err(err, URISCAN_E_TOO_LONG, 0);
		return URISCAN_E_TOO_LONG;
	}
	if (len == 0)
		return URISCAN_OK;
#if URISCAN_HAVE_PSL
	{
		/* a trailing dot: the site of the name without it, dot kept */
		size_t n = len - (host[len - 1] == '.'), sn;
		int maybe_addr;
		size_t zfrom;
		long at = site_of(host, n, z, &zfrom, &maybe_addr);

		if (at < 0)
			return URISCAN_OK;
		/* an address has no registrable domain: asked of the address
		 * reader when its fast path for names (host_fast.c) may not take
		 * the host */
		if (maybe_addr) {
			struct uriscan_host_addr a;
			if (uriscan_host_address(host, len, 0, &a, NULL) != URISCAN_OK ||
			    a.family != URISCAN_IP_NONE)
				return URISCAN_OK;
		}
		sn = len - (size_t)at;
		*out_len = sn;
		if (sn > out_cap) {
			uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
			return URISCAN_E_BUFFER_TOO_SMALL;
		}
		if ((size_t)at >= zfrom) { /* lower-cased already */
			size_t i = 0, k = n - (size_t)at;
			/* a site is short: eight bytes at a time, the last eight
			 * written again; no call */
			if (k >= 8) {
				for (; i + 8 <= k; i += 8)
					memcpy(out + i, z + at + i, 8);
				memcpy(out + k - 8, z + at + k - 8, 8);
			} else {
				for (; i < k; i++)
					out[i] = z[(size_t)at + i];
			}
			if (n < len)
				out[sn - 1] = '.';
		} else {
			for (size_t i = 0; i < sn; i++) {
				unsigned char c = (unsigned char)host[(size_t)at + i];
				out[i] = (char)(c + (((unsigned char)(c - 'A') < 26) << 5));
			}
		}
	}
#endif
	return URISCAN_OK;
}
