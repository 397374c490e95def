/*
 * test_vectors.c: table-driven conformance test for a grammar (RFC 3986 by
 * default).
 * No timing (speed is measured only in bench/).
 *
 * Usage: test_vectors [-g GRAMMAR] [--t0] [--coverage N] FILE...
 *
 * -g GRAMMAR  the grammar the files are for (default rfc3986); must come
 *             before the files.
 *
 * Reads vector files (format: the header of tests/vectors/rfc3986.tsv; the
 * RFC 2396/1738 files add form=RULE, KEY@OFFSET=VALUE and more keys) and
 * prints one TAP point per case. Each case is run through
 * uriscan_parse_rule and uriscan_validate_rule, which must agree with the
 * expectation and with each other, from three copies of the input: one on
 * the heap, one that ends exactly at a PROT_NONE page and one that starts
 * exactly after a PROT_NONE page (over- and under-reads fault).
 *
 * --t0        also run every case through uriscan__run with the library's own
 *             build (uriscan__gen_<grammar>_main) and the table-driven -T0
 *             build (uriscan__gen_<grammar>_t0); all results must be identical.
 * --coverage N  finally check that every rule of the grammar has at least N
 *             valid and N invalid cases in the files (path-empty, which
 *             matches only "", needs one valid case) and an empty-input case
 *             (so length 0 at a page boundary is run for every rule).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "tap.h"
#include "vec.h"
#include "uriscan-config.h"
#include "uriscan.h"

/* The -T0 builds of the grammars (ragel/meson.build: uriscan_gen_t0). */
#if URISCAN_HAVE_RFC3986
extern const struct uriscan__gen uriscan__gen_rfc3986_t0;
#endif
#if URISCAN_HAVE_RFC2396
extern const struct uriscan__gen uriscan__gen_rfc2396_t0;
#endif
#if URISCAN_HAVE_RFC1738
extern const struct uriscan__gen uriscan__gen_rfc1738_t0;
#endif
#if URISCAN_HAVE_RFC3987
extern const struct uriscan__gen uriscan__gen_rfc3987_t0;
#endif

static const struct {
	enum uriscan_grammar g;
	const struct uriscan__gen *main, *t0;
} builds[] = {
#if URISCAN_HAVE_RFC3986
    {URISCAN_RFC3986, &uriscan__gen_rfc3986_main, &uriscan__gen_rfc3986_t0},
#endif
#if URISCAN_HAVE_RFC2396
    {URISCAN_RFC2396, &uriscan__gen_rfc2396_main, &uriscan__gen_rfc2396_t0},
#endif
#if URISCAN_HAVE_RFC1738
    {URISCAN_RFC1738, &uriscan__gen_rfc1738_main, &uriscan__gen_rfc1738_t0},
#endif
#if URISCAN_HAVE_RFC3987
    {URISCAN_RFC3987, &uriscan__gen_rfc3987_main, &uriscan__gen_rfc3987_t0},
#endif
};

/* The grammar under test (-g; RFC 3986 without it) and its two builds. */
static enum uriscan_grammar G = URISCAN_RFC3986;
static const struct uriscan__gen *gen_main, *gen_t0;

#define NCOMP URISCAN_COMPONENT_COUNT

