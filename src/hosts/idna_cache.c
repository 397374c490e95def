/* SPDX-License-Identifier: MIT */
/*
 * idna_cache.c: UTS #46 (idna_icu.c) with the thread's last answer
 * remembered (uriscan__uts46_cached, idna_icu.h): the browser's host, the
 * flags and the address read the same host one after the other.
 * No allocation of its own (ICU's, freed inside it).
 */
#include <string.h>

#include "browser.h"
#include "idna_icu.h"
#include "uriscan.h"

/* The last name this thread mapped, and what came of it: a host is often
 * read twice in a row (uriscan_browser_host, then the flags' full
 * reading), and UTS #46 through ICU takes thousands of instructions. */
static _Thread_local struct {
	size_t in_len, out_len;
	int status;
	unsigned char in[URISCAN__WHOST_MAX], out[URISCAN__WHOST_MAX];
} last_idna;

int uriscan__uts46_cached(unsigned char *d, size_t *dn, size_t cap)
{
	char a[URISCAN__WHOST_MAX];
	size_t n = *dn, an = 0;
	int st;

	if (n > 0 && n == last_idna.in_len &&
	    memcmp(d, last_idna.in, n) == 0) {
		if (last_idna.status == URISCAN_OK) {
			memcpy(d, last_idna.out, last_idna.out_len);
			*dn = last_idna.out_len;
		}
		return last_idna.status;
	}
	st = uriscan__uts46_to_ascii(d, n, a, cap < sizeof a ? cap : sizeof a,
	                             &an);
	if (st == URISCAN_E_IDNA_UNAVAILABLE)
		return st; /* not remembered: nothing was read */
	/* remembered before d changes */
	last_idna.in_len = n;
	memcpy(last_idna.in, d, n);
	last_idna.status = st;
	if (st == URISCAN_OK) {
		*dn = an;
		memcpy(d, a, an);
		last_idna.out_len = an;
		memcpy(last_idna.out, a, an);
	}
	return st;
}
