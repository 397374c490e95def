/* SPDX-License-Identifier: MIT */
/*
 * extract_entry.c: where the extraction machines start, after a scheme the
 * walk back has already read.
 *
 * The scan (extract_scan.c) walks back from a candidate ':' over scheme
 * characters, so when it runs the grammar's machine, [r, c) is known to be
 * ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) and b[c] is the ':'. The
 * closure below runs over the same class table (uriscan__scheme_class) as
 * the walk back, so the two cannot disagree on what a scheme byte is. When every
 * such string leads the machine from its start to one and the same state,
 * running no action and reaching no final state on the way, the machine may
 * as well start in that state at the ':': the run, its marks and its
 * components are the same, and the scheme is not read twice. Whether that
 * holds is found here, from the machine itself: the states that the bytes
 * of a scheme lead to, closed under one more scheme byte, must be a single
 * state. RFC 3986, 3987 and 2396 give one (their scheme rule is a plain
 * loop); RFC 1738's scheme-specific rules (httpurl, ftpurl, ...) give
 * several, so its scan reads the scheme as before.
 *
 * Computed once per grammar and machine kind, on first use, into a static
 * cache of atomics (a race computes the same value twice). No allocation;
 * reads only its own small buffers.
 */
#include <stdatomic.h>
#include <string.h>

#include "extract.h"
#include "uri_reset.h"

/* More states than this after a scheme: no entry (RFC 1738 has a few). */
#define MAX_STATES 8

/*
 * One step of machine xm (its tags machine when tags) from state cs on byte
 * c, as the byte of a scheme after its first: 1 and *to when the step
 * neither fails, nor reaches a final state, nor runs an action that leaves
 * a trace (any field of the result changed, a mark moved off the start).
 * The byte sits after one other, so a mark set at it or after it is seen
 * moved.
 */
static int step(const struct uriscan__xmachine *xm, int tags, int cs,
                unsigned char c, int *to)
{
	const unsigned char buf[2] = {'a', c};
	const unsigned char *lf = NULL;
	size_t n;

	if (tags) {
		struct uriscan_uri u, u0;
		const unsigned char *mk[URISCAN_COMPONENT_COUNT];
		int ended = 0;

		/* padding too: the whole struct is compared */
		memset(&u0, 0, sizeof u0);
		uriscan__uri_reset(&u0, URISCAN_RFC3986, 0);
		memcpy(&u, &u0, sizeof u);
		for (unsigned j = 0; j < URISCAN_COMPONENT_COUNT; j++)
			mk[j] = buf;
		n = xm->xexec(&cs, buf, buf + 1, buf + 2, &u, mk, &lf, &ended);
		if (cs == xm->xerror || ended || memcmp(&u, &u0, sizeof u) != 0)
			return 0;
		for (unsigned j = 0; j < URISCAN_COMPONENT_COUNT; j++)
			if (mk[j] != buf)
				return 0;
	} else {
		n = xm->exec(&cs, buf + 1, buf + 2, &lf);
		if (cs == xm->error)
			return 0;
	}
	if (n != 1 || lf != NULL)
		return 0;
	*to = cs;
	return 1;
}

/* Add state cs to set[*n]: 0 when the set is full. */
static int add(int *set, unsigned *n, int cs)
{
	for (unsigned i = 0; i < *n; i++)
		if (set[i] == cs)
			return 1;
	if (*n == MAX_STATES)
		return 0;
	set[(*n)++] = cs;
	return 1;
}

/* The one state every scheme leads machine xm to, or -1. */
static int after_scheme(const struct uriscan__xmachine *xm, int tags)
{
	int set[MAX_STATES], cs;
	unsigned n = 0;

	/* the first byte, from the start */
	for (unsigned c = 0; c < 256; c++)
		if ((uriscan__scheme_class[c] & C_ALPHA) &&
		    !(step(xm, tags, tags ? xm->xstart : xm->start,
		           (unsigned char)c, &cs) &&
		      add(set, &n, cs)))
			return -1;
	/* every byte after it, from every state reached so far */
	for (unsigned i = 0; i < n; i++)
		for (unsigned c = 0; c < 256; c++)
			if ((uriscan__scheme_class[c] & C_SCHEME) &&
			    !(step(xm, tags, set[i], (unsigned char)c, &cs) &&
			      add(set, &n, cs)))
				return -1;
	return n == 1 ? set[0] : -1;
}

/* state + 2 (1: none; 0: not computed yet), per grammar, pure and tags */
static atomic_int cache[URISCAN_GRAMMAR_COUNT][2];

int uriscan__extract_entry(enum uriscan_grammar g,
                           const struct uriscan__xmachine *xm, int tags)
{
	int v = atomic_load_explicit(&cache[g][tags != 0], memory_order_relaxed);

	if (v == 0) {
		v = (tags && xm->xexec == NULL) ? 1
		                                : after_scheme(xm, tags != 0) + 2;
		atomic_store_explicit(&cache[g][tags != 0], v,
		                      memory_order_relaxed);
	}
	return v - 2;
}
