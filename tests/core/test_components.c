/* SPDX-License-Identifier: MIT */
/*
 * test_components.c: percent-decoding, query parameters and recomposition
 * against tests/vectors/{percent-decode,query-params,recompose}.tsv, every
 * output capacity, and parse -> recompose round trips over grammar vectors.
 *   --decode FILE | --query FILE | --recompose FILE | --roundtrip G FILE
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define LINE_MAX_ (1 << 16)
#define GUARD 8 /* canary bytes after every capacity tried */

static char line[LINE_MAX_];
static unsigned char buf_a[LINE_MAX_], buf_b[LINE_MAX_];
static char out[LINE_MAX_ + GUARD];

/* Split line at tabs into f[]; returns the number of fields. */
static int split(char *s, char **f, int max)
{
	int n = 0;
	s[strcspn(s, "\r\n")] = '\0';
	f[n++] = s;
	while (n < max && (s = strchr(s, '\t')) != NULL) {
		*s++ = '\0';
		f[n++] = s;
	}
	static char empty[1];
	/* the fields a short line lacks read as empty, never unset */
	for (int k = n; k < max; k++)
		f[k] = empty;
	return n;
}

static long unesc(const char *s, unsigned char *dst)
{
	long n = vec_unescape(s, dst, 0);
	if (n < 0) {
		tap_ok(0, "bad escape in \"%s\"", s);
		exit(tap_done());
	}
	return n;
}

static int status_of(const char *name)
{
	for (int i = 0; i < URISCAN_STATUS_LAST; i++)
		if (strcmp(uriscan_status_name(i), name) == 0)
			return i;
	return -1;
}

static unsigned component_of(const char *name)
{
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (strcmp(uriscan_component_name(c), name) == 0)
			return c;
	return URISCAN_COMPONENT_COUNT;
}

static unsigned flags_of(const char *s)
{
	unsigned f = 0;
	if (strstr(s, "plus"))
		f |= URISCAN_DECODE_PLUS;
	if (strstr(s, "lenient"))
		f |= URISCAN_DECODE_LENIENT;
	if (strstr(s, "semicolon"))
		f |= URISCAN_QUERY_SEMICOLON;
	return f;
}

/* out[cap, cap + GUARD) still holds the canary. */
static int guard_ok(size_t cap)
{
	for (size_t i = 0; i < GUARD; i++)
		if ((unsigned char)out[cap + i] != 0xA5)
			return 0;
	return 1;
}

static FILE *open_vec(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		tap_ok(0, "cannot open %s", path);
		exit(tap_done());
	}
	return f;
}

/* ------------------------------------------------------------------ */

static void run_decode(const char *path)
{
	FILE *fp = open_vec(path);
	char *f[6];

	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int nf = split(line, f, 6);
		if (nf < 4) {
			tap_ok(0, "short line: %s", line);
			continue;
		}
		unsigned flags = flags_of(f[0]);
		long in_len = unesc(f[1], buf_a);
		int ok = strcmp(f[2], "ok") == 0;
		long want_len = 0;
		unsigned want_info = 0;
		size_t want_off = 0;
		int want_st = URISCAN_OK;
		if (ok) {
			want_len = unesc(f[3], buf_b);
			const char *m = strstr(f[4], "malformed@");
			want_info = (strstr(f[4], "nul") ? URISCAN_DECODED_NUL : 0) |
			            (strstr(f[4], "bad_utf8") ? URISCAN_DECODED_BAD_UTF8 : 0) |
			            (m ? URISCAN_DECODED_MALFORMED : 0);
			want_off = m ? strtoul(m + 10, NULL, 10) : 0;
		} else {
			char *at = strchr(f[3], '@');
			*at = '\0';
			want_st = status_of(f[3]);
			want_off = strtoul(at + 1, NULL, 10);
		}
		/* every capacity, from the size query to one past the length */
		int all = 1;
		for (size_t cap = 0; cap <= (size_t)(ok ? want_len + 1 : 1); cap++) {
			size_t n = 99;
			struct uriscan_error err = {99, 99, URISCAN_INPUT_SECOND, 99};
			unsigned info = 99;
			memset(out, 0xA5, cap + GUARD);
			int st = uriscan_percent_decode(in_len ? (char *)buf_a : NULL,
			                                (size_t)in_len, flags,
			                                cap ? out : NULL, cap, &n, &info,
			                                &err);
			size_t eo = err.offset;
			int exp = !ok ? want_st
			          : cap >= (size_t)want_len ? URISCAN_OK
			                                    : URISCAN_E_BUFFER_TOO_SMALL;
			size_t shown = cap < (size_t)want_len ? cap : (size_t)want_len;
			int good = st == exp && eo == want_off && guard_ok(cap) &&
			           err.status == st &&
			           err.input == (st == URISCAN_E_BAD_PERCENT
			                             ? URISCAN_INPUT_FIRST
			                             : URISCAN_INPUT_NONE) &&
			           (ok ? n == (size_t)want_len && info == want_info &&
			                     (shown == 0 || memcmp(out, buf_b, shown) == 0)
			               : n == 0 && info == 0);
			if (!good) {
				tap_diag("cap %zu: %s, len %zu, info %u, offset %zu", cap,
				         uriscan_status_name(st), n, info, eo);
				all = 0;
				break;
			}
		}
		tap_ok(all, "decode [%s] \"%s\"", f[0], f[1]);
		/* in place, when it is not an error */
		if (ok && in_len > 0) {
			size_t n = 0;
			uriscan_percent_decode((char *)buf_a, (size_t)in_len, flags,
			                       (char *)buf_a, (size_t)in_len, &n, NULL,
			                       NULL);
			tap_ok(n == (size_t)want_len && memcmp(buf_a, buf_b, n) == 0,
			       "decode in place \"%s\"", f[1]);
		}
	}
	fclose(fp);
}

