# SPDX-License-Identifier: MIT
# rfc9112.rl: the HTTP/1.1 request line and request-target, RFC 9112
# section 3 and 3.2 (with the RFC 9110 rules they use), rule by rule.
#
# Pure grammar: no actions, no C, one Ragel definition per ABNF rule named
# after it ('-' written as '_'), bottom-up as in rfc3986.rl. The URI rules
# (absolute-URI, segment, query, host, port) are RFC 3986's, taken from
# rfc3986.rl by including it, never copied: RFC 9110 section 4.1 and RFC
# 9112 section 3.2 import them by reference. The actions that record
# components and the form live in rfc9112_tags.rl.
#
# These rules are offered as extra rules of the RFC 3986 grammar (see
# rfc3986.rules), after RFC 3986's own.
%%{
  machine rfc9112;
  include rfc3986 "rfc3986.rl";

  # RFC 9110 5.6.2:
  # tchar          = "!" / "#" / "$" / "%" / "&" / "'" / "*"
  #                / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  #                / DIGIT / ALPHA
  #                ; any VCHAR, except delimiters
  tchar          = "!" | "#" | "$" | "%" | "&" | "'" | "*"
                 | "+" | "-" | "." | "^" | "_" | "`" | "|" | "~"
                 | DIGIT | ALPHA;

  # RFC 9110 5.6.2: token = 1*tchar
  token          = tchar+;

  # RFC 9112 3.1: method = token
  method         = token;

  # RFC 9110 4.1: absolute-path = 1*( "/" segment )
  absolute_path  = ( "/" segment )+;

  # RFC 9110 4.1: uri-host = <host, see [URI], Section 3.2.2>
  uri_host       = host;

  # RFC 9112 3.2.1: origin-form = absolute-path [ "?" query ]
  origin_form    = absolute_path ( "?" query )?;

  # RFC 9112 3.2.2: absolute-form = absolute-URI
  absolute_form  = absolute_URI;

  # RFC 9112 3.2.3: authority-form = uri-host ":" port
  authority_form = uri_host ":" port;

  # RFC 9112 3.2.4: asterisk-form = "*"
  asterisk_form  = "*";

  # RFC 9112 3.2: request-target = origin-form
  #                              / absolute-form
  #                              / authority-form
  #                              / asterisk-form
  request_target = origin_form
                 | absolute_form
                 | authority_form
                 | asterisk_form;

  # RFC 9112 2.3: HTTP-name = %s"HTTP"  (case-sensitive, RFC 7405)
  HTTP_name      = "HTTP";

  # RFC 9112 2.3: HTTP-version = HTTP-name "/" DIGIT "." DIGIT
  HTTP_version   = HTTP_name "/" DIGIT "." DIGIT;

  # RFC 9112 3: request-line = method SP request-target SP HTTP-version
  # (SP = %x20, RFC 5234 B.1). The line is without its CRLF.
  request_line   = method " " request_target " " HTTP_version;
}%%
