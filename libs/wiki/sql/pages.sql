-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- PageSearchRepository.search (1 of 7)
-- $1 = "\"release notes\" -draft", $2 = "55555555-5555-4555-8555-555555555555", $3 = "44444444-4444-4444-8444-444444444444", $4 = ["77777777-7777-4777-8777-777777777777"], $5 = "44444444-4444-4444-8444-444444444444", $6 = 10, $7 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT websearch_to_tsquery('english', $1::text) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $2 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $3)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($4::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $5)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $6::int + 1 OFFSET $7::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (2 of 7)
-- $1 = "deplo", $2 = "deplo", $3 = "55555555-5555-4555-8555-555555555555", $4 = "44444444-4444-4444-8444-444444444444", $5 = ["77777777-7777-4777-8777-777777777777"], $6 = "44444444-4444-4444-8444-444444444444", $7 = 10, $8 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $1::text) || to_tsquery('english', quote_literal($2::text) || ':*')) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $3 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $4)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($5::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $6)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $7::int + 1 OFFSET $8::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (3 of 7)
-- $1 = "release deplo", $2 = "release", $3 = "deplo", $4 = "55555555-5555-4555-8555-555555555555", $5 = "44444444-4444-4444-8444-444444444444", $6 = ["77777777-7777-4777-8777-777777777777"], $7 = "44444444-4444-4444-8444-444444444444", $8 = 10, $9 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) && to_tsquery('english', quote_literal($3::text) || ':*'))) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $4 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $5)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($6::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $7)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $8::int + 1 OFFSET $9::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (4 of 7)
-- $1 = "release or deplo", $2 = "release", $3 = "deplo", $4 = "55555555-5555-4555-8555-555555555555", $5 = "44444444-4444-4444-8444-444444444444", $6 = ["77777777-7777-4777-8777-777777777777"], $7 = "44444444-4444-4444-8444-444444444444", $8 = 10, $9 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) || to_tsquery('english', quote_literal($3::text) || ':*'))) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $4 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $5)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($6::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $7)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $8::int + 1 OFFSET $9::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (5 of 7)
-- $1 = "'deploy' | 'deployment'", $2 = "55555555-5555-4555-8555-555555555555", $3 = "44444444-4444-4444-8444-444444444444", $4 = ["77777777-7777-4777-8777-777777777777"], $5 = "44444444-4444-4444-8444-444444444444", $6 = 10, $7 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT $1::tsquery AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $2 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $3)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($4::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $5)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $6::int + 1 OFFSET $7::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (6 of 7)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "deplo", $3 = "deplo", $4 = "release deplo", $5 = "release", $6 = "'deploy' | 'deployment'", $7 = "55555555-5555-4555-8555-555555555555", $8 = "44444444-4444-4444-8444-444444444444", $9 = ["77777777-7777-4777-8777-777777777777"], $10 = "44444444-4444-4444-8444-444444444444", $11 = 10, $12 = 20
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms, ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                 WHERE t.company_id = $1::uuid
                   AND t.lexeme >= $2::text COLLATE "C"
                   AND t.lexeme < ($3::text || chr(1114111)) COLLATE "C"
                 ORDER BY t.lexeme
                 LIMIT 17) AS prefix_lexemes
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $4::text) || (websearch_to_tsquery('english', $5::text) && $6::tsquery)) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $7 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $8)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($9::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $10)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $11::int + 1 OFFSET $12::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository.search (7 of 7)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "deplx", $3 = "deplx", $4 = "release or deplo", $5 = "55555555-5555-4555-8555-555555555555", $6 = "44444444-4444-4444-8444-444444444444", $7 = ["77777777-7777-4777-8777-777777777777"], $8 = "44444444-4444-4444-8444-444444444444", $9 = 10, $10 = 0
SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              left(page.content_md, 100000) AS body, querytree(hit.query) AS terms, ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                 WHERE t.company_id = $1::uuid
                   AND t.lexeme >= $2::text COLLATE "C"
                   AND t.lexeme < ($3::text || chr(1114111)) COLLATE "C"
                 ORDER BY t.lexeme
                 LIMIT 17) AS prefix_lexemes
         FROM (SELECT p.id, q.query, ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT websearch_to_tsquery('english', $4::text) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $5 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $6)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($7::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $8)))
                ORDER BY rank DESC, p.id ASC
                LIMIT $9::int + 1 OFFSET $10::int) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC;

