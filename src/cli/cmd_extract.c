/*
 * cmd_extract.c: `uriscan extract`, URLs found in any bytes (logs, mail,
 * captures), with the streaming extractor of uriscan.h.
 *
 *   uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [--count]
 *                   [--unique] [--top N] [-j N] [--no-trim] [--opaque[=LIST]]
 *                   [--max-length=N] [FILE...]
 *
 * Input is read in blocks into one buffer and fed to one extractor per FILE
 * (constant memory). With -j N > 1 a regular file is mapped and cut into
 * blocks that end after a newline; N threads extract the blocks of a round
 * (matches only: offset, length, line), and the main thread prints them in
 * order through the same code as -j 1, so the output is the same. That is
 * exact because no match and no scheme contains a newline (it is in no
 * grammar), so every match lies inside one block. The manual is uriscan.1.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "uriscan.h"

#include "args.h"
#include "commands.h"
#include "output.h"

#define EXIT_NONE 1
#define EXIT_TROUBLE 2
#define READ_SIZE ((size_t)1 << 20)
#define BLOCK_MIN ((size_t)1 << 20)
#define BLOCK_MAX ((size_t)16 << 20)

enum xformat { XF_TSV, XF_JSONL };
enum xmode { XM_LIST, XM_ONLY, XM_COUNT, XM_UNIQUE, XM_TOP };

struct xopts {
	const char *grammar;
	enum xformat format;
	enum xmode mode;
	unsigned long top;
	unsigned long jobs;
	struct uriscan_extract_options ex;
	char **files;
	int nfiles;
};

/* ------------------------------------------------------------------ */
/* A set of byte strings with counts (--unique, --top)                 */

struct entry {
	char *key;
	size_t len;
	uint64_t count;
	uint64_t order;
};

struct set {
	struct entry *v;
	size_t cap, n;
};

static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL) {
		out_flush();
		fputs("uriscan: out of memory\n", stderr);
		exit(EXIT_TROUBLE);
	}
	return p;
}

/* Add one occurrence; returns 1 when the key is new. */
static int set_add(struct set *s, const char *k, size_t n)
{
	size_t i;

	if (2 * (s->n + 1) > s->cap) {
		struct set t = {0};
		t.cap = s->cap ? 2 * s->cap : 1024;
		t.v = xmalloc(t.cap * sizeof *t.v);
		memset(t.v, 0, t.cap * sizeof *t.v);
		for (size_t j = 0; j < s->cap; j++) {
			if (s->v[j].key == NULL)
				continue;
			i = hash(s->v[j].key, s->v[j].len) & (t.cap - 1);
			while (t.v[i].key != NULL)
				i = (i + 1) & (t.cap - 1);
			t.v[i] = s->v[j];
		}
		t.n = s->n;
		free(s->v);
		*s = t;
	}
	i = hash(k, n) & (s->cap - 1);
	while (s->v[i].key != NULL) {
		if (s->v[i].len == n && memcmp(s->v[i].key, k, n) == 0) {
			s->v[i].count++;
			return 0;
		}
		i = (i + 1) & (s->cap - 1);
	}
	s->v[i].key = xmalloc(n);
	memcpy(s->v[i].key, k, n);
	s->v[i].len = n;
	s->v[i].count = 1;
	s->v[i].order = s->n++;
	return 1;
}

