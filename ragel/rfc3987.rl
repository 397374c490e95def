# SPDX-License-Identifier: MIT
# rfc3987.rl: RFC 3987 section 2.2 "ABNF for IRI References and IRIs",
# rule by rule.
#
# Pure grammar: no actions, no C. One Ragel definition per ABNF rule, named
# after it with '-' written as '_' (ipath-abempty -> ipath_abempty), in the
# RFC's shape; the actions that record components live in rfc3987_tags.rl.
# As in rfc3986.rl, the rules are given bottom-up (Ragel needs a name
# defined before it is used), each with its ABNF text above it.
#
# Section 2.2 ends: "The following rules are the same as those in
# [RFC3986]: scheme, port, IP-literal, IPvFuture, IPv6address, h16, ls32,
# IPv4address, dec-octet, pct-encoded, unreserved, reserved, gen-delims,
# sub-delims". Those are taken from rfc3986.rl by including it, never
# copied. ucschar and iprivate are code-point ranges; Ragel 6 sees bytes, so
# they come as UTF-8 byte sequences from iri_ranges.rl, which
# scripts/gen_utf8_ranges.py generates. The machines that instantiate these
# rules must say 'alphtype unsigned char' (rfc3987.rules asks gen_rules.py
# for it).
#
# UTF-8: ucschar and iprivate match only the shortest encoding of code
# points outside the surrogates, so overlong forms, surrogates (ED A0..BF),
# code points above U+10FFFF, truncated sequences and stray continuation
# bytes match nothing: the machine stops at the offending byte.
%%{
  machine rfc3987;
  include rfc3986 "rfc3986.rl";
  include iri_ranges "iri_ranges.rl";

  # ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
  #                / %x10000-1FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD
  # iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
  # (both defined in iri_ranges.rl)

  # iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
  iunreserved    = ALPHA | DIGIT | "-" | "." | "_" | "~" | ucschar;

  # ipchar         = iunreserved / pct-encoded / sub-delims / ":"
  #                / "@"
  ipchar         = iunreserved | pct_encoded | sub_delims | ":" | "@";

  # ifragment      = *( ipchar / "/" / "?" )
  ifragment      = ( ipchar | "/" | "?" )*;

  # iquery         = *( ipchar / iprivate / "/" / "?" )
  iquery         = ( ipchar | iprivate | "/" | "?" )*;

  # isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims
  #                      / "@" )
  #                ; non-zero-length segment without any colon ":"
  isegment_nz_nc = ( iunreserved | pct_encoded | sub_delims | "@" )+;

  # isegment-nz    = 1*ipchar
  isegment_nz    = ipchar+;

  # isegment       = *ipchar
  isegment       = ipchar*;

  # ipath-empty    = 0<ipchar>
  # Exactly zero repetitions: the empty string only (see path-empty in
  # rfc3986.rl).
  ipath_empty    = "";

  # ipath-rootless = isegment-nz *( "/" isegment )
  ipath_rootless = isegment_nz ( "/" isegment )*;

  # ipath-noscheme = isegment-nz-nc *( "/" isegment )
  ipath_noscheme = isegment_nz_nc ( "/" isegment )*;

  # ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
  ipath_absolute = "/" ( isegment_nz ( "/" isegment )* )?;

  # ipath-abempty  = *( "/" isegment )
  ipath_abempty  = ( "/" isegment )*;

  # ipath          = ipath-abempty   ; begins with "/" or is empty
  #                / ipath-absolute  ; begins with "/" but not "//"
  #                / ipath-noscheme  ; begins with a non-colon segment
  #                / ipath-rootless  ; begins with a segment
  #                / ipath-empty     ; zero characters
  ipath          = ipath_abempty
                 | ipath_absolute
                 | ipath_noscheme
                 | ipath_rootless
                 | ipath_empty;

  # ireg-name      = *( iunreserved / pct-encoded / sub-delims )
  ireg_name      = ( iunreserved | pct_encoded | sub_delims )*;

  # ihost          = IP-literal / IPv4address / ireg-name
  ihost          = IP_literal | IPv4address | ireg_name;

  # iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )
  iuserinfo      = ( iunreserved | pct_encoded | sub_delims | ":" )*;

  # iauthority     = [ iuserinfo "@" ] ihost [ ":" port ]
  iauthority     = ( iuserinfo "@" )? ihost ( ":" port )?;

  # irelative-part = "//" iauthority ipath-abempty
  #                / ipath-absolute
  #                / ipath-noscheme
  #                / ipath-empty
  irelative_part = "//" iauthority ipath_abempty
                 | ipath_absolute
                 | ipath_noscheme
                 | ipath_empty;

  # irelative-ref  = irelative-part [ "?" iquery ] [ "#" ifragment ]
  irelative_ref  = irelative_part ( "?" iquery )? ( "#" ifragment )?;

  # ihier-part     = "//" iauthority ipath-abempty
  #                / ipath-absolute
  #                / ipath-rootless
  #                / ipath-empty
  ihier_part     = "//" iauthority ipath_abempty
                 | ipath_absolute
                 | ipath_rootless
                 | ipath_empty;

  # absolute-IRI   = scheme ":" ihier-part [ "?" iquery ]
  absolute_IRI   = scheme ":" ihier_part ( "?" iquery )?;

  # IRI            = scheme ":" ihier-part [ "?" iquery ]
  #                  [ "#" ifragment ]
  IRI            = scheme ":" ihier_part ( "?" iquery )? ( "#" ifragment )?;

  # IRI-reference  = IRI / irelative-ref
  IRI_reference  = IRI | irelative_ref;
}%%
