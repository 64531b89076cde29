-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- RunStartRepository (a start with its run.requested event).insertRunning (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "11111111-1111-4111-8111-111111111111", $3 = "33333333-3333-4333-8333-333333333333", $4 = "api", $5 = "Monday", $6 = "{\"topic\":\"news\"}", $7 = "{\"steps\":[{\"id\":\"compose\",\"block\":\"text.compose\",\"prompt\":\"Say hello\"}]}", $8 = "run.requested"
WITH written AS (INSERT INTO workflows.runs
        (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
         started_at)
      SELECT $1::uuid, $2::uuid, $3::uuid,
             $4::text, $5::text, $6::jsonb,
             $7::jsonb, 'running', now()
      RETURNING id, company_id),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $8::text, jsonb_build_object('run_id', id, 'company_id', company_id) FROM written)
SELECT * FROM written;

-- RunStartRepository (a start with its run.requested event).insertRunning (2 of 2)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 100, $3 = "44444444-4444-4444-8444-444444444444", $4 = "11111111-1111-4111-8111-111111111111", $5 = "33333333-3333-4333-8333-333333333333", $6 = "api", $7 = "Monday", $8 = "{\"topic\":\"news\"}", $9 = "{\"steps\":[{\"id\":\"compose\",\"block\":\"text.compose\",\"prompt\":\"Say hello\"}]}", $10 = "run.requested"
WITH "start_counted" AS (SELECT 1 AS counted WHERE workflows.take_run_start($1::uuid, $2::int)),
     written AS (INSERT INTO workflows.runs
        (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
         started_at)
      SELECT $3::uuid, $4::uuid, $5::uuid,
             $6::text, $7::text, $8::jsonb,
             $9::jsonb, 'running', now()
      WHERE EXISTS (SELECT 1 FROM "start_counted") RETURNING id, company_id),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $10::text, jsonb_build_object('run_id', id, 'company_id', company_id) FROM written)
SELECT * FROM written;

-- RunStartRepository (a start with its run.requested event).insertRunningIfStartable (1 of 3)
-- $1 = "33333333-3333-4333-8333-333333333333", $2 = "api", $3 = null, $4 = "{\"topic\":\"news\"}", $5 = "11111111-1111-4111-8111-111111111111", $6 = ["active"], $7 = "44444444-4444-4444-8444-444444444444", $8 = "33333333-3333-4333-8333-333333333333", $9 = ["55555555-5555-4555-8555-555555555555"], $10 = "run.requested"
WITH written AS (INSERT INTO workflows.runs
        (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
         started_at)
      SELECT w.company_id, w.id, $1::uuid, $2::text,
             $3::text, $4::jsonb, w.definition,
             'running', now()
        FROM workflows.workflows w
       WHERE w.id = $5 AND w.status = ANY($6::text[]) AND ("w"."company_id" = $7 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $8) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($9::uuid[]))))
      RETURNING id, company_id),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $10::text, jsonb_build_object('run_id', id, 'company_id', company_id) FROM written)
SELECT * FROM written;

-- RunStartRepository (a start with its run.requested event).insertRunningIfStartable (2 of 3)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = ["active"], $3 = "44444444-4444-4444-8444-444444444444", $4 = "33333333-3333-4333-8333-333333333333", $5 = ["55555555-5555-4555-8555-555555555555"], $6 = "11111111-1111-4111-8111-111111111111", $7 = 100, $8 = "33333333-3333-4333-8333-333333333333", $9 = "api", $10 = null, $11 = "{\"topic\":\"news\"}", $12 = "11111111-1111-4111-8111-111111111111", $13 = ["active"], $14 = "44444444-4444-4444-8444-444444444444", $15 = "33333333-3333-4333-8333-333333333333", $16 = ["55555555-5555-4555-8555-555555555555"], $17 = "run.requested"
WITH "start_counted" AS (SELECT 1 AS counted WHERE CASE WHEN EXISTS (SELECT 1 FROM workflows.workflows w WHERE w.id = $1 AND w.status = ANY($2::text[]) AND ("w"."company_id" = $3 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $4) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($5::uuid[]))))) THEN workflows.take_run_start($6::uuid, $7::int) ELSE false END),
     written AS (INSERT INTO workflows.runs
        (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
         started_at)
      SELECT w.company_id, w.id, $8::uuid, $9::text,
             $10::text, $11::jsonb, w.definition,
             'running', now()
        FROM workflows.workflows w
       WHERE w.id = $12 AND w.status = ANY($13::text[]) AND ("w"."company_id" = $14 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $15) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($16::uuid[])))) AND EXISTS (SELECT 1 FROM "start_counted")
      RETURNING id, company_id),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $17::text, jsonb_build_object('run_id', id, 'company_id', company_id) FROM written)
