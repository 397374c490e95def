# SPDX-License-Identifier: MIT
# common.rl: ABNF core rules (RFC 5234 Appendix B.1, formerly RFC 2234 6.1)
# shared by every grammar of uriscan. Definitions only: no machine is
# instantiated here, so this file generates no code by itself.
#
# Ragel predefines alpha, digit, xdigit, ... so the ABNF names are kept in
# upper case (as the RFCs write them), which cannot clash.
%%{
  machine uri_common;

  # ALPHA = %x41-5A / %x61-7A   ; A-Z / a-z
  ALPHA  = 0x41..0x5A | 0x61..0x7A;
  # DIGIT = %x30-39             ; 0-9
  DIGIT  = 0x30..0x39;
  # HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
  # ABNF quoted strings are case-insensitive, so "a".."f" match too.
  HEXDIG = DIGIT | "A"i | "B"i | "C"i | "D"i | "E"i | "F"i;
  # BIT, CHAR, CR, LF, SP, ... are not used by the URI grammars.
}%%