static int by_count(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	c = memcmp(x->key, y->key, n);
	if (c != 0)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* ------------------------------------------------------------------ */
/* Printing one match (shared by -j 1 and -j N)                        */

struct xrun {
	struct xopts *o;
	enum uriscan_grammar g;
	const char *label; /* the FILE operand, "-" for standard input */
	int label_column;  /* TSV: print the FILE column (several FILEs) */
	uint64_t matches;
	struct set set;
};

/* The generic components (scheme .. fragment) are always printed, as null
 * when absent; a grammar-specific one only when present. */
#define XCOMP_GENERIC (URISCAN_FRAGMENT + 1)

/* m->uri must hold the components unless the match is truncated. */
static void emit(struct xrun *r, const struct uriscan_match *m, uint64_t line)
{
	r->matches++;
	switch (r->o->mode) {
	case XM_COUNT:
		return;
	case XM_UNIQUE:
		if (set_add(&r->set, m->bytes, m->nbytes)) {
			out_tsv_field(m->bytes, m->nbytes);
			out_char('\n');
			out_end_record();
		}
		return;
	case XM_TOP: {
		char host[1024];
		const struct uriscan_span *h = &m->uri.part[URISCAN_HOST];
		size_t n = h->len < sizeof host ? h->len : sizeof host;
		if (!URISCAN_HAS(&m->uri, URISCAN_HOST))
			return;
		for (size_t i = 0; i < n; i++) {
			char c = m->bytes[h->off + i];
			host[i] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
		}
		set_add(&r->set, host, n);
		return;
	}
	case XM_ONLY:
		out_tsv_field(m->bytes, m->nbytes);
		out_char('\n');
		out_end_record();
		return;
	case XM_LIST:
		break;
	}
	if (r->o->format == XF_TSV) {
		if (r->label_column) {
			out_tsv_field(r->label, strlen(r->label));
			out_char('\t');
		}
		out_u64(m->offset);
		out_char('\t');
		out_u64(m->length);
		out_char('\t');
		out_tsv_field(m->bytes, m->nbytes);
		out_char('\n');
		out_end_record();
		return;
	}
	OUT_LIT("{\"file\":");
	out_json_string(r->label, strlen(r->label));
	OUT_LIT(",\"line\":");
	out_u64(line);
	OUT_LIT(",\"offset\":");
	out_u64(m->offset);
	OUT_LIT(",\"length\":");
	out_u64(m->length);
	OUT_LIT(",\"truncated\":");
	if (m->flags & URISCAN_MATCH_TRUNCATED)
		OUT_LIT("true");
	else
		OUT_LIT("false");
	OUT_LIT(",\"url\":");
	out_json_string(m->bytes, m->nbytes);
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		if (c >= XCOMP_GENERIC && !URISCAN_HAS(&m->uri, c))
			continue;
		OUT_LIT(",\"");
		out_str(uriscan_component_name(c));
		OUT_LIT("\":");
		if (URISCAN_HAS(&m->uri, c))
			out_json_string(m->bytes + m->uri.part[c].off,
			                m->uri.part[c].len);
		else
			OUT_LIT("null");
	}
	OUT_LIT(",\"host_type\":");
	out_json_name(m->uri.host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(m->uri.host_type)
	                  : NULL);
	OUT_LIT("}\n");
	out_end_record();
}

static int need_components(const struct xopts *o)
{
	return o->mode == XM_TOP || (o->mode == XM_LIST && o->format == XF_JSONL);
}

