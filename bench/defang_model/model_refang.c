/* SPDX-License-Identifier: MIT */
/*
 * model_refang.c: the defanged forms of the cost model (README.md): the
 * scheme words, a match refanged into a buffer, trailing punctuation as
 * refanged. The forms and their rules are docs/extraction.md's table; the
 * ones the model leaves out are in README.md.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "model.h"

/* The bytes of v equal to c: all ones, the others zero. */
__attribute__((target("avx2"))) static inline __m256i eq8(__m256i v, char c)
{
	return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c));
}

/* The next byte in [i, e) that can start a form, else e. The buffer holds
 * 32 bytes past e (main pads it). */
__attribute__((target("avx2"))) static size_t
next_form(const unsigned char *b, size_t i, size_t e)
{
	for (; i < e; i += 32) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(b + i));
		__m256i m = _mm256_or_si256(
		    _mm256_or_si256(eq8(a, '['), eq8(a, '{')),
		    _mm256_or_si256(_mm256_or_si256(eq8(a, '\\'), eq8(a, '(')),
		                    _mm256_or_si256(eq8(a, ' '), eq8(a, '_'))));
		uint32_t bits = (uint32_t)_mm256_movemask_epi8(m);
		if (bits) {
			size_t j = i + (size_t)__builtin_ctz(bits);
			return j < e ? j : e;
		}
	}
	return e;
}

/* http, https, ftp or ftps (the refanged scheme words) */
int model_web_scheme(const unsigned char *s, size_t n)
{
	return (n == 4 && model_ci(s, "http", 4)) ||
	       (n == 5 && model_ci(s, "https", 5)) ||
	       (n == 3 && model_ci(s, "ftp", 3)) ||
	       (n == 4 && model_ci(s, "ftps", 4));
}

/* Does o[0, n) end with http, https, ftp or ftps after no letter? */
static int word_before(const unsigned char *o, size_t n)
{
	size_t k = 0;

	while (k < n && k < 6 && model_alpha(o[n - 1 - k]))
		k++;
	return k < 6 && model_web_scheme(o + n - k, k);
}

/* The form at b[i] (i < e), written to o[*n...]: the bytes read, 0 none. */
static size_t form(const unsigned char *b, size_t i, size_t e,
                   unsigned char *o, size_t *n)
{
	const unsigned char *s = b + i;
	const size_t left = e - i;
	const int after = *n > 0 && model_alnum(o[*n - 1]);
	const char *out = ".";
	size_t len = 0;

	switch (s[0]) {
	case '[':
		if (left >= 3 && s[2] == ']' &&
		    (s[1] == '.' || s[1] == '/' || s[1] == '@' ||
		     s[1] == ':')) {
			o[(*n)++] = s[1];
			return 3;
		}
		if (left >= 5 && model_ci(s + 1, "dot", 3) && s[4] == ']')
			len = 5;
		else if (left >= 4 && model_ci(s + 1, "at", 2) && s[3] == ']')
			len = 4, out = "@";
		else if (left >= 5 && memcmp(s, "[://]", 5) == 0)
			len = 5, out = "://";
		break;
	case '{':
		if (left >= 3 && s[1] == '.' && s[2] == '}')
			len = 3;
		else if (left >= 5 && model_ci(s + 1, "dot", 3) && s[4] == '}')
			len = 5;
		break;
	case '\\':
		if (left >= 2 && s[1] == '.')
			len = 2;
		else if (left >= 2 && s[1] == '\\')
			len = 2, out = "//";
		break;
	case '(': /* between two letters or digits */
		if (after && left >= 4 && s[1] == '.' && s[2] == ')' &&
		    model_alnum(s[3]))
			len = 3;
		else if (after && left >= 6 && model_ci(s + 1, "dot", 3) &&
		         s[4] == ')' &&
		         model_alnum(s[5]))
			len = 5;
		break;
	case ' ':
		if (left >= 3 && s[1] == '.')
			len = 2;
		else if (left >= 6 && memcmp(s, " DOT ", 5) == 0)
			len = 5;
		break;
	case '_': /* after a scheme word, before a letter or a digit */
		if (left >= 3 && s[1] == '_' && model_alnum(s[2]) &&
		    word_before(o, *n))
			len = 2, out = "://";
		break;
	}
	if (len) {
		size_t k = strlen(out);
		memcpy(o + *n, out, k);
		*n += k;
	}
	return len;
}

