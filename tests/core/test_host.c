/* SPDX-License-Identifier: MIT */
/*
 * test_host.c: uriscan_host_address and uriscan_ip_text against the
 * vectors of tests/vectors/host-address.tsv (format in its header).
 * Each input is copied into a buffer of exactly its length (ASan builds
 * catch a read past it). For every address, the canonical text read back
 * gives the same address in the dotted (IPv4) form with the same class,
 * and every smaller output capacity gives URISCAN_E_BUFFER_TOO_SMALL with
 * the capacity needed (the text and its NUL). A host that is not ASCII
 * needs ICU: without it, every such row must give idna_unavailable.
 * Prints TAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

#define MAXF 10

static int split(char *line, char **f)
{
	int n = 0;
	f[n++] = line;
	for (char *p = line; *p; p++) {
		if (*p == '\t') {
			*p = '\0';
			if (n == MAXF)
				return -1;
			f[n++] = p + 1;
		}
	}
	return n;
}

/* Does the host, percent-decoded, hold a byte >= 0x80 (UTS #46 needed)? */
static int needs_uts46(const unsigned char *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (h[i] >= 0x80 ||
		    (h[i] == '%' && i + 2 < n && strchr("89abcdefABCDEF", h[i + 1]) &&
		     h[i + 1] != 0 && strchr("0123456789abcdefABCDEF", h[i + 2]) &&
		     h[i + 2] != 0))
			return 1;
	return 0;
}

static const char *family_name(enum uriscan_ip_family f)
{
	return f == URISCAN_IP_V4 ? "v4" : f == URISCAN_IP_V6 ? "v6" : "name";
}

/* The notes as the vectors write them; a zone as "zone=TEXT" (host h). */
static void notes_text(const struct uriscan_host_addr *a, const unsigned char *h,
                       char *t, size_t cap)
{
	unsigned n = a->notes;

	t[0] = '\0';
	if (n & URISCAN_HOST_PERCENT)
		strcat(t, ",percent");
	if (n & URISCAN_HOST_FULLWIDTH)
		strcat(t, ",fullwidth");
	if (n & URISCAN_HOST_TRAILING_DOT)
		strcat(t, ",trailing_dot");
	if (n & URISCAN_HOST_MAPPED)
		strcat(t, ",mapped");
	if ((n & URISCAN_HOST_ZONE) && a->zone_len < cap - 64) {
		strcat(t, ",zone=");
		strncat(t, (const char *)h + a->zone_off, a->zone_len);
	}
	if (t[0] == '\0')
		strcpy(t, "-");
	else
		memmove(t, t + 1, strlen(t));
}

/* The text of a's address, its read-back and the small capacities. */
static int check_text(const struct uriscan_host_addr *a, const char *want,
                      const char *line)
{
	char t[URISCAN_IP_TEXT_MAX];
	size_t n = 0, m = 0, cap;
	struct uriscan_host_addr b;
	struct uriscan_error e;
	int st = uriscan_ip_text(a, t, sizeof t, &n, &e);

	if (!tap_ok(st == URISCAN_OK && strcmp(t, want) == 0 && n == strlen(t) &&
	                e.status == URISCAN_OK,
	            "%s: text %s (want %s)", line, st ? uriscan_status_name(st) : t,
	            want))
		return 0;
	for (cap = 0; cap <= n; cap++) {
		st = uriscan_ip_text(a, t, cap, &m, &e);
		if (st != URISCAN_E_BUFFER_TOO_SMALL || m != n + 1 ||
		    e.status != URISCAN_E_BUFFER_TOO_SMALL)
			return tap_ok(0, "%s: capacity %zu gives %s", line, cap,
			              uriscan_status_name(st));
	}
	st = uriscan_host_address(want, n, 0, &b, NULL);
	return tap_ok(st == URISCAN_OK && b.family == a->family &&
	                  memcmp(b.addr, a->addr, 16) == 0 &&
	                  b.ip_class == a->ip_class &&
	                  (a->family == URISCAN_IP_V6 ||
	                   b.form == URISCAN_IP_FORM_DOTTED),
	              "%s: the text reads back as the same address", line);
}

