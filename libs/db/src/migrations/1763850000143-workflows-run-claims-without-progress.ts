import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the runs' reconciler and claims need to tell a run that keeps losing its worker from one
 * that only waited: `claims_without_progress` counts the claims in a row whose lease expired
 * before a step finished, `progress_at_claim` is how many of its steps had finished when the
 * current claim was taken (a later claim compares), and `requeued_at` is when a reconciler last
 * handed the run to the queue (so each pass takes other runs, and two reconcilers never take the
 * same one). Constant defaults: no table rewrite.
 */
export class WorkflowsRunClaimsWithoutProgress1763850000143 implements MigrationInterface {
  name = 'WorkflowsRunClaimsWithoutProgress1763850000143';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE workflows.runs
        ADD COLUMN claims_without_progress integer NOT NULL DEFAULT 0,
        ADD COLUMN progress_at_claim integer NOT NULL DEFAULT 0,
        ADD COLUMN requeued_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE workflows.runs
        DROP COLUMN claims_without_progress,
        DROP COLUMN progress_at_claim,
        DROP COLUMN requeued_at`);
  }
}
