# SPDX-License-Identifier: MIT
# rfc1738.rl: RFC 1738 section 5 (BNF for specific URL schemes), rule by
# rule, with the scheme-specific productions.
#
# Pure grammar: no actions, no C. One Ragel definition per BNF rule, named
# after it, in bottom-up order, each with the text of the RFC above it. The
# actions live in rfc1738_tags.rl.
#
# BNF of section 5: | is alternation, [ ] optional, *[ ] zero or more,
# 1*[ ] one or more; literals in double quotes are matched as written.
#
# Names: Ragel predefines alpha and digit, so those are spelled alpha_ and
# digit_; ip-schemepart and gopher+_string cannot be Ragel names and are
# ip_schemepart and gopher_plus_string. ragel/rfc1738.rules maps the names
# of the RFC to them.
#
# Departures from the letter of section 5, following its intent:
#  - Scheme names are matched ignoring case, as section 2.1 asks of
#    interpreters: the scheme rule accepts upper case letters and the
#    predefined schemes are recognised in any case (HTTP://h/).
#  - url = httpurl | ... | otherurl with otherurl = genericurl would accept
#    anything genericurl accepts (any scheme), making the specific rules
#    moot. Here a URL whose scheme is predefined must match that scheme s
#    production: otherurl takes only the other schemes. genericurl is kept
#    as written (any scheme).
%%{
  machine rfc1738;

  # digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
  #                  "8" | "9"
  digit_         = 0x30..0x39;

  # hialpha        = "A" | "B" | ... | "Z"
  hialpha        = 0x41..0x5A;

  # lowalpha       = "a" | "b" | ... | "z"
  lowalpha       = 0x61..0x7A;

  # alpha          = lowalpha | hialpha
  alpha_         = lowalpha | hialpha;

  # digits         = 1*digit
  digits         = digit_+;

  # safe           = "$" | "-" | "_" | "." | "+"
  safe           = "$" | "-" | "_" | "." | "+";

  # extra          = "!" | "*" | "'" | "(" | ")" | ","
  extra          = "!" | "*" | "'" | "(" | ")" | ",";

  # national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
  national       = "{" | "}" | "|" | "\\" | "^" | "~" | "[" | "]" | "`";

  # punctuation    = "<" | ">" | "#" | "%" | <">
  punctuation    = "<" | ">" | "#" | "%" | '"';

  # reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="
  reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "=";

  # hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
  #                  "a" | "b" | "c" | "d" | "e" | "f"
  hex            = digit_ | 0x41..0x46 | 0x61..0x66;

  # escape         = "%" hex hex
  escape         = "%" hex hex;

  # unreserved     = alpha | digit | safe | extra
  unreserved     = alpha_ | digit_ | safe | extra;

  # uchar          = unreserved | escape
  uchar          = unreserved | escape;

  # xchar          = unreserved | reserved | escape
  xchar          = unreserved | reserved | escape;

  # alphadigit     = alpha | digit
  alphadigit     = alpha_ | digit_;

  # toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit
  toplabel       = alpha_ | alpha_ ( alphadigit | "-" )* alphadigit;

  # domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
  domainlabel    = alphadigit | alphadigit ( alphadigit | "-" )* alphadigit;

  # hostname       = *[ domainlabel "." ] toplabel
  hostname       = ( domainlabel "." )* toplabel;

  # hostnumber     = digits "." digits "." digits "." digits
  hostnumber     = digits "." digits "." digits "." digits;

  # host           = hostname | hostnumber
  # (A toplabel starts with a letter: the two never overlap.)
  host           = hostname | hostnumber;

  # port           = digits
  port           = digits;

  # hostport       = host [ ":" port ]
  hostport       = host ( ":" port )?;

  # user           = *[ uchar | ";" | "?" | "&" | "=" ]
  user           = ( uchar | ";" | "?" | "&" | "=" )*;

  # password       = *[ uchar | ";" | "?" | "&" | "=" ]
  password       = ( uchar | ";" | "?" | "&" | "=" )*;

  # login          = [ user [ ":" password ] "@" ] hostport
  login          = ( user ( ":" password )? "@" )? hostport;

  # urlpath        = *xchar    ; depends on protocol see section 3.1
  urlpath        = xchar*;

  # ip-schemepart  = "//" login [ "/" urlpath ]
  ip_schemepart  = "//" login ( "/" urlpath )?;

  # schemepart     = *xchar | ip-schemepart
  schemepart     = xchar* | ip_schemepart;

  # scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]
  # Section 2.1: "programs interpreting URLs should treat upper case
  # letters as equivalent to lower case in scheme names": hialpha accepted.
  scheme         = ( lowalpha | hialpha | digit_ | "+" | "-" | "." )+;

  # genericurl     = scheme ":" schemepart
  genericurl     = scheme ":" schemepart;

  # FTP (see also RFC959)
  # ftptype        = "A" | "I" | "D" | "a" | "i" | "d"
  ftptype        = "A" | "I" | "D" | "a" | "i" | "d";

  # fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
  fsegment       = ( uchar | "?" | ":" | "@" | "&" | "=" )*;

  # fpath          = fsegment *[ "/" fsegment ]
  fpath          = fsegment ( "/" fsegment )*;

  # ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
  ftpurl         = "ftp"i "://" login ( "/" fpath ( ";type=" ftptype )? )?;

  # FILE
  # fileurl        = "file://" [ host | "localhost" ] "/" fpath
  fileurl        = "file"i "://" ( host | "localhost" )? "/" fpath;

  # HTTP
  # search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
  search         = ( uchar | ";" | ":" | "@" | "&" | "=" )*;

  # hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
  hsegment       = ( uchar | ";" | ":" | "@" | "&" | "=" )*;

  # hpath          = hsegment *[ "/" hsegment ]
  hpath          = hsegment ( "/" hsegment )*;

  # httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]
  httpurl        = "http"i "://" hostport ( "/" hpath ( "?" search )? )?;

  # GOPHER (see also RFC1436)
  # gopher+_string = *xchar
  gopher_plus_string = xchar*;

  # selector       = *xchar
  selector       = xchar*;

  # gtype          = xchar
  gtype          = xchar;

  # gopherurl      = "gopher://" hostport [ / [ gtype [ selector
  #                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
  # (The unquoted / of the RFC is the character "/".)
  gopherurl      = "gopher"i "://" hostport
                   ( "/" ( gtype ( selector
                     ( "%09" search ( "%09" gopher_plus_string )? )? )? )? )?;

  # MAILTO (see also RFC822)
  # encoded822addr = 1*xchar               ; further defined in RFC822
  encoded822addr = xchar+;

  # mailtourl      = "mailto:" encoded822addr
  mailtourl      = "mailto"i ":" encoded822addr;

  # NEWS (see also RFC1036)
  # article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
  article        = ( uchar | ";" | "/" | "?" | ":" | "&" | "=" )+ "@" host;

  # group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
  group          = alpha_ ( alpha_ | digit_ | "-" | "." | "+" | "_" )*;

  # grouppart      = "*" | group | article
  grouppart      = "*" | group | article;

  # newsurl        = "news:" grouppart
  newsurl        = "news"i ":" grouppart;

  # NNTP (see also RFC977)
  # nntpurl        = "nntp://" hostport "/" group [ "/" digits ]
  nntpurl        = "nntp"i "://" hostport "/" group ( "/" digits )?;

  # TELNET
  # telneturl      = "telnet://" login [ "/" ]
  telneturl      = "telnet"i "://" login "/"?;

  # WAIS (see also RFC1625)
  # wpath          = *uchar
  wpath          = uchar*;

  # wtype          = *uchar
  wtype          = uchar*;

  # database       = *uchar
  database       = uchar*;

  # waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath
  waisdoc        = "wais"i "://" hostport "/" database "/" wtype "/" wpath;

  # waisindex      = "wais://" hostport "/" database "?" search
  waisindex      = "wais"i "://" hostport "/" database "?" search;

  # waisdatabase   = "wais://" hostport "/" database
  waisdatabase   = "wais"i "://" hostport "/" database;

  # waisurl        = waisdatabase | waisindex | waisdoc
  waisurl        = waisdatabase | waisindex | waisdoc;

  # PROSPERO
  # fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]
  fieldvalue     = ( uchar | "?" | ":" | "@" | "&" )*;

  # fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]
  fieldname      = ( uchar | "?" | ":" | "@" | "&" )*;

  # fieldspec      = ";" fieldname "=" fieldvalue
  fieldspec      = ";" fieldname "=" fieldvalue;

  # psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
  psegment       = ( uchar | "?" | ":" | "@" | "&" | "=" )*;

  # ppath          = psegment *[ "/" psegment ]
  ppath          = psegment ( "/" psegment )*;

  # prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]
  prosperourl    = "prospero"i "://" hostport "/" ppath fieldspec*;

  # The predefined scheme names (section 5 productions), any case.
  predefined     = "http"i | "ftp"i | "file"i | "gopher"i | "mailto"i
                 | "news"i | "nntp"i | "telnet"i | "wais"i | "prospero"i;

  # otherurl       = genericurl
  # ; new schemes follow the general syntax
  # Only for schemes that are not predefined (see the top of this file).
  otherurl       = ( scheme - predefined ) ":" schemepart;

  # url            = httpurl | ftpurl | newsurl |
  #                  nntpurl | telneturl | gopherurl |
  #                  waisurl | mailtourl | fileurl |
  #                  prosperourl | otherurl
  url            = httpurl | ftpurl | newsurl
                 | nntpurl | telneturl | gopherurl
                 | waisurl | mailtourl | fileurl
                 | prosperourl | otherurl;
}%%
