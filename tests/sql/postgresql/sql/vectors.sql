-- The vectors of tests/vectors/ that apply (tests/sql/sql_vectors.py says
-- which and why), loaded from the files run_pg_regress.py writes (bytes in
-- hex). Each query lists the rows whose answer differs: none.
CREATE TEMP TABLE g (grammar text, "where" text, input text, is_text bool, valid bool,
  status text, "offset" bigint, parts bool, scheme text, authority text,
  userinfo text, host text, port text, path text, query text, fragment text);
\set ECHO none
\copy g FROM '@vectors@/grammar.copy'
\set ECHO all
SELECT grammar, count(*) >= 50 AS loaded FROM g GROUP BY 1 ORDER BY 1;
-- the checks on bytes (bytea): every row, NUL and invalid UTF-8 included
SELECT "where" FROM g
WHERE uri_is_valid(decode(input, 'hex'), grammar) <> valid
   OR (uri_error(decode(input, 'hex'), grammar)).status IS DISTINCT FROM status
   OR (uri_error(decode(input, 'hex'), grammar)).byte_offset IS DISTINCT FROM "offset";
-- the same on text, where the bytes are text
CREATE TEMP TABLE gt AS SELECT *, convert_from(decode(input, 'hex'), 'UTF8') AS s
  FROM g WHERE is_text;
SELECT count(*) > 300 AS many_text_rows FROM gt;
SELECT "where" FROM gt
WHERE uri_is_valid(s, grammar) <> valid
   OR (uri_error(s, grammar)).status IS DISTINCT FROM status;
-- the type: the valid rows are values, their components as listed
CREATE FUNCTION h(text) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT convert_from(decode($1, 'hex'), 'UTF8') $$;
CREATE TEMP TABLE parsed AS
  SELECT g.*, CASE grammar WHEN 'rfc3986' THEN s::uri::text END AS u,
         CASE grammar WHEN 'rfc3987' THEN s::iri::text END AS i
  FROM gt g WHERE valid;
-- (the port as written: the end of the authority; uri_port below)
CREATE FUNCTION port_of(a text) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT substring(a FROM ':([0-9]*)$') $$;
SELECT "where" FROM parsed p WHERE parts AND (
  CASE WHEN u IS NOT NULL THEN
    ROW(uri_scheme(u::uri), uri_authority(u::uri), uri_userinfo(u::uri),
        uri_host(u::uri), port_of(uri_authority(u::uri)), uri_path(u::uri),
        uri_query(u::uri), uri_fragment(u::uri))
  ELSE
    ROW(uri_scheme(i::iri), uri_authority(i::iri), uri_userinfo(i::iri),
        uri_host(i::iri), port_of(uri_authority(i::iri)), uri_path(i::iri),
        uri_query(i::iri), uri_fragment(i::iri)) END
  IS DISTINCT FROM
  ROW(h(scheme), h(authority), h(userinfo), h(host), h(port), h(path), h(query),
      h(fragment)));
-- uri_port is the number: "080" reads 80, an empty port NULL; a port
-- beyond the integer's range is an ERROR (22003), tested in uriscan.sql
SELECT "where" FROM parsed p WHERE parts AND length(h(port)) < 10
  AND uri_port(coalesce(u::uri, i::iri::uri)) IS DISTINCT FROM nullif(h(port), '')::int;
SELECT count(*) > 10 AS ports FROM parsed WHERE parts AND h(port) <> '';
-- an invalid row is refused by the type, with its status in the DETAIL
DO $$
DECLARE r record; n int := 0; d text;
BEGIN
  FOR r IN SELECT * FROM gt WHERE NOT valid LOOP
    BEGIN
      IF r.grammar = 'rfc3986' THEN PERFORM r.s::uri; ELSE PERFORM r.s::iri; END IF;
      RAISE NOTICE 'accepted: %', r."where";
    EXCEPTION WHEN invalid_text_representation THEN
      GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
      IF d NOT LIKE r.status || ' at byte ' || r."offset" || ' %' THEN
        RAISE NOTICE 'detail of %: %', r."where", d;
      END IF;
      n := n + 1;
    END;
  END LOOP;
  RAISE NOTICE 'invalid rows refused: %', n > 100;
END $$;

-- normal forms
CREATE TEMP TABLE n (grammar text, "where" text, input text, normal text, exact bool);
\set ECHO none
\copy n FROM '@vectors@/normalize.copy'
\set ECHO all
SELECT count(*) > 80 AS loaded, count(*) FILTER (WHERE exact) AS exact FROM n;
SELECT "where" FROM n WHERE grammar = 'rfc3986' AND exact
  AND uri_normalize(h(input)::uri)::text <> h(normal);
