-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- CodeSessionRepository.lockOwner
-- $1 = "code-sessions:44444444-4444-4444-8444-444444444444:33333333-3333-4333-8333-333333333333"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- CodeSessionRepository.countLive
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333"
select count(*)::int as "live",
  coalesce(ceil(extract(epoch FROM min(expires_at) - now())), 0)::int as "firstExpiresInSeconds"
from "workflows"."code_sessions"
where "company_id" = $1
  and "person_id" = $2
  and "deleted_at" is null
  and expires_at > now();

-- CodeSessionRepository.insert
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "javascript", $4 = 600
insert into "workflows"."code_sessions" ("company_id", "person_id", "language", "expires_at")
values ($1, $2, $3, now() + $4 * interval '1 second')
returning "id",
  "company_id" as "companyId",
  "person_id" as "personId",
  "language",
  "created_at" as "createdAt",
  "last_used_at" as "lastUsedAt",
  "expires_at" as "expiresAt",
  "deleted_at" as "deletedAt";

-- CodeSessionRepository.lockOwned
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "44444444-4444-4444-8444-444444444444", $3 = "33333333-3333-4333-8333-333333333333"
select "id",
  expires_at <= now() as "expired"
from "workflows"."code_sessions"
where "id" = $1
  and "company_id" = $2
  and "person_id" = $3
  and "deleted_at" is null for update;

-- CodeSessionRepository.touch
-- $1 = 600, $2 = "66666666-6666-4666-8666-666666666666"
update "workflows"."code_sessions"
set "last_used_at" = clock_timestamp(),
  "expires_at" = clock_timestamp() + $1 * interval '1 second'
where "id" = $2;

-- CodeSessionRepository.deleteOwned
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = "44444444-4444-4444-8444-444444444444", $3 = "33333333-3333-4333-8333-333333333333"
update "workflows"."code_sessions"
set "deleted_at" = now()
where "id" = $1
  and "company_id" = $2
  and "person_id" = $3
  and "deleted_at" is null
  and expires_at > now()
returning "id";

-- CodeSessionRepository.expireIdle
update "workflows"."code_sessions"
set "deleted_at" = now()
where "deleted_at" is null
  and expires_at <= now();

-- CodeSessionRepository.findLiveIds
-- $1 = ["66666666-6666-4666-8666-666666666666"]
select "id"
from "workflows"."code_sessions"
where id = ANY($1::uuid[])
  and "deleted_at" is null
  and expires_at > now();

-- CodeCellRepository.nextNumber
-- $1 = "66666666-6666-4666-8666-666666666666"
select coalesce(max(cell), 0)::int + 1 as "next"
from "workflows"."code_cells"
where "session_id" = $1;

-- CodeCellRepository.insert
-- $1 = "66666666-6666-4666-8666-666666666666", $2 = 1, $3 = "1 + 1", $4 = "ok"
insert into "workflows"."code_cells" ("session_id", "cell", "code", "status")
values ($1, $2, $3, $4);

-- CodeCellRepository.listReplayable
-- $1 = "66666666-6666-4666-8666-666666666666"
select "code"
from "workflows"."code_cells"
where "session_id" = $1
  and "status" = 'ok'
order by "cell";
