/*
 * bench.c: uriscan's benchmark harness. One run answers "how fast is
 * uriscan on this data, next to the other parsers, on this machine, now".
 *
 *   bench [OPTIONS] PATH...
 *
 * PATH is a file of URLs (one per line), a log file (*.log: text to extract
 * URLs from), or a directory (its *.txt and *.log files, sorted). Each file
 * is loaded into memory once and every input is passed as pointer + length.
 *
 * Per dataset: every applicable parser is warmed up and its accept/reject
 * count printed; uriscan's RFC 3986 verdicts are checked against uriparser's
 * (disagreements counted, the first few printed); then REPS timed
 * repetitions, round-robin over the parsers (so drift hits all of them
 * alike), each repetition running the parser over the whole dataset enough
 * times to last at least MIN_TIME seconds (monotonic clock). Reported: the
 * median ns/URL and the spread (max - min) / 2 / median, URLs/s, MB/s, and
 * the ratios (computed per repetition, then the median) to uriparser and to
 * the byte-read limit timed in the same run. --callgrind adds instructions
 * per URL from valgrind's callgrind (deterministic), counted as
 * Ir(2 passes) - Ir(1 pass) in a child run per parser and dataset.
 *
 * See bench/README.md.
 */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "uriscan.h"

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "unknown build"
#endif

#define REF_ID "uriparser"
#define LIMIT_ID "limit:byte-loop"
#define CHECK_A "uriscan:rfc3986:validate"
#define CHECK_A_PARSE "uriscan:rfc3986:parse"
/* On log text: the references of the extraction rows' ratios. */
#define HS_ID "hyperscan"
#define PCRE_ID "pcre2-jit"
#define MEMMEM_ID "limit:memmem"
#define MEMCHR_ID "limit:memchr"
/* uriscan's extraction rows are "uriscan:<grammar>:extract[-<variant>]" */
#define OURS_PREFIX "uriscan:"
/* --callgrind skips datasets larger than this (valgrind is ~50x slower) */
#define CALLGRIND_MAX (16 << 20)
/* a row whose spread exceeds this (percent) is marked "noisy" */
#define NOISY_PCT 10.0

/* ------------------------------------------------------------------ */
/* Options                                                             */

static struct {
	int reps;
	double min_time;
	double warmup;
	int cpu; /* -1: not pinned by us */
	const char *only;
	int json;
	const char *save;
	int callgrind;
	int check_only;
	int examples;
	const char *extra_check[16]; /* --check ID: also vs uriscan rfc3986 */
	int nextra;
	/* child mode for --callgrind */
	const char *ir_child;
	int ir_passes;
} opt = {.reps = 7, .min_time = 0.1, .warmup = 0.05, .cpu = -1,
         .examples = 5};

static FILE *hout; /* human-readable output: stdout, or stderr with --json */

static volatile uint64_t bench_sink; /* defeats dead-code elimination */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* Datasets                                                            */

static struct bench_set *sets;
static size_t nsets;

static int has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && strcmp(s + a - b, suf) == 0;
}

static void load_file(const char *path, int is_log)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	size_t cap = 1 << 20, len = 0;
	char *raw = xmalloc(cap);
	for (;;) {
		if (cap - len < 65536)
			raw = xrealloc(raw, cap *= 2);
		size_t got = fread(raw + len, 1, cap - len - 1, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		die("%s: read error", path);
	fclose(f);
	if (len > UINT32_MAX - 1)
		die("%s: larger than 4 GiB", path);
	raw[len] = '\0';

	struct bench_set *s;
	sets = xrealloc(sets, (nsets + 1) * sizeof *sets);
	s = &sets[nsets++];
	memset(s, 0, sizeof *s);
	s->path = xstrdup(path);
	const char *base = strrchr(path, '/');
	char *name = xstrdup(base ? base + 1 : path);
	char *dot = strrchr(name, '.');
	if (dot && dot != name)
		*dot = '\0';
	s->name = name;
	s->is_log = is_log;
	s->raw = raw;
	s->raw_len = len;
	s->text = memcpy(xmalloc(len + 1), raw, len + 1);

	size_t lcap = 1024;
	s->off = xmalloc(lcap * sizeof *s->off);
	s->len = xmalloc(lcap * sizeof *s->len);
	size_t i = 0;
	while (i < len) {
		char *nl = memchr(s->text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - s->text) : len;
		size_t le = e;
		if (le > i && s->text[le - 1] == '\r')
			le--;
		s->text[le] = '\0';
		if (le > i) {
			if (s->n == lcap) {
				lcap *= 2;
				s->off = xrealloc(s->off, lcap * sizeof *s->off);
				s->len = xrealloc(s->len, lcap * sizeof *s->len);
			}
			s->off[s->n] = (uint32_t)i;
			s->len[s->n] = (uint32_t)(le - i);
			s->n++;
			s->bytes += le - i;
		}
		i = e + 1;
	}
	if (is_log)
		s->bytes = len; /* an extractor reads all of it */
	if (s->n == 0)
		die("%s: no lines", path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_path(const char *path, int force_log)
{
	DIR *d = opendir(path);
	if (d == NULL) {
		load_file(path, force_log || has_suffix(path, ".log"));
		return;
	}
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || !(has_suffix(e->d_name, ".txt") ||
		                             has_suffix(e->d_name, ".log")))
			continue;
		names = xrealloc(names, (n + 1) * sizeof *names);
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		names[n] = xmalloc(l);
		snprintf(names[n], l, "%s/%s", path, e->d_name);
		n++;
	}
	closedir(d);
	if (n == 0)
		die("%s: no *.txt or *.log file", path);
	qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		load_file(names[i], force_log || has_suffix(names[i], ".log"));
		free(names[i]); /* load_file keeps its own copy */
	}
	free(names);
}

/* ------------------------------------------------------------------ */
/* Parsers                                                             */

