/* SPDX-License-Identifier: MIT */
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
 *  - Nothing here allocates memory (except uriscan_extractor_new,
 *    uriscan_extract with URISCAN_EXTRACT_DEFANGED, and
 *    libidn2, freed before the call returns, under the URISCAN_IRI_IDNA
 *    flag; and ICU in the reading of a non-ASCII or "xn--" host:
 *    uriscan_host_address, uriscan_browser_host, uriscan_confusion*,
 *    URISCAN_EXTRACT_CONFUSION: each call frees what ICU allocates before
 *    it returns, and ICU's two contexts, opened once per process on first
 *    use under pthread_once and never changed after, stay allocated for the
 *    life of the process), has global mutable state, or makes a system
 *    call. Every call is thread-safe and reentrant; a result
 *    struct belongs to its caller.
 *  - Returned strings (names, messages, the version) are static and live for
 *    the life of the process; never free them. Components are offsets into
 *    the caller's own bytes and are valid as long as those bytes are.
 *
 * One shape for every call:
 *  - Every function that can fail returns an int status (URISCAN_OK = 0 or
 *    a URISCAN_E_* code; uriscan_extractor_next also URISCAN_DONE).
 *  - Arguments come in one order: grammar, inputs (pointer + length), flags
 *    or options, output buffer, its capacity, the written length, other
 *    outputs, error.
 *  - The last argument of every call that judges or converts its input
 *    (validate, the IRI mappings, resolve, normalize, equivalent,
 *    percent_decode, recompose, set_component) is a
 *    struct uriscan_error * (may be NULL) that says what failed and where;
 *    uriscan_parse, uriscan_parse_rule and uriscan_request_line report the
 *    offset in their output struct instead (error_offset), and the other
 *    calls fail only on their arguments (the status says it all).
 *  - An options struct begins with `size_t size`, set by the caller to
 *    sizeof its struct ({.size = sizeof o} in C). Fields added later are
 *    appended; the library reads only the fields that size covers, so an
 *    older caller keeps working, and a size below the first version's
 *    struct is URISCAN_E_INVALID_ARG. Fields left zero mean the defaults; a
 *    NULL options pointer means all defaults (unless a call says otherwise).
 *
 * Licence: MIT (see LICENSE).
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
	  "invalid argument (NULL pointer with a length, or unknown flags)")        \
	X(10, E_STATE, "bad_state",                                                \
	  "call out of order (feed or finish before next() returned done)")      \
	X(11, E_NO_MEMORY, "no_memory", "out of memory")                          \
	X(12, E_BAD_UTF8, "bad_utf8",                                              \
	  "invalid UTF-8: stray continuation byte, truncated sequence, overlong " \
	  "form, surrogate or code point above U+10FFFF")                          \
	X(13, E_BUFFER_TOO_SMALL, "buffer_too_small",                              \
	  "output buffer too small: the size needed was stored")                  \
	X(14, E_IDNA_UNAVAILABLE, "idna_unavailable",                              \
	  "IDNA is not built into this library (no libidn2, or no ICU for hosts)")          \
	X(15, E_IDNA, "idna", "the host cannot be converted with IDNA ToASCII") \
	X(16, E_BASE_RELATIVE, "base_relative",                                    \
	  "the base of a resolution is not an absolute URI (it has no scheme)")   \
	X(17, E_UNSUPPORTED, "unsupported",                                        \
	  "operation not defined for this grammar")                                \
	X(18, E_COMPONENT, "bad_component",                                        \
	  "component not valid in its place: the result would not be a valid "   \
	  "reference")                                                             \
	X(19, DONE, "done",                                                        \
	  "nothing more: the chunk (or, after finish, the stream) is drained")

enum uriscan_status {
#define URISCAN_STATUS_ENUM_(n, e, name, msg) URISCAN_##e = n,
	URISCAN_STATUS_MAP(URISCAN_STATUS_ENUM_)
#undef URISCAN_STATUS_ENUM_
	URISCAN_STATUS_LAST /* one past the highest code; not a status */
};

/* URISCAN_DONE is not an error: it ends an iteration
 * (uriscan_extractor_next). */

/* Short stable identifier, e.g. "bad_percent". Never NULL ("unknown"). */
URISCAN_API const char *uriscan_status_name(int status);
/* Human-readable message. Never NULL. */
URISCAN_API const char *uriscan_strerror(int status);

/* Which input of a call an error is in (struct uriscan_error.input). */
enum uriscan_input {
	URISCAN_INPUT_NONE = 0,  /* no input: success, or an argument error */
	URISCAN_INPUT_FIRST = 1, /* the only input, the base, a */
	URISCAN_INPUT_SECOND = 2 /* the reference, b, the new value */
};

/*
 * The error of a call: its last argument, which may be NULL. The call fills
 * every field, on success too (status URISCAN_OK, offset 0, input
 * URISCAN_INPUT_NONE, component URISCAN_COMPONENT_NONE).
 */
struct uriscan_error {
	int status;              /* as returned */
	/* The byte offset, in the input named by `input` (or in the component
	 * named by `component`), where it stopped being valid: for the syntax
	 * statuses (E_SYNTAX, E_INCOMPLETE, E_BAD_PERCENT, E_BAD_CHAR,
	 * E_BAD_UTF8; == its length when it ends too early), E_IDNA (the
	 * host's offset) and E_COMPONENT; else 0. */
	size_t offset;
	/* The input at fault: FIRST or SECOND for a syntax status, E_TOO_LONG,
	 * E_IDNA, E_BASE_RELATIVE (the base) and E_COMPONENT; else NONE. */
	enum uriscan_input input;
	/* The component at fault (uriscan_recompose, uriscan_set_component:
	 * E_COMPONENT), else URISCAN_COMPONENT_NONE. */
	unsigned component;
};

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
/* No component (struct uriscan_error.component). */
#define URISCAN_COMPONENT_NONE (~0u)
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
	 * differ: "http://h?" has an empty query, "http://h" has none. The
	 * part[] of an absent component (of every component after a failed
	 * parse) is {0, 0}, up to URISCAN_COMPONENT_COUNT. */
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

/*
 * Component c of a parse u of s (the bytes that were parsed): a pointer into
 * s and *len (may be NULL) its length, or NULL and *len 0 when c is absent
 * (or c >= URISCAN_COMPONENT_COUNT, or u NULL). A present empty component
 * ("http://h?" has an empty query) gives a non-NULL pointer and 0 when s is
 * not NULL. The pointer lives as long as s. No check that s is the parsed
 * input: the offsets are only added to it.
 */
URISCAN_API const char *uriscan_component(const struct uriscan_uri *u,
                                          const char *s, unsigned c,
                                          size_t *len);

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
 * E_BAD_CHAR, E_BAD_UTF8) the offset of the first byte at which the input
 * stopped being a possible prefix of the rule is stored (== len when the
 * input is a valid prefix that ends too early). For other statuses the
 * offset is 0.
 *
 * RFC 3987 (URISCAN_RFC3987) reads the input as UTF-8. At the offset:
 *  - E_BAD_UTF8: the byte makes the input invalid UTF-8: a byte that never
 *    occurs in UTF-8 (C0, C1, F5-FF), a continuation byte (80-BF) where a
 *    character must start, a byte that is not a continuation inside a
 *    sequence (a truncated sequence followed by more input), or a second
 *    byte that makes an overlong form (E0 80-9F, F0 80-8F), a surrogate
 *    (ED A0-BF) or a code point above U+10FFFF (F4 90-BF). A sequence that
 *    the end of the input truncates is E_INCOMPLETE at len, like any valid
 *    prefix that ends too early.
 *  - E_BAD_CHAR: an ASCII byte allowed nowhere (as for RFC 3986), or the
 *    byte that, with the bytes of its character before it, can only begin
 *    code points allowed nowhere in an IRI (not ucschar, not iprivate: e.g.
 *    U+0080-009F, U+FFFD, U+E0000-E0FFF, noncharacters such as U+FDD0);
 *    the offset is that byte, which may be inside the character.
 *  - E_SYNTAX: a character allowed somewhere but not here (e.g. iprivate
 *    outside the query), again at the byte where it stopped matching; or
 *    E_BAD_PERCENT when that byte is one of the two after a '%', as for
 *    any byte allowed elsewhere. (Precedence: bad_utf8, bad_char,
 *    bad_percent, syntax.)
 */

/* Validity only, the grammar's top rule. err may be NULL; it gets the
 * status, the offset and input URISCAN_INPUT_FIRST for a syntax status or
 * E_TOO_LONG. */
URISCAN_API int uriscan_validate(enum uriscan_grammar g, const char *s,
                                 size_t len, unsigned flags,
                                 struct uriscan_error *err);

/* Validity only, any rule (see uriscan_rule_from_name); err as above. */
URISCAN_API int uriscan_validate_rule(enum uriscan_grammar g, unsigned rule,
                                      const char *s, size_t len,
                                      unsigned flags,
                                      struct uriscan_error *err);

/*
 * Parse with the grammar's top rule and fill *out (which must not be NULL).
 * No allocation: out->part[] holds offsets into s (read them with
 * uriscan_component). On failure, out->present is 0 and out->error_offset
 * holds the offset: *out is the output struct of the call and carries its
 * error offset itself, so the parse calls take no struct uriscan_error.
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

/* ------------------------------------------------------------------ */
/* HTTP request-targets and request lines (RFC 9112 section 3)         */

/*
 * The RFC 3986 grammar also offers, after RFC 3986's own rules, the rules
 * of the HTTP/1.1 request line (RFC 9112 2.3, 3, 3.2 and the RFC 9110 rules
 * they use, built from the RFC 3986 rules): "HTTP-version", "HTTP-name",
 * "request-line", "method", "request-target", "origin-form",
 * "absolute-form", "authority-form", "asterisk-form", "absolute-path",
 * "uri-host", "token", "tchar". Use them by name like any rule
 * (uriscan_rule_from_name(URISCAN_RFC3986, "origin-form", &r)).
 *
 * request-target and the four forms set uriscan_uri.form to the rule
 * number of the form that matched, and record the components: origin-form
 * path and query; absolute-form those of absolute-URI; authority-form
 * authority (all of it), host and port; asterisk-form none.
 * request-target is ambiguous where an authority-form's uri-host is also a
 * scheme ("example.com:80" is absolute-form too: scheme "example.com",
 * path "80"); the bare rule reports the first form, in the ABNF's order
 * (origin, absolute, authority, asterisk), that matches. The request line
 * below needs no such precedence: the method decides.
 * request-line and the others only validate (use uriscan_request_line).
 * Statuses are those of the RFC 3986 rules: bad_char names a byte that can
 * be in no URI (a space, '^', '`', '|' included).
 */

/* Parts of a request line (struct uriscan_request.error_part). */
enum uriscan_request_part {
	URISCAN_REQUEST_NONE = 0,
	URISCAN_REQUEST_METHOD = 1,  /* the method or the SP after it */
	URISCAN_REQUEST_TARGET = 2,  /* the request-target or the SP after it */
	URISCAN_REQUEST_VERSION = 3  /* the HTTP-version (or its absence) */
};
/* "method", "target", "version", or "none" (URISCAN_REQUEST_NONE and any
 * other value). Never NULL; static storage. */
URISCAN_API const char *uriscan_request_part_name(enum uriscan_request_part p);

/* uriscan_request_line flag: accept any form of request-target whatever
 * the method, the form chosen as by the bare request-target rule (for
 * reading logs; a server or proxy should not set it). */
#define URISCAN_REQUEST_ANY_FORM 1u

struct uriscan_request {
	struct uriscan_span method;  /* offsets into the line */
	struct uriscan_span target;
	struct uriscan_span version; /* "HTTP/1.1" */
	/* The form of the target, as a rule number of URISCAN_RFC3986
	 * (uriscan_rule_name gives "origin-form" ...), or URISCAN_FORM_NONE. */
	unsigned form;
	/* The target's components (as the form's rule reports them), with
	 * offsets from the start of the LINE; uri.rule is the form's rule. */
	struct uriscan_uri uri;
	/* On failure: the offset (from the start of the line) and the part in
	 * which the line stopped being a possible prefix of a request line. */
	size_t error_offset;
	enum uriscan_request_part error_part;
};

