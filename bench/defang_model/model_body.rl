# SPDX-License-Identifier: MIT
# model_body.rl: RFC 3986, the URL after its scheme, for the defanged-URL
# cost model (README.md). Not the grammar of the library: a measurement.
# The rules no form touches (sub-delims, pct-encoded, dec-octet, h16,
# IP-literal, port...) are ragel/rfc3986.rl itself, included by the
# machine that includes this file; here are the ones that hold a dot, a
# slash, an at sign or a colon, by their ABNF names with the suffix _d, in
# the shape of the RFC. The including machine defines DOTF, SLASH, ATF and
# COLONF (the ways its text may write those four: the character alone in
# the plain machine, the defanged forms too in the other) and the skip
# actions of ragel/rfc3986_tags.rl.
%%{
  machine model_body;

  # unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
  unreserved_d   = ALPHA | DIGIT | "-" | DOTF | "_" | "~";
  # pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
  pchar_d        = unreserved_d | pct_encoded | sub_delims | COLONF | ATF;
  # The single bytes of pchar, whose runs a skip reads at once
  # (rfc3986_tags.rl, "Fast paths").
  pchar_plain    = unreserved | sub_delims | ":" | "@";
  # segment = *pchar
  segment_d      = ( pchar_plain $skip_path | pchar_d )*;
  # path-abempty = *( "/" segment )
  path_abempty_d = ( SLASH segment_d )*;
  # query = *( pchar / "/" / "?" )
  query_d        = ( ( pchar_plain | "/" | "?" ) $skip_query
                   | pchar_d | SLASH )*;
  # fragment = *( pchar / "/" / "?" )
  fragment_d     = query_d;
  # reg-name = *( unreserved / pct-encoded / sub-delims )
  reg_name_d     = ( ( unreserved | sub_delims ) $skip_host
                   | unreserved_d | pct_encoded )*;
  # IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  IPv4address_d  = dec_octet DOTF dec_octet DOTF dec_octet DOTF dec_octet;
  # host = IP-literal / IPv4address / reg-name
  host_d         = IP_literal | IPv4address_d | reg_name_d;
  # userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  userinfo_d     = ( unreserved_d | pct_encoded | sub_delims | COLONF )*;
  # authority = [ userinfo "@" ] host [ ":" port ]
  authority_d    = ( userinfo_d ATF )? host_d ( COLONF port )?;
  # "//" authority path-abempty [ "?" query ] [ "#" fragment ], after the
  # scheme's ":" (hier-part's first form and what URI puts after it; the
  # including machine reads the "://")
  after_colon    = authority_d path_abempty_d ( "?" query_d )?
                   ( "#" fragment_d )?;
}%%
