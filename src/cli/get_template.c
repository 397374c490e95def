/* SPDX-License-Identifier: MIT */
/*
 * get_template.c: compiling and filling the TEMPLATE of `uriscan get`
 * (get_template.h). No reading; output only through output.h.
 */
#include "get_template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_info.h"
#include "output.h"
#include "report.h"

/* The component named [s, s + n), or URISCAN_COMPONENT_COUNT. */
static unsigned component_named(const char *s, size_t n)
{
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		const char *name = uriscan_component_name(c);
		if (strlen(name) == n && memcmp(name, s, n) == 0)
			return c;
	}
	return URISCAN_COMPONENT_COUNT;
}

static int named(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* The fields of host_info.h, by name (the order of enum hi_field). */
enum hi_field { HI_IP, HI_IP_CLASS, HI_SITE, HI_BROWSER_HOST, HI_FLAGS,
                HI_COUNT };
static const char *const hi_names[HI_COUNT] = {"ip", "ip_class", "site",
                                               "browser_host", "flags"};

/* The field [s, s + n) between the braces into *pc; the query key is copied
 * to *text. */
static void field(struct tpl_piece *pc, const char *s, size_t n, char **text)
{
	int decode = n > 0 && s[0] == ':';
	const char *name = s + decode;
	size_t nn = n - (size_t)decode;

	pc->decode = decode;
	if (nn > 6 && memcmp(name, "query:", 6) == 0) {
		pc->kind = TPL_QUERY_KEY;
		pc->p = *text;
		pc->len = nn - 6;
		memcpy(*text, name + 6, nn - 6);
		*text += nn - 6;
		return;
	}
	if (!decode && named(name, nn, "url")) {
		pc->kind = TPL_URL;
		return;
	}
	if (!decode && named(name, nn, "host_type")) {
		pc->kind = TPL_HOST_TYPE;
		return;
	}
	for (unsigned k = 0; !decode && k < HI_COUNT; k++)
		if (named(name, nn, hi_names[k])) {
			pc->kind = TPL_HOST_INFO;
			pc->component = k;
			return;
		}
	if (!decode && named(name, nn, "default:port")) {
		pc->kind = TPL_DEFAULT_PORT;
		return;
	}
	pc->kind = TPL_COMPONENT;
	pc->component = component_named(name, nn);
	if (pc->component == URISCAN_COMPONENT_COUNT)
		cli_usage_error("unknown field '{%.*s}' in the template", (int)n, s);
}

void get_template_compile(struct get_template *t, const char *spec)
{
	size_t n = strlen(spec);
	char *text;
	const char *s = spec;

	memset(t, 0, sizeof *t);
	/* at most one piece per byte; the text is never longer than spec */
	t->v = cli_calloc(n + 1, sizeof *t->v);
	t->text = text = cli_malloc(n + 1);
	while (*s != '\0') {
		struct tpl_piece *pc = &t->v[t->n];

		if (s[0] == '{' && s[1] != '{') {
			const char *close = strchr(s + 1, '}');
			if (close == NULL)
				cli_usage_error("unterminated '{' in the template");
			pc->field = s;
			pc->field_len = (size_t)(close - s) + 1;
			field(pc, s + 1, (size_t)(close - s - 1), &text);
			t->n++;
			s = close + 1;
			continue;
		}
		if (s[0] == '}' && s[1] != '}')
			cli_usage_error("unmatched '}' in the template (write '}}')");
		/* literal text up to the next field */
		if (t->n == 0 || t->v[t->n - 1].kind != TPL_TEXT) {
			pc->kind = TPL_TEXT;
			pc->p = text;
			pc->len = 0;
			t->n++;
		}
		pc = &t->v[t->n - 1];
		if ((s[0] == '{' || s[0] == '}') && s[1] == s[0]) {
			*text++ = s[0];
			s += 2;
		} else if (s[0] == '\\' && (s[1] == 't' || s[1] == 'n' ||
		                            s[1] == '\\')) {
			*text++ = s[1] == 't' ? '\t' : s[1] == 'n' ? '\n' : '\\';
			s += 2;
		} else {
			*text++ = *s++;
		}
		pc->len++;
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].kind == TPL_HOST_INFO && t->hi == NULL)
			t->hi = cli_calloc(1, sizeof *t->hi);
}

void get_template_free(struct get_template *t)
{
	free(t->v);
	free(t->text);
	free(t->scratch);
	free(t->hi);
}

/* The query value of pc's key in u, or 0 when there is none. */
static int query_value(const struct tpl_piece *pc, const char *rec,
                       const struct uriscan_uri *u, struct uriscan_span *v)
{
	const struct uriscan_span *q = &u->part[URISCAN_QUERY];
	struct uriscan_query_pair p;
	int found = 0;

	if (!URISCAN_HAS(u, URISCAN_QUERY) ||
	    uriscan_query_get(rec + q->off, q->len, pc->p, pc->len,
	                      URISCAN_DECODE_PLUS, &found, &p) != URISCAN_OK ||
	    !found)
		return 0;
	v->off = q->off + (uint32_t)p.value.off;
	v->len = (uint32_t)p.value.len;
	return 1;
}

