/* SPDX-License-Identifier: MIT */
/*
 * sql_common.c: the grammar argument, error texts, percent-encoding and
 * path segments of both SQL extensions (sql_common.h).
 */
#include <stdio.h>
#include <string.h>

#include "sql_common.h"

unsigned usql_norm_flags(enum uriscan_grammar g)
{
	return URISCAN_NORM_SCHEME_BASED |
	       (g == URISCAN_RFC3987 ? URISCAN_NORM_IRI_DECODE : 0u);
}

int usql_grammar(const char *name, size_t len, enum uriscan_grammar *g)
{
	char buf[32];

	if (len >= sizeof buf || memchr(name, '\0', len) != NULL)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (uriscan_grammar_from_name(buf, g) != URISCAN_OK)
		return URISCAN_E_GRAMMAR_UNKNOWN;
	if (!uriscan_grammar_available(*g))
		return URISCAN_E_GRAMMAR_UNAVAILABLE;
	return URISCAN_OK;
}

size_t usql_error_text(char *buf, int status, size_t off, const char *s,
                       size_t len)
{
	int n;

	switch (status) {
	case URISCAN_E_SYNTAX:
	case URISCAN_E_INCOMPLETE:
	case URISCAN_E_BAD_PERCENT:
	case URISCAN_E_BAD_CHAR:
	case URISCAN_E_BAD_UTF8:
		if (off < len)
			n = snprintf(buf, USQL_ERROR_TEXT_MAX,
			             "%s at byte %zu (0x%02x)",
			             uriscan_status_name(status), off,
			             (unsigned)(unsigned char)s[off]);
		else
			n = snprintf(buf, USQL_ERROR_TEXT_MAX,
			             "%s at byte %zu (end of input)",
			             uriscan_status_name(status), off);
		break;
	default:
		n = snprintf(buf, USQL_ERROR_TEXT_MAX, "%s",
		             uriscan_status_name(status));
	}
	return n < 0 ? 0 : (size_t)n;
}

size_t usql_percent_encode(const char *s, size_t len, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
		    c == '~') {
			out[n++] = (char)c;
		} else {
			out[n++] = '%';
			out[n++] = hex[c >> 4];
			out[n++] = hex[c & 15];
		}
	}
	return n;
}

int usql_is_text(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		unsigned c = *p, n, min, cp;
		if (c == 0)
			return 0;
		if (c < 0x80) {
			p++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 1, min = 0x80, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			n = 2, min = 0x800, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 3, min = 0x10000, cp = c & 0x07;
		else
			return 0;
		if ((size_t)(end - p) <= n)
			return 0;
		for (unsigned i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (p[i] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		p += n + 1;
	}
	return 1;
}

void usql_segs_init(struct usql_segs *it, const char *p, size_t len)
{
	it->p = p;
	it->len = len;
	it->pos = (len > 0 && p[0] == '/') ? 1 : 0;
	it->done = len == 0;
}

int usql_segs_next(struct usql_segs *it, size_t *off, size_t *n)
{
	const char *slash;
	size_t end;

	if (it->done)
		return 0;
	slash = it->pos < it->len ? memchr(it->p + it->pos, '/', it->len - it->pos)
	                          : NULL;
	end = slash ? (size_t)(slash - it->p) : it->len;
	*off = it->pos;
	*n = end - it->pos;
	if (slash)
		it->pos = end + 1;
	else
		it->done = 1;
	return 1;
}