/*
 * Parse an HTTP/1.1 request line (RFC 9112 section 3), without its CRLF:
 *   request-line = method SP request-target SP HTTP-version
 * method = token (RFC 9110 5.6.2, case-sensitive), HTTP-version =
 * "HTTP/" DIGIT "." DIGIT (case-sensitive), exactly one SP between them.
 * The target must be of the form the method allows (RFC 9112 3.2.1-3.2.4):
 * CONNECT takes authority-form only; OPTIONS origin-form, absolute-form or
 * asterisk-form; any other method origin-form or absolute-form. (With
 * URISCAN_REQUEST_ANY_FORM, any form: the line is then valid exactly when
 * it matches the request-line rule, with the same error offset.)
 *
 * Returns URISCAN_OK with every field of *out set, or a status with
 * error_offset and error_part set (spans of the parts read so far are set,
 * the others are zero; uri.present is 0):
 *  - inside the target: the status of the form's RFC 3986 rule
 *    (E_SYNTAX, E_BAD_CHAR, E_BAD_PERCENT) at the offending byte;
 *  - a line that ends too early: E_INCOMPLETE at len;
 *  - any other unexpected byte (in the method or the version, a missing
 *    or second SP, a target that cannot end where the SP is): E_SYNTAX.
 * E_INVALID_ARG for out == NULL, s == NULL with len > 0, or unknown flags;
 * E_TOO_LONG beyond UINT32_MAX bytes; E_GRAMMAR_UNAVAILABLE without the
 * RFC 3986 grammar.
 */
URISCAN_API int uriscan_request_line(const char *s, size_t len,
                                     unsigned flags,
                                     struct uriscan_request *out);

/* ------------------------------------------------------------------ */
/* Extracting URLs from free text (logs, mail, any bytes)              */

/*
 * What is a match. The text is any bytes, fed in chunks cut anywhere; the
 * matches never depend on where it was cut.
 *
 *  1. Candidates. A candidate is a ':' followed by "//" (any scheme), or,
 *     when opaque_schemes lists the scheme, a ':' followed by anything.
 *     Candidates are taken in text order.
 *  2. Scheme. From the ':', walk back over scheme characters
 *     (ALPHA / DIGIT / "+" / "-" / ".") while they are at most
 *     URISCAN_EXTRACT_SCHEME_MAX (64) bytes before the ':' and not before
 *     the byte where the search went on: the end of the previous match
 *     (rule 6), or, after a truncated match, the byte that stopped its
 *     machine (rule 7). The scheme starts at the first ALPHA of that run
 *     ("1http://" gives "http", "x-y.z://" gives "x-y.z"; a run without a
 *     letter is no candidate). For an opaque scheme the whole scheme must
 *     equal one of the list (ASCII case-insensitive): "xmailto:" is not
 *     "mailto:".
 *  3. Longest match. From the scheme's first byte the grammar's extraction
 *     machine (RFC 3986: the rule URI; RFC 3987: IRI; RFC 2396: absoluteURI
 *     with an optional "#" fragment; RFC 1738: url) reads as far as the
 *     text can still continue the rule; the match is the longest prefix
 *     that matches it. For a "://" candidate this is at least "scheme://"
 *     (an empty authority is valid: "file:///etc"), except in RFC 1738,
 *     whose schemes may need a host and whose url has no "#" fragment.
 *     When no prefix that goes past the ':' matches ("http://" alone in
 *     RFC 1738), the candidate gives nothing and the search goes on after
 *     its ':'.
 *  4. Trimming (unless URISCAN_EXTRACT_NO_TRIM). Then, repeatedly, the
 *     last byte is dropped while it is one of  . , ; : ! ?  or a ')' when
 *     the match holds more ')' than '(', or a ']' when it holds more ']'
 *     than '[', or a '\'' when it holds an odd number of '\''; trimming
 *     never goes into "scheme://" (nor "scheme:" for an opaque match).
 *     So "(see http://a.example/x)." gives "http://a.example/x" and
 *     "http://en.example/A_(b)" keeps its ')'. ('"', '<', '>', spaces and
 *     control bytes are never in an RFC 3986 URI, so they end a match.)
 *     Under RFC 3987, whose ucschar holds them, the delimiters beyond
 *     ASCII of rule 8 are trimmed too, whole: a closing bracket (U+3009,
 *     U+FF09, ...) when the match holds more of it than of its opening
 *     one, the others always ("\u201chttp://a.example/x\u201d" and
 *     "http://a.example/x\u2026" give "http://a.example/x"). Inside a
 *     match they stay, as the grammar reads them.
 *  5. An opaque match must keep at least one byte after "scheme:"
 *     ("news: today" gives nothing, "news:comp.lang.c" a match).
 *  6. The search goes on right after the match (matches never overlap; a
 *     URI inside a query, "http://a/?u=http://b", is part of the first).
 *  7. Truncation. A match whose machine run (the bytes read from the
 *     scheme's first byte to the byte that could not continue it) is longer
 *     than max_len is reported with URISCAN_MATCH_TRUNCATED: offset and
 *     length are exact (the longest valid prefix, not trimmed, which may
 *     be shorter than max_len), but only its first max_len bytes are kept
 *     (nbytes = min(length, max_len)) and it has no components. The search
 *     then goes on at the byte that stopped the machine (the end of the
 *     text when none did): bytes between the match's end and that byte
 *     start no scheme. With max_len 128, "http://a/" + 120 'b' + "%Fx://"
 *     gives a truncated match of 129 bytes (the run stops at the 'x', as
 *     "%F" needs a hex digit) and then "x://", where without truncation
 *     the search would go on after "http://a/...b" and find "Fx://".
 *  8. Cut matches. A match (trimmed, or truncated: its full length) right
 *     after which the text goes on with an ASCII letter or digit, or,
 *     under a grammar other than RFC 3987, with a byte >= 0x80, is cut
 *     short: "http://m" of "http://m\xc3\xbcnchen.de/ok" under RFC 3986,
 *     "http://[::1]" of "http://[::1]x". It is not a URL, and is not
 *     reported (the search goes on after it as after any match) unless
 *     URISCAN_EXTRACT_KEEP_CUT is set; then it is reported with
 *     URISCAN_MATCH_CUT. Not cut: a match that is not truncated before
 *     the UTF-8 of one of the delimiters beyond ASCII with which text
 *     ends a URL (docs/extraction.md lists them: no-break and other
 *     spaces U+00A0 U+2000-U+200B U+2028 U+2029 U+202F U+205F U+3000
 *     U+FEFF, quotation marks U+00AB U+00BB U+2018-U+201F U+2039 U+203A,
 *     dashes U+2013 U+2014, the ellipsis U+2026, ideographic and
 *     fullwidth punctuation U+3001 U+3002 U+FF01 U+FF0C U+FF0E U+FF1A
 *     U+FF1B U+FF1F U+FF61 U+FF64 and brackets U+3008-U+3011
 *     U+3014-U+301B U+FF08 U+FF09 U+FF3B U+FF3D U+FF5B U+FF5D), or before
 *     a byte 0x80-0xBF (which begins no UTF-8) that is one of them in
 *     Windows-1252 (0x82 0x84 0x85 0x8B 0x91-0x94 0x96 0x97 0x9B, and
 *     0xA0 0xAB 0xBB as in Latin-1; Windows' other code pages have the
 *     same punctuation there): the text does not go on, so
 *     "\u201chttp://a.example/x\u201d" gives "http://a.example/x" under
 *     every grammar, and so does "\x93http://a.example/x\x94" of a
 *     Windows text (a truncated match goes by the byte alone). The byte
 *     after a match is the one that ended it, or one before it, and a
 *     delimiter is read whole across chunks (the match waits for its
 *     next bytes as an open one), so this never depends on where the
 *     chunks were cut; a match at the end of the stream is not cut, one
 *     before a sequence the stream ends in is.
 *
 * Memory is bounded: one allocation of about 3 * max_len bytes (and
 * 1.4 KB for the search's candidates) per extractor, whatever the input.
 * Work is linear in the input (each byte is read a bounded number of
 * times; a match that is still open at the end of a chunk is read again
 * from its start on the next feed, so feeding chunks much smaller than
 * max_len costs up to max_len per chunk). One exception:
 * a candidate whose run matches no prefix is read on to where the run
 * stops, and the candidates inside that run are read again; only RFC 1738
 * has such runs over a listed opaque scheme (a news: article before its
 * "@" host), so "news:1:news:1:..." with news listed reads each byte up to
 * max_len / 7 times.
 *
 * Thread-safety: an extractor must not be used by two threads at once;
 * different extractors are independent.
 *
 * Defanged URLs (URISCAN_EXTRACT_DEFANGED). Threat reports write URLs so
 * that nobody clicks them: "hxxps://evil[.]com/x". With the flag the text
 * is read through a refanger first: each defanged form of the list in
 * docs/extraction.md ("[.]", "(dot)", "hxxp" before a colon form, "[:]",
 * "[://]", ":\\" after a scheme, "[/]", "[@]", ...) is read as the
 * bytes it stands for; the rules above then apply to the refanged text,
 * so the grammar decides where a URL ends and a refanged text that is not
 * a valid URL is no match. A match whose text as written holds at least
 * one form is reported with URISCAN_MATCH_DEFANGED: offset and length are
 * the text as written (what to highlight or redact), bytes and nbytes the
 * refanged URL (nbytes may differ from length), its components and
 * scheme_len are of the refanged bytes, and max_len counts refanged
 * bytes. Other matches are as without the flag. A match that would end
 * inside a form's refanged bytes (never seen with a "scheme://" URL) is
 * not reported. The refanger keeps at most 16 bytes of a chunk for the
 * next one and its decisions never depend on where the chunks were cut.
 * A scheme word stands for a scheme only where the match holds the colon
 * form after it; where the grammar ends the URL before that form (RFC
 * 1738: " hxxp://hxxp://"), the word is read as written (http://hxxp).
 * Memory: another extractor's worth plus 12 * (2 * max_len + 12.5 KiB)
 * bytes (rounded up to a power of two: 384 KiB for the default max_len,
 * 192 KiB for max_len 128) for where each form and scheme word was
 * written, and max_len + 8 to re-read a match with a word as written,
 * allocated by
 * uriscan_extractor_new (and by uriscan_extract, sized to its buffer when
 * that is smaller, freed before it returns); nothing after. With the flag max_len is at most
 * URISCAN_EXTRACT_DEFANGED_MAX_LEN. bytes points into the extractor's own
 * buffer, but for a match without a form inside the caller's chunk.
 */

typedef struct uriscan_extractor uriscan_extractor;

/* Option flags (struct uriscan_extract_options.flags). */
#define URISCAN_EXTRACT_NO_TRIM (1u << 0)       /* keep trailing punctuation */
#define URISCAN_EXTRACT_NO_COMPONENTS (1u << 1) /* skip the parse (present=0) */
#define URISCAN_EXTRACT_SCALAR (1u << 2)        /* never use SIMD search */
#define URISCAN_EXTRACT_KEEP_CUT (1u << 3) /* report cut matches (rule 8) */
/* each match's URL-confusion flags in uriscan_match.confusion (ICU may
 * allocate for a non-ASCII host, freed at once, as uriscan_confusion) */
#define URISCAN_EXTRACT_CONFUSION (1u << 4)
/* also find URLs written defanged ("hxxps://evil[.]com/x"), read as the URL
 * they stand for (uriscan_match.flags URISCAN_MATCH_DEFANGED; "Defanged
 * URLs" below; docs/extraction.md lists the forms) */
#define URISCAN_EXTRACT_DEFANGED (1u << 5)

#define URISCAN_EXTRACT_MAX_LEN_DEFAULT 8192u
#define URISCAN_EXTRACT_MAX_LEN_MIN 128u
#define URISCAN_EXTRACT_MAX_LEN_MAX 1073741823u /* UINT32_MAX / 4 */
/* the largest max_len with URISCAN_EXTRACT_DEFANGED (above: E_INVALID_ARG) */
#define URISCAN_EXTRACT_DEFANGED_MAX_LEN 4000000u
#define URISCAN_EXTRACT_SCHEME_MAX 64u
/* A list of common opaque schemes, for opaque_schemes. */
#define URISCAN_EXTRACT_OPAQUE_DEFAULT                                         \
	"mailto,urn,news,tel,sip,sips,xmpp,magnet,data"

/* Options of an extractor (see "One shape" at the top): size first. */
struct uriscan_extract_options {
	size_t size;              /* sizeof(struct uriscan_extract_options) */
	unsigned flags;           /* URISCAN_EXTRACT_* */
	size_t max_len;           /* 0: URISCAN_EXTRACT_MAX_LEN_DEFAULT; else
	                             URISCAN_EXTRACT_MAX_LEN_MIN to _MAX */
	const char *opaque_schemes; /* NULL or "": only "scheme://" candidates;
	                               else comma-separated schemes (copied) */
};