SELECT "where" FROM n WHERE grammar = 'rfc3987' AND exact
  AND uri_normalize(h(input)::iri)::text <> h(normal);
SELECT "where" FROM n WHERE grammar = 'rfc3986'
  AND (h(input)::uri <> h(normal)::uri
       OR uri_normalize(h(input)::uri)::text <> uri_normalize(h(normal)::uri)::text);
SELECT "where" FROM n WHERE grammar = 'rfc3987'
  AND (h(input)::iri <> h(normal)::iri
       OR uri_normalize(h(input)::iri)::text <> uri_normalize(h(normal)::iri)::text);
-- normalizing twice changes nothing
SELECT "where" FROM n WHERE grammar = 'rfc3986'
  AND uri_normalize(uri_normalize(h(input)::uri))::text <> uri_normalize(h(input)::uri)::text;

CREATE TEMP TABLE e (grammar text, "where" text, a text, b text, equal bool);
\set ECHO none
\copy e FROM '@vectors@/equivalent.copy'
\set ECHO all
SELECT count(*) >= 5 AS loaded FROM e;
SELECT "where" FROM e WHERE grammar = 'rfc3986' AND
  ((h(a)::uri = h(b)::uri) <> equal OR uri_equivalent(h(a)::uri, h(b)::uri) <> equal
   OR (equal AND uri_hash(h(a)::uri) <> uri_hash(h(b)::uri)));
SELECT "where" FROM e WHERE grammar = 'rfc3987' AND (h(a)::iri = h(b)::iri) <> equal;

-- resolution
CREATE TEMP TABLE r (grammar text, "where" text, base text, ref text, target text);
\set ECHO none
\copy r FROM '@vectors@/resolve.copy'
\set ECHO all
SELECT count(*) > 100 AS loaded FROM r;
SELECT "where" FROM r WHERE grammar = 'rfc3986'
  AND uri_resolve(h(base)::uri, h(ref)::uri)::text <> h(target);
SELECT "where" FROM r WHERE grammar = 'rfc3987'
  AND uri_resolve(h(base)::iri, h(ref)::iri)::text <> h(target);

-- extraction, on bytea (every row) and on text (where it is text)
CREATE TEMP TABLE x (grammar text, "where" text, input text, is_text bool, matches text);
\set ECHO none
\copy x FROM '@vectors@/extract.copy'
\set ECHO all
SELECT count(*) > 80 AS loaded FROM x;
SELECT "where" FROM x WHERE coalesce(matches, '') <> coalesce((
  SELECT string_agg(byte_offset || '=' || encode(convert_to(url, 'UTF8'), 'hex'), ' '
                    ORDER BY byte_offset)
  FROM uri_extract(decode(input, 'hex'), grammar)), '');
SELECT count(*) > 50 AS text_rows FROM x WHERE is_text;
SELECT "where" FROM x WHERE is_text AND coalesce(matches, '') <> coalesce((
  SELECT string_agg(byte_offset || '=' || encode(convert_to(url, 'UTF8'), 'hex'), ' '
                    ORDER BY byte_offset)
  FROM uri_extract(h(input), grammar)), '');

-- query parameters
CREATE TEMP TABLE q ("where" text, query text, key text, value text);
\set ECHO none
\copy q FROM '@vectors@/query_get.copy'
\set ECHO all
SELECT count(*) >= 15 AS loaded FROM q;
SELECT "where" FROM q WHERE uri_is_valid('http://h/?' || h(query))
  AND uri_query_get(('http://h/?' || h(query))::uri, h(key), decode => false)
      IS DISTINCT FROM h(value);

-- the confusion flags, on bytes
CREATE TEMP TABLE c ("where" text, url text, grammar text, flags text[]);
\set ECHO none
\copy c FROM '@vectors@/confusion.copy'
\set ECHO all
SELECT count(*) > 200 AS loaded FROM c;
SELECT "where" FROM c
WHERE ARRAY(SELECT unnest(uri_flags(decode(url, 'hex'), grammar)) ORDER BY 1)
      <> ARRAY(SELECT unnest(flags) ORDER BY 1);
-- and on the types, for the URLs that are values
SELECT "where" FROM c WHERE grammar = 'rfc3986'
  AND uri_is_valid(decode(url, 'hex'))
  AND uri_flags(h(url)::uri) <> uri_flags(decode(url, 'hex'));

