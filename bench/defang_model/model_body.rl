# SPDX-License-Identifier: MIT
# model_body.rl: RFC 3986, the URL after its scheme (authority,
# path-abempty, query, fragment: the rules of ragel/rfc3986.rl by their ABNF
# names), for the defanged-URL cost model (README.md). Not the grammar of
# the library: a measurement. The including machine defines DOTF, SLASH,
# ATF and COLONF (the ways its text may write a dot, a slash, an at sign and
# a colon: the character alone in the plain machine, the defanged forms
# too in the other) and the skip actions.
%%{
  machine model_body;

  # unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
  unreserved    = ALPHA | DIGIT | "-" | DOTF | "_" | "~";
  # the single bytes of pchar, which a skip may run over
  pchar_plain   = ALPHA | DIGIT | "-" | "." | "_" | "~" | sub_delims
                | ":" | "@";
  # pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  pchar         = unreserved | pct_encoded | sub_delims | COLONF | ATF;
  # segment = *pchar
  segment       = ( pchar_plain $skip_path | pchar | pct_encoded )*;
  # path-abempty = *( "/" segment )
  path_abempty  = ( SLASH segment )*;
  # query = *( pchar / "/" / "?" ); fragment alike
  query         = ( ( pchar_plain | "/" | "?" ) $skip_query
                  | pchar | SLASH | pct_encoded )*;
  fragment      = query;
  # reg-name = *( unreserved / pct-encoded / sub-delims )
  reg_name      = ( ( ALPHA | DIGIT | "-" | "." | "_" | "~" | sub_delims )
                    $skip_host
                  | unreserved | pct_encoded )*;
  # IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  IPv4address   = dec_octet DOTF dec_octet DOTF dec_octet DOTF dec_octet;
  # ls32 = ( h16 ":" h16 ) / IPv4address
  ls32          = ( h16 ":" h16 ) | IPv4address;
  IPv6address   =                                         ( h16 ":" ){6} ls32
                |                                    "::" ( h16 ":" ){5} ls32
                | (                          h16 )?  "::" ( h16 ":" ){4} ls32
                | ( ( h16 ":" ){0,1} h16 )?          "::" ( h16 ":" ){3} ls32
                | ( ( h16 ":" ){0,2} h16 )?          "::" ( h16 ":" ){2} ls32
                | ( ( h16 ":" ){0,3} h16 )?          "::"   h16 ":"      ls32
                | ( ( h16 ":" ){0,4} h16 )?          "::"                ls32
                | ( ( h16 ":" ){0,5} h16 )?          "::"                h16
                | ( ( h16 ":" ){0,6} h16 )?          "::";
  # IP-literal = "[" ( IPv6address / IPvFuture ) "]" (no IPvFuture here)
  IP_literal    = "[" IPv6address "]";
  # port = *DIGIT
  port          = DIGIT*;
  # host = IP-literal / IPv4address / reg-name
  host          = IP_literal | IPv4address | reg_name;
  # userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo      = ( unreserved | pct_encoded | sub_delims | COLONF )*;
  # authority = [ userinfo "@" ] host [ ":" port ]
  authority     = ( userinfo ATF )? host ( COLONF port )?;
  # "//" authority path-abempty [ "?" query ] [ "#" fragment ], after the
  # scheme's ":" (the including machine's css)
  after_colon   = authority path_abempty ( "?" query )? ( "#" fragment )?;
}%%
