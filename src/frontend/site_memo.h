/* SPDX-License-Identifier: MIT */
/*
 * site_memo.h: uriscan_site with a memo of the names seen last, per
 * thread, for host_read.c (`inspect`, `check --deny`, `get`, `extract`
 * and `log --hosts`, the Python URI's site). With the List compiled in
 * (psl_site.c, some 350 instructions a name, a hit here about 100) the
 * memo still saves 5 % of `inspect`'s instructions on a list whose hosts
 * repeat (the referers of the real log; 2 % on node_files, 0.4 % on
 * kasztp, under 1 % lost on lists without names: measured with
 * callgrind, issue 53), so it stays; with -Dpsl=runtime libpsl walks its
 * DAFSA twice a label (about 1.5 us a name).
 */
#ifndef URISCAN_FRONTEND_SITE_MEMO_H
#define URISCAN_FRONTEND_SITE_MEMO_H

#include <stddef.h>

/* uriscan_site(name, len, 0, out, cap, out_len, NULL): the same status
 * and the same bytes; an answer given before for the same name bytes
 * (URISCAN_OK, name and site up to FRONTEND_SITE_MEMO_NAME bytes) comes
 * from the memo. */
int frontend_site_memo(const char *name, size_t len, char *out, size_t cap,
                       size_t *out_len);

#define FRONTEND_SITE_MEMO_NAME 64

#endif