/* Lines: number of '\n' in [p, p + n). */
static uint64_t count_nl(const char *p, size_t n)
{
	uint64_t k = 0;
	const char *e = p + n;
	while (p < e && (p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		k++;
		p++;
	}
	return k;
}

/* ------------------------------------------------------------------ */
/* -j 1: stream a file descriptor                                      */

static int extract_fd(struct xrun *r, uriscan_extractor *x, int fd, char *buf)
{
	struct uriscan_match m;
	uint64_t pos = 0, lines = 0; /* newlines before pos */

	uriscan_extractor_reset(x);
	for (;;) {
		ssize_t got = read(fd, buf, READ_SIZE);
		size_t cur = 0;      /* newlines counted in buf[0, cur) */
		uint64_t here = lines;
		if (got < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (got == 0)
			break;
		uriscan_extractor_feed(x, buf, (size_t)got);
		while (uriscan_extractor_next(x, &m)) {
			uint64_t line = lines + 1;
			if (m.offset >= pos) {
				/* no match holds a newline, and one that began in
				 * an earlier block has none before this block */
				size_t at = (size_t)(m.offset - pos);
				if (at > cur) {
					here += count_nl(buf + cur, at - cur);
					cur = at;
				}
				line = here + 1;
			}
			emit(r, &m, line);
		}
		lines += count_nl(buf, (size_t)got);
		pos += (uint64_t)got;
	}
	uriscan_extractor_finish(x);
	while (uriscan_extractor_next(x, &m))
		emit(r, &m, lines + 1);
	return 0;
}

/* ------------------------------------------------------------------ */
/* -j N: blocks of a mapped regular file                               */

struct found {
	uint64_t off, len, line; /* line: newlines before it in the block */
	size_t nbytes;
	unsigned flags;
	uint32_t scheme_len;
};

struct block {
	const struct xopts *o;
	enum uriscan_grammar g;
	const char *base; /* the mapping */
	size_t start, end;
	struct found *f;
	size_t n, cap;
	uint64_t newlines;
	size_t cur;
	uint64_t here;
	int failed;
};

static int block_cb(void *u, const struct uriscan_match *m)
{
	struct block *b = u;
	const char *s = b->base + b->start;
	size_t at = (size_t)m->offset;

	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 1024;
		struct found *f = realloc(b->f, cap * sizeof *f);
		if (f == NULL) {
			b->failed = 1;
			return 1;
		}
		b->f = f;
		b->cap = cap;
	}
	if (at > b->cur) {
		b->here += count_nl(s + b->cur, at - b->cur);
		b->cur = at;
	}
	b->f[b->n].off = b->start + m->offset;
	b->f[b->n].len = m->length;
	b->f[b->n].line = b->here;
	b->f[b->n].nbytes = m->nbytes;
	b->f[b->n].flags = m->flags;
	b->f[b->n].scheme_len = m->scheme_len;
	b->n++;
	return 0;
}

static void *block_run(void *arg)
{
	struct block *b = arg;
	struct uriscan_extract_options ex = b->o->ex;

	ex.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	b->n = 0;
	b->cur = 0;
	b->here = 0;
	if (uriscan_extract(b->g, &ex, b->base + b->start, b->end - b->start,
	                    block_cb, b, NULL) != URISCAN_OK)
		b->failed = 1;
	b->newlines = count_nl(b->base + b->start + b->cur,
	                       b->end - b->start - b->cur) +
	              b->here;
	return NULL;
}

static int extract_mapped(struct xrun *r, const char *map, size_t size)
{
	size_t jobs = r->o->jobs;
	size_t bsize = size / (jobs * 4) + 1;
	struct block *blk = xmalloc(jobs * sizeof *blk);
	pthread_t *th = xmalloc(jobs * sizeof *th);
	uint64_t lines = 0;
	size_t at = 0;
	int ok = 1;

	if (bsize < BLOCK_MIN)
		bsize = BLOCK_MIN;
	if (bsize > BLOCK_MAX)
		bsize = BLOCK_MAX;
	memset(blk, 0, jobs * sizeof *blk);
	while (at < size && ok) {
		size_t nb = 0;
		for (; nb < jobs && at < size; nb++) {
			size_t end = at + bsize;
			const char *nl;
			if (end >= size) {
				end = size;
			} else {
				nl = memchr(map + end, '\n', size - end);
				end = nl ? (size_t)(nl - map) + 1 : size;
			}
			blk[nb].o = r->o;
			blk[nb].g = r->g;
			blk[nb].base = map;
			blk[nb].start = at;
			blk[nb].end = end;
			at = end;
			if (pthread_create(&th[nb], NULL, block_run, &blk[nb]) != 0)
				block_run(&blk[nb]), th[nb] = 0;
		}
		for (size_t i = 0; i < nb; i++)
			if (th[i])
				pthread_join(th[i], NULL);
		for (size_t i = 0; i < nb; i++) {
			struct block *b = &blk[i];
			if (b->failed)
				ok = 0;
			for (size_t k = 0; k < b->n && ok; k++) {
				struct uriscan_match m;
				const struct found *f = &b->f[k];
				memset(&m, 0, sizeof m);
				m.offset = f->off;
				m.length = f->len;
				m.bytes = map + f->off;
				m.nbytes = f->nbytes;
				m.flags = f->flags;
				m.scheme_len = f->scheme_len;
				if (!(f->flags & URISCAN_MATCH_TRUNCATED) &&
				    need_components(r->o))
					uriscan_parse(r->g, m.bytes, m.nbytes, 0, &m.uri);
				emit(r, &m, lines + f->line + 1);
			}
			lines += b->newlines;
		}
	}
	for (size_t i = 0; i < jobs; i++)
		free(blk[i].f);
	free(blk);
	free(th);
	return ok ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* Options                                                             */

static const char extract_help[] =
    "Usage: uriscan extract [-g GRAMMAR] [--format=tsv|jsonl] [-o] [--count]\n"
    "                       [--unique] [--top N] [-j N] [--no-trim]\n"
    "                       [--opaque[=LIST]] [--max-length=N] [FILE...]\n"
    "\n"
    "Find the URLs in any bytes (logs, mail, captures): the FILEs, or standard\n"
    "input when there is none or FILE is '-'. A match is the longest prefix\n"
    "the grammar allows from a scheme found before '://' (or before ':' for\n"
    "an --opaque scheme), minus trailing . , ; : ! ? and unbalanced ) ] '\n"
    "(see uriscan(1) and uriscan.h for the exact rule).\n"
    "\n"
    "Options:\n"
    "  -g, --grammar=GRAMMAR  rfc3986 (default)\n"
    "      --format=FORMAT    tsv (default): OFFSET<TAB>LENGTH<TAB>URL per match\n"
    "                         (a FILE column first when there are several\n"
    "                         FILEs); jsonl: file line offset length\n"
    "                         truncated url and the components\n"
    "  -o, --only-matching    print only the URL of each match\n"
    "  -c, --count            print only the number of matches\n"
    "  -u, --unique           print each distinct URL once, in order of first\n"
    "                         appearance\n"
    "      --top=N            print the N most frequent hosts (lowercased):\n"
    "                         COUNT<TAB>HOST, most frequent first\n"
    "  -j, --jobs=N           N threads over large regular files (same output)\n"
    "      --no-trim          keep trailing punctuation\n"
    "      --opaque[=LIST]    also match scheme:... without '//' for the\n"
    "                         comma-separated schemes (default list:\n"
    "                         " URISCAN_EXTRACT_OPAQUE_DEFAULT ")\n"
    "      --max-length=N     longer URLs are reported truncated (default\n"
    "                         8192, at least 128)\n"
    "\n"
    "Exit status: 0 if a URL was found, 1 if none, 2 on error.\n";

__attribute__((format(printf, 1, 2))) static _Noreturn void
xusage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_usage_verror("uriscan extract --help", fmt, ap);
}

static unsigned long number(const char *opt, const char *s, unsigned long min)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v < min || s[0] == '-')
		xusage("bad number for %s", opt);
	return v;
}

