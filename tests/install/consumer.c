/* SPDX-License-Identifier: MIT */
/*
 * consumer.c: a program as a user of the installed library writes it, built
 * by check_install.py through pkg-config against a DESTDIR install (and by
 * check_header.py as C++). Prints the components of the URI in argv[1] and
 * checks the header against the library it runs with.
 */
#include <stdio.h>
#include <string.h>
#include <uriscan.h>

int main(int argc, char **argv)
{
	struct uriscan_uri u;
	const char *s = argc > 1 ? argv[1] : "";
	int st;

	if (uriscan_version() != URISCAN_VERSION_HEX ||
	    strcmp(uriscan_version_string(), URISCAN_VERSION_STRING) != 0) {
		printf("header %s, library %s\n", URISCAN_VERSION_STRING,
		       uriscan_version_string());
		return 1;
	}
	st = uriscan_parse(URISCAN_RFC3986, s, strlen(s), 0, &u);
	if (st != URISCAN_OK) {
		printf("%s@%zu\n", uriscan_status_name(st), u.error_offset);
		return 1;
	}
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++)
		if (URISCAN_HAS(&u, c))
			printf("%s=%.*s\n", uriscan_component_name(c),
			       (int)u.part[c].len, s + u.part[c].off);
	printf("host_type=%s\n", uriscan_host_type_name(u.host_type));
	return 0;
}
