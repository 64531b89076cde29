-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- FolderRepository.insertUnlessTaken
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "private", $3 = "44444444-4444-4444-8444-444444444444", $4 = null, $5 = "Notes", $6 = "/Private/Notes", $7 = "44444444-4444-4444-8444-444444444444"
insert into "wiki"."folders" ("company_id", "lane", "lane_owner_id", "parent_id", "name", "path", "created_by")
values ($1, $2, $3, $4, $5, $6, $7)
on conflict do nothing
returning "id",
  "path";

-- FolderRepository.findChildId
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "company", $3 = null, $4 = "88888888-8888-4888-8888-888888888888", $5 = "Handbook"
select "id"
from "wiki"."folders"
where "company_id" = $1
  and "lane" = $2
  and "lane_owner_id" is not distinct
from $3
  and "parent_id" is not distinct
from $4
  and lower("name") = lower($5)
  and "deleted_at" is null;

-- FolderRepository.findByPath (1 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "private", $3 = "44444444-4444-4444-8444-444444444444", $4 = "/Private/Notes"
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."parent_id" as "parentId",
  "f"."name",
  "f"."path",
  "f"."created_at" as "createdAt"
from "wiki"."folders" as "f"
where "f"."company_id" = $1
  and "f"."lane" = $2
  and "f"."lane_owner_id" is not distinct
from $3
  and lower("f"."path") = lower($4)
  and "f"."deleted_at" is null;

-- FolderRepository.findByPath (2 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "private", $3 = "44444444-4444-4444-8444-444444444444", $4 = "/Private/Notes"
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."parent_id" as "parentId",
  "f"."name",
  "f"."path",
  "f"."created_at" as "createdAt"
from "wiki"."folders" as "f"
where "f"."company_id" = $1
  and "f"."lane" = $2
  and "f"."lane_owner_id" is not distinct
from $3
  and lower("f"."path") = lower($4)
  and "f"."deleted_at" is null
for update of "f";

-- FolderRepository.findById
-- $1 = "88888888-8888-4888-8888-888888888888"
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."parent_id" as "parentId",
  "f"."name",
  "f"."path",
  "f"."created_at" as "createdAt"
from "wiki"."folders" as "f"
where "f"."id" = $1;

-- FolderRepository.countChildren (1 of 2)
-- $1 = "88888888-8888-4888-8888-888888888888"
select count(*) as "count"
from "wiki"."folders" as "f"
where "f"."parent_id" = $1
  and "f"."deleted_at" is null;

-- FolderRepository.countChildren (2 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "company", $3 = null
select count(*) as "count"
from "wiki"."folders" as "f"
where "f"."parent_id" is null
  and "f"."company_id" = $1
  and "f"."lane" = $2
  and "f"."lane_owner_id" is not distinct
from $3
  and "f"."deleted_at" is null;

-- FolderRepository.listChildren (1 of 2)
-- $1 = "88888888-8888-4888-8888-888888888888", $2 = 51, $3 = 0
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."parent_id" as "parentId",
  "f"."name",
  "f"."path",
  "f"."created_at" as "createdAt"
from "wiki"."folders" as "f"
where "f"."parent_id" = $1
  and "f"."deleted_at" is null
order by lower("f"."name"),
  "f"."id"
limit $2
offset $3;

-- FolderRepository.listChildren (2 of 2)
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "company", $3 = null, $4 = 51, $5 = 50
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."parent_id" as "parentId",
  "f"."name",
  "f"."path",
  "f"."created_at" as "createdAt"
from "wiki"."folders" as "f"
where "f"."parent_id" is null
  and "f"."company_id" = $1
  and "f"."lane" = $2
  and "f"."lane_owner_id" is not distinct
from $3
  and "f"."deleted_at" is null
order by lower("f"."name"),
  "f"."id"
limit $4
offset $5;

-- FolderTreeRepository.lockLane
-- $1 = "wiki-lane:55555555-5555-4555-8555-555555555555:private:44444444-4444-4444-8444-444444444444"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- FolderTreeRepository.countLiveContents
-- $1 = "88888888-8888-4888-8888-888888888888", $2 = "55555555-5555-4555-8555-555555555555", $3 = "88888888-8888-4888-8888-888888888888", $4 = "team", $5 = "77777777-7777-4777-8777-777777777777", $6 = "/Teams/Core/Docs"
select (select count(*)::int as "folders" from "wiki"."folders" as "c" where "c"."parent_id" = $1 and "c"."deleted_at" is null) as "folders",
  (select count(*)::int as "pages" from "wiki"."pages" as "p" where "p"."company_id" = $2 and "p"."deleted_at" is null and ("p"."folder_id" = $3 or ("p"."lane" = $4 and "p"."lane_owner_id" is not distinct from $5 and lower("p"."folder_path") = lower($6)))) as "pages";

-- FolderTreeRepository.markDeleted
-- $1 = "88888888-8888-4888-8888-888888888888"
update "wiki"."folders"
set "deleted_at" = now()
where "id" = $1;

-- FolderTreeRepository.lockSubtree
-- $1 = "88888888-8888-4888-8888-888888888888"
WITH RECURSIVE tree AS (
         SELECT id, 0 AS depth FROM wiki.folders WHERE id = $1
         UNION ALL
         SELECT c.id, tree.depth + 1 FROM wiki.folders c JOIN tree ON c.parent_id = tree.id
          WHERE c.deleted_at IS NULL)
       SELECT "f"."id", "f"."lane", "f"."lane_owner_id" AS "laneOwnerId", "f"."parent_id" AS "parentId", "f"."name", "f"."path", "f"."created_at" AS "createdAt" FROM wiki.folders f JOIN tree ON tree.id = f.id
        ORDER BY tree.depth, f.id
        FOR UPDATE OF f;

-- FolderTreeRepository.lockPagesOf
-- $1 = ["88888888-8888-4888-8888-888888888888","66666666-6666-4666-8666-666666666666"]
select "p"."id"
from "wiki"."pages" as "p"
where "p"."folder_id" = ANY($1::uuid[])
order by "p"."id"
for update of "p";

-- FolderTreeRepository.countUnreadableOf
-- $1 = ["88888888-8888-4888-8888-888888888888","66666666-6666-4666-8666-666666666666"], $2 = "44444444-4444-4444-8444-444444444444"
select count(*)::int as "unreadable" from "wiki"."pages" as "p" where "p"."folder_id" = ANY($1::uuid[]) and NOT (NOT p.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = p.id AND pa.person_id = $2));

-- FolderTreeRepository.move
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "Docs", $3 = "/Teams/Core/Archive/Docs", $4 = "88888888-8888-4888-8888-888888888888"
update "wiki"."folders"
set "parent_id" = $1,
  "name" = $2,
  "path" = $3
where "id" = $4;

-- FolderTreeRepository.setPaths
-- $1 = ["66666666-6666-4666-8666-666666666666"], $2 = ["/Teams/Core/Archive/Docs/Old"]
UPDATE wiki.folders f SET path = v.path
         FROM unnest($1::uuid[], $2::text[]) AS v(id, path)
        WHERE f.id = v.id;

-- LandingRuleRepository.lockLiveFolder
-- $1 = "88888888-8888-4888-8888-888888888888", $2 = "55555555-5555-4555-8555-555555555555"
select "f"."id",
  "f"."lane",
  "f"."lane_owner_id" as "laneOwnerId",
  "f"."path"
from "wiki"."folders" as "f"
where "f"."id" = $1
  and "f"."company_id" = $2
  and "f"."deleted_at" is null for share of "f";

-- LandingRuleRepository.upsert
-- $1 = "88888888-8888-4888-8888-888888888888", $2 = "55555555-5555-4555-8555-555555555555", $3 = "Invoice *", $4 = "44444444-4444-4444-8444-444444444444"
insert into "wiki"."folder_landing_rules" ("folder_id", "company_id", "title_pattern", "set_by")
values ($1, $2, $3, $4)
on conflict ("folder_id") do update
set "title_pattern" = "excluded"."title_pattern",
  "set_by" = "excluded"."set_by",
  "updated_at" = now()
returning "title_pattern" as "titlePattern",
  "updated_at" as "updatedAt";

-- LandingRuleRepository.delete
-- $1 = "88888888-8888-4888-8888-888888888888"
delete from "wiki"."folder_landing_rules"
where "folder_id" = $1;

-- LandingRuleRepository.listReachable
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = null, $5 = null, $6 = 200
SELECT r.folder_id AS "folderId", f.path AS "folderPath", f.lane,
                f.lane_owner_id AS "laneOwnerId", r.title_pattern AS "titlePattern",
                r.updated_at AS "updatedAt"
           FROM wiki.folder_landing_rules r
           JOIN wiki.folders f ON f.id = r.folder_id AND f.deleted_at IS NULL
          CROSS JOIN LATERAL (SELECT f.company_id, f.lane, f.lane_owner_id,
                                     NULL::timestamptz AS deleted_at) reach
          WHERE (reach.company_id = $1 AND reach.deleted_at IS NULL AND (
      reach.lane = 'company'
      OR (reach.lane = 'private' AND reach.lane_owner_id = $2)
      OR (reach.lane = 'team' AND reach.lane_owner_id = ANY($3::uuid[])))) AND ($4::uuid IS NULL OR r.folder_id = $5)
          ORDER BY f.path, r.folder_id
          LIMIT $6;

-- LandingRuleRepository.findReachable
-- $1 = "55555555-5555-4555-8555-555555555555", $2 = "44444444-4444-4444-8444-444444444444", $3 = ["77777777-7777-4777-8777-777777777777"], $4 = "88888888-8888-4888-8888-888888888888", $5 = "88888888-8888-4888-8888-888888888888", $6 = 1
SELECT r.folder_id AS "folderId", f.path AS "folderPath", f.lane,
                f.lane_owner_id AS "laneOwnerId", r.title_pattern AS "titlePattern",
                r.updated_at AS "updatedAt"
           FROM wiki.folder_landing_rules r
           JOIN wiki.folders f ON f.id = r.folder_id AND f.deleted_at IS NULL
          CROSS JOIN LATERAL (SELECT f.company_id, f.lane, f.lane_owner_id,
                                     NULL::timestamptz AS deleted_at) reach
          WHERE (reach.company_id = $1 AND reach.deleted_at IS NULL AND (
      reach.lane = 'company'
      OR (reach.lane = 'private' AND reach.lane_owner_id = $2)
      OR (reach.lane = 'team' AND reach.lane_owner_id = ANY($3::uuid[])))) AND ($4::uuid IS NULL OR r.folder_id = $5)
          ORDER BY f.path, r.folder_id
          LIMIT $6;
