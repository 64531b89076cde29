-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- PageReadRepository.findVisible (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "42", $3 = "55555555-5555-4555-8555-555555555555", $4 = "44444444-4444-4444-8444-444444444444", $5 = ["77777777-7777-4777-8777-777777777777"]
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at,
              (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $1)) AS can_read
         FROM wiki.pages p
        WHERE p.id = $2::bigint AND (p.company_id = $3 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $4)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($5::uuid[]))));

-- PageReadRepository.findVisible (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "66666666-6666-4666-8666-666666666666", $3 = "55555555-5555-4555-8555-555555555555", $4 = "44444444-4444-4444-8444-444444444444", $5 = ["77777777-7777-4777-8777-777777777777"]
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at,
              (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $1)) AS can_read
         FROM wiki.pages p
        WHERE p.public_id = $2::uuid AND (p.company_id = $3 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $4)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($5::uuid[]))))
        FOR UPDATE OF p;

-- PageReadRepository.findForUpsert
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "44444444-4444-4444-8444-444444444444", $4 = ["77777777-7777-4777-8777-777777777777"], $5 = "private", $6 = "44444444-4444-4444-8444-444444444444", $7 = "mail-1", $8 = "mail-1", $9 = "/Private/Inbox", $10 = "Invoice 12", $11 = "mail-1"
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at,
              (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $1)) AS can_read
         FROM wiki.pages p
        WHERE (p.company_id = $2 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $3)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($4::uuid[])))) AND p.lane = $5 AND p.lane_owner_id IS NOT DISTINCT FROM $6
          AND (($7::text IS NOT NULL AND p.inbox_key = $8)
               OR (lower(p.folder_path) = lower($9) AND lower(p.title) = lower($10)))
        ORDER BY (p.inbox_key IS NOT DISTINCT FROM $11) DESC
        LIMIT 1
        FOR UPDATE OF p;

-- PageReadRepository.findVisibleBatch
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "44444444-4444-4444-8444-444444444444", $5 = ["42"], $6 = ["66666666-6666-4666-8666-666666666666"], $7 = "55555555-5555-4555-8555-555555555555", $8 = "44444444-4444-4444-8444-444444444444", $9 = ["77777777-7777-4777-8777-777777777777"]
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at, ((p.company_id = $1 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $2)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $4))) AS can_read FROM wiki.pages p
        WHERE (p.id = ANY($5::bigint[]) OR p.public_id = ANY($6::uuid[])) AND (p.company_id = $7 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $8)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($9::uuid[]))));

-- PageListingRepository.listInFolder (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "private", $4 = "44444444-4444-4444-8444-444444444444", $5 = "/Private/Notes", $6 = "55555555-5555-4555-8555-555555555555", $7 = "44444444-4444-4444-8444-444444444444", $8 = ["77777777-7777-4777-8777-777777777777"], $9 = 51, $10 = 0
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at,
              (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $1)) AS can_read
         FROM wiki.pages p
        WHERE p.company_id = $2 AND p.lane = $3
          AND coalesce(p.lane_owner_id, '00000000-0000-0000-0000-000000000000') = $4::uuid
          AND lower(p.folder_path) = lower($5) AND (p.company_id = $6 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $7)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($8::uuid[]))))
        ORDER BY lower(p.title), p.id
        LIMIT $9 OFFSET $10;

-- PageListingRepository.listInFolder (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "company", $4 = "00000000-0000-0000-0000-000000000000", $5 = "/Company/Handbook", $6 = "55555555-5555-4555-8555-555555555555", $7 = "44444444-4444-4444-8444-444444444444", $8 = ["77777777-7777-4777-8777-777777777777"], $9 = 51, $10 = 50
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at,
              (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $1)) AS can_read
         FROM wiki.pages p
        WHERE p.company_id = $2 AND p.lane = $3
          AND coalesce(p.lane_owner_id, '00000000-0000-0000-0000-000000000000') = $4::uuid
          AND lower(p.folder_path) = lower($5) AND (p.company_id = $6 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $7)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($8::uuid[]))))
        ORDER BY lower(p.title), p.id
        LIMIT $9 OFFSET $10;

-- PageListingRepository.listRecentlyUpdated
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "44444444-4444-4444-8444-444444444444", $5 = 5
SELECT p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at, true AS can_read FROM wiki.pages p
        WHERE ((p.company_id = $1 AND p.deleted_at IS NULL AND (
      p.lane = 'company'
      OR (p.lane = 'private' AND p.lane_owner_id = $2)
      OR (p.lane = 'team' AND p.lane_owner_id = ANY($3::uuid[])))) AND (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $4)))
        ORDER BY p.updated_at DESC, p.id DESC LIMIT $5;

