/* SPDX-License-Identifier: MIT */
/*
 * output.c: see output.h.
 *
 * Bytes are gathered in a private staging buffer (escaping writes bytes one
 * at a time, which stdio would lock for each call) and written to the file
 * descriptor of stdout in large blocks with write(2). Not through stdio:
 * fwrite copied every byte once more, into stdio's buffer (7.5 % of
 * `uriscan log`'s time in perf: docs/performance.md, "The command
 * line"). Nothing
 * else in uriscan(1) writes to stdout.
 *
 * A write error ends the program with status 2. A closed pipe (EPIPE, when
 * SIGPIPE is ignored; otherwise SIGPIPE ends the process as usual) ends it
 * quietly: `uriscan parse big | head` prints no error.
 */
#include "output.h"

#include "byte_scan.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct out_stage out_stage;
static int interactive;

static const char hexdig[] = "0123456789abcdef";

static _Noreturn void write_failed(int err)
{
	if (err != EPIPE)
		fprintf(stderr, "uriscan: write error: %s\n", strerror(err));
	/* nothing more can be written; do not let exit() try again */
	_exit(2);
}

void out_init(void)
{
	interactive = isatty(STDOUT_FILENO);
}

/* All of [p, p + n) to stdout's file descriptor. */
static void write_all(const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(STDOUT_FILENO, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			write_failed(errno);
		}
		if (w == 0)
			write_failed(EIO);
		p += w;
		n -= (size_t)w;
	}
}

void out_flush(void)
{
	if (out_stage.len == 0)
		return;
	write_all(out_stage.buf, out_stage.len);
	out_stage.len = 0;
}

void out_bytes_slow(const void *p, size_t n)
{
	out_flush();
	if (n >= OUT_STAGE_SIZE) {
		write_all(p, n);
		return;
	}
	memcpy(out_stage.buf, p, n);
	out_stage.len = n;
}

void out_str(const char *s)
{
	out_bytes(s, strlen(s));
}

void out_u64(uint64_t v)
{
	char tmp[24];
	size_t i = sizeof tmp;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	out_bytes(tmp + i, sizeof tmp - i);
}

/* Length of the valid UTF-8 sequence (2 to 4 bytes) at p, or 0. Rejects
 * overlong forms, UTF-16 surrogates and code points above U+10FFFF. */
static size_t utf8_seq(const unsigned char *p, size_t n)
{
	unsigned c = p[0];
	size_t len, i;

	if (c < 0xc2)
		return 0; /* ASCII is handled by the caller; 80-c1 never lead */
	if (c < 0xe0)
		len = 2;
	else if (c < 0xf0)
		len = 3;
	else if (c < 0xf5)
		len = 4;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if (c == 0xe0 && p[1] < 0xa0)
		return 0; /* overlong */
	if (c == 0xed && p[1] >= 0xa0)
		return 0; /* U+D800..U+DFFF */
	if (c == 0xf0 && p[1] < 0x90)
		return 0; /* overlong */
	if (c == 0xf4 && p[1] >= 0x90)
		return 0; /* above U+10FFFF */
	return len;
}

void out_json_name(const char *s)
{
	if (s == NULL)
		out_bytes("null", 4);
	else
		out_json_string(s, strlen(s));
}

void out_json_or_null(const char *s, size_t n, int present)
{
	if (present)
		out_json_string(s, n);
	else
		out_bytes("null", 4);
}

void out_tsv_or_null(const char *s, size_t n, int present)
{
	out_char('\t');
	if (present)
		out_tsv_field(s, n);
	else
		out_bytes("\\N", 2);
}

void out_json_string(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *e = p + n;

	out_char('"');
	while (p < e) {
		/* printable ASCII but '"' and '\\': copied as is */
		const unsigned char *q = frontend_scan_json(p, e);
		if (q != p) {
			out_bytes(p, (size_t)(q - p));
			p = q;
			if (p == e)
				break;
		}
		unsigned char c = *p;
		if (c < 0x80) {
			char esc[6] = {'\\', 'u', '0', '0', hexdig[c >> 4],
			               hexdig[c & 15]};
			switch (c) {
			case '"':
			case '\\':
				out_char('\\');
				out_char((char)c);
				break;
			case '\b':
				out_bytes("\\b", 2);
				break;
			case '\f':
				out_bytes("\\f", 2);
				break;
			case '\n':
				out_bytes("\\n", 2);
				break;
			case '\r':
				out_bytes("\\r", 2);
				break;
			case '\t':
				out_bytes("\\t", 2);
				break;
			default:
				out_bytes(esc, sizeof esc);
				break;
			}
			p++;
			continue;
		}
		size_t k = utf8_seq(p, (size_t)(e - p));
		if (k > 0) {
			out_bytes(p, k);
			p += k;
		} else {
			char esc[6] = {'\\', 'u', 'd', 'c', hexdig[c >> 4],
			               hexdig[c & 15]};
			out_bytes(esc, sizeof esc);
			p++;
		}
	}
	out_char('"');
}

void out_tsv_field(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *e = p + n;

	while (p < e) {
		const unsigned char *q = frontend_scan_tsv(p, e);
		out_bytes(p, (size_t)(q - p));
		if (q == e)
			break;
		out_char('\\');
		switch (*q) {
		case '\t':
			out_char('t');
			break;
		case '\n':
			out_char('n');
			break;
		case '\r':
			out_char('r');
			break;
		default:
			out_char('\\');
			break;
		}
		p = q + 1;
	}
}

void out_end_record(void)
{
	if (interactive || out_stage.len > OUT_STAGE_SIZE / 2)
		out_flush();
}
