/* SPDX-License-Identifier: MIT */
/*
 * test_confusion.c: uriscan_confusion against tests/vectors/confusion.tsv
 * (format in its header): the exact set of flags of each URL, and for every
 * flag of URISCAN_CONFUSION_MAP at least one positive and one negative row.
 * Each URL is copied into a buffer of exactly its length. Every vector
 * also goes through uriscan_confusion_parsed (with the grammar's parse, or
 * NULL when the grammar refuses the URL) and must give the same set, and
 * so must every match uriscan_extract finds in it (from the match's bytes
 * and components). Both also against the full reading without the fast
 * path (uriscan__confusion_full, internal). Also the names of the flags
 * both ways, and the arguments. Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "confusion.h"
#include "gen.h"
#include "tap.h"
#include "uriscan.h"
#include "vec.h"

/* Vectors (and matches) the fast path decides (confusion_fast.c); each
 * answer of the fast path is checked against the full reading's. */
static unsigned n_fast;
/* ... of which with a flag ('%' after the authority: nul,
 * encoded_delimiter) */
static unsigned n_fast_flagged;
/* ... of which without "://" or with "file:" (confusion_fast.c's other
 * shapes: a path, a scheme that is not special, file's authority) */
static unsigned n_fast_shapes;
/* Vectors whose browser's host the plain-authority path reads */
static unsigned n_browser_fast;
/* ... of which by the AVX2 window (confusion_fast_parsed.c), when it runs */
static unsigned n_window;

/* Has buf[0, len) "://"? */
static int has_sss(const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i + 3 <= len; i++)
		if (memcmp(buf + i, "://", 3) == 0)
			return 1;
	return 0;
}

static const struct {
	uint32_t bit;
	const char *name;
} flags[] = {
#define ROW_(b, e, n) {URISCAN_CONFUSION_##e, n},
	URISCAN_CONFUSION_MAP(ROW_)
#undef ROW_
};
#define N_FLAGS (sizeof flags / sizeof flags[0])

static unsigned pos[N_FLAGS], neg[N_FLAGS];

static void names_of(uint32_t f, char *t, size_t cap)
{
	size_t n = 0;

	t[0] = '\0';
	for (unsigned i = 0; i < N_FLAGS; i++)
		if (f & flags[i].bit)
			n += (size_t)snprintf(t + n, cap - n, "%s%s", n ? "," : "",
			                      flags[i].name);
	if (n == 0)
		snprintf(t, cap, "-");
}

/* The bits named by a comma list ("-": none); ~0 for an unknown name. */
static uint32_t parse_names(char *list)
{
	uint32_t f = 0, b;
	char *tok;

	if (strcmp(list, "-") == 0)
		return 0;
	for (tok = strtok(list, ","); tok; tok = strtok(NULL, ","))
		if (uriscan_confusion_from_name(tok, strlen(tok), &b, NULL) != 0)
			return ~0u;
		else
			f |= b;
	return f;
}

/* Each match of the extractor in buf: its flags from its bytes and
 * components against uriscan_confusion on its bytes. */
struct xcheck {
	enum uriscan_grammar g;
	unsigned matches, same;
};

static int on_match(void *user, const struct uriscan_match *m)
{
	struct xcheck *x = user;
	uint32_t a = 1, b = 2;

	x->matches++;
	if (uriscan_confusion_parsed(m->bytes, m->nbytes,
	                             m->uri.present ? &m->uri : NULL, 0, &a,
	                             NULL) == URISCAN_OK &&
	    a == uriscan__confusion_full(m->bytes, m->nbytes,
	                                 m->uri.present ? &m->uri : NULL) &&
	    uriscan_confusion(x->g, m->bytes, m->nbytes, 0, &b, NULL) ==
	        URISCAN_OK &&
	    a == b)
		x->same++;
	return 0;
}

/* uriscan_browser_host of the vector buf[0, len) against its full reading
 * (without the fast path for a plain authority): status, error offset,
 * length and bytes, and one byte short. */
