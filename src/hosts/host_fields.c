/* SPDX-License-Identifier: MIT */
/*
 * host_fields.c: every host field of a URL in one call
 * (uriscan_host_fields): the browser's host, the addresses, the site and
 * the confusion flags, each what its separate call gives, with the
 * authority read once. The common URL (http or https, a plain host that
 * starts the authority, a plain port and path: what the flags' AVX2
 * window decides, confusion_fast_parsed.c) has its browser's host (the host in
 * lower case), its addresses (a name: none) and its flags from that one
 * reading, and its site looked up on the host (uriscan__psl_site_lower,
 * which writes the browser's host) without the checks of a name the
 * window has read as plain; a relative reference without "//" has no host
 * for either reader (no browser reading); any other URL has each field
 * read as its call reads it (the internal entries, the arguments checked
 * once here).
 * No allocation but ICU's (freed); reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "host-config.h"
#include "address.h"
#include "internal.h"
#include "uriscan.h"

#if URISCAN_PSL_COMPILED
#include "psl_table.h"
#endif

/* *a = no address (in stores of sixteen bytes: gcc writes a memset or a
 * copy of its 52 bytes as a rep stos or rep movs, whose start costs more). */
static inline void zero_addr(struct uriscan_host_addr *a)
{
	unsigned char *p = (unsigned char *)a;

	/* two memsets of sizes gcc writes as vector stores */
	memset(p, 0, 32);
	memset(p + 32, 0, sizeof *a - 32);
}

/* uriscan_site(name, n, 0, out->site, ...) into out (n <= 2048). */
static void site_of(const char *name, size_t n, struct uriscan_host_fields *o)
{
	o->site_len = 0;
#if URISCAN_PSL_COMPILED
	/* uriscan_site's checks: the List is there, 0 < n < 256 */
	if (n >= 256) {
		o->site_status = URISCAN_E_TOO_LONG;
		return;
	}
	o->site_status = n == 0 ? URISCAN_OK
	                        : uriscan__psl_site_of(name, n, o->site,
	                                               sizeof o->site,
	                                               &o->site_len, NULL);
#else
	o->site_status = uriscan_site(name, n, 0, o->site, sizeof o->site,
	                              &o->site_len, NULL);
#endif
	if (o->site_status != URISCAN_OK)
		o->site_len = 0;
}

/* uriscan_confusion_parsed's flags (confusion.c's parsed_flags), the
 * quick window already tried (d its answer) when u is not NULL. */
static uint32_t flags_rest(const char *s, size_t len,
                           const struct uriscan_uri *u, int d)
{
	uint32_t f;

	if (d == 0)
		return uriscan__confusion_full(s, len, u);
	if (!uriscan__cf_fast((const unsigned char *)s, len, u, &f))
		f = uriscan__confusion_full(s, len, u);
	return f;
}

/* The statuses whose error names a byte (uriscan__host_err). */
static int names_byte(int st)
{
	return st == URISCAN_E_SYNTAX || st == URISCAN_E_INCOMPLETE ||
	       st == URISCAN_E_BAD_PERCENT || st == URISCAN_E_BAD_CHAR ||
	       st == URISCAN_E_BAD_UTF8 || st == URISCAN_E_IDNA;
}

/* Is h[0, n) "localhost" in any case? */
static int is_localhost(const unsigned char *h, size_t n)
{
	static const char t[] = "localhost";
	size_t i;

	if (n != 9)
		return 0;
	for (i = 0; i < 9; i++)
		if ((h[i] | 0x20) != (unsigned char)t[i])
			return 0;
	return 1;
}

/* uriscan_browser_host into out's browser fields. */
static void browser_of(const unsigned char *s, size_t len,
                       struct uriscan_host_fields *o)
{
	size_t hb, he, n = 0, eoff = 0;
	int file;

	o->browser_offset = 0;
	if (uriscan__plain_host(s, len, &hb, &he, &file)) {
		/* browser_host.c's fast path: the host in lower case */
		n = file && is_localhost(s + hb, he - hb) ? 0 : he - hb;
		uriscan__lower_copy(o->browser, s + hb, n);
		o->browser_len = n;
		o->browser_status = URISCAN_OK;
		return;
	}
	o->browser_status = uriscan__browser_host_full(
	    s, len, o->browser, sizeof o->browser, &n, &eoff);
	o->browser_len = o->browser_status == URISCAN_OK ? n : 0;
	/* the error struct's offset (uriscan__host_err) */
	if (names_byte(o->browser_status))
		o->browser_offset = eoff;
}