SELECT * FROM written;

-- RunStartRepository (a start with its run.requested event).insertRunningIfStartable (3 of 3)
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = ["active"], $3 = "44444444-4444-4444-8444-444444444444", $4 = "33333333-3333-4333-8333-333333333333", $5 = ["55555555-5555-4555-8555-555555555555"], $6 = "66666666-6666-4666-8666-666666666666", $7 = <32 bytes>, $8 = "33333333-3333-4333-8333-333333333333", $9 = "11111111-1111-4111-8111-111111111111", $10 = 100, $11 = "33333333-3333-4333-8333-333333333333", $12 = "webhook", $13 = null, $14 = "{\"topic\":\"news\"}", $15 = "11111111-1111-4111-8111-111111111111", $16 = ["active"], $17 = "44444444-4444-4444-8444-444444444444", $18 = "33333333-3333-4333-8333-333333333333", $19 = ["55555555-5555-4555-8555-555555555555"], $20 = "66666666-6666-4666-8666-666666666666", $21 = <32 bytes>, $22 = "33333333-3333-4333-8333-333333333333", $23 = "run.requested"
WITH "start_counted" AS (SELECT 1 AS counted WHERE CASE WHEN EXISTS (SELECT 1 FROM workflows.workflows w WHERE w.id = $1 AND w.status = ANY($2::text[]) AND ("w"."company_id" = $3 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $4) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($5::uuid[])))) AND EXISTS (SELECT 1 FROM workflows.webhook_links l
               WHERE l.workflow_id = "w"."id" AND l.public_id = $6
                 AND l.token_hash = $7) AND EXISTS (SELECT 1 FROM identity.memberships m
             WHERE m.company_id = "w"."company_id" AND m.person_id = $8::uuid)) THEN workflows.take_run_start($9::uuid, $10::int) ELSE false END),
     written AS (INSERT INTO workflows.runs
        (company_id, workflow_id, started_by, trigger, title, inputs, definition, status,
         started_at)
      SELECT w.company_id, w.id, $11::uuid, $12::text,
             $13::text, $14::jsonb, w.definition,
             'running', now()
        FROM workflows.workflows w
       WHERE w.id = $15 AND w.status = ANY($16::text[]) AND ("w"."company_id" = $17 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $18) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($19::uuid[])))) AND EXISTS (SELECT 1 FROM workflows.webhook_links l
               WHERE l.workflow_id = "w"."id" AND l.public_id = $20
                 AND l.token_hash = $21) AND EXISTS (SELECT 1 FROM identity.memberships m
             WHERE m.company_id = "w"."company_id" AND m.person_id = $22::uuid) AND EXISTS (SELECT 1 FROM "start_counted")
      RETURNING id, company_id),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $23::text, jsonb_build_object('run_id', id, 'company_id', company_id) FROM written)
SELECT * FROM written;

-- RunStartRepository (a start with its run.requested event).findStatus
-- $1 = "22222222-2222-4222-8222-222222222222"
select "status"
from "workflows"."runs"
where "id" = $1;

-- RunStartCountRepository.countStart
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = 100
SELECT 1 AS counted WHERE workflows.take_run_start($1::uuid, $2::int);

-- RunRequestRepository.find
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "66666666-6666-4666-8666-666666666666"
select "company_id" as "companyId",
  "person_id" as "personId",
  "run_request_id" as "runRequestId",
  "request_hash" as "requestHash",
  "workflow_id" as "workflowId",
  "run_id" as "runId",
  "created_at" as "createdAt"
from "workflows"."run_requests"
where "company_id" = $1
  and "person_id" = $2
  and "run_request_id" = $3;

-- RunRequestRepository.insert
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "66666666-6666-4666-8666-666666666666", $4 = <32 bytes>, $5 = "11111111-1111-4111-8111-111111111111", $6 = "22222222-2222-4222-8222-222222222222"
insert into "workflows"."run_requests" ("company_id", "person_id", "run_request_id", "request_hash", "workflow_id", "run_id")
values ($1, $2, $3, $4, $5, $6);

-- RunEndingRepository.requestCancel
-- $1 = "22222222-2222-4222-8222-222222222222"
update "workflows"."runs"
set "cancel_requested" = true,
  "updated_at" = now()
