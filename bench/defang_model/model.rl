/* SPDX-License-Identifier: MIT */
/*
 * model.rl: the two machines of the defanged-URL cost model (README.md):
 * RFC 3986's URL after its scheme, from the colon, written plain (plain)
 * and with the defanged forms read where their bytes stand (forms). Each
 * returns the end of the longest match, as the library's extraction
 * machines do; runs of plain bytes are skipped by the library's skip, as
 * its machines skip them. A measurement, not the library: see README.md
 * for what it leaves out.
 */
#include <stddef.h>

#include "model.h"

/* The library's run skip (src/grammars/gen.h: SKIP, its classes), through
 * the table its extraction machines use (scripts/gen_rules.py). */
#define URISCAN__SKIP_TAB uriscan__skip_tab_x
#include "gen.h"

%%{
  machine model_common;
  include rfc3986 "rfc3986.rl";
  action skip_path  { SKIP(GEN_CLASS_PATH); }
  action skip_query { SKIP(GEN_CLASS_QUERY); }
  action skip_host  { if (GEN_IS_ALPHA(*p)) SKIP(GEN_CLASS_HOST); }
  action last       { lf = p + 1; }
}%%

%%{
  machine model_plain;
  include model_common;
  DOTF = "."; SLASH = "/"; ATF = "@"; COLONF = ":";
  include model_body "model_body.rl";
  main := ( "://" after_colon ) @last;
}%%

%%{
  machine model_forms;
  include model_common;
  # the forms of docs/extraction.md's table, without their context rules
  # (README.md): "(.)" and "(dot)" are sub-delims and dots already
  DOTF   = "." | "[.]" | "{.}" | "[dot]"i | "{dot}"i | "\\."
         | " ." 0x61..0x7A | " DOT " ( ALPHA | DIGIT );
  SLASH  = "/" | "[/]";
  ATF    = "@" | "[@]" | "[at]"i;
  COLONF = ":" | "[:]";
  include model_body "model_body.rl";
  # the colon forms that give "://"
  css    = COLONF SLASH SLASH | "[://]" | COLONF "\\\\" | "__";
  main := ( css after_colon ) @last;
}%%

%% machine model_plain;
%% write data noerror nofinal noentry;

const unsigned char *model_plain_end(const unsigned char *s,
                                     const unsigned char *p,
                                     const unsigned char *pe)
{
	const unsigned char *lf = NULL;
	int cs;

	%% write init;
	%% write exec;
	return lf;
}

%% machine model_forms;
%% write data noerror nofinal noentry;

const unsigned char *model_forms_end(const unsigned char *s,
                                     const unsigned char *p,
                                     const unsigned char *pe)
{
	const unsigned char *lf = NULL;
	int cs;

	%% write init;
	%% write exec;
	return lf;
}
