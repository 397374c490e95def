/* SPDX-License-Identifier: MIT */
/*
 * test_icu_threads.c: ICU's contexts (UTS #46, UTS #39) are opened once,
 * on first use, under pthread_once, and shared by every thread (issue 49).
 * Eight threads start at once (a barrier), so the first use races, and
 * each reads non-ASCII hosts many times: every answer must be the one a
 * single thread gives (the browser's host, the address, the homograph
 * flags). Without ICU every answer must be idna_unavailable. Prints TAP.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "uriscan.h"

#define THREADS 8
#define ROUNDS 2000

static const struct {
	const char *url, *host;
	uint32_t flags; /* the homograph flags */
} cases[] = {
    {"http://b\xc3\xbc" "cher.de/", "xn--bcher-kva.de", 0},
    {"http://\xe2\x98\x83.net/", "xn--n3h.net", 0},
    {"http://p\xd0\xb0ypal.com/", "xn--pypal-4ve.com",
     URISCAN_CONFUSION_MIXED_SCRIPT | URISCAN_CONFUSION_ASCII_LOOKALIKE},
    {"http://\xd0\xb0\xd1\x80\xd1\x80\xd3\x8f\xd0\xb5.com/", "xn--80ak6aa92e.com",
     URISCAN_CONFUSION_ASCII_LOOKALIKE},
    {"http://\xe2\x91\xa0\xe2\x91\xa1\xe2\x91\xa6.0.0.1/", "127.0.0.1", 0},
};
#define N_CASES (sizeof cases / sizeof cases[0])

static pthread_barrier_t start;

static void *run(void *arg)
{
	const uint32_t spoof = URISCAN_CONFUSION_MIXED_SCRIPT |
	                       URISCAN_CONFUSION_ASCII_LOOKALIKE;
	int icu = uriscan_uts46_available(), *bad = arg;
	char out[64];

	pthread_barrier_wait(&start);
	for (unsigned r = 0; r < ROUNDS; r++) {
		unsigned k = (r + (unsigned)((uintptr_t)arg >> 2)) % N_CASES;
		size_t n = 0, len = strlen(cases[k].url);
		uint32_t f = 0;
		int st = uriscan_browser_host(cases[k].url, len, 0, out, sizeof out,
		                              &n, NULL);
		uriscan_confusion(URISCAN_RFC3987, cases[k].url, len, 0, &f, NULL);
		if (icu ? st != URISCAN_OK || n != strlen(cases[k].host) ||
		              memcmp(out, cases[k].host, n) != 0 ||
		              (f & spoof) != cases[k].flags
		        : st != URISCAN_E_IDNA_UNAVAILABLE || (f & spoof) != 0)
			++*bad;
	}
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	int bad[THREADS] = {0}, total = 0;

	pthread_barrier_init(&start, NULL, THREADS);
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, run, &bad[i]);
	for (int i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		total += bad[i];
	}
	pthread_barrier_destroy(&start);
	tap_ok(total == 0,
	       "%d threads x %d reads of non-ASCII hosts (%s): %d wrong answers",
	       THREADS, ROUNDS, uriscan_uts46_available() ? "ICU" : "no ICU",
	       total);
	return tap_done();
}
