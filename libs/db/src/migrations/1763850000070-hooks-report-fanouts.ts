import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A `report.finished` event lost between the outbox relay and the hooks' consumer (Redis flushed
 * or failed over in that gap) must still reach its hooks. The consumer records each report it
 * has fanned out; a sweep walks recently completed runs in completion order and fans out those
 * without a record.
 */
export class HooksReportFanouts1763850000070 implements MigrationInterface {
  name = 'HooksReportFanouts1763850000070';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE hooks.report_fanouts (
        report_id uuid PRIMARY KEY,
        fanned_out_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX report_fanouts_age_idx ON hooks.report_fanouts (fanned_out_at)`);
    await db.query(
      `CREATE INDEX runs_completed_idx ON workflows.runs (completed_at, id) WHERE completed_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX workflows.runs_completed_idx`);
    await db.query(`DROP TABLE hooks.report_fanouts`);
  }
}
