-- The extension's functions, one by one, on inputs whose answers are
-- written by hand from RFC 3986 / 3987 and docs/sql.md.
CREATE EXTENSION uriscan;

-- input: valid, invalid with the status and the byte offset in the DETAIL
SELECT 'http://user@Example.com:8080/a/b?x=1&y=2#frag'::uri;
SELECT 'http://example.com/a b'::uri;
SELECT 'http://[::1'::uri;
SELECT 'http://a/%zz'::uri;
SELECT 'http://example.com/ü'::uri;
SELECT 'http://example.com/ü'::iri;
SELECT 'http://example.com/'::uri::text, 'rel/path?q'::uri;
SELECT uri('http://x/'), text('http://x/'::uri);
SELECT 'a b'::text::uri;

-- components, as written; NULL when absent; the path is always there
SELECT uri_scheme(u), uri_userinfo(u), uri_host(u), uri_port(u),
       uri_path(u), uri_query(u), uri_fragment(u), uri_authority(u)
FROM (VALUES ('http://user:pw@Example.com:8080/a/b?x=1&y=2#frag'::uri),
             ('mailto:someone@example.com'::uri),
             ('//h'::uri), ('?q'::uri), (''::uri), ('http://h:/p?#'::uri),
             ('http://[2001:db8::1]:443/'::uri)) AS t(u);
SELECT uri_port('http://h:99999999999/'::uri);
SELECT uri_host('http://bücher.example/'::iri), uri_path('http://h/ü?é'::iri);

-- query parameters: decoded ('+' is a space) unless decode => false
SELECT uri_query_get('http://h/?a=1&b=x%20y+z&a=2', 'b');
SELECT uri_query_get('http://h/?a=1&b=x%20y+z&a=2', 'b', decode => false);
SELECT uri_query_get('http://h/?a=1&b=x%20y+z&a=2', 'a');
SELECT uri_query_get('http://h/?a=1&flag&c', 'flag'),
       uri_query_get('http://h/?a=1', 'z'), uri_query_get('http://h/', 'a');
SELECT uri_query_get('http://h/?k%20ey=v', 'k ey');
SELECT uri_query_get('http://h/?a=%00', 'a');
SELECT uri_query_get('http://h/?a=%00', 'a', false);
SELECT * FROM uri_query_params('http://h/?a=1&&b=%41+B&c&=e&a=2');
SELECT * FROM uri_query_params('http://h/?a=%41', decode => false);
SELECT count(*) FROM uri_query_params('http://h/');
SELECT count(*) FROM uri_query_params('http://h/?');

-- path segments
SELECT uri_path_segments(u), uri_path_segments(u, false)
FROM (VALUES ('http://h/a/b%2Fc/'::uri), ('http://h'::uri), ('http://h/'::uri),
             ('a//b'::uri), ('mailto:x@y'::uri)) AS t(u);

-- operations
SELECT uri_normalize('HTTP://Example.COM:80/a/./b/../%7e?%3f#%41');
SELECT uri_normalize('http://h/%C3%A9'::iri), uri_normalize('http://h/%C3%A9'::uri);
SELECT uri_resolve('http://a/b/c/d;p?q', '../g'),
       uri_resolve('http://a/b/c/d;p?q', '//x/y'),
       uri_resolve('http://a/b/', '?z#f');
SELECT uri_resolve('rel/base', 'x');
SELECT uri_equivalent('HTTP://Example.com:80/%7e', 'http://example.com/~'),
       uri_equivalent('http://example.com/a', 'http://example.com/b');
SELECT uri_percent_encode('a b/c?d=é~'), uri_percent_decode('a%20b+c'),
       uri_percent_decode('a%20b+c', plus => true);
SELECT uri_percent_decode('100%');
SELECT uri_percent_decode('%FF');
SELECT uri_percent_decode_bytes('%FF%00a');
SELECT 'http://h/ü'::iri::uri, 'http://h/%C3%BC'::uri::iri;

-- query editing that keeps every other byte (docs/rewrite.md)
SELECT uri_strip_tracking('https://shop.example/item?id=9&utm_source=news&gclid=x1&q=a%20b+c;d#top');
SELECT uri_strip_tracking('http://h/?utm_id=1&fbclid=2'), uri_strip_tracking('http://h/p'),
       uri_strip_tracking('http://h/?Utm_Source=x&utm%5Fmedium=y');