static void browser_same(const char *buf, size_t len, unsigned lineno)
{
	char a[512], b[512];
	size_t an = 0, bn = 0, boff = 0, sn = 0;
	struct uriscan_error e;
	int ast = uriscan_browser_host(buf, len, 0, a, sizeof a, &an, &e);
	int bst = uriscan__browser_host_full((const unsigned char *)buf, len, b,
	                                     sizeof b, &bn, &boff);
	/* the error struct's offset: for the syntax statuses and E_IDNA */
	size_t want_off = bst == URISCAN_E_SYNTAX || bst == URISCAN_E_INCOMPLETE ||
	                          bst == URISCAN_E_BAD_PERCENT ||
	                          bst == URISCAN_E_BAD_CHAR ||
	                          bst == URISCAN_E_BAD_UTF8 || bst == URISCAN_E_IDNA
	                      ? boff
	                      : 0;
	int ok = ast == bst && an == bn && e.offset == want_off &&
	         (ast != URISCAN_OK || memcmp(a, b, an) == 0);

	if (ok && ast == URISCAN_OK && an > 0)
		ok = uriscan_browser_host(buf, len, 0, a, an - 1, &sn, NULL) ==
		         URISCAN_E_BUFFER_TOO_SMALL &&
		     sn == an;
	n_browser_fast += uriscan__plain_host((const unsigned char *)buf, len,
	                                      &sn, &bn, &ast);
	tap_ok(ok, "line %u: browser_host %s, as its full reading", lineno,
	       uriscan_status_name(bst));
}

/* The vector buf[0, len) through uriscan_confusion_parsed: the same set
 * as uriscan_confusion (found), and the same for each extracted match. */
static void run_parsed(enum uriscan_grammar g, const char *buf, size_t len,
                       uint32_t found, unsigned lineno)
{
	struct uriscan_uri u;
	struct xcheck x = {g, 0, 0};
	struct uriscan_extract_options o = {sizeof o, 0, 0, NULL};
	uint32_t via = ~0u;
	uint64_t n = 0;
	int st = uriscan_parse(g, buf, len, 0, &u);
	int k = uriscan_confusion_parsed(buf, len, st == URISCAN_OK ? &u : NULL,
	                                 0, &via, NULL);

	const struct uriscan_uri *pu = st == URISCAN_OK ? &u : NULL;
	uint32_t full = uriscan__confusion_full(buf, len, pu);
	uint32_t ff = ~0u;
	int fast = uriscan__cf_fast((const unsigned char *)buf, len, pu, &ff);

	tap_ok(k == URISCAN_OK && via == found,
	       "line %u: uriscan_confusion_parsed gives %#x, "
	       "uriscan_confusion %#x",
	       lineno, (unsigned)via, (unsigned)found);
	n_fast += fast != 0;
	n_fast_flagged += fast && ff != 0;
	n_fast_shapes += fast && (len < 5 || strncmp(buf, "file:", 5) == 0 ||
	                          strncmp(buf, "FILE:", 5) == 0 ||
	                          !has_sss(buf, len));
	/* the window on its own, where cf_fast would call it: a valid parse
	 * whose host starts the authority right after "http://" */
	if (pu != NULL && URISCAN_HAS(pu, URISCAN_HOST) &&
	    pu->grammar == URISCAN_RFC3986 && pu->part[URISCAN_HOST].off == 7 &&
	    memcmp(buf, "http://", 7) == 0) {
		uint32_t wf = ~0u;
		int d = uriscan__cf_window((const unsigned char *)buf, len, 7, pu,
		                           &wf);
		if (d == 1) {
			n_window++;
			tap_ok(wf == full, "line %u: the window gives %#x", lineno,
			       (unsigned)wf);
		}
	}
	tap_ok(full == found && (!fast || full == ff),
	       "line %u: the full reading gives %#x (%s %#x)", lineno,
	       (unsigned)full, fast ? "the fast path:" : "not on the fast path",
	       (unsigned)(fast ? ff : 0));
	if (uriscan_extract(g, buf, len, &o, on_match, &x, &n) == URISCAN_OK &&
	    x.matches > 0)
		tap_ok(x.same == x.matches,
		       "line %u: %u of %u extracted matches, the same flags both "
		       "ways",
		       lineno, x.same, x.matches);
}

