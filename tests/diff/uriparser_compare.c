/* SPDX-License-Identifier: MIT */
/*
 * uriparser_compare.c: the comparison of one input of test_uriparser:
 * uriscan's RFC 3986 parser (uriscan_parse(URISCAN_RFC3986, ...), top rule
 * URI-reference) against uriparser's uriParseSingleUriExA.
 *
 * Both parsers must agree on validity, and for a valid input on every
 * component: presence (absent differs from empty) and text of scheme,
 * userinfo, host, port, path, query and fragment; the host type; the
 * authority text (rebuilt from uriparser's parts); the kind (URI when a
 * scheme is present, else relative-ref).
 *
 * Every input is copied into a heap block of exactly its length, so that
 * under AddressSanitizer a read past the end by either library is caught.
 *
 * No TAP test point is reported here (tap.h counts them per file): only
 * the diagnostics of the first differences of a set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "buf.h"
#include "tap.h"
#include "uriparser_compare.h"
#include "uriscan.h"

#define MAX_SHOWN 10

/* ------------------------------------------------------------------ */
/* One comparison                                                      */

/* Escape bytes for a diag line: printable ASCII as is, others \xHH. */
static void escape(char *out, size_t cap, const char *s, size_t n)
{
	size_t o = 0, i;
	const size_t max_in = 200;
	for (i = 0; i < n && i < max_in && o + 8 < cap; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') {
			out[o++] = '\\';
			out[o++] = '\\';
		} else if (c >= 0x20 && c < 0x7f) {
			out[o++] = (char)c;
		} else {
			o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
		}
	}
	if (i < n && o + 4 < cap) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
}

/* A component as (present, bytes). */
struct comp {
	int present;
	const char *p;
	size_t n;
};

static struct comp from_uriscan(const struct uriscan_uri *u, const char *s,
                                enum uriscan_component c)
{
	struct comp r = {0, NULL, 0};
	if (URISCAN_HAS(u, c)) {
		r.present = 1;
		r.p = s + u->part[c].off;
		r.n = u->part[c].len;
	}
	return r;
}

/* uriparser: first == NULL means absent. Empty components may point at a
 * static empty string outside the input, so only the length is trusted
 * for them. */
static struct comp from_uriparser(UriTextRangeA r)
{
	struct comp c = {0, NULL, 0};
	if (r.first != NULL) {
		c.present = 1;
		c.p = r.first;
		c.n = (size_t)(r.afterLast - r.first);
	}
	return c;
}

static int comp_eq(struct comp a, struct comp b)
{
	if (a.present != b.present)
		return 0;
	if (!a.present)
		return 1;
	return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0);
}

static void comp_show(char *out, size_t cap, struct comp c)
{
	size_t n;
	if (!c.present) {
		snprintf(out, cap, "(absent)");
		return;
	}
	out[0] = '\'';
	escape(out + 1, cap - 2, c.p, c.n);
	n = strlen(out);
	out[n] = '\'';
	out[n + 1] = '\0';
}

/*
 * Rebuild the path text from uriparser's segment list. uriparser keeps
 * the path as segments without their '/' separators:
 *  - with an authority (hostText present) every segment was preceded by a
 *    '/' (path-abempty = *( "/" segment )): "http://a/" is one empty
 *    segment, "http://a" none;
 *  - without one, absolutePath says whether the path starts with '/'
 *    ("/" is absolutePath with no segment), and the segments are joined
 *    with '/' ("a/" is "a" and an empty segment).
 */
static void uriparser_path(const UriUriA *u, struct buf *out)
{
	const UriPathSegmentA *seg;
	int authority = u->hostText.first != NULL;
	out->n = 0;
	buf_reserve(out, 1);
	if (!authority && u->absolutePath)
		buf_addc(out, '/');
	for (seg = u->pathHead; seg != NULL; seg = seg->next) {
		if (authority || seg != u->pathHead)
			buf_addc(out, '/');
		buf_add(out, seg->text.first,
		        (size_t)(seg->text.afterLast - seg->text.first));
	}
}

