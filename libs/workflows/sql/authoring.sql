-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- AuthoringOperationRepository.claim
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "66666666-6666-4666-8666-666666666666", $4 = <32 bytes>, $5 = "{\"description\":\"A digest\"}"
insert into "workflows"."authoring_operations" ("company_id", "person_id", "authoring_request_id", "request_hash", "request", "status")
values ($1, $2, $3, $4, $5, 'composing')
on conflict ("company_id", "person_id", "authoring_request_id") do nothing
returning "id",
  "company_id" as "companyId",
  "person_id" as "personId",
  "authoring_request_id" as "authoringRequestId",
  "request_hash" as "requestHash",
  "request",
  "status",
  "workflow_id" as "workflowId",
  "questions",
  "gap",
  "error",
  "created_at" as "createdAt",
  "updated_at" as "updatedAt";

-- AuthoringOperationRepository.lockOwner
-- $1 = "authoring:44444444-4444-4444-8444-444444444444:33333333-3333-4333-8333-333333333333"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- AuthoringOperationRepository.countComposing
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = '2026-01-02T03:04:05.000Z'
select count(*)::int as "composing",
  min(updated_at) as "oldestAt"
from "workflows"."authoring_operations"
where "company_id" = $1
  and "person_id" = $2
  and "status" = 'composing'
  and "updated_at" >= $3;

-- AuthoringOperationRepository.findByRequestId
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "66666666-6666-4666-8666-666666666666"
select "id",
  "company_id" as "companyId",
  "person_id" as "personId",
  "authoring_request_id" as "authoringRequestId",
  "request_hash" as "requestHash",
  "request",
  "status",
  "workflow_id" as "workflowId",
  "questions",
  "gap",
  "error",
  "created_at" as "createdAt",
  "updated_at" as "updatedAt"
from "workflows"."authoring_operations"
where "company_id" = $1
  and "person_id" = $2
  and "authoring_request_id" = $3;

-- AuthoringOperationRepository.findOwn
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "66666666-6666-4666-8666-666666666666"
select "id",
  "company_id" as "companyId",
  "person_id" as "personId",
  "authoring_request_id" as "authoringRequestId",
  "request_hash" as "requestHash",
  "request",
  "status",
  "workflow_id" as "workflowId",
  "questions",
  "gap",
  "error",
  "created_at" as "createdAt",
  "updated_at" as "updatedAt"
from "workflows"."authoring_operations"
where "company_id" = $1
  and "person_id" = $2
  and "id" = $3;

-- AuthoringOperationRepository.lockComposing
-- $1 = "66666666-6666-4666-8666-666666666666"
select 1 as "locked"
from "workflows"."authoring_operations"
where "id" = $1
  and "status" = 'composing' for update;

-- AuthoringOperationRepository.finish (1 of 2)
-- $1 = "saved", $2 = "11111111-1111-4111-8111-111111111111", $3 = null, $4 = null, $5 = null, $6 = "66666666-6666-4666-8666-666666666666"
update "workflows"."authoring_operations"
set "status" = $1,
  "workflow_id" = $2,
  "questions" = $3,
  "gap" = $4,
  "error" = $5,
  "updated_at" = now()
where "id" = $6
  and "status" = 'composing';

-- AuthoringOperationRepository.finish (2 of 2)
-- $1 = "needs_clarification", $2 = null, $3 = "[\"Which wiki?\"]", $4 = null, $5 = null, $6 = "66666666-6666-4666-8666-666666666666"
update "workflows"."authoring_operations"
set "status" = $1,
  "workflow_id" = $2,
  "questions" = $3,
  "gap" = $4,
  "error" = $5,
  "updated_at" = now()
where "id" = $6
  and "status" = 'composing';

-- AuthoringOperationRepository.failAbandoned (1 of 2)
-- $1 = "abandoned", $2 = '2026-01-02T03:04:05.000Z'
update "workflows"."authoring_operations"
set "status" = 'failed',
  "error" = $1,
  "updated_at" = now()
where "status" = 'composing'
  and "updated_at" < $2
returning "id";

-- AuthoringOperationRepository.failAbandoned (2 of 2)
-- $1 = "abandoned", $2 = '2026-01-02T03:04:05.000Z', $3 = "66666666-6666-4666-8666-666666666666"
update "workflows"."authoring_operations"
set "status" = 'failed',
  "error" = $1,
  "updated_at" = now()
where "status" = 'composing'
  and "updated_at" < $2
  and "id" = $3
returning "id";
