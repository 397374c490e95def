/* SPDX-License-Identifier: MIT */
/* parent.c: the parent project's program: one call into uriscan. */
#include <stdio.h>
#include <string.h>
#include <uriscan.h>

int main(int argc, char **argv)
{
	const char *s = argc > 1 ? argv[1] : "";
	struct uriscan_error err;
	int st = uriscan_validate(URISCAN_RFC3986, s, strlen(s), 0, &err);
	printf("%s %s@%zu\n", uriscan_version_string(), uriscan_status_name(st),
	       err.offset);
	return st == URISCAN_OK ? 0 : 1;
}
