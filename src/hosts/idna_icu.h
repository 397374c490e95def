/* SPDX-License-Identifier: MIT */
/*
 * idna_icu.h: the browser's IDNA (UTS #46) and the homograph checks
 * (UTS #39) through ICU (idna_icu.c). Internal; hidden. Without ICU
 * (URISCAN_HAVE_ICU 0) the mapping answers URISCAN_E_IDNA_UNAVAILABLE and
 * the checks find nothing.
 */
#ifndef URISCAN_IDNA_ICU_H
#define URISCAN_IDNA_ICU_H

#include <stddef.h>
#include <stdint.h>

#include "icu-config.h"

/* The longest host the homograph checks read (the browser's hosts are at
 * most URISCAN__WHOST_MAX bytes; a DNS name at most 253). */
#define URISCAN__SPOOF_MAX 2048

/* The URL Standard's "domain to ASCII" (beStrict false) of the UTF-8 name
 * in[0, n): UTS #46 ToASCII with CheckBidi, CheckJoiners, nontransitional
 * processing, without UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength.
 * The result (ASCII) into out[0, cap), *outn its length. URISCAN_OK,
 * URISCAN_E_IDNA (UTS #46 refuses the name), URISCAN_E_TOO_LONG (the
 * result does not fit), URISCAN_E_IDNA_UNAVAILABLE (no ICU, or ICU could
 * not open its context). May allocate inside ICU (freed). */
int uriscan__uts46_to_ascii(const unsigned char *in, size_t n, char *out,
                            size_t cap, size_t *outn);

/* The homograph flags (URISCAN_CONFUSION_MIXED_SCRIPT,
 * URISCAN_CONFUSION_ASCII_LOOKALIKE) of the browser's host host[0, n)
 * (ASCII, after UTS #46): its "xn--" labels are decoded, and each label
 * that is not ASCII then is checked against UTS #39's Highly Restrictive
 * level and for a skeleton that is all ASCII. 0 without ICU. May allocate
 * inside ICU (freed). */
uint32_t uriscan__spoof_flags(const char *host, size_t n);

/* d[0, *dn) (cap bytes) through UTS #46, in place, with the thread's last
 * answer remembered (idna_cache.c; the browser's host, the flags and the
 * address read the same host one after the other): URISCAN_OK,
 * URISCAN_E_IDNA, URISCAN_E_TOO_LONG or URISCAN_E_IDNA_UNAVAILABLE. */
int uriscan__uts46_cached(unsigned char *d, size_t *dn, size_t cap);

/* 1 when ICU is built in and its contexts opened. */
int uriscan__icu_available(void);

#endif
