/* SPDX-License-Identifier: MIT */
/*
 * extract_output.c: what `uriscan extract` prints for a match and at the
 * end (extract.h). Output only; no reading, no threads.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd_extract.h"
#include "host_fields.h"
#include "output.h"
#include "report.h"

int extract_unique_records(const struct xopts *o)
{
	return o->format_given || o->hosts;
}

int extract_need_components(const struct xopts *o)
{
	return o->mode == XM_TOP ||
	       ((o->mode == XM_LIST ||
	         (o->mode == XM_UNIQUE && extract_unique_records(o))) &&
	        o->format == XF_JSONL);
}

uint64_t extract_count_nl(const char *p, size_t n)
{
	/* a compare per byte, which the compiler makes vector compares: a
	 * memchr call per line (one per 240 bytes of an access log) was a
	 * fifth of `extract --count` (docs/performance.md, "The command line"); a
	 * 32-bit count per 64 KiB, summed */
	uint64_t k = 0;

	while (n > 0) {
		size_t m = n < 65536 ? n : 65536;
		uint32_t c = 0;
		for (size_t i = 0; i < m; i++)
			c += p[i] == '\n';
		k += c;
		p += m;
		n -= m;
	}
	return k;
}

/* --top: count the host of the URL [p, p + n) split in u, lowercased
 * (whole: a reg-name may be of any length, issue 39). */
static void count_host(struct xrun *r, const char *p,
                       const struct uriscan_uri *u)
{
	const struct uriscan_span *h = &u->part[URISCAN_HOST];
	size_t n = h->len;

	if (!URISCAN_HAS(u, URISCAN_HOST))
		return;
	if (n > r->host_cap) {
		free(r->host);
		r->host_cap = n > 256 ? n : 256;
		r->host = cli_malloc(r->host_cap);
	}
	for (size_t i = 0; i < n; i++) {
		char c = p[h->off + i];
		r->host[i] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
	}
	counted_set_add(&r->set, r->host, n);
}

/* --normalize: the normal form of m (uriscan_normalize, scheme-based
 * steps too) in r->norm, its length in *n; 0 (and m's bytes) for a
 * truncated match or one that does not normalize. */
static int normal_form(struct xrun *r, const struct uriscan_match *m,
                       const char **p, size_t *n)
{
	int changed = 0;

	*p = m->bytes;
	*n = m->nbytes;
	if (m->flags & URISCAN_MATCH_TRUNCATED)
		return 0;
	if (r->o->normalize) {
		if (norm_buf_run(&r->norm, r->g, m->bytes, m->nbytes,
		                 URISCAN_NORM_SCHEME_BASED, n, NULL) != URISCAN_OK)
			*n = m->nbytes;
		else
			*p = r->norm.p, changed = 1;
	}
	/* the rewrite options (rewrite_opts.h), on the normal form: a match
	 * the rewrite cannot change stays as it is */
	if (r->o->rw.any) {
		const char *q;
		size_t k;
		if (rw_apply(&r->o->rw, r->g, *p, *n, &q, &k, NULL) == URISCAN_OK)
			*p = q, *n = k, changed = 1;
	}
	return changed;
}

/* --top: the host of m, or of its normal form. */
static void count_match_host(struct xrun *r, const struct uriscan_match *m)
{
	const char *p;
	size_t n;
	struct uriscan_uri u;

	if (!normal_form(r, m, &p, &n)) {
		count_host(r, m->bytes, &m->uri);
		return;
	}
	if (uriscan_parse(r->g, p, n, 0, &u) == URISCAN_OK)
		count_host(r, p, &u);
}

static void url_line(const char *p, size_t n)
{
	out_tsv_field(p, n);
	out_char('\n');
	out_end_record();
}

static void emit_tsv(struct xrun *r, const struct uriscan_match *m)
{
	const char *p;
	size_t n;

	normal_form(r, m, &p, &n);
	if (r->label_column) {
		out_tsv_field(r->label, strlen(r->label));
		out_char('\t');
	}
	out_u64(m->offset);
	out_char('\t');
	out_u64(m->length);
	if (r->o->keep_cut) {
		if (m->flags & URISCAN_MATCH_CUT)
			OUT_LIT("\ttrue");
		else
			OUT_LIT("\tfalse");
	}
	if (r->o->defanged) {
		if (m->flags & URISCAN_MATCH_DEFANGED)
			OUT_LIT("\ttrue");
		else
			OUT_LIT("\tfalse");
	}
	if (r->hi)
		host_fields_tsv(r->hi);
	out_char('\t');
	url_line(p, n);
}

