/* SPDX-License-Identifier: MIT */
/*
 * get_template.h: the TEMPLATE of `uriscan get` and `parse --get`: compiled
 * once (an unknown field is a usage error), then filled for each parsed
 * record. Output only through output.h; no reading.
 */
#ifndef URISCAN_CLI_GET_TEMPLATE_H
#define URISCAN_CLI_GET_TEMPLATE_H

#include <stddef.h>

#include "uriscan.h"

struct host_info;

enum tpl_kind {
	TPL_TEXT,         /* literal bytes */
	TPL_COMPONENT,    /* {host}, {:host} (decoded) */
	TPL_URL,          /* {url}: the whole record */
	TPL_QUERY_KEY,    /* {query:KEY}: the decoded value of KEY */
	TPL_DEFAULT_PORT, /* {default:port} */
	TPL_HOST_TYPE,    /* {host_type} */
	TPL_HOST_INFO,    /* {ip} {ip_class} {site} {browser_host} {flags}:
	                     host_info.h; which one in component */
};

struct tpl_piece {
	enum tpl_kind kind;
	unsigned component; /* TPL_COMPONENT */
	int decode;         /* TPL_COMPONENT: {:NAME} */
	const char *p;      /* TPL_TEXT: the text; TPL_QUERY_KEY: the key */
	size_t len;
	const char *field;  /* the field as written, "{...}", for messages */
	size_t field_len;
};

struct get_template {
	struct tpl_piece *v;
	size_t n;
	char *text; /* the literal text and keys, unescaped (owned) */
	char *scratch; /* room for one decoded value */
	size_t scratch_cap;
	struct host_info *hi; /* when a TPL_HOST_INFO field is used (owned) */
};

/* Compile spec; a malformed template or an unknown field is a usage error
 * (report.h, exit 2). */
void get_template_compile(struct get_template *t, const char *spec);
void get_template_free(struct get_template *t);

/* The first field of t that record rec[0, len), parsed into u, lacks (as a
 * piece), or NULL when it has them all. */
const struct tpl_piece *get_template_missing(const struct get_template *t,
                                             const char *rec, size_t len,
                                             const struct uriscan_uri *u);

/* Write t filled from the record (an absent field prints nothing), without
 * the record delimiter. A decoded byte equal to the record delimiter delim
 * (and with '\n' also '\r') is written percent-encoded again ("%0A", "%0D",
 * "%00"), so that one record stays one record. */
void get_template_write(struct get_template *t, const char *rec, size_t len,
                        const struct uriscan_uri *u, char delim);

#endif