static const bench_provider_fn providers[] = {
	bench_uriscan_parsers,
#ifdef BENCH_HAVE_URIPARSER
	bench_peer_uriparser,
#endif
#ifdef BENCH_HAVE_CURL
	bench_peer_curl,
#endif
#ifdef BENCH_HAVE_GLIB
	bench_peer_glib,
#endif
#ifdef BENCH_HAVE_HTTP_PARSER
	bench_peer_http_parser,
#endif
#ifdef BENCH_HAVE_BOOST_URL
	bench_peer_boost_url,
#endif
#ifdef BENCH_HAVE_PCRE2
	bench_peer_pcre2,
#endif
#ifdef BENCH_HAVE_HYPERSCAN
	bench_peer_hyperscan,
#endif
	bench_limit_parsers,
};

static const struct bench_parser **all; /* every parser compiled in */
static size_t nall;
static const char *versions[16];
static size_t nversions;

static void collect_parsers(void)
{
	for (size_t i = 0; i < sizeof providers / sizeof providers[0]; i++) {
		const struct bench_parser *p;
		const char *v = NULL;
		size_t n = providers[i](&p, &v);
		if (v && nversions < sizeof versions / sizeof versions[0])
			versions[nversions++] = v;
		all = xrealloc(all, (nall + n) * sizeof *all);
		for (size_t k = 0; k < n; k++)
			all[nall++] = &p[k];
	}
}

static const struct bench_parser *find_parser(const char *id)
{
	for (size_t i = 0; i < nall; i++)
		if (strcmp(all[i]->id, id) == 0)
			return all[i];
	return NULL;
}

/* --only: comma-separated ids or id prefixes ("uriscan", "limit"). */
static int selected(const struct bench_parser *p)
{
	if (opt.only == NULL)
		return 1;
	const char *s = opt.only;
	while (*s) {
		const char *c = strchr(s, ',');
		size_t n = c ? (size_t)(c - s) : strlen(s);
		if (n > 0 && strncmp(p->id, s, n) == 0 &&
		    (p->id[n] == '\0' || p->id[n] == ':'))
			return 1;
		s += n + (c != NULL);
	}
	/* the references of the ratios are always timed */
	return strcmp(p->id, REF_ID) == 0 || strcmp(p->id, LIMIT_ID) == 0 ||
	       strcmp(p->id, HS_ID) == 0 || strcmp(p->id, PCRE_ID) == 0 ||
	       strcmp(p->id, MEMMEM_ID) == 0 || strcmp(p->id, MEMCHR_ID) == 0;
}

static int applies(const struct bench_parser *p, const struct bench_set *s)
{
	return (p->on & (s->is_log ? BENCH_ON_LOGS : BENCH_ON_URLS)) != 0;
}

static const char *task_name(enum bench_task t)
{
	switch (t) {
	case BENCH_VALIDATE:
		return "validate";
	case BENCH_PARSE:
		return "parse";
	case BENCH_EXTRACT:
		return "extract";
	case BENCH_LIMIT:
		return "limit";
	}
	return "?";
}

/* ------------------------------------------------------------------ */
/* Results                                                             */

struct row {
	const struct bench_parser *p;
	const struct bench_set *set;
	void *ctx;
	uint64_t accepted;
	uint64_t passes; /* dataset passes per timed repetition */
	int unstable;    /* the accepted count changed between passes */
	double *ns;      /* ns per URL, one per repetition */
	double med, lo, hi;
	double ratio_ref;   /* URLs/s over uriparser's, NAN if none */
	double ratio_limit; /* MB/s over the byte loop's */
	double ir_url;      /* callgrind Ir per URL, NAN if not measured */
	/* log text: speed over hyperscan's and pcre2-jit's, and as a share of
	 * limit:memmem's and limit:memchr's (paired, NAN if not timed) */
	double vs_hs, vs_pcre, of_memmem, of_memchr;
};

static struct row *rows;
static size_t nrows;

struct check {
	const struct bench_set *set;
	const char *a, *b;
	uint64_t compared, disagreements;
	size_t nex;
	size_t ex[16];   /* line indices */
	int exa[16], exb[16];
};

static struct check *checks;
static size_t nchecks;

/* On log text, before timing: the count of URLs found by each extraction
 * row against uriscan:<grammar>:extract's. Rows of the same grammar must
 * agree (a mismatch is a bug); the regex peers have another definition of
 * a URL, so their difference is information only. */
struct count_check {
	const struct bench_set *set;
	const char *a, *b;
	uint64_t na, nb;
	int must_agree;
};

static struct count_check *cchecks;
static size_t ncchecks;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(const double *v, size_t n)
{
	if (n == 0)
		return NAN;
	double *t = xmalloc(n * sizeof *t);
	memcpy(t, v, n * sizeof *t);
	qsort(t, n, sizeof *t, cmp_double);
	double m = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
	free(t);
	return m;
}

/* Median over repetitions of ref.ns[r] / row.ns[r]: paired, so drift
 * between repetitions cancels. */
static double paired_ratio(const struct row *ref, const struct row *r)
{
	double v[256];
	size_t n = 0;
	for (int k = 0; k < opt.reps && k < 256; k++)
		if (r->ns[k] > 0)
			v[n++] = ref->ns[k] / r->ns[k];
	return median(v, n);
}

/* ------------------------------------------------------------------ */
/* Machine description                                                 */

static char cpu_model[160] = "unknown";
static char pinned[64] = "no";
static long ncpu;
static char kernel[160] = "unknown";
static char date_utc[40];

