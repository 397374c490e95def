# SPDX-License-Identifier: MIT
# rfc3986.rl: RFC 3986, Appendix A "Collected ABNF for URI", rule by rule.
#
# Pure grammar: no actions, no C. One Ragel definition per ABNF rule, named
# after it with '-' written as '_' (path-abempty -> path_abempty), in the
# RFC's order and shape. Hold this file beside RFC 3986 Appendix A.
# The actions that record components live in rfc3986_tags.rl, which
# includes this file.
#
# Ragel needs a name defined before it is used, while the RFC lists rules
# top-down. So the rules are given here bottom-up, in the reverse of the
# RFC's order, each with its ABNF text above it.
%%{
  machine rfc3986;
  include uri_common "common.rl";

  # sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
  #               / "*" / "+" / "," / ";" / "="
  sub_delims    = "!" | "$" | "&" | "'" | "(" | ")"
                | "*" | "+" | "," | ";" | "=";

  # gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
  gen_delims    = ":" | "/" | "?" | "#" | "[" | "]" | "@";

  # reserved      = gen-delims / sub-delims
  reserved      = gen_delims | sub_delims;

  # unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
  unreserved    = ALPHA | DIGIT | "-" | "." | "_" | "~";

  # pct-encoded   = "%" HEXDIG HEXDIG
  pct_encoded   = "%" HEXDIG HEXDIG;

  # pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
  pchar         = unreserved | pct_encoded | sub_delims | ":" | "@";

  # fragment      = *( pchar / "/" / "?" )
  fragment      = ( pchar | "/" | "?" )*;

  # query         = *( pchar / "/" / "?" )
  query         = ( pchar | "/" | "?" )*;

  # segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
  #               ; non-zero-length segment without any colon ":"
  segment_nz_nc = ( unreserved | pct_encoded | sub_delims | "@" )+;

  # segment-nz    = 1*pchar
  segment_nz    = pchar+;

  # segment       = *pchar
  segment       = pchar*;

  # path-empty    = 0<pchar>
  # "0<pchar>" is exactly zero repetitions of pchar: the empty string and
  # nothing else ("zero characters" in the comment of the path rule). It is
  # not "*pchar": reading it that way would let hier-part take any segment.
  path_empty    = "";

  # path-rootless = segment-nz *( "/" segment )
  path_rootless = segment_nz ( "/" segment )*;

  # path-noscheme = segment-nz-nc *( "/" segment )
  path_noscheme = segment_nz_nc ( "/" segment )*;

  # path-absolute = "/" [ segment-nz *( "/" segment ) ]
  path_absolute = "/" ( segment_nz ( "/" segment )* )?;

  # path-abempty  = *( "/" segment )
  path_abempty  = ( "/" segment )*;

  # path          = path-abempty    ; begins with "/" or is empty
  #               / path-absolute   ; begins with "/" but not "//"
  #               / path-noscheme   ; begins with a non-colon segment
  #               / path-rootless   ; begins with a segment
  #               / path-empty      ; zero characters
  path          = path_abempty
                | path_absolute
                | path_noscheme
                | path_rootless
                | path_empty;

  # reg-name      = *( unreserved / pct-encoded / sub-delims )
  # Errata report 4942 (status "reported", never verified) would drop
  # sub-delims from reg-name; uriscan follows the published rule.
  reg_name      = ( unreserved | pct_encoded | sub_delims )*;

  # dec-octet     = DIGIT                 ; 0-9
  #               / %x31-39 DIGIT         ; 10-99
  #               / "1" 2DIGIT            ; 100-199
  #               / "2" %x30-34 DIGIT     ; 200-249
  #               / "25" %x30-35          ; 250-255
  dec_octet     = DIGIT
                | 0x31..0x39 DIGIT
                | "1" DIGIT{2}
                | "2" 0x30..0x34 DIGIT
                | "25" 0x30..0x35;

  # IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
  IPv4address   = dec_octet "." dec_octet "." dec_octet "." dec_octet;

  # h16           = 1*4HEXDIG
  h16           = HEXDIG{1,4};

  # ls32          = ( h16 ":" h16 ) / IPv4address
  ls32          = ( h16 ":" h16 ) | IPv4address;

  # IPv6address   =                            6( h16 ":" ) ls32
  #               /                       "::" 5( h16 ":" ) ls32
  #               / [               h16 ] "::" 4( h16 ":" ) ls32
  #               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
  #               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
  #               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
  #               / [ *4( h16 ":" ) h16 ] "::"              ls32
  #               / [ *5( h16 ":" ) h16 ] "::"              h16
  #               / [ *6( h16 ":" ) h16 ] "::"
  IPv6address   =                                         ( h16 ":" ){6} ls32
                |                                    "::" ( h16 ":" ){5} ls32
                | (                          h16 )?  "::" ( h16 ":" ){4} ls32
                | ( ( h16 ":" ){0,1} h16 )?          "::" ( h16 ":" ){3} ls32
                | ( ( h16 ":" ){0,2} h16 )?          "::" ( h16 ":" ){2} ls32
                | ( ( h16 ":" ){0,3} h16 )?          "::"   h16 ":"      ls32
                | ( ( h16 ":" ){0,4} h16 )?          "::"                ls32
                | ( ( h16 ":" ){0,5} h16 )?          "::"                h16
                | ( ( h16 ":" ){0,6} h16 )?          "::";

  # IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  # ABNF strings are case-insensitive: "v" matches "V" too.
  IPvFuture     = "v"i HEXDIG+ "." ( unreserved | sub_delims | ":" )+;

  # IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
  # RFC 6874 later added IPv6 zone identifiers ("[fe80::1%25eth0]"); they are
  # not RFC 3986 and are rejected here.
  IP_literal    = "[" ( IPv6address | IPvFuture ) "]";

  # port          = *DIGIT
  port          = DIGIT*;

  # host          = IP-literal / IPv4address / reg-name
  # (Every IPv4address is also a reg-name; section 3.2.2 says the IPv4 reading
  # wins. That only matters for tagging: see rfc3986_tags.rl.)
  host          = IP_literal | IPv4address | reg_name;

  # userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo      = ( unreserved | pct_encoded | sub_delims | ":" )*;

  # authority     = [ userinfo "@" ] host [ ":" port ]
  authority     = ( userinfo "@" )? host ( ":" port )?;

  # scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  scheme        = ALPHA ( ALPHA | DIGIT | "+" | "-" | "." )*;

  # relative-part = "//" authority path-abempty
  #               / path-absolute
  #               / path-noscheme
  #               / path-empty
  relative_part = "//" authority path_abempty
                | path_absolute
                | path_noscheme
                | path_empty;

  # relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
  relative_ref  = relative_part ( "?" query )? ( "#" fragment )?;

  # hier-part     = "//" authority path-abempty
  #               / path-absolute
  #               / path-rootless
  #               / path-empty
  hier_part     = "//" authority path_abempty
                | path_absolute
                | path_rootless
                | path_empty;

  # absolute-URI  = scheme ":" hier-part [ "?" query ]
  absolute_URI  = scheme ":" hier_part ( "?" query )?;

  # URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  URI           = scheme ":" hier_part ( "?" query )? ( "#" fragment )?;

  # URI-reference = URI / relative-ref
  URI_reference = URI | relative_ref;
}%%