/* uriscan_host_address of h[0, n): its status, *a (zero unless OK) and
 * the error's offset in *off. */
static int addr_of(const char *h, size_t n, struct uriscan_host_addr *a,
                   size_t *off)
{
	struct uriscan_error e;
	int st;

	zero_addr(a);
	st = uriscan__host_read((const unsigned char *)h, n, 0, a, &e);
	if (st != URISCAN_OK)
		zero_addr(a);
	*off = st == URISCAN_OK ? 0 : e.offset;
	return st;
}

/* Every field but the flags, read field by field (src/frontend/
 * host_read.c's reading, which this call replaced there). */
static void fields_general(const char *s, size_t len,
                           const struct uriscan_uri *u, unsigned of,
                           struct uriscan_host_fields *o)
{
	const char *host = NULL, *name = NULL;
	size_t host_len = 0, name_len = 0, off;
	struct uriscan_host_addr *ga = &o->grammar_addr;

	if (u != NULL && URISCAN_HAS(u, URISCAN_HOST)) {
		host = s + u->part[URISCAN_HOST].off;
		host_len = u->part[URISCAN_HOST].len;
	}
	browser_of((const unsigned char *)s, len, o);
	zero_addr(&o->addr);
	zero_addr(ga);
	o->grammar_addr_status = URISCAN_OK;
	o->grammar_addr_offset = 0;
	if (host)
		o->grammar_addr_status = addr_of(host, host_len, ga,
		                                 &o->grammar_addr_offset);
	if (o->browser_status == URISCAN_OK && o->browser_len > 0) {
		/* the same bytes as the grammar's host (most often): the same
		 * reading, not made twice */
		if (host && host_len == o->browser_len &&
		    memcmp(host, o->browser, host_len) == 0)
			o->addr = *ga;
		else
			addr_of(o->browser, o->browser_len, &o->addr, &off);
		if (o->addr.family == URISCAN_IP_NONE) {
			name = o->browser;
			name_len = o->browser_len;
		}
	} else if (host) {
		if (ga->family != URISCAN_IP_NONE)
			o->addr = *ga;
		else {
			name = host;
			name_len = host_len;
		}
	}
	/* the form is how the URL writes the address: the grammar's host
	 * when it is the same address */
	if (o->addr.family != URISCAN_IP_NONE && ga->family == o->addr.family &&
	    memcmp(ga->addr, o->addr.addr, sizeof ga->addr) == 0) {
		o->addr.form = ga->form;
		o->addr.parts = ga->parts;
		o->addr.notes = ga->notes;
	}
	o->ip[0] = '\0';
	o->ip_len = 0;
	if (o->addr.family != URISCAN_IP_NONE)
		uriscan_ip_text(&o->addr, o->ip, sizeof o->ip, &o->ip_len, NULL);
	o->site_status = URISCAN_OK;
	o->site_len = 0;
	if (name != NULL && !(of & URISCAN_HOST_FIELDS_NO_SITE))
		site_of(name, name_len, o);
}

/* A relative reference that an RFC 3986 or RFC 2396 parse u found valid
 * and that does not start with "//": no host for the grammar, none for
 * the browser (no scheme: the browser's reading finds none where the
 * grammar finds none, as no ':' comes before the first '/'; no byte
 * the browser removes or trims: the parse has no control, space or '\';
 * not "//": not scheme-relative), so uriscan_browser_host gives
 * URISCAN_E_UNSUPPORTED. The log's request targets ("/a/b?c"). */
static int no_browser_host(const char *s, size_t len,
                           const struct uriscan_uri *u)
{
	return (u->grammar == URISCAN_RFC3986 || u->grammar == URISCAN_RFC2396) &&
	       !URISCAN_HAS(u, URISCAN_SCHEME) && !URISCAN_HAS(u, URISCAN_HOST) &&
	       !(len >= 2 && s[0] == '/' && s[1] == '/');
}

/* The fields of such a URL: no host, no address, no site. */
static void fields_none(struct uriscan_host_fields *o)
{
	o->browser_status = URISCAN_E_UNSUPPORTED;
	o->browser_len = 0;
	o->browser_offset = 0;
	o->grammar_addr_status = URISCAN_OK;
	o->grammar_addr_offset = 0;
	zero_addr(&o->grammar_addr);
	zero_addr(&o->addr);
	o->ip[0] = '\0';
	o->ip_len = 0;
	o->site_status = URISCAN_OK;
	o->site_len = 0;
}

