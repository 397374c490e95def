/*
 * test_uriparser.c: differential test of uriscan's RFC 3986 parser
 * (uriscan_parse(URISCAN_RFC3986, ...), top rule URI-reference) against
 * uriparser's uriParseSingleUriExA (also an RFC 3986 URI-reference parser).
 *
 * Usage: test_uriparser URL_DIR RFC3986_EXAMPLES [N_GENERATED [SEED]]
 *
 * Input sets, one TAP point each:
 *   - every line of every *.txt file in URL_DIR (one point per file);
 *   - the example URIs of RFC 3986 (RFC3986_EXAMPLES, one per line);
 *   - deterministic generated inputs: token soup, structured URI-shaped
 *     strings (IPv6/IPvFuture/IPv4 edge cases, percent-escapes good and
 *     bad, bytes outside the grammar), and byte mutations of the real URLs.
 * A missing file or directory gives a TAP skip for its part.
 *
 * For each input both parsers must agree on validity, and for a valid
 * input on every component: presence (absent differs from empty) and text
 * of scheme, userinfo, host, port, path, query and fragment; the host type;
 * the authority text (rebuilt from uriparser's parts); the kind (URI when a
 * scheme is present, else relative-ref).
 *
 * Every input is copied into a heap block of exactly its length, so that
 * under AddressSanitizer a read past the end by either library is caught.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uriparser/Uri.h>

#include "tap.h"
#include "uriscan.h"

#define MAX_SHOWN 10

/* ------------------------------------------------------------------ */
/* Statistics of one input set                                         */

struct stats {
	unsigned long inputs;
	unsigned long valid_both;
	unsigned long invalid_both;
	unsigned long diffs;
	unsigned long shown;
	/* valid in both, by host type */
	unsigned long host_type[URISCAN_HOST_REGNAME + 1];
};

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

/* ------------------------------------------------------------------ */
/* One comparison                                                      */

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

/* A growable byte buffer. */
struct buf {
	char *p;
	size_t n, cap;
};

static void buf_reserve(struct buf *b, size_t need)
{
	if (b->cap >= need)
		return;
	while (b->cap < need)
		b->cap = b->cap ? b->cap * 2 : 256;
	b->p = realloc(b->p, b->cap);
	if (b->p == NULL) {
		fputs("out of memory\n", stderr);
		exit(99);
	}
}

static void buf_add(struct buf *b, const char *p, size_t n)
{
	buf_reserve(b, b->n + n + 1);
	if (n)
		memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void buf_addc(struct buf *b, char c) { buf_add(b, &c, 1); }

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
	char a[500], b[500];

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
			if (!comp_eq(x, y)) {
				comp_show(a, sizeof a, x);
				comp_show(b, sizeof b, y);
				snprintf(o->what, sizeof o->what,
				         "%s: uriscan %s, uriparser %s", names[i],
				         a, b);
				same = 0;
			}
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
			if (same && !comp_eq(x, y)) {
				comp_show(a, sizeof a, x);
				comp_show(b, sizeof b, y);
				snprintf(o->what, sizeof o->what,
				         "host: uriscan %s, uriparser %s", a, b);
				same = 0;
			}
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
			if (!comp_eq(x, y)) {
				comp_show(a, sizeof a, x);
				comp_show(b, sizeof b, y);
				snprintf(o->what, sizeof o->what,
				         "authority: uriscan %s, uriparser "
				         "(rebuilt) %s",
				         a, b);
				same = 0;
			}
		}
		if (same) {
			/* The path is always present in a URI-reference. */
			x = from_uriscan(&u, s, URISCAN_PATH);
			uriparser_path(&pu, &path_buf);
			y.present = 1;
			y.p = path_buf.p;
			y.n = path_buf.n;
			if (!comp_eq(x, y)) {
				comp_show(a, sizeof a, x);
				comp_show(b, sizeof b, y);
				snprintf(o->what, sizeof o->what,
				         "path: uriscan %s, uriparser (rebuilt) "
				         "%s",
				         a, b);
				same = 0;
			}
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
static void run_input(struct stats *st, const char *s, size_t len)
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

/* Emit the TAP point of one input set. */
static void report(const struct stats *st, const char *name)
{
	if (st->valid_both)
		tap_diag("%s: hosts of the valid inputs: none %lu, ipv4 %lu, "
		         "ipv6 %lu, ipvfuture %lu, reg-name %lu",
		         name, st->host_type[URISCAN_HOST_NONE],
		         st->host_type[URISCAN_HOST_IPV4],
		         st->host_type[URISCAN_HOST_IPV6],
		         st->host_type[URISCAN_HOST_IPVFUTURE],
		         st->host_type[URISCAN_HOST_REGNAME]);
	if (st->diffs > st->shown)
		tap_diag("%s: %lu more difference(s) not shown", name,
		         st->diffs - st->shown);
	tap_ok(st->inputs > 0 && st->diffs == 0,
	       "%s: %lu inputs, %lu valid in both, %lu invalid in both, "
	       "%lu differences",
	       name, st->inputs, st->valid_both, st->invalid_both, st->diffs);
}

/* ------------------------------------------------------------------ */
/* Input files                                                         */

/* All lines of all loaded files, for the mutation generator. */
struct lines {
	char **p;
	size_t *n;
	size_t count, cap;
	char **blocks; /* the file contents the lines point into */
	size_t n_blocks;
};

static void lines_free(struct lines *l)
{
	size_t i;
	for (i = 0; i < l->n_blocks; i++)
		free(l->blocks[i]);
	free(l->blocks);
	free(l->p);
	free(l->n);
}

static void lines_add(struct lines *l, char *p, size_t n)
{
	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		l->p = realloc(l->p, l->cap * sizeof *l->p);
		l->n = realloc(l->n, l->cap * sizeof *l->n);
		if (l->p == NULL || l->n == NULL) {
			fputs("out of memory\n", stderr);
			exit(99);
		}
	}
	l->p[l->count] = p;
	l->n[l->count] = n;
	l->count++;
}