/* struct uriscan_match.flags */
#define URISCAN_MATCH_TRUNCATED 1u
#define URISCAN_MATCH_CUT 2u /* cut short (rule 8; only with KEEP_CUT) */
/* written defanged (only with URISCAN_EXTRACT_DEFANGED): bytes is the
 * refanged URL, offset and length the text as written */
#define URISCAN_MATCH_DEFANGED 4u

struct uriscan_match {
	uint64_t offset; /* of the first byte, from the start of the stream */
	uint64_t length; /* in the stream (the full length when truncated) */
	/*
	 * The first nbytes bytes of the match (nbytes == length unless
	 * truncated, then min(length, max_len)). Valid until the next call on the extractor (or, from
	 * uriscan_extract, until the callback returns): it points into the
	 * caller's chunk when the match lies inside it (then it lives as long
	 * as the chunk), else into the extractor's own buffer.
	 */
	const char *bytes;
	size_t nbytes;
	unsigned flags;     /* URISCAN_MATCH_TRUNCATED, URISCAN_MATCH_CUT,
	                       URISCAN_MATCH_DEFANGED (bytes: the refanged URL,
	                       offset and length: as written) */
	uint32_t scheme_len; /* bytes [0, scheme_len) are the scheme */
	/* With URISCAN_EXTRACT_CONFUSION: the URL-confusion flags of
	 * bytes[0, nbytes), the set uriscan_confusion(grammar, bytes, nbytes,
	 * 0, ...) gives (a truncated match: of the bytes kept), computed in
	 * the extractor's pass from the match's components (as
	 * uriscan_confusion_parsed); else 0. */
	uint32_t confusion;
	/* Components, as uriscan_parse(grammar, bytes, nbytes) gives them
	 * (offsets relative to bytes). present == 0 when truncated or with
	 * URISCAN_EXTRACT_NO_COMPONENTS. */
	struct uriscan_uri uri;
};

/*
 * Create an extractor for grammar g (the grammar must have an extraction
 * machine: every grammar of this library has). opt may be NULL (defaults).
 * The only call that allocates; returns URISCAN_OK and *out (free it with
 * uriscan_extractor_free), or E_GRAMMAR_*, E_INVALID_ARG (opt->size below
 * the first version's struct, unknown flags, max_len too small, a listed
 * scheme that is not a scheme), E_NO_MEMORY.
 */
URISCAN_API int uriscan_extractor_new(enum uriscan_grammar g,
                                      const struct uriscan_extract_options *opt,
                                      uriscan_extractor **out);
/* Free it (NULL is fine). */
URISCAN_API void uriscan_extractor_free(uriscan_extractor *x);
/* Forget the stream: as new, same grammar and options. */
URISCAN_API void uriscan_extractor_reset(uriscan_extractor *x);
/*
 * Give the next chunk of the stream (len may be 0). The bytes must stay
 * valid and unchanged until next() returns URISCAN_DONE. Then call next()
 * until it returns URISCAN_DONE. Returns URISCAN_OK, or E_STATE if the
 * previous chunk was not drained or after finish (until reset),
 * E_INVALID_ARG for x NULL or buf NULL with a length.
 */
URISCAN_API int uriscan_extractor_feed(uriscan_extractor *x, const char *buf,
                                       size_t len);
/* End of stream: matches still open are decided; drain them with next(). */
URISCAN_API int uriscan_extractor_finish(uriscan_extractor *x);
/*
 * Pull the next match: URISCAN_OK and *m filled, or URISCAN_DONE when the
 * chunk is used up (feed the next one; after finish: the stream is done),
 * or URISCAN_E_INVALID_ARG (x or m NULL). Loop:
 *   while ((st = uriscan_extractor_next(x, &m)) == URISCAN_OK) ...
 */
URISCAN_API int uriscan_extractor_next(uriscan_extractor *x,
                                       struct uriscan_match *m);
/* Total bytes fed since new/reset. */
URISCAN_API uint64_t uriscan_extractor_offset(const uriscan_extractor *x);

/*
 * The whole buffer [s, s + len) as one stream: cb is called for each match in
 * order (m and m->bytes valid during the call; offsets from s); a non-zero
 * return stops the scan. opt as for uriscan_extractor_new. Returns
 * URISCAN_OK, or the error of uriscan_extractor_new, or E_INVALID_ARG (cb
 * NULL, s NULL with a length). *count (may be NULL) gets the number of
 * matches reported. Allocates nothing (with URISCAN_EXTRACT_CONFUSION,
 * only inside ICU, as uriscan_confusion; with URISCAN_EXTRACT_DEFANGED,
 * one extractor, freed before it returns: E_NO_MEMORY when that fails).
 */
typedef int (*uriscan_match_fn)(void *user, const struct uriscan_match *m);
URISCAN_API int uriscan_extract(enum uriscan_grammar g, const char *s,
                                size_t len,
                                const struct uriscan_extract_options *opt,
                                uriscan_match_fn cb, void *user,
                                uint64_t *count);

/*
 * The SIMD level the library's run skips use in this process: "avx512",
 * "avx2", "ssse3" or "none" (not x86, or capped by URISCAN_NO_SIMD,
 * URISCAN_NO_AVX2, URISCAN_NO_AVX512 in the environment when the library
 * was loaded). Never NULL; static storage.
 */
URISCAN_API const char *uriscan_simd_level(void);

/* ------------------------------------------------------------------ */
/* IRI <-> URI mapping (RFC 3987 section 3)                            */

/*
 * Flags of the two mappings below (0 is the default for both).
 *
 * URISCAN_IRI_IDNA (uriscan_iri_to_uri): a reg-name host holding non-ASCII
 * characters is converted with IDNA ToASCII (libidn2: IDNA2008 with the
 * TR46 non-transitional mapping, which supersedes the RFC 3490 ToASCII
 * that RFC 3987 3.1 names) instead of being percent-encoded; 3.1 step 2
 * allows both. Only in a library built with libidn2; otherwise the call
 * returns URISCAN_E_IDNA_UNAVAILABLE. A host that IDNA rejects (including
 * one that holds a percent-encoding) gives URISCAN_E_IDNA with the offset
 * of the host. This flag is the only case where uriscan allocates memory
 * (libidn2 does, and frees it before returning).
 *
 * URISCAN_URI_DECODE_UNRESERVED (uriscan_uri_to_iri): also decode the
 * percent-encoded ASCII unreserved characters (ALPHA DIGIT - . _ ~), as step
 * 2 of RFC 3987 3.2 literally does. Off by default: the default mapping only
 * decodes non-ASCII characters, and leaves every ASCII octet as it is.
 */
#define URISCAN_IRI_IDNA 1u
#define URISCAN_URI_DECODE_UNRESERVED 2u

/* 1 if URISCAN_IRI_IDNA works in this library (built with libidn2). */
URISCAN_API int uriscan_idna_available(void);

/*
 * Both mappings write their result to the caller's buffer out[0..out_cap)
 * and never write outside it; out may be NULL when out_cap is 0 (a call that
 * only asks for the size). The result is NUL-terminated: it needs
 * out_cap >= *out_len + 1.
 *
 * *out_len (must not be NULL) receives the length of the result without
 * the NUL whenever the input is valid, also when out_cap is too small; the
 * call then returns URISCAN_E_BUFFER_TOO_SMALL and out[0..out_cap) holds an
 * unspecified prefix (call again with a buffer of *out_len + 1 bytes). On
 * any other failure *out_len is 0 and, when out_cap > 0, out[0] is NUL.
 *
 * An input that is not valid gives the status, offset and input of
 * uriscan_validate() for the input grammar in *err (may be NULL). Inputs
 * are (s, len) as everywhere in this header; the result does not point
 * into them. E_INVALID_ARG: out_len NULL, out NULL with out_cap > 0, s NULL
 * with a length, unknown flags.
 */

/*
 * IRI to URI (RFC 3987 3.1): s must be an RFC 3987 IRI-reference. Every
 * byte of a non-ASCII character (ucschar or iprivate) is percent-encoded
 * with upper-case hex digits ("%C3%A9"); everything else is copied. The
 * result is an RFC 3986 URI-reference. Flags: 0 or URISCAN_IRI_IDNA.
 */
URISCAN_API int uriscan_iri_to_uri(const char *s, size_t len, unsigned flags,
                                   char *out, size_t out_cap, size_t *out_len,
                                   struct uriscan_error *err);

/*
 * URI to IRI (RFC 3987 3.2): s must be an RFC 3986 URI-reference. Runs of
 * percent-encoded octets that form strictly valid UTF-8 (3.2 step 3) are
 * decoded where the character they encode is allowed by the IRI grammar at
 * that place (step 4 and section 2.2: ucschar in userinfo, host, path,
 * query and fragment; iprivate in the query only), except the bidirectional
 * formatting characters U+200E, U+200F and U+202A-U+202E (sections 3.2.1
 * and 4.1), which stay encoded. Percent-encoded ASCII (unless
 * URISCAN_URI_DECODE_UNRESERVED), octets that are not part of valid UTF-8
 * and characters not allowed there stay as they were written (the original
 * hex case is kept). The advisory limitations of section 6.1 (look-alikes,
 * unassigned code points) are not applied. The result is an RFC 3987
 * IRI-reference. Flags: 0 or URISCAN_URI_DECODE_UNRESERVED.
 */