SELECT uri_strip_tracking('http://h/?id=1&ref_src=t&utm_id=2&x_ref=3', '{ref_*,*_ref}');
SELECT uri_strip_tracking('http://h/ü?utm_id=1&é=2'::iri), pg_typeof(uri_strip_tracking('http://h/'::iri));
SELECT uri_query_remove('http://h/?a=1&b=%20&c=3&utm_x=4#f', 'a', 'utm_*'),
       uri_query_remove('http://h/?a%20b=1&a+b=2&c', 'a b'),
       uri_query_remove('http://h/?a=1', VARIADIC ARRAY['a']),
       uri_query_remove('http://h/?a=1', 'z');
SELECT uri_query_remove('http://h/?a=1', 'a', NULL);
SELECT uri_query_remove('http://h/?a=1', VARIADIC NULL::text[]) IS NULL AS strict;
SELECT uri_query_set('http://h/search?q=a%20b&page=1&lang=en&page=7', 'page', '2'),
       uri_query_set('http://h/', 'q', 'a b&c=d é'),
       uri_query_set('http://h/ü'::iri, 'q', 'é');
SELECT uri_query_sort('http://h/?b=1&a=2&c=%20&a=1#f'), uri_query_sort('http://h/');
-- 100,000 pairs: one read and O(n log n) compares (the old selection took
-- minutes), the same order as sorted here
SELECT uri_query_sort(('http://h/?' || repeat('b&a=1&', 50000) || 'c')::uri)::text
       = 'http://h/?' || repeat('a=1&', 50000) || repeat('b&', 50000) || 'c'
       AS sorted_100k;
SELECT length(uri_query_sort(('http://h/?' || repeat('b&a&', 499) || 'c')::uri)::text),
       left(uri_query_sort(('http://h/?' || repeat('b&a&', 499) || 'c')::uri)::text, 20);

-- hosts: the address in any spelling, its class, the browser's host, the
-- registrable domain, the confusion flags
SELECT u, uri_host_inet(u), uri_ip_class(u), uri_browser_host(u), uri_site(u)
FROM (VALUES ('http://0x7f.1/'::uri), ('http://2130706433/'::uri),
             ('http://0177.0.0.1/'::uri), ('http://10.1.2.3/'::uri),
             ('http://[::ffff:192.168.0.1]/'::uri), ('http://169.254.169.254/'::uri),
             ('http://www.Example.co.uk/x'::uri), ('https://foo.github.io/'::uri),
             ('foo://127.1/'::uri), ('http://1.2.3.256/'::uri), ('/rel'::uri),
             ('mailto:a@b.example'::uri)) AS t(u);
SELECT uri_flags('http://user@0x7f.1:080/a/../b'::uri);
SELECT uri_flags('http:\\evil.example\x'), uri_flags('https://a.example/'),
       uri_flags('http://ä.example/', 'rfc3987');
SELECT uri_flags('http://h/', 'rfc9999');

-- checks on plain text
SELECT uri_is_valid('http://example.com/'), uri_is_valid('http://example.com/ a'),
       uri_is_valid('http://ü.example/'), uri_is_valid('http://ü.example/', 'rfc3987'),
       uri_is_valid('http://ü.example/', '3987'), uri_is_valid(''::text);
SELECT uri_error('http://example.com/a b'), uri_error('http://example.com/');
SELECT (uri_error('http://[::1')).*;
SELECT (uri_error('http://h/é x', 'rfc3987')).*;
SELECT uri_error('\x687474703a2f2f682f80'::bytea, 'rfc3987'),
       uri_error('\x687474703a2f2f682fe0a0'::bytea, 'rfc3987');
SELECT uri_is_valid('\x687474703a2f2f682f00'::bytea), uri_is_valid('http://h/'::bytea);
SELECT uri_is_valid('http://h/', 'nope');
SELECT * FROM uri_extract('see http://a.example/x, and (https://b.example/y). end');
SELECT * FROM uri_extract('ü http://a.example/ é http://b/ü', 'rfc3987');
SELECT * FROM uri_extract('\x00687474703a2f2f612fff'::bytea);
SELECT count(*) FROM uri_extract('no url here');

-- NULL in, NULL out
SELECT uri_host(NULL::uri) IS NULL, uri_is_valid(NULL::text) IS NULL,
       uri_query_get('http://h/?a=1', NULL) IS NULL,
       uri_query_set('http://h/', 'a', NULL) IS NULL,
       uri_strip_tracking(NULL::uri) IS NULL,
       (SELECT count(*) FROM uri_extract(NULL::text)) = 0;

-- every function of the extension: IMMUTABLE, PARALLEL SAFE, STRICT
SELECT p.oid::regprocedure
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uriscan'
WHERE p.provolatile <> 'i' OR p.proparallel <> 's' OR NOT p.proisstrict
ORDER BY 1;
SELECT count(*) > 80 AS many_functions
FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uriscan'
WHERE d.classid = 'pg_proc'::regclass;
