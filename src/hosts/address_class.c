/* SPDX-License-Identifier: MIT */
/*
 * address_class.c: the class of an address (IANA IPv4 and IPv6 Special-Purpose
 * Address Registries, the multicast ranges, the IPv6 Address Space), the
 * IPv4 address an IPv6 one embeds, the canonical text (dotted quad, RFC
 * 5952), and the names of forms, classes and embeddings. The ranges are
 * listed in docs/hosts.md. No allocation.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "address.h"
#include "uriscan.h"

#define C(x) URISCAN_IP_CLASS_##x

struct range {
	uint8_t pfx[16];
	unsigned bits;
	enum uriscan_ip_class cls;
};

/* First match wins: the more specific ranges come first. */
static const struct range v4_ranges[] = {
	{{0, 0, 0, 0}, 32, C(UNSPECIFIED)},      /* "this host" */
	{{0}, 8, C(RESERVED)},                   /* "this network" */
	{{10}, 8, C(PRIVATE)},                   /* RFC 1918 */
	{{100, 64}, 10, C(SHARED)},              /* RFC 6598 */
	{{127}, 8, C(LOOPBACK)},                 /* RFC 1122 */
	{{169, 254}, 16, C(LINK_LOCAL)},         /* RFC 3927 */
	{{172, 16}, 12, C(PRIVATE)},             /* RFC 1918 */
	{{192, 0, 0, 9}, 32, C(GLOBAL)},         /* PCP anycast, RFC 7723 */
	{{192, 0, 0, 10}, 32, C(GLOBAL)},        /* TURN anycast, RFC 8155 */
	{{192, 0, 0}, 24, C(RESERVED)},          /* IETF protocol assignments */
	{{192, 0, 2}, 24, C(DOCUMENTATION)},     /* TEST-NET-1, RFC 5737 */
	{{192, 88, 99}, 24, C(RESERVED)},        /* 6to4 relay, RFC 7526 */
	{{192, 168}, 16, C(PRIVATE)},            /* RFC 1918 */
	{{198, 18}, 15, C(BENCHMARKING)},        /* RFC 2544 */
	{{198, 51, 100}, 24, C(DOCUMENTATION)},  /* TEST-NET-2 */
	{{203, 0, 113}, 24, C(DOCUMENTATION)},   /* TEST-NET-3 */
	{{224}, 4, C(MULTICAST)},                /* RFC 5771 */
	{{255, 255, 255, 255}, 32, C(BROADCAST)}, /* RFC 919 */
	{{240}, 4, C(RESERVED)},                 /* RFC 1112 */
};