/* The port, or the scheme's default port into buf; its length or 0. */
static size_t port_text(const char *rec, const struct uriscan_uri *u,
                        char *buf, size_t cap, const char **p)
{
	const struct uriscan_span *port = &u->part[URISCAN_PORT];
	const struct uriscan_span *sc = &u->part[URISCAN_SCHEME];
	unsigned d;

	if (URISCAN_HAS(u, URISCAN_PORT) && port->len > 0) {
		*p = rec + port->off;
		return port->len;
	}
	if (!URISCAN_HAS(u, URISCAN_SCHEME))
		return 0;
	d = uriscan_scheme_default_port(rec + sc->off, sc->len);
	if (d == 0)
		return 0;
	*p = buf;
	return (size_t)snprintf(buf, cap, "%u", d);
}

/* Whether the record has pc's value. */
/* Whether the host_info field of pc has a value; and with out set, write
 * it. */
static int host_field(const struct tpl_piece *pc, const struct host_info *h,
                      int out)
{
	int addr = h->addr.family != URISCAN_IP_NONE;

	switch (pc->component) {
	case HI_IP:
		if (addr && out)
			out_str(h->ip);
		return addr;
	case HI_IP_CLASS:
		if (addr && out)
			out_str(uriscan_ip_class_name(h->addr.ip_class));
		return addr;
	case HI_SITE:
		if (out)
			out_bytes(h->site, h->site_len);
		return h->site_len > 0;
	case HI_BROWSER_HOST:
		if (out && h->browser_status == URISCAN_OK)
			out_bytes(h->browser, h->browser_len);
		return h->browser_status == URISCAN_OK;
	default: /* HI_FLAGS */
		if (out)
			host_info_out_flags(h->flags, ',');
		return h->flags != 0;
	}
}

static int has_field(const struct tpl_piece *pc, const char *rec,
                     const struct uriscan_uri *u, const struct host_info *hi)
{
	struct uriscan_span v;
	const char *p;
	char buf[16];

	switch (pc->kind) {
	case TPL_COMPONENT:
		return URISCAN_HAS(u, pc->component);
	case TPL_QUERY_KEY:
		return query_value(pc, rec, u, &v);
	case TPL_DEFAULT_PORT:
		return port_text(rec, u, buf, sizeof buf, &p) > 0;
	case TPL_HOST_TYPE:
		return u->host_type != URISCAN_HOST_NONE;
	case TPL_HOST_INFO:
		return host_field(pc, hi, 0);
	default:
		return 1;
	}
}

const struct tpl_piece *get_template_missing(const struct get_template *t,
                                             const char *rec, size_t len,
                                             const struct uriscan_uri *u)
{
	if (t->hi)
		host_info_fill(t->hi, u->grammar, rec, len);
	for (size_t i = 0; i < t->n; i++)
		if (!has_field(&t->v[i], rec, u, t->hi))
			return &t->v[i];
	return NULL;
}

/* Decoded bytes: a record delimiter (and CR with '\n') encoded again. */
static void out_decoded(const char *p, size_t n, char delim)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == (unsigned char)delim || (delim == '\n' && c == '\r')) {
			char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
			out_bytes(esc, 3);
		} else {
			out_char((char)c);
		}
	}
}

/* v of rec percent-decoded (lenient: a malformed escape stands for
 * itself), '+' as a space when plus. */
static void write_decoded(struct get_template *t, const char *rec,
                          struct uriscan_span v, int plus, char delim)
{
	size_t n = 0;
	unsigned flags = URISCAN_DECODE_LENIENT | (plus ? URISCAN_DECODE_PLUS : 0);

	if (t->scratch_cap < v.len) {
		t->scratch = cli_realloc(t->scratch, v.len);
		t->scratch_cap = v.len;
	}
	if (uriscan_percent_decode(rec + v.off, v.len, flags, t->scratch,
	                           t->scratch_cap, &n, NULL, NULL) == URISCAN_OK)
		out_decoded(t->scratch, n, delim);
}

void get_template_write(struct get_template *t, const char *rec, size_t len,
                        const struct uriscan_uri *u, char delim)
{
	if (t->hi)
		host_info_fill(t->hi, u->grammar, rec, len);
	for (size_t i = 0; i < t->n; i++) {
		const struct tpl_piece *pc = &t->v[i];
		struct uriscan_span v;
		const char *p = "";
		char buf[16];
		size_t n;

		switch (pc->kind) {
		case TPL_TEXT:
			out_bytes(pc->p, pc->len);
			break;
		case TPL_URL:
			out_bytes(rec, len);
			break;
		case TPL_HOST_TYPE:
			if (u->host_type != URISCAN_HOST_NONE)
				out_str(uriscan_host_type_name(u->host_type));
			break;
		case TPL_HOST_INFO:
			host_field(pc, t->hi, 1);
			break;
		case TPL_DEFAULT_PORT:
			n = port_text(rec, u, buf, sizeof buf, &p);
			out_bytes(p, n);
			break;
		case TPL_QUERY_KEY:
			if (query_value(pc, rec, u, &v))
				write_decoded(t, rec, v, 1, delim);
			break;
		case TPL_COMPONENT:
			if (!URISCAN_HAS(u, pc->component))
				break;
			v = u->part[pc->component];
			if (pc->decode)
				write_decoded(t, rec, v, 0, delim);
			else
				out_bytes(rec + v.off, v.len);
			break;
		}
	}
}