/* b[i, e) refanged into o from o[n]: the new length. */
size_t model_refang(const unsigned char *b, size_t i, size_t e,
                     unsigned char *o, size_t n)
{
	while (i < e) {
		size_t j = next_form(b, i, e), r;
		memcpy(o + n, b + i, j - i);
		n += j - i;
		if (j == e)
			break;
		r = form(b, j, e, o, &n);
		if (r == 0)
			o[n++] = b[j++];
		i = j + r;
	}
	return n;
}

/* The scheme b[r, c) as the URL's, into o: its length (0: none). The
 * words of docs/extraction.md's table; brackets around one, "htt[p]". */
size_t model_scheme(const unsigned char *b, size_t r, size_t c,
                     unsigned char *o, int *defanged)
{
	static const struct {
		const char *in, *out;
		unsigned char lin, lout;
	} words[] = {
	    {"hxxps", "https", 5, 5},   {"hxxp", "http", 4, 4},
	    {"xxxx", "http", 4, 4},     {"fxps", "ftps", 4, 4},
	    {"fxp", "ftp", 3, 3},       {"htt[p]s", "https", 7, 5},
	    {"htt[p]", "http", 6, 4},   {"[hxxps]", "https", 7, 5},
	    {"[https]", "https", 7, 5}, {"[hxxp]", "http", 6, 4},
	    {"[http]", "http", 6, 4},   {"[ftp]", "ftp", 5, 3}};
	const size_t l = c - r;

	/* most schemes are none of them: no x first or second, no ']' */
	if (l >= 2 && (b[r] | 0x20) != 'x' && (b[r + 1] | 0x20) != 'x' &&
	    b[c - 1] != ']' && b[c - 2] != ']') {
		memcpy(o, b + r, l);
		return l;
	}
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (words[k].lin == l && model_ci(b + r, words[k].in, l)) {
			memcpy(o, words[k].out, words[k].lout);
			*defanged = 1;
			return words[k].lout;
		}
	if (b[c - 1] == ']')
		return 0;
	memcpy(o, b + r, l);
	return l;
}

static int trimmable(unsigned char c)
{
	return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' ||
	       c == '?' || c == ')' || c == ']' || c == '\'';
}

/* Trailing punctuation off the match b[.., me) of the colon at c. */
static size_t trim_plain(const unsigned char *b, size_t c, size_t me)
{
	while (me > c + 3 && trimmable(b[me - 1]))
		me--;
	return me;
}

/* The same, the punctuation as refanged: a form that gives a '.' or a ':'
 * goes whole ("evil[.]example[.]"), one that gives a '/' or an '@' stays,
 * as its byte would. */
static size_t trim_forms(const unsigned char *b, size_t c, size_t me)
{
	while (me > c + 5) {
		const unsigned char *e = b + me;
		if (e[-1] == ']' && e[-3] == '[' &&
		    (e[-2] == '.' || e[-2] == ':'))
			me -= 3;
		else if (e[-1] == ']' && e[-3] == '[')
			break; /* "[/]", "[@]" */
		else if (e[-1] == ']' && model_ci(e - 5, "[dot]", 5))
			me -= 5;
		else if (e[-1] == ']' && model_ci(e - 4, "[at]", 4))
			break;
		else if (e[-1] == '.' && e[-2] == '\\')
			me -= 2;
		else if (trimmable(e[-1]))
			me--;
		else
			break;
	}
	return me;
}

size_t model_trim(const unsigned char *b, size_t c, size_t me, int forms)
{
	return forms ? trim_forms(b, c, me) : trim_plain(b, c, me);
}