/* Rebuild the authority text [ userinfo "@" ] host [ ":" port ]. */
static void uriparser_authority(const UriUriA *u, struct buf *out)
{
	int bracket = u->hostData.ip6 != NULL || u->hostData.ipFuture.first != NULL;
	out->n = 0;
	buf_reserve(out, 1);
	if (u->userInfo.first != NULL) {
		buf_add(out, u->userInfo.first,
		        (size_t)(u->userInfo.afterLast - u->userInfo.first));
		buf_addc(out, '@');
	}
	if (bracket)
		buf_addc(out, '[');
	buf_add(out, u->hostText.first,
	        (size_t)(u->hostText.afterLast - u->hostText.first));
	if (bracket)
		buf_addc(out, ']');
	if (u->portText.first != NULL) {
		buf_addc(out, ':');
		buf_add(out, u->portText.first,
		        (size_t)(u->portText.afterLast - u->portText.first));
	}
}

static enum uriscan_host_type uriparser_host_type(const UriUriA *u)
{
	if (u->hostText.first == NULL)
		return URISCAN_HOST_NONE;
	if (u->hostData.ip4 != NULL)
		return URISCAN_HOST_IPV4;
	if (u->hostData.ip6 != NULL)
		return URISCAN_HOST_IPV6;
	if (u->hostData.ipFuture.first != NULL)
		return URISCAN_HOST_IPVFUTURE;
	return URISCAN_HOST_REGNAME;
}

/* The outcome of comparing one input. */
struct outcome {
	int us_ok, them_ok;
	int us_status, them_status;
	size_t us_errpos;
	enum uriscan_host_type host_type; /* uriscan's, when valid */
	long them_errpos;
	char what[1200]; /* the first differing field, described */
};

static struct buf path_buf, auth_buf;

/* 1 if uriscan's component x equals uriparser's y (named name; rebuilt:
 * uriparser's text was put together from its parts); else 0, o->what
 * describing the two. */
static int agree(struct outcome *o, const char *name, int rebuilt,
                 struct comp x, struct comp y)
{
	char a[500], b[500];

	if (comp_eq(x, y))
		return 1;
	comp_show(a, sizeof a, x);
	comp_show(b, sizeof b, y);
	snprintf(o->what, sizeof o->what, "%s: uriscan %s, uriparser %s%s",
	         name, a, rebuilt ? "(rebuilt) " : "", b);
	return 0;
}

/*
 * Compare one input; returns 1 when the parsers agree. When they differ,
 * o->what describes the first difference. s must not be NULL.
 */
