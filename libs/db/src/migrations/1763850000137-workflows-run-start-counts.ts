import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly per-workflow start limit, counted in PostgreSQL in the start's own statement or
 * transaction instead of in Redis: a start needs no Redis, and a start that rolls back is not
 * counted. One row per workflow holds the current hour's count; the first start of a new hour
 * overwrites it, so the table never grows past one row per workflow ever started on demand.
 * `window_start` is the hour in UTC, from the database's clock, which every replica shares.
 */
export class WorkflowsRunStartCounts1763850000137 implements MigrationInterface {
  name = 'WorkflowsRunStartCounts1763850000137';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE workflows.run_start_counts (
        workflow_id uuid PRIMARY KEY REFERENCES workflows.workflows (id) ON DELETE CASCADE,
        window_start timestamp NOT NULL,
        starts integer NOT NULL CHECK (starts >= 1)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE workflows.run_start_counts`);
  }
}