/* ------------------------------------------------------------------ */

/* Write pair p of q as [key] / [key=value] (raw bytes) to dst. */
static size_t show_pair(char *dst, const unsigned char *q,
                        const struct uriscan_query_pair *p)
{
	size_t n = 0;
	dst[n++] = '[';
	memcpy(dst + n, q + p->key.off, p->key.len);
	n += p->key.len;
	if (p->has_value) {
		dst[n++] = '=';
		memcpy(dst + n, q + p->value.off, p->value.len);
		n += p->value.len;
	}
	dst[n++] = ']';
	return n;
}

static void run_query(const char *path)
{
	FILE *fp = open_vec(path);
	char *f[6];
	static char got[LINE_MAX_ * 2];
	static unsigned char want[LINE_MAX_], key[LINE_MAX_];

	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int nf = split(line, f, 6);
		unsigned flags = flags_of(f[1]);
		long qn = unesc(f[2], buf_a);
		const char *q = qn ? (const char *)buf_a : NULL;
		if (strcmp(f[0], "pairs") == 0 && nf >= 4) {
			struct uriscan_query_iter it;
			struct uriscan_query_pair p;
			size_t gn = 0, covered = 0;
			int st = uriscan_query_iter_init(&it, q, (size_t)qn, flags);
			int cover_ok = 1;
			while (uriscan_query_next(&it, &p) == URISCAN_OK) {
				/* pairs and separators tile the query */
				if (p.pair.off != covered ||
				    p.key.off != p.pair.off ||
				    p.key.len + (p.has_value ? 1 + p.value.len : 0) !=
				        p.pair.len)
					cover_ok = 0;
				covered = p.pair.off + p.pair.len + 1;
				gn += show_pair(got + gn, buf_a, &p);
			}
			long wn = unesc(f[3], want);
			tap_ok(st == URISCAN_OK && cover_ok &&
			           covered == (size_t)qn + 1 && gn == (size_t)wn &&
			           memcmp(got, want, gn) == 0,
			       "pairs [%s] \"%s\" -> %.*s", f[1], f[2], (int)gn, got);
		} else if (strcmp(f[0], "get") == 0 && nf >= 5) {
			struct uriscan_query_pair p;
			int found = -1;
			long kn = unesc(f[3], key);
			int st = uriscan_query_get(q, (size_t)qn,
			                           kn ? (const char *)key : NULL,
			                           (size_t)kn, flags, &found, &p);
			int good = st == URISCAN_OK;
			if (strcmp(f[4], "none") == 0) {
				good = good && found == 0;
			} else {
				char *at = strrchr(f[4], '@');
				*at = '\0';
				long wn = unesc(f[4], want);
				size_t gn = found == 1 ? show_pair(got, buf_a, &p) : 0;
				good = good && found == 1 && gn == (size_t)wn &&
				       memcmp(got, want, gn) == 0 &&
				       p.pair.off == strtoul(at + 1, NULL, 10);
			}
			tap_ok(good, "get [%s] \"%s\" key \"%s\"", f[1], f[2], f[3]);
		} else {
			tap_ok(0, "bad line: %s", f[0]);
		}
	}
	fclose(fp);
}

/* ------------------------------------------------------------------ */

