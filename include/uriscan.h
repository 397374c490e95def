/*
 * uriscan: recognise URIs and URLs at line rate.
 *
 * One public header. Every grammar (RFC 1738, RFC 2396, RFC 3986, RFC 3987)
 * is a Ragel machine compiled to goto C; this API picks one at run time.
 *
 * Contract, for every call below:
 *  - Inputs are (const char *s, size_t len). No NUL terminator is needed and a
 *    NUL byte is just a byte (invalid in every grammar). The library never
 *    reads outside [s, s + len). s may be NULL only when len is 0.
 *  - Offsets are uint32_t, so an input may be at most UINT32_MAX bytes long;
 *    longer inputs get URISCAN_E_TOO_LONG, never a wrong answer.
 *  - Nothing here allocates memory, has global mutable state, or makes a
 *    system call. Every call is thread-safe and reentrant; a result struct
 *    belongs to its caller.
 *  - Returned strings (names, messages, the version) are static and live for
 *    the life of the process; never free them. Components are offsets into
 *    the caller's own bytes and are valid as long as those bytes are.
 *
 * Licence: MIT (see README.md).
 */
#ifndef URISCAN_H
#define URISCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(URISCAN_BUILDING) && defined(__GNUC__)
#define URISCAN_API __attribute__((visibility("default")))
#else
#define URISCAN_API
#endif

/* ------------------------------------------------------------------ */
/* Versions                                                            */

#define URISCAN_VERSION_MAJOR 0
#define URISCAN_VERSION_MINOR 1
#define URISCAN_VERSION_PATCH 0
#define URISCAN_VERSION_STRING "0.1.0"
/* 0xMMmmpp */
#define URISCAN_VERSION_HEX                                                    \
	((URISCAN_VERSION_MAJOR << 16) | (URISCAN_VERSION_MINOR << 8) |            \
	 URISCAN_VERSION_PATCH)
/* True when the headers are at least version maj.min.pat. */
#define URISCAN_CHECK_VERSION(maj, min, pat)                                   \
	(URISCAN_VERSION_HEX >= (((maj) << 16) | ((min) << 8) | (pat)))

/* The version of the library linked at run time, as URISCAN_VERSION_HEX. */
URISCAN_API unsigned uriscan_version(void);
/* The same as a string such as "0.1.0" (static storage). */
URISCAN_API const char *uriscan_version_string(void);

/* ------------------------------------------------------------------ */
/* Status codes                                                        */

/*
 * One table yields the enum, the name and the message. Numbers are stable:
 * new codes are only ever appended.
 *   X(number, ENUM_SUFFIX, "name", "message")
 */
#define URISCAN_STATUS_MAP(X)                                                  \
	X(0, OK, "ok", "valid")                                                    \
	X(1, E_SYNTAX, "syntax", "unexpected byte: the input cannot continue here") \
	X(2, E_INCOMPLETE, "incomplete",                                           \
	  "input ends before it is complete")                                      \
	X(3, E_BAD_PERCENT, "bad_percent",                                         \
	  "malformed percent-encoding: '%' must be followed by two hex digits")   \
	X(4, E_BAD_CHAR, "bad_char",                                               \
	  "byte not allowed anywhere in this grammar")                             \
	X(5, E_GRAMMAR_UNKNOWN, "grammar_unknown", "unknown grammar")              \
	X(6, E_GRAMMAR_UNAVAILABLE, "grammar_unavailable",                         \
	  "grammar not built into this library")                                   \
	X(7, E_RULE_UNKNOWN, "rule_unknown", "unknown rule for this grammar")      \
	X(8, E_TOO_LONG, "too_long",                                               \
	  "input longer than offsets can represent (4 GiB - 1)")                   \
	X(9, E_INVALID_ARG, "invalid_argument",                                    \
	  "invalid argument (NULL pointer with a length, or unknown flags)")

enum uriscan_status {
#define URISCAN_STATUS_ENUM_(n, e, name, msg) URISCAN_##e = n,
	URISCAN_STATUS_MAP(URISCAN_STATUS_ENUM_)
#undef URISCAN_STATUS_ENUM_
	URISCAN_STATUS_LAST /* one past the highest code; not a status */
};

/* Short stable identifier, e.g. "bad_percent". Never NULL ("unknown"). */
URISCAN_API const char *uriscan_status_name(int status);
/* Human-readable message. Never NULL. */
URISCAN_API const char *uriscan_strerror(int status);

/* ------------------------------------------------------------------ */
/* Grammars and their rules                                            */

enum uriscan_grammar {
	URISCAN_RFC1738 = 0, /* URLs, with the scheme-specific rules */
	URISCAN_RFC2396 = 1, /* generic URI, 1998 */
	URISCAN_RFC3986 = 2, /* URI, 2005 */
	URISCAN_RFC3987 = 3, /* IRI (UTF-8) */
	URISCAN_GRAMMAR_COUNT
};