static void describe_machine(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (f) {
		char line[512];
		while (fgets(line, sizeof line, f)) {
			if (strncmp(line, "model name", 10) == 0) {
				char *c = strchr(line, ':');
				if (c) {
					c++;
					while (*c == ' ' || *c == '\t')
						c++;
					c[strcspn(c, "\n")] = '\0';
					snprintf(cpu_model, sizeof cpu_model,
					         "%s", c);
				}
				break;
			}
		}
		fclose(f);
	}
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t cs;
	CPU_ZERO(&cs);
	if (sched_getaffinity(0, sizeof cs, &cs) == 0 && CPU_COUNT(&cs) == 1) {
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &cs))
				snprintf(pinned, sizeof pinned, "cpu %d", c);
	}
	struct utsname u;
	if (uname(&u) == 0)
		snprintf(kernel, sizeof kernel, "%.60s %.90s", u.sysname,
		         u.release);
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(date_utc, sizeof date_utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static const char *compiler(void)
{
#if defined(__clang__)
	return "clang " __clang_version__;
#elif defined(__GNUC__)
	return "gcc " __VERSION__;
#else
	return "unknown";
#endif
}

/* ------------------------------------------------------------------ */
/* Printing helpers                                                    */

/* Write s[0..n) printable: bytes outside 0x20..0x7e as \xHH. */
static void put_escaped(FILE *f, const char *s, size_t n, size_t max)
{
	for (size_t i = 0; i < n && i < max; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			fputc(c, f);
		else
			fprintf(f, "\\x%02x", c);
	}
	if (n > max)
		fputs("...", f);
}

/* JSON string; bytes >= 0x80 become \u00XX (lossy, but valid JSON). */
static void json_str(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_cstr(FILE *f, const char *s)
{
	if (s == NULL)
		fputs("null", f);
	else
		json_str(f, s, strlen(s));
}

static void json_num(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.6g", v);
}

/* ------------------------------------------------------------------ */
/* The verdict check                                                   */

static void run_check(const struct bench_set *s, const char *ida,
                      const char *idb)
{
	const struct bench_parser *a = find_parser(ida);
	const struct bench_parser *b = find_parser(idb);
	if (a == NULL || b == NULL || !a->one || !b->one || !applies(a, s) ||
	    !applies(b, s))
		return;
	checks = xrealloc(checks, (nchecks + 1) * sizeof *checks);
	struct check *c = &checks[nchecks++];
	memset(c, 0, sizeof *c);
	c->set = s;
	c->a = ida;
	c->b = idb;
	void *ca = a->init ? a->init() : NULL;
	void *cb = b->init ? b->init() : NULL;
	uint64_t sink = 0;
	for (size_t i = 0; i < s->n; i++) {
		const char *u = s->text + s->off[i];
		int va = a->one(ca, u, s->len[i], &sink);
		int vb = b->one(cb, u, s->len[i], &sink);
		c->compared++;
		if (va != vb) {
			if (c->nex < (size_t)opt.examples && c->nex < 16) {
				c->ex[c->nex] = i;
				c->exa[c->nex] = va;
				c->exb[c->nex] = vb;
				c->nex++;
			}
			c->disagreements++;
		}
	}
	bench_sink += sink;
	if (a->fini)
		a->fini(ca);
	if (b->fini)
		b->fini(cb);
	fprintf(hout, "check: %s vs %s: %llu compared, %llu disagreement%s\n",
	        ida, idb, (unsigned long long)c->compared,
	        (unsigned long long)c->disagreements,
	        c->disagreements == 1 ? "" : "s");
	for (size_t k = 0; k < c->nex; k++) {
		size_t i = c->ex[k];
		fprintf(hout, "  line %zu: %s %s, %s %s: ", i + 1, ida,
		        c->exa[k] ? "accepts" : "rejects", idb,
		        c->exb[k] ? "accepts" : "rejects");
		put_escaped(hout, s->text + s->off[i], s->len[i], 200);
		fputc('\n', hout);
	}
}

/* "uriscan:<g>:extract..." -> length of "uriscan:<g>:", else 0 */
static size_t ours_extract(const struct bench_parser *p)
{
	size_t n = strlen(OURS_PREFIX);
	if (p->task != BENCH_EXTRACT || strncmp(p->id, OURS_PREFIX, n) != 0)
		return 0;
	const char *c = strchr(p->id + n, ':');
	if (c == NULL || strncmp(c + 1, "extract", 7) != 0)
		return 0;
	return (size_t)(c + 1 - p->id);
}

static void count_checks(const struct row *r0, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		const struct row *a = &r0[i];
		size_t gl = ours_extract(a->p);
		if (gl == 0 || strcmp(a->p->id + gl, "extract") != 0)
			continue;
		for (size_t k = 0; k < nr; k++) {
			const struct row *b = &r0[k];
			if (b == a || b->p->task != BENCH_EXTRACT)
				continue;
			int same = ours_extract(b->p) == gl &&
			           strncmp(a->p->id, b->p->id, gl) == 0;
			if (ours_extract(b->p) && !same)
				continue; /* another grammar */
			cchecks = xrealloc(cchecks,
			                   (ncchecks + 1) * sizeof *cchecks);
			struct count_check *c = &cchecks[ncchecks++];
			c->set = a->set;
			c->a = a->p->id;
			c->b = b->p->id;
			c->na = a->accepted;
			c->nb = b->accepted;
			c->must_agree = same;
			if (same)
				fprintf(hout, "check: %s found %llu, %s %llu: %s\n",
				        c->a, (unsigned long long)c->na, c->b,
				        (unsigned long long)c->nb,
				        c->na == c->nb ? "same"
				                       : "MISMATCH (a bug)");
			else
				fprintf(hout, "check: %s found %llu, %s %llu "
				              "(another definition of a URL; "
				              "information only): %+lld\n",
				        c->a, (unsigned long long)c->na, c->b,
				        (unsigned long long)c->nb,
				        (long long)c->na - (long long)c->nb);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Instruction counts (callgrind)                                      */

static void shell_quote(char *dst, size_t cap, const char *s)
{
	size_t o = 0;
	if (cap < 3)
		die("path too long");
	dst[o++] = '\'';
	for (; *s; s++) {
		if (o + 6 >= cap)
			die("path too long");
		if (*s == '\'') {
			memcpy(dst + o, "'\\''", 4);
			o += 4;
		} else {
			dst[o++] = *s;
		}
	}
	dst[o++] = '\'';
	dst[o] = '\0';
}

/* Ir of a child run doing `passes` passes; -1 on failure. */
static double callgrind_ir(const struct row *r, int passes)
{
	char exe[PATH_MAX], qexe[PATH_MAX * 2], qpath[PATH_MAX * 2],
	    qid[256], cmd[PATH_MAX * 5];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return -1;
	exe[n] = '\0';
	shell_quote(qexe, sizeof qexe, exe);
	shell_quote(qpath, sizeof qpath, r->set->path);
	shell_quote(qid, sizeof qid, r->p->id);
	snprintf(cmd, sizeof cmd,
	         "valgrind --tool=callgrind --callgrind-out-file=/dev/null "
	         "%s --ir-child %s --ir-passes %d %s%s 2>&1",
	         qexe, qid, passes, r->set->is_log ? "--log " : "", qpath);
	FILE *p = popen(cmd, "r");
	if (p == NULL)
		return -1;
	char line[512];
	double ir = -1;
	while (fgets(line, sizeof line, p)) {
		char *c = strstr(line, "Collected : ");
		if (c)
			ir = strtod(c + 12, NULL);
	}
	if (pclose(p) != 0)
		return -1;
	return ir;
}

static int child_main(const char *id, int passes)
{
	const struct bench_parser *p = find_parser(id);
	if (p == NULL || nsets != 1)
		die("--ir-child: unknown parser or not one dataset");
	void *ctx = p->init ? p->init() : NULL;
	uint64_t sink = 0;
	for (int k = 0; k < passes; k++)
		sink += p->batch(ctx, &sets[0], &sink);
	bench_sink = sink;
	if (p->fini)
		p->fini(ctx);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Timing                                                              */

static void print_header(int is_log)
{
	fprintf(hout, "%-30s %-8s %9s %9s %9s %7s %8s %8s %12s %9s",
	        "parser", "task", is_log ? "found" : "accepted", "rejected",
	        is_log ? "ns/line" : "ns/URL", "spread",
	        is_log ? "Mline/s" : "MURL/s", "MB/s",
	        is_log ? "Mfound/s" : "vs " REF_ID, "vs limit");
	if (opt.callgrind)
		fprintf(hout, " %9s %7s", "Ir/URL", "Ir/B");
	fputc('\n', hout);
}

static void print_row(const struct row *r)
{
	const struct bench_set *s = r->set;
	double spread = r->med > 0 ? (r->hi - r->lo) / 2 / r->med * 100 : 0;
	double urls_s = 1e9 / r->med;
	double mb_s = (double)s->bytes / ((double)s->n * r->med) * 1e3;
	char acc[24], rej[24], ref[24], lim[24];
	if (r->p->task == BENCH_LIMIT) {
		snprintf(acc, sizeof acc, "-");
		snprintf(rej, sizeof rej, "-");
	} else if (r->p->task == BENCH_EXTRACT) {
		snprintf(acc, sizeof acc, "%llu",
		         (unsigned long long)r->accepted);
		snprintf(rej, sizeof rej, "-");
	} else {
		snprintf(acc, sizeof acc, "%llu",
		         (unsigned long long)r->accepted);
		snprintf(rej, sizeof rej, "%llu",
		         (unsigned long long)(s->n - r->accepted));
	}
	if (s->is_log && r->p->task == BENCH_EXTRACT)
		snprintf(ref, sizeof ref, "%.3f",
		         (double)r->accepted / ((double)s->n * r->med) * 1e3);
	else if (isnan(r->ratio_ref))
		snprintf(ref, sizeof ref, "-");
	else
		snprintf(ref, sizeof ref, "%.2fx", r->ratio_ref);
	if (isnan(r->ratio_limit))
		snprintf(lim, sizeof lim, "-");
	else
		snprintf(lim, sizeof lim, "%.1f%%", r->ratio_limit * 100);
	fprintf(hout, "%-30s %-8s %9s %9s %9.1f %6.1f%% %8.3f %8.1f %12s %9s",
	        r->p->id, task_name(r->p->task), acc, rej, r->med, spread,
	        urls_s / 1e6, mb_s, ref, lim);
	if (opt.callgrind) {
		if (isnan(r->ir_url))
			fprintf(hout, " %9s %7s", "-", "-");
		else
			fprintf(hout, " %9.1f %7.2f", r->ir_url,
			        r->ir_url * (double)s->n / (double)s->bytes);
	}
	if (spread > NOISY_PCT)
		fputs("  noisy", hout);
	fputc('\n', hout);
	if (r->unstable)
		fprintf(hout, "  WARNING: %s gave different counts between "
		              "passes\n", r->p->id);
}

/* A ratio: "1.23x", or "12.3%" when pct. */
static void put_x(double v, int pct)
{
	if (isnan(v))
		fprintf(hout, " %9s", "-");
	else if (pct)
		fprintf(hout, " %8.1f%%", v * 100);
	else
		fprintf(hout, " %8.2fx", v);
}

/* Log text: the extraction rows against the peers and the scan limits. */
static void print_log_ratios(const struct row *r0, size_t nr)
{
	fprintf(hout, "\n%-30s %9s %9s %9s %9s %9s\n", "ratios (paired)",
	        "vs " HS_ID, "vs pcre2", "of memmem", "of memchr", "MB/s");
	for (size_t i = 0; i < nr; i++) {
		const struct row *r = &r0[i];
		if (r->p->task != BENCH_EXTRACT)
			continue;
		fprintf(hout, "%-30s", r->p->id);
		put_x(r->vs_hs, 0);
		put_x(r->vs_pcre, 0);
		put_x(r->of_memmem, 1);
		put_x(r->of_memchr, 1);
		fprintf(hout, " %9.0f\n", (double)r->set->bytes /
		                              ((double)r->set->n * r->med) *
		                              1e3);
	}
}

static uint64_t time_passes(const struct row *r, uint64_t passes, double *dt,
                            int *unstable)
{
	uint64_t sink = 0, acc = 0;
	double t0 = now_s();
	for (uint64_t k = 0; k < passes; k++) {
		uint64_t a = r->p->batch(r->ctx, r->set, &sink);
		if (k > 0 && a != acc)
			*unstable = 1;
		acc = a;
	}
	*dt = now_s() - t0;
	bench_sink += sink;
	return acc;
}

static void bench_set_run(const struct bench_set *s)
{
	size_t first = nrows;
	fprintf(hout, "\n== %s: %zu %s, %llu bytes, %.1f B/%s (%s)\n", s->name,
	        s->n, s->is_log ? "lines" : "URLs",
	        (unsigned long long)s->bytes,
	        (double)s->bytes / (double)s->n, s->is_log ? "line" : "URL",
	        s->path);

	for (size_t i = 0; i < nall; i++) {
		const struct bench_parser *p = all[i];
		if (!selected(p) || !applies(p, s))
			continue;
		rows = xrealloc(rows, (nrows + 1) * sizeof *rows);
		struct row *r = &rows[nrows++];
		memset(r, 0, sizeof *r);
		r->p = p;
		r->set = s;
		r->ns = xmalloc((size_t)opt.reps * sizeof *r->ns);
		r->ratio_ref = r->ratio_limit = r->ir_url = NAN;
		r->vs_hs = r->vs_pcre = r->of_memmem = r->of_memchr = NAN;
	}
	if (s->is_log) {
		fprintf(hout, "(log text: the URL parsers do not apply; "
		              "extraction rows and limits)\n");
	}

	/* warm-up: counts, and the passes that make one repetition */
	fprintf(hout, "counts (warm-up, before timing):\n");
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		r->ctx = r->p->init ? r->p->init() : NULL;
		double dt = 0, best = INFINITY, spent = 0;
		uint64_t acc = 0;
		int k = 0;
		do {
			uint64_t a = time_passes(r, 1, &dt, &r->unstable);
			if (k > 0 && a != acc)
				r->unstable = 1;
			acc = a;
			if (dt < best)
				best = dt;
			spent += dt;
			k++;
		} while (spent < opt.warmup);
		r->accepted = acc;
		double p = best > 0 ? ceil(opt.min_time / best) : 1;
		r->passes = p < 1 ? 1 : p > 1e7 ? 10000000 : (uint64_t)p;
		if (r->p->task == BENCH_LIMIT)
			fprintf(hout, "  %-30s (limit)\n", r->p->id);
		else if (r->p->task == BENCH_EXTRACT)
			fprintf(hout, "  %-30s found %llu\n", r->p->id,
			        (unsigned long long)acc);
		else
			fprintf(hout, "  %-30s accepted %llu rejected %llu\n",
			        r->p->id, (unsigned long long)acc,
			        (unsigned long long)(s->n - acc));
	}

	if (s->is_log)
		count_checks(&rows[first], nrows - first);
	if (!s->is_log) {
		run_check(s, CHECK_A, REF_ID);
		run_check(s, CHECK_A_PARSE, CHECK_A);
		for (int k = 0; k < opt.nextra; k++)
			run_check(s, CHECK_A, opt.extra_check[k]);
	}
	if (opt.check_only) {
		for (size_t i = first; i < nrows; i++)
			if (rows[i].p->fini)
				rows[i].p->fini(rows[i].ctx);
		nrows = first;
		return;
	}

	/* timed repetitions, round-robin over the parsers */
	for (int rep = 0; rep < opt.reps; rep++) {
		for (size_t i = first; i < nrows; i++) {
			struct row *r = &rows[i];
			double dt;
			uint64_t a = time_passes(r, r->passes, &dt,
			                         &r->unstable);
			if (a != r->accepted)
				r->unstable = 1;
			r->ns[rep] = dt * 1e9 / ((double)r->passes *
			                         (double)s->n);
		}
	}

	const struct row *ref = NULL, *lim = NULL, *hs = NULL, *pc = NULL,
	                 *mm = NULL, *mc = NULL;
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		if (r->p->fini)
			r->p->fini(r->ctx);
		r->ctx = NULL;
		r->med = median(r->ns, (size_t)opt.reps);
		r->lo = r->hi = r->ns[0];
		for (int k = 1; k < opt.reps; k++) {
			if (r->ns[k] < r->lo)
				r->lo = r->ns[k];
			if (r->ns[k] > r->hi)
				r->hi = r->ns[k];
		}
		if (strcmp(r->p->id, REF_ID) == 0)
			ref = r;
		if (strcmp(r->p->id, LIMIT_ID) == 0)
			lim = r;
		if (strcmp(r->p->id, HS_ID) == 0)
			hs = r;
		if (strcmp(r->p->id, PCRE_ID) == 0)
			pc = r;
		if (strcmp(r->p->id, MEMMEM_ID) == 0)
			mm = r;
		if (strcmp(r->p->id, MEMCHR_ID) == 0)
			mc = r;
	}
	for (size_t i = first; i < nrows; i++) {
		struct row *r = &rows[i];
		if (ref)
			r->ratio_ref = paired_ratio(ref, r);
		if (lim)
			r->ratio_limit = paired_ratio(lim, r);
		if (!s->is_log)
			continue;
		if (hs)
			r->vs_hs = paired_ratio(hs, r);
		if (pc)
			r->vs_pcre = paired_ratio(pc, r);
		if (mm)
			r->of_memmem = paired_ratio(mm, r);
		if (mc)
			r->of_memchr = paired_ratio(mc, r);
	}

	if (opt.callgrind && s->raw_len > CALLGRIND_MAX) {
		fprintf(hout, "callgrind: skipped for %s (larger than %d MB; "
		              "instruction counts need no more data)\n",
		        s->name, CALLGRIND_MAX >> 20);
	} else if (opt.callgrind) {
		for (size_t i = first; i < nrows; i++) {
			struct row *r = &rows[i];
			double a = callgrind_ir(r, 1), b = callgrind_ir(r, 2);
			if (a >= 0 && b >= 0)
				r->ir_url = (b - a) / (double)s->n;
			else
				fprintf(hout, "  callgrind failed for %s\n",
				        r->p->id);
		}
	}

	fputc('\n', hout);
	print_header(s->is_log);
	for (size_t i = first; i < nrows; i++)
		print_row(&rows[i]);
	if (s->is_log)
		print_log_ratios(&rows[first], nrows - first);
}

/* ------------------------------------------------------------------ */
/* Summary and JSON                                                    */

static const struct row *find_row(const struct bench_set *s, const char *id)
{
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].set == s && strcmp(rows[i].p->id, id) == 0)
			return &rows[i];
	return NULL;
}

static void print_summary(void)
{
	int any = 0;
	for (size_t i = 0; i < nsets; i++) {
		const struct bench_set *s = &sets[i];
		const struct row *p = find_row(s, CHECK_A_PARSE);
		const struct row *v = find_row(s, CHECK_A);
		const struct row *u = find_row(s, REF_ID);
		if (p == NULL)
			continue;
		if (!any)
			fprintf(hout, "\nsummary (ratios of URLs/s, median of "
			              "per-repetition ratios):\n");
		any = 1;
		fprintf(hout, "  %-22s rfc3986 parse = ", s->name);
		if (u)
			fprintf(hout, "%.2fx uriparser", p->ratio_ref);
		else
			fputs("(no uriparser)", hout);
		if (v)
			fprintf(hout, "; validate = %.2fx parse",
			        paired_ratio(p, v));
		if (u && (strcmp(s->name, "kasztp") == 0 ||
		          strcmp(s->name, "userbait") == 0))
			fprintf(hout, "  [target >= 2x: %s]",
			        p->ratio_ref >= 2 ? "met" : "NOT met");
		fputc('\n', hout);
	}
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		size_t gl = ours_extract(r->p);
		const char *v = r->p->id + gl;
		if (gl == 0 || (strcmp(v, "extract") != 0 &&
		                strcmp(v, "extract-stream") != 0))
			continue;
		double mb = (double)r->set->bytes /
		            ((double)r->set->n * r->med) * 1e3;
		if (!any)
			fprintf(hout, "\nsummary:\n");
		any = 1;
		fprintf(hout, "  %-22s %s = %.0f MB/s", r->set->name, r->p->id,
		        mb);
		if (!isnan(r->vs_hs))
			fprintf(hout, ", %.2fx hyperscan", r->vs_hs);
		if (!isnan(r->of_memmem))
			fprintf(hout, ", %.0f%% of memmem", r->of_memmem * 100);
		fprintf(hout, "  [>= 1 GB/s: %s; >= hyperscan: %s]\n",
		        mb >= 1000 ? "met" : "NOT met",
		        isnan(r->vs_hs) ? "no hyperscan"
		        : r->vs_hs >= 1 ? "met" : "NOT met");
	}
	uint64_t bad = 0;
	for (size_t i = 0; i < ncchecks; i++)
		bad += cchecks[i].must_agree && cchecks[i].na != cchecks[i].nb;
	if (ncchecks)
		fprintf(hout, "extraction count checks: %llu mismatch%s between "
		              "uriscan's extraction rows\n",
		        (unsigned long long)bad, bad == 1 ? "" : "es");
	size_t noisy = 0;
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].med > 0 &&
		    (rows[i].hi - rows[i].lo) / 2 / rows[i].med * 100 > NOISY_PCT)
			noisy++;
	if (noisy)
		fprintf(hout, "%zu row%s marked noisy (spread > %.0f%%): the "
		              "machine was busy; the ratios are paired per "
		              "repetition, but rerun to be sure\n",
		        noisy, noisy == 1 ? "" : "s", NOISY_PCT);
	uint64_t dis = 0;
	for (size_t i = 0; i < nchecks; i++)
		dis += checks[i].disagreements;
	if (nchecks)
		fprintf(hout, "verdict checks: %llu disagreement%s in total\n",
		        (unsigned long long)dis, dis == 1 ? "" : "s");
}

