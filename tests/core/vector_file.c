/* SPDX-License-Identifier: MIT */
/*
 * vector_file.c: reading one line of a grammar vector file (format: the
 * header of tests/vectors/rfc3986.tsv; the RFC 2396/1738 files add
 * form=RULE, KEY@OFFSET=VALUE and more keys) into a struct vcase for
 * test_vectors.c: the input unescaped, the expected components and the
 * offsets they must be at, or the expected status and its offset.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vec.h"
#include "uriscan.h"
#include "vector_file.h"

const char *const comp_key[NCOMP] = {
    "scheme",   "authority", "userinfo", "host",     "port",
    "path",     "query",     "fragment", "reg_name", "user",
    "password", "ftptype",   "gtype",    "selector", "gopher_plus",
    "group",    "article",   "database", "wtype",    "wpath",
    "fieldspecs", "address"};

static const struct {
	const char *name;
	int status;
} status_names[] = {
    {"syntax", URISCAN_E_SYNTAX},
    {"incomplete", URISCAN_E_INCOMPLETE},
    {"bad_percent", URISCAN_E_BAD_PERCENT},
    {"bad_char", URISCAN_E_BAD_CHAR},
    {"bad_utf8", URISCAN_E_BAD_UTF8},
};

static const struct {
	const char *name;
	enum uriscan_host_type t;
} host_type_names[] = {
    {"ipv4", URISCAN_HOST_IPV4},
    {"ipv6", URISCAN_HOST_IPV6},
    {"ipvfuture", URISCAN_HOST_IPVFUTURE},
    {"reg-name", URISCAN_HOST_REGNAME},
    {"hostname", URISCAN_HOST_HOSTNAME},
};

static const struct {
	const char *name;
	enum uriscan_kind k;
} kind_names[] = {
    {"uri", URISCAN_KIND_URI},
    {"relative-ref", URISCAN_KIND_RELATIVE},
};

/* ------------------------------------------------------------------ */
/* Reading vector files                                                */

/* The escapes of the vector files (tests/vec.h); raw bytes outside
 * 0x21..0x7e must be escaped. */
static long unescape(const char *s, unsigned char *out)
{
	return vec_unescape(s, out, 1);
}

static int comp_index(const char *key, size_t keylen)
{
	for (int c = 0; c < NCOMP; c++)
		if (strlen(comp_key[c]) == keylen &&
		    memcmp(comp_key[c], key, keylen) == 0)
			return c;
	return -1;
}

/* Parse "key=value key=value ..." (or "-" / "*"). */
static const char *parse_components(struct vcase *v, char *field)
{
	int seen_ht = 0, seen_kind = 0;
	if (strcmp(field, "*") == 0) {
		v->check_parts = 0;
		return NULL;
	}
	v->check_parts = 1;
	if (strcmp(field, "-") == 0)
		return NULL;
	for (char *w = strtok(field, " "); w; w = strtok(NULL, " ")) {
		char *eq = strchr(w, '=');
		if (eq == NULL)
			return "component word without '='";
		*eq = '\0';
		const char *val = eq + 1;
		if (strcmp(w, "host_type") == 0) {
			size_t i;
			for (i = 0; i < sizeof host_type_names / sizeof host_type_names[0]; i++)
				if (strcmp(val, host_type_names[i].name) == 0)
					break;
			if (seen_ht++ || i == sizeof host_type_names / sizeof host_type_names[0])
				return "bad or repeated host_type";
			v->host_type = host_type_names[i].t;
			continue;
		}
		if (strcmp(w, "form") == 0) {
			if (v->form != URISCAN_FORM_NONE ||
			    uriscan_rule_from_name(G, val, &v->form) != URISCAN_OK)
				return "bad or repeated form";
			continue;
		}
		if (strcmp(w, "kind") == 0) {
			size_t i;
			for (i = 0; i < sizeof kind_names / sizeof kind_names[0]; i++)
				if (strcmp(val, kind_names[i].name) == 0)
					break;
			if (seen_kind++ || i == sizeof kind_names / sizeof kind_names[0])
				return "bad or repeated kind";
			v->kind = kind_names[i].k;
			continue;
		}
		char *at = strchr(w, '@');
		if (at != NULL)
			*at = '\0';
		int c = comp_index(w, strlen(w));
		if (c < 0)
			return "unknown component name";
		if (at != NULL) {
			char *end;
			errno = 0;
			unsigned long off = strtoul(at + 1, &end, 10);
			if (errno || end == at + 1 || *end || off > UINT32_MAX)
				return "bad explicit offset";
			v->xoff[c] = (uint32_t)off;
			v->explicit_off |= 1u << c;
		}
		if (v->present & (1u << c))
			return "component given twice";
		long n = unescape(val, (unsigned char *)eq + 1);
		if (n < 0)
			return "bad escape in a component";
		v->present |= 1u << c;
		v->val[c] = (const unsigned char *)eq + 1;
		v->val_len[c] = (size_t)n;
	}
	return NULL;
}

/*
 * Where each expected component must start: the layout of RFC 3986 section
 * 3, [scheme ":"] ["//" authority] path ["?" query] ["#" fragment], with
 * authority = [userinfo "@"] host [":" port]. The authority rule starts with
 * its authority (no "//"); the host rule is just a host. Checks that the
 * input holds each expected value there (else the vector is inconsistent).
 */
static const char *check_layout(struct vcase *v);

