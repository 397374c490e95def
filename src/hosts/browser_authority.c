/* SPDX-License-Identifier: MIT */
/*
 * browser_authority.c: the WHATWG URL Standard's basic URL parser as far as the
 * host, for every scheme, without a base (uriscan__wread, browser.h):
 * the scheme, the slashes, the authority, its last '@', the port; for the
 * other schemes the authority after "//", or none; file's host without
 * userinfo. The host parsers are browser_host.c and browser_opaque.c.
 * No allocation; reads only s[0, len).
 */
#include <stdint.h>
#include <string.h>

#include "browser.h"
#include "uriscan.h"


static const char *const special[] = {"http", "https", "ws", "wss", "ftp",
                                      "file"};

int uriscan__special_index(const unsigned char *s, size_t b, size_t e)
{
	char w[6];
	size_t n = 0, i;
	unsigned k;

	for (i = b; i < e; i++) {
		if (uriscan__is_tabnl(s[i]))
			continue;
		if (n == sizeof w)
			return -1;
		w[n++] = (char)(s[i] | 0x20);
	}
	for (k = 0; k < sizeof special / sizeof special[0]; k++)
		if (strlen(special[k]) == n && memcmp(special[k], w, n) == 0)
			return (int)k;
	return -1;
}

static int set(struct uriscan__wread *w, int st, size_t off)
{
	w->status = st;
	w->err_off = off;
	return st;
}

/* The bytes the authority scan stops at (every other byte is 0). */
enum { A_END = 1, A_AT, A_LBR, A_RBR, A_COLON };
static const uint8_t auth_class[256] = {
	['/'] = A_END, ['\\'] = A_END, ['?'] = A_END, ['#'] = A_END,
	['@'] = A_AT,  ['['] = A_LBR,   [']'] = A_RBR, [':'] = A_COLON,
};

/* The bytes of a scheme after its first letter, and tabs and newlines. */
#define SCH4(c) [c] = 1, [c + 1] = 1, [c + 2] = 1, [c + 3] = 1
#define SCH13(c) SCH4(c), SCH4(c + 4), SCH4(c + 8), [c + 12] = 1
static const uint8_t scheme_byte[256] = {
	SCH4('0'), SCH4('4'), ['8'] = 1, ['9'] = 1,
	SCH13('a'), SCH13('n'), SCH13('A'), SCH13('N'),
	['+'] = 1, ['-'] = 1, ['.'] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
};

