/* SPDX-License-Identifier: MIT */
/*
 * confusion_parsed.h: what the fast paths of the URL-confusion flags
 * (confusion_fast.c, confusion_fast_parsed.c) read of a URL: its
 * "http://" or "https://", and of a parse it has, the port and path
 * after its host. Inline: a few comparisons, on the path
 * of every URL, before the window classifies its bytes. No allocation;
 * reads only s[0, len).
 */
#ifndef URISCAN_CONFUSION_PARSED_H
#define URISCAN_CONFUSION_PARSED_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "uriscan.h"

/* Where the authority starts after "http://" or "https://" at s (any
 * case; s has 8 bytes or more), or 0: one comparison of eight bytes. The
 * words are read from bytes, so any byte order gives the same test; 0x20
 * lowers the letters of "https" and "http" and nothing else onto them,
 * ':' and '/' are compared as they are, and the eighth byte of "http://"
 * is masked off. */
static inline size_t uriscan__cf_http_start(const unsigned char *s)
{
	uint64_t w, https, http, low5, low4, first7;

	memcpy(&w, s, 8);
	memcpy(&https, "https://", 8);
	memcpy(&http, "http://\0", 8);
	memcpy(&low5, "\x20\x20\x20\x20\x20\0\0\0", 8);
	memcpy(&low4, "\x20\x20\x20\x20\0\0\0\0", 8);
	memcpy(&first7, "\xff\xff\xff\xff\xff\xff\xff\0", 8);
	if ((w | low5) == https)
		return 8;
	if (((w & first7) | low4) == http)
		return 7;
	return 0;
}

/* The port s[pb, pe) (pb - 1 is its ':'): plain when empty, or digits
 * without a leading zero up to 65535. */
static inline int uriscan__cf_plain_port(const unsigned char *s, size_t pb,
                                         size_t pe)
{
	size_t i, port = 0;

	if (pe - pb > 5 || (pe > pb && s[pb] == '0'))
		return 0;
	for (i = pb; i < pe; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		port = port * 10 + (size_t)(s[i] - '0');
	}
	return port <= 65535;
}

/* After a plain host s[.., he) that a parse u gave: 1 when its port is
 * plain (uriscan__cf_plain_port) and its path s[*e, *pe) starts where the
 * authority ends at *e ('/', '?', '#' or the end follows); 0 when u does
 * not say so (the general reading decides). */
static inline int uriscan__cf_parsed_rest(const unsigned char *s, size_t len,
                                          size_t he,
                                          const struct uriscan_uri *u,
                                          size_t *e, size_t *pe)
{
	const struct uriscan_span *port = &u->part[URISCAN_PORT];
	const struct uriscan_span *path = &u->part[URISCAN_PATH];

	*e = he;
	if (URISCAN_HAS(u, URISCAN_PORT)) {
		if (he >= len || s[he] != ':' || port->off != he + 1 ||
		    port->len > len - port->off ||
		    !uriscan__cf_plain_port(s, port->off,
		                            (size_t)port->off + port->len))
			return 0;
		*e = (size_t)port->off + port->len;
	}
	if (!URISCAN_HAS(u, URISCAN_PATH) || path->off != *e ||
	    path->len > len - *e ||
	    (*e < len && s[*e] != '/' && s[*e] != '?' && s[*e] != '#'))
		return 0;
	*pe = *e + path->len;
	return 1;
}

#endif