static const char *derive_offsets(struct vcase *v)
{
	size_t pos = 0;
	uint32_t pr = v->present;
	/* RFC 1738's layout depends on the scheme: its vectors give every
	 * offset but the scheme's (KEY@OFFSET=VALUE) */
	if (G == URISCAN_RFC1738) {
		if ((pr & ~v->explicit_off) & ~(1u << URISCAN_SCHEME))
			return "rfc1738 vectors give each component's offset "
			       "(KEY@OFFSET=VALUE), the scheme's excepted";
		v->exp_off[URISCAN_SCHEME] = 0;
		return check_layout(v);
	}
#define HAS(c) ((pr >> (c)) & 1u)
	if (HAS(URISCAN_SCHEME)) {
		v->exp_off[URISCAN_SCHEME] = 0;
		pos = v->val_len[URISCAN_SCHEME] + 1;
	}
	if (HAS(URISCAN_AUTHORITY)) {
		if (v->rule != rule_authority)
			pos += 2; /* "//" */
		size_t a = pos;
		v->exp_off[URISCAN_AUTHORITY] = (uint32_t)a;
		if (HAS(URISCAN_USERINFO)) {
			v->exp_off[URISCAN_USERINFO] = (uint32_t)a;
			a += v->val_len[URISCAN_USERINFO] + 1;
		}
		if (HAS(URISCAN_HOST)) {
			v->exp_off[URISCAN_HOST] = (uint32_t)a;
			a += v->val_len[URISCAN_HOST];
		}
		if (HAS(URISCAN_PORT))
			v->exp_off[URISCAN_PORT] = (uint32_t)(a + 1);
		if (HAS(URISCAN_REG_NAME)) /* RFC 2396: all of the authority */
			v->exp_off[URISCAN_REG_NAME] = (uint32_t)pos;
		pos += v->val_len[URISCAN_AUTHORITY];
	} else if (HAS(URISCAN_HOST) || HAS(URISCAN_USERINFO) ||
	           HAS(URISCAN_PORT)) {
		if (HAS(URISCAN_USERINFO) || HAS(URISCAN_PORT) || pr != (1u << URISCAN_HOST))
			return "userinfo/port/host without authority";
		v->exp_off[URISCAN_HOST] = 0; /* the host rule */
	}
	if (HAS(URISCAN_PATH)) {
		v->exp_off[URISCAN_PATH] = (uint32_t)pos;
		pos += v->val_len[URISCAN_PATH];
	}
	if (HAS(URISCAN_QUERY)) {
		v->exp_off[URISCAN_QUERY] = (uint32_t)(pos + 1);
		pos += 1 + v->val_len[URISCAN_QUERY];
	}
	if (HAS(URISCAN_FRAGMENT))
		v->exp_off[URISCAN_FRAGMENT] = (uint32_t)(pos + 1);
#undef HAS
	return check_layout(v);
}

/* The input holds each expected value at its offset. */
static const char *check_layout(struct vcase *v)
{
	uint32_t pr = v->present;
	for (int c = 0; c < NCOMP; c++)
		if ((v->explicit_off >> c) & 1u)
			v->exp_off[c] = v->xoff[c];
	for (int c = 0; c < NCOMP; c++) {
		if (!(pr & (1u << c)))
			continue;
		if (v->exp_off[c] + v->val_len[c] > v->len ||
		    memcmp(v->input + v->exp_off[c], v->val[c], v->val_len[c]) != 0)
			return "expected components do not lay out the input "
			       "(vector inconsistent)";
	}
	return NULL;
}

/* Fill *v from one line (modified in place). NULL, or what is wrong. */
const char *parse_line(struct vcase *v, char *line)
{
	char *f[6];
	int n = 0;
	f[n++] = line;
	for (char *p = line; *p; p++) {
		if (*p == '\t') {
			*p = '\0';
			if (n == 6)
				return "too many fields";
			f[n++] = p + 1;
		}
	}
	if (n != 4 && n != 5)
		return "needs 4 or 5 tab-separated fields";
	v->form = URISCAN_FORM_NONE;
	if (strcmp(f[0], "valid") == 0)
		v->valid = 1;
	else if (strcmp(f[0], "invalid") == 0)
		v->valid = 0;
	else
		return "verdict must be valid or invalid";
	v->rule_name = f[1];
	if (uriscan_rule_from_name(G, f[1], &v->rule) !=
	    URISCAN_OK)
		return "unknown rule name";
	v->text = f[2];
	size_t tl = strlen(f[2]);
	v->input = malloc(tl + 1);
	if (v->input == NULL)
		return "out of memory";
	long len = unescape(f[2], v->input);
	if (len < 0)
		return "bad escape (or a raw byte that needs one) in the input";
	v->len = (size_t)len;
	if (v->valid) {
		const char *err = parse_components(v, f[3]);
		if (err)
			return err;
		if (v->check_parts && (err = derive_offsets(v)) != NULL)
			return err;
	} else {
		char *at = strchr(f[3], '@');
		char *end;
		size_t i;
		if (at == NULL)
			return "invalid case needs status@offset";
		*at = '\0';
		for (i = 0; i < sizeof status_names / sizeof status_names[0]; i++)
			if (strcmp(f[3], status_names[i].name) == 0)
				break;
		if (i == sizeof status_names / sizeof status_names[0])
			return "unknown status name";
		v->status = status_names[i].status;
		errno = 0;
		unsigned long long off = strtoull(at + 1, &end, 10);
		if (errno || end == at + 1 || *end || off > v->len)
			return "bad error offset";
		v->offset = (size_t)off;
		if ((v->status == URISCAN_E_INCOMPLETE) != (v->offset == v->len))
			return "incomplete iff the offset is the input length";
	}
	return NULL;
}
