/*
 * log_line.c: the Apache/nginx access-log line formats of `uriscan log`
 * (log.h): split a line, decode its quoted fields. Judges no URI and
 * prints nothing.
 *
 *   common:   %h %l %u %t "%r" %>s %b
 *   combined: common "%{Referer}i" "%{User-agent}i"
 *
 * Quoted fields hold the escapes both servers write (\" \\ \xHH, and
 * Apache's \b \n \r \t \v); they are decoded, and the offsets (in the
 * decoded field) of the bytes that came from an escape are recorded.
 */
#include <stdlib.h>
#include <string.h>

#include "byte_scan.h"
#include "cmd_log.h"
#include "report.h"

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

/* A quoted field at *p: decode it into out (room for e - *p bytes),
 * recording escape offsets in esc. Returns the decoded length, or -1 if
 * there is no closing quote. *p ends after the quote. */
static long quoted(const char **pp, const char *e, char *out, uint32_t *esc,
                   size_t *nesc)
{
	const char *p = *pp;
	size_t o = 0;
	*nesc = 0;
	if (p >= e || *p != '"')
		return -1;
	for (p++; p < e;) {
		/* the bytes up to the next quote or backslash, as they are */
		const char *q = (const char *)byte_scan_quote(
		    (const unsigned char *)p, (const unsigned char *)e);
		memcpy(out + o, p, (size_t)(q - p));
		o += (size_t)(q - p);
		p = q;
		if (p == e)
			break;
		if (*p == '"') {
			*pp = p + 1;
			return (long)o;
		}
		/* a backslash */
		if (p + 1 < e) {
			int used, byte = escape(p, e, &used);
			if (byte >= 0) {
				esc[(*nesc)++] = (uint32_t)o;
				out[o++] = (char)byte;
				p += used + 1;
				continue;
			}
		}
		out[o++] = *p++;
	}
	return -1;
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

static void reserve(struct log_fields *f, size_t len)
{
	if (len + 1 <= f->cap)
		return;
	log_fields_free(f);
	f->cap = len + 1;
	f->req = cli_calloc(f->cap, 1);
	f->ref = cli_calloc(f->cap, 1);
	f->req_esc = cli_calloc(f->cap, sizeof(uint32_t));
	f->ref_esc = cli_calloc(f->cap, sizeof(uint32_t));
}

/* The user agent: a quoted field that is not judged, last on the line. */
static const char *user_agent(const char *p, const char *e)
{
	const char *q = p;
	if (q >= e || *q != '"')
		return "user agent";
	/* to the closing quote, over each backslash and the byte after it */
	for (q++;;) {
		q = (const char *)byte_scan_quote((const unsigned char *)q,
		                                  (const unsigned char *)e);
		if (q >= e || *q == '"')
			break;
		q += q + 1 < e ? 2 : 1;
	}
	if (q >= e)
		return "user agent not quoted";
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

const char *log_line_split(enum logfmt fmt, const char *rec, size_t len,
                           struct log_fields *f)
{
	const char *p = rec, *e = rec + len, *a, *sa, *sb;

	reserve(f, len);
	f->fl = -1;
	f->has_ref = 0;
	if (!token(&p, e, &a) || !space(&p, e) || !token(&p, e, &a) ||
	    !space(&p, e) || !token(&p, e, &a) || !space(&p, e))
		return "host ident user";
	if (p >= e || *p != '[')
		return "no [time]";
	p = memchr(p, ']', (size_t)(e - p));
	if (p == NULL)
		return "no [time]";
	p++;
	if (!space(&p, e))
		return "after [time]";
	f->rl = quoted(&p, e, f->req, f->req_esc, &f->nreq_esc);
	if (f->rl < 0)
		return "request not quoted";
	if (!space(&p, e) || !token(&p, e, &sa))
		return "status bytes";
	sb = p;
	if (!space(&p, e) || !token(&p, e, &a))
		return "status bytes";
	if (!status_code(sa, sb, &f->status))
		return "status";
	if (p < e) {
		const char *why;
		if (fmt == FMT_COMMON)
			return "bytes after %b";
		if (!space(&p, e) ||
		    (f->fl = quoted(&p, e, f->ref, f->ref_esc, &f->nref_esc)) < 0 ||
		    !space(&p, e))
			return "referer";
		why = user_agent(p, e);
		if (why != NULL)
			return why;
		f->has_ref = !(f->fl == 1 && f->ref[0] == '-');
	} else if (fmt == FMT_COMBINED) {
		return "no referer, user agent";
	}
	return NULL;
}

void log_fields_free(struct log_fields *f)
{
	free(f->req);
	free(f->ref);
	free(f->req_esc);
	free(f->ref_esc);
}