struct rcall {
	int set; /* 0: uriscan_recompose(g, parts); 1: set_component */
	enum uriscan_grammar g;
	struct uriscan_uri_parts parts;
	struct uriscan_uri u;
	const char *s;
	size_t len;
	unsigned c, flags;
	const char *val;
	size_t val_len;
};

static int rcall_do(const struct rcall *r, size_t cap, size_t *n,
                    struct uriscan_error *err)
{
	if (r->set) {
		struct uriscan_set_options o = {sizeof o, r->c, r->val, r->val_len,
		                                r->flags};
		return uriscan_set_component(&r->u, r->s, r->len, &o,
		                             cap ? out : NULL, cap, n, err);
	}
	return uriscan_recompose(r->g, &r->parts, 0, cap ? out : NULL, cap, n,
	                         err);
}

/* The input an error of component ec is in: recompose has one input (the
 * parts); set_component two, s (FIRST) and the new value of component
 * r->c (SECOND). */
static enum uriscan_input rcall_input(const struct rcall *r, int st,
                                      unsigned ec)
{
	if (st == URISCAN_E_TOO_LONG)
		return URISCAN_INPUT_FIRST;
	if (st != URISCAN_E_COMPONENT)
		return URISCAN_INPUT_NONE;
	return r->set && ec == r->c ? URISCAN_INPUT_SECOND : URISCAN_INPUT_FIRST;
}

/* Every capacity: want_st with (want, want_len) or (ec, eo). */
static int rcall_check(const struct rcall *r, int want_st, const char *want,
                       size_t want_len, unsigned want_ec, size_t want_eo)
{
	size_t top = want_st == URISCAN_OK ? want_len + 1 : 1;
	for (size_t cap = 0; cap <= top; cap++) {
		size_t n = 99;
		struct uriscan_error err = {99, 99, URISCAN_INPUT_SECOND, 99};
		memset(out, 0xA5, cap + GUARD);
		int st = rcall_do(r, cap, &n, &err);
		size_t eo = err.offset;
		unsigned ec = err.component;
		int good = err.status == st && err.input == rcall_input(r, st, ec);
		if (want_st != URISCAN_OK)
			good = good && st == want_st && n == 0 && eo == want_eo &&
			       ec == want_ec && (cap == 0 || out[0] == '\0');
		else if (cap > want_len)
			good = good && st == URISCAN_OK && n == want_len &&
			       memcmp(out, want, want_len) == 0 &&
			       out[want_len] == '\0' && ec == URISCAN_COMPONENT_NONE;
		else
			good = good && st == URISCAN_E_BUFFER_TOO_SMALL &&
			       n == want_len;
		good = good && guard_ok(cap);
		if (!good) {
			tap_diag("cap %zu: %s, len %zu, component %u, offset %zu, "
			         "input %d", cap, uriscan_status_name(st), n, ec, eo,
			         (int)err.input);
			return 0;
		}
	}
	return 1;
}

/* "name=value name=value" or "-" into r->parts (values in buf_b). */
static int read_parts(char *s, struct rcall *r)
{
	size_t used = 0;
	if (strcmp(s, "-") == 0)
		return 1;
	for (char *tok = strtok(s, " "); tok; tok = strtok(NULL, " ")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			return 0;
		*eq = '\0';
		unsigned c = component_of(tok);
		if (c >= URISCAN_PARTS_COUNT)
			return 0;
		long n = unesc(eq + 1, buf_b + used);
		r->parts.present |= 1u << c;
		r->parts.part[c].p = (const char *)buf_b + used;
		r->parts.part[c].len = (size_t)n;
		used += (size_t)n;
	}
	return 1;
}

