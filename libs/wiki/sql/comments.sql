-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- CommentRepository.listForPage
-- $1 = "42", $2 = 50, $3 = 0
select "id",
  "page_id" as "pageId",
  "author_id" as "authorId",
  "body_md" as "bodyMd",
  "created_at" as "createdAt"
from "wiki"."comments"
where "page_id" = $1
order by "created_at",
  "id"
limit $2
offset $3;

-- CommentRepository.lockAuthorOnPage
-- $1 = "wiki:comments:42:44444444-4444-4444-8444-444444444444"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- CommentRepository.countOf
-- $1 = "42", $2 = "44444444-4444-4444-8444-444444444444"
select count(*)::int as "posted"
from "wiki"."comments"
where "page_id" = $1
  and "author_id" = $2;

-- CommentRepository.insert
-- $1 = "42", $2 = "44444444-4444-4444-8444-444444444444", $3 = "Looks right."
insert into "wiki"."comments" ("page_id", "author_id", "body_md", "created_at")
values ($1, $2, $3, clock_timestamp())
returning "id",
  "page_id" as "pageId",
  "author_id" as "authorId",
  "body_md" as "bodyMd",
  "created_at" as "createdAt";
