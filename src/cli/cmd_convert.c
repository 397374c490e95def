/*
 * cmd_convert.c: `uriscan convert --to-uri|--to-iri [-z] [FILE...]`.
 *
 * One output record per input record, in order, ended like the input
 * records ('\n', or NUL with -z): the URI (uriscan_iri_to_uri) or the IRI
 * (uriscan_uri_to_iri) of the record. A record that is not a valid
 * IRI-reference (--to-uri) or URI-reference (--to-iri) gives an EMPTY
 * output record, so that output line N still belongs to input record N,
 * and a message on standard error in the shape of `uriscan check`:
 * FILE:RECORD:COLUMN: STATUS: message (COLUMN 1-based, the byte where the
 * record stopped being valid).
 */
#include "cmd_convert.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uriscan.h"

#include "output.h"
#include "reader.h"

struct conv {
	const struct convert_opts *o;
	const char *file_label;
	uint64_t record;
	char *buf;
	size_t cap;
	char delim;
	int any_invalid;
	int out_of_memory;
};

static void report(const struct conv *c, int status, size_t off)
{
	out_flush(); /* stdout and stderr in order on a terminal */
	fprintf(stderr, "%s:%llu:%llu: %s: %s\n", c->file_label,
	        (unsigned long long)c->record, (unsigned long long)off + 1,
	        uriscan_status_name(status), uriscan_strerror(status));
}

static void convert_record(void *ctx, const char *rec, size_t len)
{
	struct conv *c = ctx;
	size_t need = 0, off = 0;
	int st;

	c->record++;
	for (;;) {
		if (c->o->to_iri)
			st = uriscan_uri_to_iri(rec, len, c->buf, c->cap, &need,
			                        c->o->flags, &off);
		else
			st = uriscan_iri_to_uri(rec, len, c->buf, c->cap, &need,
			                        c->o->flags, &off);
		if (st != URISCAN_E_BUFFER_TOO_SMALL)
			break;
		char *nb = realloc(c->buf, need + 1);
		if (nb == NULL) {
			c->out_of_memory = 1;
			st = URISCAN_E_BUFFER_TOO_SMALL;
			break;
		}
		c->buf = nb;
		c->cap = need + 1;
	}
	if (st == URISCAN_OK) {
		out_bytes(c->buf, need);
	} else {
		c->any_invalid = 1;
		report(c, st, off);
	}
	out_char(c->delim);
	out_end_record();
}

int convert_run(const struct convert_opts *o)
{
	static char *stdin_only[] = {"-"};
	char **files = o->files;
	int nfiles = o->nfiles;
	struct conv c;
	struct reader rd;
	int trouble = 0;

	memset(&c, 0, sizeof c);
	c.o = o;
	c.delim = o->null_data ? '\0' : '\n';
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	reader_init(&rd, c.delim, !o->null_data);
	for (int i = 0; i < nfiles; i++) {
		const char *name = files[i];
		int is_stdin = strcmp(name, "-") == 0;
		int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);

		c.file_label = is_stdin ? "<stdin>" : name;
		c.record = 0;
		if (fd < 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: %s\n", name, strerror(errno));
			trouble = 1;
			continue;
		}
		if (reader_run(&rd, fd, convert_record, &c) != 0) {
			out_flush();
			fprintf(stderr, "uriscan: %s: read error: %s\n",
			        c.file_label, strerror(errno));
			trouble = 1;
		}
		if (!is_stdin)
			close(fd);
	}
	reader_free(&rd);
	free(c.buf);
	out_flush();
	if (c.out_of_memory) {
		fputs("uriscan: out of memory\n", stderr);
		return 2;
	}
	if (trouble)
		return 2;
	return c.any_invalid ? 1 : 0;
}