-- PageSearchRepository (memory).standingMemory
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "44444444-4444-4444-8444-444444444444"
SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version, v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label
         FROM wiki.pages p LEFT JOIN wiki.page_versions v ON v.page_id = p.id AND v.version = p.current_version
        WHERE p.deleted_at IS NULL AND ((p.company_id = $1 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $2)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $4))) AND (p.lane = 'private' AND NOT p.is_folder_index
      AND lower(p.folder_path) = '/private'
      AND lower(p.title) = 'my assistant memory')
        LIMIT 1;

-- PageSearchRepository (memory).memoryMatches (1 of 2)
-- $1 = "release deplo", $2 = "release", $3 = "'deploy' | 'deployment'", $4 = "55555555-5555-4555-8555-555555555555", $5 = "44444444-4444-4444-8444-444444444444", $6 = ["77777777-7777-4777-8777-777777777777"], $7 = "44444444-4444-4444-8444-444444444444", $8 = 6
SELECT hit.id, hit.public_id, hit.lane, hit.title, hit.content_md, hit.current_version,
              v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label
         FROM (SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version,
                      ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $1::text) || (websearch_to_tsquery('english', $2::text) && $3::tsquery)) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $4 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $5)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($6::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $7)))
                  AND p.lane = 'private'
                  AND NOT p.is_folder_index
                  AND NOT (lower(p.folder_path) ~ '^/private/workflows(/|$)'
      OR (regexp_replace(lower(p.folder_path), '^/(private|company|teams/[^/]*)', '') || '/') LIKE '%/workflow memory/%')
                  AND NOT (p.lane = 'private' AND NOT p.is_folder_index
      AND lower(p.folder_path) = '/private'
      AND lower(p.title) = 'my assistant memory')
                ORDER BY (p.lane = 'private') DESC, rank DESC, p.id ASC
                LIMIT $8) hit
        LEFT JOIN wiki.page_versions v ON v.page_id = hit.id AND v.version = hit.current_version
        ORDER BY (hit.lane = 'private') DESC, hit.rank DESC, hit.id ASC;

-- PageSearchRepository (memory).memoryMatches (2 of 2)
-- $1 = "deplo", $2 = "deplo", $3 = "55555555-5555-4555-8555-555555555555", $4 = "44444444-4444-4444-8444-444444444444", $5 = ["77777777-7777-4777-8777-777777777777"], $6 = "44444444-4444-4444-8444-444444444444", $7 = 6
SELECT hit.id, hit.public_id, hit.lane, hit.title, hit.content_md, hit.current_version,
              v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label
         FROM (SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version,
                      ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, q.query, 1) AS rank
                 FROM wiki.pages p, (SELECT (websearch_to_tsquery('english', $1::text) || to_tsquery('english', quote_literal($2::text) || ':*')) AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ((p.company_id = $3 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $4)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($5::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $6)))
                  
                  AND NOT p.is_folder_index
                  AND NOT (lower(p.folder_path) ~ '^/private/workflows(/|$)'
      OR (regexp_replace(lower(p.folder_path), '^/(private|company|teams/[^/]*)', '') || '/') LIKE '%/workflow memory/%')
                  AND NOT (p.lane = 'private' AND NOT p.is_folder_index
      AND lower(p.folder_path) = '/private'
      AND lower(p.title) = 'my assistant memory')
                ORDER BY (p.lane = 'private') DESC, rank DESC, p.id ASC
                LIMIT $7) hit
        LEFT JOIN wiki.page_versions v ON v.page_id = hit.id AND v.version = hit.current_version
        ORDER BY (hit.lane = 'private') DESC, hit.rank DESC, hit.id ASC;
