/* SPDX-License-Identifier: MIT */
/*
 * site.c: the registrable domain of a host (uriscan_site), from the Public
 * Suffix List built into libpsl (psl_builtin: static data, no file read,
 * no allocation), when the library is built with libpsl.
 */
#include <string.h>

#include "host-config.h"
#include "host_addr.h"
#include "uriscan.h"

#if URISCAN_HAVE_PSL
#include <libpsl.h>
#endif

int uriscan_psl_available(void)
{
#if URISCAN_HAVE_PSL
	return psl_builtin() != NULL;
#else
	return 0;
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
	z[len] = '\0';
#if URISCAN_HAVE_PSL
	{
		const char *r = psl_registrable_domain(psl_builtin(), z);
		size_t n;
		if (r == NULL)
			return URISCAN_OK;
		n = strlen(r);
		*out_len = n;
		if (n > out_cap) {
			uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
			return URISCAN_E_BUFFER_TOO_SMALL;
		}
		memcpy(out, r, n);
	}
#endif
	return URISCAN_OK;
}
