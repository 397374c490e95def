# SPDX-License-Identifier: MIT
# rfc1738_tags.rl: RFC 1738 productions with actions that record
# components and the production that matched.
#
# Definitions only; the discipline of rfc3986_tags.rl (docs/grammars.md,
# "Actions: marks on delimiters, commits on leaving, no priorities"): marks on delimiters, commits on leaving a rule, last write
# wins, no priorities. Where section 5 is ambiguous a subtraction makes the
# final states disjoint without changing the language:
#  - schemepart = *xchar | ip-schemepart: the ip reading wins (it carries
#    more structure); the *xchar reading drops the guesses of the other.
#  - gopher: selector, search and gopher+_string may all contain %09, so
#    [ selector [ %09 search [ %09 gopher+_string ] ] ] is just *xchar. The
#    split taken: the selector ends at the first %09 and the search at the
#    next one, when the text between them is a search; otherwise the whole
#    of it is the selector.
#  - login: user and password are committed at the @ only (a user:1 prefix
#    is also host:port).
%%{
  machine rfc1738_tags;
  include rfc1738 "rfc1738.rl";

  action scheme_end  { COMMIT(URISCAN_SCHEME); }
  action colon       { MARK_NEXT(URISCAN_PATH); }
  action auth_begin  { MARK_NEXT(URISCAN_AUTHORITY); MARK_NEXT(URISCAN_USERINFO);
                       MARK_NEXT(URISCAN_USER); MARK_NEXT(URISCAN_HOST);
                       mk[URISCAN_PASSWORD] = s; }
  action auth_end    { COMMIT(URISCAN_AUTHORITY); }
  action user_colon  { MARK_NEXT(URISCAN_PASSWORD); }
  action login_at    { COMMIT(URISCAN_USERINFO);
                       if (mk[URISCAN_PASSWORD] > mk[URISCAN_USER]) {
                         COMMIT_SPAN(URISCAN_USER, mk[URISCAN_USER],
                                     mk[URISCAN_PASSWORD] - 1);
                         COMMIT(URISCAN_PASSWORD);
                       } else {
                         COMMIT(URISCAN_USER);
                       }
                       MARK_NEXT(URISCAN_HOST); }
  action host_end    { COMMIT(URISCAN_HOST); }
  action k_ipv4      { u->host_type = URISCAN_HOST_IPV4; }
  action k_hostname  { u->host_type = URISCAN_HOST_HOSTNAME; }
  action port_begin  { MARK_NEXT(URISCAN_PORT); }
  action port_end    { COMMIT(URISCAN_PORT); }
  action path_begin  { MARK_NEXT(URISCAN_PATH); }
  action path_end    { COMMIT(URISCAN_PATH); }
  action opaque_end  { COMMIT(URISCAN_PATH); DROP(URISCAN_AUTHORITY);
                       DROP(URISCAN_USERINFO); DROP(URISCAN_USER);
                       DROP(URISCAN_PASSWORD); DROP(URISCAN_HOST);
                       DROP(URISCAN_PORT); u->host_type = URISCAN_HOST_NONE; }
  action query_begin { MARK_NEXT(URISCAN_QUERY); }
  action query_end   { COMMIT(URISCAN_QUERY); }
  action type_begin  { MARK_NEXT(URISCAN_FTPTYPE); }
  action type_end    { COMMIT(URISCAN_FTPTYPE); }
  action gtype_begin { MARK_NEXT(URISCAN_GTYPE); }
  action gtype_end   { COMMIT(URISCAN_GTYPE); MARK_HERE(URISCAN_SELECTOR); }
  action sel_end     { COMMIT(URISCAN_SELECTOR); }
  action sel_only    { COMMIT(URISCAN_SELECTOR); DROP(URISCAN_QUERY);
                       DROP(URISCAN_GOPHER_PLUS); }
  action gplus_begin { MARK_NEXT(URISCAN_GOPHER_PLUS); }
  action gplus_end   { COMMIT(URISCAN_GOPHER_PLUS); }
  action addr_begin  { MARK_NEXT(URISCAN_ADDRESS); }
  action addr_end    { COMMIT(URISCAN_ADDRESS); }
  action group_begin { MARK_NEXT(URISCAN_GROUP); MARK_NEXT(URISCAN_ARTICLE); }
  action group_end   { COMMIT(URISCAN_GROUP); }
  action art_begin   { MARK_NEXT(URISCAN_ARTICLE); }
  action art_end     { COMMIT(URISCAN_ARTICLE); }
  action db_begin    { MARK_NEXT(URISCAN_DATABASE); }
  action db_end      { COMMIT(URISCAN_DATABASE); }
  action wtype_begin { MARK_NEXT(URISCAN_WTYPE); }
  action wtype_end   { COMMIT(URISCAN_WTYPE); }
  action wpath_begin { MARK_NEXT(URISCAN_WPATH); }
  action wpath_end   { COMMIT(URISCAN_WPATH); }
  action fs_begin    { MARK_HERE(URISCAN_FIELDSPECS); }
  action fs_end      { COMMIT(URISCAN_FIELDSPECS); }
  action f_generic   { u->form = GEN_RULE_genericurl; }
  action f_other     { u->form = GEN_RULE_otherurl; }
  action f_ftp       { u->form = GEN_RULE_ftpurl; }
  action f_file      { u->form = GEN_RULE_fileurl; }
  action f_http      { u->form = GEN_RULE_httpurl; }
  action f_gopher    { u->form = GEN_RULE_gopherurl; }
  action f_mailto    { u->form = GEN_RULE_mailtourl; }
  action f_news      { u->form = GEN_RULE_newsurl; }
  action f_nntp      { u->form = GEN_RULE_nntpurl; }
  action f_telnet    { u->form = GEN_RULE_telneturl; }
  action f_wais      { u->form = GEN_RULE_waisurl; }
  action f_prospero  { u->form = GEN_RULE_prosperourl; }

  # Fast paths, as in rfc3986_tags.rl: where a plain byte leads back to the
  # same state, a run of them is consumed by SKIP (src/grammars/gen.h); escape stays
  # in the machine. The classes are RFC 1738's (gen.h GEN_CLASS_XCHAR ...):
  # unreserved has "$" "+" and no "~".
  action skip_xchar  { SKIP(GEN_CLASS_XCHAR); }
  action skip_hpath  { SKIP(GEN_CLASS_HPATH); }
  action skip_search { SKIP(GEN_CLASS_SEARCH); }
  action skip_fpath  { SKIP(GEN_CLASS_FPATH); }
  # urlpath = *xchar
  urlpath_f      = ( ( unreserved | reserved ) $skip_xchar | escape )*;
  # hpath = hsegment *[ "/" hsegment ]: hsegment may be empty, so the same
  # language as *[ uchar | ";" | ":" | "@" | "&" | "=" | "/" ]
  hpath_f        = ( ( unreserved | ";" | ":" | "@" | "&" | "=" | "/" )
                     $skip_hpath | escape )*;
  # search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
  search_f       = ( ( unreserved | ";" | ":" | "@" | "&" | "=" )
                     $skip_search | escape )*;
  # fpath = fsegment *[ "/" fsegment ], alike:
  # *[ uchar | "?" | ":" | "@" | "&" | "=" | "/" ]
  fpath_f        = ( ( unreserved | "?" | ":" | "@" | "&" | "=" | "/" )
                     $skip_fpath | escape )*;

  # The host's fast path, as rfc2396_tags.rl's skip_label: inside a
  # hostname label, once a letter has been read (hostnumber, digits and
  # dots, is then dead for the whole host), every further alphadigit leads
  # back to the same state (the label goes on; user, and the *xchar reading
  # of an otherurl's schemepart, alive beside it, loop on them too and carry
  # no actions there), so a run of them is consumed by SKIP of
  # GEN_CLASS_ALNUM. "-" and "." end a run: they change the state (a label
  # may not end in "-"; after "." a label starts).
  # tests/core/check_skips.py proves it on the compiled machines.
  action skip_label  { if (GEN_IS_ALPHA(*p)) SKIP(GEN_CLASS_ALNUM); }
  alphadigit_s   = alphadigit $skip_label;
  # domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
  domainlabel_s  = alphadigit_s | alphadigit_s ( alphadigit_s | "-" )*
                   alphadigit_s;
  # toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
  toplabel_s     = alpha_ $skip_label
                 | alpha_ $skip_label ( alphadigit_s | "-" )* alphadigit_s;
  # hostname = *[ domainlabel "." ] toplabel
  hostname_s     = ( domainlabel_s "." )* toplabel_s;

  # host = hostname | hostnumber (disjoint); host_f: without the tags
  host_t         = ( hostname_s %k_hostname | hostnumber %k_ipv4 ) %host_end;
  host_f         = hostname_s | hostnumber;

  # hostport = host [ ":" port ]
  hostport_t     = host_t ( ":" @port_begin port %port_end )?;

  # login = [ user [ ":" password ] "@" ] hostport
  login_t        = ( user ( ":" @user_colon password )? "@" @login_at )?
                   hostport_t;

  # ip-schemepart = "//" login [ "/" urlpath ]
  ip_schemepart_t = "//" @auth_begin login_t %auth_end
                    ( "/" @path_begin urlpath_f %path_end )?;

  # schemepart = *xchar | ip-schemepart (the ip reading wins)
  schemepart_t   = ( xchar* - ip_schemepart ) %opaque_end | ip_schemepart_t;

  # genericurl = scheme ":" schemepart
  genericurl_t   = ( scheme %scheme_end ":" @colon schemepart_t ) %f_generic;

  # otherurl, for the schemes that are not predefined
  otherurl_t     = ( ( scheme - predefined ) %scheme_end ":" @colon
                     schemepart_t ) %f_other;

  # ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
  ftpurl_t       = ( "ftp"i %scheme_end "://" @auth_begin login_t %auth_end
                     ( "/" @path_begin fpath_f %path_end
                       ( ";type=" @type_begin ftptype %type_end )? )? ) %f_ftp;

  # fileurl = "file://" [ host | "localhost" ] "/" fpath
  fileurl_t      = ( "file"i %scheme_end "://" @auth_begin
                     ( host_t | "localhost" )? %auth_end
                     "/" @path_begin fpath_f %path_end ) %f_file;

  # httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
  httpurl_t      = ( "http"i %scheme_end "://" @auth_begin hostport_t %auth_end
                     ( "/" @path_begin hpath_f %path_end
                       ( "?" @query_begin search_f %query_end )? )? ) %f_http;

  # gopherurl = "gopher://" hostport [ / [ gtype [ selector
  #             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
  gopher_split   = ( xchar* -- "%09" ) %sel_end
                   "%09" @query_begin ( search -- "%09" ) %query_end
                   ( "%09" @gplus_begin gopher_plus_string %gplus_end )?;
  gopher_tail    = gopher_split | ( selector - gopher_split ) %sel_only;
  gopherurl_t    = ( "gopher"i %scheme_end "://" @auth_begin hostport_t %auth_end
                     ( "/" @gtype_begin ( gtype %gtype_end gopher_tail? )? )? )
                   %f_gopher;

  # mailtourl = "mailto:" encoded822addr
  mailtourl_t    = ( "mailto"i %scheme_end ":" @addr_begin
                     encoded822addr %addr_end ) %f_mailto;

  # newsurl = "news:" grouppart;  grouppart = "*" | group | article
  newsurl_t      = ( "news"i %scheme_end ":" @group_begin
                     ( ( "*" | group ) %group_end | article %art_end ) ) %f_news;

  # nntpurl = "nntp://" hostport "/" group [ "/" digits ]
  nntpurl_t      = ( "nntp"i %scheme_end "://" @auth_begin hostport_t %auth_end
                     "/" @group_begin group %group_end
                     ( "/" @art_begin digits %art_end )? ) %f_nntp;

  # telneturl = "telnet://" login [ "/" ]
  telneturl_t    = ( "telnet"i %scheme_end "://" @auth_begin login_t %auth_end
                     "/"? ) %f_telnet;

  # waisurl = waisdatabase | waisindex | waisdoc
  wais_db_t      = "wais"i %scheme_end "://" @auth_begin hostport_t %auth_end
                   "/" @db_begin database %db_end;
  waisdatabase_t = wais_db_t;
  waisindex_t    = wais_db_t "?" @query_begin search %query_end;
  waisdoc_t      = wais_db_t "/" @wtype_begin wtype %wtype_end
                   "/" @wpath_begin wpath %wpath_end;
  waisurl_t      = ( waisdatabase_t | waisindex_t | waisdoc_t ) %f_wais;

  # prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
  prosperourl_t  = ( "prospero"i %scheme_end "://" @auth_begin hostport_t
                     %auth_end "/" @path_begin ppath %path_end
                     ( fieldspec+ >fs_begin %fs_end )? ) %f_prospero;

  # url = httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl
  #     | waisurl | mailtourl | fileurl | prosperourl | otherurl
  url_t          = httpurl_t | ftpurl_t | newsurl_t
                 | nntpurl_t | telneturl_t | gopherurl_t
                 | waisurl_t | mailtourl_t | fileurl_t
                 | prosperourl_t | otherurl_t;

  # The same rules for validation only, with the fast paths: no component
  # is recorded (rfc1738.rules: valid=url_f). The other schemes' rules are
  # the pure ones. schemepart = *xchar | ip-schemepart is the language
  # *xchar (every ip-schemepart is *xchar), so no branch is alive beside a
  # skipped run.
  # hostport = host [ ":" port ], login = [ user [ ":" password ] "@" ]
  # hostport: the pure rules but for the host's fast path
  hostport_f     = host_f ( ":" port )?;
  login_f        = ( user ( ":" password )? "@" )? hostport_f;
  httpurl_f      = "http"i "://" hostport_f ( "/" hpath_f ( "?" search_f )? )?;
  ftpurl_f       = "ftp"i "://" login_f ( "/" fpath_f ( ";type=" ftptype )? )?;
  fileurl_f      = "file"i "://" ( host | "localhost" )? "/" fpath_f;
  otherurl_f     = ( scheme - predefined ) ":" urlpath_f;
  url_f          = httpurl_f | ftpurl_f | newsurl
                 | nntpurl | telneturl | gopherurl
                 | waisurl | mailtourl | fileurl_f
                 | prosperourl | otherurl_f;
}%%
