-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- SearchTermRepository.expandPrefix
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "deplo"
SELECT s.stems, ARRAY(SELECT t.lexeme FROM wiki.search_terms t
                 WHERE t.company_id = $1
                   AND t.lexeme >= s.stems[1] COLLATE "C"
                   AND t.lexeme < (s.stems[1] || chr(1114111)) COLLATE "C"
                 ORDER BY t.lexeme
                 LIMIT 17) AS lexemes
       FROM (SELECT tsvector_to_array(to_tsvector('english', $2::text)) AS stems) s;