static const struct range v6_ranges[] = {
	{{0}, 128, C(UNSPECIFIED)},                           /* :: */
	{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 128,
	 C(LOOPBACK)},                                        /* ::1 */
	{{0, 0x64, 0xff, 0x9b, 0, 1}, 48, C(PRIVATE)},        /* RFC 8215 */
	{{0x20, 0x01, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 128,
	 C(GLOBAL)},                                          /* PCP anycast */
	{{0x20, 0x01, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, 128,
	 C(GLOBAL)},                                          /* TURN anycast */
	{{0x20, 0x01, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, 128,
	 C(GLOBAL)},                                          /* DNS-SD SRP */
	{{0x20, 0x01, 0, 2, 0, 0}, 48, C(BENCHMARKING)},      /* RFC 5180 */
	{{0x20, 0x01, 0, 3}, 32, C(GLOBAL)},                  /* AMT, RFC 7450 */
	{{0x20, 0x01, 0, 4, 1, 0x12}, 48, C(GLOBAL)},         /* AS112-v6 */
	{{0x20, 0x01, 0, 0x20}, 28, C(GLOBAL)},               /* ORCHIDv2 */
	{{0x20, 0x01, 0, 0x30}, 28, C(GLOBAL)},               /* drone ID */
	{{0x20, 0x01}, 23, C(RESERVED)},              /* IETF assignments */
	{{0x20, 0x01, 0x0d, 0xb8}, 32, C(DOCUMENTATION)},     /* RFC 3849 */
	{{0x3f, 0xff}, 20, C(DOCUMENTATION)},                 /* RFC 9637 */
	{{0x20}, 3, C(GLOBAL)},                       /* global unicast */
	{{0xfc}, 7, C(PRIVATE)},                      /* ULA, RFC 4193 */
	{{0xfe, 0x80}, 10, C(LINK_LOCAL)},            /* RFC 4291 */
	{{0xff}, 8, C(MULTICAST)},                    /* RFC 4291 */
	{{0}, 0, C(RESERVED)},                 /* the rest: reserved by IETF */
};

static int in_range(const uint8_t *a, const struct range *r)
{
	unsigned full = r->bits / 8, rest = r->bits % 8;

	if (memcmp(a, r->pfx, full) != 0)
		return 0;
	return rest == 0 ||
	       ((a[full] ^ r->pfx[full]) & (0xFFu << (8 - rest)) & 0xFFu) == 0;
}

static enum uriscan_ip_class lookup(const uint8_t *a, const struct range *t,
                                    size_t n, enum uriscan_ip_class dflt)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (in_range(a, &t[i]))
			return t[i].cls;
	return dflt;
}

#define N(t) (sizeof(t) / sizeof((t)[0]))

/* The IPv4 address an IPv6 one embeds (into v4), or NONE. */
static enum uriscan_ip_embed embedded(const uint8_t *a, uint8_t *v4)
{
	static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	static const uint8_t nat64[12] = {0, 0x64, 0xff, 0x9b};
	static const uint8_t teredo[4] = {0x20, 0x01, 0, 0};
	int i;

	if (memcmp(a, mapped, 12) == 0 || memcmp(a, nat64, 12) == 0) {
		memcpy(v4, a + 12, 4);
		return a[1] == 0x64 ? URISCAN_IP_EMBED_NAT64 : URISCAN_IP_EMBED_MAPPED;
	}
	if (a[0] == 0x20 && a[1] == 0x02) {
		memcpy(v4, a + 2, 4);
		return URISCAN_IP_EMBED_6TO4;
	}
	if (memcmp(a, teredo, 4) == 0) {
		for (i = 0; i < 4; i++)
			v4[i] = (uint8_t)~a[12 + i];
		return URISCAN_IP_EMBED_TEREDO;
	}
	return URISCAN_IP_EMBED_NONE;
}

void uriscan__ip_classify(struct uriscan_host_addr *a)
{
	if (a->family == URISCAN_IP_V4) {
		memcpy(a->v4, a->addr, 4);
		a->ip_class = lookup(a->v4, v4_ranges, N(v4_ranges), C(GLOBAL));
	} else if (a->family == URISCAN_IP_V6) {
		a->embed = embedded(a->addr, a->v4);
		a->ip_class = a->embed != URISCAN_IP_EMBED_NONE
		                  ? lookup(a->v4, v4_ranges, N(v4_ranges), C(GLOBAL))
		                  : lookup(a->addr, v6_ranges, N(v6_ranges),
		                           C(RESERVED));
	}
}

/* ---- canonical text ------------------------------------------------------ */

static size_t v4_text(const uint8_t *b, char *t)
{
	return (size_t)sprintf(t, "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
}

/* RFC 5952; an IPv4-mapped address with its dotted quad when mixed. */
static size_t v6_text(const uint8_t *b, char *t, int mixed)
{
	static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	unsigned g[8];
	int i, best = -1, best_n = 1, run = 0;
	size_t n = 0;

	if (mixed && memcmp(b, mapped, 12) == 0) {
		n = (size_t)sprintf(t, "::ffff:");
		return n + v4_text(b + 12, t + n);
	}
	for (i = 0; i < 8; i++) {
		g[i] = (unsigned)b[2 * i] << 8 | b[2 * i + 1];
		run = g[i] == 0 ? run + 1 : 0;
		if (run > best_n) {
			best_n = run;
			best = i - run + 1;
		}
	}
	for (i = 0; i < 8; i++) {
		if (i == best) {
			n += (size_t)sprintf(t + n, "::");
			i += best_n - 1;
			continue;
		}
		if (i > 0 && i != best + best_n)
			t[n++] = ':';
		n += (size_t)sprintf(t + n, "%x", g[i]);
	}
	t[n] = '\0';
	return n;
}

size_t uriscan__v6_hex_text(const uint8_t *addr, char *t)
{
	return v6_text(addr, t, 0);
}

int uriscan_ip_text(const struct uriscan_host_addr *a, char *out,
                    size_t out_cap, size_t *out_len, struct uriscan_error *err)
{
	char t[URISCAN_IP_TEXT_MAX];
	size_t n;

	uriscan__host_err(err, URISCAN_OK, 0);
	if (out_len)
		*out_len = 0;
	if (a == NULL || out_len == NULL || (out == NULL && out_cap != 0) ||
	    (a->family != URISCAN_IP_V4 && a->family != URISCAN_IP_V6)) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	n = a->family == URISCAN_IP_V4 ? v4_text(a->addr, t)
	                                : v6_text(a->addr, t, 1);
	*out_len = n;
	if (n + 1 > out_cap) {
		*out_len = n + 1; /* the capacity needed: the text and its NUL */
		uriscan__host_err(err, URISCAN_E_BUFFER_TOO_SMALL, 0);
		return URISCAN_E_BUFFER_TOO_SMALL;
	}
	memcpy(out, t, n + 1);
	return URISCAN_OK;
}

/* ---- names --------------------------------------------------------------- */

static const char *const class_names[URISCAN_IP_CLASS_COUNT] = {
	"none", "unspecified", "loopback", "private", "shared", "link-local",
	"documentation", "benchmarking", "multicast", "broadcast", "reserved",
	"global"};

const char *uriscan_ip_class_name(enum uriscan_ip_class c)
{
	return (unsigned)c < URISCAN_IP_CLASS_COUNT ? class_names[c] : "none";
}

int uriscan_ip_class_from_name(const char *name, size_t len,
                               enum uriscan_ip_class *c,
                               struct uriscan_error *err)
{
	unsigned i;
	size_t k;

	uriscan__host_err(err, URISCAN_OK, 0);
	if ((name == NULL && len != 0) || c == NULL) {
		uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
		return URISCAN_E_INVALID_ARG;
	}
	for (i = 1; i < URISCAN_IP_CLASS_COUNT; i++) {
		const char *w = class_names[i];
		if (strlen(w) != len)
			continue;
		for (k = 0; k < len; k++) {
			char x = name[k] == '_' ? '-' : name[k];
			if (x >= 'A' && x <= 'Z')
				x = (char)(x + 32);
			if (x != w[k])
				break;
		}
		if (k == len) {
			*c = (enum uriscan_ip_class)i;
			return URISCAN_OK;
		}
	}
	uriscan__host_err(err, URISCAN_E_INVALID_ARG, 0);
	return URISCAN_E_INVALID_ARG;
}

const char *uriscan_ip_form_name(enum uriscan_ip_form f)
{
	static const char *const n[] = {"none",  "dotted", "integer", "short",
	                                "octal", "hex",    "mixed",   "ipv6"};
	return (unsigned)f < N(n) ? n[f] : "none";
}

const char *uriscan_ip_embed_name(enum uriscan_ip_embed e)
{
	static const char *const n[] = {"none", "mapped", "nat64", "6to4",
	                                "teredo"};
	return (unsigned)e < N(n) ? n[e] : "none";
}
