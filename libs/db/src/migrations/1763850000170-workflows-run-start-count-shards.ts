import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly start count of a workflow in 8 shards instead of one row. A start locks its counter
 * until it commits, commit flush included, so with one row the concurrent starts of one workflow
 * committed one after another. Now a start takes a shard no other start holds (`SKIP LOCKED`);
 * only when every shard with room is held does it wait for one. Shard `i` admits
 * floor(limit / 8) starts, one more for i < limit mod 8: the caps add up to the limit exactly,
 * so a start is refused only when the workflow's whole hour is full. Existing counts are spread
 * the same way, which keeps every shard within its cap for any limit the count was within.
 *
 * `workflows.take_run_start` counts one start in the caller's statement and answers whether it
 * fits; the caps are computed from the limit it is given, so a changed limit applies at once.
 */
export class WorkflowsRunStartCountShards1763850000170 implements MigrationInterface {
  name = 'WorkflowsRunStartCountShards1763850000170';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE workflows.run_start_counts
        ADD COLUMN shard smallint NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 7),
        DROP CONSTRAINT run_start_counts_starts_check,
        ADD CONSTRAINT run_start_counts_starts_check CHECK (starts >= 0)`);
    await db.query(`ALTER TABLE workflows.run_start_counts DROP CONSTRAINT run_start_counts_pkey`);
    await db.query(`
      INSERT INTO workflows.run_start_counts (workflow_id, shard, window_start, starts)
      SELECT c.workflow_id, s.i, c.window_start, 0
        FROM workflows.run_start_counts c CROSS JOIN generate_series(1, 7) AS s (i)`);
    await db.query(`
      UPDATE workflows.run_start_counts c
         SET starts = t.total / 8 + CASE WHEN c.shard < t.total % 8 THEN 1 ELSE 0 END
        FROM (SELECT workflow_id, sum(starts)::int AS total
                FROM workflows.run_start_counts GROUP BY workflow_id) t
       WHERE t.workflow_id = c.workflow_id`);
    await db.query(`
      ALTER TABLE workflows.run_start_counts
        ALTER COLUMN shard DROP DEFAULT,
        ADD PRIMARY KEY (workflow_id, shard)`);
    await db.query(`
      CREATE FUNCTION workflows.run_start_shard_cap(start_limit integer, shard integer)
        RETURNS integer LANGUAGE sql IMMUTABLE
        AS $$ SELECT start_limit / 8 + CASE WHEN shard < start_limit % 8 THEN 1 ELSE 0 END $$`);
    await db.query(`
      CREATE FUNCTION workflows.take_run_start(workflow uuid, start_limit integer)
        RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        hour timestamp := date_trunc('hour', now() AT TIME ZONE 'UTC');
        held smallint;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM workflows.run_start_counts WHERE workflow_id = workflow) THEN
          INSERT INTO workflows.run_start_counts (workflow_id, shard, window_start, starts)
          SELECT workflow, s.i, hour, 0 FROM generate_series(0, 7) AS s (i)
          ON CONFLICT DO NOTHING;
        END IF;
        -- A shard with room that no other start holds: no waiting.
        SELECT c.shard INTO held FROM workflows.run_start_counts c
         WHERE c.workflow_id = workflow
           AND (c.window_start < hour OR c.starts < workflows.run_start_shard_cap(start_limit, c.shard))
         ORDER BY random() LIMIT 1
           FOR UPDATE SKIP LOCKED;
        IF held IS NULL THEN
          -- Every shard with room is held by a start in flight: wait for one. Once it commits,
          -- the row is checked again, and a shard it filled is passed over for the next.
          SELECT c.shard INTO held FROM workflows.run_start_counts c
           WHERE c.workflow_id = workflow
             AND (c.window_start < hour OR c.starts < workflows.run_start_shard_cap(start_limit, c.shard))
           ORDER BY c.shard LIMIT 1
             FOR UPDATE;
        END IF;
        IF held IS NULL THEN
          RETURN false;
        END IF;
        -- A start whose transaction began in the hour before counts in the newer hour it finds.
        UPDATE workflows.run_start_counts c
           SET window_start = GREATEST(c.window_start, hour),
               starts = CASE WHEN hour > c.window_start THEN 1 ELSE c.starts + 1 END
         WHERE c.workflow_id = workflow AND c.shard = held;
        RETURN true;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION workflows.take_run_start(uuid, integer)`);
    await db.query(`DROP FUNCTION workflows.run_start_shard_cap(integer, integer)`);
    await db.query(`
      UPDATE workflows.run_start_counts c SET starts = t.total, window_start = t.window_start
        FROM (SELECT workflow_id, max(window_start) AS window_start,
                     sum(starts) FILTER (WHERE window_start = latest)::int AS total
                FROM (SELECT *, max(window_start) OVER (PARTITION BY workflow_id) AS latest
                        FROM workflows.run_start_counts) shards
               GROUP BY workflow_id) t
       WHERE t.workflow_id = c.workflow_id AND c.shard = 0`);
    await db.query(`DELETE FROM workflows.run_start_counts WHERE shard > 0 OR starts = 0`);
    await db.query(`
      ALTER TABLE workflows.run_start_counts
        DROP CONSTRAINT run_start_counts_pkey,
        DROP COLUMN shard,
        DROP CONSTRAINT run_start_counts_starts_check,
        ADD CONSTRAINT run_start_counts_starts_check CHECK (starts >= 1),
        ADD PRIMARY KEY (workflow_id)`);
  }
}