where "id" = $1;

-- RunEndingRepository.finish (1 of 3)
-- $1 = "completed", $2 = null, $3 = "22222222-2222-4222-8222-222222222222", $4 = ["completed","failed","cancelled","stale","budget_exceeded"]
update "workflows"."runs"
set "status" = $1,
  "error" = $2::jsonb,
  "completed_at" = now(),
  "updated_at" = now()
where "id" = $3
  and status <> ALL($4::text[])
returning "id",
  "company_id",
  "workflow_id",
  "started_by",
  "status";

-- RunEndingRepository.finish (2 of 3)
-- $1 = "failed", $2 = "{\"code\":\"x\",\"message\":\"broken\"}", $3 = "22222222-2222-4222-8222-222222222222", $4 = 3
update "workflows"."runs"
set "status" = $1,
  "error" = $2::jsonb,
  "completed_at" = now(),
  "updated_at" = now()
where "id" = $3
  and lease_generation = $4 AND status = 'running'
returning "id",
  "company_id",
  "workflow_id",
  "started_by",
  "status";

-- RunEndingRepository.finish (3 of 3)
-- $1 = "completed", $2 = "{\"code\":\"cancelled\",\"message\":\"The run was cancelled.\"}", $3 = null, $4 = "22222222-2222-4222-8222-222222222222", $5 = 3
update "workflows"."runs"
set "status" = CASE WHEN cancel_requested THEN 'cancelled' ELSE $1 END,
  "error" = CASE WHEN cancel_requested THEN $2::jsonb ELSE $3::jsonb END,
  "completed_at" = now(),
  "updated_at" = now()
where "id" = $4
  and lease_generation = $5 AND status = 'running'
returning "id",
  "company_id",
  "workflow_id",
  "started_by",
  "status";

-- RunEndingRepository.remove
-- $1 = "22222222-2222-4222-8222-222222222222"
delete from "workflows"."runs"
where "id" = $1;

-- RunStepRepository.stepsOfRuns
-- $1 = ["22222222-2222-4222-8222-222222222222"]
SELECT run_id, step_index AS "index", step_id AS "id", block, status, output, error,
       started_at, finished_at
  FROM workflows.run_steps WHERE run_id = ANY($1::uuid[])
 ORDER BY run_id, step_index;

-- RunStepRepository.writeWhileHeld (1 of 2)
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 3
WITH held AS (
  SELECT cancel_requested FROM workflows.runs
   WHERE id = $1 AND lease_generation = $2 AND status = 'running'
     FOR SHARE)
       SELECT cancel_requested AS "cancelRequested" FROM held;

-- RunStepRepository.writeWhileHeld (2 of 2)
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 3, $3 = "22222222-2222-4222-8222-222222222222", $4 = "[{\"step_index\":1,\"step_id\":\"compose\",\"block\":\"text.compose\",\"status\":\"completed\",\"output\":\"hello\",\"error\":null,\"started_ago_ms\":20,\"finished_ago_ms\":5}]", $5 = "22222222-2222-4222-8222-222222222222", $6 = "[{\"step_index\":0,\"step_id\":\"compose\",\"block\":\"text.compose\",\"status\":\"completed\",\"output\":\"hello\",\"error\":null,\"started_ago_ms\":20,\"finished_ago_ms\":5}]", $7 = "22222222-2222-4222-8222-222222222222", $8 = 1, $9 = "send", $10 = "wiki.write"
WITH held AS (
  SELECT cancel_requested FROM workflows.runs
   WHERE id = $1 AND lease_generation = $2 AND status = 'running'
     FOR SHARE),
