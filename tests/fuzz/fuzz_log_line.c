/* SPDX-License-Identifier: MIT */
/*
 * fuzz_log_line.c: the access-log line splitter shared by `uriscan log` and
 * the Python extension (src/frontend/log_line.h) on any bytes. No state carried
 * from one input to the next; no timing.
 *
 * Input: byte 0 is ignored (kept for a later choice, as the other targets'
 * header); then the line, split in all three formats. Every buffer is of
 * the exact size log_line.h asks for, so ASan sees a read or write past
 * it.
 *
 * Checked for every line, in each of the three formats:
 *  - buffers of the line's length (one byte short): "buffers too small";
 *  - a line not in the format: a reason of the list, stop <= len, nothing
 *    past the line read;
 *  - a line in the format is rebuilt exactly from its spans: host SP ident
 *    SP user SP "[" time "]" SP '"' request '"' SP status SP size, then for
 *    combined SP '"' referer '"' SP '"' agent '"'; host, ident, user,
 *    status and size hold no space and are not empty, time no "]";
 *  - the status is three digits, 100 to 599, and its value;
 *  - a quoted field decoded: frontend_log_unquote of its span gives the same bytes;
 *    rl + n <= its span <= rl + 3n for its n escapes, whose offsets
 *    increase and lie inside it; has_ref when the referer is not "-";
 *  - auto takes the line exactly when common or combined does, as one of
 *    them (no referer exactly for common);
 *  - without escape offsets (req_esc, ref_esc NULL), the same split.
 */
#include "fuzz.h"

#include "log_line.h"

static const char *const fuzz_log_whys[] = {
    "buffers too small", "host ident user", "no [time]", "after [time]",
    "request not quoted", "status bytes", "status", "bytes after %b",
    "referer", "user agent", "user agent not quoted",
    "bytes after user agent", "no referer, user agent", NULL};

struct fuzz_log_bufs {
	struct frontend_log_fields f;
	char *scratch; /* frontend_log_unquote's output */
};

static void fuzz_log_alloc(struct fuzz_log_bufs *b, size_t cap)
{
	memset(b, 0, sizeof *b);
	b->f.cap = cap;
	/* malloc(0) may be NULL: one byte at least, the cap unchanged */
	b->f.req = malloc(cap ? cap : 1);
	b->f.ref = malloc(cap ? cap : 1);
	b->scratch = malloc(cap ? cap : 1);
	b->f.req_esc = malloc((cap ? cap : 1) * sizeof(uint32_t));
	b->f.ref_esc = malloc((cap ? cap : 1) * sizeof(uint32_t));
	FUZZ_ASSERT(b->f.req && b->f.ref && b->scratch && b->f.req_esc &&
	                b->f.ref_esc,
	            "out of memory");
}

static void fuzz_log_free(struct fuzz_log_bufs *b)
{
	free(b->f.req);
	free(b->f.ref);
	free(b->scratch);
	free(b->f.req_esc);
	free(b->f.ref_esc);
}

/* A token field: not empty, no space. */
static void fuzz_log_token(const char *s, struct frontend_log_span sp, const char *name)
{
	FUZZ_ASSERT(sp.len > 0, "%s is empty", name);
	FUZZ_ASSERT(memchr(s + sp.off, ' ', sp.len) == NULL, "a space in %s", name);
}

/* A quoted field: its span decodes to the field, its escapes fit. */
static void fuzz_log_quoted(const char *s, struct frontend_log_span sp, const char *dec,
                            long dl, const uint32_t *esc, size_t n,
                            char *scratch, const char *name)
{
	size_t k = frontend_log_unquote(s + sp.off, s + sp.off + sp.len, scratch);

	FUZZ_ASSERT(dl >= 0 && (size_t)dl == k && memcmp(dec, scratch, k) == 0,
	            "%s: decoded %ld bytes, frontend_log_unquote %zu", name, dl, k);
	FUZZ_ASSERT((size_t)dl + n <= sp.len && sp.len <= (size_t)dl + 3 * n,
	            "%s: %zu bytes written, %ld decoded, %zu escapes", name,
	            sp.len, dl, n);
	for (size_t i = 0; i < n; i++)
		FUZZ_ASSERT(esc[i] < (size_t)dl && (i == 0 || esc[i] > esc[i - 1]),
		            "%s: escape %zu at %u", name, i, esc[i]);
}

/* Append [p, p + n) to out at *at (out has room for len bytes). */
static void fuzz_log_put(char *out, size_t *at, size_t len, const char *p,
                         size_t n)
{
	FUZZ_ASSERT(*at + n <= len, "the spans rebuild more than the line");
	memcpy(out + *at, p, n);
	*at += n;
}

static void fuzz_log_rebuild(const char *s, size_t len, const struct frontend_log_fields *f,
                             char *out)
{
	size_t at = 0;
#define PUT_(lit) fuzz_log_put(out, &at, len, lit, sizeof lit - 1)
#define SPAN_(sp) fuzz_log_put(out, &at, len, s + (sp).off, (sp).len)
	SPAN_(f->host); PUT_(" "); SPAN_(f->ident); PUT_(" "); SPAN_(f->user);
	PUT_(" ["); SPAN_(f->time); PUT_("] \""); SPAN_(f->request);
	PUT_("\" "); SPAN_(f->status_s); PUT_(" "); SPAN_(f->size);
	if (f->fl >= 0) {
		PUT_(" \""); SPAN_(f->referer); PUT_("\" \""); SPAN_(f->agent);
		PUT_("\"");
	}
#undef PUT_
#undef SPAN_
	FUZZ_ASSERT(at == len && memcmp(out, s, len) == 0,
	            "the spans rebuild %zu bytes, not the line's %zu", at, len);
}

