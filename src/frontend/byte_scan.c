/* SPDX-License-Identifier: MIT */
/*
 * byte_scan.c: the byte sets of byte_scan.h, one bit each.
 */
#include "byte_scan.h"

#define J FRONTEND_BYTE_JSON
#define T FRONTEND_BYTE_TSV
#define Q FRONTEND_BYTE_QUOTE
#define J16 J, J, J, J, J, J, J, J, J, J, J, J, J, J, J, J
#define Z16 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0

const unsigned char frontend_byte_class[256] = {
	/* 0x00: control bytes; tab, newline and carriage return for TSV */
	J, J, J, J, J, J, J, J, J, J | T, J | T, J, J, J | T, J, J,
	/* 0x10 */
	J16,
	/* 0x20: '"' */
	0, 0, J | Q, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 0x30, 0x40 */
	Z16, Z16,
	/* 0x50: '\\' */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, J | T | Q, 0, 0, 0,
	/* 0x60 */
	Z16,
	/* 0x70: 0x7f */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, J,
	/* 0x80-0xff: JSON checks them as UTF-8 */
	J16, J16, J16, J16, J16, J16, J16, J16,
};