"effects_recorded" AS (INSERT INTO workflows.run_steps
            (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
          SELECT $3::uuid, r.step_index, r.step_id, r.block, r.status, r.output, r.error,
                 now() - r.started_ago_ms * interval '1 millisecond',
                 now() - r.finished_ago_ms * interval '1 millisecond'
            FROM "held",
                 jsonb_to_recordset($4::jsonb) AS r(
                   step_index int, step_id text, block text, status text, output jsonb,
                   error jsonb, started_ago_ms float8, finished_ago_ms float8)
           WHERE true
          ON CONFLICT (run_id, step_index) DO UPDATE
             SET status = excluded.status, output = excluded.output, error = excluded.error,
                 started_at = excluded.started_at, finished_at = excluded.finished_at),
"instants_recorded" AS (INSERT INTO workflows.run_steps
            (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
          SELECT $5::uuid, r.step_index, r.step_id, r.block, r.status, r.output, r.error,
                 now() - r.started_ago_ms * interval '1 millisecond',
                 now() - r.finished_ago_ms * interval '1 millisecond'
            FROM "held",
                 jsonb_to_recordset($6::jsonb) AS r(
                   step_index int, step_id text, block text, status text, output jsonb,
                   error jsonb, started_ago_ms float8, finished_ago_ms float8)
           WHERE NOT held.cancel_requested
          ON CONFLICT (run_id, step_index) DO UPDATE
             SET status = excluded.status, output = excluded.output, error = excluded.error,
                 started_at = excluded.started_at, finished_at = excluded.finished_at),
marked AS (
         INSERT INTO workflows.run_steps (run_id, step_index, step_id, block, status, started_at)
         SELECT $7::uuid, $8, $9, $10, 'running', now()
           FROM held WHERE NOT held.cancel_requested
         ON CONFLICT (run_id, step_index) DO UPDATE
            SET status = 'running', output = NULL, error = NULL, started_at = now(),
                finished_at = NULL)
       SELECT cancel_requested AS "cancelRequested" FROM held;

-- RunStepRepository.markFinished
-- $1 = "failed", $2 = "null", $3 = "{\"code\":\"x\",\"message\":\"y\"}", $4 = "22222222-2222-4222-8222-222222222222", $5 = 1, $6 = 3
UPDATE workflows.run_steps s
          SET status = $1, output = $2::jsonb,
              error = $3::jsonb,
              finished_at = now()
         FROM workflows.runs r
        WHERE s.run_id = $4 AND s.step_index = $5
          AND r.id = s.run_id AND r.lease_generation = $6 AND r.status = 'running'
        RETURNING s.run_id AS "runId";

-- RunStepRepository.markWaiting
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 1
update "workflows"."run_steps"
set "status" = 'waiting'
where "run_id" = $1
  and "step_index" = $2;

-- RunStepRepository.completeWaiting
-- $1 = "{\"answer\":42}", $2 = "22222222-2222-4222-8222-222222222222", $3 = 1
update "workflows"."run_steps"
set "status" = 'completed',
  "output" = $1,
  "finished_at" = now()
where "run_id" = $2
  and "step_index" = $3
  and "status" = 'waiting';

-- RunLeaseRepository.companyOf
-- $1 = "22222222-2222-4222-8222-222222222222"
select "company_id" as "companyId"
from "workflows"."runs"
where "id" = $1;

-- RunLeaseRepository.claim
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 30, $3 = 300, $4 = 3
UPDATE workflows.runs
          SET lease_generation = lease_generation + 1, heartbeat_at = now(), wake_at = NULL,
              started_at = COALESCE(started_at, now()), updated_at = now(),
              claims_without_progress = CASE
                WHEN heartbeat_at IS NOT NULL AND p.finished = progress_at_claim
                THEN claims_without_progress + 1 ELSE 0 END,
              progress_at_claim = p.finished
         FROM (SELECT count(*)::int AS recorded, count(finished_at)::int AS finished
                 FROM workflows.run_steps WHERE run_id = $1) p
        WHERE id = $1 AND status = 'running'
          AND (wake_at IS NULL OR wake_at <= now())
          AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => CASE
            WHEN claims_without_progress + 1 >= $4::int AND p.finished = progress_at_claim
            THEN GREATEST($3::float8, $2::float8) ELSE $2::float8 END))
        RETURNING id, company_id AS "companyId", workflow_id AS "workflowId",
                  started_by AS "startedBy", inputs, definition, started_at AS "startedAt",
                  lease_generation AS "leaseGeneration", p.recorded > 0 AS "hasStepRecords",
                  claims_without_progress AS "claimsWithoutProgress",
                  (SELECT jsonb_build_object(
                            'workflow', jsonb_build_object('id', w.id, 'number', w.number,
                                                           'name', w.name),
                            'page', w.output_page)
                     FROM workflows.workflows w
                    WHERE w.id = runs.workflow_id AND w.output_page IS NOT NULL) AS "outputPage";

-- RunLeaseRepository.heartbeat
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 3
UPDATE workflows.runs SET heartbeat_at = now()
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'
        RETURNING id;