-- PageListingRepository.listChanges (1 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "2026-01-02T03:04:05.000000Z", $5 = 100
SELECT p.id, p.public_id, p.current_version, p.title, p.folder_path, p.updated_at,
              to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
              p.deleted_at IS NOT NULL AS deleted
         FROM wiki.pages p
        CROSS JOIN LATERAL (SELECT p.company_id, p.lane, p.lane_owner_id,
                                   NULL::timestamptz AS deleted_at) reach
        WHERE (reach.company_id = $1 AND reach.deleted_at IS NULL AND (
      reach.lane = 'company'
      OR (reach.lane = 'private' AND reach.lane_owner_id = $2)
      OR (reach.lane = 'team' AND reach.lane_owner_id = ANY($3::uuid[]))))
          AND p.updated_at < $4::timestamptz
          
        ORDER BY p.updated_at, p.id
        LIMIT $5;

-- PageListingRepository.listChanges (2 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "2026-01-02T03:04:05.000000Z", $5 = "2026-01-01T00:00:00.000000Z", $6 = "42", $7 = 100
SELECT p.id, p.public_id, p.current_version, p.title, p.folder_path, p.updated_at,
              to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
              p.deleted_at IS NOT NULL AS deleted
         FROM wiki.pages p
        CROSS JOIN LATERAL (SELECT p.company_id, p.lane, p.lane_owner_id,
                                   NULL::timestamptz AS deleted_at) reach
        WHERE (reach.company_id = $1 AND reach.deleted_at IS NULL AND (
      reach.lane = 'company'
      OR (reach.lane = 'private' AND reach.lane_owner_id = $2)
      OR (reach.lane = 'team' AND reach.lane_owner_id = ANY($3::uuid[]))))
          AND p.updated_at < $4::timestamptz
          AND (p.updated_at, p.id) > ($5::timestamptz, $6::bigint)
        ORDER BY p.updated_at, p.id
        LIMIT $7;

-- PageListingRepository.changeHorizon
SELECT to_char(LEAST(now() - interval '1 second', (
                SELECT min(CASE WHEN a.xact_start IS NOT NULL THEN a.xact_start
                                WHEN a.state IS NULL OR a.state = 'disabled'
                                  THEN now() - interval '30 seconds' END)
                  FROM pg_stat_activity a
                 WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
                   AND (a.backend_type = 'client backend' OR a.backend_type IS NULL)))
              AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS horizon;

-- PageWriteRepository.isPathTaken
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "private", $3 = "44444444-4444-4444-8444-444444444444", $4 = "/Private", $5 = "Invoice 12", $6 = "42"
SELECT 1 FROM wiki.pages WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
          AND lower(folder_path) = lower($4) AND lower(title) = lower($5) AND deleted_at IS NULL AND id <> $6;

-- PageWriteRepository.insertUnlessTaken
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "private", $3 = "44444444-4444-4444-8444-444444444444", $4 = null, $5 = "/Private/Inbox", $6 = "Invoice 12", $7 = "# Invoice 12", $8 = "44444444-4444-4444-8444-444444444444", $9 = "mail-1"
INSERT INTO wiki.pages (company_id, lane, lane_owner_id, folder_id, folder_path, title, content_md, created_by, inbox_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING
       RETURNING id, public_id, company_id, lane, lane_owner_id, folder_id, folder_path,
  title, content_md, current_version, last_version, restricted, is_folder_index, inbox_key,
  created_by, created_at, updated_at, true AS can_read;

-- PageWriteRepository.updateHead
-- $1 = "42", $2 = "Invoice 12", $3 = "# Invoice 12", $4 = 3
UPDATE wiki.pages SET title = $2, content_md = $3, current_version = $4, last_version = $4, updated_at = now()
        WHERE id = $1;

-- PageWriteRepository.advanceLastVersion
-- $1 = "42", $2 = 4
UPDATE wiki.pages SET last_version = $2 WHERE id = $1;

-- PageWriteRepository.relocate
-- $1 = "42", $2 = "team", $3 = "77777777-7777-4777-8777-777777777777", $4 = "88888888-8888-4888-8888-888888888888", $5 = "/Teams/Core/Docs"
UPDATE wiki.pages
            SET lane = $2, lane_owner_id = $3, folder_id = $4, folder_path = $5, updated_at = now(),
                inbox_key = CASE WHEN $2 = 'private' THEN inbox_key END
          WHERE id = $1;

-- PageWriteRepository.followFolderPaths
-- $1 = ["88888888-8888-4888-8888-888888888888"]
UPDATE wiki.pages p SET folder_path = f.path, updated_at = now()
         FROM wiki.folders f
        WHERE f.id = p.folder_id AND p.folder_id = ANY($1::uuid[]) AND p.folder_path <> f.path
        RETURNING p.id;

-- PageTrashRepository.markTrashed
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "42"
update "wiki"."pages"
set "deleted_at" = now(),
  "deleted_by" = $1,
  "updated_at" = now()
where "id" = $2;

-- PageTrashRepository.listTrashed
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = 50, $5 = 0
select "p"."id",
  "p"."public_id",
  "p"."company_id",
  "p"."lane",
  "p"."lane_owner_id",
  "p"."folder_id",
  "p"."folder_path",
  "p"."title",
  "p"."content_md",
  "p"."current_version",
  "p"."last_version",
  "p"."restricted",
  "p"."is_folder_index",
  "p"."inbox_key",
  "p"."created_by",
  "p"."created_at",
  "p"."updated_at",
  "p"."deleted_at",
  true as "can_read"
from "wiki"."pages" as "p"
where "p"."company_id" = $1
  and "p"."deleted_at" is not null
  and (("p"."lane" = 'private' and "p"."lane_owner_id" = $2) or ("p"."lane" = 'team' and "p"."lane_owner_id" = ANY($3::uuid[])) or "p"."lane" = 'company')
order by "p"."deleted_at" desc,
  "p"."id" desc
limit $4
offset $5;

-- PageTrashRepository.lockTrashed (1 of 2)
-- $1 = "42", $2 = "55555555-5555-4555-8555-555555555555"
select "p"."id",
  "p"."public_id",
  "p"."company_id",
  "p"."lane",
  "p"."lane_owner_id",
  "p"."folder_id",
  "p"."folder_path",
  "p"."title",
  "p"."content_md",
  "p"."current_version",
  "p"."last_version",
  "p"."restricted",
  "p"."is_folder_index",
  "p"."inbox_key",
  "p"."created_by",
  "p"."created_at",
  "p"."updated_at",
  true as "can_read"
from "wiki"."pages" as "p"
where "p"."id" = $1::bigint
  and "p"."company_id" = $2
  and "p"."deleted_at" is not null
for update of "p";

-- PageTrashRepository.lockTrashed (2 of 2)
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "55555555-5555-4555-8555-555555555555"
select "p"."id",
  "p"."public_id",
  "p"."company_id",
  "p"."lane",
  "p"."lane_owner_id",
  "p"."folder_id",
  "p"."folder_path",
  "p"."title",
  "p"."content_md",
  "p"."current_version",
  "p"."last_version",
  "p"."restricted",
  "p"."is_folder_index",
  "p"."inbox_key",
  "p"."created_by",
  "p"."created_at",
  "p"."updated_at",
  true as "can_read"
from "wiki"."pages" as "p"
where "p"."public_id" = $1::uuid
  and "p"."company_id" = $2
  and "p"."deleted_at" is not null
for update of "p";

-- PageTrashRepository.markRestored
-- $1 = null, $2 = null, $3 = "42"
update "wiki"."pages"
set "deleted_at" = $1,
  "deleted_by" = $2,
  "updated_at" = now()
where "id" = $3;

-- PageVersionRepository.insert
-- $1 = "42", $2 = 3, $3 = "Invoice 12", $4 = "# Invoice 12", $5 = false, $6 = 2, $7 = "44444444-4444-4444-8444-444444444444", $8 = "totals", $9 = "api_key", $10 = null, $11 = "billing bot"
INSERT INTO wiki.page_versions
         (page_id, version, title, content_md, is_draft, based_on_version, author_id, message,
          source_kind, source_provider, source_label)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);

-- PageVersionRepository.pruneDrafts
-- $1 = "42", $2 = "44444444-4444-4444-8444-444444444444", $3 = 20
DELETE FROM wiki.page_versions
        WHERE page_id = $1 AND author_id = $2 AND is_draft
          AND version < (SELECT version FROM wiki.page_versions
                          WHERE page_id = $1 AND author_id = $2 AND is_draft
                          ORDER BY version DESC LIMIT 1 OFFSET $3 - 1)
        RETURNING version;

-- PageVersionRepository.findHeadBody
-- $1 = "42", $2 = 3
SELECT title,
  content_md FROM wiki.page_versions WHERE page_id = $1 AND version = $2 AND NOT is_draft;

-- PageVersionRepository.listForPage
-- $1 = "42", $2 = 51, $3 = 0
select "page_id" as "pageId",
  "version",
  "title",
  "is_draft" as "isDraft",
  "based_on_version" as "basedOnVersion",
  "author_id" as "authorId",
  "saved_at" as "savedAt",
  "message",
  "source_kind" as "sourceKind",
  "source_provider" as "sourceProvider",
  "source_label" as "sourceLabel"
from "wiki"."page_versions"
where "page_id" = $1
order by "version" desc
limit $2
offset $3;

-- PageVersionRepository.findOne
-- $1 = "42", $2 = 3
select "page_id" as "pageId",
  "version",
  "title",
  "is_draft" as "isDraft",
  "based_on_version" as "basedOnVersion",
  "author_id" as "authorId",
  "saved_at" as "savedAt",
  "message",
  "source_kind" as "sourceKind",
  "source_provider" as "sourceProvider",
  "source_label" as "sourceLabel",
  "content_md" as "contentMd"
from "wiki"."page_versions"
where "page_id" = $1
  and "version" = $2;

-- PageMutationRepository.find
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = "m-1"
SELECT request_hash, status, response FROM wiki.page_mutations
        WHERE company_id = $1 AND person_id = $2 AND mutation_id = $3;

-- PageMutationRepository.insert
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = "m-1", $4 = <32 bytes>, $5 = 200, $6 = "{\"ok\":true}"
INSERT INTO wiki.page_mutations (company_id, person_id, mutation_id, request_hash, status, response)
         VALUES ($1, $2, $3, $4, $5, $6);

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
