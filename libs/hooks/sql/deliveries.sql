-- Written by libs/hooks/src/hooks-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- DeliveryFanoutRepository.insertForReport
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = ["11111111-1111-4111-8111-111111111111"]
insert into "hooks"."deliveries" ("hook_id", "report_id", "next_attempt_at") SELECT hook_id,
  $1::uuid,
  now() FROM unnest($2::uuid[]) AS hook_id
on conflict ("hook_id", "report_id") do nothing;

-- DeliveryFanoutRepository.pendingForReport
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = ["11111111-1111-4111-8111-111111111111"]
select "id" as "deliveryId",
  "attempt_number" as "attemptNumber",
  "next_attempt_at" as "nextAttemptAt"
from "hooks"."deliveries"
where "report_id" = $1
  and hook_id = ANY($2::uuid[])
  and ("state" = 'pending') IS TRUE;

-- DeliveryAttemptRepository.pendingAttemptsOfIds
-- $1 = ["22222222-2222-4222-8222-222222222222"]
select "d"."id" as "deliveryId",
  "d"."report_id" as "reportId",
  "d"."attempt_number" as "attemptNumber",
  "d"."round_attempts" as "roundAttempts",
  "h"."id" as "hookId",
  "h"."kind",
  "h"."company_id" as "companyId",
  "h"."owner_id" as "ownerId",
  "h"."credential_kind" as "credentialKind",
  "h"."credential_id" as "credentialId",
  "h"."target_url" as "targetUrl",
  "h"."signed",
  "h"."state" as "hookState",
  "k"."id" as "keyId",
  "k"."ciphertext",
  "k"."encryption_key_id" as "encryptionKeyId"
from "hooks"."deliveries" as "d"
inner join "hooks"."hooks" as "h" on "h"."id" = "d"."hook_id"
left join "hooks"."signing_keys" as "k" on "k"."hook_id" = "h"."id"
where d.id = ANY($1::uuid[])
  and ("d"."state" = 'pending') IS TRUE;

-- DeliverySettlementRepository.settleDelivered
-- $1 = ["22222222-2222-4222-8222-222222222222"], $2 = [2], $3 = ["2026-01-02T03:04:05.000Z"]
UPDATE hooks.deliveries d
   SET state = 'delivered', attempts = d.attempts + 1,
       round_attempts = d.round_attempts + 1, last_attempt_at = w.attempted_at,
       delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL
  FROM (SELECT DISTINCT ON (id, attempt_number) *
          FROM unnest($1::uuid[], $2::int[], $3::timestamptz[])
               AS w (id, attempt_number, attempted_at)) w
 WHERE d.id = ANY($1::uuid[]) AND d.id = w.id AND d.attempt_number = w.attempt_number
   AND (d.state = 'pending') IS TRUE
 RETURNING d.id AS "deliveryId", w.attempt_number AS "attemptNumber";

-- DeliverySettlementRepository.settleForRetry
-- $1 = '2026-01-02T03:04:05.000Z', $2 = 30, $3 = "http_503", $4 = "22222222-2222-4222-8222-222222222222", $5 = 2
update "hooks"."deliveries"
set "attempts" = "attempts" + 1,
  "round_attempts" = "round_attempts" + 1,
  "attempt_number" = "attempt_number" + 1,
  "last_attempt_at" = $1,
  "next_attempt_at" = now() + make_interval(secs => $2),
  "failure_reason" = $3
where ("id" = $4 and "attempt_number" = $5 and ("state" = 'pending') IS TRUE)
returning "id" as "deliveryId",
  "attempt_number" as "attemptNumber",
  "next_attempt_at" as "nextAttemptAt";

-- DeliverySettlementRepository.settleFailed (1 of 2)
-- $1 = "http_400", $2 = '2026-01-02T03:04:05.000Z', $3 = "22222222-2222-4222-8222-222222222222", $4 = 2
update "hooks"."deliveries"
set "state" = 'failed',
  "next_attempt_at" = NULL,
  "failure_reason" = $1,
  "attempts" = "attempts" + 1,
  "round_attempts" = "round_attempts" + 1,
  "last_attempt_at" = $2
where ("id" = $3 and "attempt_number" = $4 and ("state" = 'pending') IS TRUE)
returning "id";

-- DeliverySettlementRepository.settleFailed (2 of 2)
-- $1 = "blocked", $2 = "22222222-2222-4222-8222-222222222222", $3 = 2
update "hooks"."deliveries"
set "state" = 'failed',
  "next_attempt_at" = NULL,
  "failure_reason" = $1
