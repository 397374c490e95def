/* SPDX-License-Identifier: MIT */
/*
 * host_info.c: one record's host as browsers, resolvers and the Public
 * Suffix List read it (host_info.h; the reading is src/frontend/
 * host_read.c's, which the Python extension shares).
 */
#include "host_info.h"
#include "output.h"

void host_info_fill(struct host_info *h, enum uriscan_grammar g,
                    const char *rec, size_t len)
{
	frontend_host_read(h, g, rec, len, NULL, NULL);
}

void host_info_fill_match(struct host_info *h, enum uriscan_grammar g,
                          const struct uriscan_match *m, int with_flags)
{
	/* an extraction match's components are its parse by g's top rule
	 * (uriscan.h), and its flags uriscan_confusion's of its bytes; a
	 * parse without the flags is not passed on (the host reading would
	 * read the flags with a parse of its own: one more, not one less) */
	if (!with_flags) {
		host_info_fill(h, g, m->bytes, m->nbytes);
		return;
	}
	frontend_host_read(h, g, m->bytes, m->nbytes,
	                   m->uri.present != 0 ? &m->uri : NULL, &m->confusion);
}

void host_info_out_flags(uint32_t f, char sep)
{
	uint32_t left;

	for (left = f; left != 0; left &= left - 1) {
		if (left != f)
			out_char(sep);
		out_str(uriscan_confusion_name(left & (0u - left)));
	}
}