static void run_line(char *line, unsigned lineno)
{
	char *f[MAXF], label[64], notes[384];
	unsigned char *buf, *host;
	long len;
	int n = split(line, f), st;
	struct uriscan_host_addr a;
	struct uriscan_error e;

	snprintf(label, sizeof label, "line %u", lineno);
	buf = malloc(strlen(f[0]) + 1);
	len = (n < 3) ? -1 : vec_unescape(f[0], buf, 0);
	if (!tap_ok(len >= 0 && (n == 3 || n == 4 || n == 8 || n == 9),
	            "%s: well-formed", label)) {
		free(buf);
		return;
	}
	host = malloc(len ? (size_t)len : 1);
	memcpy(host, buf, (size_t)len);
	memset(&e, 0xA5, sizeof e);
	st = uriscan_host_address((const char *)host, (size_t)len, 0, &a, &e);
	if (needs_uts46(host, (size_t)len) && !uriscan_uts46_available()) {
		/* without ICU: never a guess */
		tap_ok(st == URISCAN_E_IDNA_UNAVAILABLE && e.offset == 0 &&
		           a.family == URISCAN_IP_NONE,
		       "%s: %s -> %s without ICU (want idna_unavailable)", label,
		       f[0], uriscan_status_name(st));
	} else if (strcmp(f[1], "error") == 0) {
		char want[64];
		snprintf(want, sizeof want, "%s@%zu", uriscan_status_name(st),
		         e.offset);
		tap_ok(st != URISCAN_OK && e.status == st &&
		           strcmp(want, f[2]) == 0 && a.family == URISCAN_IP_NONE &&
		           e.input == (st == URISCAN_E_UNSUPPORTED ||
		                               st == URISCAN_E_IDNA_UNAVAILABLE
		                           ? URISCAN_INPUT_NONE
		                           : URISCAN_INPUT_FIRST) &&
		           e.component == URISCAN_COMPONENT_NONE,
		       "%s: %s -> %s (want %s)", label, f[0], want, f[2]);
	} else if (n < 8) {
		tap_ok(0, "%s: an ok line has 8 fields", label);
	} else {
		int same;
		notes_text(&a, host, notes, sizeof notes);
		same = st == URISCAN_OK && e.status == URISCAN_OK &&
		       e.offset == 0 && e.input == URISCAN_INPUT_NONE &&
		       e.component == URISCAN_COMPONENT_NONE && strcmp(family_name(a.family), f[2]) == 0 &&
		       strcmp(uriscan_ip_form_name(a.form), f[3]) == 0 &&
		       strcmp(uriscan_ip_class_name(a.ip_class), f[4]) == 0 &&
		       strcmp(uriscan_ip_embed_name(a.embed), f[6]) == 0 &&
		       strcmp(notes, f[7]) == 0;
		if (tap_ok(same, "%s: %s -> %s %s %s %s %s (want %s %s %s %s %s)",
		           label, f[0], st ? uriscan_status_name(st)
		                           : family_name(a.family),
		           uriscan_ip_form_name(a.form),
		           uriscan_ip_class_name(a.ip_class),
		           uriscan_ip_embed_name(a.embed), notes, f[2], f[3], f[4],
		           f[6], f[7]) &&
		    a.family != URISCAN_IP_NONE)
			check_text(&a, f[5], label);
	}
	free(host);
	free(buf);
}

/* Arguments, names and the class lookup by name. */
static void check_api(void)
{
	struct uriscan_host_addr a;
	struct uriscan_error e;
	enum uriscan_ip_class c = URISCAN_IP_CLASS_NONE;
	char t[8];
	size_t n;
	unsigned i, ok = 1;

	tap_ok(uriscan_host_address(NULL, 1, 0, &a, &e) == URISCAN_E_INVALID_ARG &&
	           e.status == URISCAN_E_INVALID_ARG,
	       "NULL host with a length: invalid_argument");
	tap_ok(uriscan_host_address("1", 1, 0, NULL, NULL) == URISCAN_E_INVALID_ARG,
	       "NULL output: invalid_argument");
	tap_ok(uriscan_host_address("1", 1, 8, &a, NULL) == URISCAN_E_INVALID_ARG,
	       "unknown flags: invalid_argument");
	tap_ok(uriscan_host_address(NULL, 0, 0, &a, NULL) == URISCAN_OK &&
	           a.family == URISCAN_IP_NONE,
	       "the empty host is a name");
	memset(&a, 0, sizeof a);
	tap_ok(uriscan_ip_text(&a, t, sizeof t, &n, &e) == URISCAN_E_INVALID_ARG,
	       "the text of a name: invalid_argument");
	for (i = 1; i < URISCAN_IP_CLASS_COUNT; i++) {
		const char *name = uriscan_ip_class_name((enum uriscan_ip_class)i);
		if (uriscan_ip_class_from_name(name, strlen(name), &c, NULL) ||
		    c != i)
			ok = 0;
	}
	tap_ok(ok, "every class name reads back");
	tap_ok(uriscan_ip_class_from_name("Link_Local", 10, &c, NULL) == 0 &&
	           c == URISCAN_IP_CLASS_LINK_LOCAL,
	       "class names: any case, '_' for '-'");
	tap_ok(uriscan_ip_class_from_name("none", 4, &c, &e) ==
	               URISCAN_E_INVALID_ARG &&
	           uriscan_ip_class_from_name("loopbac", 7, &c, &e) ==
	               URISCAN_E_INVALID_ARG,
	       "unknown class names: invalid_argument");
	tap_ok(strcmp(uriscan_ip_class_name((enum uriscan_ip_class)99), "none") == 0 &&
	           strcmp(uriscan_ip_form_name((enum uriscan_ip_form)99), "none") == 0 &&
	           strcmp(uriscan_ip_embed_name((enum uriscan_ip_embed)99), "none") == 0,
	       "out-of-range names: none");
}

int main(int argc, char **argv)
{
	char line[4096];
	unsigned lineno = 0, cases = 0;
	FILE *fp;

	if (argc != 2) {
		fprintf(stderr, "usage: test_host host-address.tsv\n");
		return 2;
	}
	fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 2;
	}
	while (fgets(line, sizeof line, fp)) {
		size_t l = strlen(line);
		lineno++;
		if (l && line[l - 1] == '\n')
			line[--l] = '\0';
		if (l == 0 || line[0] == '#')
			continue;
		run_line(line, lineno);
		cases++;
	}
	fclose(fp);
	tap_ok(cases > 100, "%u vectors read", cases);
	check_api();
	return tap_done();
}
