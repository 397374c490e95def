# SPDX-License-Identifier: MIT
# rfc2396.rl: RFC 2396, Appendix A "Collected BNF for URI", rule by rule.
#
# Pure grammar: no actions, no C. One Ragel definition per BNF rule, named
# after it, in bottom-up order (Ragel needs a definition before its use),
# each with the RFC text above it. The actions live in rfc2396_tags.rl.
#
# RFC 2396 BNF (section 1.6): | is alternation, * repetition, 1* one
# or more, [ ] optional; literals are case-sensitive except where the text
# says otherwise (A and a are written out in hex).
#
# Names: Ragel predefines alpha and digit, so those two rules are spelled
# alpha_ and digit_ here; ragel/rfc2396.rules maps the RFC names to them
# (-r alpha works). Every other definition carries the RFC name.
%%{
  machine rfc2396;

  # digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
  #            "8" | "9"
  digit_        = 0x30..0x39;

  # upalpha  = "A" | "B" | ... | "Z"
  upalpha       = 0x41..0x5A;

  # lowalpha = "a" | "b" | ... | "z"
  lowalpha      = 0x61..0x7A;

  # alpha    = lowalpha | upalpha
  alpha_        = lowalpha | upalpha;

  # alphanum = alpha | digit
  alphanum      = alpha_ | digit_;

  # hex      = digit | "A" | "B" | "C" | "D" | "E" | "F" |
  #                    "a" | "b" | "c" | "d" | "e" | "f"
  hex           = digit_ | 0x41..0x46 | 0x61..0x66;

  # escaped  = "%" hex hex
  escaped       = "%" hex hex;

  # mark     = "-" | "_" | "." | "!" | "~" | "*" | "'" |
  #            "(" | ")"
  mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")";

  # unreserved = alphanum | mark
  unreserved    = alphanum | mark;

  # reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
  #            "$" | ","
  reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ",";

  # uric     = reserved | unreserved | escaped
  uric          = reserved | unreserved | escaped;

  # fragment = *uric
  fragment      = uric*;

  # query    = *uric
  query         = uric*;

  # pchar    = unreserved | escaped |
  #            ":" | "@" | "&" | "=" | "+" | "$" | ","
  pchar         = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ",";

  # param    = *pchar
  param         = pchar*;

  # segment  = *pchar *( ";" param )
  segment       = pchar* ( ";" param )*;

  # path_segments = segment *( "/" segment )
  path_segments = segment ( "/" segment )*;

  # port     = *digit
  port          = digit_*;

  # IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
  # As written: no range check on the numbers (RFC 3986 added dec-octet).
  IPv4address   = digit_+ "." digit_+ "." digit_+ "." digit_+;

  # toplabel = alpha | alpha *( alphanum | "-" ) alphanum
  toplabel      = alpha_ | alpha_ ( alphanum | "-" )* alphanum;

  # domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
  domainlabel   = alphanum | alphanum ( alphanum | "-" )* alphanum;

  # hostname = *( domainlabel "." ) toplabel [ "." ]
  hostname      = ( domainlabel "." )* toplabel "."?;

  # host     = hostname | IPv4address
  # (A toplabel begins with a letter, so the two never overlap.)
  host          = hostname | IPv4address;

  # hostport = host [ ":" port ]
  hostport      = host ( ":" port )?;

  # userinfo = *( unreserved | escaped |
  #               ";" | ":" | "&" | "=" | "+" | "$" | "," )
  userinfo      = ( unreserved | escaped
                  | ";" | ":" | "&" | "=" | "+" | "$" | "," )*;

  # server   = [ [ userinfo "@" ] hostport ]
  server        = ( ( userinfo "@" )? hostport )?;

  # reg_name = 1*( unreserved | escaped | "$" | "," |
  #                ";" | ":" | "@" | "&" | "=" | "+" )
  reg_name      = ( unreserved | escaped | "$" | ","
                  | ";" | ":" | "@" | "&" | "=" | "+" )+;

  # authority = server | reg_name
  authority     = server | reg_name;

  # scheme   = alpha *( alpha | digit | "+" | "-" | "." )
  scheme        = alpha_ ( alpha_ | digit_ | "+" | "-" | "." )*;

  # rel_segment = 1*( unreserved | escaped |
  #                   ";" | "@" | "&" | "=" | "+" | "$" | "," )
  rel_segment   = ( unreserved | escaped
                  | ";" | "@" | "&" | "=" | "+" | "$" | "," )+;

  # abs_path = "/"  path_segments
  abs_path      = "/" path_segments;

  # rel_path = rel_segment [ abs_path ]
  rel_path      = rel_segment abs_path?;

  # net_path = "//" authority [ abs_path ]
  net_path      = "//" authority abs_path?;

  # uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
  #                 "&" | "=" | "+" | "$" | ","
  uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@"
                | "&" | "=" | "+" | "$" | ",";

  # opaque_part = uric_no_slash *uric
  opaque_part   = uric_no_slash uric*;

  # path     = [ abs_path | opaque_part ]
  path          = ( abs_path | opaque_part )?;

  # hier_part = ( net_path | abs_path ) [ "?" query ]
  hier_part     = ( net_path | abs_path ) ( "?" query )?;

  # relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
  relativeURI   = ( net_path | abs_path | rel_path ) ( "?" query )?;

  # absoluteURI = scheme ":" ( hier_part | opaque_part )
  absoluteURI   = scheme ":" ( hier_part | opaque_part );

  # URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
  # (So "" and "#f" are URI references, and "?q" is not: a relativeURI
  # needs a path.)
  URI_reference = ( absoluteURI | relativeURI )? ( "#" fragment )?;
}%%
