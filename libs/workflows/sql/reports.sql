-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- RunReportWriter (a run ending with its report.finished event).finish
-- $1 = "completed", $2 = null, $3 = "22222222-2222-4222-8222-222222222222", $4 = ["completed","failed","cancelled","stale","budget_exceeded"], $5 = "report.finished"
    WITH written AS (update "workflows"."runs" set "status" = $1, "error" = $2::jsonb, "completed_at" = now(), "updated_at" = now() where "id" = $3 and status <> ALL($4::text[]) returning "id", "company_id", "workflow_id", "started_by", "status"),
         appended AS (
           INSERT INTO platform.outbox_events (topic, payload)
           SELECT $5::text, jsonb_build_object('run_id', id, 'company_id', company_id,
'workflow_id', workflow_id, 'status', status, 'started_by', started_by) FROM written)
    SELECT * FROM written;

-- RunReportWriter (a run ending with its report.finished event).finishHeld (1 of 2)
-- $1 = "completed", $2 = null, $3 = "22222222-2222-4222-8222-222222222222", $4 = 3, $5 = "report.finished"
    WITH written AS (update "workflows"."runs" set "status" = $1, "error" = $2::jsonb, "completed_at" = now(), "updated_at" = now() where "id" = $3 and lease_generation = $4 AND status = 'running' returning "id", "company_id", "workflow_id", "started_by", "status"),
         appended AS (
           INSERT INTO platform.outbox_events (topic, payload)
           SELECT $5::text, jsonb_build_object('run_id', id, 'company_id', company_id,
'workflow_id', workflow_id, 'status', status, 'started_by', started_by) FROM written)
    SELECT * FROM written;

-- RunReportWriter (a run ending with its report.finished event).finishHeld (2 of 2)
-- $1 = "completed", $2 = "{\"code\":\"cancelled\",\"message\":\"The run was cancelled.\"}", $3 = null, $4 = "22222222-2222-4222-8222-222222222222", $5 = 3, $6 = "[{\"step_index\":1,\"step_id\":\"compose\",\"block\":\"text.compose\",\"status\":\"completed\",\"output\":\"hello\",\"error\":null,\"started_ago_ms\":20,\"finished_ago_ms\":5}]", $7 = "[{\"step_index\":0,\"step_id\":\"compose\",\"block\":\"text.compose\",\"status\":\"completed\",\"output\":\"hello\",\"error\":null,\"started_ago_ms\":20,\"finished_ago_ms\":5}]", $8 = "report.finished"
    WITH written AS (update "workflows"."runs" set "status" = CASE WHEN cancel_requested THEN 'cancelled' ELSE $1 END, "error" = CASE WHEN cancel_requested THEN $2::jsonb ELSE $3::jsonb END, "completed_at" = now(), "updated_at" = now() where "id" = $4 and lease_generation = $5 AND status = 'running' returning "id", "company_id", "workflow_id", "started_by", "status"),
         "alongside_0" AS (INSERT INTO workflows.run_steps
          (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
        SELECT "written"."id", r.step_index, r.step_id, r.block, r.status, r.output, r.error,
               now() - r.started_ago_ms * interval '1 millisecond',
               now() - r.finished_ago_ms * interval '1 millisecond'
          FROM "written",
               jsonb_to_recordset($6::jsonb) AS r(
                 step_index int, step_id text, block text, status text, output jsonb,
                 error jsonb, started_ago_ms float8, finished_ago_ms float8)
         WHERE true
        ON CONFLICT (run_id, step_index) DO UPDATE
           SET status = excluded.status, output = excluded.output, error = excluded.error,
               started_at = excluded.started_at, finished_at = excluded.finished_at),
         "alongside_1" AS (INSERT INTO workflows.run_steps
          (run_id, step_index, step_id, block, status, output, error, started_at, finished_at)
        SELECT "written"."id", r.step_index, r.step_id, r.block, r.status, r.output, r.error,
               now() - r.started_ago_ms * interval '1 millisecond',
               now() - r.finished_ago_ms * interval '1 millisecond'
          FROM "written",
               jsonb_to_recordset($7::jsonb) AS r(
                 step_index int, step_id text, block text, status text, output jsonb,
                 error jsonb, started_ago_ms float8, finished_ago_ms float8)
         WHERE written.status <> 'cancelled'
        ON CONFLICT (run_id, step_index) DO UPDATE
           SET status = excluded.status, output = excluded.output, error = excluded.error,
               started_at = excluded.started_at, finished_at = excluded.finished_at),
         appended AS (
           INSERT INTO platform.outbox_events (topic, payload)
           SELECT $8::text, jsonb_build_object('run_id', id, 'company_id', company_id,
'workflow_id', workflow_id, 'status', status, 'started_by', started_by) FROM written)
    SELECT * FROM written;
