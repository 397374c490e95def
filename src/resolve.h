/*
 * resolve.h: dot-segment removal shared by src/resolve.c and src/dotseg.c.
 * Internal; not installed. No allocation.
 */
#ifndef URISCAN_RESOLVE_H
#define URISCAN_RESOLVE_H

#include <stddef.h>

/* A path made of two pieces read one after the other (a merged path is
 * the base's directory then the reference's path); n[1] may be 0. */
struct uriscan__path {
	const char *p[2];
	size_t n[2];
};

enum uriscan__dots {
	URISCAN__DOTS_KEEP = 0, /* copy the path as it is */
	URISCAN__DOTS_RFC3986,  /* remove_dot_segments, RFC 3986 5.2.4 */
	URISCAN__DOTS_RFC2396   /* RFC 2396 5.2 steps 6c-6f */
};

/*
 * The length of the path v after the dot-segment removal of mode. head[]
 * gets its first two bytes ('\0' where it is shorter). When dst is not
 * NULL the result is also written to dst[0, length) (nothing else).
 */
size_t uriscan__dots(const struct uriscan__path *v, enum uriscan__dots mode,
                     char *dst, char head[2]);

#endif