/* Read a whole file; NULL if it cannot be read. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = {NULL, 0, 0};
	char tmp[65536];
	size_t got;

	if (f == NULL)
		return NULL;
	while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, got);
	if (ferror(f)) {
		fclose(f);
		free(b.p);
		return NULL;
	}
	fclose(f);
	buf_reserve(&b, 1);
	*len = b.n;
	return b.p;
}

/*
 * Run every line of a file ('\n'-separated; the text after the last '\n'
 * is a line only when not empty) and add the lines to *all.
 */
static int run_file(const char *path, const char *name, struct lines *all)
{
	size_t len = 0, start = 0, i;
	char *text = read_file(path, &len);
	struct stats st;

	if (text == NULL)
		return 0;
	memset(&st, 0, sizeof st);
	for (i = 0; i <= len; i++) {
		if (i == len && i == start)
			break;
		if (i == len || text[i] == '\n') {
			run_input(&st, text + start, i - start);
			if (all != NULL)
				lines_add(all, text + start, i - start);
			start = i + 1;
		}
	}
	report(&st, name);
	if (all != NULL) {
		all->blocks = realloc(all->blocks,
		                      (all->n_blocks + 1) * sizeof *all->blocks);
		if (all->blocks == NULL)
			exit(99);
		all->blocks[all->n_blocks++] = text;
	} else {
		free(text);
	}
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One TAP point per *.txt file of dir, in name order. */
static void run_url_dir(const char *dir, struct lines *all)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;

	if (d == NULL) {
		tap_skip("URL lists: directory not found");
		return;
	}
	while ((e = readdir(d)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 5 || strcmp(e->d_name + l - 4, ".txt") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = realloc(names, cap * sizeof *names);
			if (names == NULL)
				exit(99);
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	if (n == 0) {
		tap_skip("URL lists: no *.txt file in the directory");
		return;
	}
	qsort(names, n, sizeof *names, cmp_str);
	for (i = 0; i < n; i++) {
		size_t pl = strlen(dir) + strlen(names[i]) + 2;
		char *path = malloc(pl);
		char label[300];
		if (path == NULL)
			exit(99);
		snprintf(path, pl, "%s/%s", dir, names[i]);
		snprintf(label, sizeof label, "URL list %s", names[i]);
		if (!run_file(path, label, all))
			tap_ok(0, "URL list %s: cannot read", names[i]);
		free(path);
		free(names[i]);
	}
	free(names);
}

/* ------------------------------------------------------------------ */
/* Generated inputs                                                    */

static uint64_t rng_state;

/* splitmix64: deterministic across platforms for a given seed. */
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static unsigned rnd(unsigned n) { return (unsigned)(rng_next() % n); }

struct tok {
	const char *s;
	size_t n;
};
#define T(lit) {lit, sizeof(lit) - 1}
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Everything: delimiters, character classes, IP pieces, escapes, bytes
 * outside the grammar (including NUL). */
static const struct tok soup[] = {
    T(":"), T("/"), T("?"), T("#"), T("["), T("]"), T("@"), T("!"),
    T("$"), T("&"), T("'"), T("("), T(")"), T("*"), T("+"), T(","),
    T(";"), T("="), T("%"), T("//"), T("::"), T(":::"), T("://"),
    T("%41"), T("%7e"), T("%Af"), T("%00"), T("%4"), T("%g1"), T("%%"),
    T("%zz"), T("a"), T("Z"), T("v"), T("V"), T("x"), T("http"),
    T("a+b-c.d"), T("0"), T("1"), T("9"), T("25"), T("255"), T("256"),
    T("00"), T("01"), T("f"), T("F"), T("ffff"), T("FfFf0"), T("abcd"),
    T("v1."), T("vF."), T("V7."), T("v."), T("1.2.3.4"), T("0.0.0.0"),
    T("255.255.255.255"), T("256.1.1.1"), T("1.2.3"), T("1.2.3.4.5"),
    T("-"), T("."), T(".."), T("_"), T("~"), T(" "), T("\t"), T("\""),
    T("<"), T(">"), T("\\"), T("^"), T("`"), T("{"), T("|"), T("}"),
    T("\x7f"), T("\x80"), T("\xff"), T("\xc3\xa9"), T("\0"), T("\r"),
    T("\n"),
};

/* Tokens a userinfo, reg-name, segment, query or fragment may hold
 * (":" and "@" are not allowed everywhere: that is part of the test). */
static const struct tok pchars[] = {
    T("a"), T("b"), T("Z"), T("0"), T("7"), T("-"), T("."), T("_"),
    T("~"), T("!"), T("$"), T("&"), T("'"), T("("), T(")"), T("*"),
    T("+"), T(","), T(";"), T("="), T(":"), T("@"), T("%20"), T("%7E"),
    T("%aF"), T("www"), T("example"), T(".."),
};

/* Tokens that break most components. */
static const struct tok breakers[] = {
    T("%"), T("%2"), T("%G0"), T(" "), T("["), T("]"), T("\x80"), T("/"),
    T("?"), T("#"), T("\""), T("\0"),
};
static const struct tok octets[] = {
    T("0"), T("1"), T("9"), T("10"), T("99"), T("100"), T("199"),
    T("200"), T("249"), T("250"), T("255"), T("256"), T("260"), T("300"),
    T("00"), T("01"), T("099"), T("000"), T("1000"), T(""),
};

/* Ten valid schemes, then invalid ones. */
static const struct tok schemes[] = {
    T("http"), T("https"), T("ftp"), T("file"), T("x"), T("urn"),
    T("mailto"), T("a+b-c.d"), T("V1"), T("z9"), T("1a"), T("+a"),
    T("-"), T("h%41"), T("h_t"), T(""),
};

static void add_tok(struct buf *b, const struct tok *t)
{
	buf_add(b, t->s, t->n);
}

static void gen_soup(struct buf *b, const struct tok *set, size_t n_set,
                     unsigned max)
{
	unsigned k = rnd(max + 1), i;
	for (i = 0; i < k; i++)
		add_tok(b, &set[rnd((unsigned)n_set)]);
}

/* Mostly pchars, now and then a breaker. */
static void gen_part(struct buf *b, unsigned max)
{
	unsigned k = rnd(max + 1), i;
	for (i = 0; i < k; i++) {
		if (rnd(24) == 0)
			add_tok(b, &breakers[rnd((unsigned)COUNT(breakers))]);
		else
			add_tok(b, &pchars[rnd((unsigned)COUNT(pchars))]);
	}
}

static void gen_ipv4(struct buf *b)
{
	unsigned parts = rnd(10) == 0 ? 3 + rnd(3) : 4, i;
	for (i = 0; i < parts; i++) {
		if (i)
			buf_addc(b, '.');
		if (rnd(3) == 0)
			add_tok(b, &octets[rnd((unsigned)COUNT(octets))]);
		else
			add_tok(b, &octets[rnd(11)]); /* the valid ones */
	}
}

static void gen_h16(struct buf *b)
{
	static const char hex[] = "0123456789abcdefABCDEF";
	unsigned k = rnd(12) == 0 ? 5 : 1 + rnd(4), i;
	for (i = 0; i < k; i++)
		buf_addc(b, hex[rnd(sizeof hex - 1)]);
	if (rnd(40) == 0)
		buf_addc(b, "gG%.-"[rnd(5)]);
}

/* h16 pieces with at most one "::" (sometimes two), maybe an IPv4 tail. */
static void gen_ipv6(struct buf *b)
{
	unsigned pieces = rnd(10), i;
	unsigned gap = rnd(3) == 0 ? 99 : rnd(pieces + 1);
	unsigned gap2 = rnd(20) == 0 ? rnd(pieces + 1) : 99;
	int v4 = rnd(4) == 0;
	for (i = 0; i <= pieces; i++) {
		if (i == gap || i == gap2)
			buf_add(b, "::", 2);
		else if (i > 0 && i < pieces)
			buf_addc(b, ':');
		if (i == pieces)
			break;
		if (v4 && i == pieces - 1)
			gen_ipv4(b);
		else
			gen_h16(b);
	}
	if (rnd(30) == 0)
		buf_addc(b, ':');
	if (rnd(40) == 0)
		buf_add(b, "%25eth0", 7);
}

static void gen_ipvfuture(struct buf *b)
{
	static const char hex[] = "0123456789abcdefABCDEFg";
	unsigned k = rnd(4), i;
	buf_addc(b, rnd(2) ? 'v' : 'V');
	for (i = 0; i < k; i++)
		buf_addc(b, hex[rnd(sizeof hex - 1)]);
	if (rnd(8))
		buf_addc(b, '.');
	gen_part(b, 4);
}

static void gen_host(struct buf *b)
{
	switch (rnd(8)) {
	case 0:
	case 1:
		gen_part(b, 5);
		break;
	case 2:
		gen_ipv4(b);
		break;
	case 3:
	case 4:
		buf_addc(b, '[');
		gen_ipv6(b);
		if (rnd(20))
			buf_addc(b, ']');
		break;
	case 5:
		buf_addc(b, '[');
		gen_ipvfuture(b);
		if (rnd(20))
			buf_addc(b, ']');
		break;
	case 6:
		break; /* empty host */
	default:
		gen_soup(b, soup, COUNT(soup), 3);
		break;
	}
}

/* [scheme ":"] ["//" [userinfo "@"] host [":" port]] path ["?" q] ["#" f] */
static void gen_structured(struct buf *b)
{
	unsigned segs = rnd(5), i;
	int authority = rnd(10) < 6, slash;
	if (rnd(10) < 7) {
		unsigned k = rnd(8) == 0 ? rnd((unsigned)COUNT(schemes))
		                         : rnd(10);
		add_tok(b, &schemes[k]);
		buf_addc(b, ':');
	}
	if (authority) {
		buf_add(b, "//", 2);
		if (rnd(10) < 3) {
			gen_part(b, 4);
			buf_addc(b, '@');
		}
		gen_host(b);
		if (rnd(10) < 3) {
			buf_addc(b, ':');
			gen_soup(b, octets, COUNT(octets), 2);
			if (rnd(20) == 0)
				buf_addc(b, 'a');
		}
	}
	/* After an authority every segment starts with '/' (now and then
	 * not the first); without one, maybe a leading '/'. */
	slash = authority ? rnd(10) != 0 : rnd(2);
	for (i = 0; i < segs; i++) {
		if (i > 0 || slash)
			buf_addc(b, '/');
		gen_part(b, 3);
	}
	if (segs == 0 && !authority && rnd(3) == 0)
		buf_addc(b, '/');
	if (rnd(10) < 3) {
		buf_addc(b, '?');
		gen_part(b, 4);
		if (rnd(3) == 0)
			buf_add(b, "/?", 2);
	}
	if (rnd(10) < 3) {
		buf_addc(b, '#');
		gen_part(b, 4);
		if (rnd(3) == 0)
			buf_add(b, "?/", 2);
	}
}

/* Insert, delete or replace 1 to 3 bytes. */
static void mutate(struct buf *b)
{
	static const char interesting[] = ":/?#[]@!$&'()*+,;=%aZ09.-_~ \"<>\\^`"
	                                  "{|}\x7f\x80\xff";
	unsigned k = 1 + rnd(3), i;
	for (i = 0; i < k; i++) {
		unsigned op = rnd(3);
		size_t pos;
		char c = rnd(10) < 7 ? interesting[rnd(sizeof interesting - 1)]
		                     : (char)rnd(256);
		if (b->n == 0)
			op = 0;
		pos = rnd((unsigned)(b->n + (op == 0)));
		if (op == 0) { /* insert */
			buf_reserve(b, b->n + 2);
			memmove(b->p + pos + 1, b->p + pos, b->n - pos);
			b->p[pos] = c;
			b->n++;
		} else if (op == 1) { /* delete */
			memmove(b->p + pos, b->p + pos + 1, b->n - pos - 1);
			b->n--;
		} else { /* replace */
			b->p[pos] = c;
		}
	}
}

static void run_generated(unsigned long total, uint64_t seed,
                          const struct lines *real, const struct lines *rfc)
{
	struct buf b = {NULL, 0, 0};
	struct stats st;
	unsigned long n_soup = total / 4, n_struct = total * 3 / 8;
	unsigned long n_mut = total - n_soup - n_struct, i;
	char label[200];

	rng_state = seed;
	memset(&st, 0, sizeof st);
	for (i = 0; i < n_soup; i++) {
		b.n = 0;
		gen_soup(&b, soup, COUNT(soup), 12);
		run_input(&st, b.p ? b.p : "", b.n);
	}
	snprintf(label, sizeof label, "generated token soup (seed %llu)",
	         (unsigned long long)seed);
	report(&st, label);

	memset(&st, 0, sizeof st);
	for (i = 0; i < n_struct; i++) {
		b.n = 0;
		gen_structured(&b);
		if (rnd(4) == 0)
			mutate(&b);
		run_input(&st, b.p ? b.p : "", b.n);
	}
	snprintf(label, sizeof label,
	         "generated URI-shaped inputs (seed %llu)",
	         (unsigned long long)seed);
	report(&st, label);

	if (real->count == 0 && rfc->count == 0) {
		tap_skip("mutations of real URLs: no URL loaded");
	} else {
		memset(&st, 0, sizeof st);
		for (i = 0; i < n_mut; i++) {
			/* One in ten from the RFC examples (IP-literals,
			 * empty components), the rest from the URL lists. */
			const struct lines *l =
			    rfc->count && (real->count == 0 || rnd(10) == 0)
			        ? rfc
			        : real;
			size_t k = (size_t)(rng_next() % l->count);
			b.n = 0;
			buf_add(&b, l->p[k], l->n[k]);
			mutate(&b);
			run_input(&st, b.p ? b.p : "", b.n);
		}
		snprintf(label, sizeof label,
		         "mutations of real URLs (seed %llu)",
		         (unsigned long long)seed);
		report(&st, label);
	}
	free(b.p);
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	struct lines all = {NULL, NULL, 0, 0, NULL, 0};
	struct lines rfc = {NULL, NULL, 0, 0, NULL, 0};
	unsigned long total = 1000000;
	uint64_t seed = 3986;

	if (argc < 3) {
		fprintf(stderr,
		        "usage: %s URL_DIR RFC3986_EXAMPLES [N_GENERATED "
		        "[SEED]]\n",
		        argv[0]);
		return 2;
	}
	if (argc > 3)
		total = strtoul(argv[3], NULL, 10);
	if (argc > 4)
		seed = strtoull(argv[4], NULL, 10);

	tap_diag("uriparser %s vs uriscan %s", URI_VER_ANSI,
	         uriscan_version_string());
	run_url_dir(argv[1], &all);
	if (!run_file(argv[2], "RFC 3986 examples", &rfc))
		tap_skip("RFC 3986 examples: file not found");
	run_generated(total, seed, &all, &rfc);
	lines_free(&all);
	lines_free(&rfc);
	free(path_buf.p);
	free(auth_buf.p);
	return tap_done();
}
