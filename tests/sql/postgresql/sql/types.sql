-- Comparison, GROUP BY, DISTINCT, indexes and joins on the normal form:
-- "HTTP://Example.com:80/%7e" and "http://example.com/~" are one value.
CREATE TABLE t (id serial, u uri);
INSERT INTO t (u) VALUES ('HTTP://Example.com:80/%7e'), ('http://example.com/~'),
  ('http://example.com:/~'), ('http://EXAMPLE.com/%7E'), ('http://example.com/a'),
  ('http://example.com/b'), ('https://example.com:443'), ('https://example.com/'),
  ('http://example.com/a/./b/../c');
SELECT 'HTTP://Example.com:80/%7e'::uri = 'http://example.com/~'::uri AS eq,
       'http://a/x'::uri < 'http://a/y'::uri AS lt,
       'http://a/x'::uri <> 'HTTP://A/x'::uri AS ne;
SELECT count(DISTINCT u) FROM t;
SELECT u, count(*) FROM t GROUP BY u ORDER BY u;
SELECT u FROM t WHERE u = 'http://example.com/~' ORDER BY id;
-- the value keeps its text; uri_normalize gives the normal form
SELECT u, uri_normalize(u) FROM t ORDER BY id;
-- a btree index answers =, and a unique index refuses a second spelling
CREATE INDEX t_u ON t (u);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM t WHERE u = 'http://example.com/~';
SELECT id FROM t WHERE u = 'http://example.com/~' ORDER BY id;
SELECT id FROM t WHERE u > 'http://example.com/a' AND u < 'http://example.com/c' ORDER BY id;
CREATE INDEX t_uh ON t USING hash (u);
DROP INDEX t_u;
EXPLAIN (COSTS OFF) SELECT id FROM t WHERE u = 'http://example.com/~';
SELECT id FROM t WHERE u = 'HTTP://EXAMPLE.COM:80/~' ORDER BY id;
RESET enable_seqscan;
CREATE TABLE uq (u uri UNIQUE);
INSERT INTO uq VALUES ('http://example.com/~');
INSERT INTO uq VALUES ('HTTP://Example.com:80/%7e');
-- hash joins, hash aggregation, merge joins
SET enable_sort = off;
SELECT count(*) FROM t a JOIN t b ON a.u = b.u;
RESET enable_sort;
SET enable_hashjoin = off; SET enable_nestloop = off;
SELECT count(*) FROM t a JOIN t b ON a.u = b.u;
RESET enable_hashjoin; RESET enable_nestloop;
-- hash partitioning (the extended hash)
CREATE TABLE p (u uri) PARTITION BY HASH (u);
CREATE TABLE p0 PARTITION OF p FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE p1 PARTITION OF p FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO p SELECT u FROM t;
SELECT count(*) FROM p GROUP BY u HAVING count(*) > 1 ORDER BY 1;
SELECT (SELECT count(DISTINCT tableoid) FROM p WHERE u = x.u) FROM t x ORDER BY id LIMIT 4;
-- binary COPY round trip (send and receive)
COPY t TO '/dev/null' (FORMAT binary);
CREATE TEMP TABLE iris (i iri);
INSERT INTO iris VALUES ('http://h/%C3%A9'), ('http://H/é'), ('http://h/e');
SELECT count(DISTINCT i) FROM iris;
-- an index on an expression (IMMUTABLE functions)
CREATE TABLE logs (ref text);
INSERT INTO logs VALUES ('http://www.example.co.uk/a'), ('https://shop.example.co.uk/'),
  ('http://0x7f.1/'), ('not a url'), ('http://example.org/?utm_source=x');
CREATE INDEX logs_site ON logs (uri_site(uri(ref))) WHERE uri_is_valid(ref);
SELECT uri_site(uri(ref)) AS site, count(*) FROM logs WHERE uri_is_valid(ref)
GROUP BY 1 ORDER BY 2 DESC, 1;
-- a parallel sequential scan plans workers for uriscan's functions
CREATE TABLE big AS SELECT 'http://h' || g || '.example/p?q=' || g AS u
  FROM generate_series(1, 20000) g;
