-- Bad input: random strings and random bytes through every function, NULs,
-- invalid UTF-8 (in a SQL_ASCII database, where text holds any byte but
-- NUL), values of hundreds of megabytes. Every failure must be an ERROR of
-- a documented class (docs/sql.md); a crash of the backend would end the
-- session and this file's output.
\set ECHO none
\i @sqldir@/every_function.inc
\set ECHO all

-- random strings of the bytes URLs are made of and break on, alone and
-- after a scheme; random bytes (NUL included) as bytea
SELECT setseed(0.25);
CREATE TEMP TABLE rnd AS
SELECT g, CASE WHEN g % 3 = 0 THEN 'http://' WHEN g % 3 = 1 THEN '' ELSE 'x:' END ||
  (SELECT string_agg(substr(pool, 1 + floor(random() * length(pool))::int + 0 * k, 1), '')
   FROM generate_series(1, 1 + g % 47) k WHERE g > 0) AS s,
  (SELECT decode(string_agg(lpad(to_hex(floor(random() * 256)::int + 0 * k), 2, '0'), ''), 'hex')
   FROM generate_series(1, 1 + g % 61) k WHERE g > 0) AS b
FROM (SELECT 'aZ09:/?#[]@!$&''()*+,;=%-._~ "<>\^`{|}%%2f%C3%00éü€𝄞１．' || E'\t\n\r' AS pool) p,
     generate_series(1, 1500) g;
SELECT count(*) FILTER (WHERE uri_is_valid(s)) > 0 AS some_valid,
       count(*) FILTER (WHERE NOT uri_is_valid(s)) > 0 AS some_invalid FROM rnd;
SELECT g, s, bad FROM (SELECT g, s, every_function(s, b) AS bad FROM rnd) t WHERE bad <> '{}';
-- the vectors' URLs cut at every length: every prefix of real URLs
SELECT DISTINCT unnest(bad) FROM (
  SELECT every_function(left(u, n), convert_to(left(u, n), 'UTF8')) AS bad
  FROM (VALUES ('http://user:pw@[::ffff:10.0.0.1]:080/a/../%7e?a=1&b=%zz#f'),
               ('https://xn--bcher-kva.example./ä?q=é#%C3%A9'),
               ('HTTP://0x7f.1/..%2f..%2fetc?utm_source=x&&=')) v(u),
       generate_series(0, 64) n) t WHERE bad <> '{}';

-- NULL arguments: NULL out, nothing called
SELECT uri_is_valid(NULL::text, 'rfc3986') IS NULL AS a, uri_is_valid('x', NULL) IS NULL AS b,
       uri_resolve(NULL, 'x'::uri) IS NULL AS c, uri_flags(NULL::bytea) IS NULL AS d,
       uri_query_get('http://h/?a'::uri, NULL, true) IS NULL AS e;

-- long values: a 70,000-byte URI (offsets over 16 bits), 300 MB to check
-- and to extract from, a 100 MB value of the type
SELECT uri_path(('http://h/' || repeat('a', 70000) || '?q')::uri) = '/' || repeat('a', 70000)
       AS wide_path,
       uri_query(('http://h/' || repeat('a', 70000) || '?q')::uri) AS q;
-- query editing over a million pairs (linear; only the sort is refused)
SELECT uri_query_remove(('http://h/?' || repeat('a=1&', 1000000) || 'b')::uri, 'a')::text
       AS removed_1m_pairs,
       length(uri_strip_tracking(('http://h/?' || repeat('utm_id=1&', 1000000) || 'b='
              || repeat('x', 1000000))::uri)::text) AS stripped_len;
SELECT uri_is_valid('http://a/' || repeat('b', 300000000)) AS valid_300mb,
       (uri_error('http://a/' || repeat('b', 300000000) || ' ')).byte_offset AS err_at;
SELECT byte_offset, length(url) FROM uri_extract(repeat('x ', 50000000) || 'http://a/' || repeat('c', 1000000) || ' z');
SELECT length(uri_path(('http://h/' || repeat('%7e', 30000000))::uri)) AS path_len,
       length(uri_normalize(('http://h/' || repeat('%7e', 30000000))::uri)::text) AS normal_len;

-- invalid UTF-8: a SQL_ASCII database takes any byte but NUL in text
CREATE DATABASE uriscan_ascii ENCODING 'SQL_ASCII' TEMPLATE template0
  LC_COLLATE 'C' LC_CTYPE 'C';
\c uriscan_ascii
CREATE EXTENSION uriscan;
\set ECHO none
\i @sqldir@/every_function.inc
\set ECHO all
-- random bytes (but NUL) as text: invalid UTF-8 through every function
SELECT setseed(0.75);
CREATE TEMP TABLE rnd AS SELECT g, convert_from(b, 'SQL_ASCII') AS s, b FROM (
  SELECT g, (SELECT decode(string_agg(lpad(to_hex(1 + floor(random() * 255)::int), 2, '0'), ''), 'hex')
             FROM generate_series(1, 1 + g % 53) k WHERE g > 0) AS b
  FROM generate_series(1, 1000) g) t;
SELECT count(*) AS rows FROM rnd;
SELECT g, bad FROM (SELECT g, every_function('http://' || s, b) AS bad FROM rnd) t WHERE bad <> '{}';
SELECT g, bad FROM (SELECT g, every_function(s, b) AS bad FROM rnd) t WHERE bad <> '{}';
SELECT uri_is_valid(convert_from('\x687474703a2f2f682fff'::bytea, 'SQL_ASCII'), 'rfc3987') AS v,
       (uri_error(convert_from('\x687474703a2f2f682fff'::bytea, 'SQL_ASCII'), 'rfc3987')).detail;
SELECT * FROM uri_extract(convert_from('\x8068747470733a2f2f612f80ff20687474703a2f2f622f'::bytea, 'SQL_ASCII'));
SELECT uri_percent_decode('%FF%C3') IS NOT NULL AS decoded_as_bytes;
