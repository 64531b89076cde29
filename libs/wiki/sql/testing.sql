-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- bench-statements.copyPageForRawWrites
-- $1 = "# A body of another size", $2 = "42"
insert into "wiki"."pages" ("company_id", "lane", "lane_owner_id", "folder_id", "folder_path", "title", "content_md", "created_by") select "company_id",
  "lane",
  "lane_owner_id",
  "folder_id",
  "folder_path",
  title || ' (raw copy)' as "title",
  $1 as "content_md",
  "created_by"
from "wiki"."pages"
where "id" = $2
returning "id";

-- bench-statements.pagesMatchingEachWord
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = ["customer","invoice"]
SELECT w AS word, (SELECT count(*)::int FROM wiki.pages p
                         WHERE p.deleted_at IS NULL AND p.search_vector @@ websearch_to_tsquery('english', w)
                           AND p.company_id = $1) AS pages
       FROM unnest($2::text[]) w;

-- bench-statements.countVisiblePages
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"]
select count(*)::int as "pages" from "wiki"."pages" as "p" where (p.company_id = $1 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $2)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[]))));

-- bench-statements.findReadableCompanyPage
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = 1, $3 = 10
select id::text as "id",
  "title"
from "wiki"."pages"
where "company_id" = $1
  and "lane" = 'company'
  and "deleted_at" is null
  and NOT restricted
order by "id"
limit $2
offset $3;

-- seeded-wiki.countPages
-- $1 = ["55555555-5555-4555-8555-555555555555"]
select count(*)::int as "pages"
from "wiki"."pages"
where "company_id" = ANY($1::uuid[]);

-- seeded-wiki.pagesWithoutFirstVersion
-- $1 = ["55555555-5555-4555-8555-555555555555"]
SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[])
             AND NOT EXISTS (SELECT 1 FROM wiki.page_versions v
                              WHERE v.page_id = p.id AND v.version = 1 AND v.content_md = p.content_md);

-- seeded-wiki.privatePagesOfOthers
-- $1 = ["55555555-5555-4555-8555-555555555555"]
SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[]) AND p.lane = 'private' AND p.lane_owner_id <> p.created_by;

-- seeded-wiki.pagesOffTheirFolder
-- $1 = ["55555555-5555-4555-8555-555555555555"]
SELECT count(*)::int AS n FROM wiki.pages p JOIN wiki.folders f ON f.id = p.folder_id
           WHERE p.company_id = ANY($1::uuid[])
             AND (f.path <> p.folder_path OR f.lane <> p.lane
                  OR f.lane_owner_id IS DISTINCT FROM p.lane_owner_id OR f.company_id <> p.company_id);

-- seeded-wiki.pageAuthorCounts
-- $1 = ["55555555-5555-4555-8555-555555555555"]
SELECT company_id AS "companyId", created_by AS "personId",
            CASE WHEN lane = 'team' THEN lane_owner_id END AS "teamId", count(*)::int AS pages
       FROM wiki.pages WHERE company_id = ANY($1::uuid[])
      GROUP BY 1, 2, 3;

-- seeded-wiki.wikiTableSizes
SELECT pg_size_pretty(pg_total_relation_size('wiki.pages')) AS pages,
            pg_size_pretty(pg_total_relation_size('wiki.page_versions')) AS versions;

-- BulkWikiSeeder.pageIndexes
SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
  FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE i.indrelid = 'wiki.pages'::regclass
   AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid);
