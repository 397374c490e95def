/* SPDX-License-Identifier: MIT */
/*
 * log_line.c: the Apache/nginx access-log line formats (log_line.h), for
 * `uriscan log` and the Python extension: split a line, decode its quoted
 * fields. Judges no URI, prints nothing, allocates nothing.
 *
 *   common:   %h %l %u %t "%r" %>s %b
 *   combined: common "%{Referer}i" "%{User-agent}i"
 *
 * Quoted fields hold the escapes both servers write (\" \\ \xHH, and
 * Apache's \b \n \r \t \v); they are decoded, and the offsets (in the
 * decoded field) of the bytes that came from an escape are recorded when
 * the caller gives room for them.
 */
#include <string.h>

#include "byte_scan.h"
#include "log_line.h"

static int hexv(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The byte of the escape at p ('\\' then p[1]..), its length after the
 * backslash in *used; -1 when it is no escape. */
static int escape(const char *p, const char *e, int *used)
{
	*used = 1;
	switch (p[1]) {
	case '"': return '"';
	case '\\': return '\\';
	case 'b': return '\b';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'v': return '\v';
	case 'x':
		if (p + 3 < e && hexv(p[2]) >= 0 && hexv(p[3]) >= 0) {
			*used = 3;
			return hexv(p[2]) * 16 + hexv(p[3]);
		}
		return -1;
	default:
		return -1;
	}
}

/* Decode [p, e) into out up to the first quote that no backslash escapes,
 * recording in esc (when not NULL) the offsets of the bytes that came from
 * an escape. Returns the decoded length; *end is the quote, or e. */
static inline __attribute__((always_inline)) size_t
decode(const char *p, const char *e, char *out, uint32_t *esc, size_t *nesc,
       const char **end)
{
	size_t o = 0, n = 0;

	while (p < e) {
		/* the bytes up to the next quote or backslash, as they are */
		const char *q = (const char *)frontend_scan_quote(
		    (const unsigned char *)p, (const unsigned char *)e);
		memcpy(out + o, p, (size_t)(q - p));
		o += (size_t)(q - p);
		p = q;
		if (p == e || *p == '"')
			break;
		/* a backslash */
		if (p + 1 < e) {
			int used, byte = escape(p, e, &used);
			if (byte >= 0) {
				if (esc != NULL)
					esc[n++] = (uint32_t)o;
				out[o++] = (char)byte;
				p += used + 1;
				continue;
			}
		}
		out[o++] = *p++;
	}
	if (nesc != NULL)
		*nesc = n;
	*end = p;
	return o;
}

size_t frontend_log_unquote(const char *p, const char *e, char *out)
{
	const char *end;
	/* a span of frontend_log_split holds no quote that no backslash
	 * escapes: decode stops at e */
	return decode(p, e, out, NULL, NULL, &end);
}

/* A quoted field at *pp: decode it into out (room for e - *pp bytes),
 * recording escape offsets in esc and its bytes as written in *raw.
 * Returns the decoded length, or -1 if there is no closing quote. *pp
 * ends after the quote. */
static long quoted(const char **pp, const char *e, const char *rec, char *out,
                   uint32_t *esc, size_t *nesc, struct frontend_log_span *raw)
{
	const char *p = *pp, *end;
	size_t o;

	*nesc = 0;
	if (p >= e || *p != '"')
		return -1;
	o = decode(p + 1, e, out, esc, nesc, &end);
	if (end == e)
		return -1;
	raw->off = (size_t)(p + 1 - rec);
	raw->len = (size_t)(end - p - 1);
	*pp = end + 1;
	return (long)o;
}

/* A run of non-space bytes at *p; 0 when it is empty. */
static int token(const char **pp, const char *e, const char **start)
{
	const char *p = *pp;
	*start = p;
	while (p < e && *p != ' ')
		p++;
	*pp = p;
	return p > *start;
}

static int space(const char **pp, const char *e)
{
	if (*pp < e && **pp == ' ') {
		(*pp)++;
		return 1;
	}
	return 0;
}

/* The user agent: a quoted field that is not decoded, last on the line;
 * its bytes between the quotes in *raw. *pp ends after its closing quote
 * (at e when there is none). */
static const char *user_agent(const char **pp, const char *e, const char *rec,
                              struct frontend_log_span *raw)
{
	const char *q = *pp;
	if (q >= e || *q != '"')
		return "user agent";
	/* to the closing quote, over each backslash and the byte after it */
	for (q++;;) {
		q = (const char *)frontend_scan_quote((const unsigned char *)q,
		                                  (const unsigned char *)e);
		if (q >= e || *q == '"')
			break;
		q += q + 1 < e ? 2 : 1;
	}
	if (q >= e) {
		*pp = e;
		return "user agent not quoted";
	}
	raw->off = (size_t)(*pp + 1 - rec);
	raw->len = (size_t)(q - *pp - 1);
	*pp = q + 1;
	if (q + 1 != e)
		return "bytes after user agent";
	return NULL;
}

/* The status: three digits, the first 1 to 5. */
static int status_code(const char *a, const char *b, unsigned *status)
{
	if (b - a != 3 || a[0] < '1' || a[0] > '5' || a[1] < '0' || a[1] > '9' ||
	    a[2] < '0' || a[2] > '9')
		return 0;
	*status = (unsigned)((a[0] - '0') * 100 + (a[1] - '0') * 10 +
	                     (a[2] - '0'));
	return 1;
}

static void span(struct frontend_log_span *sp, const char *rec, const char *a,
                 const char *b)
{
	sp->off = (size_t)(a - rec);
	sp->len = (size_t)(b - a);
}

/* The line is not in the format: why, stopped at p. */
#define FAIL(why)                                                              \
	do {                                                                       \
		f->stop = (size_t)(p - rec);                                           \
		return (why);                                                          \
	} while (0)

const char *frontend_log_split(enum frontend_log_format fmt, const char *rec, size_t len,
                           struct frontend_log_fields *f)
{
	const char *p = rec, *e = rec + len, *a, *sa, *sb;

	/* only what a line out of the format leaves set; the spans are set
	 * as they are read (resetting them all first cost `uriscan log`
	 * about 8 instructions a line) */
	f->fl = -1;
	f->rl = -1;
	f->has_ref = 0;
	f->nreq_esc = f->nref_esc = 0;
	if (f->cap <= len)
		FAIL("buffers too small");
	if (!token(&p, e, &a))
		FAIL("host ident user");
	span(&f->host, rec, a, p);
	if (!space(&p, e) || !token(&p, e, &a))
		FAIL("host ident user");
	span(&f->ident, rec, a, p);
	if (!space(&p, e) || !token(&p, e, &a))
		FAIL("host ident user");
	span(&f->user, rec, a, p);
	if (!space(&p, e))
		FAIL("host ident user");
	if (p >= e || *p != '[')
		FAIL("no [time]");
	a = memchr(p, ']', (size_t)(e - p));
	if (a == NULL)
		FAIL("no [time]");
	span(&f->time, rec, p + 1, a);
	p = a + 1;
	if (!space(&p, e))
		FAIL("after [time]");
	f->rl = quoted(&p, e, rec, f->req, f->req_esc, &f->nreq_esc, &f->request);
	if (f->rl < 0)
		FAIL("request not quoted");
	if (!space(&p, e) || !token(&p, e, &sa))
		FAIL("status bytes");
	sb = p;
	span(&f->status_s, rec, sa, sb);
	if (!space(&p, e) || !token(&p, e, &a))
		FAIL("status bytes");
	span(&f->size, rec, a, p);
	if (!status_code(sa, sb, &f->status)) {
		p = sa;
		FAIL("status");
	}
	if (p < e) {
		const char *why;
		if (fmt == FRONTEND_LOG_COMMON)
			FAIL("bytes after %b");
		if (!space(&p, e))
			FAIL("referer");
		f->fl = quoted(&p, e, rec, f->ref, f->ref_esc, &f->nref_esc,
		               &f->referer);
		if (f->fl < 0 || !space(&p, e))
			FAIL("referer");
		why = user_agent(&p, e, rec, &f->agent);
		if (why != NULL)
			FAIL(why);
		f->has_ref = !(f->fl == 1 && f->ref[0] == '-');
	} else if (fmt == FRONTEND_LOG_COMBINED) {
		FAIL("no referer, user agent");
	} else {
		f->referer.off = f->referer.len = 0;
		f->agent.off = f->agent.len = 0;
	}
	f->stop = 0;
	return NULL;
}
