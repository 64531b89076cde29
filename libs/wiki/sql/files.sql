-- Written by libs/wiki/src/wiki-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- PageFileRepository.lockPage
-- $1 = "wiki:files:42"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- PageFileRepository.totalOfPage
-- $1 = "42"
select count(*)::int as "files",
  coalesce(sum(size_bytes), 0)::bigint::float8 as "bytes"
from "wiki"."files"
where "page_id" = $1;

-- PageFileRepository.insert
-- $1 = "42", $2 = "notes.txt", $3 = "text/plain", $4 = 5, $5 = <32 bytes>, $6 = <5 bytes>, $7 = "44444444-4444-4444-8444-444444444444"
insert into "wiki"."files" ("page_id", "filename", "content_type", "size_bytes", "sha256", "data", "uploaded_by", "created_at")
values ($1, $2, $3, $4, $5, $6, $7, clock_timestamp())
returning "id",
  "page_id" as "pageId",
  "filename",
  "content_type" as "contentType",
  "size_bytes" as "sizeBytes",
  "sha256",
  "uploaded_by" as "uploadedBy",
  "created_at" as "createdAt";

-- PageFileRepository.listForPage
-- $1 = "42", $2 = 50, $3 = 0
select "id",
  "page_id" as "pageId",
  "filename",
  "content_type" as "contentType",
  "size_bytes" as "sizeBytes",
  "sha256",
  "uploaded_by" as "uploadedBy",
  "created_at" as "createdAt"
from "wiki"."files"
where "page_id" = $1
order by "created_at",
  "id"
limit $2
offset $3;

-- PageFileRepository.findContent
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "42"
select "filename",
  "content_type" as "contentType",
  "size_bytes" as "sizeBytes",
  "data"
from "wiki"."files"
where "id" = $1
  and "page_id" = $2;
