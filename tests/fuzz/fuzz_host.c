/* SPDX-License-Identifier: MIT */
/*
 * fuzz_host.c: uriscan_host_address and uriscan_ip_text on any bytes,
 * against glibc's readers of addresses. No state carried from one input
 * to the next; no timing.
 *
 * Input: byte 0 bit 0: also an unknown flag bit (URISCAN_E_INVALID_ARG
 * expected); the other bits are ignored. Then the host.
 *
 * Checked for every call:
 *  - the status is OK, E_SYNTAX, E_BAD_PERCENT or E_UNSUPPORTED (or
 *    E_INVALID_ARG exactly with the unknown flag); err says the same
 *    (input FIRST exactly on a syntax status, no component), its offset
 *    is <= len; a failure leaves no address;
 *  - an address: a known form, class and embedding, the parts of an IPv4
 *    address 1-4 and the form consistent with them, the class none exactly
 *    for a name; v4 is the address itself (IPv4) or the one embedded;
 *  - its canonical text fits URISCAN_IP_TEXT_MAX, reads back as the same
 *    address (IPv4: in the dotted form) and class, and is what glibc's
 *    inet_pton reads as the same bytes;
 *  - inet_aton: every input inet_aton accepts that the two readers read the
 *    same way (no '%', no byte >= 0x80 or NUL, no white space, after which
 *    inet_aton stops reading) is an IPv4 address here, the same one; and
 *    every such input read here as IPv4, without a trailing dot or a part
 *    "0x" alone (the documented differences), inet_aton accepts;
 *  - inet_pton(AF_INET6): a bracketed host without '%' that inet_pton
 *    accepts is the same IPv6 address here;
 *  - a host that is not ASCII goes through UTS #46 (ICU): E_IDNA with
 *    offset 0 only with ICU, E_IDNA_UNAVAILABLE only without, E_TOO_LONG
 *    (over 2,048 bytes) with or without; the note MAPPED only on such a host; every IPv4 address
 *    read (mapped or not) is the one uriscan_browser_host reaches for
 *    "http://HOST/" when HOST holds no byte that ends the authority: one
 *    reading for both calls;
 *  - a zone lies inside the host after a '%' and the address without it
 *    is the same address, zone-less.
 */
#define _DEFAULT_SOURCE 1 /* inet_aton */
#include <arpa/inet.h>
#include <ctype.h>

#include "fuzz.h"

/* A part "0x" (or "0X") alone: WHATWG reads 0, inet_aton refuses it. */
static int empty_hex_part(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if ((i == 0 || s[i - 1] == '.') && s[i] == '0' &&
		    (s[i + 1] == 'x' || s[i + 1] == 'X') &&
		    (i + 2 == len || s[i + 2] == '.'))
			return 1;
	return 0;
}

/* What inet_aton reads in the same way: ASCII, no '%', no space. */
static int aton_comparable(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == 0 || c >= 0x80 || c == '%' || c == ' ' ||
		    (c >= '\t' && c <= '\r') || c == ':' || c == '[')
			return 0;
	}
	return 1;
}

static void check_text(const struct uriscan_host_addr *a)
{
	char t[URISCAN_IP_TEXT_MAX];
	unsigned char b[16];
	size_t n = 0;
	struct uriscan_host_addr r;
	int st = uriscan_ip_text(a, t, sizeof t, &n, NULL);

	FUZZ_ASSERT(st == URISCAN_OK && n == strlen(t) && n < sizeof t,
	            "text: %s", uriscan_status_name(st));
	st = uriscan_host_address(t, n, 0, &r, NULL);
	FUZZ_ASSERT(st == URISCAN_OK && r.family == a->family &&
	                memcmp(r.addr, a->addr, 16) == 0 &&
	                r.ip_class == a->ip_class && r.embed == a->embed &&
	                (a->family == URISCAN_IP_V6 ||
	                 r.form == URISCAN_IP_FORM_DOTTED),
	            "the text %s does not read back", t);
	FUZZ_ASSERT(inet_pton(a->family == URISCAN_IP_V4 ? AF_INET : AF_INET6, t,
	                      b) == 1 &&
	                memcmp(b, a->addr, a->family == URISCAN_IP_V4 ? 4 : 16) == 0,
	            "inet_pton reads the text %s otherwise", t);
}