/* "rfc3986" etc. for a known grammar, "unknown" otherwise. Never NULL. */
URISCAN_API const char *uriscan_grammar_name(enum uriscan_grammar g);
/* One line describing the grammar. Never NULL. */
URISCAN_API const char *uriscan_grammar_description(enum uriscan_grammar g);
/*
 * Look a grammar up by name: "rfc3986", "RFC3986", "rfc-3986" and "3986" all
 * name URISCAN_RFC3986 (any case). Returns URISCAN_OK and sets *g, or
 * URISCAN_E_GRAMMAR_UNKNOWN. name is NUL-terminated.
 */
URISCAN_API int uriscan_grammar_from_name(const char *name,
                                          enum uriscan_grammar *g);
/* 1 if the grammar is built into this library, 0 if not (or unknown). */
URISCAN_API int uriscan_grammar_available(enum uriscan_grammar g);

/*
 * Rules. Each grammar numbers the ABNF rules of its RFC from 0, in the RFC's
 * order ("URI", "hier-part", "URI-reference", ... for RFC 3986).
 */
/* Number of rules (0 when the grammar is unknown or not built). */
URISCAN_API unsigned uriscan_rule_count(enum uriscan_grammar g);
/* The RFC's name of rule i, or NULL when i >= uriscan_rule_count(g). */
URISCAN_API const char *uriscan_rule_name(enum uriscan_grammar g, unsigned i);
/*
 * Find a rule by its RFC name. Rule names are case-insensitive as in ABNF, and
 * '_' may stand for '-' ("path_abempty"). Returns URISCAN_OK and sets *rule,
 * or URISCAN_E_RULE_UNKNOWN / URISCAN_E_GRAMMAR_*.
 */
URISCAN_API int uriscan_rule_from_name(enum uriscan_grammar g,
                                       const char *name, unsigned *rule);
/* The grammar's top rule ("URI-reference" for RFC 3986); 0 if unknown. */
URISCAN_API unsigned uriscan_rule_default(enum uriscan_grammar g);

/* ------------------------------------------------------------------ */
/* Parse results                                                       */

/* Indices into uriscan_uri.part[] and bits of uriscan_uri.present. */
enum uriscan_component {
	URISCAN_SCHEME = 0,
	URISCAN_AUTHORITY = 1, /* everything between "//" and the path */
	URISCAN_USERINFO = 2,  /* without the '@' */
	URISCAN_HOST = 3,      /* IP-literals keep their brackets, as in the RFC */
	URISCAN_PORT = 4,      /* without the ':' */
	URISCAN_PATH = 5,      /* always present in a URI reference (maybe empty) */
	URISCAN_QUERY = 6,     /* without the '?' */
	URISCAN_FRAGMENT = 7,  /* without the '#' */
	/* Appended for RFC 2396 and RFC 1738 (never set by RFC 3986): */
	URISCAN_REG_NAME = 8,  /* RFC 2396 registry-based authority */
	URISCAN_USER = 9,      /* RFC 1738 login: user */
	URISCAN_PASSWORD = 10, /* RFC 1738 login: password (without ':') */
	URISCAN_FTPTYPE = 11,  /* RFC 1738 ftp ";type=" value */
	URISCAN_GTYPE = 12,    /* RFC 1738 gopher type (one xchar) */
	URISCAN_SELECTOR = 13, /* RFC 1738 gopher selector */
	URISCAN_GOPHER_PLUS = 14, /* RFC 1738 gopher+_string */
	URISCAN_GROUP = 15,    /* RFC 1738 news/nntp group ("*" for all) */
	URISCAN_ARTICLE = 16,  /* RFC 1738 news article, nntp article number */
	URISCAN_DATABASE = 17, /* RFC 1738 wais database */
	URISCAN_WTYPE = 18,    /* RFC 1738 wais type */
	URISCAN_WPATH = 19,    /* RFC 1738 wais path */
	URISCAN_FIELDSPECS = 20, /* RFC 1738 prospero: all ";name=value" */
	URISCAN_ADDRESS = 21,  /* RFC 1738 mailto encoded822addr */
	URISCAN_COMPONENT_COUNT
};
/*
 * What each grammar reports (a component not listed is never set):
 *
 * RFC 3986: scheme authority userinfo host port path query fragment.
 *
 * RFC 2396: as RFC 3986, plus reg_name. A server-based authority is split
 *   into userinfo, host and port; when only reg_name matches (section 3.2:
 *   "a:b@c@d", "1.2.3.4.5", "a..b") the authority is registry-based: reg_name
 *   holds it (== authority) and userinfo, host and port are absent. The path
 *   is abs_path, rel_path or (for opaque URIs) opaque_part, '?' included: an
 *   opaque URI has no query. Segment parameters (";param") stay in the path.
 *   form tells hier_part from opaque_part (absolute URIs) and net_path,
 *   abs_path, rel_path apart (relative ones).
 *
 * RFC 1738: scheme; authority = login or hostport after "//" (file: the
 *   host, maybe empty); userinfo = user [":" password] without the '@',
 *   also split into user and password; host, port; path = fpath (ftp, file),
 *   hpath (http), urlpath (other ip-based schemes), ppath (prospero) or the
 *   whole schemepart of a non-ip-based other scheme, without the '/' that
 *   separates it from the host (section 3.1); query = search (http, gopher,
 *   wais); ftptype; gtype, selector, gopher_plus; group, article (news,
 *   nntp); database, wtype, wpath (wais); fieldspecs (prospero); address
 *   (mailto). form is the production of section 5 that matched (httpurl,
 *   ftpurl, ..., otherurl).
 */
