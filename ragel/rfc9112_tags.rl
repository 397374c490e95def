# SPDX-License-Identifier: MIT
# rfc9112_tags.rl: the RFC 9112 request-target rules with actions that
# record components and the form that matched. Definitions only (the
# generated rules file instantiates them).
#
# It includes rfc3986_tags.rl (the RFC 3986 actions and tag machines, the
# same discipline: marks on delimiters, commits on leaving, last write
# wins, no priorities; docs/grammars.md, "Actions: marks on delimiters,
# commits on leaving, no priorities") and rfc9112.rl (the
# pure rules). The RFC 3986 grammar's rules file names this file, so every
# RFC 3986 rule machine sees these definitions too (they add no states to
# a machine that does not use them).
#
# request-target is ambiguous: an authority-form whose uri-host is also a
# scheme ("example.com:80") is an absolute-form too (scheme "example.com",
# path-rootless "80"), and "example.com:" is one with path-empty. The bare
# rule reports the first alternative, in the ABNF's order, that matches:
# origin-form, absolute-form, authority-form, asterisk-form (the others
# never overlap: origin-form begins with "/", asterisk-form is "*",
# absolute-form with ALPHA). Subtracting absolute-form from authority-form
# makes the final states disjoint without changing the language.
# uriscan_request_line() needs no precedence: the method decides (RFC 9112
# 3.2.3: CONNECT takes authority-form and nothing else).
%%{
  machine rfc9112_tags;
  include rfc3986_tags "rfc3986_tags.rl";
  include rfc9112 "rfc9112.rl";

  action form_origin    { u->form = GEN_RULE_origin_form; }
  action form_absolute  { u->form = GEN_RULE_absolute_form;
                          /* kinds set by a dead authority-form branch */
                          if (!URISCAN_HAS(u, URISCAN_HOST))
                              u->host_type = URISCAN_HOST_NONE; }
  action form_authority { u->form = GEN_RULE_authority_form;
                          COMMIT_SPAN(URISCAN_HOST, s, mk[URISCAN_PORT] - 1);
                          COMMIT(URISCAN_PORT); COMMIT(URISCAN_AUTHORITY); }
  action form_asterisk  { u->form = GEN_RULE_asterisk_form; }

  # absolute-path = 1*( "/" segment )
  absolute_path_f  = ( "/" segment_f )+;

  # origin-form = absolute-path [ "?" query ]
  origin_form_t    = absolute_path_f %path_end query_t?;

  # absolute-form = absolute-URI
  absolute_form_t  = absolute_URI_t;

  # authority-form = uri-host ":" port. The host is committed with the
  # port when the form ends (a host commit on the ':' would stay behind
  # when absolute-form wins); only the host kind is set on the way.
  # Plain reg-name, not rfc3986_tags.rl's reg_name_f: its fast path skips
  # bytes assuming no other branch is alive, but here absolute-form's
  # scheme is alive beside it ("a_b:8" would keep a dead scheme).
  uri_host_k       = IP_literal_t
                   | IPv4address %k_ipv4
                   | ( reg_name - IPv4address ) %k_regname;
  authority_form_t = uri_host_k ":" @port_begin port;

  # request-target, with the form that matched (precedence: see above)
  request_target_t = origin_form_t %form_origin
                   | absolute_form_t %form_absolute
                   | ( authority_form_t - absolute_form ) %form_authority
                   | asterisk_form %form_asterisk;

  # Each form alone, recording the same components.
  origin_form_only_t    = origin_form_t %form_origin;
  absolute_form_only_t  = absolute_form_t %form_absolute;
  authority_form_only_t = authority_form_t %form_authority;
  asterisk_form_only_t  = asterisk_form %form_asterisk;
}%%
