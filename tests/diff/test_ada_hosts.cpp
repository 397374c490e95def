/* SPDX-License-Identifier: MIT */
/*
 * test_ada_hosts.cpp: uriscan_browser_host against ada (the WHATWG URL
 * parser Node.js ships), built only where -Dada=DIR names ada's
 * amalgamation (never part of this repository).
 *
 * Usage: test_ada_hosts INPUTS.tsv DIFFERENCES.tsv
 *
 * INPUTS.tsv (gen_ada_hosts.py): ORIGIN <tab> URL, escaped as the vector
 * files. For every URL that has a scheme (a relative reference has no
 * host without a base, and uriscan reads "//host" as on an http page),
 * both readings must agree: ada's hostname (get_hostname) and uriscan's
 * browser host, or both fail (ada: no URL; uriscan: E_SYNTAX or E_IDNA);
 * a URL without a host (uriscan: E_UNSUPPORTED) agrees with ada's empty
 * hostname. Every disagreement must be listed in DIFFERENCES.tsv
 * (tests/vectors/ada-host-differences.tsv: URL <tab> REASON), and every
 * URL listed must disagree. Counts by origin. Prints TAP.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "ada.h"

extern "C" {
#include "uriscan.h"
}

namespace {

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The escapes of tests/vec.h: \\ \t \n \r \0 \xHH. */
bool unescape(const std::string &in, std::string &out)
{
	out.clear();
	for (size_t i = 0; i < in.size(); i++) {
		if (in[i] != '\\') {
			out += in[i];
			continue;
		}
		if (++i >= in.size())
			return false;
		switch (in[i]) {
		case '\\': out += '\\'; break;
		case 't': out += '\t'; break;
		case 'n': out += '\n'; break;
		case 'r': out += '\r'; break;
		case '0': out += '\0'; break;
		case 'x': {
			int h, l;
			if (i + 2 >= in.size() + 0 || (h = hexval(in[i + 1])) < 0 ||
			    (l = hexval(in[i + 2])) < 0)
				return false;
			out += (char)(h * 16 + l);
			i += 2;
			break;
		}
		default:
			return false;
		}
	}
	return true;
}

std::string printable(const std::string &s)
{
	std::string o;
	char b[8];
	for (unsigned char c : s) {
		if (c == '\\')
			o += "\\\\";
		else if (c > 0x20 && c < 0x7F)
			o += (char)c;
		else {
			snprintf(b, sizeof b, "\\x%02x", c);
			o += b;
		}
	}
	return o;
}

/* Does the URL, as the URL Standard reads it (leading C0 and spaces,
 * tabs and newlines gone), start with a scheme? */
bool has_scheme(const std::string &u)
{
	std::string t;
	size_t b = 0;
	while (b < u.size() && (unsigned char)u[b] <= 0x20)
		b++;
	for (size_t i = b; i < u.size(); i++)
		if (u[i] != '\t' && u[i] != '\n' && u[i] != '\r')
			t += u[i];
	if (t.empty() || !isalpha((unsigned char)t[0]))
		return false;
	for (size_t i = 1; i < t.size(); i++) {
		if (t[i] == ':')
			return true;
		if (!isalnum((unsigned char)t[i]) && t[i] != '+' && t[i] != '-' &&
		    t[i] != '.')
			return false;
	}
	return false;
}

int n_tap;

void tap(bool ok, const std::string &what)
{
	printf("%s %d - %s\n", ok ? "ok" : "not ok", ++n_tap, what.c_str());
}

} // namespace

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_ada_hosts INPUTS.tsv DIFFERENCES.tsv\n");
		return 2;
	}
	std::set<std::string> listed, listed_hit;
	FILE *fl = fopen(argv[2], "r");
	if (!fl) {
		perror(argv[2]);
		return 2;
	}
	static char line[1 << 16];
	while (fgets(line, sizeof line, fl)) {
		std::string l(line);
		while (!l.empty() && l.back() == '\n')
			l.pop_back();
		if (l.empty() || l[0] == '#')
			continue;
		std::string u;
		if (!unescape(l.substr(0, l.find('\t')), u)) {
			tap(false, "differences: bad line " + l);
			continue;
		}
		listed.insert(u);
	}
	fclose(fl);

	FILE *fp = fopen(argv[1], "r");
	if (!fp) {
		perror(argv[1]);
		return 2;
	}
	std::map<std::string, unsigned> cases, agree;
	unsigned bad = 0, stale = 0, skipped = 0, total = 0;
	static char got[1 << 16];
	while (fgets(line, sizeof line, fp)) {
		std::string l(line), u;
		while (!l.empty() && l.back() == '\n')
			l.pop_back();
		if (l.empty() || l[0] == '#')
			continue;
		size_t tab = l.find('\t');
		if (tab == std::string::npos || !unescape(l.substr(tab + 1), u)) {
			tap(false, "inputs: bad line " + l);
			continue;
		}
		std::string origin = l.substr(0, tab);
		if (!has_scheme(u)) {
			skipped++;
			continue;
		}
		total++;
		cases[origin]++;
		size_t n = 0;
		int st = uriscan_browser_host(u.data(), u.size(), 0, got, sizeof got,
		                              &n, nullptr);
		if (st == URISCAN_E_IDNA_UNAVAILABLE) {
			skipped++; /* no ICU: not guessed, not compared */
			continue;
		}
		auto a = ada::parse<ada::url_aggregator>(std::string_view(u));
		bool same;
		std::string mine = st == URISCAN_OK ? std::string(got, n)
		                   : st == URISCAN_E_UNSUPPORTED ? std::string()
		                                                 : std::string("(failure)");
		std::string theirs = a ? std::string(a->get_hostname())
		                       : std::string("(failure)");
		same = mine == theirs &&
		       (st == URISCAN_OK || st == URISCAN_E_UNSUPPORTED ||
		        st == URISCAN_E_SYNTAX || st == URISCAN_E_IDNA);
		if (listed.count(u)) {
			listed_hit.insert(u);
			if (same) {
				stale++;
				printf("# listed, but agrees: %s\n", printable(u).c_str());
			}
		} else if (same) {
			agree[origin]++;
		} else {
			bad++;
			printf("# %s: uriscan %s \"%s\", ada \"%s\"\n",
			       printable(u).c_str(), uriscan_status_name(st),
			       printable(mine).c_str(), printable(theirs).c_str());
		}
	}
	fclose(fp);
	for (auto &c : cases)
		printf("# %s: %u of %u agree\n", c.first.c_str(), agree[c.first],
		       c.second);
	tap(cases["gen"] >= 20000,
	    std::to_string(cases["gen"]) + " generated host spellings");
	tap(cases["wpt"] >= 500, std::to_string(cases["wpt"]) + " WHATWG inputs");
	tap(total > 0 && bad == 0,
	    std::to_string(total) + " URLs compared (" + std::to_string(skipped) +
	        " without a scheme or needing ICU skipped), " +
	        std::to_string(bad) + " differences not listed");
	tap(stale == 0, std::to_string(stale) + " listed differences agree");
	unsigned missing = 0;
	for (auto &u : listed)
		if (!listed_hit.count(u)) {
			missing++;
			printf("# listed, not an input: %s\n", printable(u).c_str());
		}
	tap(missing == 0 || !uriscan_uts46_available(),
	    "every listed difference is an input");
	printf("1..%d\n", n_tap);
	return 0;
}