/* Room reserved for grammar-specific components added later. */
#define URISCAN_PART_MAX 32

enum uriscan_host_type {
	URISCAN_HOST_NONE = 0, /* no host component */
	URISCAN_HOST_IPV4 = 1,
	URISCAN_HOST_IPV6 = 2,
	URISCAN_HOST_IPVFUTURE = 3,
	URISCAN_HOST_REGNAME = 4,
	URISCAN_HOST_HOSTNAME = 5 /* RFC 2396 and RFC 1738 hostname */
};

enum uriscan_kind {
	URISCAN_KIND_NONE = 0,     /* the rule is not a URI reference */
	URISCAN_KIND_URI = 1,      /* a URI: has a scheme */
	URISCAN_KIND_RELATIVE = 2  /* a relative reference */
};

/* A component: bytes [off, off + len) of the input. */
struct uriscan_span {
	uint32_t off;
	uint32_t len;
};

struct uriscan_uri {
	/* Bit (1u << c) is set when component c is present. Absent and empty
	 * differ: "http://h?" has an empty query, "http://h" has none. */
	uint32_t present;
	enum uriscan_grammar grammar;
	unsigned rule;                   /* the rule that was matched */
	enum uriscan_host_type host_type;
	enum uriscan_kind kind;
	/* On failure: where the input stopped being a possible prefix of the
	 * rule (== length when a valid prefix ends too early). 0 on success. */
	size_t error_offset;
	struct uriscan_span part[URISCAN_PART_MAX];
	/* The production that matched, as a rule number of the grammar (name:
	 * uriscan_rule_name(grammar, form)), or URISCAN_FORM_NONE. Set by RFC
	 * 2396 and RFC 1738 only; see the table above. */
	unsigned form;
};
#define URISCAN_FORM_NONE (~0u)

#define URISCAN_HAS(u, c) ((((u)->present) >> (c)) & 1u)

/* "scheme", "authority", ..., "reg_name", "user", ... for a component index
 * (the enum's names in lower case); "unknown" otherwise. */
URISCAN_API const char *uriscan_component_name(unsigned c);
/* "ipv4", "ipv6", "ipvfuture", "reg-name", "hostname" or "none". Never
 * NULL. */
URISCAN_API const char *uriscan_host_type_name(enum uriscan_host_type t);
/* "uri", "relative-ref", or "none". Never NULL. */
URISCAN_API const char *uriscan_kind_name(enum uriscan_kind k);

/* ------------------------------------------------------------------ */
/* Validate and parse                                                  */

/*
 * flags: no flag is defined yet for RFC 3986; pass 0. Unknown flag bits give
 * URISCAN_E_INVALID_ARG.
 *
 * Every call returns URISCAN_OK when the whole input matches the rule, else a
 * status. On a syntax status (E_SYNTAX, E_INCOMPLETE, E_BAD_PERCENT,
 * E_BAD_CHAR) the offset of the first byte at which the input stopped being a
 * possible prefix of the rule is stored (== len when the input is a valid
 * prefix that ends too early). For other statuses the offset is 0.
 */

/* Validity only, the grammar's top rule. error_offset may be NULL. */
URISCAN_API int uriscan_validate(enum uriscan_grammar g, const char *s,
                                 size_t len, unsigned flags,
                                 size_t *error_offset);

/* Validity only, any rule (see uriscan_rule_from_name). */
URISCAN_API int uriscan_validate_rule(enum uriscan_grammar g, unsigned rule,
                                      const char *s, size_t len,
                                      unsigned flags, size_t *error_offset);

/*
 * Parse with the grammar's top rule and fill *out (which must not be NULL).
 * No allocation: out->part[] holds offsets into s. On failure, out->present
 * is 0 and out->error_offset holds the offset.
 */
URISCAN_API int uriscan_parse(enum uriscan_grammar g, const char *s,
                              size_t len, unsigned flags,
                              struct uriscan_uri *out);

/*
 * Parse against any rule. Rules that contain components (URI, URI-reference,
 * relative-ref, absolute-URI, hier-part, relative-part, authority, host...)
 * fill the components they contain; other rules only validate and leave
 * out->present 0.
 */
URISCAN_API int uriscan_parse_rule(enum uriscan_grammar g, unsigned rule,
                                   const char *s, size_t len, unsigned flags,
                                   struct uriscan_uri *out);

#ifdef __cplusplus
}
#endif

#endif /* URISCAN_H */
