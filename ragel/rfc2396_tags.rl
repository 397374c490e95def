# SPDX-License-Identifier: MIT
# rfc2396_tags.rl: RFC 2396 rules with actions that record components.
#
# Definitions only; the same discipline as rfc3986_tags.rl
# (docs/grammars.md, "Actions: marks on delimiters, commits on leaving, no
# priorities"): marks on delimiters, commits on leaving a rule, last
# write wins, no priorities. Where the RFC rules overlap, a subtraction
# makes the final states disjoint without changing the language:
#  - authority = server | reg_name: section 3.2 server-based naming
#    authorities win when both match, so the registry reading is
#    (reg_name - server); its commit drops the guesses of the server branch.
#  - //x is both net_path and an abs_path with an empty first segment;
#    section 3 (scheme://authority path) and the Appendix B regular
#    expression read it as net_path. Every abs_path starting with "//" is
#    also a net_path, so (abs_path - // any*) keeps the language.
%%{
  machine rfc2396_tags;
  include rfc2396 "rfc2396.rl";

  action scheme_end  { COMMIT(URISCAN_SCHEME); }
  action colon       { MARK_NEXT(URISCAN_PATH); }
  action auth_begin  { MARK_NEXT(URISCAN_AUTHORITY); MARK_NEXT(URISCAN_USERINFO);
                       MARK_NEXT(URISCAN_HOST); }
  action auth_end    { COMMIT(URISCAN_AUTHORITY); MARK_HERE(URISCAN_PATH); }
  action userinfo_at { COMMIT(URISCAN_USERINFO); MARK_NEXT(URISCAN_HOST); }
  action host_end    { COMMIT(URISCAN_HOST); }
  action port_begin  { MARK_NEXT(URISCAN_PORT); }
  action port_end    { COMMIT(URISCAN_PORT); }
  action regauth     { COMMIT_SPAN(URISCAN_REG_NAME, mk[URISCAN_AUTHORITY], p);
                       DROP(URISCAN_USERINFO); DROP(URISCAN_HOST);
                       DROP(URISCAN_PORT); u->host_type = URISCAN_HOST_NONE; }
  action path_end    { COMMIT(URISCAN_PATH); }
  action query_begin { MARK_NEXT(URISCAN_QUERY); }
  action query_end   { COMMIT(URISCAN_QUERY); }
  action frag_begin  { MARK_NEXT(URISCAN_FRAGMENT); }
  action frag_end    { COMMIT(URISCAN_FRAGMENT); }
  action k_ipv4      { u->host_type = URISCAN_HOST_IPV4; }
  action k_hostname  { u->host_type = URISCAN_HOST_HOSTNAME; }
  action form_hier   { u->form = GEN_RULE_hier_part; }
  action form_opaque { u->form = GEN_RULE_opaque_part; }
  action form_net    { u->form = GEN_RULE_net_path; }
  action form_abs    { u->form = GEN_RULE_abs_path; }
  action form_rel    { u->form = GEN_RULE_rel_path; }

  # Fast paths, as in rfc3986_tags.rl: inside a path segment, a query or a
  # fragment a plain byte leads back to the same state, so a run of them is
  # consumed by SKIP (src/grammars/gen.h); escaped stays in the machine. RFC 2396's
  # classes are RFC 3986's: unreserved and ":" "@" "&" "=" "+" "$" "," and
  # ";" are RFC 3986's pchar; reserved and unreserved its query bytes.
  action skip_pchar  { SKIP(GEN_CLASS_PCHAR); }
  action skip_query  { SKIP(GEN_CLASS_QUERY); }
  # A whole path is one run: GEN_CLASS_PATH is GEN_CLASS_PCHAR and "/".
  action skip_path   { SKIP(GEN_CLASS_PATH); }
  # segment = *pchar *( ";" param ), param = *pchar: the same language as
  # *( pchar | ";" )
  segment_f     = ( ( unreserved | ":" | "@" | "&" | "=" | "+" | "$" | ","
                    | ";" ) $skip_pchar | escaped )*;
  # path_segments = segment *( "/" segment ): as segment may be empty, the
  # same language as *( pchar | ";" | "/" )
  path_segments_f = ( ( unreserved | ":" | "@" | "&" | "=" | "+" | "$" | ","
                      | ";" | "/" ) $skip_path | escaped )*;
  # abs_path = "/"  path_segments
  abs_path_f    = "/" path_segments_f;
  # abs_path without the "//" that begins a net_path: the byte after the
  # first "/" (if any) is not "/", so the "/" after "/" carries no skip
  # (it begins an authority there).
  abs_path_nf   = "/" ( ( ( unreserved | ":" | "@" | "&" | "=" | "+" | "$"
                          | "," | ";" ) $skip_path | escaped )
                        path_segments_f )?;
  # query = *uric, and fragment alike
  query_f       = ( ( reserved | unreserved ) $skip_query | escaped )*;

  # authority = server | reg_name, server = [ [ userinfo "@" ] hostport ]:
  # every byte of a server (userinfo, "@", hostname, IPv4address, ":",
  # port) is a reg_name byte, so as a language authority is [ reg_name ],
  # *( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" |
  # "+" ), whose plain bytes are GEN_CLASS_PCHAR. For validation only: the
  # parse machine keeps the structure.
  authority_f   = ( ( unreserved | "$" | "," | ";" | ":" | "@" | "&" | "="
                    | "+" ) $skip_pchar | escaped )*;

  # Fast path of the parse machine's host: inside a hostname label, once a
  # letter has been read (IPv4address, all digits, is then dead for the
  # whole host), every further ALPHA or DIGIT leads back to the same state
  # (the label goes on; userinfo and reg_name, alive beside it, loop on
  # them too, and carry no actions), so a run of them is consumed by SKIP.
  # "-" and "." end a run: they change the state (a label may not end in
  # "-"; after "." a label starts).
  action skip_label  { if (GEN_IS_ALPHA(*p)) SKIP(GEN_CLASS_ALNUM); }
  alphanum_s    = alphanum $skip_label;
  # domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
  domainlabel_t = alphanum_s | alphanum_s ( alphanum_s | "-" )* alphanum_s;
  # toplabel = alpha | alpha *( alphanum | "-" ) alphanum
  toplabel_t    = alpha_ $skip_label
                | alpha_ $skip_label ( alphanum_s | "-" )* alphanum_s;
  # hostname = *( domainlabel "." ) toplabel [ "." ]
  hostname_t    = ( domainlabel_t "." )* toplabel_t "."?;

  # host = hostname | IPv4address (disjoint: a toplabel starts with alpha)
  host_t        = ( hostname_t %k_hostname | IPv4address %k_ipv4 ) %host_end;

  # hostport = host [ ":" port ]
  hostport_t    = host_t ( ":" @port_begin port %port_end )?;

  # server = [ [ userinfo "@" ] hostport ]
  server_t      = ( ( userinfo "@" @userinfo_at )? hostport_t )?;

  # authority = server | reg_name (server-based when both match)
  authority_t   = ( server_t | ( reg_name - server ) %regauth ) %auth_end;

  # net_path = "//" authority [ abs_path ]
  net_path_t    = "//" @auth_begin authority_t abs_path_f? %path_end;

  # abs_path, but not the "//" that begins a net_path
  abs_path_t    = abs_path_nf %path_end;

  query_t       = "?" @query_begin query_f %query_end;
  fragment_t    = "#" @frag_begin query_f %frag_end;

  # hier_part = ( net_path | abs_path ) [ "?" query ]
  hier_part_t   = ( net_path_t | abs_path_t ) query_t?;

  # opaque_part = uric_no_slash *uric  (the path; a '?' in it is not a query)
  opaque_part_t = opaque_part %path_end;

  # relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
  relativeURI_t = ( net_path_t %form_net
                  | abs_path_t %form_abs
                  | ( rel_segment abs_path_f? ) %path_end %form_rel ) query_t?;

  # absoluteURI = scheme ":" ( hier_part | opaque_part )
  absoluteURI_t = scheme %scheme_end ":" @colon
                  ( hier_part_t %form_hier | opaque_part_t %form_opaque );

  # URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
  # With neither, the path is present and empty (as for RFC 3986's
  # relative-ref), so a URI reference always has a path.
  URI_reference_t = ( absoluteURI_t | relativeURI_t | "" %path_end )
                    fragment_t?;

  # The same rules for validation only, with the fast paths: no component
  # is recorded (rfc2396.rules: valid=URI_reference_f, absoluteURI_f,
  # relativeURI_f). As above, abs_path leaves "//" to net_path (every such
  # abs_path is a net_path), so no branch is alive beside a skipped run.
  net_path_f    = "//" authority_f abs_path_f?;
  hier_part_f   = ( net_path_f | abs_path_nf ) ( "?" query_f )?;
  # opaque_part = uric_no_slash *uric
  absoluteURI_f = scheme ":" ( hier_part_f | uric_no_slash query_f );
  relativeURI_f = ( net_path_f | abs_path_nf | rel_segment abs_path_f? )
                  ( "?" query_f )?;
  URI_reference_f = ( absoluteURI_f | relativeURI_f )? ( "#" query_f )?;
}%%

# Extraction (uriscan_extractor; ragel/rfc2396.rules, extract=): what a
# match in free text is: an absoluteURI with an optional "#" fragment, i.e.
# the URI-reference that begins with a scheme, as RFC 3986's extraction
# takes URI. After "scheme:" only that branch of URI-reference is alive (a
# relativeURI has no ':' in its first segment), so the components are
# URI-reference's. A separate block at the end of the file; nothing above
# depends on it.
%%{
  machine rfc2396_tags;

  # absoluteURI [ "#" fragment ], with the fast paths (extract_machine=)
  absoluteURI_x_f = absoluteURI_f ( "#" query_f )?;
  # the same, recording components as URI_reference_t does (extract_tags=)
  absoluteURI_x_t = absoluteURI_t fragment_t?;
}%%