/* One format: returns 1 (in the format, fl >= 0 for combined) or 0. */
static int fuzz_log_one(enum frontend_log_format fmt, const char *s, size_t len, int *combined)
{
	struct fuzz_log_bufs b;
	const char *why;
	size_t i;

	/* one byte short */
	fuzz_log_alloc(&b, len);
	why = frontend_log_split(fmt, s, len, &b.f);
	FUZZ_ASSERT(why != NULL && strcmp(why, "buffers too small") == 0 &&
	                b.f.stop == 0,
	            "buffers of %zu bytes for a line of %zu: %s", len, len,
	            why ? why : "taken");
	fuzz_log_free(&b);

	fuzz_log_alloc(&b, len + 1);
	why = frontend_log_split(fmt, s, len, &b.f);
	if (why != NULL) {
		for (i = 0; fuzz_log_whys[i] && strcmp(fuzz_log_whys[i], why); i++)
			;
		FUZZ_ASSERT(fuzz_log_whys[i] != NULL, "unknown reason %s", why);
		FUZZ_ASSERT(b.f.stop <= len, "stopped at %zu of %zu", b.f.stop, len);
		fuzz_log_free(&b);
		return 0;
	}
	const struct frontend_log_fields *f = &b.f;
	fuzz_log_token(s, f->host, "host");
	fuzz_log_token(s, f->ident, "ident");
	fuzz_log_token(s, f->user, "user");
	fuzz_log_token(s, f->status_s, "status");
	fuzz_log_token(s, f->size, "size");
	FUZZ_ASSERT(memchr(s + f->time.off, ']', f->time.len) == NULL,
	            "a ] in the time");
	const char *st = s + f->status_s.off;
	FUZZ_ASSERT(f->status_s.len == 3 && st[0] >= '1' && st[0] <= '5' &&
	                st[1] >= '0' && st[1] <= '9' && st[2] >= '0' &&
	                st[2] <= '9' &&
	                f->status == (unsigned)((st[0] - '0') * 100 +
	                                        (st[1] - '0') * 10 + st[2] - '0'),
	            "status %u", f->status);
	fuzz_log_quoted(s, f->request, f->req, f->rl, f->req_esc, f->nreq_esc,
	                b.scratch, "request");
	*combined = f->fl >= 0;
	FUZZ_ASSERT(fmt != FRONTEND_LOG_COMMON || !*combined, "a referer in common");
	FUZZ_ASSERT(fmt != FRONTEND_LOG_COMBINED || *combined, "no referer in combined");
	if (*combined) {
		fuzz_log_quoted(s, f->referer, f->ref, f->fl, f->ref_esc, f->nref_esc,
		                b.scratch, "referer");
		FUZZ_ASSERT(f->has_ref == !(f->fl == 1 && f->ref[0] == '-'),
		            "has_ref %d", f->has_ref);
		/* the agent ends at the first quote no backslash escapes */
		for (i = 0; i < f->agent.len; i++) {
			char c = s[f->agent.off + i];
			FUZZ_ASSERT(c != '"', "an unescaped quote in the agent at %zu", i);
			if (c == '\\')
				i++;
		}
		FUZZ_ASSERT(i == f->agent.len, "the agent ends on a backslash");
	} else {
		FUZZ_ASSERT(!f->has_ref && f->agent.len == 0 && f->referer.len == 0,
		            "common with a referer or agent");
	}
	fuzz_log_rebuild(s, len, f, b.scratch);

	/* without the escapes' offsets: the same fields, none recorded */
	struct frontend_log_fields g = *f;
	g.req_esc = g.ref_esc = NULL;
	FUZZ_ASSERT(frontend_log_split(fmt, s, len, &g) == NULL && g.rl == f->rl &&
	                g.fl == f->fl && g.nreq_esc == 0 && g.nref_esc == 0 &&
	                g.agent.off == f->agent.off && g.agent.len == f->agent.len,
	            "the split differs without escape offsets");
	fuzz_log_free(&b);
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s;
	size_t len;
	int ca = -1, cc = -1, cb = -1, a, c, b;

	if (size == 0)
		return 0;
	s = (const char *)data + 1;
	len = size - 1;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;
	c = fuzz_log_one(FRONTEND_LOG_COMMON, s, len, &cc);
	b = fuzz_log_one(FRONTEND_LOG_COMBINED, s, len, &cb);
	a = fuzz_log_one(FRONTEND_LOG_AUTO, s, len, &ca);
	FUZZ_ASSERT(a == (c || b), "auto %d, common %d, combined %d", a, c, b);
	FUZZ_ASSERT(!a || ca == b, "auto took it as %s",
	            ca ? "combined" : "common");
	return 0;
}