/* Does s[0, len), percent-decoded, hold a byte >= 0x80? */
static int has_high(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 ||
		    (c == '%' && i + 2 < len && strchr("89abcdefABCDEF", s[i + 1]) &&
		     s[i + 1] != 0 && isxdigit((unsigned char)s[i + 2])))
			return 1;
	}
	return 0;
}

/* A zone lies inside the host, after a '%', and the address without it
 * reads as the same address, without a zone. */
static void check_zone(const char *s, size_t len,
                       const struct uriscan_host_addr *a)
{
	struct uriscan_host_addr r;
	char t[URISCAN_IP_TEXT_MAX + 2];
	size_t n;

	if (!(a->notes & URISCAN_HOST_ZONE)) {
		FUZZ_ASSERT(a->zone_off == 0 && a->zone_len == 0, "a zone span");
		return;
	}
	FUZZ_ASSERT(a->family == URISCAN_IP_V6 && a->zone_len > 0 &&
	                a->zone_off <= len && a->zone_len <= len - a->zone_off &&
	                a->zone_off >= 2 && memchr(s, '%', a->zone_off) != NULL,
	            "zone %u+%u of %zu", a->zone_off, a->zone_len, len);
	t[0] = '[';
	uriscan_ip_text(a, t + 1, URISCAN_IP_TEXT_MAX, &n, NULL);
	t[n + 1] = ']';
	FUZZ_ASSERT(uriscan_host_address(t, n + 2, 0, &r, NULL) == URISCAN_OK &&
	                memcmp(r.addr, a->addr, 16) == 0 &&
	                !(r.notes & URISCAN_HOST_ZONE),
	            "without its zone");
}

/* An IPv4 address (not from a zone-bearing or bracketed host) is the host
 * the browser reaches for "http://HOST/": the same reading, UTS #46
 * included, when the host holds nothing that ends the authority. */
static void check_browser(const char *s, size_t len,
                          const struct uriscan_host_addr *a)
{
	static char url[4096];
	char bh[64], t[URISCAN_IP_TEXT_MAX];
	size_t bn = 0, tn = 0, i;

	if (a->family != URISCAN_IP_V4 || len + 8 > sizeof url)
		return;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] <= 0x20 || strchr("/?#\\@:[]", s[i]))
			return;
	memcpy(url, "http://", 7);
	memcpy(url + 7, s, len);
	url[len + 7] = '/';
	uriscan_ip_text(a, t, sizeof t, &tn, NULL);
	int st = uriscan_browser_host(url, len + 8, 0, bh, sizeof bh, &bn, NULL);
	/* the browser's reading refuses a host over 2048 bytes (uriscan.h),
	 * where the address reads an ASCII one of any length: a refusal,
	 * never another address */
	if (st == URISCAN_E_TOO_LONG) {
		FUZZ_ASSERT(len >= 2048, "too_long for a host of %zu bytes", len);
		return;
	}
	FUZZ_ASSERT(st == URISCAN_OK && bn == tn && memcmp(bh, t, tn) == 0,
	            "the browser reaches %.*s, not %s", (int)bn, bh, t);
}