where ("id" = $2 and "attempt_number" = $3 and ("state" = 'pending') IS TRUE)
returning "id";

-- DeliverySettlementRepository.cancelAttempt
-- $1 = "hook_ended", $2 = "22222222-2222-4222-8222-222222222222", $3 = 2
update "hooks"."deliveries"
set "state" = 'cancelled',
  "next_attempt_at" = NULL,
  "failure_reason" = $1
where ("id" = $2 and "attempt_number" = $3 and ("state" = 'pending') IS TRUE)
returning "id";

-- DeliveryHistoryRepository.listOfHook
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 51, $3 = 0
select "id",
  "hook_id" as "hookId",
  "report_id" as "reportId",
  "state",
  "attempts",
  "replay_count" as "replayCount",
  "attempt_number" as "attemptNumber",
  "created_at" as "createdAt",
  "last_attempt_at" as "lastAttemptAt",
  "next_attempt_at" as "nextAttemptAt",
  "delivered_at" as "deliveredAt",
  "failure_reason" as "failureReason"
from "hooks"."deliveries"
where "hook_id" = $1
order by "created_at" desc,
  "id" desc
limit $2
offset $3;

-- DeliveryHistoryRepository.findOfHook
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111"
select "id",
  "hook_id" as "hookId",
  "report_id" as "reportId",
  "state",
  "attempts",
  "replay_count" as "replayCount",
  "attempt_number" as "attemptNumber",
  "created_at" as "createdAt",
  "last_attempt_at" as "lastAttemptAt",
  "next_attempt_at" as "nextAttemptAt",
  "delivered_at" as "deliveredAt",
  "failure_reason" as "failureReason"
from "hooks"."deliveries"
where "id" = $1
  and "hook_id" = $2;

-- DeliveryHistoryRepository.replay
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "11111111-1111-4111-8111-111111111111", $3 = 1
update "hooks"."deliveries"
set "replay_count" = replay_count + 1,
  "round_attempts" = 0,
  "attempt_number" = attempt_number + 1,
  "state" = 'pending',
  "next_attempt_at" = now()
where "id" = $1
  and "hook_id" = $2
  and "replay_count" = $3
  and "state" = 'failed'
returning "id",
  "hook_id" as "hookId",
  "report_id" as "reportId",
  "state",
  "attempts",
  "replay_count" as "replayCount",
  "attempt_number" as "attemptNumber",
  "created_at" as "createdAt",
  "last_attempt_at" as "lastAttemptAt",
  "next_attempt_at" as "nextAttemptAt",
  "delivered_at" as "deliveredAt",
  "failure_reason" as "failureReason";

-- DeliveryReceiptsRepository.receiptsOf
-- $1 = ["33333333-3333-4333-8333-333333333333"], $2 = "44444444-4444-4444-8444-444444444444", $3 = "55555555-5555-4555-8555-555555555555"
WITH d AS MATERIALIZED (
  SELECT report_id, hook_id, id, state, delivered_at, created_at
    FROM hooks.deliveries WHERE report_id = ANY($1::uuid[]))
SELECT d.report_id, d.hook_id, d.id AS delivery_id, d.state,
       to_char(d.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         AS delivered_at
  FROM d JOIN hooks.hooks h ON h.id = d.hook_id
 WHERE h.owner_id = $2 AND h.company_id = $3
 ORDER BY d.report_id, d.created_at, d.id;

-- DeliveryDueRepository.findOverdue
-- $1 = 60, $2 = 500, $3 = 0
select "id" as "deliveryId",
  "attempt_number" as "attemptNumber",
  "next_attempt_at" as "nextAttemptAt"
from "hooks"."deliveries"
where "state" = 'pending'
  and "next_attempt_at" < now() - make_interval(secs => $1)
order by "next_attempt_at",
  "id"
limit $2
offset $3;

-- ReportFanoutRepository.record
-- $1 = ["33333333-3333-4333-8333-333333333333"]
insert into "hooks"."report_fanouts" ("report_id") SELECT unnest($1::uuid[])
on conflict do nothing;

-- ReportFanoutRepository.unrecorded
-- $1 = ["33333333-3333-4333-8333-333333333333"]
SELECT id FROM unnest($1::uuid[]) AS ids (id)
 WHERE NOT EXISTS (SELECT 1 FROM hooks.report_fanouts f WHERE f.report_id = ids.id);

-- ReportFanoutRepository.prune
-- $1 = 7200
delete from "hooks"."report_fanouts"
where "fanned_out_at" < now() - make_interval(secs => $1);
