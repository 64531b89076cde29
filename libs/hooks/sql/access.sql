-- Written by libs/hooks/src/hooks-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- HookLifecycleRepository.end (1 of 2)
-- $1 = "deleted", $2 = "11111111-1111-4111-8111-111111111111"
update "hooks"."hooks"
set "state" = 'ended',
  "ended_reason" = $1,
  "ended_at" = now()
where "id" = $2
  and ("state" = 'live' or "ended_reason" = 'undeliverable')
returning "id";

-- HookLifecycleRepository.end (2 of 2)
-- $1 = "undeliverable", $2 = "11111111-1111-4111-8111-111111111111"
update "hooks"."hooks"
set "state" = 'ended',
  "ended_reason" = $1,
  "ended_at" = now()
where "id" = $2
  and "state" = 'live'
returning "id";

-- HookLifecycleRepository.reopenUndeliverable
-- $1 = "11111111-1111-4111-8111-111111111111"
update "hooks"."hooks"
set "state" = 'live',
  "ended_reason" = NULL,
  "ended_at" = NULL
where "id" = $1
  and "state" = 'ended'
  and "ended_reason" = 'undeliverable';

-- HookLifecycleRepository.liveCredentials (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444"
select "owner_id" as "ownerId",
  "company_id" as "companyId",
  "credential_kind" as "credentialKind",
  "credential_id" as "credentialId",
  array_agg(id) as "hookIds"
from "hooks"."hooks"
where "credential_id" = $1
  and "state" = 'live'
group by "owner_id",
  "company_id",
  "credential_kind",
  "credential_id";

-- HookLifecycleRepository.liveCredentials (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444"
select "owner_id" as "ownerId",
  "company_id" as "companyId",
  "credential_kind" as "credentialKind",
  "credential_id" as "credentialId",
  array_agg(id) as "hookIds"
from "hooks"."hooks"
where "owner_id" = $1
  and "state" = 'live'
group by "owner_id",
  "company_id",
  "credential_kind",
  "credential_id";

-- HookLifecycleRepository.cancelPendingOfHook
-- $1 = "11111111-1111-4111-8111-111111111111"
update "hooks"."deliveries"
set "state" = 'cancelled',
  "next_attempt_at" = NULL,
  "failure_reason" = 'hook_ended'
where "hook_id" = $1
  and "state" = 'pending';