static const char *const comp_key[NCOMP] = {
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

/* One vector. Strings point into the line buffer `line`. */
struct vcase {
	const char *file;
	unsigned lineno;
	char *line;
	const char *text; /* the input as written in the file */
	const char *rule_name;
	unsigned rule;
	unsigned char *input;
	size_t len;
	int valid;
	/* valid: */
	int check_parts; /* 0 for '*' */
	uint32_t present;
	const unsigned char *val[NCOMP];
	size_t val_len[NCOMP];
	uint32_t exp_off[NCOMP]; /* where the component must be (derived) */
	uint32_t explicit_off; /* components written KEY@OFFSET=VALUE */
	uint32_t xoff[NCOMP];  /* their offsets */
	enum uriscan_host_type host_type;
	enum uriscan_kind kind;
	unsigned form; /* URISCAN_FORM_NONE unless a form=RULE word */
	/* invalid: */
	int status;
	size_t offset;
};

static unsigned rule_authority = ~0u;
static unsigned rule_count;
static unsigned *cov_valid, *cov_invalid, *cov_empty;

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
static const char *parse_line(struct vcase *v, char *line)
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

/* ------------------------------------------------------------------ */
/* Placing inputs                                                      */

static size_t page;
static unsigned char *guard_base; /* [PROT_NONE][data pages][PROT_NONE] */
static size_t guard_data;         /* size of the data pages */

/* Make room for len bytes between two PROT_NONE pages. */
static int guard_reserve(size_t len)
{
	size_t need = (len + page - 1) / page * page;
	if (need == 0)
		need = page;
	if (guard_base && need <= guard_data)
		return 1;
	if (guard_base)
		munmap(guard_base, guard_data + 2 * page);
	void *m = mmap(NULL, need + 2 * page, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		guard_base = NULL;
		return 0;
	}
	guard_base = m;
	guard_data = need;
	if (mprotect(guard_base, page, PROT_NONE) != 0 ||
	    mprotect(guard_base + page + need, page, PROT_NONE) != 0)
		return 0;
	return 1;
}

enum placement { PL_HEAP, PL_GUARD_END, PL_GUARD_START, PL_COUNT };
static const char *const placement_name[PL_COUNT] = {
    "heap copy", "copy ending at a PROT_NONE page",
    "copy starting after a PROT_NONE page"};

/* A copy of the input placed as asked; *heap is set to free later. */
static const char *place(const struct vcase *v, enum placement pl,
                         unsigned char **heap)
{
	unsigned char *d;
	*heap = NULL;
	switch (pl) {
	case PL_HEAP:
		*heap = malloc(v->len ? v->len : 1);
		if (*heap && v->len)
			memcpy(*heap, v->input, v->len);
		return (const char *)*heap;
	case PL_GUARD_END:
		if (!guard_reserve(v->len))
			return NULL;
		d = guard_base + page + guard_data - v->len;
		break;
	case PL_GUARD_START:
		if (!guard_reserve(v->len))
			return NULL;
		d = guard_base + page;
		break;
	default:
		return NULL;
	}
	if (v->len)
		memcpy(d, v->input, v->len);
	return (const char *)d;
}

/* ------------------------------------------------------------------ */
/* Running and checking                                                */

enum backend { BK_API, BK_MAIN, BK_T0, BK_COUNT };
static const char *const backend_name[BK_COUNT] = {
    "public API", "uriscan__run(main build)", "uriscan__run(-T0 build)"};

struct result {
	int pstatus; /* parse */
	struct uriscan_uri u;
	int vstatus; /* validate */
	size_t veo;
};

static void run(enum backend b, unsigned rule, const char *s, size_t len,
                struct result *r)
{
	/* garbage in, so fields that are never written show up */
	memset(&r->u, 0xa5, sizeof r->u);
	r->veo = (size_t)0xa5a5a5a5u;
	switch (b) {
	case BK_API:
		r->pstatus = uriscan_parse_rule(G, rule, s, len, 0,
		                                &r->u);
		r->vstatus = uriscan_validate_rule(G, rule, s, len,
		                                   0, &r->veo);
		break;
	case BK_MAIN:
	case BK_T0: {
		const struct uriscan__gen *g = b == BK_MAIN ? gen_main : gen_t0;
		r->pstatus = uriscan__run(g, G, rule, s, len, 0,
		                          &r->u, NULL);
		r->vstatus = uriscan__run(g, G, rule, s, len, 0,
		                          NULL, &r->veo);
		break;
	}
	default:
		break;
	}
}

static const char *stname(int st)
{
	return uriscan_status_name(st);
}

__attribute__((format(printf, 2, 3))) static void diag_who(const char *who,
                                                          const char *fmt,
                                                          ...)
{
	va_list ap;
	printf("#   %s: ", who);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* 1 if r meets the expectation of v, else 0 with a diagnostic. */
static int check_result(const struct vcase *v, const struct result *r,
                        const char *who)
{
	const struct uriscan_uri *u = &r->u;
	int ok = 1;
#define FAIL(...)                                                              \
	do {                                                                       \
		diag_who(who, __VA_ARGS__);                                            \
		ok = 0;                                                                \
	} while (0)
	if (r->pstatus != r->vstatus || u->error_offset != r->veo)
		FAIL("parse and validate disagree");
	if (v->valid) {
		if (r->pstatus != URISCAN_OK)
			FAIL("expected valid");
		if (r->pstatus != URISCAN_OK || r->vstatus != URISCAN_OK) {
			tap_diag("    parse %s@%zu, validate %s@%zu",
			         stname(r->pstatus), u->error_offset,
			         stname(r->vstatus), r->veo);
			return 0;
		}
		if (u->error_offset != 0 || r->veo != 0)
			FAIL("error offset not 0 on success");
		if (u->grammar != G || u->rule != v->rule)
			FAIL("grammar/rule not recorded");
		for (int c = 0; c < NCOMP; c++)
			if (((u->present >> c) & 1u) &&
			    (uint64_t)u->part[c].off + u->part[c].len > v->len)
				FAIL("span of %s out of the input", comp_key[c]);
		if (!v->check_parts)
			return ok;
		if (u->present != v->present)
			FAIL("present bits 0x%x, expected 0x%x",
			     (unsigned)u->present, (unsigned)v->present);
		for (int c = 0; c < NCOMP; c++) {
			if (!((v->present & u->present) >> c & 1u))
				continue;
			if (u->part[c].off != v->exp_off[c] ||
			    u->part[c].len != v->val_len[c])
				FAIL("%s is [%u,+%u), expected [%u,+%zu)",
				     comp_key[c],
				     (unsigned)u->part[c].off,
				     (unsigned)u->part[c].len,
				     (unsigned)v->exp_off[c], v->val_len[c]);
		}
		if (u->host_type != v->host_type)
			FAIL("host_type %s, expected %s",
			     uriscan_host_type_name(u->host_type),
			     uriscan_host_type_name(v->host_type));
		if (u->kind != v->kind)
			FAIL("kind %s, expected %s",
			     uriscan_kind_name(u->kind), uriscan_kind_name(v->kind));
		if (u->form != v->form)
			FAIL("form %s, expected %s",
			     u->form == URISCAN_FORM_NONE ? "none"
			                                  : uriscan_rule_name(G, u->form),
			     v->form == URISCAN_FORM_NONE ? "none"
			                                  : uriscan_rule_name(G, v->form));
	} else {
		if (r->pstatus != v->status || u->error_offset != v->offset ||
		    r->vstatus != v->status || r->veo != v->offset)
			FAIL("parse %s@%zu, validate %s@%zu, expected %s@%zu",
			     stname(r->pstatus), u->error_offset,
			     stname(r->vstatus), r->veo, stname(v->status),
			     v->offset);
		if (r->pstatus != URISCAN_OK &&
		    (u->present != 0 || u->host_type != URISCAN_HOST_NONE ||
		     u->kind != URISCAN_KIND_NONE || u->form != URISCAN_FORM_NONE))
			FAIL("failed parse reports components/host_type/kind");
	}
#undef FAIL
	return ok;
}

/* 1 if two runs gave identical results (status, offsets, components). */
static int same_result(const struct result *a, const struct result *b)
{
	if (a->pstatus != b->pstatus || a->vstatus != b->vstatus ||
	    a->veo != b->veo || a->u.error_offset != b->u.error_offset ||
	    a->u.present != b->u.present || a->u.host_type != b->u.host_type ||
	    a->u.kind != b->u.kind || a->u.form != b->u.form)
		return 0;
	for (int c = 0; c < NCOMP; c++)
		if ((a->u.present >> c & 1u) &&
		    (a->u.part[c].off != b->u.part[c].off ||
		     a->u.part[c].len != b->u.part[c].len))
			return 0;
	return 1;
}

static int use_t0;
static int no_guard; /* mmap failed: heap copies only */

static void run_case(const struct vcase *v)
{
	struct result first, r;
	int ok = 1, have_first = 0;
	int nb = use_t0 ? BK_COUNT : 1;
	char who[160];

	for (int pl = 0; pl < (no_guard ? 1 : PL_COUNT); pl++) {
		unsigned char *heap;
		const char *s = place(v, (enum placement)pl, &heap);
		if (s == NULL) {
			tap_diag("  cannot place the input (%s)", strerror(errno));
			ok = 0;
			continue;
		}
		for (int b = 0; b < nb; b++) {
			run((enum backend)b, v->rule, s, v->len, &r);
			snprintf(who, sizeof who, "%s, %s", backend_name[b],
			         placement_name[pl]);
			if (!check_result(v, &r, who))
				ok = 0;
			if (!have_first) {
				first = r;
				have_first = 1;
			} else if (!same_result(&first, &r)) {
				tap_diag("  %s: result differs from the first run "
				         "(public API, heap copy)", who);
				ok = 0;
			}
		}
		free(heap);
	}
	/* '#' would start a TAP directive: write it as the files do, \x23 */
	char shown[200];
	size_t n = 0;
	for (const char *t = v->text; *t && n + 8 < sizeof shown; t++) {
		if (*t == '#') {
			memcpy(shown + n, "\\x23", 4);
			n += 4;
		} else {
			shown[n++] = *t;
		}
	}
	if (v->text[0] && n + 8 >= sizeof shown) {
		memcpy(shown + n, "...", 3);
		n += 3;
	}
	shown[n] = '\0';
	tap_ok(ok, "%s:%u %s %s %s", v->file, v->lineno,
	       v->valid ? "valid" : "invalid", v->rule_name,
	       v->len ? shown : "(empty)");
	if (v->valid)
		cov_valid[v->rule]++;
	else
		cov_invalid[v->rule]++;
	if (v->len == 0)
		cov_empty[v->rule]++;
}

static void run_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0, cases = 0;
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (f == NULL) {
		tap_ok(0, "open %s: %s", path, strerror(errno));
		return;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		struct vcase v;
		memset(&v, 0, sizeof v);
		v.file = base;
		v.lineno = lineno;
		v.line = strdup(line);
		if (v.line == NULL) {
			tap_ok(0, "out of memory");
			break;
		}
		const char *err = parse_line(&v, v.line);
		if (err)
			tap_ok(0, "%s:%u: malformed vector: %s", base, lineno, err);
		else
			run_case(&v);
		cases++;
		free(v.input);
		free(v.line);
	}
	free(line);
	fclose(f);
	tap_ok(cases > 0, "%s: %u cases", base, cases);
}

int main(int argc, char **argv)
{
	unsigned coverage = 0;
	int nfiles = 0;
	long ps = sysconf(_SC_PAGESIZE);

	page = ps > 0 ? (size_t)ps : 4096;
	if (argc > 2 && strcmp(argv[1], "-g") == 0) {
		if (uriscan_grammar_from_name(argv[2], &G) != URISCAN_OK) {
			fprintf(stderr, "unknown grammar %s\n", argv[2]);
			return 99;
		}
		argv += 2;
		argc -= 2;
	}
	for (unsigned i = 0; i < sizeof builds / sizeof builds[0]; i++)
		if (builds[i].g == G) {
			gen_main = builds[i].main;
			gen_t0 = builds[i].t0;
		}
	if (gen_main == NULL) {
		fprintf(stderr, "grammar %s is not built\n", uriscan_grammar_name(G));
		return 99;
	}
	/* RFC 3987 names it iauthority; RFC 1738 has no authority rule */
	if (uriscan_rule_from_name(G, "authority", &rule_authority) !=
	        URISCAN_OK &&
	    uriscan_rule_from_name(G, "iauthority", &rule_authority) !=
	        URISCAN_OK &&
	    G != URISCAN_RFC1738)
		tap_ok(0, "the authority rule exists");
	rule_count = uriscan_rule_count(G);
	if (!guard_reserve(page)) {
		no_guard = 1;
		tap_skip("cannot mmap guard pages: no over-read checks");
	}
	cov_valid = calloc(rule_count + 1, sizeof *cov_valid);
	cov_invalid = calloc(rule_count + 1, sizeof *cov_invalid);
	cov_empty = calloc(rule_count + 1, sizeof *cov_empty);
	if (!cov_valid || !cov_invalid || !cov_empty)
		return 99;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--t0") == 0) {
			use_t0 = 1;
		} else if (strcmp(argv[i], "--coverage") == 0 && i + 1 < argc) {
			coverage = (unsigned)strtoul(argv[++i], NULL, 10);
		} else {
			run_file(argv[i]);
			nfiles++;
		}
	}
	if (nfiles == 0) {
		fprintf(stderr, "usage: %s [--t0] [--coverage N] FILE...\n",
		        argv[0]);
		return 99;
	}
	if (use_t0) {
		tap_ok(gen_t0 != gen_main &&
		           (*gen_t0).rules !=
		               (*gen_main).rules &&
		           (*gen_t0).count > 0 &&
		           (*gen_t0).rules[0].validate !=
		               (*gen_main).rules[0].validate,
		       "the -T0 build is a separate build");
		tap_ok((*gen_t0).count ==
		               (*gen_main).count &&
		           (*gen_t0).default_rule ==
		               (*gen_main).default_rule,
		       "-T0 and main builds have the same rule table shape");
		for (unsigned i = 0; i < (*gen_t0).count &&
		                     i < (*gen_main).count;
		     i++)
			if (strcmp((*gen_t0).rules[i].name,
			           (*gen_main).rules[i].name) != 0)
				tap_ok(0, "rule %u is named alike in both builds", i);
	}
	if (coverage) {
		for (unsigned i = 0; i < rule_count; i++) {
			const char *name = uriscan_rule_name(G, i);
			/* path-empty = 0<pchar> (and the like in other grammars),
			 * RFC 9112's asterisk-form = "*" and HTTP-name = %s"HTTP"
			 * match one string only */
			size_t nl = name ? strlen(name) : 0;
			unsigned need_valid =
			    (nl >= 10 && strcmp(name + nl - 10, "path-empty") == 0) ||
			            strcmp(name, "asterisk-form") == 0 ||
			            strcmp(name, "HTTP-name") == 0
			        ? 1
			        : coverage;
			tap_ok(cov_valid[i] >= need_valid &&
			           cov_invalid[i] >= coverage,
			       "rule %s has >= %u valid (%u) and >= %u invalid (%u) "
			       "cases",
			       name, need_valid, cov_valid[i], coverage,
			       cov_invalid[i]);
			/* so that length 0 at a page boundary is run for it */
			tap_ok(cov_empty[i] > 0, "rule %s has an empty-input case",
			       name);
		}
	}
	free(cov_valid);
	free(cov_invalid);
	free(cov_empty);
	if (guard_base)
		munmap(guard_base, guard_data + 2 * page);
	return tap_done();
}