URISCAN_API int uriscan_uri_to_iri(const char *s, size_t len, unsigned flags,
                                   char *out, size_t out_cap, size_t *out_len,
                                   struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Reference resolution (RFC 3986 section 5, RFC 2396 section 5.2)     */

/*
 * uriscan_resolve: the target URI of reference (ref, ref_len) against
 * (base, base_len), RFC 3986 section 5.2 "strict": 5.2.2 picks the
 * components, 5.2.3 merges paths, 5.2.4 removes dot segments, 5.3
 * recomposes. Components are copied as written (no case change, no
 * percent-decoding: "%2E" is not a dot segment). Output buffer, *out_len
 * and *err: as for the IRI mappings above (err->input: URISCAN_INPUT_FIRST
 * for the base, URISCAN_INPUT_SECOND for the reference).
 *
 * Grammars:
 *  - URISCAN_RFC3986: base and ref are RFC 3986 URI-references.
 *  - URISCAN_RFC3987: the same algorithm on IRIs (RFC 3987 section 6.5);
 *    UTF-8 is copied as it is. The result is an IRI.
 *  - URISCAN_RFC2396: RFC 2396 section 5.2 as written (its Appendix C
 *    examples hold); how it differs from RFC 3986 is listed in
 *    src/operations/resolve.c and src/operations/dot_segments.c beside each
 *    step. In short: an absolute, network-path or absolute-path reference
 *    keeps its dot segments ("/../g" gives
 *    "http://a/../g"); a query-only reference drops the base's last
 *    segment ("?y" against http://a/b/c/d;p?q gives http://a/b/c/?y); ".."
 *    segments that climb above the root are kept ("../../../g" gives
 *    http://a/../g). An opaque base (form opaque_part, e.g. "mailto:a@b")
 *    resolves the empty and fragment-only references and those with a
 *    scheme, an authority or an absolute path; any other reference needs
 *    the base's hierarchical path (step 6), which RFC 2396 does not define
 *    for an opaque base: URISCAN_E_UNSUPPORTED. A base with an authority
 *    and an empty path merges as "/" (RFC 3986 5.2.3; RFC 2396 would glue
 *    the segment onto the host). Appendix C resolves "?y", which the
 *    grammar of Appendix A does not derive (relativeURI needs a path
 *    before "?"): a reference that starts with "?" is read as "?" query
 *    ["#" fragment] with the rules query and fragment (its errors are
 *    those rules' statuses, at their offset in the reference).
 *  - URISCAN_RFC1738: URISCAN_E_UNSUPPORTED, whatever the inputs
 *    (after the argument checks). RFC 1738 has no relative form;
 *    its companion RFC 1808 parses references with its own relativeURL
 *    grammar, which uriscan does not have (use URISCAN_RFC2396, whose 5.2
 *    descends from RFC 1808 section 4).
 *
 * The base must be a URI (it has a scheme); a relative base is
 * URISCAN_E_BASE_RELATIVE, never guessed. A fragment on the base is
 * ignored (RFC 3986 5.1). Without URISCAN_RESOLVE_NON_STRICT a reference
 * with a scheme is taken as it is (dot segments removed); with it, a
 * reference whose scheme equals the base's (ASCII case-insensitive) is
 * resolved as if it had no scheme ("http:g" against "http://a/b/c/d;p?q"
 * gives "http://a/b/c/g"), as older resolvers did (5.2.2).
 *
 * Choices where the RFC's algorithm is not the end of the story:
 *  - A rootless path that climbs past its first segment becomes absolute:
 *    "a:b/../c" gives "a:/c", exactly as 5.2.4 computes it (uriparser
 *    keeps "a:c"; this library follows the RFC).
 *  - When the target has no authority and its path starts with "//" (base
 *    "a:/b" with "..//c": the RFC's "a://c" would re-parse with an
 *    authority "c"), "/." is written before the path: "a:/.//c", which
 *    resolves to itself and names the same path (as WHATWG URL does). The
 *    same holds for RFC 2396 results.
 * With these, the result is always valid in the grammar (an absolute URI,
 * never with a fragment unless the reference had one).
 *
 * Bad input: base and ref are parsed with the grammar's top rule, base
 * first. An invalid one gives uriscan_validate's status, and in *err (may
 * be NULL) its offset and which input it is in: URISCAN_INPUT_FIRST (the
 * base) or URISCAN_INPUT_SECOND (the reference); URISCAN_E_BASE_RELATIVE:
 * the base, offset 0. On success and on any other status err->input is
 * URISCAN_INPUT_NONE. URISCAN_E_INVALID_ARG: out_len NULL, out NULL with
 * out_cap > 0, NULL input with a length, unknown flags. No allocation.
 *
 * Its only option is flags (URISCAN_RESOLVE_NON_STRICT); the two inputs
 * are the base and the reference, so it takes no options struct.
 */
#define URISCAN_RESOLVE_NON_STRICT 1u

URISCAN_API int uriscan_resolve(enum uriscan_grammar g, const char *base,
                                size_t base_len, const char *ref,
                                size_t ref_len, unsigned flags, char *out,
                                size_t out_cap, size_t *out_len,
                                struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Normalization and comparison (RFC 3986 section 6, RFC 3987 5.3)     */

/*
 * Syntax-based normalization (RFC 3986 6.2.2, RFC 3987 5.3.2), always done
 * by uriscan_normalize and uriscan_equivalent, for RFC 3986 and RFC 3987:
 *  - the scheme and the host in lower case (ASCII letters only; an IPv6 or
 *    IPvFuture literal too, but not the hex digits of a percent-encoding,
 *    and not a non-ASCII character of an IRI host);
 *  - the hex digits of every percent-encoding in upper case ("%3a" ->
 *    "%3A");
 *  - percent-encoded unreserved characters (ALPHA DIGIT - . _ ~) decoded
 *    in every component, the host included (a letter decoded in the host is
 *    written in lower case: "%41.example" -> "a.example");
 *  - the dot segments removed (RFC 3986 5.2.4) from the path of a reference
 *    that has a scheme, an authority or a path starting with "/" (not from
 *    the rootless path of a relative reference: "a/../b" is kept). A
 *    segment "." or ".." written with "%2E" is a dot segment too. When the
 *    result would make a path without an authority start with "//" (which
 *    would read as an authority: "x://a"), "/." is written in front of
 *    it ("x:/.//a"), as WHATWG URL does; that form is its own normal form.
 * RFC 3987 5.3.2.2 (NFC) is not applied: characters are not changed.
 *
 * RFC 2396: the same with its own unreserved set, alphanum and mark
 *   ("-" "_" "." "!" "~" "*" "'" "(" ")"): RFC 2396 2.3 says unreserved
 *   characters "can be escaped without changing the semantics", so their
 *   escapes are decoded ("%27" -> "'"). The scheme (3.1) and a server-based
 *   host (3.2.2) are case-insensitive; a registry-based authority (reg_name)
 *   is kept as it is, escapes decoded nowhere in it but hex digits in upper
 *   case (RFC 2396 gives it no case rule). Dot segments: abs_path only (an
 *   opaque_part has none).
 * RFC 1738: only what its text makes equivalent for every scheme: the
 *   scheme (2.1) and the host (3.1, a domain name or IP address) in lower
 *   case, hex digits in upper case (2.2: the escape encodes an octet). No
 *   escape is decoded (2.2: the meaning of an encoded octet is up to each
 *   scheme) and no dot segment is removed ("." has no meaning in RFC 1738).
 *   The scheme-based flags apply; URISCAN_NORM_HTTP_PATH adds the "/" of an
 *   http URL with nothing after the host (3.3).
 *
 * Scheme-based steps (RFC 3986 6.2.3), each its own flag:
 */
/* "http://a:/" -> "http://a/": an empty port and its ':' left out. */
#define URISCAN_NORM_EMPTY_PORT (1u << 0)
/* A port equal to the scheme's default left out, with its ':'. The port is
 * compared as a number ("080" is 80). Defaults (scheme in any case):
 *   http 80, https 443, ws 80, wss 443, ftp 21. */
#define URISCAN_NORM_DEFAULT_PORT (1u << 1)
/* The default port of a scheme (ASCII case ignored) in the table of
 * URISCAN_NORM_DEFAULT_PORT above, e.g. 443 for "HTTPS"; 0 for a scheme
 * not in it. Reads only scheme[0, len) (scheme may be NULL when len is 0). */
URISCAN_API unsigned uriscan_scheme_default_port(const char *scheme,
                                                 size_t len);
/* "http://a" -> "http://a/": the empty path of an http or https URI with
 * an authority becomes "/" (RFC 1738: http only). */
#define URISCAN_NORM_HTTP_PATH (1u << 2)
/* All three scheme-based steps. */
#define URISCAN_NORM_SCHEME_BASED                                              \
	(URISCAN_NORM_EMPTY_PORT | URISCAN_NORM_DEFAULT_PORT |                     \
	 URISCAN_NORM_HTTP_PATH)
/* RFC 3987 only (else URISCAN_E_INVALID_ARG): also decode percent-encoded
 * UTF-8 where the IRI grammar allows the character, exactly where
 * uriscan_uri_to_iri decodes it (ucschar; iprivate in the query; not the
 * bidirectional formatting characters). "%C3%A9" -> U+00E9. */
#define URISCAN_NORM_IRI_DECODE (1u << 3)

/*
 * Normalize s[0, len) (a reference valid in grammar g's top rule) into
 * out[0, out_cap) with the contract of uriscan_iri_to_uri: NUL-terminated;
 * *out_len (not NULL) set for every valid input, also with
 * URISCAN_E_BUFFER_TOO_SMALL; out may be NULL when out_cap is 0; on other
 * failures *out_len is 0 and out[0] NUL (when out_cap > 0). An invalid
 * input gives uriscan_validate's status, offset and input in *err (may be
 * NULL). E_INVALID_ARG: unknown flags, URISCAN_NORM_IRI_DECODE outside RFC
 * 3987, NULL pointers. The result is valid in g and normalizing it again
 * changes nothing. No allocation; the result does not point into s.
 */
URISCAN_API int uriscan_normalize(enum uriscan_grammar g, const char *s,
                                  size_t len, unsigned flags, char *out,
                                  size_t out_cap, size_t *out_len,
                                  struct uriscan_error *err);

/* uriscan_equivalent flag: simple string comparison (RFC 3986 6.2.1), byte
 * for byte, no normalization; no other flag may be set with it. */
#define URISCAN_EQUIV_STRING (1u << 8)

/*
 * Equivalence (RFC 3986 6.2): *equal = 1 when a and b have the same normal
 * form (uriscan_normalize with the same flags), else 0; with
 * URISCAN_EQUIV_STRING, when they are the same bytes. Both inputs must be
 * valid in g. The normal forms are compared as they are produced: no
 * buffer, no allocation, any length.
 *
 * Returns URISCAN_OK with *equal set, or a status with *equal = 0: an
 * invalid input gives uriscan_validate's status, and in *err (may be NULL)
 * its offset and input URISCAN_INPUT_FIRST (a, checked first) or
 * URISCAN_INPUT_SECOND (b); otherwise offset 0 and URISCAN_INPUT_NONE.
 * equal may not be NULL (E_INVALID_ARG).
 */
URISCAN_API int uriscan_equivalent(enum uriscan_grammar g, const char *a,
                                   size_t alen, const char *b, size_t blen,
                                   unsigned flags, int *equal,
                                   struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Percent-decoding, query parameters, recomposition                   */

/*
 * Percent-decoding (src/operations/percent.c). One component (a path segment,
 * a query key or value, ...) at a time: decoding a whole reference would merge
 * "%2F" with "/". Any bytes are accepted, not only valid components.
 *
 * Flags:
 *  URISCAN_DECODE_PLUS     '+' decodes to a space, as in
 *                          application/x-www-form-urlencoded queries
 *                          (without it '+' stays '+'; "%2B" is always '+').
 *  URISCAN_DECODE_LENIENT  a malformed escape ('%' not followed by two hex
 *                          digits) is copied as it is and reported with
 *                          URISCAN_DECODED_MALFORMED in *info instead of
 *                          failing; only that '%' is copied alone, the bytes
 *                          after it are decoded as usual ("%%41" gives "%A").
 *
 * *info (may be NULL) receives, on URISCAN_OK and on
 * URISCAN_E_BUFFER_TOO_SMALL, what the decoded bytes hold (else 0):
 *  URISCAN_DECODED_NUL        a NUL byte (decoded from "%00", or in s)
 *  URISCAN_DECODED_BAD_UTF8   they are not strict UTF-8 (RFC 3629: a
 *                             truncated or overlong sequence, a surrogate,
 *                             above U+10FFFF, a stray byte)
 *  URISCAN_DECODED_MALFORMED  (LENIENT only) a malformed escape was copied
 *
 * Buffer: the result is written to out[0, out_cap), never beyond, and is
 * NOT NUL-terminated (it may hold NUL bytes: use *out_len). It is never
 * longer than the input, so out_cap = len always suffices; out may be s
 * itself (decoding in place), or NULL when out_cap is 0 (a size query).
 * *out_len (must not be NULL) receives the decoded length whenever the
 * input decodes, also when it does not fit: then the call returns
 * URISCAN_E_BUFFER_TOO_SMALL and out holds the first out_cap bytes.
 *
 * Without LENIENT, a malformed escape gives URISCAN_E_BAD_PERCENT, *out_len
 * 0, and in *err (may be NULL) input URISCAN_INPUT_FIRST and the offset, in
 * s, of the first byte after the '%' that is not a hex digit, or len when s
 * ends before the two digits (as uriscan_validate places bad_percent).
 * With LENIENT that offset of the first malformed escape is stored in
 * err->offset on success too (0 when there is none; input stays NONE). Also
 * URISCAN_E_INVALID_ARG (out_len NULL, out NULL with a capacity, s NULL
 * with a length, unknown flags) and URISCAN_E_TOO_LONG.
 */
#define URISCAN_DECODE_PLUS 1u
#define URISCAN_DECODE_LENIENT 2u

#define URISCAN_DECODED_NUL 1u
#define URISCAN_DECODED_BAD_UTF8 2u
#define URISCAN_DECODED_MALFORMED 4u

URISCAN_API int uriscan_percent_decode(const char *s, size_t len,
                                       unsigned flags, char *out,
                                       size_t out_cap, size_t *out_len,
                                       unsigned *info,
                                       struct uriscan_error *err);

/*
 * Query parameters (src/operations/query.c). A query (without its '?', e.g.
 * the bytes of part[URISCAN_QUERY]) is split into pairs at every '&' (and ';'
 * with URISCAN_QUERY_SEMICOLON); each pair is "key=value" split at its first
 * '=':
 *  - n separators always give n + 1 pairs, so the pairs and separators
 *    put back together are exactly the query. Empty pairs are reported:
 *    "a&&b" gives "a", "", "b"; the empty query gives one empty pair; skip
 *    pair.len == 0 if you do not want them.
 *  - a pair without '=' ("a") has has_value 0: key = the whole pair, value
 *    empty (at the end of the pair). "a=" has has_value 1 and an empty
 *    value; "=v" an empty key; "a=b=c" the key "a" and the value "b=c".
 *  - repeated keys: the iterator gives every pair, in order;
 *    uriscan_query_get returns the first.
 * Spans are offsets into q and are not decoded (uriscan_percent_decode
 * them). No allocation; any bytes are accepted.
 */
#define URISCAN_QUERY_SEMICOLON 4u

struct uriscan_query_pair {
	struct uriscan_span pair;  /* the whole pair, without separator */
	struct uriscan_span key;   /* before the first '=' (or all of it) */
	struct uriscan_span value; /* after the first '=' */
	int has_value;             /* 1 when the pair holds a '=' */
};

/* Iterator state; its fields are private. It keeps q, which must stay valid
 * while the iterator is used. */
struct uriscan_query_iter {
	const char *q;
	size_t len, pos;
	unsigned flags;
	int done;
};

/*
 * Start iterating q[0, len). flags: URISCAN_QUERY_SEMICOLON, and
 * URISCAN_DECODE_PLUS (accepted so one flags value serves both calls; no
 * effect here). Returns URISCAN_OK, or URISCAN_E_INVALID_ARG (it NULL, q
 * NULL with a length, unknown flags) or URISCAN_E_TOO_LONG, after which
 * uriscan_query_next gives nothing.
 */
URISCAN_API int uriscan_query_iter_init(struct uriscan_query_iter *it,
                                        const char *q, size_t len,
                                        unsigned flags);
/*
 * The next pair: URISCAN_OK and *p filled, URISCAN_DONE after the last one
 * (as uriscan_extractor_next), URISCAN_E_INVALID_ARG when it or p is NULL.
 */
URISCAN_API int uriscan_query_next(struct uriscan_query_iter *it,
                                   struct uriscan_query_pair *p);
/*
 * The first pair whose key, percent-decoded (with URISCAN_DECODE_PLUS, '+'
 * as a space), equals key[0, key_len), which is given decoded: plain bytes,
 * any of them. Keys are compared as they are decoded, without a copy; a
 * malformed escape in the query stands for itself. Returns URISCAN_OK with
 * *found 1 and *p, or *found 0; or a status of uriscan_query_iter_init,
 * or URISCAN_E_INVALID_ARG when found or p is NULL or key NULL with a
 * length.
 */
URISCAN_API int uriscan_query_get(const char *q, size_t len, const char *key,
                                  size_t key_len, unsigned flags, int *found,
                                  struct uriscan_query_pair *p);

/*
 * Recomposition (src/operations/recompose.c): components -> URI reference, as
 * RFC 3986 section 5.3 writes it:
 *   [scheme ":"] ["//" authority] path ["?" query] ["#" fragment]
 *   authority = [userinfo "@"] host [":" port]
 * Components are given by pointer and length (not offsets), each without
 * its delimiters, exactly as uriscan_parse reports them; nothing is
 * encoded: a component must already be valid in its place.
 *
 * The authority is given either whole (URISCAN_AUTHORITY) or as userinfo,
 * host and port, not both (URISCAN_E_INVALID_ARG). It is there when any of
 * them is present; a host absent beside userinfo or port is the empty host.
 * An absent path is the empty path.
 *
 * Every component is checked with its grammar's own rule:
 *   RFC 3986: scheme authority userinfo host port query fragment, and the
 *     path with path-abempty after an authority, else path-absolute when
 *     it starts with '/', path-rootless after a scheme, path-noscheme
 *     without one (path-empty when empty);
 *   RFC 3987: the same with the IRI rules (iauthority, iuserinfo, ihost,
 *     ipath-*, iquery, ifragment; scheme and port);
 *   RFC 2396: scheme authority userinfo host port query fragment, and the
 *     path with abs_path (after an authority, or starting with '/'),
 *     opaque_part (rootless after a scheme: then no query is possible,
 *     an opaque_part takes the '?' in), rel_path (no scheme); an empty
 *     path only after an authority, or with neither scheme nor query;
 *   RFC 1738: URISCAN_E_UNSUPPORTED (its URLs are scheme-specific).
 * A component that is not valid in its place gives URISCAN_E_COMPONENT,
 * and in *err (may be NULL) the component (err->component;
 * URISCAN_COMPONENT_NONE when the status is another one), input
 * URISCAN_INPUT_FIRST, and the offset inside that component where its rule
 * failed (its length when it ends too early; 0 for other statuses). Among them: a path that does not start with '/'
 * after an authority (offset 0), a path starting with "//" without an
 * authority (offset 1), "a:b" as a path without scheme or authority
 * (offset 1), a host or userinfo holding a delimiter.
 * Never a silently different reference: when the result fits in out, it
 * is also parsed again (the grammar's top rule) and must be valid with
 * exactly the components given (this cannot fail after the checks above;
 * if it did, the component where the parse went wrong is reported).
 *
 * Buffer: as uriscan_iri_to_uri: the result is NUL-terminated (it needs
 * out_cap >= *out_len + 1), *out_len is stored also when it does not fit
 * (URISCAN_E_BUFFER_TOO_SMALL), out may be NULL when out_cap is 0; on any
 * other failure *out_len is 0 and out[0] NUL. Other statuses:
 * URISCAN_E_INVALID_ARG (in or out_len NULL, a present component NULL
 * with a length, bits other than the 8 components, flags != 0),
 * URISCAN_E_TOO_LONG (more than UINT32_MAX bytes), E_GRAMMAR_*.
 */
#define URISCAN_PARTS_COUNT (URISCAN_FRAGMENT + 1) /* scheme .. fragment */

/* A component given by pointer and length (p may be NULL when len is 0). */
struct uriscan_part {
	const char *p;
	size_t len;
};

struct uriscan_uri_parts {
	/* bit (1u << c) for each component c < URISCAN_PARTS_COUNT given;
	 * absent and empty differ, as in struct uriscan_uri */
	uint32_t present;
	struct uriscan_part part[URISCAN_PARTS_COUNT];
};

/* flags: 0. */
URISCAN_API int uriscan_recompose(enum uriscan_grammar g,
                                  const struct uriscan_uri_parts *in,
                                  unsigned flags, char *out, size_t out_cap,
                                  size_t *out_len, struct uriscan_error *err);

/*
 * The components of a parse u of s[0, len) (a URI reference: u->kind is
 * not URISCAN_KIND_NONE) as parts pointing into s (valid as long as s is):
 * scheme, path, query, fragment, and the authority as userinfo, host and
 * port when the parse has a host, else whole (an RFC 2396 reg_name or
 * empty server). uriscan_recompose(u->grammar, parts) gives s back.
 * URISCAN_E_INVALID_ARG (NULL, kind none, a span outside s),
 * URISCAN_E_UNSUPPORTED for RFC 1738.
 */
URISCAN_API int uriscan_uri_parts_from(const struct uriscan_uri *u,
                                       const char *s, size_t len,
                                       struct uriscan_uri_parts *parts);

/* uriscan_set_component flag: remove component c instead of setting it.
 * Removing the host leaves the empty host, removing the path the empty
 * path; remove URISCAN_AUTHORITY to drop the authority. */
#define URISCAN_SET_REMOVE 1u

/* What uriscan_set_component sets (see "One shape" at the top: size first;
 * no field is optional, so the options pointer may not be NULL). */
struct uriscan_set_options {
	size_t size;        /* sizeof(struct uriscan_set_options) */
	unsigned component; /* c < URISCAN_PARTS_COUNT */
	const char *value;  /* the new value (may be NULL when value_len is 0
	                       or with URISCAN_SET_REMOVE) */
	size_t value_len;
	unsigned flags;     /* 0 or URISCAN_SET_REMOVE */
};

/*
 * Set component c = opt->component of the reference s[0, len), parsed into
 * u, to opt->value[0, opt->value_len) and write the result, with the checks
 * and buffer contract of uriscan_recompose. An error in the new value (the
 * component c) has err->input URISCAN_INPUT_SECOND and its offset in the
 * value; one in another component (of s) URISCAN_INPUT_FIRST and its offset
 * in that component. Setting the authority replaces userinfo, host and
 * port; setting one of those rebuilds the authority from them (an RFC 2396
 * reg_name authority is dropped). E_INVALID_ARG as uriscan_recompose, and
 * for opt NULL, opt->size below the first version's struct, c out of range,
 * unknown flags, value NULL with a length.
 * Example: setting the path "a:b" gives URISCAN_E_COMPONENT, component
 * URISCAN_PATH, offset 0 on "//h" (after an authority a path starts with
 * '/') and offset 1 on "x" (no scheme: the ':' would make "a" one).
 */
URISCAN_API int uriscan_set_component(const struct uriscan_uri *u,
                                      const char *s, size_t len,
                                      const struct uriscan_set_options *opt,
                                      char *out, size_t out_cap,
                                      size_t *out_len,
                                      struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Percent-encoding for a component (docs/rewrite.md)                  */

/*
 * Where encoded bytes go (struct uriscan_encode_options.target), and the
 * rule of the grammar the result is valid for (RFC 3986 / RFC 3987):
 *   USERINFO      userinfo / iuserinfo
 *   HOST          reg-name / ireg-name (not an IP literal)
 *   PATH          path / ipath ('/' stays: it separates segments)
 *   PATH_SEGMENT  segment / isegment ('/' encoded)
 *   QUERY         query / iquery
 *   QUERY_KEY     query / iquery, and '&', ';', '=', '+' encoded so the
 *   QUERY_VALUE   result is one key or value of a key=value pair
 *   FRAGMENT      fragment / ifragment
 * The scheme is no target: it cannot hold an escape.
 */
enum uriscan_encode_target {
	URISCAN_ENCODE_USERINFO = 0,
	URISCAN_ENCODE_HOST = 1,
	URISCAN_ENCODE_PATH = 2,
	URISCAN_ENCODE_PATH_SEGMENT = 3,
	URISCAN_ENCODE_QUERY = 4,
	URISCAN_ENCODE_QUERY_KEY = 5,
	URISCAN_ENCODE_QUERY_VALUE = 6,
	URISCAN_ENCODE_FRAGMENT = 7,
	URISCAN_ENCODE_TARGET_COUNT
};
/* "userinfo", "host", "path", "path-segment", "query", "query-key",
 * "query-value", "fragment"; "unknown" otherwise. Never NULL; static. */
URISCAN_API const char *uriscan_encode_target_name(unsigned t);
/* The target named name (NUL-terminated; any case, '_' for '-'): OK and
 * *t, or URISCAN_E_INVALID_ARG. */
URISCAN_API int uriscan_encode_target_from_name(const char *name,
                                                unsigned *t);

/* Encode every '%' (as "%25"). Without it, a '%' that starts a valid
 * escape ('%' HEXDIG HEXDIG) is kept with its escape, as it is; any other
 * '%' is encoded. */
#define URISCAN_ENCODE_ALL_PERCENT 1u
/* A space is written '+' (application/x-www-form-urlencoded); QUERY_KEY
 * and QUERY_VALUE only (else URISCAN_E_INVALID_ARG). A '+' of the input
 * is always "%2B" in a key or value. */
#define URISCAN_ENCODE_FORM 2u

/* See "One shape" at the top: size first. opt may not be NULL. */
struct uriscan_encode_options {
	size_t size;     /* sizeof(struct uriscan_encode_options) */
	unsigned target; /* enum uriscan_encode_target */
	unsigned flags;  /* URISCAN_ENCODE_* */
};

/*
 * Percent-encode s[0, len), any bytes, for opt->target under grammar g
 * (URISCAN_RFC3986 or URISCAN_RFC3987; the others give
 * URISCAN_E_UNSUPPORTED). A byte the target's rule allows is copied; any
 * other byte is written "%" HEXDIG HEXDIG with upper-case hex digits (RFC
 * 3986 2.1). Under RFC 3987 a UTF-8 character the rule allows (ucschar;
 * iprivate too in QUERY, QUERY_KEY and QUERY_VALUE; never the
 * bidirectional formatting characters of RFC 3987 4.1) is copied as it is;
 * invalid UTF-8 and other characters are encoded byte by byte.
 * The result is always valid for the target's rule (uriscan_validate_rule)
 * and uriscan_percent_decode gives s back: exactly with
 * URISCAN_ENCODE_ALL_PERCENT (and URISCAN_DECODE_PLUS for
 * URISCAN_ENCODE_FORM); without it, the valid escapes of s are decoded too.
 *
 * Buffer: as uriscan_percent_decode: out[0, out_cap) only, never beyond,
 * not NUL-terminated; *out_len (not NULL) gets the length of the result
 * (at most 3 * len) also when it does not fit: then
 * URISCAN_E_BUFFER_TOO_SMALL and out holds its first out_cap bytes. out
 * may be NULL when out_cap is 0 (a size query); it may not overlap s.
 * Other statuses: URISCAN_E_INVALID_ARG (opt, out_len NULL; opt->size
 * too small, an unknown target or flag, FORM outside a key or value; s
 * NULL with a length; out NULL with a capacity), URISCAN_E_TOO_LONG (len
 * or the result above UINT32_MAX; *out_len 0, nothing written),
 * URISCAN_E_UNSUPPORTED, URISCAN_E_GRAMMAR_*. Any bytes are accepted, so
 * there is no syntax status; err (may be NULL) gets the status, offset 0.
 * No allocation. The bytes of out between the result and out_cap may be
 * overwritten. Fastest with RFC 3986 and out_cap >= 3 * len + 32 (blocks
 * of 16 bytes with no branch per byte or escape; docs/rewrite.md).
 */
URISCAN_API int uriscan_percent_encode(enum uriscan_grammar g, const char *s,
                                       size_t len,
                                       const struct uriscan_encode_options *opt,
                                       char *out, size_t out_cap,
                                       size_t *out_len,
                                       struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Query editing that keeps every other byte (docs/rewrite.md)         */

/* What an edit does (struct uriscan_query_edit.op). Keys are given
 * decoded (plain bytes) and match a pair whose key, percent-decoded,
 * equals them (ASCII case ignored with URISCAN_QUERY_ICASE). */
enum uriscan_query_op {
	/* Give the first pair with the key the value (its key is kept as
	 * written) and drop the other pairs with it; append "key=value" when
	 * there is none. */
	URISCAN_QUERY_SET = 1,
	/* Append "key=value" at the end. */
	URISCAN_QUERY_APPEND = 2,
	/* Drop every pair whose key matches the glob `key` ('*' stands for
	 * any run of bytes, anywhere: "utm_*", "*_ref"). */
	URISCAN_QUERY_REMOVE = 3,
	/* Keep only the pairs whose key matches one glob of a run of
	 * consecutive KEEP edits (one run is one list); drop the others. */
	URISCAN_QUERY_KEEP = 4,
	/* Sort the pairs by decoded key (bytes as unsigned; folded with
	 * URISCAN_QUERY_ICASE), stable: pairs with equal keys keep their
	 * order. key and value are not read. */
	URISCAN_QUERY_SORT = 5
};

struct uriscan_query_edit {
	unsigned op;       /* enum uriscan_query_op */
	const char *key;   /* decoded; may be NULL when key_len is 0 */
	size_t key_len;
	/* SET and APPEND: the decoded value, written percent-encoded
	 * (uriscan_percent_encode, QUERY_VALUE, every '%' encoded). NULL:
	 * the pair is written as the key alone, without '='. */
	const char *value;
	size_t value_len;
};

/* Flags of uriscan_query_edit (besides URISCAN_DECODE_PLUS: '+' in a key
 * is a space when matching, and new keys and values are written with
 * URISCAN_ENCODE_FORM; and URISCAN_QUERY_SEMICOLON: ';' separates pairs
 * too): */
/* Keys match and sort with ASCII case ignored. */
#define URISCAN_QUERY_ICASE 8u
/* When every pair is removed, keep the '?' (an empty query); without it
 * the '?' goes too. */
#define URISCAN_QUERY_KEEP_EMPTY 16u

/* See "One shape" at the top: size first. opt may not be NULL. */
struct uriscan_query_edit_options {
	size_t size;  /* sizeof(struct uriscan_query_edit_options) */
	unsigned flags;
	const struct uriscan_query_edit *edits; /* applied in order */
	size_t n_edits;
	/* Room for a SORT (may be NULL, size 0). A SORT orders the pairs alive at it in
	 * records of 16 bytes: in this buffer when it is larger than the 4 KiB
	 * kept on the stack. When every record fits (always with
	 * URISCAN_QUERY_SORT_WORK(len, n_edits) bytes) the pairs are read once
	 * and sorted in O(n log n) key compares; else they are read once per
	 * buffer's worth of records (256 without this buffer): O(n^2 / 256)
	 * for a hostile query of many pairs. Scratch only: nothing is left in
	 * it that the caller may read; it may not overlap out (or work). */
	void *sort_work;
	size_t sort_work_size;
};

/* Bytes of sort_work that let a SORT of a reference of len bytes, with
 * n_edits edits, read the query once: a record per pair (a pair per
 * separator, + 1) and per edit, and one for alignment; and 8 bytes per
 * edit for the index of the SET edits' keys (see Cost below). */
#define URISCAN_QUERY_SORT_WORK(len, n_edits)                                  \
	(((size_t)(len) + (size_t)(n_edits) + 2) * 16 + (size_t)(n_edits) * 8)

/*
 * Apply opt->edits, in order, to the query of the reference s[0, len)
 * (valid in grammar g: URISCAN_RFC3986 or URISCAN_RFC3987, else
 * URISCAN_E_UNSUPPORTED) and write the new reference. The query is split
 * into pairs as uriscan_query_next splits it (an empty query has no pair).
 * Every pair that no edit touches is copied byte for byte, in its place,
 * with the separator before it ('&' or ';', as found; the first pair has
 * none: removing it removes the separator after it); everything outside
 * the query is copied as it is. New pairs go at the end after '&'; after a
 * SORT the pairs are joined by the query's first separator ('&' if none).
 * No pair left: the '?' is removed (kept with URISCAN_QUERY_KEEP_EMPTY, or
 * when the query was empty). No edit touching anything gives s back.
 * The result is parsed (the grammar's top rule) before it is returned; it
 * is always valid (new keys and values are percent-encoded).
 *
 * Cost: the query is read once, and each pair's key is matched against
 * the edits once: O(pairs * edits) key compares. The SET edits find the
 * first pair with their key in an index of their keys, sorted and filled
 * by one more read of the query: O((pairs + SET edits) log SET edits)
 * compares in all, without allocation, when the index has room: 256
 * distinct keys on the stack, or sort_work's bytes beyond what a SORT can
 * use (URISCAN_QUERY_SORT_WORK(len, n_edits) is room for both); a SET
 * whose key it could not hold reads the query for it (O(pairs) each time:
 * give that sort_work for many SET edits); a SORT reads the pairs once more and
 * sorts them in O(n log n) key compares when its records fit in the 4 KiB
 * it keeps on the stack (256 pairs) or in opt->sort_work, else reads them
 * once per 256 (see sort_work: give URISCAN_QUERY_SORT_WORK bytes for
 * queries from untrusted input).
 *
 * Buffer: as uriscan_recompose (NUL-terminated; out_cap >= *out_len + 1;
 * *out_len stored with URISCAN_E_BUFFER_TOO_SMALL; out may be NULL when
 * out_cap is 0, and may not overlap s). Statuses: an invalid s gives
 * uriscan_validate's status and offset (input URISCAN_INPUT_FIRST); a bad
 * edit (an unknown op, key or value NULL with a length) gives
 * URISCAN_E_INVALID_ARG with err->input URISCAN_INPUT_SECOND and
 * err->offset the index of the edit; URISCAN_E_INVALID_ARG (opt or out_len
 * NULL, opt->size too small, unknown flags, edits NULL with n_edits),
 * URISCAN_E_TOO_LONG (len or the result above UINT32_MAX), E_GRAMMAR_*.
 * No allocation.
 */
URISCAN_API int uriscan_query_edit(enum uriscan_grammar g, const char *s,
                                   size_t len,
                                   const struct uriscan_query_edit_options *opt,
                                   char *out, size_t out_cap, size_t *out_len,
                                   struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* A whole-URL rewrite (docs/rewrite.md)                               */

/* The tracking parameters removed by URISCAN_REWRITE_STRIP_TRACKING when
 * no list is given: globs ("utm_*", "gclid", "fbclid", ...) from
 * data/tracking-params.tsv, which names the source of each. Returns the
 * array (static storage, NUL-terminated strings) and its length in *n (n
 * may not be NULL). */
URISCAN_API const char *const *uriscan_tracking_default(size_t *n);

/* struct uriscan_rewrite_options.flags: */
/* Remove the fragment and its '#'. */
#define URISCAN_REWRITE_DROP_FRAGMENT (1u << 0)
/* Remove a port equal to the scheme's default (uriscan_scheme_default_port)
 * or empty, with its ':'. */
#define URISCAN_REWRITE_DROP_DEFAULT_PORT (1u << 1)
/* The scheme and the host in ASCII lower case (not an escape's hex
 * digits: "%4A" stays). */
#define URISCAN_REWRITE_LOWER (1u << 2)
/* uriscan_normalize (RFC 3986 6.2.2), flags 0. */
#define URISCAN_REWRITE_NORMALIZE (1u << 3)
/* With NORMALIZE: also the scheme-based steps (URISCAN_NORM_SCHEME_BASED,
 * RFC 3986 6.2.3). */
#define URISCAN_REWRITE_SCHEME_BASED (1u << 4)
/* Remove the query pairs whose key matches one of the tracking globs
 * (opt->tracking, or uriscan_tracking_default when it is NULL), before
 * opt->edits. */
#define URISCAN_REWRITE_STRIP_TRACKING (1u << 5)

/* See "One shape" at the top: size first. NULL: nothing is changed. */
struct uriscan_rewrite_options {
	size_t size;          /* sizeof(struct uriscan_rewrite_options) */
	unsigned flags;       /* URISCAN_REWRITE_* */
	/* components set or removed, in order, first (uriscan_set_component;
	 * sets[i].size as for that call) */
	const struct uriscan_set_options *sets;
	size_t n_sets;
	/* query edits (uriscan_query_edit), last, with query_flags */
	const struct uriscan_query_edit *edits;
	size_t n_edits;
	unsigned query_flags;
	/* STRIP_TRACKING's globs (plain keys, '*' any run); NULL: the
	 * default list */
	const char *const *tracking;
	size_t n_tracking;
	/* A buffer for the steps before the last one: needed (else
	 * URISCAN_E_INVALID_ARG) when sets or NORMALIZE are asked for; the
	 * steps write into it and into out in turn, so it needs the room of
	 * the longest step's result (+ 1). May be NULL otherwise. */
	char *work;
	size_t work_cap;	/* Room for a SORT edit, as in uriscan_query_edit_options
	 * (URISCAN_QUERY_SORT_WORK of the longest step's result); may not
	 * overlap out or work. */
	void *sort_work;
	size_t sort_work_size;
};

/*
 * Rewrite the reference s[0, len), valid in grammar g (URISCAN_RFC3986 or
 * URISCAN_RFC3987, else URISCAN_E_UNSUPPORTED): first opt->sets in order,
 * then NORMALIZE, then in one pass LOWER, DROP_DEFAULT_PORT,
 * STRIP_TRACKING and opt->edits (as uriscan_query_edit) and
 * DROP_FRAGMENT. Every byte that no step changes is copied as it is: with
 * nothing to do the result is s. The result is parsed (the grammar's top
 * rule) before it is returned.
 *
 * Buffer: as uriscan_query_edit. A step before the last whose result does
 * not fit in its buffer (work or out, turn by turn) gives
 * URISCAN_E_BUFFER_TOO_SMALL with *out_len the room that step needs
 * (give both buffers at least *out_len + 1 and call again). Statuses:
 * those of uriscan_set_component for a set (err->component names the
 * component; err->input URISCAN_INPUT_SECOND for the new value), of
 * uriscan_normalize, and of uriscan_query_edit (a bad edit: err->input
 * URISCAN_INPUT_SECOND, err->offset its index in opt->edits).
 * URISCAN_E_INVALID_ARG also for a NULL tracking entry, tracking NULL
 * with n_tracking, sets NULL with n_sets, unknown flags, SCHEME_BASED
 * without NORMALIZE, work missing or overlapping out. No allocation.
 */
URISCAN_API int uriscan_rewrite(enum uriscan_grammar g, const char *s,
                                size_t len,
                                const struct uriscan_rewrite_options *opt,
                                char *out, size_t out_cap, size_t *out_len,
                                struct uriscan_error *err);

/* ------------------------------------------------------------------ */
/* Hosts: the address a host means (docs/hosts.md)                     */

/*
 * A URI's host as resolvers and browsers read it. "0x7f.1", "2130706433",
 * "0177.0.0.1", "127.1" and "%31%32%37.0.0.1" are reg-names for RFC 3986,
 * but glibc's inet_aton and the WHATWG URL Standard's IPv4 parser (every
 * browser) connect them all to 127.0.0.1. uriscan_host_address says which
 * address a host means, how it was written and the address's class.
 *
 * The reading is the WHATWG URL Standard's (host parser, "ends in a
 * number", IPv4 parser, IPv6 parser), on the host's bytes:
 *  - percent-escapes are decoded first ("%31%32%37.0.0.1", "127%2E0.0.1");
 *    a host that holds non-ASCII characters then (UTF-8, or
 *    percent-encoded) is mapped by UTS #46 through ICU exactly as
 *    uriscan_browser_host maps it ("①②⑦.0.0.1", fullwidth digits and dots,
 *    a soft hyphen or a zero-width space: 127.0.0.1): URISCAN_E_IDNA when
 *    UTS #46 refuses it, URISCAN_E_IDNA_UNAVAILABLE without ICU (never a
 *    guess), URISCAN_E_TOO_LONG beyond 2048 bytes (such a host only);
 *  - one trailing '.' is dropped ("127.0.0.1." is 127.0.0.1);
 *  - when the last label is a number (all digits, or "0x" and hex digits)
 *    the host must be an IPv4 address of 1 to 4 parts, each decimal, octal
 *    (a leading 0) or hex ("0x"; "0x" alone is 0), every part but the last
 *    at most 255, the last filling the remaining bytes; otherwise the
 *    browser refuses the URL, and so does this call (URISCAN_E_SYNTAX at
 *    the part at fault: "1.2.3.256", "1.2.3.4.5", "foo.1", "08");
 *  - any other host is a name (family URISCAN_IP_NONE, status URISCAN_OK);
 *  - "[...]" (or, for convenience, a host with a ':' and no brackets) is
 *    an IPv6 address, read by the WHATWG IPv6 parser (RFC 4291 2.2 text
 *    forms; no percent-decoding); a zone after the address, "%25zone"
 *    (RFC 6874) or "%zone" (1 to 255 unreserved or percent-encoded bytes),
 *    is read into zone_off and zone_len (browsers refuse it: RFC 9844 took
 *    zones out of URIs; curl connects to the link-local address);
 *    "[v1.x]" (IPvFuture) gives URISCAN_E_UNSUPPORTED.
 * glibc's inet_aton gives the same address on every input both accept; it
 * differs in refusing a trailing '.', "0x" alone and percent-escapes, and
 * in ignoring whatever follows a space.
 */
enum uriscan_ip_family {
	URISCAN_IP_NONE = 0, /* a name, not an address */
	URISCAN_IP_V4 = 4,
	URISCAN_IP_V6 = 6
};

/* How an IPv4 address was written. A part is decimal ("0", "127"), octal
 * (a leading 0: "0177") or hex ("0x7f"). */
enum uriscan_ip_form {
	URISCAN_IP_FORM_NONE = 0,    /* not an address */
	URISCAN_IP_FORM_DOTTED = 1,  /* four decimal parts: the canonical form */
	URISCAN_IP_FORM_INTEGER = 2, /* one decimal number: "2130706433" */
	URISCAN_IP_FORM_SHORT = 3,   /* two or three decimal parts: "127.1" */
	URISCAN_IP_FORM_OCTAL = 4,   /* octal and decimal parts: "0177.0.0.1" */
	URISCAN_IP_FORM_HEX = 5,     /* hex and decimal parts: "0x7f.1" */
	URISCAN_IP_FORM_MIXED = 6,   /* octal and hex parts: "0x7f.00.1" */
	URISCAN_IP_FORM_IPV6 = 7     /* an IPv6 literal */
};

/* The class of an address, from the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries (RFC 6890 and its updates), the multicast ranges and,
 * for IPv6, the IANA IPv6 Address Space ("Reserved by IETF"). An IPv6
 * address that embeds an IPv4 address (see uriscan_ip_embed) takes the
 * class of that IPv4 address. docs/hosts.md lists every range. */
enum uriscan_ip_class {
	URISCAN_IP_CLASS_NONE = 0,      /* not an address */
	URISCAN_IP_CLASS_UNSPECIFIED,   /* 0.0.0.0, :: */
	URISCAN_IP_CLASS_LOOPBACK,      /* 127/8, ::1 */
	URISCAN_IP_CLASS_PRIVATE,       /* 10/8, 172.16/12, 192.168/16,
	                                   fc00::/7, 64:ff9b:1::/48 */
	URISCAN_IP_CLASS_SHARED,        /* 100.64/10 (RFC 6598, CGN) */
	URISCAN_IP_CLASS_LINK_LOCAL,    /* 169.254/16 (cloud metadata
	                                   169.254.169.254), fe80::/10 */
	URISCAN_IP_CLASS_DOCUMENTATION, /* 192.0.2/24, 198.51.100/24,
	                                   203.0.113/24, 2001:db8::/32, 3fff::/20 */
	URISCAN_IP_CLASS_BENCHMARKING,  /* 198.18/15, 2001:2::/48 */
	URISCAN_IP_CLASS_MULTICAST,     /* 224/4, ff00::/8 */
	URISCAN_IP_CLASS_BROADCAST,     /* 255.255.255.255 */
	URISCAN_IP_CLASS_RESERVED,      /* the rest of 0/8, 240/4, 192.0.0/24
	                                   (but .9 and .10), 192.88.99/24, and
	                                   IPv6 outside 2000::/3 and the ranges
	                                   above, 2001::/23 (but its global
	                                   assignments), 100::/64, 5f00::/16 */
	URISCAN_IP_CLASS_GLOBAL,        /* everything else */
	URISCAN_IP_CLASS_COUNT
};

/* An IPv4 address inside an IPv6 one (uriscan_host_addr.v4). The packets
 * of a connection to the IPv6 address reach the IPv4 one, so the address
 * takes its class. */
enum uriscan_ip_embed {
	URISCAN_IP_EMBED_NONE = 0,
	URISCAN_IP_EMBED_MAPPED = 1, /* ::ffff:0:0/96 (the last 32 bits) */
	URISCAN_IP_EMBED_NAT64 = 2,  /* 64:ff9b::/96 (RFC 6052, the last 32) */
	URISCAN_IP_EMBED_6TO4 = 3,   /* 2002::/16 (RFC 3056, bits 16-47: the
	                                6to4 router reached over IPv4) */
	URISCAN_IP_EMBED_TEREDO = 4  /* 2001::/32 (RFC 4380: the client's
	                                public address, the last 32 bits
	                                inverted) */
};

/* uriscan_host_addr.notes: how the host was written. */
#define URISCAN_HOST_PERCENT 1u      /* a percent-escape was decoded */
#define URISCAN_HOST_FULLWIDTH 2u    /* a fullwidth form or ideographic dot */
#define URISCAN_HOST_TRAILING_DOT 4u /* one trailing '.' was dropped */
#define URISCAN_HOST_MAPPED 8u       /* non-ASCII mapped by UTS #46 */
#define URISCAN_HOST_ZONE 16u        /* an IPv6 zone (zone_off, zone_len) */

struct uriscan_host_addr {
	enum uriscan_ip_family family; /* URISCAN_IP_NONE for a name */
	enum uriscan_ip_form form;
	enum uriscan_ip_class ip_class;
	enum uriscan_ip_embed embed;
	unsigned parts;  /* IPv4: the parts written (1-4); else 0 */
	unsigned notes;  /* URISCAN_HOST_* bits (names too) */
	/* The address in network order: IPv4 in bytes 0-3, IPv6 in 0-15. */
	uint8_t addr[16];
	/* The IPv4 address the class was taken from: the address itself, or
	 * the one an IPv6 address embeds; zero when there is none. */
	uint8_t v4[4];
	/* IPv6 with URISCAN_HOST_ZONE: the zone, host[zone_off, zone_off +
	 * zone_len) as written (after "%25" or "%"); else 0, 0. */
	uint32_t zone_off, zone_len;
};

/*
 * Read host[0, len) (a URI's host component, brackets included for IPv6)
 * as above and fill *out (every field; zero for a name). flags: 0.
 * Returns URISCAN_OK (an address, or a name: out->family says which),
 * URISCAN_E_SYNTAX (a host that browsers refuse: err->offset is the part
 * or byte at fault), URISCAN_E_BAD_PERCENT (a '%' not followed by two hex
 * digits), URISCAN_E_UNSUPPORTED (IPvFuture), URISCAN_E_IDNA,
 * URISCAN_E_IDNA_UNAVAILABLE (a non-ASCII host, as above; err->offset 0),
 * URISCAN_E_TOO_LONG or URISCAN_E_INVALID_ARG. Reads only host[0, len);
 * allocates nothing but inside ICU for a non-ASCII host (freed).
 */
URISCAN_API int uriscan_host_address(const char *host, size_t len,
                                     unsigned flags,
                                     struct uriscan_host_addr *out,
                                     struct uriscan_error *err);

/*
 * The canonical text of the address in *a (family V4 or V6), without
 * brackets: the dotted quad of decimal numbers for IPv4; RFC 5952 for
 * IPv6 (lower case, no leading zeros, the longest run of two or more zero
 * groups as "::", the first when two are as long), with the last 32 bits
 * as a dotted quad for an IPv4-mapped address (RFC 5952 section 5:
 * "::ffff:127.0.0.1"). Written to out[0, out_cap) with a NUL after it
 * (URISCAN_IP_TEXT_MAX bytes always suffice); *out_len gets its length
 * (without the NUL), or with URISCAN_E_BUFFER_TOO_SMALL the capacity
 * needed (the length and the NUL). The zone is not part of it.
 * A family NONE gives URISCAN_E_INVALID_ARG.
 */
#define URISCAN_IP_TEXT_MAX 46
URISCAN_API int uriscan_ip_text(const struct uriscan_host_addr *a, char *out,
                                size_t out_cap, size_t *out_len,
                                struct uriscan_error *err);

/* "dotted", "integer", "short", "octal", "hex", "mixed", "ipv6" or "none";
 * static, never NULL. */
URISCAN_API const char *uriscan_ip_form_name(enum uriscan_ip_form f);
/* "unspecified", "loopback", "private", "shared", "link-local",
 * "documentation", "benchmarking", "multicast", "broadcast", "reserved",
 * "global" or "none"; static, never NULL. */
URISCAN_API const char *uriscan_ip_class_name(enum uriscan_ip_class c);
/* The class named name[0, len) (as above; '_' for '-' allowed, any case):
 * URISCAN_OK and *c, or URISCAN_E_INVALID_ARG. */
URISCAN_API int uriscan_ip_class_from_name(const char *name, size_t len,
                                           enum uriscan_ip_class *c,
                                           struct uriscan_error *err);
/* "mapped", "nat64", "6to4", "teredo" or "none"; static, never NULL. */
URISCAN_API const char *uriscan_ip_embed_name(enum uriscan_ip_embed e);

/*
 * The host a browser reaches for the URL s[0, len): the WHATWG URL
 * Standard's basic URL parser without a base, for the special schemes
 * (http, https, ws, wss, ftp, file; any case), as far as the host. Leading
 * and trailing C0 controls and spaces are ignored and tabs and newlines
 * anywhere removed; any run of '/' and '\' after the scheme is read as
 * "//" ("http:example.com", "http:\\h", "http:///h"); the authority
 * ends at '/', '\', '?' or '#'; the host follows its last '@'; the port
 * must be digits up to 65535. The host is percent-decoded, mapped with
 * UTS #46 through ICU (the URL Standard's parameters: CheckBidi,
 * CheckJoiners, nontransitional; no STD3 rules, CheckHyphens or
 * VerifyDnsLength) unless it is ASCII without an "xn--" label (then only
 * lower-cased, without ICU), checked for forbidden code points, and read
 * as an IPv4 address when its last label is a number
 * (uriscan_host_address). A URL with no scheme that starts with two
 * slashes ("//host", "\\host") is read as a browser reads it on an http
 * page. file: has no userinfo and no port (an '@' or ':' in its host
 * fails), "localhost" is the empty host. Any other scheme followed by
 * "//" has its host read by the opaque-host parser (forbidden host code
 * points fail; C0 controls, DEL and bytes >= 0x80 percent-encoded;
 * "[...]" an IPv6 address; not lower-cased, not decoded); without "//"
 * it has no host (URISCAN_E_UNSUPPORTED, below).
 *
 * Writes the serialised host (a lower-case ASCII name, the dotted quad of
 * an IPv4 address, an IPv6 address in brackets in RFC 5952 compression
 * without a dotted part: "[::ffff:7f00:1]"; for file: "" for localhost
 * and for none) to out[0, out_cap), not NUL-terminated; *out_len gets its
 * length, or with URISCAN_E_BUFFER_TOO_SMALL the size needed.
 * Returns URISCAN_OK, URISCAN_E_SYNTAX (the browser refuses the URL;
 * err->offset: the host, the port or the byte at fault), URISCAN_E_IDNA
 * (UTS #46 refuses the host), URISCAN_E_IDNA_UNAVAILABLE (the host needs
 * IDNA and the library has no ICU: not guessed), URISCAN_E_UNSUPPORTED
 * (the URL has no host: "mailto:a@b", a scheme that is not special
 * without "//"; or a relative reference, which has none without a
 * base), URISCAN_E_TOO_LONG (a
 * host over 2048 bytes), invalid_argument.
 * flags: 0. Allocates only inside ICU (freed before returning).
 */
URISCAN_API int uriscan_browser_host(const char *s, size_t len,
                                     unsigned flags, char *out,
                                     size_t out_cap, size_t *out_len,
                                     struct uriscan_error *err);

/*
 * URL-confusion flags: the ways a URL is read differently by different
 * readers (an RFC 3986 parser, browsers and the WHATWG URL Standard, curl,
 * resolvers), found in one call on any bytes, valid URLs or not: the flags
 * are for what attackers send. docs/hosts.md gives for each its example,
 * who reads it differently and the sources (Orange Tsai, "A New Era of
 * SSRF", 2017; Claroty and Snyk, "Exploiting URL Parsing Confusion", 2022).
 *   X(bit, ENUM_SUFFIX, "name")
 * The authority is read as browsers read it for the special schemes (after
 * any run of '/' and '\' following the scheme, up to '/', '\', '?' or '#'),
 * and after "//" up to '/', '?' or '#' for other schemes.
 */
#define URISCAN_CONFUSION_MAP(X)                                               \
	X(0, USERINFO, "userinfo")        /* an '@' in the authority */          \
	X(1, MULTIPLE_AT, "multiple_at")  /* more than one '@' there */          \
	X(2, BACKSLASH, "backslash")      /* a '\' anywhere */                   \
	X(3, WHITESPACE, "whitespace")    /* tab, CR, LF or space anywhere */    \
	X(4, ENCODED_HOST, "encoded_host") /* a '%' in the host */               \
	X(5, IP_NONCANONICAL, "ip_noncanonical") /* IPv4 not as a dotted quad */ \
	X(6, ENCODED_DELIMITER, "encoded_delimiter") /* %2F %5C %3F %23 %40 %2E */ \
	X(7, DOT_SEGMENT, "dot_segment")  /* a "." or ".." segment, or encoded */ \
	X(8, MISSING_SLASHES, "missing_slashes") /* "http:example.com" */        \
	X(9, EXTRA_SLASHES, "extra_slashes") /* "http:///example.com" */         \
	X(10, SCHEME_RELATIVE, "scheme_relative") /* "//host" with no scheme */  \
	X(11, IDN, "idn")                 /* a non-ASCII or "xn--" label */      \
	X(12, FULLWIDTH_DOT, "fullwidth_dot") /* U+3002, U+FF0E, U+FF61 */       \
	X(13, TRAILING_DOT, "trailing_dot") /* the host ends with '.' */         \
	X(14, PORT_LEADING_ZERO, "port_leading_zero") /* ":080" */              \
	X(15, PORT_OUT_OF_RANGE, "port_out_of_range") /* above 65535 */         \
	X(16, NUL, "nul")                 /* a NUL byte or "%00" */              \
	X(17, BROWSER_HOST_DIFFERS, "browser_host_differs") /* see below */ \
	X(18, IPV6_ZONE, "ipv6_zone")     /* "[fe80::1%25eth0]" */               \
	X(19, MIXED_SCRIPT, "mixed_script") /* UTS #39: not Highly Restrictive */ \
	X(20, ASCII_LOOKALIKE, "ascii_lookalike") /* an ASCII skeleton */

enum uriscan_confusion {
#define URISCAN_CONFUSION_ENUM_(bit, e, name) URISCAN_CONFUSION_##e = 1u << (bit),
	URISCAN_CONFUSION_MAP(URISCAN_CONFUSION_ENUM_)
#undef URISCAN_CONFUSION_ENUM_
	URISCAN_CONFUSION_NONE = 0 /* no flag */
};

/*
 * The confusion flags of s[0, len) into *found (a set of
 * URISCAN_CONFUSION_* bits). browser_host_differs: the URL is valid for
 * the grammar g, and the host a browser reaches (uriscan_browser_host) is
 * not the one the grammar names: none ("http:example.com"), another
 * address or name ("http://0x7f.1/", a reg-name for RFC 3986, is
 * 127.0.0.1). Names compare case-insensitively after percent-decoding;
 * a non-ASCII name (RFC 3987) after the browser's IDNA mapping of it.
 * flags: 0. Returns URISCAN_OK (whatever the URL), URISCAN_E_TOO_LONG,
 * URISCAN_E_INVALID_ARG, or URISCAN_E_GRAMMAR_UNKNOWN /
 * URISCAN_E_GRAMMAR_UNAVAILABLE for a grammar g that is not known or not
 * built (never a set of flags without browser_host_differs's answer).
 * Allocates only inside ICU (freed), for a host that is not ASCII.
 */
URISCAN_API int uriscan_confusion(enum uriscan_grammar g, const char *s,
                                  size_t len, unsigned flags,
                                  uint32_t *found, struct uriscan_error *err);
/*
 * The confusion flags of s[0, len) for a caller that has parsed s already:
 * the set uriscan_confusion(u->grammar, s, len, 0, ...) gives, without
 * parsing s again. u is the result of uriscan_parse(grammar, s, len, 0, u)
 * when that returned URISCAN_OK, or an extraction match's uri with s its
 * bytes (struct uriscan_match: offsets relative to them); NULL when s is
 * not valid for the grammar (then browser_host_differs is never set, as
 * uriscan_confusion sets it only on valid URLs). Only u's host span is
 * read, and it must lie inside s[0, len). flags: 0.
 * Returns URISCAN_OK, URISCAN_E_TOO_LONG (len above 2^32 - 1),
 * URISCAN_E_INVALID_ARG (found NULL, s NULL with len > 0, flags not 0, a
 * host span outside s[0, len)), URISCAN_E_GRAMMAR_UNKNOWN /
 * URISCAN_E_GRAMMAR_UNAVAILABLE (u->grammar); err->offset is 0 for all of
 * them. Reads only s[0, len); allocates only inside ICU (freed).
 */
URISCAN_API int uriscan_confusion_parsed(const char *s, size_t len,
                                         const struct uriscan_uri *u,
                                         unsigned flags, uint32_t *found,
                                         struct uriscan_error *err);
/* The flags this library cannot compute: mixed_script and
 * ascii_lookalike without ICU (never set then), else none. */
URISCAN_API uint32_t uriscan_confusion_unavailable(void);
/* 1 if the browser's IDNA (UTS #46 through ICU) is built in and works:
 * without it a non-ASCII host gives URISCAN_E_IDNA_UNAVAILABLE. */
URISCAN_API int uriscan_uts46_available(void);
/* The name of one flag bit ("userinfo"), "unknown" for anything else;
 * static, never NULL. */
URISCAN_API const char *uriscan_confusion_name(uint32_t bit);
/* The flag bit named name[0, len): URISCAN_OK and *bit, or
 * URISCAN_E_INVALID_ARG. */
URISCAN_API int uriscan_confusion_from_name(const char *name, size_t len,
                                            uint32_t *bit,
                                            struct uriscan_error *err);

/*
 * The registrable domain ("site") of the host name host[0, len), from the
 * Public Suffix List (ICANN and private sections, libpsl's semantics)
 * compiled into the library (or libpsl's, built with -Dpsl=runtime):
 * "www.example.co.uk" -> "example.co.uk", "foo.github.io" ->
 * "foo.github.io", "www.example.co.uk." -> "example.co.uk." (a trailing
 * dot is kept). The name must be ASCII (an IDN as its xn-- form: pass
 * uriscan_browser_host's result); any case. Written to out[0, out_cap),
 * not NUL-terminated; *out_len its length (the size needed with
 * URISCAN_E_BUFFER_TOO_SMALL). *out_len is 0 when the host has none: an
 * IP address, a public suffix itself ("co.uk"), a name the List does not
 * cover as registrable ("localhost"), a name with bytes outside printable
 * ASCII or a '%'. URISCAN_E_UNSUPPORTED when the library has no List
 * (uriscan_psl_available() says which), URISCAN_E_TOO_LONG above 255
 * bytes, invalid_argument. flags: 0. No allocation.
 */
URISCAN_API int uriscan_site(const char *host, size_t len, unsigned flags,
                             char *out, size_t out_cap, size_t *out_len,
                             struct uriscan_error *err);
/* 1 if uriscan_site works (the library was built with the List or
 * libpsl), else 0. */
URISCAN_API int uriscan_psl_available(void);
/* The Public Suffix List uriscan_site reads: compiled in, its date (the
 * list's VERSION line, else the file's date) then the start of its
 * SHA-256 and the number of rules, "2023-02-09 (sha256 0123456789abcdef,
 * 9700 rules)"; with -Dpsl=runtime "libpsl 0.21.2 built-in list (run
 * time)"; without either "none". Static, never NULL. */
URISCAN_API const char *uriscan_psl_version(void);

/*
 * Every host field of a URL in one call: what uriscan_browser_host,
 * uriscan_host_address (of the grammar's host and of the browser's),
 * uriscan_ip_text, uriscan_site and uriscan_confusion_parsed give, the
 * URL's authority and host read once for all of them (a plain http(s)
 * host, the most common, is classified once: its browser's host, its
 * address and its flags come from the one reading). Each field is what
 * its separate call gives, byte for byte (docs/hosts.md, "Every host field
 * at once"; tests/core/test_host_fields.c compares them on every URL of
 * data/urls and their mutations).
 */
#define URISCAN_HOST_FIELDS_NO_SITE 1u  /* site not computed (status OK,
                                           length 0): a caller that keeps
                                           its own memo of sites */
#define URISCAN_HOST_FIELDS_NO_FLAGS 2u /* flags not computed (0): a caller
                                           that has them (an extraction
                                           match's, URISCAN_EXTRACT_CONFUSION) */

struct uriscan_host_fields_options {
	size_t size;    /* sizeof(struct uriscan_host_fields_options) */
	unsigned flags; /* URISCAN_HOST_FIELDS_* bits; 0: every field */
};

#define URISCAN_BROWSER_HOST_MAX 2048 /* the longest host the browser's
                                         reading gives (else E_TOO_LONG) */

struct uriscan_host_fields {
	size_t size; /* sizeof(struct uriscan_host_fields), set by the caller */
	/* uriscan_browser_host(s, len, 0, ...): its status, the host
	 * (browser_len bytes, not NUL-terminated; 0 unless OK) and, on a
	 * syntax or IDNA failure, the error's offset (else 0) */
	int browser_status;
	size_t browser_len;
	size_t browser_offset;
	char browser[URISCAN_BROWSER_HOST_MAX];
	/* uriscan_host_address of the grammar's host (u's host span): its
	 * status (URISCAN_OK when u is NULL or has no host), the error's
	 * offset, and the result (all zero unless the status is OK) */
	int grammar_addr_status;
	size_t grammar_addr_offset;
	struct uriscan_host_addr grammar_addr;
	/* The address the URL reaches: the browser's host's when the browser
	 * reads the URL (uriscan_host_address of it; all zero when it fails),
	 * else the grammar's host's; family URISCAN_IP_NONE when neither is
	 * an address. When the grammar's host is the same address its form,
	 * parts and notes are the grammar host's (how the URL writes it: the
	 * browser's host is canonical). ip: uriscan_ip_text of it,
	 * NUL-terminated, ip_len its length ("" and 0 for a name). */
	struct uriscan_host_addr addr;
	char ip[URISCAN_IP_TEXT_MAX];
	size_t ip_len;
	/* uriscan_site of the name the URL reaches (the browser's host when
	 * it reads the URL and is no address, else the grammar's host when
	 * it is no address; none: status OK, length 0): its status and the
	 * site (site_len bytes, not NUL-terminated) */
	int site_status;
	size_t site_len;
	char site[256];
	/* uriscan_confusion_parsed(s, len, u, 0, ...) */
	uint32_t flags;
};

/*
 * Fill *out (every field, out->size set by the caller) for the URL
 * s[0, len) and its parse u: the result of uriscan_parse(u->grammar, s,
 * len, 0, u) when that returned URISCAN_OK (or an extraction match's uri,
 * s its bytes), NULL when s is not valid for the grammar (as
 * uriscan_confusion_parsed). Only u's grammar and host span are read; the
 * span must lie inside s[0, len). opt may be NULL (every field).
 * Returns URISCAN_OK (each field's own status is in *out),
 * URISCAN_E_TOO_LONG (len above 2^32 - 1), URISCAN_E_INVALID_ARG (out
 * NULL, out->size or opt->size below this version's struct, unknown
 * option flags, s NULL with len > 0, a host span outside s[0, len)),
 * URISCAN_E_GRAMMAR_UNKNOWN / URISCAN_E_GRAMMAR_UNAVAILABLE (u->grammar);
 * err->offset is 0 for all of them, and *out is not written then.
 * Reads only s[0, len); no
 * allocation but inside ICU for a non-ASCII host (freed); thread-safe.
 * Every field is *out's own (no pointer into s or the library).
 */
URISCAN_API int uriscan_host_fields(const char *s, size_t len,
                                    const struct uriscan_uri *u,
                                    const struct uriscan_host_fields_options *opt,
                                    struct uriscan_host_fields *out,
                                    struct uriscan_error *err);

#ifdef __cplusplus
}
#endif

#endif /* URISCAN_H */
