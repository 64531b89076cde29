-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- bench-runs.runTimings
-- $1 = ["22222222-2222-4222-8222-222222222222"]
select "id",
  "status",
  "created_at" as "createdAt",
  "completed_at" as "completedAt"
from "workflows"."runs"
where id = ANY($1::uuid[]);

-- bench-runs.runStatusCounts
-- $1 = ["11111111-1111-4111-8111-111111111111"]
select "status",
  count(*)::int as "runs"
from "workflows"."runs"
where workflow_id = ANY($1::uuid[])
group by "status";

-- bench-runs.unfinishedRuns
-- $1 = ["11111111-1111-4111-8111-111111111111"]
select count(*)::int as "runs"
from "workflows"."runs"
where workflow_id = ANY($1::uuid[])
  and "completed_at" is null;