static void run_recompose(const char *path)
{
	FILE *fp = open_vec(path);
	char *f[9];
	static unsigned char want[LINE_MAX_], val[LINE_MAX_];
	static char label[LINE_MAX_];

	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int nf = split(line, f, 9);
		int set = strcmp(f[0], "set") == 0;
		struct rcall r;
		memset(&r, 0, sizeof r);
		r.set = set;
		if (nf < (set ? 7 : 5) ||
		    uriscan_grammar_from_name(f[1], &r.g) != URISCAN_OK) {
			tap_ok(0, "bad line: %s", f[0]);
			continue;
		}
		if (!uriscan_grammar_available(r.g)) {
			tap_skip("grammar not built");
			continue;
		}
		char **v = f + (set ? 5 : 3); /* VERDICT, EXPECT */
		snprintf(label, sizeof label, "%s", f[2]); /* strtok cuts f[2] */
		if (set) {
			long sn = unesc(f[2], buf_a);
			r.s = (const char *)buf_a;
			r.len = (size_t)sn;
			if (uriscan_parse(r.g, r.s, r.len, 0, &r.u) != URISCAN_OK) {
				tap_ok(0, "set: \"%s\" does not parse", f[2]);
				continue;
			}
			const char *name = f[3];
			if (name[0] == '-') {
				r.flags = URISCAN_SET_REMOVE;
				name++;
			}
			r.c = component_of(name);
			r.val_len = (size_t)unesc(f[4], val);
			r.val = (const char *)val;
		} else if (!read_parts(f[2], &r)) {
			tap_ok(0, "bad parts: %s", f[2]);
			continue;
		}
		int good;
		if (strcmp(v[0], "ok") == 0) {
			long wn = unesc(v[1], want);
			good = rcall_check(&r, URISCAN_OK, (const char *)want,
			                   (size_t)wn, 0, 0);
		} else {
			char *a1 = strchr(v[1], '@'), *a2 = a1 ? strchr(a1 + 1, '@') : 0;
			if (!a2) {
				tap_ok(0, "bad expectation %s", v[1]);
				continue;
			}
			*a1 = *a2 = '\0';
			good = rcall_check(&r, status_of(v[1]), NULL, 0,
			                   strcmp(a1 + 1, "-") == 0
			                       ? URISCAN_COMPONENT_NONE
			                       : component_of(a1 + 1),
			                   strtoul(a2 + 1, NULL, 10));
		}
		tap_ok(good, "%s %s \"%s\"%s%s", f[0], f[1], label, set ? " " : "",
		       set ? f[3] : "");
	}
	fclose(fp);
}

/* ------------------------------------------------------------------ */

/* Every valid vector of a grammar file whose rule is a URI reference:
 * parse, parts, recompose gives the input; setting each component given
 * to its own value gives it too. */
static void run_roundtrip(const char *gname, const char *path)
{
	FILE *fp = open_vec(path);
	char *f[5];
	enum uriscan_grammar g;
	unsigned count = 0, bad = 0;

	if (uriscan_grammar_from_name(gname, &g) != URISCAN_OK ||
	    !uriscan_grammar_available(g)) {
		tap_skip("grammar not built");
		fclose(fp);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		unsigned rule;
		struct uriscan_uri u;
		struct uriscan_uri_parts parts;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (split(line, f, 5) < 3 || strcmp(f[0], "valid") != 0 ||
		    uriscan_rule_from_name(g, f[1], &rule) != URISCAN_OK)
			continue;
		long n = unesc(f[2], buf_a);
		const char *s = (const char *)buf_a;
		if (uriscan_parse_rule(g, rule, s, (size_t)n, 0, &u) != URISCAN_OK ||
		    u.kind == URISCAN_KIND_NONE)
			continue;
		count++;
		size_t on = 0;
		int st = uriscan_uri_parts_from(&u, s, (size_t)n, &parts);
		if (st == URISCAN_OK)
			st = uriscan_recompose(g, &parts, 0, out, sizeof out - GUARD, &on,
			                       NULL);
		int good = st == URISCAN_OK && on == (size_t)n &&
		           memcmp(out, s, on) == 0;
		for (unsigned c = 0; good && c < URISCAN_PARTS_COUNT; c++) {
			if (!((parts.present >> c) & 1u))
				continue;
			struct uriscan_set_options so = {sizeof so, c, parts.part[c].p,
			                                 parts.part[c].len, 0};
			st = uriscan_set_component(&u, s, (size_t)n, &so, out,
			                           sizeof out - GUARD, &on, NULL);
			good = st == URISCAN_OK && on == (size_t)n &&
			       memcmp(out, s, on) == 0;
		}
		if (!good) {
			bad++;
			tap_ok(0, "%s %s \"%s\": %s", gname, f[1], f[2],
			       uriscan_status_name(st));
		}
	}
	tap_ok(count > 0 && bad == 0, "%s: %u references recomposed from %s",
	       gname, count, path);
	fclose(fp);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--decode") == 0 && i + 1 < argc)
			run_decode(argv[++i]);
		else if (strcmp(argv[i], "--query") == 0 && i + 1 < argc)
			run_query(argv[++i]);
		else if (strcmp(argv[i], "--recompose") == 0 && i + 1 < argc)
			run_recompose(argv[++i]);
		else if (strcmp(argv[i], "--roundtrip") == 0 && i + 2 < argc) {
			run_roundtrip(argv[i + 1], argv[i + 2]);
			i += 2;
		} else {
			tap_ok(0, "usage: bad argument %s", argv[i]);
		}
	}
	return tap_done();
}
