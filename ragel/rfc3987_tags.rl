# SPDX-License-Identifier: MIT
# rfc3987_tags.rl: RFC 3987 rules with actions that record components.
# Definitions only (the generated rules file instantiates them).
#
# The same design as rfc3986_tags.rl (read its header): idempotent position
# stores, a mark set on a delimiter, a component committed on leaving its
# rule, the surviving branch commits last, no priorities. Components use
# the same indices as RFC 3986 (scheme, authority, userinfo, host, port,
# path, query, fragment): an IRI has the same parts as a URI.
#
# The actions are defined again here rather than shared: a Ragel action
# belongs to the machine spec that defines it, and rfc3986_tags.rl's
# definitions would drag its RFC 3986 tag machines along.
%%{
  machine rfc3987_tags;
  include rfc3987 "rfc3987.rl";

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

  # IP-literal, with the kind of address it holds.
  # Fast paths, as in rfc3986_tags.rl: a run of plain ASCII bytes that leads
  # back to the same state is consumed by one table-driven loop (SKIP in
  # src/grammars/gen.h). Only single-byte ASCII alternatives carry the action; the
  # UTF-8 sequences of ucschar / iprivate and pct-encoded stay in the
  # machine, so the language is that of the RFC (the vectors, the generated
  # code-point vectors and the -T0 build check it).
  # as in rfc3986_tags.rl: isegment_f is always followed by
  # *( "/" isegment ), so the skip runs over the slashes too
  action skip_path   { SKIP(GEN_CLASS_PATH); }
  action skip_query  { SKIP(GEN_CLASS_QUERY); }
  action skip_host   { if (GEN_IS_ALPHA(*p)) SKIP(GEN_CLASS_HOST); }
  ipchar_plain      = unreserved | sub_delims | ":" | "@";
  # isegment = *ipchar
  isegment_f        = ( ipchar_plain $skip_path | ucschar | pct_encoded )*;
  # isegment-nz = 1*ipchar
  isegment_nz_f     = ( ipchar_plain $skip_path | ucschar | pct_encoded )
                      isegment_f;
  # ipath-abempty = *( "/" isegment )
  ipath_abempty_f   = ( "/" isegment_f )*;
  # ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
  ipath_absolute_f  = "/" ( isegment_nz_f ( "/" isegment_f )* )?;
  # ipath-rootless = isegment-nz *( "/" isegment )
  ipath_rootless_f  = isegment_nz ( "/" isegment_f )*;
  # ipath-noscheme = isegment-nz-nc *( "/" isegment )
  ipath_noscheme_f  = isegment_nz_nc ( "/" isegment_f )*;
  # iquery = *( ipchar / iprivate / "/" / "?" )
  iquery_f          = ( ( ipchar_plain | "/" | "?" ) $skip_query
                      | ucschar | iprivate | pct_encoded )*;
  # ifragment = *( ipchar / "/" / "?" )
  ifragment_f       = ( ( ipchar_plain | "/" | "?" ) $skip_query
                      | ucschar | pct_encoded )*;
  # ireg-name = *( iunreserved / pct-encoded / sub-delims ); a letter rules
  # out an IPv4address, so the skip starts only after one
  ireg_name_f       = ( ( unreserved | sub_delims ) $skip_host
                      | ucschar | pct_encoded )*;

  IP_literal_t     = "[" ( IPv6address %k_ipv6 | IPvFuture %k_ipvfuture ) "]";

  # ihost = IP-literal / IPv4address / ireg-name. As in RFC 3986 3.2.2 (RFC
  # 3987 refers to it), a host that matches IPv4address is an IPv4 address:
  # subtracting IPv4address from ireg-name keeps the language and makes the
  # final states disjoint.
  ihost_t          = ( IP_literal_t
                     | IPv4address %k_ipv4
                     | ( ireg_name_f - IPv4address ) %k_regname ) %host_end;

  # iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
  iauthority_t     = ( ( iuserinfo "@" @userinfo_at )?
                       ihost_t
                       ( ":" @port_begin port %port_end )? ) %auth_end;

  iquery_t         = "?" @query_begin iquery_f %query_end;
  ifragment_t      = "#" @frag_begin ifragment_f %frag_end;

  # ihier-part = "//" iauthority ipath-abempty / ipath-absolute
  #            / ipath-rootless / ipath-empty
  ihier_part_t     = "//" @auth_begin iauthority_t ipath_abempty_f %path_end
                   | ( ipath_absolute_f
                     | ipath_rootless_f
                     | ipath_empty ) %path_end;

  # irelative-part = "//" iauthority ipath-abempty / ipath-absolute
  #                / ipath-noscheme / ipath-empty
  irelative_part_t = "//" @auth_begin iauthority_t ipath_abempty_f %path_end
                   | ( ipath_absolute_f
                     | ipath_noscheme_f
                     | ipath_empty ) %path_end;

  # IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
  IRI_t            = scheme %scheme_end ":" @colon ihier_part_t iquery_t?
                     ifragment_t?;

  # absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
  absolute_IRI_t   = scheme %scheme_end ":" @colon ihier_part_t iquery_t?;

  # irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
  irelative_ref_t  = irelative_part_t iquery_t? ifragment_t?;

  # IRI-reference = IRI / irelative-ref
  IRI_reference_t  = IRI_t | irelative_ref_t;

  # Validation only (rfc3987.rules: valid=IRI_reference_f, and IRI_f,
  # absolute_IRI_f, irelative_ref_f for those rules): the same language
  # with the fast paths and no component actions.
  ihost_f          = IP_literal | IPv4address | ireg_name_f;
  iauthority_f     = ( iuserinfo "@" )? ihost_f ( ":" port )?;
  ihier_part_f     = "//" iauthority_f ipath_abempty_f
                   | ipath_absolute_f | ipath_rootless_f | ipath_empty;
  irelative_part_f = "//" iauthority_f ipath_abempty_f
                   | ipath_absolute_f | ipath_noscheme_f | ipath_empty;
  IRI_f            = scheme ":" ihier_part_f ( "?" iquery_f )?
                     ( "#" ifragment_f )?;
  absolute_IRI_f   = scheme ":" ihier_part_f ( "?" iquery_f )?;
  irelative_ref_f  = irelative_part_f ( "?" iquery_f )? ( "#" ifragment_f )?;
  IRI_reference_f  = IRI_f | irelative_ref_f;
}%%
