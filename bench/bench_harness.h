/* SPDX-License-Identifier: MIT */
/*
 * bench_harness.h: what the harness's own files (bench.c, bench_*.c) share:
 * options, datasets, parsers, rows and checks. Internal to the harness: the
 * parsers it times see only bench.h, and nothing here is timed.
 */
#ifndef URISCAN_BENCH_HARNESS_H
#define URISCAN_BENCH_HARNESS_H

#include <stdint.h>
#include <stdio.h>

#include "bench.h"

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
/* ada's rows (peers/peer_ada.cpp, with -Dada=DIR): the references of the
 * "vs ada" ratios of the validate and the parse rows. */
#define ADA_VALIDATE_ID "ada:can_parse"
#define ADA_PARSE_ID "ada:url_aggregator"
/* The second reference of the URI-operation rows ("boost-url:<op>"). */
#define BOOST_ID "boost-url"
/* uriscan's extraction rows are "uriscan:<grammar>:extract[-<variant>]" */
#define OURS_PREFIX "uriscan:"
/* --callgrind skips datasets larger than this (valgrind is ~50x slower) */
#define CALLGRIND_MAX (16 << 20)
/* a row whose spread exceeds this (percent) is marked "noisy" */
#define NOISY_PCT 10.0

/* Options (bench_options.c; set from the command line by bench.c). */
struct bench_opts {
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
};
extern struct bench_opts opt;
extern FILE *hout; /* human-readable output: stdout, or stderr with --json */

/* Failing allocation and fatal errors (bench_util.c): exit status 2. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Datasets (bench_datasets.c), in the order given. */
extern struct bench_set *sets;
extern size_t nsets;
/* PATH: a file, or a directory of *.txt and *.log; force_log: all log text */
void load_path(const char *path, int force_log);

/* Parsers compiled in (bench_registry.c). */
extern const struct bench_parser **all;
extern size_t nall;
extern const char *versions[16];
extern size_t nversions;
void collect_parsers(void);
const struct bench_parser *find_parser(const char *id);
int selected(const struct bench_parser *p); /* --only */
int applies(const struct bench_parser *p, const struct bench_set *s);
const char *task_name(enum bench_task t);

/* A parser timed on a dataset: a row of the report (bench_rows.c; filled
 * by the timing loop, bench_run.c). */
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
	double mis_url;     /* callgrind's simulated mispredicted branches per URL,
	                       conditional and indirect; NAN if not measured */
	/* log text: speed over hyperscan's and pcre2-jit's, and as a share of
	 * limit:memmem's and limit:memchr's (paired, NAN if not timed) */
	double vs_hs, vs_pcre, of_memmem, of_memchr;
	/* operations: URLs/s over boost-url:<op>'s (paired, NAN if none) */
	double ratio_boost;
	/* validate rows: URLs/s over ada:can_parse's; parse rows: over
	 * ada:url_aggregator's (paired, NAN without ada) */
	double ratio_ada;
};
extern struct row *rows;
extern size_t nrows;
extern volatile uint64_t bench_sink; /* defeats dead-code elimination */
/* A new row of p on s at the end of rows[], nothing measured yet. */
struct row *row_add(const struct bench_parser *p, const struct bench_set *s);
/* The median of v[0..n), NAN if n is 0. */
double median(const double *v, size_t n);
/* Median over repetitions of ref.ns[r] / r.ns[r] (paired). */
double paired_ratio(const struct row *ref, const struct row *r);
/* Warm-up, checks, timed repetitions and the table of one dataset
 * (bench_run.c). */
void bench_set_run(const struct bench_set *s);

/* Verdict checks and extraction count checks (bench_checks.c). */
struct check {
	const struct bench_set *set;
	const char *a, *b;
	uint64_t compared, disagreements;
	size_t nex;
	size_t ex[16]; /* line indices */
	int exa[16], exb[16];
};
extern struct check *checks;
extern size_t nchecks;

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
extern struct count_check *cchecks;
extern size_t ncchecks;

void run_check(const struct bench_set *s, const char *ida, const char *idb);
/* s[0..n) printable (bytes outside 0x20..0x7e as \xHH), at most max */
void put_escaped(FILE *f, const char *s, size_t n, size_t max);
void count_checks(const struct row *r0, size_t nr);
/* "uriscan:<g>:extract..." -> length of "uriscan:<g>:", else 0 */
size_t ours_extract(const struct bench_parser *p);

/* URI operations (bench_opcheck.c): results of uriscan's operation rows
 * compared with each peer's row of the same operation, before timing;
 * differences counted by class, never fatal. */
enum op_class {
	OPC_A_REJECTS, OPC_B_REJECTS, OPC_IPV6, OPC_CASE, OPC_PERCENT,
	OPC_DOTS, OPC_OTHER, OP_CLASSES
};
extern const char *const op_class_names[OP_CLASSES];
struct op_check {
	const struct bench_set *set;
	const char *a, *b;
	uint64_t compared, agree;
	uint64_t cls[OP_CLASSES];
	size_t nex;
	size_t ex[16]; /* line indices, the first of each class */
	enum op_class excls[16];
};
extern struct op_check *opchecks;
extern size_t nopchecks;
/* "uriscan:rfc3986:resolve:rel" -> "resolve:rel"; NULL: not an operation */
const char *op_key(const struct bench_parser *p);
void ops_prepare(struct bench_set *s); /* the derived relative references */
void ops_checks(const struct bench_set *s);
void ops_ratios(struct row *r0, size_t nr);

/* Instruction counts (bench_callgrind.c). */
void callgrind_rows(const struct bench_set *s, struct row *r0, size_t nr);
int callgrind_child_main(const char *id, int passes);

/* The machine and the build (bench_machine.c). */
struct bench_machine {
	char cpu_model[160];
	char pinned[64];
	long ncpu;
	char kernel[160];
	char date_utc[40];
	char simd[160]; /* the SIMD the CPU offers uriscan, and URISCAN_NO_* */
};
extern struct bench_machine machine;
void describe_machine(void);
const char *compiler(void);

/* Reports: the terminal table (bench_table.c), the JSON (bench_json.c). */
void print_banner(void);
void print_header(int is_log);
void print_row(const struct row *r);
void print_log_ratios(const struct row *r0, size_t nr);
void print_summary(void);
void write_json(FILE *f);

#endif