static void check_shape(const struct uriscan_host_addr *a)
{
	static const uint8_t zero[16];

	FUZZ_ASSERT(a->ip_class > URISCAN_IP_CLASS_NONE &&
	                a->ip_class < URISCAN_IP_CLASS_COUNT,
	            "class %d", (int)a->ip_class);
	if (a->family == URISCAN_IP_V4) {
		FUZZ_ASSERT(a->parts >= 1 && a->parts <= 4 &&
		                a->embed == URISCAN_IP_EMBED_NONE &&
		                memcmp(a->v4, a->addr, 4) == 0 &&
		                memcmp(a->addr + 4, zero, 12) == 0,
		            "IPv4 shape");
		FUZZ_ASSERT(a->form >= URISCAN_IP_FORM_DOTTED &&
		                a->form <= URISCAN_IP_FORM_MIXED,
		            "IPv4 form %d", (int)a->form);
		FUZZ_ASSERT((a->form == URISCAN_IP_FORM_DOTTED) <= (a->parts == 4) &&
		                (a->form == URISCAN_IP_FORM_INTEGER) <= (a->parts == 1) &&
		                (a->form == URISCAN_IP_FORM_SHORT) <=
		                    (a->parts == 2 || a->parts == 3),
		            "form %s with %u parts", uriscan_ip_form_name(a->form),
		            a->parts);
	} else {
		FUZZ_ASSERT(a->form == URISCAN_IP_FORM_IPV6 && a->parts == 0 &&
		                a->embed <= URISCAN_IP_EMBED_TEREDO &&
		                (a->embed != URISCAN_IP_EMBED_NONE ||
		                 memcmp(a->v4, zero, 4) == 0),
		            "IPv6 shape");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = size ? (const char *)data + 1 : "";
	size_t len = size ? size - 1 : 0;
	unsigned flags = (size && (data[0] & 1)) ? 0x100u : 0;
	struct uriscan_host_addr a;
	struct uriscan_error e;
	char *z;
	struct in_addr in;
	int st, got;

	if (size == 0)
		return 0;
	fuzz_cur_s_ = s;
	fuzz_cur_len_ = len;
	st = uriscan_host_address(s, len, flags, &a, &e);
	FUZZ_ASSERT(e.status == st &&
	                e.input == (fuzz_input_status(st) || st == URISCAN_E_IDNA
	                                ? URISCAN_INPUT_FIRST
	                                : URISCAN_INPUT_NONE) &&
	                e.component == URISCAN_COMPONENT_NONE,
	            "error struct %d/%d/%u, returned %s", e.status, (int)e.input,
	            e.component, uriscan_status_name(st));
	if (flags) {
		FUZZ_ASSERT(st == URISCAN_E_INVALID_ARG, "unknown flag: %s",
		            uriscan_status_name(st));
		return 0;
	}
	FUZZ_ASSERT(st == URISCAN_OK || st == URISCAN_E_SYNTAX ||
	                st == URISCAN_E_BAD_PERCENT || st == URISCAN_E_UNSUPPORTED ||
	                st == URISCAN_E_TOO_LONG ||
	                (st == URISCAN_E_IDNA && uriscan_uts46_available()) ||
	                (st == URISCAN_E_IDNA_UNAVAILABLE &&
	                 !uriscan_uts46_available()),
	            "status %s", uriscan_status_name(st));
	FUZZ_ASSERT(st != URISCAN_E_IDNA || e.offset == 0, "idna at %zu",
	            e.offset);
	FUZZ_ASSERT(!(a.notes & URISCAN_HOST_MAPPED) || st != URISCAN_OK ||
	                has_high(s, len),
	            "mapped, and ASCII");
	FUZZ_ASSERT(e.offset <= len && (st != URISCAN_OK || e.offset == 0),
	            "offset %zu of %zu", e.offset, len);
	FUZZ_ASSERT(st == URISCAN_OK || a.family == URISCAN_IP_NONE,
	            "an address with a failure");
	if (a.family == URISCAN_IP_NONE)
		FUZZ_ASSERT(a.ip_class == URISCAN_IP_CLASS_NONE &&
		                a.form == URISCAN_IP_FORM_NONE,
		            "a name with a class or form");
	else {
		check_shape(&a);
		check_text(&a);
		check_zone(s, len, &a);
		check_browser(s, len, &a);
	}

	/* glibc's readers need a NUL-terminated copy */
	z = malloc(len + 1);
	if (z == NULL)
		return 0;
	memcpy(z, s, len);
	z[len] = '\0';
	if (aton_comparable(s, len)) {
		got = inet_aton(z, &in);
		if (got)
			FUZZ_ASSERT(st == URISCAN_OK && a.family == URISCAN_IP_V4 &&
			                memcmp(&in.s_addr, a.addr, 4) == 0,
			            "inet_aton reads %s, uriscan %s", inet_ntoa(in),
			            uriscan_status_name(st));
		else if (st == URISCAN_OK && a.family == URISCAN_IP_V4)
			FUZZ_ASSERT((a.notes & URISCAN_HOST_TRAILING_DOT) ||
			                empty_hex_part(s, len),
			            "inet_aton refuses an IPv4 address");
	}
	if (len >= 2 && s[0] == '[' && s[len - 1] == ']' &&
	    memchr(s, '%', len) == NULL && memchr(s, 0, len) == NULL) {
		unsigned char b[16];
		z[len - 1] = '\0';
		if (inet_pton(AF_INET6, z + 1, b) == 1)
			FUZZ_ASSERT(st == URISCAN_OK && a.family == URISCAN_IP_V6 &&
			                memcmp(b, a.addr, 16) == 0,
			            "inet_pton reads another IPv6 address");
	}
	free(z);
	return 0;
}