/* The common URL: an http(s) URL whose parse u has a plain host at the
 * authority's start, its flags decided by the quick window (which reads
 * the host as plain: labels of letters, digits and '-', none empty, no
 * trailing dot, no "--", the last not starting with a digit; a plain port
 * and path). The browser's host is the host in lower case, no address.
 * 1 when done, else 0 and *d the window's answer (0: the full reading of
 * the flags, -1: the other fast paths). */
static int fields_quick(const char *s, size_t len, const struct uriscan_uri *u,
                        unsigned of, struct uriscan_host_fields *o, int *d)
{
	size_t hb = u->part[URISCAN_HOST].off, hl = u->part[URISCAN_HOST].len;

	*d = uriscan__cf_quick((const unsigned char *)s, len, u, &o->flags);
	if (*d <= 0)
		return 0;
	fields_none(o); /* no address, no site yet; then the browser's host */
	o->browser_status = URISCAN_OK;
	o->browser_len = hl;
#if URISCAN_PSL_COMPILED
	/* the site's reading of the name writes its lower case: the browser's
	 * host, not made twice; the window read the host as plain (1 to 63
	 * bytes here), so the site reading skips the checks of a name it
	 * would refuse, of an address and of a trailing dot */
	if (!(of & URISCAN_HOST_FIELDS_NO_SITE) && hl - 1 < 255) {
		o->site_status = uriscan__psl_site_lower(
		    s + hb, hl, o->browser, o->site, sizeof o->site, &o->site_len,
		    NULL);
		if (o->site_status != URISCAN_OK)
			o->site_len = 0;
		return 1;
	}
#endif
	uriscan__lower_copy(o->browser, (const unsigned char *)s + hb, hl);
	if (!(of & URISCAN_HOST_FIELDS_NO_SITE))
		site_of(o->browser, hl, o);
	return 1;
}

int uriscan_host_fields(const char *s, size_t len, const struct uriscan_uri *u,
                        const struct uriscan_host_fields_options *opt,
                        struct uriscan_host_fields *out,
                        struct uriscan_error *err)
{
	unsigned of = 0;
	int st = URISCAN_OK, d = -1;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (opt != NULL) {
		if (opt->size < sizeof *opt ||
		    (opt->flags & ~(URISCAN_HOST_FIELDS_NO_SITE |
		                    URISCAN_HOST_FIELDS_NO_FLAGS)) != 0)
			st = URISCAN_E_INVALID_ARG;
		else
			of = opt->flags;
	}
	if (out == NULL || out->size < sizeof *out || (s == NULL && len != 0))
		st = URISCAN_E_INVALID_ARG;
	else if (st == URISCAN_OK && len > UINT32_MAX)
		st = URISCAN_E_TOO_LONG;
	if (st == URISCAN_OK && u != NULL) {
		/* uriscan__grammar_gen's statuses, without its call */
		if ((unsigned)u->grammar >= URISCAN_GRAMMAR_COUNT)
			st = URISCAN_E_GRAMMAR_UNKNOWN;
		else if (uriscan__gen_get(u->grammar) == NULL)
			st = URISCAN_E_GRAMMAR_UNAVAILABLE;
		/* the host span is read: it must lie inside s[0, len) */
		if (st == URISCAN_OK && URISCAN_HAS(u, URISCAN_HOST) &&
		    (u->part[URISCAN_HOST].off > len ||
		     u->part[URISCAN_HOST].len > len - u->part[URISCAN_HOST].off))
			st = URISCAN_E_INVALID_ARG;
	}
	if (st != URISCAN_OK) {
		uriscan__host_err(err, st, 0);
		return st;
	}
	out->flags = 0;
	if (u != NULL && !(of & URISCAN_HOST_FIELDS_NO_FLAGS) && len >= 16 &&
	    (s[0] | 0x20) == 'h' && fields_quick(s, len, u, of, out, &d))
		return URISCAN_OK;
	if (u != NULL && no_browser_host(s, len, u))
		fields_none(out);
	else
		fields_general(s, len, u, of, out);
	if (!(of & URISCAN_HOST_FIELDS_NO_FLAGS))
		out->flags = flags_rest(s, len, u, d);
	return URISCAN_OK;
}
