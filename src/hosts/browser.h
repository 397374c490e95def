/* SPDX-License-Identifier: MIT */
/*
 * browser.h: the WHATWG URL Standard's reading of a URL as far as its host
 * (browser_host.c), shared with the confusion flags (confusion.c).
 * Internal; hidden.
 */
#ifndef URISCAN_BROWSER_H
#define URISCAN_BROWSER_H

#include <stddef.h>
#include <stdint.h>

/* Hosts longer than this (after removing tabs and newlines) give
 * URISCAN_E_TOO_LONG: no DNS name is longer than 253 bytes. */
#define URISCAN__WHOST_MAX 2048

/* Offsets into the input; tabs and newlines may lie inside the spans (the
 * browser removes them). */
struct uriscan__wread {
	int status;          /* OK, E_SYNTAX (the browser fails the URL),
	                        E_UNSUPPORTED (no host: no scheme and no
	                        "//", a relative reference; or a scheme that
	                        is not special without "//", an opaque path) */
	size_t err_off;
	size_t begin, end;   /* the input without leading/trailing C0 and spaces */
	int has_scheme, special, file, scheme_relative;
	int opaque;          /* a scheme that is not special: the opaque host */
	int no_host;         /* opaque without "//": no host (an opaque path) */
	size_t scheme_end;   /* the ':' */
	size_t slashes_at;   /* where the slashes after the scheme start */
	unsigned slashes;    /* '/' and '\' there */
	size_t auth_b, auth_e; /* the authority, up to '/', '\', '?', '#' */
	unsigned at_count;   /* '@' in it */
	size_t last_at;
	size_t host_b, host_e; /* after the last '@', before the port;
	                          host_b <= host_e within the authority
	                          whenever special (on a failure too) */
	int has_port, port_zero; /* a ':'; a port with a leading 0 */
	size_t port_b, port_e;
	unsigned port_digits;
	uint32_t port;       /* > 65535 when out of range (saturated) */
};

/* A tab or a newline (the browser removes them anywhere). */
static inline int uriscan__is_tabnl(unsigned char c)
{
	return c == '\t' || c == '\n' || c == '\r';
}

/* The special scheme s[b, e) (tabs and newlines skipped, any case): its
 * index in http, https, ws, wss, ftp, file, or -1. */
int uriscan__special_index(const unsigned char *s, size_t b, size_t e);

static inline int uriscan__alpha(unsigned char c)
{
	c = (unsigned char)(c | 0x20);
	return c >= 'a' && c <= 'z';
}

/* The next index at or after i in [i, e) that is not a tab or newline. */
static inline size_t uriscan__nx(const unsigned char *s, size_t i, size_t e)
{
	while (i < e && uriscan__is_tabnl(s[i]))
		i++;
	return i;
}

/* Read s[0, len) as a browser does, up to the port; the status. */
int uriscan__wread(const unsigned char *s, size_t len,
                   struct uriscan__wread *w);

/* The WHATWG opaque-host parser (schemes that are not special) on s[b,
 * e), tabs and newlines skipped (browser_opaque.c): "[IPv6]" as whost
 * gives it, or the bytes with C0 controls, DEL and non-ASCII
 * percent-encoded (invalid UTF-8 as U+FFFD); the arguments and statuses
 * of uriscan__whost (E_TOO_LONG: the host written, its escapes included,
 * is over URISCAN__WHOST_MAX bytes, so that it reads back as itself). */
int uriscan__wopaque(const unsigned char *s, size_t b, size_t e, char *out,
                     size_t cap, size_t *n, size_t *eoff);

/* The WHATWG host parser (special schemes) on s[b, e): the host it gives
 * (a lower-case ASCII name, a dotted quad, "[IPv6]") into out[0, cap),
 * *n its length (or the length needed). OK, E_SYNTAX (the browser fails
 * the URL), E_IDNA (IDNA refuses the name), E_IDNA_UNAVAILABLE (the name
 * needs IDNA and there is no ICU), E_TOO_LONG, E_BUFFER_TOO_SMALL.
 * *eoff: b. */
int uriscan__whost(const unsigned char *s, size_t b, size_t e, char *out,
                   size_t cap, size_t *n, size_t *eoff);

/* uriscan_browser_host without its fast path for a plain authority: the
 * reading (uriscan__wread), then uriscan__wbrowser; *eoff as the error
 * struct's offset. For the tests and the fuzz target, which compare the
 * two. */
int uriscan__browser_host_full(const unsigned char *u, size_t len, char *out,
                               size_t out_cap, size_t *n, size_t *eoff);

/* The host a browser reaches for a reading w of u with status OK: file's
 * empty host, "localhost" and drive letters, then uriscan__whost on the
 * host span; its arguments and statuses. uriscan__browser_host_full is
 * uriscan__wread and this. */
int uriscan__wbrowser(const unsigned char *u, const struct uriscan__wread *w,
                      char *out, size_t cap, size_t *n, size_t *eoff);

#endif