static void run(char *line, unsigned lineno)
{
	char *f[4] = {line, NULL, NULL, NULL}, got[512], *about, *tok;
	static unsigned char in[8192];
	enum uriscan_grammar g = URISCAN_RFC3986;
	uint32_t want, found = 0;
	long len;
	int k = 1, sign;
	char *buf;

	for (char *p = line; *p && k < 4; p++)
		if (*p == '\t') {
			*p = '\0';
			f[k++] = p + 1;
		}
	if (k < 3 || (len = vec_unescape(f[0], in, 0)) < 0) {
		tap_ok(0, "line %u: well-formed", lineno);
		return;
	}
	if (f[3]) {
		char *t = strchr(f[3], '\t');
		if (t)
			*t = '\0';
	}
	about = f[2];
	if (strstr(about, ",rfc3987"))
		g = URISCAN_RFC3987;
	if (strstr(about, ",icu") && !uriscan_uts46_available()) {
		/* the browser's UTS #46 and UTS #39: no answer is guessed */
		tap_ok(1, "line %u: skipped (needs ICU)", lineno);
		return;
	}
	want = parse_names(f[1]);
	buf = malloc(len ? (size_t)len : 1);
	memcpy(buf, in, (size_t)len);
	k = uriscan_confusion(g, buf, (size_t)len, 0, &found, NULL);
	names_of(found, got, sizeof got);
	tap_ok(k == URISCAN_OK && found == want, "line %u: %s -> %s", lineno,
	       f[0], got);
	if (found != want) {
		names_of(want, got, sizeof got);
		tap_diag("want %s", want == ~0u ? "(an unknown flag name)" : got);
	}
	run_parsed(g, buf, (size_t)len, found, lineno);
	browser_same(buf, (size_t)len, lineno);
	free(buf);
	tok = strtok(about, ",");
	sign = tok && (tok[0] == '+' || tok[0] == '-') ? tok[0] : 0;
	for (unsigned i = 0; sign && i < N_FLAGS; i++)
		if (strcmp(tok + 1, flags[i].name) == 0) {
			int has = (want & flags[i].bit) != 0;
			if (sign == '+' && has)
				pos[i]++;
			else if (sign == '-' && !has)
				neg[i]++;
			else
				tap_ok(0, "line %u: ABOUT %s, but FLAGS says otherwise",
				       lineno, tok);
		}
}

