/* SPDX-License-Identifier: MIT */
/*
 * model.rl: the two machines of the defanged-URL cost model (README.md):
 * RFC 3986's URL after its scheme, from the colon, written plain (plain)
 * and with the defanged forms read where their bytes stand (forms). Each
 * returns the end of the longest match, as the library's extraction
 * machines do; runs of plain bytes are skipped by the library's AVX2 skip,
 * as its machines skip them. A measurement, not the library: see README.md
 * for what it leaves out.
 */
#include <stddef.h>

#include "model.h"

/* The library's AVX2 run skip (src/grammars/gen.h: from p on a byte of
 * class cls, the last byte of the run) and its classes. */
typedef const unsigned char *skip_fn(const unsigned char *s,
                                     const unsigned char *p,
                                     const unsigned char *pe, unsigned cls);
extern skip_fn uriscan__skip_avx2;
#define SKIP(cls) (p = uriscan__skip_avx2(s, p, pe, (cls)))
#define C_QUERY 2u  /* GEN_CLASS_QUERY */
#define C_HOST 4u   /* GEN_CLASS_HOST */
#define C_PATH 128u /* GEN_CLASS_PATH */

%%{
  machine model_common;
  ALPHA      = 0x41..0x5A | 0x61..0x7A;
  DIGIT      = 0x30..0x39;
  HEXDIG     = DIGIT | "A"i | "B"i | "C"i | "D"i | "E"i | "F"i;
  sub_delims = "!" | "$" | "&" | "'" | "(" | ")" | "*" | "+" | "," | ";" | "=";
  pct_encoded = "%" HEXDIG HEXDIG;
  dec_octet  = DIGIT | 0x31..0x39 DIGIT | "1" DIGIT{2} | "2" 0x30..0x34 DIGIT
             | "25" 0x30..0x35;
  h16        = HEXDIG{1,4};
  action skip_path  { SKIP(C_PATH); }
  action skip_query { SKIP(C_QUERY); }
  action skip_host  { if ((unsigned)((*p | 0x20) - 'a') < 26u) SKIP(C_HOST); }
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
