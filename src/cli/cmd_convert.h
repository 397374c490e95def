/*
 * cmd_convert.h: `uriscan convert`, IRI <-> URI mapping of records
 * (RFC 3987 section 3). The option parsing stays in uriscan.c.
 */
#ifndef URISCAN_CLI_CMD_CONVERT_H
#define URISCAN_CLI_CMD_CONVERT_H

struct convert_opts {
	int to_iri;     /* 0: --to-uri, 1: --to-iri */
	unsigned flags; /* URISCAN_IRI_IDNA / URISCAN_URI_DECODE_UNRESERVED */
	int null_data;  /* -z */
	char **files;   /* operands; none: standard input */
	int nfiles;
};

/* Convert every record of the files; returns the exit status (0 all valid,
 * 1 some record invalid, 2 trouble). */
int convert_run(const struct convert_opts *o);

#endif