static void write_json(FILE *f)
{
	fprintf(f, "{\n  \"schema\": \"uriscan-bench/1\",\n  \"meta\": {\n");
	fputs("    \"date\": ", f);
	json_cstr(f, date_utc);
	fputs(",\n    \"cpu\": ", f);
	json_cstr(f, cpu_model);
	fprintf(f, ",\n    \"cpus_online\": %ld,\n    \"pinned\": ", ncpu);
	json_cstr(f, pinned);
	fputs(",\n    \"kernel\": ", f);
	json_cstr(f, kernel);
	fputs(",\n    \"compiler\": ", f);
	json_cstr(f, compiler());
	fputs(",\n    \"build\": ", f);
	json_cstr(f, BENCH_BUILD_INFO);
	fputs(",\n    \"libraries\": [", f);
	for (size_t i = 0; i < nversions; i++) {
		if (i)
			fputs(", ", f);
		json_cstr(f, versions[i]);
	}
	fprintf(f, "],\n    \"reps\": %d,\n    \"min_time_s\": ", opt.reps);
	json_num(f, opt.min_time);
	fputs(",\n    \"statistic\": \"median of repetitions; ratios: "
	      "median of per-repetition ratios of URLs/s\",\n", f);
	fputs("    \"reference\": \"" REF_ID "\",\n    \"limit\": \"" LIMIT_ID
	      "\",\n    \"parsers\": [",
	      f);
	for (size_t i = 0; i < nall; i++) {
		fprintf(f, "%s\n      {\"id\": ", i ? "," : "");
		json_cstr(f, all[i]->id);
		fputs(", \"task\": ", f);
		json_cstr(f, task_name(all[i]->task));
		fputs(", \"grammar\": ", f);
		json_cstr(f, all[i]->grammar);
		fputs(", \"what\": ", f);
		json_cstr(f, all[i]->what);
		fputc('}', f);
	}
	fputs("\n    ]\n  },\n  \"datasets\": [", f);
	for (size_t i = 0; i < nsets; i++) {
		const struct bench_set *s = &sets[i];
		fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
		json_cstr(f, s->name);
		fputs(", \"path\": ", f);
		json_cstr(f, s->path);
		fprintf(f, ", \"kind\": \"%s\", \"lines\": %zu, \"bytes\": "
		           "%llu}",
		        s->is_log ? "log" : "urls", s->n,
		        (unsigned long long)s->bytes);
	}
	fputs("\n  ],\n  \"checks\": [", f);
	for (size_t i = 0; i < nchecks; i++) {
		const struct check *c = &checks[i];
		fprintf(f, "%s\n    {\"dataset\": ", i ? "," : "");
		json_cstr(f, c->set->name);
		fputs(", \"a\": ", f);
		json_cstr(f, c->a);
		fputs(", \"b\": ", f);
		json_cstr(f, c->b);
		fprintf(f, ", \"compared\": %llu, \"disagreements\": %llu, "
		           "\"examples\": [",
		        (unsigned long long)c->compared,
		        (unsigned long long)c->disagreements);
		for (size_t k = 0; k < c->nex; k++) {
			size_t li = c->ex[k];
			fprintf(f, "%s{\"line\": %zu, \"a\": %s, \"b\": %s, "
			           "\"input\": ",
			        k ? ", " : "", li + 1,
			        c->exa[k] ? "true" : "false",
			        c->exb[k] ? "true" : "false");
			json_str(f, c->set->text + c->set->off[li],
			         c->set->len[li]);
			fputc('}', f);
		}
		fputs("]}", f);
	}
	fputs("\n  ],\n  \"count_checks\": [", f);
	for (size_t i = 0; i < ncchecks; i++) {
		const struct count_check *c = &cchecks[i];
		fprintf(f, "%s\n    {\"dataset\": ", i ? "," : "");
		json_cstr(f, c->set->name);
		fputs(", \"a\": ", f);
		json_cstr(f, c->a);
		fputs(", \"b\": ", f);
		json_cstr(f, c->b);
		fprintf(f, ", \"found_a\": %llu, \"found_b\": %llu, "
		           "\"must_agree\": %s}",
		        (unsigned long long)c->na, (unsigned long long)c->nb,
		        c->must_agree ? "true" : "false");
	}
	fputs("\n  ],\n  \"results\": [", f);
	for (size_t i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		const struct bench_set *s = r->set;
		fprintf(f, "%s\n    {\"parser\": ", i ? "," : "");
		json_cstr(f, r->p->id);
		fputs(", \"task\": ", f);
		json_cstr(f, task_name(r->p->task));
		fputs(", \"grammar\": ", f);
		json_cstr(f, r->p->grammar);
		fputs(", \"dataset\": ", f);
		json_cstr(f, s->name);
		fprintf(f, ", \"urls\": %zu, \"bytes\": %llu", s->n,
		        (unsigned long long)s->bytes);
		if (r->p->task == BENCH_LIMIT)
			fputs(", \"accepted\": null, \"rejected\": null", f);
		else if (r->p->task == BENCH_EXTRACT)
			fprintf(f, ", \"accepted\": %llu, \"rejected\": null",
			        (unsigned long long)r->accepted);
		else
			fprintf(f, ", \"accepted\": %llu, \"rejected\": %llu",
			        (unsigned long long)r->accepted,
			        (unsigned long long)(s->n - r->accepted));
		fputs(",\n     \"ns_per_url\": ", f);
		json_num(f, r->med);
		fputs(", \"ns_min\": ", f);
		json_num(f, r->lo);
		fputs(", \"ns_max\": ", f);
		json_num(f, r->hi);
		fputs(", \"urls_per_s\": ", f);
		json_num(f, 1e9 / r->med);
		fputs(", \"mb_per_s\": ", f);
		json_num(f, (double)s->bytes / ((double)s->n * r->med) * 1e3);
		fputs(", \"found_per_s\": ", f);
		json_num(f, r->p->task == BENCH_EXTRACT
		                ? (double)r->accepted * 1e9 /
		                      ((double)s->n * r->med)
		                : NAN);
		fputs(",\n     \"ratio_uriparser\": ", f);
		json_num(f, r->ratio_ref);
		fputs(", \"ratio_limit\": ", f);
		json_num(f, r->ratio_limit);
		fputs(",\n     \"ratio_hyperscan\": ", f);
		json_num(f, r->vs_hs);
		fputs(", \"ratio_pcre2\": ", f);
		json_num(f, r->vs_pcre);
		fputs(", \"ratio_memmem\": ", f);
		json_num(f, r->of_memmem);
		fputs(", \"ratio_memchr\": ", f);
		json_num(f, r->of_memchr);
		fputs(", \"ir_per_url\": ", f);
		json_num(f, r->ir_url);
		fprintf(f, ", \"passes_per_rep\": %llu, \"stable\": %s}",
		        (unsigned long long)r->passes,
		        r->unstable ? "false" : "true");
	}
	fputs("\n  ]\n}\n", f);
}