-- hosts: the address and its class, through the type
CREATE TEMP TABLE ha ("where" text, url text, ip text, class text);
\set ECHO none
\copy ha FROM '@vectors@/host_address.copy'
\set ECHO all
SELECT count(*) > 200 AS loaded,
       count(*) FILTER (WHERE uri_is_valid(decode(url, 'hex'))) > 150 AS as_uri
FROM ha;
SELECT "where" FROM ha WHERE uri_is_valid(decode(url, 'hex'))
  AND (uri_host_inet(h(url)::uri) IS DISTINCT FROM ip::inet
       OR uri_ip_class(h(url)::uri) IS DISTINCT FROM class);
SELECT "where" FROM ha WHERE NOT uri_is_valid(decode(url, 'hex'))
  AND uri_is_valid(decode(url, 'hex'), 'rfc3987')
  AND (uri_host_inet(h(url)::iri) IS DISTINCT FROM ip::inet
       OR uri_ip_class(h(url)::iri) IS DISTINCT FROM class);

CREATE TEMP TABLE s ("where" text, url text, site text);
\set ECHO none
\copy s FROM '@vectors@/site.copy'
\set ECHO all
SELECT count(*) >= 20 AS loaded FROM s;
SELECT "where" FROM s WHERE uri_is_valid(decode(url, 'hex'))
  AND uri_site(h(url)::uri) IS DISTINCT FROM site;

-- query editing (query-edit*.tsv, rewrite.tsv: the rows sql_vectors.py
-- takes): uri_strip_tracking, uri_query_remove, uri_query_set,
-- uri_query_sort on both types; result NULL: an invalid URL, which the
-- type refuses
CREATE TEMP TABLE qe ("where" text, grammar text, kind text, url text, keys text,
  value text, result text);
\set ECHO none
\copy qe FROM '@vectors@/query_edit.copy'
\set ECHO all
SELECT kind, count(*) > 0 AS loaded FROM qe GROUP BY 1 ORDER BY 1;
CREATE FUNCTION hk(text) RETURNS text[] LANGUAGE sql IMMUTABLE
  AS $$ SELECT coalesce(array_agg(h(k) ORDER BY n), '{}')
        FROM unnest(string_to_array($1, ',')) WITH ORDINALITY AS t(k, n) $$;
CREATE FUNCTION edit(kind text, u uri, keys text[], value text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 'strip' THEN uri_strip_tracking(u)::text
    WHEN 'remove' THEN uri_query_remove(u, VARIADIC keys)::text
    WHEN 'set' THEN uri_query_set(u, keys[1], value)::text
    WHEN 'sort' THEN uri_query_sort(u)::text END $$;
CREATE FUNCTION edit(kind text, u iri, keys text[], value text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 'strip' THEN uri_strip_tracking(u)::text
    WHEN 'remove' THEN uri_query_remove(u, VARIADIC keys)::text
    WHEN 'set' THEN uri_query_set(u, keys[1], value)::text
    WHEN 'sort' THEN uri_query_sort(u)::text END $$;
SELECT "where" FROM qe WHERE result IS NOT NULL AND grammar = 'rfc3986'
  AND edit(kind, h(url)::uri, hk(keys), h(value)) IS DISTINCT FROM h(result);
-- through iri: the rows of RFC 3987, and those of RFC 3986 but set (whose
-- new value is encoded as the grammar asks: é stays é in an IRI)
SELECT "where" FROM qe WHERE result IS NOT NULL AND (grammar = 'rfc3987' OR kind <> 'set')
  AND edit(kind, h(url)::iri, hk(keys), h(value)) IS DISTINCT FROM h(result);
SELECT "where" FROM qe WHERE result IS NULL AND uri_is_valid(h(url), grammar);
-- every valid URI of the grammar vectors: removing a key it does not hold,
-- or an empty list, gives it back byte for byte; stripping and sorting
-- twice is stripping and sorting once
SELECT "where" FROM parsed WHERE u IS NOT NULL
  AND (uri_query_remove(u::uri, 'no-such-key')::text <> u
       OR uri_query_remove(u::uri, VARIADIC '{}'::text[])::text <> u
       OR uri_strip_tracking(uri_strip_tracking(u::uri))::text <> uri_strip_tracking(u::uri)::text
       OR uri_query_sort(uri_query_sort(u::uri))::text <> uri_query_sort(u::uri)::text);
SELECT "where" FROM parsed WHERE i IS NOT NULL
  AND (uri_query_remove(i::iri, 'no-such-key')::text <> i
       OR uri_strip_tracking(uri_strip_tracking(i::iri))::text <> uri_strip_tracking(i::iri)::text);