/* The components the grammar defines are printed, as null when absent. */
static void emit_jsonl(struct xrun *r, const struct uriscan_match *m,
                       uint64_t line)
{
	const char *p;
	size_t n;

	OUT_LIT("{\"file\":");
	out_json_string(r->label, strlen(r->label));
	OUT_LIT(",\"line\":");
	out_u64(line);
	OUT_LIT(",\"offset\":");
	out_u64(m->offset);
	OUT_LIT(",\"length\":");
	out_u64(m->length);
	OUT_LIT(",\"truncated\":");
	if (m->flags & URISCAN_MATCH_TRUNCATED)
		OUT_LIT("true");
	else
		OUT_LIT("false");
	OUT_LIT(",\"cut\":");
	if (m->flags & URISCAN_MATCH_CUT)
		OUT_LIT("true");
	else
		OUT_LIT("false");
	if (r->o->defanged) { /* url is then the refanged URL */
		if (m->flags & URISCAN_MATCH_DEFANGED)
			OUT_LIT(",\"defanged\":true");
		else
			OUT_LIT(",\"defanged\":false");
	}
	OUT_LIT(",\"url\":");
	out_json_string(m->bytes, m->nbytes);
	if (r->o->normalize && !r->o->rw.any) {
		OUT_LIT(",\"normalized\":");
		normal_form(r, m, &p, &n);
		out_json_string(p, n);
	}
	if (r->o->rw.any) {
		/* with --normalize too: the normal form, rewritten */
		OUT_LIT(",\"rewritten\":");
		normal_form(r, m, &p, &n);
		out_json_string(p, n);
	}
	for (unsigned c = 0; c < URISCAN_COMPONENT_COUNT; c++) {
		if (!(r->fields->components & (1u << c)) &&
		    !URISCAN_HAS(&m->uri, c))
			continue;
		OUT_LIT(",\"");
		out_str(uriscan_component_name(c));
		OUT_LIT("\":");
		if (URISCAN_HAS(&m->uri, c))
			out_json_string(m->bytes + m->uri.part[c].off,
			                m->uri.part[c].len);
		else
			OUT_LIT("null");
	}
	OUT_LIT(",\"host_type\":");
	out_json_name(m->uri.host_type != URISCAN_HOST_NONE
	                  ? uriscan_host_type_name(m->uri.host_type)
	                  : NULL);
	if (r->hi)
		host_fields_jsonl(r->hi, "", 0);
	OUT_LIT("}\n");
	out_end_record();
}

void extract_emit(struct xrun *r, const struct uriscan_match *m,
                  uint64_t line)
{
	const char *p;
	size_t n;

	if ((m->flags & URISCAN_MATCH_CUT) && !r->o->keep_cut) {
		r->cut++;
		return;
	}
	r->matches++;
	switch (r->o->mode) {
	case XM_COUNT:
		if (r->o->count_unique) {
			normal_form(r, m, &p, &n);
			counted_set_add(&r->set, p, n);
		}
		return;
	case XM_UNIQUE:
		normal_form(r, m, &p, &n);
		if (!counted_set_add(&r->set, p, n))
			return;
		if (extract_unique_records(r->o))
			break;
		url_line(p, n);
		return;
	case XM_TOP:
		count_match_host(r, m);
		return;
	case XM_ONLY:
		normal_form(r, m, &p, &n);
		url_line(p, n);
		return;
	case XM_LIST:
		break;
	}
	/* the matched URL as found (not its normal form); a truncated
	 * match's first bytes, where its host is */
	if (r->hi)
		host_info_fill_match(r->hi, r->g, m, r->match_flags);
	if (r->o->format == XF_TSV)
		emit_tsv(r, m);
	else
		emit_jsonl(r, m, line);
}

void extract_finish(struct xrun *r)
{
	if (r->o->mode == XM_COUNT) {
		out_u64(r->o->count_unique ? (uint64_t)r->set.n : r->matches);
		out_char('\n');
	} else if (r->o->mode == XM_TOP) {
		const struct counted_entry *v = counted_set_sorted(&r->set);
		for (size_t i = 0;
		     i < r->set.n && (r->o->top == 0 || i < r->o->top); i++) {
			if (r->o->format == XF_JSONL) {
				OUT_LIT("{\"count\":");
				out_u64(v[i].count);
				OUT_LIT(",\"host\":");
				out_json_string(v[i].key, v[i].len);
				OUT_LIT("}\n");
				continue;
			}
			out_u64(v[i].count);
			out_char('\t');
			out_tsv_field(v[i].key, v[i].len);
			out_char('\n');
		}
	}
}

void extract_report_cut(const struct xrun *r)
{
	if (r->cut == 0)
		return;
	cli_error("extract: %llu match%s dropped: cut short by a byte that "
	          "continues the text (a letter, a digit%s), not URL%s; %s"
	          "--keep-cut keeps them",
	          (unsigned long long)r->cut, r->cut == 1 ? "" : "es",
	          r->g == URISCAN_RFC3987
	              ? ""
	              : " or a byte >= 0x80 that starts no space or punctuation",
	          r->cut == 1 ? "" : "s",
	          r->g == URISCAN_RFC3987 ? ""
	                                  : "-g rfc3987 reads IRIs whole, ");
}