-- RunLeaseRepository.lockHeld
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 3
SELECT id, company_id AS "companyId", workflow_id AS "workflowId",
              started_by AS "startedBy", cancel_requested AS "cancelRequested"
         FROM workflows.runs
        WHERE id = $1 AND lease_generation = $2 AND status = 'running'
          FOR UPDATE;

-- RunLeaseRepository.sleepUntil
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = '2026-01-02T03:04:05.000Z'
UPDATE workflows.runs
          SET wake_at = $2, heartbeat_at = NULL, lease_generation = lease_generation + 1,
              updated_at = now()
        WHERE id = $1
        RETURNING lease_generation AS generation;

-- RunLeaseRepository.awaitWorkPacket
-- $1 = "22222222-2222-4222-8222-222222222222"
UPDATE workflows.runs
          SET status = 'awaiting_work_packet', heartbeat_at = NULL,
              lease_generation = lease_generation + 1, updated_at = now()
        WHERE id = $1;

-- RunLeaseRepository.resumeFromWorkPacket
-- $1 = "22222222-2222-4222-8222-222222222222"
UPDATE workflows.runs SET status = 'running', heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'awaiting_work_packet';

-- RunLeaseRepository.markRequeued
-- $1 = 30, $2 = 300, $3 = 3, $4 = 500, $5 = 60
UPDATE workflows.runs r SET requeued_at = now()
         FROM (SELECT id FROM workflows.runs
                WHERE status = 'running'
                  AND (requeued_at IS NULL OR requeued_at < now() - make_interval(secs => $5))
                  AND (wake_at IS NULL OR wake_at <= now())
                  AND CASE WHEN heartbeat_at IS NULL
                           THEN COALESCE(wake_at, updated_at) < now() - make_interval(secs => $1)
                           ELSE heartbeat_at < now() - make_interval(secs => CASE
            WHEN claims_without_progress + 1 >= $3::int AND (SELECT count(finished_at)::int FROM workflows.run_steps s
                        WHERE s.run_id = runs.id) = progress_at_claim
            THEN GREATEST($2::float8, $1::float8) ELSE $1::float8 END) END
                ORDER BY requeued_at NULLS FIRST, updated_at
                LIMIT $4
                  FOR UPDATE SKIP LOCKED) due
        WHERE r.id = due.id
        RETURNING r.id, r.lease_generation AS "leaseGeneration";

-- WorkPacketRepository.insertOnce
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 1, $3 = "Review the draft"
insert into "workflows"."work_packets" ("run_id", "step_index", "instructions")
values ($1, $2, $3)
on conflict ("run_id", "step_index") do update
set "instructions" = workflows.work_packets.instructions
returning "id";

-- WorkPacketRepository.findOpen
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = 1
select "p"."id",
  "p"."step_index" as "stepIndex",
  "p"."instructions",
  "r"."inputs"
from "workflows"."work_packets" as "p"
inner join "workflows"."runs" as "r" on "r"."id" = "p"."run_id"
where "p"."run_id" = $1
  and "p"."resolved_at" is null
order by "p"."step_index" desc
limit $2;

-- WorkPacketRepository.resolve
-- $1 = "{\"approved\":true}", $2 = "66666666-6666-4666-8666-666666666666"
update "workflows"."work_packets"
set "result" = $1,
  "resolved_at" = now()
where "id" = $2;

-- RunReadRepository.findReadableMany
-- $1 = ["22222222-2222-4222-8222-222222222222"], $2 = "44444444-4444-4444-8444-444444444444", $3 = "33333333-3333-4333-8333-333333333333", $4 = "44444444-4444-4444-8444-444444444444", $5 = "33333333-3333-4333-8333-333333333333", $6 = ["55555555-5555-4555-8555-555555555555"]
WITH r AS MATERIALIZED (
  SELECT id, company_id, workflow_id, started_by, title, status, error, definition, created_at,
         completed_at
    FROM workflows.runs WHERE id = ANY($1::uuid[]))
       SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.title, r.status, r.error, r.definition,
              r.created_at AS "createdAt", r.completed_at AS "completedAt",
              json_build_object('id', w.id, 'number', w.number, 'name', w.name) AS workflow
         FROM r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE ("r"."company_id" = $2 AND ("r"."started_by" = $3 OR ("w"."company_id" = $4 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $5) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($6::uuid[]))))));

