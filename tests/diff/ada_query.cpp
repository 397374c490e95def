// SPDX-License-Identifier: MIT
// ada_query.cpp: the C face of ada's url_search_params for
// test_query_ada.c (ada is not part of this repository: -Dada=DIR names
// its amalgamation). One edit on a query (without '?'), then the pairs,
// decoded, written "key\0value\0" one after the other.
#include <cstring>
#include <string>
#include <string_view>

#include "ada.h"

extern "C" int adaq_edit(const char *q, size_t qlen, int op, const char *key,
                         size_t klen, const char *val, size_t vlen, char *out,
                         size_t cap, size_t *npairs, size_t *out_len)
{
	ada::url_search_params p(std::string_view(q, qlen));
	std::string_view k(key, klen), v(val, vlen);
	switch (op) {
	case 0:
		p.remove(k);
		break;
	case 1:
		p.set(k, v);
		break;
	case 2:
		p.append(k, v);
		break;
	case 3:
		p.sort();
		break;
	default:
		break;
	}
	size_t n = 0, count = 0;
	for (auto it = p.begin(); it != p.end(); ++it) {
		const std::string &a = it->first, &b = it->second;
		if (n + a.size() + b.size() + 2 > cap)
			return -1;
		std::memcpy(out + n, a.data(), a.size());
		n += a.size();
		out[n++] = '\0';
		std::memcpy(out + n, b.data(), b.size());
		n += b.size();
		out[n++] = '\0';
		count++;
	}
	*npairs = count;
	*out_len = n;
	return 0;
}
