# SPDX-License-Identifier: MIT
# rfc3986_tags.rl: RFC 3986 rules with actions that record components.
#
# Definitions only (the generated rules file instantiates them). The actions
# are idempotent position stores, never callbacks: a union runs the actions
# of every branch that is still alive, so a component may be committed by a
# branch that dies later. The rule that makes this correct (docs/grammars.md,
# "Actions: marks on delimiters, commits on leaving, no priorities"): a mark is set on a delimiter, a component is committed
# on leaving its rule, and the branch that survives always commits last.
# No priorities: they would change the language.
#
# The C side (scripts/gen_rules.py) provides: s (start of input), p, mk[]
# (one mark per component, all starting at s) and u (the result), and the
# macros MARK_NEXT(c) (mark c at p + 1), MARK_HERE(c) and COMMIT(c).
%%{
  machine rfc3986_tags;
  include rfc3986 "rfc3986.rl";

  action scheme_end  { COMMIT(URISCAN_SCHEME); }
  action colon       { MARK_NEXT(URISCAN_PATH); }
  action auth_begin  { MARK_NEXT(URISCAN_AUTHORITY); MARK_NEXT(URISCAN_USERINFO);
                       MARK_NEXT(URISCAN_HOST); }
  action auth_end    { COMMIT(URISCAN_AUTHORITY); MARK_HERE(URISCAN_PATH); }
  action userinfo_at { COMMIT(URISCAN_USERINFO); MARK_NEXT(URISCAN_HOST); }
  action host_end    { COMMIT(URISCAN_HOST); }
  action port_begin  { MARK_NEXT(URISCAN_PORT); }
  action port_end    { COMMIT(URISCAN_PORT); }
  action path_end    { COMMIT(URISCAN_PATH); }
  action query_begin { MARK_NEXT(URISCAN_QUERY); }
  action query_end   { COMMIT(URISCAN_QUERY); }
  action frag_begin  { MARK_NEXT(URISCAN_FRAGMENT); }
  action frag_end    { COMMIT(URISCAN_FRAGMENT); }
  action k_ipv4      { u->host_type = URISCAN_HOST_IPV4; }
  action k_ipv6      { u->host_type = URISCAN_HOST_IPV6; }
  action k_ipvfuture { u->host_type = URISCAN_HOST_IPVFUTURE; }
  action k_regname   { u->host_type = URISCAN_HOST_REGNAME; }

  # Fast paths. Inside a path segment, a query or a fragment, a plain byte
  # (anything but '%' and the delimiter that ends the component) leads back
  # to the same state, so a run of them is consumed by one table-driven loop
  # (SKIP in src/grammars/gen.h) instead of one DFA step per byte. Only single-byte
  # alternatives carry the action; pct-encoded stays in the machine, so the
  # language is exactly the RFC's (the vectors, the uriparser differential
  # test and the -T0 build check it).
  # Every segment_f below is followed by *( "/" segment ) up to the end of
  # its path, so from a plain byte of a segment the rest of the path is
  # *( pchar / "/" ): a '/' leads back to the same state as a pchar does,
  # and one skip runs over the plain bytes of all the remaining segments
  # (class GEN_CLASS_PATH) instead of one per segment.
  action skip_path   { SKIP(GEN_CLASS_PATH); }
  action skip_query  { SKIP(GEN_CLASS_QUERY); }
  # In a reg-name a letter rules out an IPv4address, so from then on every
  # unreserved / sub-delims byte leads back to the same state. (A digit or a
  # '.' may still be part of an IPv4address: no skip there.)
  # Use the fast machines only where every branch still alive loops on the
  # skipped bytes too (a host after "//", where only userinfo competes): in
  # a union with a branch that ends on those bytes (authority-form's host
  # against absolute-form's scheme, rfc9112_tags.rl) a skip would jump over
  # that branch's decision. The plain rules are always safe.
  action skip_host   { if (GEN_IS_ALPHA(*p)) SKIP(GEN_CLASS_HOST); }
  pchar_plain     = unreserved | sub_delims | ":" | "@";
  # segment = *pchar
  segment_f       = ( pchar_plain $skip_path | pct_encoded )*;
  # segment-nz = 1*pchar
  segment_nz_f    = ( pchar_plain $skip_path | pct_encoded ) segment_f;
  # path-abempty = *( "/" segment )
  path_abempty_f  = ( "/" segment_f )*;
  # path-absolute = "/" [ segment-nz *( "/" segment ) ]
  path_absolute_f = "/" ( segment_nz_f ( "/" segment_f )* )?;
  # path-rootless = segment-nz *( "/" segment )
  path_rootless_f = segment_nz ( "/" segment_f )*;
  # path-noscheme = segment-nz-nc *( "/" segment )
  path_noscheme_f = segment_nz_nc ( "/" segment_f )*;
  # query = *( pchar / "/" / "?" ), and fragment alike
  query_f         = ( ( pchar_plain | "/" | "?" ) $skip_query | pct_encoded )*;
  fragment_f      = ( ( pchar_plain | "/" | "?" ) $skip_query | pct_encoded )*;
  # reg-name = *( unreserved / pct-encoded / sub-delims )
  reg_name_f      = ( ( unreserved | sub_delims ) $skip_host | pct_encoded )*;

  # IP-literal, with the kind of address it holds.
  IP_literal_t    = "[" ( IPv6address %k_ipv6 | IPvFuture %k_ipvfuture ) "]";

  # host = IP-literal / IPv4address / reg-name. Section 3.2.2: "If host
  # matches the rule for IPv4address, then it should be considered an IPv4
  # address literal and not a registered name". Subtracting IPv4address from
  # reg-name makes the two final states disjoint without changing the
  # language, so exactly one kind is recorded.
  host_t          = ( IP_literal_t
                    | IPv4address %k_ipv4
                    | ( reg_name_f - IPv4address ) %k_regname ) %host_end;

  # authority = [ userinfo "@" ] host [ ":" port ]
  authority_t     = ( ( userinfo "@" @userinfo_at )?
                      host_t
                      ( ":" @port_begin port %port_end )? ) %auth_end;

  query_t         = "?" @query_begin query_f %query_end;
  fragment_t      = "#" @frag_begin fragment_f %frag_end;

  # hier-part = "//" authority path-abempty / path-absolute / path-rootless
  #           / path-empty
  hier_part_t     = "//" @auth_begin authority_t path_abempty_f %path_end
                  | ( path_absolute_f
                    | path_rootless_f
                    | path_empty ) %path_end;

  # relative-part = "//" authority path-abempty / path-absolute
  #               / path-noscheme / path-empty
  relative_part_t = "//" @auth_begin authority_t path_abempty_f %path_end
                  | ( path_absolute_f
                    | path_noscheme_f
                    | path_empty ) %path_end;

  # URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  URI_t           = scheme %scheme_end ":" @colon hier_part_t query_t? fragment_t?;

  # absolute-URI = scheme ":" hier-part [ "?" query ]
  absolute_URI_t  = scheme %scheme_end ":" @colon hier_part_t query_t?;

  # relative-ref = relative-part [ "?" query ] [ "#" fragment ]
  relative_ref_t  = relative_part_t query_t? fragment_t?;

  # URI-reference = URI / relative-ref
  URI_reference_t = URI_t | relative_ref_t;

  # The same rules for validation only: no component is recorded, the fast
  # paths are kept. (rfc3986.rules: valid=URI_reference_f, and URI_f,
  # absolute_URI_f, relative_ref_f for those rules)
  host_f          = IP_literal | IPv4address | reg_name_f;
  authority_f     = ( userinfo "@" )? host_f ( ":" port )?;
  hier_part_f     = "//" authority_f path_abempty_f
                  | path_absolute_f | path_rootless_f | path_empty;
  relative_part_f = "//" authority_f path_abempty_f
                  | path_absolute_f | path_noscheme_f | path_empty;
  URI_f           = scheme ":" hier_part_f ( "?" query_f )? ( "#" fragment_f )?;
  absolute_URI_f  = scheme ":" hier_part_f ( "?" query_f )?;
  relative_ref_f  = relative_part_f ( "?" query_f )? ( "#" fragment_f )?;
  URI_reference_f = URI_f | relative_ref_f;
}%%