static int compare_one(const char *s, size_t len, struct outcome *o)
{
	static const char *const names[] = {"scheme", "userinfo", "port",
	                                    "query", "fragment"};
	struct uriscan_uri u;
	UriUriA pu;
	const char *errpos = NULL;
	int same = 1;
	char a[500];

	memset(&pu, 0, sizeof pu);
	o->what[0] = '\0';
	o->us_status = uriscan_parse(URISCAN_RFC3986, s, len, 0, &u);
	o->them_status = uriParseSingleUriExA(&pu, s, s + len, &errpos);
	o->us_ok = o->us_status == URISCAN_OK;
	o->them_ok = o->them_status == URI_SUCCESS;
	o->us_errpos = u.error_offset;
	o->host_type = o->us_ok ? u.host_type : URISCAN_HOST_NONE;
	o->them_errpos = errpos != NULL ? (long)(errpos - s) : -1;

	if (o->us_ok != o->them_ok) {
		snprintf(o->what, sizeof o->what,
		         "validity: uriscan %s (%s at %zu), uriparser %s (%d at %ld)",
		         o->us_ok ? "valid" : "invalid",
		         uriscan_status_name(o->us_status), o->us_errpos,
		         o->them_ok ? "valid" : "invalid", o->them_status,
		         o->them_errpos);
		same = 0;
	} else if (o->us_ok) {
		const enum uriscan_component ours[] = {
		    URISCAN_SCHEME, URISCAN_USERINFO, URISCAN_PORT,
		    URISCAN_QUERY, URISCAN_FRAGMENT};
		const UriTextRangeA theirs[] = {pu.scheme, pu.userInfo,
		                                pu.portText, pu.query,
		                                pu.fragment};
		struct comp x, y;
		size_t i;
		enum uriscan_host_type ht = uriparser_host_type(&pu);
		enum uriscan_kind kind = pu.scheme.first != NULL
		                             ? URISCAN_KIND_URI
		                             : URISCAN_KIND_RELATIVE;

		for (i = 0; same && i < sizeof ours / sizeof ours[0]; i++) {
			x = from_uriscan(&u, s, ours[i]);
			y = from_uriparser(theirs[i]);
			same = agree(o, names[i], 0, x, y);
		}
		/* host: uriscan keeps an IP-literal's brackets (the RFC's
		 * host rule), uriparser's hostText does not. */
		if (same) {
			x = from_uriscan(&u, s, URISCAN_HOST);
			y = from_uriparser(pu.hostText);
			if ((u.host_type == URISCAN_HOST_IPV6 ||
			     u.host_type == URISCAN_HOST_IPVFUTURE) &&
			    x.present) {
				if (x.n >= 2 && x.p[0] == '[' &&
				    x.p[x.n - 1] == ']') {
					x.p++;
					x.n -= 2;
				} else {
					comp_show(a, sizeof a, x);
					snprintf(o->what, sizeof o->what,
					         "host: uriscan IP-literal %s "
					         "lacks its brackets",
					         a);
					same = 0;
				}
			}
			if (same)
				same = agree(o, "host", 0, x, y);
		}
		if (same && u.host_type != ht) {
			snprintf(o->what, sizeof o->what,
			         "host type: uriscan %s, uriparser %s",
			         uriscan_host_type_name(u.host_type),
			         uriscan_host_type_name(ht));
			same = 0;
		}
		if (same) {
			x = from_uriscan(&u, s, URISCAN_AUTHORITY);
			y.present = pu.hostText.first != NULL;
			y.p = NULL;
			y.n = 0;
			if (y.present) {
				uriparser_authority(&pu, &auth_buf);
				y.p = auth_buf.p;
				y.n = auth_buf.n;
			}
			same = agree(o, "authority", 1, x, y);
		}
		if (same) {
			/* The path is always present in a URI-reference. */
			x = from_uriscan(&u, s, URISCAN_PATH);
			uriparser_path(&pu, &path_buf);
			y.present = 1;
			y.p = path_buf.p;
			y.n = path_buf.n;
			same = agree(o, "path", 1, x, y);
		}
		if (same && u.kind != kind) {
			snprintf(o->what, sizeof o->what,
			         "kind: uriscan %s, uriparser %s",
			         uriscan_kind_name(u.kind),
			         uriscan_kind_name(kind));
			same = 0;
		}
	}
	if (o->them_ok)
		uriFreeUriMembersA(&pu);
	return same;
}

/* Run one input (copied into an exact-size heap block) and record it. */
void run_input(struct stats *st, const char *s, size_t len)
{
	struct outcome o;
	char *copy = malloc(len ? len : 1);

	if (copy == NULL) {
		fputs("out of memory\n", stderr);
		exit(99);
	}
	if (len)
		memcpy(copy, s, len);
	st->inputs++;
	if (compare_one(copy, len, &o)) {
		if (o.us_ok) {
			st->valid_both++;
			st->host_type[o.host_type]++;
		} else {
			st->invalid_both++;
		}
		free(copy);
		return;
	}
	st->diffs++;
	if (st->shown < MAX_SHOWN) {
		char esc[900];
		escape(esc, sizeof esc, copy, len);
		tap_diag("differs: \"%s\"", esc);
		tap_diag("    %s", o.what);
		st->shown++;
	}
	free(copy);
}

void compare_free(void)
{
	free(path_buf.p);
	free(auth_buf.p);
}