ANALYZE big;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT count(*) FROM big WHERE uri_is_valid(u);
-- and runs them in every worker it planned
CREATE FUNCTION workers_launched(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE line text;
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
    IF line ~ 'Workers Launched' THEN RETURN trim(line); END IF;
  END LOOP;
  RETURN NULL;
END $$;
SELECT workers_launched('SELECT count(*) FROM big WHERE uri_is_valid(u) AND uri_host(u::uri) IS NOT NULL');
SELECT count(*) FROM big WHERE uri_is_valid(u);
EXPLAIN (COSTS OFF) SELECT uri_host(u::uri), count(*) FROM big GROUP BY 1;
SELECT count(*) FROM (SELECT uri_host(u::uri), count(*) FROM big GROUP BY 1) s;
RESET parallel_setup_cost; RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;
-- the recipes of docs/sql.md, on a small log
CREATE TABLE access_log (ts timestamptz, client inet, method text, target text,
  status int, referer text, agent text);
INSERT INTO access_log (ts, client, target, referer) VALUES
  ('2026-01-01', '10.0.0.1', '/a', 'https://www.google.co.uk/search?q=x'),
  ('2026-01-01', '10.0.0.2', '/b', 'https://news.google.co.uk/'),
  ('2026-01-01', '10.0.0.3', 'http://0x7f.1/admin', 'http://blog.example.org/p'),
  ('2026-01-01', '10.0.0.4', '/proxy?url=http://2130706433/x', '-'),
  ('2026-01-01', '10.0.0.5', '/proxy?url=http%3A%2F%2F%5B%3A%3Affff%3A10.0.0.1%5D%2F', 'not a url'),
  ('2026-01-01', '10.0.0.6', 'http://example.com/', 'http://[::1]:8080/');
SELECT uri_site(referer::uri) AS site, count(*)
FROM access_log WHERE uri_is_valid(referer)
GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20;
SELECT ts, client, target, uri_host_inet(u), uri_ip_class(u)
FROM access_log,
     LATERAL (VALUES (target),
                     (uri_query_get(CASE WHEN uri_is_valid(target)
                                         THEN target::uri END, 'url'))) v(s),
     LATERAL (SELECT s::uri WHERE uri_is_valid(s)) x(u)
WHERE uri_ip_class(u) IN ('loopback', 'private', 'link-local', 'shared',
                          'unspecified')
ORDER BY client;
CREATE TABLE tickets (id int, body text);
INSERT INTO tickets VALUES (1, 'see https://a.example/x, and (http://b.example/y).'),
  (2, 'nothing'), (3, 'ü http://c.example/ü?q');
SELECT t.id, x.byte_offset, x.url
FROM tickets t, uri_extract(t.body) x ORDER BY 1, 2;
-- top pages without tracking parameters: uri_strip_tracking, grouped on
-- the normal form
INSERT INTO access_log (ts, client, target) VALUES
  ('2026-01-02', '10.0.0.7', '/item?id=9&utm_source=news&utm_medium=mail'),
  ('2026-01-02', '10.0.0.8', '/item?gclid=x1&id=9'),
  ('2026-01-02', '10.0.0.9', '/%69tem?id=9'),
  ('2026-01-02', '10.0.0.9', '/other?fbclid=z'),
  ('2026-01-02', '10.0.0.9', '/other?msclkid=y&_ga=1');
SELECT uri_strip_tracking(target::uri) AS page, count(*)
FROM access_log WHERE uri_is_valid(target)
GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20;
-- long values, stored compressed (TOAST): sorted, hashed, compared
CREATE TABLE long_u AS SELECT ('http://h/' || repeat('ab', 50000) || (g % 3))::uri AS u
  FROM generate_series(1, 30) g;
CREATE INDEX long_u_h ON long_u USING hash (u);
SELECT count(DISTINCT u), count(*) FILTER (WHERE u = ('HTTP://H/' || repeat('ab', 50000) || '1')::uri)
FROM long_u;
SELECT length(uri_path(u)) FROM long_u GROUP BY 1;
