/* SPDX-License-Identifier: MIT */
/*
 * test_icu_calls.c: an ASCII host never reaches ICU (issue 49: no cost on
 * the common path). Linked with -Wl,--wrap=uidna_nameToASCII_UTF8 (built
 * only with ICU): the library's calls of ICU's UTS #46 go through the
 * counter below. Every WHATWG input (wpt-hosts.tsv, written by
 * wpt_hosts.py) is read by uriscan_browser_host, uriscan_confusion and,
 * for its host, uriscan_host_address; an input whose bytes, percent-decoded,
 * are ASCII and hold no "xn--" must make no call, and the inputs with a
 * non-ASCII host must make some. Prints TAP.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uidna.h>

#include "tap.h"
#include "uriscan.h"
#include "vec.h"

static unsigned long calls;

/* ICU's symbols carry its version (uidna_nameToASCII_UTF8 is a macro for
 * uidna_nameToASCII_UTF8_72): the wrapper's names are built from it, as
 * meson's --wrap= is. */
#define CAT2_(a, b) a##b
#define CAT_(a, b) CAT2_(a, b)
#define REAL_ CAT_(__real_, uidna_nameToASCII_UTF8)
#define WRAP_ CAT_(__wrap_, uidna_nameToASCII_UTF8)

int32_t REAL_(const UIDNA *idna, const char *name, int32_t length,
              char *dest, int32_t capacity, UIDNAInfo *info,
              UErrorCode *err);
int32_t WRAP_(const UIDNA *idna, const char *name, int32_t length,
              char *dest, int32_t capacity, UIDNAInfo *info,
              UErrorCode *err);

int32_t WRAP_(const UIDNA *idna, const char *name, int32_t length,
              char *dest, int32_t capacity, UIDNAInfo *info, UErrorCode *err)
{
	calls++;
	return REAL_(idna, name, length, dest, capacity, info, err);
}

/* ASCII once percent-decoded, and no "xn--" anywhere (any case)? */
static int plain_ascii(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] >= 0x80)
			return 0;
		if (s[i] == '%' && i + 1 < n && strchr("89abcdefABCDEF", s[i + 1]) &&
		    s[i + 1] != 0)
			return 0;
		if (i + 4 <= n && (s[i] | 0x20) == 'x' && (s[i + 1] | 0x20) == 'n' &&
		    s[i + 2] == '-' && s[i + 3] == '-')
			return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	static char line[8192];
	static unsigned char in[8192];
	unsigned ascii = 0, ascii_calls = 0, other = 0, other_calls = 0;
	FILE *fp;

	if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: test_icu_calls wpt-hosts.tsv\n");
		return 2;
	}
	while (fgets(line, sizeof line, fp)) {
		char out[8192];
		size_t n = 0;
		uint32_t f;
		struct uriscan_host_addr a;
		struct uriscan_uri u;
		long len;
		unsigned long before = calls;

		line[strcspn(line, "\t\n")] = '\0';
		if (line[0] == '#' || (len = vec_unescape(line, in, 0)) < 0)
			continue;
		uriscan_browser_host((const char *)in, (size_t)len, 0, out,
		                     sizeof out, &n, NULL);
		uriscan_confusion(URISCAN_RFC3986, (const char *)in, (size_t)len, 0,
		                  &f, NULL);
		if (uriscan_parse(URISCAN_RFC3986, (const char *)in, (size_t)len, 0,
		                  &u) == URISCAN_OK &&
		    URISCAN_HAS(&u, URISCAN_HOST))
			uriscan_host_address((const char *)in + u.part[URISCAN_HOST].off,
			                     u.part[URISCAN_HOST].len, 0, &a, NULL);
		if (plain_ascii(in, (size_t)len)) {
			ascii++;
			if (calls != before) {
				ascii_calls++;
				tap_diag("ICU called for %s", line);
			}
		} else {
			other++;
			other_calls += calls != before;
		}
	}
	fclose(fp);
	tap_ok(ascii > 300 && ascii_calls == 0,
	       "%u ASCII inputs without \"xn--\": %u called ICU", ascii,
	       ascii_calls);
	tap_ok(other > 20 && other_calls > 20,
	       "%u other inputs: %u called ICU (the counter works)", other,
	       other_calls);
	return tap_done();
}
