-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- ShareLinkRepository.lockPage
-- $1 = "wiki:share-links:42"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- ShareLinkRepository.countLive
-- $1 = "42"
select count(*)::int as "live"
from "wiki"."share_links"
where "page_id" = $1
  and "revoked_at" is null;

-- ShareLinkRepository.insert
-- $1 = "42", $2 = <32 bytes>, $3 = "cws_ab12", $4 = "44444444-4444-4444-8444-444444444444"
insert into "wiki"."share_links" ("page_id", "token_hash", "token_prefix", "created_by")
values ($1, $2, $3, $4)
returning "id",
  "page_id" as "pageId",
  "token_prefix" as "tokenPrefix",
  "created_by" as "createdBy",
  "created_at" as "createdAt";

-- ShareLinkRepository.listLive
-- $1 = "42"
select "id",
  "page_id" as "pageId",
  "token_prefix" as "tokenPrefix",
  "created_by" as "createdBy",
  "created_at" as "createdAt"
from "wiki"."share_links"
where "page_id" = $1
  and "revoked_at" is null
order by "created_at",
  "id";

-- ShareLinkRepository.revoke
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "42"
update "wiki"."share_links"
set "revoked_at" = coalesce(revoked_at, now())
where "id" = $1
  and "page_id" = $2
returning "id";

-- ShareLinkRepository.findSharedPage
-- $1 = <32 bytes>
select "p"."title",
  "p"."content_md" as "contentMd",
  "p"."updated_at" as "updatedAt",
  "p"."current_version" as "version"
from "wiki"."share_links" as "l"
inner join "wiki"."pages" as "p" on "p"."id" = "l"."page_id"
where "l"."token_hash" = $1
  and "l"."revoked_at" is null
  and "p"."deleted_at" is null;