/* uriscan_confusion_parsed's arguments and statuses. */
static void parsed_args(void)
{
	static const char url[] = "http://0x7f.1/";
	struct uriscan_uri u;
	struct uriscan_error e;
	uint32_t found = 77;

	tap_ok(uriscan_parse(URISCAN_RFC3986, url, sizeof url - 1, 0, &u) ==
	               URISCAN_OK &&
	           uriscan_confusion_parsed(url, sizeof url - 1, &u, 0, &found,
	                                    &e) == URISCAN_OK &&
	           found == (URISCAN_CONFUSION_IP_NONCANONICAL |
	                     URISCAN_CONFUSION_BROWSER_HOST_DIFFERS) &&
	           e.status == URISCAN_OK,
	       "parsed: http://0x7f.1/ -> ip_noncanonical,browser_host_differs");
	tap_ok(uriscan_confusion_parsed(url, sizeof url - 1, NULL, 0, &found,
	                                NULL) == URISCAN_OK &&
	           found == URISCAN_CONFUSION_IP_NONCANONICAL,
	       "parsed: without a parse, no browser_host_differs");
	found = 77;
	tap_ok(uriscan_confusion_parsed(url, 9, &u, 0, &found, &e) ==
	               URISCAN_E_INVALID_ARG &&
	           found == 0 && e.status == URISCAN_E_INVALID_ARG &&
	           e.offset == 0,
	       "parsed: a host span past len: invalid_argument, no flags");
	tap_ok(uriscan_confusion_parsed(NULL, 1, NULL, 0, &found, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_confusion_parsed(url, 3, NULL, 0, NULL, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_confusion_parsed(url, 3, NULL, 1, &found, NULL) ==
	               URISCAN_E_INVALID_ARG,
	       "parsed: arguments: invalid_argument");
	u.grammar = (enum uriscan_grammar)99;
	found = 77;
	tap_ok(uriscan_confusion_parsed(url, sizeof url - 1, &u, 0, &found,
	                                NULL) == URISCAN_E_GRAMMAR_UNKNOWN &&
	           found == 0,
	       "parsed: a parse of an unknown grammar: grammar_unknown");
}

int main(int argc, char **argv)
{
	static char line[8192];
	unsigned lineno = 0, i;
	uint32_t found = 1, b = 0;
	FILE *fp;

	if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: test_confusion confusion.tsv\n");
		return 2;
	}
	while (fgets(line, sizeof line, fp)) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && line[0] != '#')
			run(line, lineno);
	}
	fclose(fp);
	for (i = 0; i < N_FLAGS; i++)
		tap_ok((pos[i] > 0 && neg[i] > 0) ||
		           (uriscan_confusion_unavailable() & flags[i].bit),
		       "%s: %u positive rows, %u negative rows", flags[i].name,
		       pos[i], neg[i]);
	for (i = 0; i < N_FLAGS; i++) {
		const char *n = uriscan_confusion_name(flags[i].bit);
		if (strcmp(n, flags[i].name) != 0 ||
		    uriscan_confusion_from_name(n, strlen(n), &b, NULL) != 0 ||
		    b != flags[i].bit)
			break;
	}
	tap_ok(i == N_FLAGS, "every flag's name reads back");
	tap_ok(n_fast >= 10, "%u vectors on the fast path", n_fast);
	tap_ok(n_browser_fast >= 10,
	       "%u vectors with a plain authority (uriscan_browser_host's fast "
	       "path)",
	       n_browser_fast);
#if URISCAN__HAVE_SKIP_SIMD
	if (uriscan__skip_level() >= URISCAN__SIMD_AVX2)
		tap_ok(n_window >= 10, "%u vectors decided by the AVX2 window",
		       n_window);
	else
		tap_ok(n_window == 0, "no AVX2 in use: the window decides none");
#endif
	tap_ok(n_fast_shapes >= 8,
	       "%u vectors on the fast path without \"://\" or with \"file:\"",
	       n_fast_shapes);
	tap_ok(n_fast_flagged >= 5,
	       "%u vectors on the fast path with a flag (nul, "
	       "encoded_delimiter)",
	       n_fast_flagged);
	tap_ok(strcmp(uriscan_confusion_name(3), "unknown") == 0 &&
	           strcmp(uriscan_confusion_name(0), "unknown") == 0 &&
	           uriscan_confusion_from_name("nope", 4, &b, NULL) ==
	               URISCAN_E_INVALID_ARG,
	       "unknown flags and names");
	tap_ok(uriscan_confusion(URISCAN_RFC3986, NULL, 1, 0, &found, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           found == 0 &&
	           uriscan_confusion(URISCAN_RFC3986, "a", 1, 0, NULL, NULL) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_confusion(URISCAN_RFC3986, "a", 1, 4, &found, NULL) ==
	               URISCAN_E_INVALID_ARG,
	       "arguments: invalid_argument");
	found = 77;
	tap_ok(uriscan_confusion((enum uriscan_grammar)99, "http://a/", 9, 0,
	                         &found, NULL) == URISCAN_E_GRAMMAR_UNKNOWN &&
	           found == 0,
	       "an unknown grammar: grammar_unknown, no flags");
	tap_ok(uriscan_confusion(URISCAN_RFC3986, NULL, 0, 0, &found, NULL) ==
	               URISCAN_OK &&
	           found == 0,
	       "the empty string has no flag");
	parsed_args();
	return tap_done();
}