/* ------------------------------------------------------------------ */
/* main                                                                */

static void usage(FILE *f)
{
	fputs("usage: bench [OPTIONS] PATH...\n"
	      "PATH: a file with one URL per line, a *.log file (log text),\n"
	      "      or a directory (its *.txt and *.log files)\n"
	      "  --reps N        timed repetitions (default 7)\n"
	      "  --min-time S    seconds per repetition per parser (0.1)\n"
	      "  --warmup S      warm-up seconds per parser (0.05)\n"
	      "  --cpu N         pin the process to CPU N\n"
	      "  --only LIST     comma-separated parser ids or prefixes\n"
	      "                  (uriparser, limit:byte-loop and, on logs,\n"
	      "                  hyperscan, pcre2-jit, limit:memmem and\n"
	      "                  limit:memchr always run)\n"
	      "  --log PATH      read PATH as log text whatever its name\n"
	      "  --json          JSON on stdout, the table on stderr\n"
	      "  --save FILE     also write the JSON to FILE\n"
	      "  --callgrind     add instructions per URL (valgrind)\n"
	      "  --check-only    counts and verdict checks, no timing\n"
	      "  --check ID      also compare ID's verdicts with uriscan's\n"
	      "                  (RFC 3986), e.g. --check boost-url\n"
	      "  --examples N    disagreements to print per check (5)\n"
	      "  --list          list the parsers compiled in\n"
	      "  --help\n",
	      f);
}