enum { O_G, O_FMT, O_O, O_C, O_U, O_TOP, O_J, O_NOTRIM, O_OPQ, O_MAX, O_H };

static const struct cli_optdef xdefs[] = {
    {'g', "grammar", CLI_ARG_REQUIRED, O_G},
    {0, "format", CLI_ARG_REQUIRED, O_FMT},
    {'o', "only-matching", CLI_ARG_NONE, O_O},
    {'c', "count", CLI_ARG_NONE, O_C},
    {'u', "unique", CLI_ARG_NONE, O_U},
    {0, "top", CLI_ARG_REQUIRED, O_TOP},
    {'j', "jobs", CLI_ARG_REQUIRED, O_J},
    {0, "no-trim", CLI_ARG_NONE, O_NOTRIM},
    {0, "opaque", CLI_ARG_OPTIONAL, O_OPQ},
    {0, "max-length", CLI_ARG_REQUIRED, O_MAX},
    {'h', "help", CLI_ARG_NONE, O_H},
};

static void xset(void *ctx, const struct cli_optdef *d, const char *spelled,
                 const char *arg)
{
	struct xopts *o = ctx;

	switch (d->id) {
	case O_G:
		o->grammar = arg;
		break;
	case O_FMT:
		if (strcmp(arg, "tsv") == 0)
			o->format = XF_TSV;
		else if (strcmp(arg, "jsonl") == 0)
			o->format = XF_JSONL;
		else
			xusage("unknown format '%s' (tsv or jsonl)", arg);
		break;
	case O_O:
		o->mode = XM_ONLY;
		break;
	case O_C:
		o->mode = XM_COUNT;
		break;
	case O_U:
		o->mode = XM_UNIQUE;
		break;
	case O_TOP:
		o->mode = XM_TOP;
		o->top = number(spelled, arg, 1);
		break;
	case O_J:
		o->jobs = number(spelled, arg, 1);
		if (o->jobs > 256)
			o->jobs = 256;
		break;
	case O_NOTRIM:
		o->ex.flags |= URISCAN_EXTRACT_NO_TRIM;
		break;
	case O_OPQ:
		o->ex.opaque_schemes = arg ? arg : URISCAN_EXTRACT_OPAQUE_DEFAULT;
		break;
	case O_MAX:
		o->ex.max_len = number(spelled, arg, URISCAN_EXTRACT_MAX_LEN_MIN);
		break;
	case O_H:
		out_str(extract_help);
		out_flush();
		exit(EXIT_SUCCESS);
	default:
		break;
	}
}

