-- Written by libs/hooks/src/hooks-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- HookRepository.lockOwnerHooks
-- $1 = "hooks:55555555-5555-4555-8555-555555555555:44444444-4444-4444-8444-444444444444"
SELECT pg_advisory_xact_lock(hashtextextended($1, 0));

-- HookRepository.countLiveLike (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "callback", $4 = "33333333-3333-4333-8333-333333333333"
select count(*)::int as "live"
from "hooks"."hooks"
where "owner_id" = $1
  and "company_id" = $2
  and "kind" = $3
  and "state" = 'live'
  and "report_id" = $4;

-- HookRepository.countLiveLike (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "subscription"
select count(*)::int as "live"
from "hooks"."hooks"
where "owner_id" = $1
  and "company_id" = $2
  and "kind" = $3
  and "state" = 'live';

-- HookRepository.insert
-- $1 = "callback", $2 = "55555555-5555-4555-8555-555555555555", $3 = "44444444-4444-4444-8444-444444444444", $4 = "api_key", $5 = "44444444-4444-4444-8444-444444444444", $6 = "https://receiver.example/hook", $7 = "33333333-3333-4333-8333-333333333333", $8 = null, $9 = null
insert into "hooks"."hooks" ("kind", "company_id", "owner_id", "credential_kind", "credential_id", "target_url", "report_id", "workflow_id", "statuses")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning "id",
  "created_at" as "createdAt";

-- HookRepository.findOwned (1 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "44444444-4444-4444-8444-444444444444", $3 = "55555555-5555-4555-8555-555555555555"
select "h"."id",
  "h"."kind",
  "h"."company_id" as "companyId",
  "h"."owner_id" as "ownerId",
  "h"."credential_kind" as "credentialKind",
  "h"."credential_id" as "credentialId",
  "h"."target_url" as "targetUrl",
  "h"."report_id" as "reportId",
  "h"."workflow_id" as "workflowId",
  "h"."statuses",
  "h"."signed",
  "h"."state",
  "h"."ended_reason" as "endedReason",
  "h"."created_at" as "createdAt",
  "h"."ended_at" as "endedAt",
  "k"."id" as "signingKeyId"
from "hooks"."hooks" as "h"
left join "hooks"."signing_keys" as "k" on "k"."hook_id" = "h"."id"
where "h"."id" = $1
  and "h"."owner_id" = $2
  and "h"."company_id" = $3;

-- HookRepository.findOwned (2 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = "44444444-4444-4444-8444-444444444444", $3 = "55555555-5555-4555-8555-555555555555"
select "h"."id",
  "h"."kind",
  "h"."company_id" as "companyId",
  "h"."owner_id" as "ownerId",
  "h"."credential_kind" as "credentialKind",
  "h"."credential_id" as "credentialId",
  "h"."target_url" as "targetUrl",
  "h"."report_id" as "reportId",
  "h"."workflow_id" as "workflowId",
  "h"."statuses",
  "h"."signed",
  "h"."state",
  "h"."ended_reason" as "endedReason",
  "h"."created_at" as "createdAt",
  "h"."ended_at" as "endedAt",
  "k"."id" as "signingKeyId"
from "hooks"."hooks" as "h"
left join "hooks"."signing_keys" as "k" on "k"."hook_id" = "h"."id"
where "h"."id" = $1
  and "h"."owner_id" = $2
  and "h"."company_id" = $3
for update of "h";

-- HookRepository.listLiveOwned
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555"
select "h"."id",
  "h"."kind",
  "h"."company_id" as "companyId",
  "h"."owner_id" as "ownerId",
  "h"."credential_kind" as "credentialKind",
  "h"."credential_id" as "credentialId",
  "h"."target_url" as "targetUrl",
  "h"."report_id" as "reportId",
  "h"."workflow_id" as "workflowId",
  "h"."statuses",
  "h"."signed",
  "h"."state",
  "h"."ended_reason" as "endedReason",
  "h"."created_at" as "createdAt",
  "h"."ended_at" as "endedAt",
  "k"."id" as "signingKeyId"
from "hooks"."hooks" as "h"
left join "hooks"."signing_keys" as "k" on "k"."hook_id" = "h"."id"
where "h"."owner_id" = $1
  and "h"."company_id" = $2
  and "h"."state" = 'live'
order by "h"."created_at",
  "h"."id";

-- HookRepository.markSigned
-- $1 = "11111111-1111-4111-8111-111111111111"
update "hooks"."hooks"
set "signed" = true
where "id" = $1;

-- HookMatchingRepository.findMatching
-- $1 = ["33333333-3333-4333-8333-333333333333"], $2 = ["55555555-5555-4555-8555-555555555555"], $3 = ["11111111-1111-4111-8111-111111111111"], $4 = ["completed"], $5 = [null]
WITH finished AS (
  SELECT * FROM unnest($1::uuid[],
                       $2::uuid[],
                       $3::uuid[],
                       $4::text[],
                       $5::timestamptz[])
             AS f (report_id, company_id, workflow_id, status, subscribed_by))
SELECT f.report_id AS "matchedReportId", "h"."id", "h"."kind", "h"."company_id" AS "companyId", "h"."owner_id" AS "ownerId", "h"."credential_kind" AS "credentialKind", "h"."credential_id" AS "credentialId", "h"."target_url" AS "targetUrl", "h"."report_id" AS "reportId", "h"."workflow_id" AS "workflowId", "h"."statuses", "h"."signed", "h"."state", "h"."ended_reason" AS "endedReason", "h"."created_at" AS "createdAt", "h"."ended_at" AS "endedAt", k.id AS "signingKeyId"
  FROM finished f
  JOIN hooks.hooks h ON h.kind = 'callback' AND h.report_id = f.report_id
                    AND h.state = 'live'
  LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id
UNION ALL
SELECT f.report_id, "h"."id", "h"."kind", "h"."company_id" AS "companyId", "h"."owner_id" AS "ownerId", "h"."credential_kind" AS "credentialKind", "h"."credential_id" AS "credentialId", "h"."target_url" AS "targetUrl", "h"."report_id" AS "reportId", "h"."workflow_id" AS "workflowId", "h"."statuses", "h"."signed", "h"."state", "h"."ended_reason" AS "endedReason", "h"."created_at" AS "createdAt", "h"."ended_at" AS "endedAt", k.id AS "signingKeyId"
  FROM finished f
  JOIN hooks.hooks h ON h.kind = 'subscription' AND h.state = 'live'
                    AND h.company_id = f.company_id
                    AND (h.workflow_id IS NULL OR h.workflow_id = f.workflow_id)
                    AND (h.statuses IS NULL OR f.status = ANY (h.statuses))
                    AND (f.subscribed_by IS NULL OR h.created_at <= f.subscribed_by)
  LEFT JOIN hooks.signing_keys k ON k.hook_id = h.id;
