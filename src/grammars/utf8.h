/* SPDX-License-Identifier: MIT */
/*
 * utf8.h: the two steps of reading UTF-8 (RFC 3629) that the readers of
 * RFC 3987's characters (iri_chars.c) and the IRI mappings (iri.c) take
 * at every byte, inline. Internal; not installed.
 */
#ifndef URISCAN_UTF8_H
#define URISCAN_UTF8_H

/* Length of the UTF-8 sequence led by b; 0 for a byte that cannot lead
 * one (continuation bytes, C0, C1, F5-FF). */
static inline unsigned uriscan__utf8_len(unsigned char b)
{
	if (b < 0x80)
		return 1;
	if (b < 0xC2)
		return 0;
	if (b < 0xE0)
		return 2;
	if (b < 0xF0)
		return 3;
	if (b < 0xF5)
		return 4;
	return 0;
}

/* 1 if b may be byte i (1 to 3) of the sequence led by lead: the shortest
 * form only, no surrogates, nothing above U+10FFFF (RFC 3629 section 4). */
static inline int uriscan__utf8_cont_ok(unsigned char lead, unsigned i,
                                        unsigned char b)
{
	if ((b & 0xC0) != 0x80)
		return 0;
	if (i != 1)
		return 1;
	switch (lead) {
	case 0xE0:
		return b >= 0xA0;
	case 0xED:
		return b <= 0x9F;
	case 0xF0:
		return b >= 0x90;
	case 0xF4:
		return b <= 0x8F;
	default:
		return 1;
	}
}

#endif