static void xparse(struct xopts *o, int argc, char **argv)
{
	o->files = argv;
	o->nfiles = cli_parse_args(xdefs, sizeof xdefs / sizeof xdefs[0], argc,
	                           argv, xset, o, xusage);
}

/* ------------------------------------------------------------------ */

int cmd_extract(int argc, char **argv)
{
	static char *stdin_only[] = {"-"};
	struct xopts o;
	struct xrun r;
	uriscan_extractor *x = NULL;
	const char *gname;
	char *buf;
	int trouble = 0, st;

	memset(&o, 0, sizeof o);
	o.jobs = 1;
	xparse(&o, argc, argv);
	gname = o.grammar ? o.grammar : "rfc3986";
	memset(&r, 0, sizeof r);
	r.o = &o;
	if (uriscan_grammar_from_name(gname, &r.g) != URISCAN_OK)
		xusage("unknown grammar '%s' (try 'uriscan rules')", gname);
	if (!need_components(&o))
		o.ex.flags |= URISCAN_EXTRACT_NO_COMPONENTS;
	st = uriscan_extractor_new(r.g, &o.ex, &x);
	if (st == URISCAN_E_INVALID_ARG)
		xusage("bad --opaque list '%s'",
		       o.ex.opaque_schemes ? o.ex.opaque_schemes : "");
	if (st == URISCAN_E_GRAMMAR_UNAVAILABLE && uriscan_grammar_available(r.g)) {
		fprintf(stderr,
		        "uriscan: grammar '%s' has no URL extractor (rfc3986 and "
		        "rfc3987 have one)\n",
		        gname);
		return EXIT_TROUBLE;
	}
	if (st != URISCAN_OK) {
		fprintf(stderr, "uriscan: grammar '%s': %s\n", gname,
		        uriscan_strerror(st));
		return EXIT_TROUBLE;
	}
	if (o.nfiles == 0) {
		o.files = stdin_only;
		o.nfiles = 1;
	}
	r.label_column = o.nfiles > 1;
	buf = xmalloc(READ_SIZE);
	for (int i = 0; i < o.nfiles; i++) {
		const char *name = o.files[i];
		int is_stdin = strcmp(name, "-") == 0;
		int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);
		struct stat sb;
		int rc = 0;

		r.label = name;
		if (fd < 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: %s\n", name, strerror(errno));
			trouble = 1;
			continue;
		}
		if (o.jobs > 1 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    (uint64_t)sb.st_size > (uint64_t)BLOCK_MIN) {
			off_t start = is_stdin ? lseek(fd, 0, SEEK_CUR) : 0;
			size_t size = (size_t)(sb.st_size - (start > 0 ? start : 0));
			void *map = mmap(NULL, (size_t)sb.st_size, PROT_READ,
			                 MAP_PRIVATE, fd, 0);
			if (map != MAP_FAILED && start >= 0) {
				rc = extract_mapped(&r, (const char *)map + start, size);
				munmap(map, (size_t)sb.st_size);
				if (is_stdin)
					lseek(fd, 0, SEEK_END);
			} else {
				rc = extract_fd(&r, x, fd, buf);
			}
		} else {
			rc = extract_fd(&r, x, fd, buf);
		}
		if (rc != 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: read error: %s\n", name,
			        strerror(errno));
			trouble = 1;
		}
		if (!is_stdin)
			close(fd);
	}
	if (o.mode == XM_COUNT) {
		out_u64(r.matches);
		out_char('\n');
	} else if (o.mode == XM_TOP && r.set.n > 0) {
		struct entry *v = xmalloc(r.set.n * sizeof *v);
		size_t k = 0;
		for (size_t i = 0; i < r.set.cap; i++)
			if (r.set.v[i].key)
				v[k++] = r.set.v[i];
		qsort(v, k, sizeof *v, by_count);
		for (size_t i = 0; i < k && i < o.top; i++) {
			out_u64(v[i].count);
			out_char('\t');
			out_tsv_field(v[i].key, v[i].len);
			out_char('\n');
		}
		free(v);
	}
	out_flush();
	for (size_t i = 0; i < r.set.cap; i++)
		free(r.set.v[i].key);
	free(r.set.v);
	free(buf);
	uriscan_extractor_free(x);
	if (trouble)
		return EXIT_TROUBLE;
	return r.matches ? EXIT_SUCCESS : EXIT_NONE;
}