static double num_arg(const char *o, const char *v, double lo, double hi)
{
	char *end;
	if (v == NULL)
		die("%s needs a value", o);
	double d = strtod(v, &end);
	if (*end != '\0' || !(d >= lo && d <= hi))
		die("%s: bad value '%s'", o, v);
	return d;
}

int main(int argc, char **argv)
{
	int list = 0;
	hout = stdout;
	collect_parsers();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--reps") == 0) {
			opt.reps = (int)num_arg(a, v, 1, 256);
			i++;
		} else if (strcmp(a, "--min-time") == 0) {
			opt.min_time = num_arg(a, v, 0, 3600);
			i++;
		} else if (strcmp(a, "--warmup") == 0) {
			opt.warmup = num_arg(a, v, 0, 3600);
			i++;
		} else if (strcmp(a, "--cpu") == 0) {
			opt.cpu = (int)num_arg(a, v, 0, CPU_SETSIZE - 1);
			i++;
		} else if (strcmp(a, "--only") == 0) {
			if (v == NULL)
				die("--only needs a value");
			opt.only = v;
			i++;
		} else if (strcmp(a, "--log") == 0) {
			if (v == NULL)
				die("--log needs a path");
			load_path(v, 1);
			i++;
		} else if (strcmp(a, "--json") == 0) {
			opt.json = 1;
		} else if (strcmp(a, "--save") == 0) {
			if (v == NULL)
				die("--save needs a file");
			opt.save = v;
			i++;
		} else if (strcmp(a, "--callgrind") == 0) {
			opt.callgrind = 1;
		} else if (strcmp(a, "--check-only") == 0) {
			opt.check_only = 1;
		} else if (strcmp(a, "--check") == 0) {
			if (v == NULL || find_parser(v) == NULL)
				die("--check needs a parser id (see --list)");
			if (opt.nextra < 16)
				opt.extra_check[opt.nextra++] = v;
			i++;
		} else if (strcmp(a, "--examples") == 0) {
			opt.examples = (int)num_arg(a, v, 0, 16);
			i++;
		} else if (strcmp(a, "--ir-child") == 0) {
			opt.ir_child = v;
			i++;
		} else if (strcmp(a, "--ir-passes") == 0) {
			opt.ir_passes = (int)num_arg(a, v, 0, 100);
			i++;
		} else if (strcmp(a, "--list") == 0) {
			list = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (a[0] == '-' && a[1] == '-') {
			usage(stderr);
			die("unknown option %s", a);
		} else {
			load_path(a, 0);
		}
	}
	if (opt.ir_child)
		return child_main(opt.ir_child, opt.ir_passes);
	if (list) {
		for (size_t i = 0; i < nall; i++)
			printf("%-30s %-8s %-15s %s\n", all[i]->id,
			       task_name(all[i]->task), all[i]->grammar,
			       all[i]->what);
		return 0;
	}
	if (nsets == 0) {
		usage(stderr);
		die("no dataset given");
	}
	if (opt.json)
		hout = stderr;
	if (opt.cpu >= 0) {
		cpu_set_t cs;
		CPU_ZERO(&cs);
		CPU_SET(opt.cpu, &cs);
		if (sched_setaffinity(0, sizeof cs, &cs) != 0)
			die("--cpu %d: %s", opt.cpu, strerror(errno));
	}
	describe_machine();

	fprintf(hout, "uriscan bench: %s, %ld CPUs online, pinned: %s\n",
	        cpu_model, ncpu, pinned);
	fprintf(hout, "built with %s; %s\n", compiler(), BENCH_BUILD_INFO);
	fputs("libraries:", hout);
	for (size_t i = 0; i < nversions; i++)
		fprintf(hout, "%s %s", i ? "," : "", versions[i]);
	fprintf(hout, "\nmethod: %d repetitions of >= %.3g s per parser, "
	              "round-robin; median ns/URL, spread = (max-min)/2/median; "
	              "MB = 10^6 bytes\n",
	        opt.reps, opt.min_time);

	for (size_t i = 0; i < nsets; i++)
		bench_set_run(&sets[i]);
	if (!opt.check_only)
		print_summary();

	if (opt.json)
		write_json(stdout);
	if (opt.save) {
		FILE *f = fopen(opt.save, "w");
		if (f == NULL)
			die("%s: %s", opt.save, strerror(errno));
		write_json(f);
		if (fclose(f) != 0)
			die("%s: write error", opt.save);
		fprintf(hout, "saved %s\n", opt.save);
	}
	return 0;
}
