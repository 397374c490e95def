/* SPDX-License-Identifier: MIT */
/*
 * idna_icu.c: the browser's IDNA and the homograph checks through ICU
 * (idna_icu.h): UTS #46 ToASCII with the URL Standard's parameters, as
 * Chromium's url/url_idna_icu.cc and Firefox call it, and UTS #39's
 * restriction level and skeleton (uspoof_*).
 *
 * ICU's two contexts (a UIDNA, a USpoofChecker) are opened once per
 * process, on first use, under pthread_once; they are never written after
 * that, and ICU documents both as safe to use from any number of threads
 * at once. Opening them allocates (kept for the life of the process: a
 * fixed amount, once); each call below may allocate inside ICU (freed
 * before it returns). Nothing else here allocates.
 */
#include <stdint.h>
#include <string.h>

#include "idna_icu.h"
#include "uriscan.h"

#if URISCAN_HAVE_ICU
#include <pthread.h>
#include <unicode/uidna.h>
#include <unicode/uspoof.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static UIDNA *uts46;            /* written once, under once */
static USpoofChecker *checker;  /* written once, under once */

static void open_contexts(void)
{
	UErrorCode e = U_ZERO_ERROR;
	/* the URL Standard's domain to ASCII, beStrict false: CheckBidi,
	 * CheckJoiners, nontransitional processing; UseSTD3ASCIIRules,
	 * CheckHyphens and VerifyDnsLength off (the last two are masked
	 * below: ICU has no option for them) */
	UIDNA *u = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
	                               UIDNA_NONTRANSITIONAL_TO_ASCII |
	                               UIDNA_NONTRANSITIONAL_TO_UNICODE,
	                           &e);
	if (U_SUCCESS(e))
		uts46 = u;
	e = U_ZERO_ERROR;
	USpoofChecker *c = uspoof_open(&e);
	if (U_SUCCESS(e)) {
		uspoof_setRestrictionLevel(c, USPOOF_HIGHLY_RESTRICTIVE);
		uspoof_setChecks(c, USPOOF_RESTRICTION_LEVEL, &e);
	}
	if (U_SUCCESS(e))
		checker = c;
	else if (c != NULL)
		uspoof_close(c);
}

/* The errors the URL Standard does not count: CheckHyphens (leading,
 * trailing, "--" at 3-4) and VerifyDnsLength (empty labels, lengths). */
#define MASKED                                                              \
	(UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |                 \
	 UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |        \
	 UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4)

int uriscan__uts46_to_ascii(const unsigned char *in, size_t n, char *out,
                            size_t cap, size_t *outn)
{
	UIDNAInfo info = UIDNA_INFO_INITIALIZER;
	UErrorCode e = U_ZERO_ERROR;
	int32_t k;

	*outn = 0;
	pthread_once(&once, open_contexts);
	if (uts46 == NULL)
		return URISCAN_E_IDNA_UNAVAILABLE;
	if (n > INT32_MAX || cap > INT32_MAX)
		return URISCAN_E_TOO_LONG;
	k = uidna_nameToASCII_UTF8(uts46, (const char *)in, (int32_t)n, out,
	                           (int32_t)cap, &info, &e);
	if (e == U_BUFFER_OVERFLOW_ERROR)
		return URISCAN_E_TOO_LONG;
	/* U_STRING_NOT_TERMINATED_WARNING (out full, no NUL) is a success */
	if (U_FAILURE(e) || k < 0 || (info.errors & ~(uint32_t)MASKED) != 0)
		return URISCAN_E_IDNA;
	*outn = (size_t)k;
	return URISCAN_OK;
}

/* Is p[0, n) all ASCII? */
static int ascii(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] >= 0x80)
			return 0;
	return 1;
}

uint32_t uriscan__spoof_flags(const char *host, size_t n)
{
	char u[URISCAN__SPOOF_MAX * 4], sk[URISCAN__SPOOF_MAX * 8];
	UIDNAInfo info = UIDNA_INFO_INITIALIZER;
	UErrorCode e = U_ZERO_ERROR;
	uint32_t f = 0;
	int32_t un;
	size_t b, i;

	pthread_once(&once, open_contexts);
	if (uts46 == NULL || checker == NULL || n > URISCAN__SPOOF_MAX)
		return 0;
	un = uidna_nameToUnicodeUTF8(uts46, host, (int32_t)n, u,
	                             (int32_t)sizeof u, &info, &e);
	if (U_FAILURE(e) || un < 0 || (size_t)un > sizeof u)
		return 0;
	for (b = 0, i = 0; i <= (size_t)un; i++) {
		if (i < (size_t)un && u[i] != '.')
			continue;
		/* the label u[b, i), when not ASCII */
		if (i > b && !ascii(u + b, i - b)) {
			int32_t r, kn;
			e = U_ZERO_ERROR;
			r = uspoof_checkUTF8(checker, u + b, (int32_t)(i - b), NULL,
			                     &e);
			if (U_SUCCESS(e) && (r & USPOOF_RESTRICTION_LEVEL))
				f |= URISCAN_CONFUSION_MIXED_SCRIPT;
			e = U_ZERO_ERROR;
			kn = uspoof_getSkeletonUTF8(checker, 0, u + b,
			                            (int32_t)(i - b), sk,
			                            (int32_t)sizeof sk, &e);
			if (U_SUCCESS(e) && kn >= 0 && (size_t)kn <= sizeof sk &&
			    ascii(sk, (size_t)kn))
				f |= URISCAN_CONFUSION_ASCII_LOOKALIKE;
		}
		b = i + 1;
	}
	return f;
}

int uriscan__icu_available(void)
{
	pthread_once(&once, open_contexts);
	return uts46 != NULL && checker != NULL;
}

#else

int uriscan__uts46_to_ascii(const unsigned char *in, size_t n, char *out,
                            size_t cap, size_t *outn)
{
	(void)in;
	(void)n;
	(void)out;
	(void)cap;
	*outn = 0;
	return URISCAN_E_IDNA_UNAVAILABLE;
}

uint32_t uriscan__spoof_flags(const char *host, size_t n)
{
	(void)host;
	(void)n;
	return 0;
}

int uriscan__icu_available(void)
{
	return 0;
}

#endif

int uriscan_uts46_available(void)
{
	return uriscan__icu_available();
}

uint32_t uriscan_confusion_unavailable(void)
{
	return uriscan__icu_available()
	           ? 0
	           : (uint32_t)(URISCAN_CONFUSION_MIXED_SCRIPT |
	                        URISCAN_CONFUSION_ASCII_LOOKALIKE);
}
