/* SPDX-License-Identifier: MIT */
/*
 * confusion_parsed.h: what the fast paths of the URL-confusion flags
 * (confusion_fast.c, confusion_fast_parsed.c) read of a parse a URL has: the
 * port and path after its host. Inline: a few comparisons, on the path
 * of every URL, before the window classifies its bytes. No allocation;
 * reads only s[0, len).
 */
#ifndef URISCAN_CONFUSION_PARSED_H
#define URISCAN_CONFUSION_PARSED_H

#include <stddef.h>
#include <stdint.h>

#include "uriscan.h"

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