int uriscan__wread(const unsigned char *s, size_t len, struct uriscan__wread *w)
{
	size_t b = 0, e = len, i, j, colon;
	int sp;

	memset(w, 0, sizeof *w);
	/* leading and trailing C0 controls and spaces go */
	while (b < e && s[b] <= 0x20)
		b++;
	while (e > b && s[e - 1] <= 0x20)
		e--;
	w->begin = b;
	w->end = e;
	/* the scheme */
	i = uriscan__nx(s, b, e);
	if (i < e && uriscan__alpha(s[i])) {
		j = i;
		while (j < e && scheme_byte[s[j]])
			j++;
		if (j < e && s[j] == ':') {
			w->has_scheme = 1;
			w->scheme_end = j;
			i = j + 1;
		}
	}
	if (!w->has_scheme) {
		/* "//host" or "\\host": scheme-relative, read as http's */
		size_t k = uriscan__nx(s, b, e), k2 = k < e ? uriscan__nx(s, k + 1, e) : e;
		if (k2 < e && (s[k] == '/' || s[k] == '\\') &&
		    (s[k2] == '/' || s[k2] == '\\')) {
			w->scheme_relative = 1;
			w->special = 1;
			i = k;
		} else {
			return set(w, URISCAN_E_UNSUPPORTED, 0);
		}
	} else {
		sp = uriscan__special_index(s, b, w->scheme_end);
		if (sp < 0) {
			/* not special: an authority only after "//" (no '\'),
			 * else an opaque path and no host */
			size_t k = uriscan__nx(s, i, e), k2 = k < e ? uriscan__nx(s, k + 1, e) : e;
			w->opaque = 1;
			w->slashes_at = i;
			if (!(k2 < e && s[k] == '/' && s[k2] == '/')) {
				/* the URL has no host (null, not empty) */
				w->no_host = 1;
				w->auth_b = w->auth_e = w->host_b = w->host_e = i;
				return set(w, URISCAN_E_UNSUPPORTED, 0);
			}
			w->slashes = 2;
			i = k2 + 1;
			goto authority;
		}
		w->special = 1;
		w->file = sp == 5;
	}
	/* the slashes: any run of '/' and '\' */
	w->slashes_at = i;
	for (i = uriscan__nx(s, i, e); i < e && (s[i] == '/' || s[i] == '\\');
	     i = uriscan__nx(s, i + 1, e)) {
		w->slashes++;
		if (w->file && w->slashes == 2) {
			/* file: two slashes start the host, a third the path */
			i = uriscan__nx(s, i + 1, e);
			break;
		}
	}
	if (w->file && w->slashes < 2) {
		/* "file:path", "file:/path": no host */
		w->auth_b = w->auth_e = w->host_b = w->host_e = i;
		return set(w, URISCAN_OK, 0);
	}
	/* the authority: up to '/', '\\' (special schemes), '?', '#'; the host
	 * after the last '@' (file: no userinfo, the whole authority); the
	 * port after the host's first ':' outside brackets (one pass: each '@'
	 * starts the host again) */
authority:
	w->auth_b = i;
	colon = e;
	{
		int br = 0;
		for (j = i; j < e; j++) {
			unsigned k = auth_class[s[j]];
			if (k == 0)
				continue;
			if (k == A_END && (w->special || s[j] != '\\'))
				break;
			if (k == A_END)
				continue; /* '\\' of a scheme that is not special */
			if (k == A_AT) {
				w->at_count++;
				w->last_at = j;
				br = 0;
				colon = e;
			} else if (k == A_LBR) {
				br = 1;
			} else if (k == A_RBR) {
				br = 0;
			} else if (!br && colon == e) {
				colon = j; /* A_COLON */
			}
		}
	}
	w->auth_e = j;
	if (w->file) {
		/* the file host state: no userinfo, no port ('@' and ':' are
		 * forbidden host code points there) */
		w->host_b = w->auth_b;
		w->host_e = w->auth_e;
		return set(w, URISCAN_OK, 0);
	}
	w->host_b = w->at_count ? w->last_at + 1 : w->auth_b;
	if (w->at_count && uriscan__nx(s, w->host_b, w->auth_e) == w->auth_e) {
		w->host_e = w->auth_e; /* the empty host, a span like the others */
		return set(w, URISCAN_E_SYNTAX, w->auth_e); /* "a@" */
	}
	/* the port: after the first ':' outside brackets (found above) */
	j = colon < w->auth_e ? colon : w->auth_e;
	w->host_e = j;
	if (j < w->auth_e) {
		uint32_t port = 0;
		w->has_port = 1;
		w->port_b = j + 1;
		w->port_e = w->auth_e;
		if (uriscan__nx(s, w->host_b, j) == j)
			return set(w, URISCAN_E_SYNTAX, j); /* ":80" */
		for (j = w->port_b; j < w->port_e; j++) {
			if (uriscan__is_tabnl(s[j]))
				continue;
			if (s[j] < '0' || s[j] > '9') {
				/* what came before it, an overflow too, is kept */
				w->port = port;
				return set(w, URISCAN_E_SYNTAX, j);
			}
			if (port <= 65535)
				port = port * 10 + (uint32_t)(s[j] - '0');
			w->port_digits++;
			if (w->port_digits == 1 && s[j] == '0')
				w->port_zero = 1;
		}
		w->port = port;
		if (port > 65535)
			return set(w, URISCAN_E_SYNTAX, w->port_b);
	}
	if (uriscan__nx(s, w->host_b, w->host_e) == w->host_e && !w->opaque)
		return set(w, URISCAN_E_SYNTAX, w->host_b); /* empty host */
	return set(w, URISCAN_OK, 0);
}