-- RunReadRepository.filterReadable
-- $1 = ["22222222-2222-4222-8222-222222222222"], $2 = "44444444-4444-4444-8444-444444444444", $3 = "33333333-3333-4333-8333-333333333333", $4 = "44444444-4444-4444-8444-444444444444", $5 = "33333333-3333-4333-8333-333333333333", $6 = ["55555555-5555-4555-8555-555555555555"]
WITH r AS MATERIALIZED (
  SELECT id, company_id, workflow_id, started_by, title, status, error, definition, created_at,
         completed_at
    FROM workflows.runs WHERE id = ANY($1::uuid[]))
       SELECT r.id FROM r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE ("r"."company_id" = $2 AND ("r"."started_by" = $3 OR ("w"."company_id" = $4 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $5) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($6::uuid[]))))));

-- RunReadRepository.lockReadable
-- $1 = "22222222-2222-4222-8222-222222222222", $2 = "44444444-4444-4444-8444-444444444444", $3 = "33333333-3333-4333-8333-333333333333", $4 = "44444444-4444-4444-8444-444444444444", $5 = "33333333-3333-4333-8333-333333333333", $6 = ["55555555-5555-4555-8555-555555555555"]
SELECT r.id, r.company_id AS "companyId", r.workflow_id AS "workflowId",
              r.started_by AS "startedBy", r.status,
              EXISTS (SELECT 1 FROM workflows.run_steps s
                       WHERE s.run_id = r.id AND s.status = 'running') AS "stepRunning"
         FROM workflows.runs r JOIN workflows.workflows w ON w.id = r.workflow_id
        WHERE r.id = $1 AND ("r"."company_id" = $2 AND ("r"."started_by" = $3 OR ("w"."company_id" = $4 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $5) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($6::uuid[]))))))
          FOR UPDATE OF r;

-- RunListingRepository.listReadable (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "44444444-4444-4444-8444-444444444444", $4 = "33333333-3333-4333-8333-333333333333", $5 = ["55555555-5555-4555-8555-555555555555"], $6 = 20, $7 = 0
select "r"."id",
  "r"."status",
  "w"."name" as "workflow_name",
  "r"."created_at",
  "r"."completed_at",
  count(*) OVER ()::int as "total"
from "workflows"."runs" as "r"
inner join "workflows"."workflows" as "w" on "w"."id" = "r"."workflow_id"
where ("r"."company_id" = $1 AND ("r"."started_by" = $2 OR ("w"."company_id" = $3 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $4) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($5::uuid[]))))))
order by "r"."created_at" desc,
  "r"."id" desc
limit $6
offset $7;

-- RunListingRepository.listReadable (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "44444444-4444-4444-8444-444444444444", $4 = "33333333-3333-4333-8333-333333333333", $5 = ["55555555-5555-4555-8555-555555555555"], $6 = "completed", $7 = "11111111-1111-4111-8111-111111111111", $8 = 20, $9 = 20
select "r"."id",
  "r"."status",
  "w"."name" as "workflow_name",
  "r"."created_at",
  "r"."completed_at",
  count(*) OVER ()::int as "total"
from "workflows"."runs" as "r"
inner join "workflows"."workflows" as "w" on "w"."id" = "r"."workflow_id"
where ("r"."company_id" = $1 AND ("r"."started_by" = $2 OR ("w"."company_id" = $3 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $4) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($5::uuid[]))))))
  and "r"."status" = $6
  and "r"."workflow_id" = $7
order by "r"."created_at" desc,
  "r"."id" desc
limit $8
offset $9;

-- RunListingRepository.countReadable
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = "44444444-4444-4444-8444-444444444444", $4 = "33333333-3333-4333-8333-333333333333", $5 = ["55555555-5555-4555-8555-555555555555"], $6 = "failed"
select count(*)::int as "total"
from "workflows"."runs" as "r"
inner join "workflows"."workflows" as "w" on "w"."id" = "r"."workflow_id"
where ("r"."company_id" = $1 AND ("r"."started_by" = $2 OR ("w"."company_id" = $3 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $4) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($5::uuid[]))))))
  and "r"."status" = $6;

-- CompletedRunsRepository.completedBetween
-- $1 = '2026-01-02T03:04:05.000Z', $2 = "22222222-2222-4222-8222-222222222222", $3 = '2026-01-02T03:04:05.000Z', $4 = 500
select "id",
  "company_id" as "companyId",
  "workflow_id" as "workflowId",
  "status",
  "started_by" as "startedBy",
  "completed_at" as "completedAt"
from "workflows"."runs"
where "completed_at" is not null
  and (completed_at, id) > ($1::timestamptz, $2::uuid)
  and "completed_at" <= $3
order by "completed_at",
  "id"
limit $4;
